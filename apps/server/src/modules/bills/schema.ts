/**
 * A 收银单's payments and staff shares (contract entities/bill.ts). The bill itself is the
 * member_consume record with its lines (modules/members/schema.ts); its card payments are the
 * ledger's draws, recorded here as storedCard / comboCard payments beside the others so that
 * every bill's payments add up to its total.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { memberCard, memberConsume } from '../members/schema';
import { staff } from '../staff/schema';

export const billPayment = pgTable(
  'bill_payment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** BILL_PAY_METHODS. */
    method: text('method').notNull(),
    /** 分 paid by this method (comboCard: the value of the sessions drawn). */
    amount: integer('amount').notNull(),
    /** storedCard / comboCard: the card drawn. */
    memberCardId: integer('member_card_id').references(() => memberCard.id),
    /** The payment channel's transaction number. */
    tradeNo: text('trade_no'),
    /** signBill: the store manager who signed. */
    signerStaffId: integer('signer_staff_id').references(() => staff.id),
    /** 分 of this payment refunded so far. */
    refunded: integer('refunded').notNull().default(0),
  },
  (t) => [
    unique('bill_payment_seq_uq').on(t.consumeId, t.seq),
    index('bill_payment_method_idx').on(t.method, t.consumeId),
    index('bill_payment_signer_idx').on(t.signerStaffId).where(sql`${t.signerStaffId} is not null`),
    check(
      'bill_payment_method_chk',
      sql`${t.method} in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill')`,
    ),
    check('bill_payment_amount_chk', sql`${t.amount} > 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    check('bill_payment_card_chk', sql`(${t.method} in ('storedCard', 'comboCard')) = (${t.memberCardId} is not null)`),
  ],
);

/** The staff who served a line of a bill and their 业绩 and 提成 (分). */
export const billShare = pgTable(
  'bill_share',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id, { onDelete: 'cascade' }),
    /** The line's number (member_consume_line.line). */
    line: integer('line').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    performance: integer('performance').notNull().default(0),
    commission: integer('commission').notNull().default(0),
  },
  (t) => [
    unique('bill_share_uq').on(t.consumeId, t.line, t.staffId),
    index('bill_share_staff_idx').on(t.staffId, t.consumeId),
    check('bill_share_money_chk', sql`${t.performance} >= 0 and ${t.commission} >= 0`),
  ],
);
