/**
 * 意向金 (contract entities/intentDeposit.ts) in the console: the stores' configuration at
 * SPEC §7.8's calls (`/jeecg-boot/stoIntentConfig/list|count|update`, update a GET with its
 * values in the query), a member's deposits at SPEC's `/jeecg-boot/stoUserIntent/…ByUserId`
 * calls (the /userIntention tab of /personalAccount), and a deposit's and a refund's detail and
 * steps. The lists /payIntentionRecord, /refundIntentionList and /abnormalIntentionRecord are
 * report declarations (reports/intents.ts).
 */
import { z } from 'zod';
import {
  INTENT_AMOUNT_MAX,
  INTENT_FIXED_AMOUNTS_MAX,
  INTENT_VALIDITY_DAYS_MAX,
  type IntentAmountMode,
  type IntentRefundBy,
  type IntentRefundStatus,
  type IntentStatus,
} from '../entities/intentDeposit';
import type { PaymentRefundDto } from '../entities/paymentRefund';
import { routeByPath } from '../routes';
import { codes, endpoint } from './endpoint';
import { idParamOf, intParamOf } from './ids';
import { buttonAccess, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

const flag = (label: string) =>
  z.enum(['0', '1', 'true', 'false'], { error: `${label}只能是 0 或 1` }).transform((v) => v === '1' || v === 'true');

/** "5000,10000" (分, comma-separated; a repeated key reads the same): the fixed amounts, sorted, distinct. */
const amountList = z
  .preprocess(
    (v) => (v === undefined ? '' : Array.isArray(v) ? v.join(',') : v),
    z.string({ error: '固定金额格式无效' }).max(200, '固定金额过长'),
  )
  .transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x.length > 0);
    const out: number[] = [];
    for (const p of parts) {
      const n = /^\d{1,9}$/.test(p) ? Number(p) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > INTENT_AMOUNT_MAX) {
        ctx.addIssue({ code: 'custom', message: `固定金额须为 1 到 ${INTENT_AMOUNT_MAX} 之间的整数分` });
        return z.NEVER;
      }
      out.push(n);
    }
    return [...new Set(out)].sort((a, b) => a - b);
  })
  .refine((a) => a.length <= INTENT_FIXED_AMOUNTS_MAX, `固定金额最多 ${INTENT_FIXED_AMOUNTS_MAX} 个`);

const optionalFen = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    intParamOf(label, { min: 1, max: INTENT_AMOUNT_MAX }, { min: `${label}须大于 0` }).optional(),
  );

/** GET /jeecg-boot/stoIntentConfig/update: one store's configuration, whole. */
export const intentConfigUpdateQuery = z
  .object({
    storeId: idParamOf('门店', '请选择门店'),
    enabled: flag('是否开通'),
    amountMode: z.enum(['fixed', 'range'], { error: '金额方式须为 fixed 或 range' }).default('fixed'),
    fixedAmounts: amountList,
    minAmount: optionalFen('最低金额'),
    maxAmount: optionalFen('最高金额'),
    validityDays: intParamOf('有效天数', { min: 1, max: INTENT_VALIDITY_DAYS_MAX }),
    refundable: flag('是否可退'),
    refundBy: z.enum(['hq', 'store'], { error: '退款申请方须为 hq 或 store' }).default('hq'),
    /** Whether this store's deposits may be used toward a card bill at another store (通店使用). */
    crossStore: flag('是否通店使用').default(false),
  })
  .superRefine((v, ctx) => {
    if (v.amountMode === 'fixed' && v.enabled && v.fixedAmounts.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['fixedAmounts'], message: '请至少填写一个固定金额' });
    }
    if (
      v.amountMode === 'range' &&
      v.minAmount !== undefined &&
      v.maxAmount !== undefined &&
      v.minAmount > v.maxAmount
    ) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: '最高金额不能小于最低金额' });
    }
  });
export type IntentConfigUpdate = z.output<typeof intentConfigUpdateQuery>;

/** GET /jeecg-boot/stoIntentConfig/list and /count: the stores of the caller's scope with their configuration. */
export const intentConfigListQuery = pagingQuery.extend({
  storeName: z.string().trim().max(50).optional(),
  regionId: idParamOf('大区').optional(),
  enabled: flag('是否开通').optional(),
});
export const intentConfigCountQuery = intentConfigListQuery.omit({ pageNo: true, pageSize: true });

export interface IntentConfigDto {
  storeId: number;
  storeCode: string;
  storeName: string;
  regionName: string;
  /** Whether the store has saved a configuration (else it shows the defaults, not taking deposits). */
  configured: boolean;
  enabled: boolean;
  amountMode: IntentAmountMode;
  fixedAmounts: number[];
  minAmount: number | null;
  maxAmount: number | null;
  validityDays: number;
  refundable: boolean;
  refundBy: IntentRefundBy;
  crossStore: boolean;
  updatedAt: string | null;
  updatedByName: string | null;
}

/** A member's deposits (SPEC: stoUserIntent …ByUserId, userId = the member's id). */
export const userIntentListQuery = pagingQuery.extend({
  userId: idParamOf('会员', '请选择会员'),
  status: z.enum(['paid', 'used', 'refunding', 'refunded', 'expired']).optional(),
});
export const userIntentCountQuery = z.object({ userId: idParamOf('会员', '请选择会员') });

export interface IntentDepositDto {
  id: number;
  depositNo: string;
  memberId: number;
  memberCode: string;
  memberName: string;
  memberPhone: string;
  storeId: number;
  storeName: string;
  amount: number;
  payMethod: string;
  tradeNo: string | null;
  source: string;
  outerNo: string | null;
  paidAt: string;
  expiresAt: string;
  status: IntentStatus;
  /** The bill (收银单) it was used toward, and the card that bill opened or topped up. */
  consumeId: number | null;
  billNo: string | null;
  memberCardNo: string | null;
  usedAt: string | null;
  remark: string | null;
}

/** findStoUserIntentCountByUserId: how many of the member's deposits there are, by state, and their sums (分). */
export interface UserIntentCount {
  total: number;
  totalAmount: number;
  byStatus: { status: IntentStatus; count: number; amount: number }[];
}

export interface FlowHistoryDto {
  at: string;
  step: string;
  label: string;
  from: string;
  to: string;
  actorKind: string;
  userName: string | null;
  clientId: number | null;
  reason: string;
}

export interface IntentRefundDto {
  id: number;
  refundNo: string;
  depositId: number;
  amount: number;
  reason: string;
  status: IntentRefundStatus;
  appliedAt: string;
  appliedByName: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  refundTradeNo: string | null;
  refundedAt: string | null;
  /** The application in the approval center (审批编号) deciding it, when there is one. */
  approvalId: number | null;
  spNo: string | null;
}

export interface IntentDepositDetail {
  deposit: IntentDepositDto;
  history: FlowHistoryDto[];
  refunds: IntentRefundDto[];
}

export interface IntentRefundDetail {
  refund: IntentRefundDto;
  deposit: IntentDepositDto;
  history: FlowHistoryDto[];
  depositHistory: FlowHistoryDto[];
  /** The money paid back when executed (退款支付记录). */
  payouts: PaymentRefundDto[];
}

const idParams = z.object({ id: idParamOf('单据') });

export const intentApplyRefundBody = z.object({
  reason: z.string({ error: '请填写退款原因' }).trim().min(1, '请填写退款原因').max(200, '退款原因最多 200 字'),
});

export const intentRefundStepBody = z.object({
  step: z.enum(['approve', 'reject', 'execute'], { error: '步骤须为 approve、reject 或 execute' }),
  reason: z.string().trim().max(200, '原因最多 200 字').optional(),
  /** execute: the payment channel's refund number (微信/支付宝 退款单号), if any. */
  refundTradeNo: z.string().trim().max(64, '退款交易号最多 64 位').optional(),
});

const READ_CONFIG = pageAccess('/stoIntentConfig');
const EDIT_CONFIG = buttonAccess('/stoIntentConfig', 'edit');
const codesOf = (...paths: string[]) => codes(...new Set(paths.flatMap((p) => routeByPath(p)?.codes ?? [])));

export const INTENT_API = {
  configList: endpoint<z.output<typeof intentConfigListQuery>, undefined, Page<IntentConfigDto>>({
    method: 'GET',
    path: '/jeecg-boot/stoIntentConfig/list',
    access: READ_CONFIG,
    query: intentConfigListQuery,
    summary: '门店意向金配置列表（数据范围内的门店，未配置的门店显示默认值）',
    read: true,
  }),
  configCount: endpoint<z.output<typeof intentConfigCountQuery>, undefined, number>({
    method: 'GET',
    path: '/jeecg-boot/stoIntentConfig/count',
    access: READ_CONFIG,
    query: intentConfigCountQuery,
    summary: '门店意向金配置条数（与列表同样的条件）',
    read: true,
  }),
  configUpdate: endpoint<IntentConfigUpdate, undefined, IntentConfigDto>({
    method: 'GET',
    path: '/jeecg-boot/stoIntentConfig/update',
    access: EDIT_CONFIG,
    query: intentConfigUpdateQuery,
    summary: '保存一个门店的意向金配置（SPEC：GET，参数在查询串）',
  }),
  userIntentList: endpoint<z.output<typeof userIntentListQuery>, undefined, Page<IntentDepositDto>>({
    method: 'GET',
    path: '/jeecg-boot/stoUserIntent/findStoUserIntentListByUserId',
    access: pageAccess('/userIntention'),
    query: userIntentListQuery,
    summary: '会员的意向金记录（userId 为会员编号）',
    read: true,
  }),
  userIntentCount: endpoint<z.output<typeof userIntentCountQuery>, undefined, UserIntentCount>({
    method: 'GET',
    path: '/jeecg-boot/stoUserIntent/findStoUserIntentCountByUserId',
    access: pageAccess('/userIntention'),
    query: userIntentCountQuery,
    summary: '会员的意向金笔数与金额（按状态）',
    read: true,
  }),
  depositDetail: endpoint<undefined, undefined, IntentDepositDetail>({
    method: 'GET',
    path: '/rest/intent/deposit/:id',
    access: codesOf('/payIntentionRecord', '/payIntentionDetail'),
    params: idParams,
    summary: '意向金详情：支付、使用、退款与历史',
    read: true,
  }),
  applyRefund: endpoint<undefined, z.output<typeof intentApplyRefundBody>, IntentRefundDto>({
    method: 'POST',
    path: '/rest/intent/deposit/:id/refund',
    access: buttonAccess('/payIntentionRecord', 'refund'),
    params: idParams,
    body: intentApplyRefundBody,
    summary: '申请意向金退款（全额），待总部审核',
  }),
  refundDetail: endpoint<undefined, undefined, IntentRefundDetail>({
    method: 'GET',
    path: '/rest/intent/refund/:id',
    access: codesOf('/refundIntentionList', '/refundIntentionDetail'),
    params: idParams,
    summary: '意向金退款详情：申请、审核、执行与历史',
    read: true,
  }),
  refundStep: endpoint<undefined, z.output<typeof intentRefundStepBody>, IntentRefundDto>({
    method: 'POST',
    path: '/rest/intent/refund/:id/step',
    access: buttonAccess('/refundIntentionList', 'audit'),
    params: idParams,
    body: intentRefundStepBody,
    summary: '意向金退款审核通过、驳回或执行退款',
  }),
} as const;

/** For the query string of the update call: true → '1'. */
export const flagText = (b: boolean): '0' | '1' => (b ? '1' : '0');
