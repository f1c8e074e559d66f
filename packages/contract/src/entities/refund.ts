/**
 * 退款 (issue 14): a refund of a 收银单, applied for by a store (its POS through the open API) or
 * by head office on the console, decided in the approval center (ZBHT-SPZX) and executed by head
 * office. It names what is refunded per bill line (amount, and sessions for a line a 套餐卡 paid)
 * and how the money that no card takes back is returned per bill payment (现金, 微信 …).
 * Executing it gives each card line's draw back to its card (ledger 退款 rows) and records the
 * payments returned outside; nothing is ever refunded past what is left of the bill, a line or
 * a payment. A closed bill is refunded no more.
 */
import { z } from 'zod';
import { idOf, idParamOf } from '../api/ids';
import { pagingQuery } from '../api/paging';
import { defineFlow } from '../flow';
import { isCalendarDay } from '../time';
import { BILL_LINES_MAX, BILL_PAYMENTS_MAX, outerNoSchema } from './bill';
import { MONEY_MAX } from './goodsCommon';

/** 门店申请 → 审核 (通过 / 驳回, in the approval center or on /refundDetail) → 执行. */
export const REFUND_FLOW = defineFlow({
  name: 'refund',
  title: '退款单',
  page: '/refundList',
  states: [
    { value: 'applied', label: '待审核', color: 'blue' },
    { value: 'approved', label: '待退款', color: 'orange' },
    { value: 'rejected', label: '已驳回', color: 'red' },
    { value: 'executed', label: '已退款', color: 'green' },
  ],
  initial: 'applied',
  steps: {
    approve: { label: '审核通过', from: ['applied'], to: 'approved', button: 'audit', reason: 'optional' },
    reject: { label: '驳回', from: ['applied'], to: 'rejected', button: 'audit', reason: 'required' },
    execute: {
      label: '执行退款',
      from: ['approved'],
      to: 'executed',
      button: 'audit',
      confirm: '执行后卡内支付将退回会员卡，其他支付方式记为已退款，确定执行吗？',
    },
  },
});
export type RefundStatus = (typeof REFUND_FLOW.states)[number]['value'];
export type RefundStep = keyof typeof REFUND_FLOW.steps;

export const REFUND_SOURCES = [
  { value: 'open', label: '门店申请' },
  { value: 'console', label: '总部申请' },
] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number]['value'];

export const REFUND_REASON_MAX = 200;

const money = (what: string) =>
  z
    .number({ error: `${what}须为整数分` })
    .int(`${what}须为整数分`)
    .min(0, `${what}不能为负`)
    .max(MONEY_MAX, `${what}超出上限`);

/** One bill line refunded: its number, the 分 refunded, and for a line a 套餐卡 paid the sessions given back. */
export const refundLineSchema = z.object({
  line: z.number({ error: '请填写行号' }).int('行号须为整数').min(1, '行号从 1 开始').max(BILL_LINES_MAX),
  amount: money('退款金额'),
  sessions: z
    .number({ error: '退回次数须为整数' })
    .int('退回次数须为整数')
    .min(1, '退回次数至少为 1')
    .max(999)
    .optional(),
});

/** One bill payment the money goes back through: its number on the bill (1…) and the 分. */
export const refundPaymentSchema = z.object({
  seq: z.number({ error: '请填写支付序号' }).int('支付序号须为整数').min(1, '支付序号从 1 开始').max(BILL_PAYMENTS_MAX),
  amount: money('退款金额').refine((v) => v > 0, '退款金额须大于 0'),
});

const applyFields = {
  lines: z.array(refundLineSchema).max(BILL_LINES_MAX, `最多 ${BILL_LINES_MAX} 行`).default([]),
  payments: z.array(refundPaymentSchema).max(BILL_PAYMENTS_MAX, `最多 ${BILL_PAYMENTS_MAX} 笔`).default([]),
  reason: z
    .string({ error: '请填写退款原因' })
    .trim()
    .min(1, '请填写退款原因')
    .max(REFUND_REASON_MAX, `退款原因最多 ${REFUND_REASON_MAX} 个字符`),
};

const somethingRefunded = (b: { lines: unknown[]; payments: unknown[] }) => b.lines.length + b.payments.length > 0;
const NOTHING = { message: '请填写退款的行或支付', path: ['lines'] };

/** POST /open/v1/refunds: a store applies for a refund of one of its bills (by our 单号 or its own outerNo). */
export const openRefundBody = z
  .object({
    outerNo: outerNoSchema,
    billNo: z.string().trim().max(20).optional(),
    billOuterNo: outerNoSchema.optional(),
    ...applyFields,
  })
  .refine((b) => !!b.billNo !== !!b.billOuterNo, { message: '请填写 billNo 或 billOuterNo 其中之一', path: ['billNo'] })
  .refine(somethingRefunded, NOTHING);
export type OpenRefundBody = z.output<typeof openRefundBody>;

/** What POST /open/v1/refunds answers (the same for a replay of the same outerNo). */
export interface OpenRefundAnswer {
  refundNo: string;
  outerNo: string;
  billNo: string;
  status: RefundStatus;
  amount: number;
  replayed: boolean;
}

/** A console user applies (from /orderDetails). */
export const consoleRefundBody = z
  .object({ consumeId: idOf('收银单'), ...applyFields })
  .refine(somethingRefunded, NOTHING);

export const refundStepBody = z.object({
  id: idOf('退款单'),
  step: z.enum(Object.keys(REFUND_FLOW.steps) as [RefundStep, ...RefundStep[]], { error: '操作无效' }),
  reason: z.string().trim().max(REFUND_REASON_MAX, `原因最多 ${REFUND_REASON_MAX} 个字符`).optional(),
});

const day = (what: string) => z.string().trim().refine(isCalendarDay, `${what}须为 YYYY-MM-DD 格式的日期`).optional();

export const refundListQuery = pagingQuery.extend({
  storeId: idParamOf('门店').optional(),
  from: day('开始日期'),
  to: day('结束日期'),
  status: z.enum(REFUND_FLOW.states.map((s) => s.value) as [RefundStatus, ...RefundStatus[]]).optional(),
  billNo: z.string().trim().max(40).optional(),
  /** The member's name, phone or 会员编号. */
  member: z.string().trim().max(40).optional(),
});

export interface RefundRow {
  id: number;
  refundNo: string;
  status: RefundStatus;
  source: RefundSource;
  storeName: string;
  billId: number;
  billNo: string;
  memberName: string;
  memberPhone: string;
  amount: number;
  toCards: number;
  outside: number;
  reason: string;
  applicant: string;
  createdAt: string;
  executedAt: string | null;
}

export interface RefundDetailLine {
  line: number;
  item: string;
  itemKind: string;
  quantity: number;
  lineAmount: number;
  cardNo: string | null;
  lineSessions: number | null;
  amount: number;
  sessions: number | null;
}

export interface RefundDetailPayment {
  seq: number;
  method: string;
  paid: number;
  amount: number;
  tradeNo: string | null;
}

export interface RefundHistoryRow {
  at: string;
  label: string;
  to: string;
  by: string;
  reason: string;
}

export interface RefundDetail extends RefundRow {
  billTotal: number;
  billRefunded: number;
  billAt: string;
  approvalId: number | null;
  spNo: string | null;
  lines: RefundDetailLine[];
  payments: RefundDetailPayment[];
  history: RefundHistoryRow[];
  /** The card rows the execution wrote. */
  ledger: {
    cardNo: string;
    /** The card the bill drew, when the row went to its reissued card (补卡) instead. */
    originCardNo: string | null;
    amount: number;
    bonus: number;
    sessions: number | null;
    balanceAfter: number | null;
    bonusAfter: number | null;
    sessionsAfter: number | null;
  }[];
}
