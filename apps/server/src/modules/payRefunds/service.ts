/**
 * 退款支付记录 (contract entities/paymentRefund.ts): writing one in the refund's transaction, and
 * reading a refund's records for its detail page. A second record of the same refund and channel
 * (two executions racing past their own guards) is refused with STATE_CHANGED and rolls the
 * second execution back whole.
 */
import type { PaymentRefundDto, PaymentRefundKind, PaymentRefundMethod } from '@zb/contract/entities/paymentRefund';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { paymentRefund } from './schema';

export interface NewPaymentRefund {
  kind: PaymentRefundKind;
  refId: number;
  storeId: number;
  memberId: number;
  method: PaymentRefundMethod;
  amount: number;
  tradeNo?: string | null;
  refundTradeNo?: string | null;
  at: Date;
  userId?: number | null;
}

export const recordPaymentRefund = async (tx: Tx, r: NewPaymentRefund): Promise<string> => {
  if (!(r.amount > 0)) throw new BizError(ERR.PARAM_INVALID, '退款金额须大于 0');
  const [row] = await tx
    .insert(paymentRefund)
    .values({
      kind: r.kind,
      refId: r.refId,
      storeId: r.storeId,
      memberId: r.memberId,
      method: r.method,
      amount: r.amount,
      tradeNo: r.tradeNo || null,
      refundTradeNo: r.refundTradeNo || null,
      refundedAt: r.at,
      createdBy: r.userId ?? null,
    })
    .onConflictDoNothing({ target: [paymentRefund.kind, paymentRefund.refId, paymentRefund.method] })
    .returning({ refundNo: paymentRefund.refundNo });
  if (!row) throw new BizError(ERR.STATE_CHANGED, '该退款已付出，不能重复退款，请刷新后查看');
  return row.refundNo;
};

/** The channel's refund number, known after the record was written (typed on the detail page). */
export const setPaymentRefundTradeNo = async (
  tx: Tx,
  kind: PaymentRefundKind,
  refId: number,
  refundTradeNo: string,
): Promise<void> => {
  await tx
    .update(paymentRefund)
    .set({ refundTradeNo })
    .where(and(eq(paymentRefund.kind, kind), eq(paymentRefund.refId, refId)));
};

export const paymentRefundsOf = async (
  db: Db | Tx,
  kind: PaymentRefundKind,
  refId: number,
): Promise<PaymentRefundDto[]> => {
  const rows = await db
    .select()
    .from(paymentRefund)
    .where(and(eq(paymentRefund.kind, kind), eq(paymentRefund.refId, refId)))
    .orderBy(asc(paymentRefund.id));
  return rows.map((r) => ({
    refundNo: r.refundNo,
    kind: r.kind as PaymentRefundKind,
    method: r.method as PaymentRefundMethod,
    amount: r.amount,
    tradeNo: r.tradeNo,
    refundTradeNo: r.refundTradeNo,
    refundedAt: r.refundedAt.toISOString(),
  }));
};
