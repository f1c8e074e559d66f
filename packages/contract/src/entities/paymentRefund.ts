/**
 * 退款支付记录 (a payment-refund record, issue 14): money paid back to a member outside the card
 * ledger — an intent deposit's refund, a mall order's after-sale refund or a paid order cancelled
 * before it left (取消并退款) — one record per
 * executed refund and channel it was paid with. A record exists at most once per refund and
 * channel (the database's unique key), so a refund executed twice at once pays out once.
 * (A bill's refunds keep theirs per payment in refund_payment.)
 */
import type { EnumOption } from '../resource/define';

export const PAYMENT_REFUND_KINDS = [
  { value: 'intentRefund', label: '意向金退款' },
  { value: 'mallReturn', label: '商城售后退款' },
  { value: 'mallCancel', label: '商城取消退款' },
] as const satisfies readonly EnumOption[];
export type PaymentRefundKind = (typeof PAYMENT_REFUND_KINDS)[number]['value'];

/** The channels money goes back by: the deposits' and the mall's methods (a 定金 order's rest paid in the store goes back as 现金). */
export const PAYMENT_REFUND_METHODS = [
  { value: 'wechat', label: '微信' },
  { value: 'alipay', label: '支付宝' },
  { value: 'cash', label: '现金' },
  { value: 'bankCard', label: '银行卡' },
] as const satisfies readonly EnumOption[];
export type PaymentRefundMethod = (typeof PAYMENT_REFUND_METHODS)[number]['value'];

/** A payment-refund record as the detail pages show it. */
export interface PaymentRefundDto {
  refundNo: string;
  kind: PaymentRefundKind;
  method: PaymentRefundMethod;
  amount: number;
  tradeNo: string | null;
  refundTradeNo: string | null;
  refundedAt: string;
}
