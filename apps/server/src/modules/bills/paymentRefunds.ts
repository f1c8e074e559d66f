/**
 * What a refund returns of a bill's payments (bill_payment.refunded): never past a payment's
 * amount, also when two refunds run at once (one conditional update per payment).
 */
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { billPayment } from './schema';

export type BillPaymentRow = typeof billPayment.$inferSelect;

/** A bill's payments in their order. */
export const paymentsOf = (tx: Db | Tx, consumeId: number): Promise<BillPaymentRow[]> =>
  tx.select().from(billPayment).where(eq(billPayment.consumeId, consumeId)).orderBy(asc(billPayment.seq));

/**
 * Adds what is refunded now to the bill's payments: each named payment (seq) by its amount —
 * REFUND_EXCEEDS past what is left of it — and each card's payment (storedCard / comboCard, by the
 * card) by what went back to that card, up to what is left of it.
 */
export const refundBillPayments = async (
  tx: Tx,
  consumeId: number,
  paid: readonly { seq: number; amount: number }[],
  cards: readonly { memberCardId: number; amount: number }[] = [],
): Promise<void> => {
  for (const p of paid) {
    const done = await tx
      .update(billPayment)
      .set({ refunded: sql`${billPayment.refunded} + ${p.amount}` })
      .where(
        and(
          eq(billPayment.consumeId, consumeId),
          eq(billPayment.seq, p.seq),
          sql`${billPayment.refunded} + ${p.amount} <= ${billPayment.amount}`,
        ),
      )
      .returning({ id: billPayment.id });
    if (done.length === 0) {
      const [row] = await tx
        .select()
        .from(billPayment)
        .where(and(eq(billPayment.consumeId, consumeId), eq(billPayment.seq, p.seq)));
      throw new BizError(
        ERR.REFUND_EXCEEDS,
        row
          ? `第 ${p.seq} 笔支付最多还可退 ${formatYuan(row.amount - row.refunded)} 元`
          : `收银单没有第 ${p.seq} 笔支付`,
      );
    }
  }
  for (const c of cards) {
    if (c.amount <= 0) continue;
    await tx
      .update(billPayment)
      .set({ refunded: sql`least(${billPayment.amount}, ${billPayment.refunded} + ${c.amount})` })
      .where(
        and(
          eq(billPayment.consumeId, consumeId),
          eq(billPayment.memberCardId, c.memberCardId),
          sql`${billPayment.method} in ('storedCard', 'comboCard')`,
        ),
      );
  }
};
