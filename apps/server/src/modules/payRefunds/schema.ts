/**
 * 退款支付记录 (contract entities/paymentRefund.ts): the money an executed deposit refund or mall
 * after-sale refund paid back, by channel. Unique per (kind, ref_id, method): a refund pays out
 * once by each channel it was paid with.
 */
import { PAYMENT_REFUND_KINDS, PAYMENT_REFUND_METHODS } from '@zb/contract/entities/paymentRefund';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';

const values = (o: readonly { value: string }[]) => o.map((x) => x.value);

export const paymentRefund = pgTable(
  'payment_refund',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 退款流水号: TK and the id in ten digits. */
    refundNo: text('refund_no').notNull().generatedAlwaysAs(sql`'TK' || lpad(id::text, 10, '0')`),
    /** PAYMENT_REFUND_KINDS: which record it pays out (intent_refund.id, mall_return.id). */
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** PAYMENT_REFUND_METHODS: the channel paid back (the one paid with). */
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    /** The payment's own transaction number, and the channel's refund number when known. */
    tradeNo: text('trade_no'),
    refundTradeNo: text('refund_trade_no'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('payment_refund_no_uq').on(t.refundNo),
    unique('payment_refund_ref_uq').on(t.kind, t.refId, t.method),
    index('payment_refund_store_idx').on(t.storeId, t.refundedAt),
    index('payment_refund_at_idx').on(t.refundedAt, t.id),
    oneOf('payment_refund_kind_chk', t.kind, values(PAYMENT_REFUND_KINDS)),
    oneOf('payment_refund_method_chk', t.method, values(PAYMENT_REFUND_METHODS)),
    check('payment_refund_amount_chk', sql`${t.amount} > 0`),
  ],
);
