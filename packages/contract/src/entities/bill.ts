/**
 * 收银单 (a store's bill, issue 14): what one visit at the counter (or one mini-program payment)
 * bought and how it was paid. A bill is the `member_consume` record: its lines (projects,
 * products, card sales, top-ups), its payments (cash, WeChat … and the member cards it drew),
 * and the staff who served each line with their 业绩 and 提成. It comes in through the open API
 * (open/protocol.ts) from a store's POS or the mini-program, and is accepted whole or refused
 * whole with the ledger's reason (docs/domain.md).
 */
import { z } from 'zod';
import { defineFlow } from '../flow';
import type { EnumOption } from '../resource/define';
import { MONEY_MAX } from './goodsCommon';

/** What a bill is, from its lines: 开卡 (sells a card), 充值, 消费 (projects or card draws), 零售 (products only, no card). */
export const BILL_KINDS = [
  { value: 'consume', label: '消费', color: 'blue' },
  { value: 'openCard', label: '开卡', color: 'purple' },
  { value: 'topUp', label: '充值', color: 'green' },
  { value: 'retail', label: '零售', color: 'cyan' },
  { value: 'mixed', label: '混合', color: 'orange' },
] as const satisfies readonly EnumOption[];
export type BillKind = (typeof BILL_KINDS)[number]['value'];

/** Where a bill came from. */
export const BILL_SOURCES = [
  { value: 'pos', label: '门店收银' },
  { value: 'mini', label: '小程序' },
  { value: 'console', label: '总部补单' },
  { value: 'import', label: '导入' },
] as const satisfies readonly EnumOption[];
export type BillSource = (typeof BILL_SOURCES)[number]['value'];

/** A bill's lines. project/product may be paid by a member card; cardSale opens a card; topUp adds to a 储值卡. */
export const BILL_LINE_KINDS = [
  { value: 'project', label: '项目' },
  { value: 'product', label: '商品' },
  { value: 'cardSale', label: '售卡' },
  { value: 'topUp', label: '充值' },
] as const satisfies readonly EnumOption[];
export type BillLineKind = (typeof BILL_LINE_KINDS)[number]['value'];

/**
 * How a bill is paid. storedCard and comboCard are the member cards the lines drew (written by
 * the server from the lines, never sent as payments); the others are sent by the POS. signBill
 * (签单) is a store manager's signature within their monthly quota (/signBill). intentDeposit
 * (意向金) is a member's paid deposit the sender names in `intentDeposits`, credited toward the
 * bill's card sale or top-up (one payment per deposit, its number as the trade number). coupon
 * (优惠券) is a member coupon the sender names in `coupons`, of the value the server computes
 * (one payment per coupon, its number as the trade number).
 */
export const BILL_PAY_METHODS = [
  { value: 'cash', label: '现金' },
  { value: 'wechat', label: '微信' },
  { value: 'alipay', label: '支付宝' },
  { value: 'bankCard', label: '银行卡' },
  { value: 'storedCard', label: '储值卡' },
  { value: 'comboCard', label: '套餐卡次' },
  { value: 'signBill', label: '签单' },
  { value: 'intentDeposit', label: '意向金' },
  { value: 'coupon', label: '优惠券' },
] as const satisfies readonly EnumOption[];
export type BillPayMethod = (typeof BILL_PAY_METHODS)[number]['value'];

/** The methods a sender lists as payments (the card methods come from the lines). */
export const SENT_PAY_METHODS = ['cash', 'wechat', 'alipay', 'bankCard', 'signBill'] as const;
export type SentPayMethod = (typeof SENT_PAY_METHODS)[number];

/** A bill's refund state, from what was refunded of it (bill.refunded against its total). */
export const BILL_REFUND_STATES = [
  { value: 'none', label: '未退款', color: 'default' },
  { value: 'partial', label: '部分退款', color: 'orange' },
  { value: 'full', label: '已退款', color: 'red' },
] as const satisfies readonly EnumOption[];

export const billRefundState = (total: number, refunded: number): (typeof BILL_REFUND_STATES)[number]['value'] =>
  refunded <= 0 ? 'none' : refunded >= total ? 'full' : 'partial';

/**
 * A bill's states: 已完成 when accepted; head office closes (关单) a bill that should not stand —
 * its card draws are reversed by ledger 调整 entries in the same step — and the closed bill is
 * listed on /billingListClose. A closed bill can be refunded no more.
 */
export const BILL_FLOW = defineFlow({
  name: 'bill',
  title: '收银单',
  page: '/abnormalBillingList',
  states: [
    { value: 'completed', label: '已完成', color: 'green' },
    { value: 'closed', label: '已关单', color: 'default' },
  ],
  initial: 'completed',
  steps: {
    close: {
      label: '关单',
      from: ['completed'],
      to: 'closed',
      button: 'audit',
      reason: 'required',
      confirm: '关单后该单的划卡将冲正退回会员卡，确定关单吗？',
    },
  },
});
export type BillStatus = (typeof BILL_FLOW.states)[number]['value'];

/** Limits of one bill. */
export const BILL_LINES_MAX = 50;
export const BILL_QUANTITY_MAX = 999;
export const BILL_PAYMENTS_MAX = 10;
export const BILL_SHARES_MAX = 5;
export const BILL_REMARK_MAX = 200;
/** The sender's number: letters, digits, _ and -, unique per sender. */
export const OUTER_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const money = (what: string) =>
  z
    .number({ error: `${what}须为整数分` })
    .int(`${what}须为整数分`)
    .min(0, `${what}不能为负`)
    .max(MONEY_MAX, `${what}超出上限`);

export const outerNoSchema = z
  .string({ error: '请填写单据编号（outerNo）' })
  .regex(OUTER_NO_PATTERN, '单据编号为 1 到 40 位字母、数字、下划线或短横线');

/** A time the sender states: ISO 8601 with its offset, e.g. 2026-11-25T10:30:00+08:00. */
export const sentAtSchema = z.iso.datetime({ offset: true, error: '时间须为带时区的 ISO 8601 格式' });

/** The staff who served a line and their shares of it (分). */
export const billShareSchema = z.object({
  staffPhone: z.string({ error: '请填写员工手机号' }).regex(/^\d{6,15}$/, '员工手机号格式不正确'),
  performance: money('业绩'),
  commission: money('提成'),
});

export const billLineSchema = z.object({
  kind: z.enum(['project', 'product', 'cardSale', 'topUp'], {
    error: '行类型须为 project、product、cardSale 或 topUp',
  }),
  /** project / product / cardSale: the goods code. topUp: none. */
  code: z.string().trim().min(1).max(40).optional(),
  quantity: z
    .number({ error: '数量须为整数' })
    .int('数量须为整数')
    .min(1, '数量至少为 1')
    .max(BILL_QUANTITY_MAX, `数量最多 ${BILL_QUANTITY_MAX}`)
    .default(1),
  /** project / product: the member card that pays the line (卡号 KH…); none: paid by the bill's payments. topUp: the card topped up. */
  cardNo: z.string().trim().max(20).optional(),
  /** topUp: 分 paid onto the card, and the bonus (赠送) added on top. */
  amount: money('充值金额').optional(),
  bonus: money('赠送金额').optional(),
  staff: z.array(billShareSchema).max(BILL_SHARES_MAX, `每行最多 ${BILL_SHARES_MAX} 位员工`).default([]),
});

export const billPaymentSchema = z.object({
  method: z.enum(SENT_PAY_METHODS, { error: '支付方式须为 cash、wechat、alipay、bankCard 或 signBill' }),
  amount: money('支付金额').refine((v) => v > 0, '支付金额须大于 0'),
  /** The payment channel's transaction number (微信/支付宝/银行卡). */
  tradeNo: z.string().trim().max(64).optional(),
  /** signBill: the store manager who signs (phone). */
  signerPhone: z.string().trim().max(15).optional(),
});

/** At most this many 意向金 credited to one bill. */
export const BILL_INTENT_DEPOSITS_MAX = 5;

/**
 * 意向金 a bill uses: each a paid deposit (YX…) of the bill's member, at the bill's store (or at a
 * store whose /stoIntentConfig lets its deposits be used elsewhere), not expired; together no more
 * than the bill's card-sale and top-up lines. Each becomes a 意向金 payment of its whole amount.
 *
 * Refund rule: a bill refund gives a 意向金 payment back whole or not at all; executing it puts
 * the deposit back to 已支付 (usable again, or refundable through the approval center, until its
 * own expiry) — the deposit's money never leaves through the bill refund itself.
 */
export const billIntentDepositsSchema = z
  .array(
    z
      .string()
      .trim()
      .regex(/^YX\d{10}$/, '意向金单号格式为 YX 加 10 位数字'),
  )
  .max(BILL_INTENT_DEPOSITS_MAX, `每张收银单最多使用 ${BILL_INTENT_DEPOSITS_MAX} 笔意向金`)
  .refine((a) => new Set(a).size === a.length, '意向金单号重复')
  .optional();

/**
 * 优惠券 a bill uses (QY…, entities/coupon.ts): each the member's, 未使用, within its validity, at a
 * store and on goods its template allows, over its threshold; more than one only when every one
 * stacks. The server computes each one's value from its template and the bill's project and
 * product lines paid otherwise (not by a member card) and writes a 优惠券 payment of it; any
 * invalid coupon refuses the whole bill with its reason (COUPON-40001 / COUPON-40901).
 *
 * Refund rule: a bill refund gives a 优惠券 payment back whole or not at all; executing it makes
 * the coupon 未使用 again (退回), usable until its own expiry.
 */
export const billCouponsSchema = z
  .array(
    z
      .string()
      .trim()
      .regex(/^QY\d{10}$/, '优惠券券号格式为 QY 加 10 位数字'),
  )
  .max(5, '每张收银单最多使用 5 张优惠券')
  .refine((a) => new Set(a).size === a.length, '优惠券券号重复')
  .optional();

/** POST /open/v1/bills: one 收银单. */
export const openBillBody = z.object({
  outerNo: outerNoSchema,
  storeCode: z.string({ error: '请填写门店编码' }).trim().min(1).max(20),
  /** The member: their phone or 会员编号 (HY…). */
  member: z.string({ error: '请填写会员手机号或会员编号' }).trim().min(1).max(20),
  at: sentAtSchema,
  lines: z.array(billLineSchema).min(1, '收银单至少一行').max(BILL_LINES_MAX, `收银单最多 ${BILL_LINES_MAX} 行`),
  payments: z.array(billPaymentSchema).max(BILL_PAYMENTS_MAX, `最多 ${BILL_PAYMENTS_MAX} 笔支付`).default([]),
  /** 意向金 numbers (YX…) credited toward the bill's card sale or top-up: see billIntentDepositsSchema. */
  intentDeposits: billIntentDepositsSchema,
  /** 优惠券 numbers (QY…) paying part of the bill's lines: see billCouponsSchema. */
  coupons: billCouponsSchema,
  remark: z.string().trim().max(BILL_REMARK_MAX).optional(),
});
export type OpenBillBody = z.output<typeof openBillBody>;

/** What POST /open/v1/bills answers (the same for a replay of the same outerNo). */
export interface OpenBillAnswer {
  billNo: string;
  outerNo: string;
  total: number;
  paidByCard: number;
  paidOther: number;
  /** Cards opened by the bill's cardSale lines, in line order. */
  openedCards: string[];
  /** After the bill: each card it touched and what is left on it. */
  cards: { cardNo: string; balance: number | null; bonusBalance: number | null }[];
  /** True when this answer is the first result of an earlier request with the same outerNo. */
  replayed: boolean;
}
