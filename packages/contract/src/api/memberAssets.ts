/**
 * 异常卡的处理（/abnormalCardList, issue 15）: 冻结 and 解冻 (the card's status, with a reason, at once)
 * and 调整 (a signed correction of its balance or a project's sessions, with a reason, applied as an
 * approval and written to the card ledger as 调整 when approved), and a card's handling history.
 * The abnormal cards themselves are a report (reports/memberAssets.ts ABNORMAL_CARDS); an approver decides a 调整 in the approval center.
 */
import { z } from 'zod';
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
  status: 'active' | 'frozen';
  expiresAt: string;
  balance: number | null;
  bonusBalance: number | null;
  sessions: CardSessionDto[];
  history: CardHandlingDto[];
}

/** 冻结, 解冻, 调整: the list's 审核 button. */
const HANDLE = codes(buttonCodeOf('/abnormalCardList', 'audit'));

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
} as const;
