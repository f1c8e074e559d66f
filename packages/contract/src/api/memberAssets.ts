/**
 * 异常卡的处理（/abnormalCardList, issue 15）: 冻结 and 解冻 (the card's status, with a reason, at once)
 * and 调整 (a signed correction of its balance or a project's sessions, with a reason, applied as an
 * approval and written to the card ledger as 调整 when approved), and a card's handling history.
 * The abnormal cards themselves are a report (reports/memberAssets.ts ABNORMAL_CARDS); an approver decides a 调整 in the approval center.
 */
import { z } from 'zod';
import type { MemberCardStatus } from '../entities/member';
import type { EnumOption } from '../resource/define';
import { codes, endpoint } from './endpoint';
import { idOf, idParamOf } from './ids';
import { buttonCodeOf, pageAccess } from './pageAccess';

export const CARD_HANDLING_ACTIONS = [
  { value: 'freeze', label: '冻结', color: 'red' },
  { value: 'unfreeze', label: '解冻', color: 'green' },
  { value: 'adjust', label: '调整', color: 'blue' },
] as const satisfies readonly EnumOption[];
export type CardHandlingAction = (typeof CARD_HANDLING_ACTIONS)[number]['value'];

/** 冻结/解冻 are done at once; a 调整 waits for its approval. */
export const CARD_HANDLING_STATUSES = [
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'pending', label: '待审批', color: 'gold' },
  { value: 'approved', label: '已通过', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
] as const satisfies readonly EnumOption[];
export type CardHandlingStatus = (typeof CARD_HANDLING_STATUSES)[number]['value'];

export const CARD_HANDLING_REASON_MAX = 200;
/** 调整 of one card at most (分, and sessions) each way. */
export const CARD_ADJUST_MAX = 10_000_000;

const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(1, '请填写原因')
  .max(CARD_HANDLING_REASON_MAX, `原因不能超过 ${CARD_HANDLING_REASON_MAX} 个字`);
/** In a JSON body (冻结, 解冻, 调整) and in a query string (a card's history). */
const memberCardId = idOf('会员卡', '请指定会员卡');
const memberCardParam = idParamOf('会员卡', '请指定会员卡');
const signed = (what: string) =>
  z
    .number({ error: `${what}须为整数` })
    .int(`${what}须为整数`)
    .min(-CARD_ADJUST_MAX, `${what}超出范围`)
    .max(CARD_ADJUST_MAX, `${what}超出范围`)
    .default(0);

export const cardStatusBody = z.object({ memberCardId, reason });

/** 储值卡: amount and bonus (signed 分); 套餐卡: one project's sessions (signed). */
export const cardAdjustBody = z
  .object({
    memberCardId,
    amount: signed('本金调整'),
    bonus: signed('赠金调整'),
    projectId: idOf('项目').optional(),
    sessions: signed('次数调整'),
    reason,
  })
  .superRefine((v, ctx) => {
    const money = v.amount !== 0 || v.bonus !== 0;
    const sessions = v.sessions !== 0;
    if (money === sessions) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: '请填写本金/赠金的调整，或某项目次数的调整（不能为 0）',
      });
    }
    if (sessions && !v.projectId) ctx.addIssue({ code: 'custom', path: ['projectId'], message: '次数调整须指明项目' });
  });

export const cardHandlingQuery = z.object({ memberCardId: memberCardParam });

export interface CardHandlingDto {
  id: number;
  action: CardHandlingAction;
  status: CardHandlingStatus;
  reason: string;
  amount: number;
  bonus: number;
  projectName: string | null;
  sessions: number;
  spNo: string | null;
  createdByName: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface CardSessionDto {
  projectId: number;
  projectName: string;
  remaining: number;
}

/** The card as the handling panel shows it, with its history (newest first). */
export interface CardHandlingView {
  memberCardId: number;
  cardNo: string;
  memberName: string;
  cardName: string;
  kind: 'stored' | 'combo';
  storeName: string;
  status: MemberCardStatus;
  expiresAt: string;
  balance: number | null;
  bonusBalance: number | null;
  sessions: CardSessionDto[];
  history: CardHandlingDto[];
}

/** 冻结, 解冻, 调整, 补卡, 注销: the list's 审核 button. */
const HANDLE = codes(buttonCodeOf('/abnormalCardList', 'audit'));

// ── 补卡 and 注销 (/supplementOrCancellation) ─────────────────────────────────────

/**
 * 补卡: a lost card's value (本金, 赠金, sessions) moved to a new card of the same member, product,
 * store and expiry, the old card 已补卡; 注销: a card brought to 0 and 已注销, its remainder refunded
 * (at most the 本金 left; 赠金 and sessions forfeited) or forfeited whole. Each is an application in
 * the approval center; approving it writes the ledger (补卡转出/补卡转入, 注销) in the decision's
 * transaction, so 已通过 is 已执行.
 */
export const CARD_CLOSURE_KINDS = [
  { value: 'reissue', label: '补卡', color: 'blue' },
  { value: 'cancel', label: '注销', color: 'red' },
] as const satisfies readonly EnumOption[];
export type CardClosureKind = (typeof CARD_CLOSURE_KINDS)[number]['value'];

/** An approved application is executed in the approval's transaction: 已通过 and 已执行 are one state. */
export const CARD_CLOSURE_STATUSES = [
  { value: 'pending', label: '待审批', color: 'gold' },
  { value: 'executed', label: '已通过并执行', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
] as const satisfies readonly EnumOption[];
export type CardClosureStatus = (typeof CARD_CLOSURE_STATUSES)[number]['value'];

/** 注销's rule: the 本金 left refunded in part or whole (赠金 and sessions forfeited), or everything forfeited. */
export const CARD_CANCEL_RULES = [
  { value: 'refund', label: '退还本金', color: 'blue' },
  { value: 'forfeit', label: '全部作废', color: 'default' },
] as const satisfies readonly EnumOption[];
export type CardCancelRule = (typeof CARD_CANCEL_RULES)[number]['value'];

/** The new card's number (卡面号) a 补卡 gives: letters and digits. */
export const NEW_CARD_NO = { min: 4, max: 20, regex: /^[A-Za-z0-9]+$/ } as const;
const NEW_CARD_NO_MESSAGE = `新卡号须为 ${NEW_CARD_NO.min} 到 ${NEW_CARD_NO.max} 位字母或数字`;

export const cardReissueBody = z.object({
  memberCardId,
  newCardNo: z
    .string({ error: '请填写新卡号' })
    .trim()
    .min(1, '请填写新卡号')
    .min(NEW_CARD_NO.min, NEW_CARD_NO_MESSAGE)
    .max(NEW_CARD_NO.max, NEW_CARD_NO_MESSAGE)
    .regex(NEW_CARD_NO.regex, NEW_CARD_NO_MESSAGE)
    .transform((v) => v.toUpperCase())
    // KH and eight digits are the system's own numbers (a card made without a printed one).
    .refine((v) => !v.startsWith('KH'), 'KH 开头的卡号为系统编号，请填写新卡卡面上的卡号'),
  reason,
});

export const cardCancelBody = z
  .object({
    memberCardId,
    rule: z.enum(['refund', 'forfeit'], { error: '请选择注销方式' }),
    /** 分 paid back to the member (退还本金 only). */
    refundAmount: z
      .number({ error: '退款金额须为数字' })
      .int('退款金额须精确到分')
      .min(0, '退款金额不能为负数')
      .max(CARD_ADJUST_MAX, '退款金额超出范围')
      .default(0),
    reason,
  })
  .superRefine((v, ctx) => {
    if (v.rule === 'refund' && v.refundAmount <= 0) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: '请填写退款金额' });
    }
    if (v.rule === 'forfeit' && v.refundAmount !== 0) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: '全部作废时不退款' });
    }
  });

/** 卡号 (KH…) or the member's phone, to pick the card of a 补卡 or 注销. */
export const closableCardsQuery = z.object({
  keyword: z.string({ error: '请输入卡号或手机号' }).trim().min(1, '请输入卡号或手机号').max(40, '卡号或手机号太长'),
});

/** A card a 补卡 or 注销 may take (正常 or 冻结), with what it holds and whether an application waits. */
export interface ClosableCardDto {
  memberCardId: number;
  cardNo: string;
  memberName: string;
  phone: string;
  cardName: string;
  kind: 'stored' | 'combo';
  status: MemberCardStatus;
  storeName: string;
  expiresAt: string;
  balance: number | null;
  bonusBalance: number | null;
  sessionsLeft: number;
  /** A 调整, 补卡 or 注销 of the card waits in the approval center. */
  pending: boolean;
}

/** The application as written (its row of /supplementOrCancellation). */
export interface CardClosureDto {
  id: number;
  kind: CardClosureKind;
  status: CardClosureStatus;
  cardNo: string;
  newCardNo: string | null;
  spNo: string | null;
}

export const MEMBER_ASSET_API = {
  card: endpoint<z.output<typeof cardHandlingQuery>, undefined, CardHandlingView>({
    method: 'GET',
    path: '/rest/memberAssets/card',
    access: pageAccess('/abnormalCardList'),
    query: cardHandlingQuery,
    summary: '异常卡的处理记录',
    read: true,
  }),
  freeze: endpoint<undefined, z.output<typeof cardStatusBody>, CardHandlingView>({
    method: 'POST',
    path: '/rest/memberAssets/freeze',
    access: HANDLE,
    body: cardStatusBody,
    summary: '冻结会员卡',
  }),
  unfreeze: endpoint<undefined, z.output<typeof cardStatusBody>, CardHandlingView>({
    method: 'POST',
    path: '/rest/memberAssets/unfreeze',
    access: HANDLE,
    body: cardStatusBody,
    summary: '解冻会员卡',
  }),
  adjust: endpoint<undefined, z.output<typeof cardAdjustBody>, CardHandlingView>({
    method: 'POST',
    path: '/rest/memberAssets/adjust',
    access: HANDLE,
    body: cardAdjustBody,
    summary: '申请调整会员卡余额或次数',
  }),
  closableCards: endpoint<z.output<typeof closableCardsQuery>, undefined, ClosableCardDto[]>({
    method: 'GET',
    path: '/rest/memberAssets/closableCards',
    access: pageAccess('/supplementOrCancellation'),
    query: closableCardsQuery,
    summary: '可补卡或注销的会员卡（按卡号或手机号）',
    read: true,
  }),
  reissue: endpoint<undefined, z.output<typeof cardReissueBody>, CardClosureDto>({
    method: 'POST',
    path: '/rest/memberAssets/reissue',
    access: HANDLE,
    body: cardReissueBody,
    summary: '申请补卡',
  }),
  cancel: endpoint<undefined, z.output<typeof cardCancelBody>, CardClosureDto>({
    method: 'POST',
    path: '/rest/memberAssets/cancel',
    access: HANDLE,
    body: cardCancelBody,
    summary: '申请注销会员卡',
  }),
} as const;
