/**
 * 意向金 (intent deposits, issue 14): a member pays a small deposit at a store toward a future
 * card purchase. The deposit is later used toward a card (a 开卡 or 充值 bill credits its
 * amount), refunded (a refund application → 审核 → 执行), or expires when its validity ends.
 *
 * Each store says on /stoIntentConfig whether it takes deposits, which amounts (fixed amounts
 * or a min/max range), how many days a deposit stays valid, whether it may be refunded and who
 * may apply for the refund. The open API (POST /open/v1/intentDeposits) records a paid deposit
 * and refuses what the store's configuration does not allow.
 */
import { z } from 'zod';
import { defineFlow } from '../flow';
import type { EnumOption } from '../resource/define';
import { outerNoSchema, sentAtSchema } from './bill';

/** Largest single deposit (分): 10,000 元. A store's configuration may only narrow it. */
export const INTENT_AMOUNT_MAX = 1_000_000;
/** Longest validity (days). */
export const INTENT_VALIDITY_DAYS_MAX = 3650;
/** At most this many fixed amounts per store. */
export const INTENT_FIXED_AMOUNTS_MAX = 10;
/** Validity of a store without its own (days). */
export const INTENT_VALIDITY_DAYS_DEFAULT = 90;

/** How a store's deposit amounts are set: a list of fixed amounts, or any amount in a range. */
export const INTENT_AMOUNT_MODES = [
  { value: 'fixed', label: '固定金额' },
  { value: 'range', label: '金额区间' },
] as const satisfies readonly EnumOption[];
export type IntentAmountMode = (typeof INTENT_AMOUNT_MODES)[number]['value'];

/** Who may apply for a deposit's refund: head office only, or the store too (store-level roles). */
export const INTENT_REFUND_BY = [
  { value: 'hq', label: '仅总部' },
  { value: 'store', label: '门店或总部' },
] as const satisfies readonly EnumOption[];
export type IntentRefundBy = (typeof INTENT_REFUND_BY)[number]['value'];

/** How a deposit was paid (no card: a deposit is money paid in, not drawn from a card). */
export const INTENT_PAY_METHODS = [
  { value: 'wechat', label: '微信' },
  { value: 'alipay', label: '支付宝' },
  { value: 'cash', label: '现金' },
  { value: 'bankCard', label: '银行卡' },
] as const satisfies readonly EnumOption[];
export type IntentPayMethod = (typeof INTENT_PAY_METHODS)[number]['value'];
/** Methods whose payment channel gives a transaction number (a deposit paid so without one is abnormal). */
export const INTENT_TRADE_NO_METHODS: readonly IntentPayMethod[] = ['wechat', 'alipay', 'bankCard'];

export const INTENT_SOURCES = [
  { value: 'pos', label: '门店收银' },
  { value: 'mini', label: '小程序' },
  { value: 'console', label: '总部录入' },
] as const satisfies readonly EnumOption[];

/**
 * A deposit's states. 已支付 when recorded; 已使用 when a card bill credits it; 退款中 while a
 * refund application is open (it can be neither used nor expire meanwhile); 已退款 once the
 * refund is executed; 已过期 when the validity ends unused (the expiry job). The refund's own
 * steps (审核通过, 驳回, 执行退款) are INTENT_REFUND_FLOW's; they move the deposit by the
 * system steps below in the same transaction.
 */
export const INTENT_FLOW = defineFlow({
  name: 'intentDeposit',
  title: '意向金',
  page: '/payIntentionRecord',
  states: [
    { value: 'paid', label: '已支付', color: 'blue' },
    { value: 'used', label: '已使用', color: 'green' },
    { value: 'refunding', label: '退款中', color: 'orange' },
    { value: 'refunded', label: '已退款', color: 'default' },
    { value: 'expired', label: '已过期', color: 'red' },
  ],
  initial: 'paid',
  steps: {
    applyRefund: {
      label: '申请退款',
      from: ['paid'],
      to: 'refunding',
      by: ['console'],
      button: 'refund',
      reason: 'required',
      confirm: '申请退款后该意向金将不能再用于开卡或充值，确定申请吗？',
    },
    use: { label: '抵扣开卡', from: ['paid'], to: 'used', by: ['system', 'open'] },
    /** The bill it was used on is refunded with its 意向金 payment: the deposit is whole again. */
    restore: { label: '退单退回', from: ['used'], to: 'paid', by: ['system'] },
    refundRejected: { label: '退款驳回', from: ['refunding'], to: 'paid', by: ['system'] },
    refund: { label: '已退款', from: ['refunding'], to: 'refunded', by: ['system'] },
    expire: { label: '到期失效', from: ['paid'], to: 'expired', by: ['system'] },
  },
});
export type IntentStatus = (typeof INTENT_FLOW.states)[number]['value'];

/**
 * A deposit refund: 待审核 → 审核通过 (待退款) → 已退款, or 驳回. Applying opens an application
 * in the approval center (意向金退款申请); approving it there (or on /refundIntentionDetail, the
 * same decision) runs 审核通过 and 执行退款 together, writing the payment-refund record; a
 * refund approved before that rule (待退款) is still executed by 执行退款.
 */
export const INTENT_REFUND_FLOW = defineFlow({
  name: 'intentRefund',
  title: '意向金退款',
  page: '/refundIntentionList',
  states: [
    { value: 'pending', label: '待审核', color: 'orange' },
    { value: 'approved', label: '待退款', color: 'blue' },
    { value: 'rejected', label: '已驳回', color: 'default' },
    { value: 'refunded', label: '已退款', color: 'green' },
  ],
  initial: 'pending',
  steps: {
    approve: { label: '审核通过', from: ['pending'], to: 'approved', button: 'audit', reason: 'optional' },
    reject: { label: '驳回', from: ['pending'], to: 'rejected', button: 'audit', reason: 'required' },
    execute: {
      label: '执行退款',
      from: ['approved'],
      to: 'refunded',
      button: 'audit',
      confirm: '确认已将意向金原路退回会员吗？',
    },
  },
});
export type IntentRefundStatus = (typeof INTENT_REFUND_FLOW.states)[number]['value'];

const fen = (what: string) =>
  z
    .number({ error: `${what}须为整数分` })
    .int(`${what}须为整数分`)
    .min(1, `${what}须大于 0`)
    .max(INTENT_AMOUNT_MAX, `${what}不能超过 ${INTENT_AMOUNT_MAX / 100} 元`);

/** The checks of a store's configuration shared by the update call and the server. */
export interface IntentConfigValues {
  enabled: boolean;
  amountMode: IntentAmountMode;
  fixedAmounts: number[];
  minAmount: number | null;
  maxAmount: number | null;
  validityDays: number;
  refundable: boolean;
  refundBy: IntentRefundBy;
  /** 通店使用: this store's deposits may be used toward a card bill at another store. */
  crossStore: boolean;
}

/** Whether `amount` is one a store with `c` accepts; a Chinese reason when not. */
export const intentAmountProblem = (c: IntentConfigValues, amount: number): string | null => {
  if (!c.enabled) return '该门店未开通意向金';
  if (c.amountMode === 'fixed') {
    return c.fixedAmounts.includes(amount)
      ? null
      : `意向金金额须为 ${c.fixedAmounts.map((a) => `${a / 100}`).join('、')} 元之一`;
  }
  if (c.minAmount !== null && amount < c.minAmount) return `意向金金额不能少于 ${c.minAmount / 100} 元`;
  if (c.maxAmount !== null && amount > c.maxAmount) return `意向金金额不能超过 ${c.maxAmount / 100} 元`;
  return null;
};

/** POST /open/v1/intentDeposits: a deposit the member has paid at the store (or in the mini-program). */
export const openIntentDepositBody = z.object({
  outerNo: outerNoSchema,
  storeCode: z.string({ error: '请填写门店编码' }).trim().min(1).max(20),
  /** The member: their phone or 会员编号 (HY…). */
  member: z.string({ error: '请填写会员手机号或会员编号' }).trim().min(1).max(20),
  amount: fen('意向金金额'),
  payMethod: z.enum(['wechat', 'alipay', 'cash', 'bankCard'], {
    error: '支付方式须为 wechat、alipay、cash 或 bankCard',
  }),
  /** The payment channel's transaction number. */
  tradeNo: z.string().trim().max(64).optional(),
  paidAt: sentAtSchema,
  remark: z.string().trim().max(200).optional(),
});
export type OpenIntentDepositBody = z.output<typeof openIntentDepositBody>;

/** What POST /open/v1/intentDeposits answers (the same for a replay of the same outerNo). */
export interface OpenIntentDepositAnswer {
  depositNo: string;
  outerNo: string;
  amount: number;
  status: IntentStatus;
  /** ISO instant after which an unused deposit expires. */
  expiresAt: string;
  replayed: boolean;
}

/**
 * The rules /abnormalIntentionRecord flags, each a declared query over the deposits (server
 * modules/intents/reports.ts). refundOverPaid can never match: a refund always gives back the
 * whole deposit and has no amount of its own, and the database keeps at most one live refund per
 * deposit (intent_refund_live_uq); it is listed so the page says so.
 */
export const INTENT_ABNORMAL_RULES = [
  { value: 'expiredUnhandled', label: '过期未处理', color: 'red' },
  { value: 'noTradeNo', label: '线上支付无交易号', color: 'orange' },
  { value: 'usedOnClosedBill', label: '抵扣的收银单已关单', color: 'purple' },
  { value: 'duplicatePay', label: '同日重复支付', color: 'gold' },
  { value: 'refundOverPaid', label: '退款超过实付', color: 'default' },
] as const satisfies readonly EnumOption[];
export type IntentAbnormalRule = (typeof INTENT_ABNORMAL_RULES)[number]['value'];
