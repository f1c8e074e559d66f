/**
 * A 收银单's payments and staff shares (contract entities/bill.ts). The bill itself is the
 * member_consume record with its lines (modules/members/schema.ts); its card payments are the
 * ledger's draws, recorded here as storedCard / comboCard payments beside the others so that
 * every bill's payments add up to its total.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { memberCard, memberConsume } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

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
      sql`${t.method} in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill', 'intentDeposit')`,
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
    // 业绩提成's 明细 in its default order (业绩 desc, then the share): read from the top, the period's shares found by their bill.
    index('bill_share_performance_idx').on(t.performance, t.id),
    check('bill_share_money_chk', sql`${t.performance} >= 0 and ${t.commission} >= 0`),
  ],
);

/**
 * A bill flagged by a rule of contract entities/abnormalBill.ts (one row per rule it broke) and
 * its handling (ABNORMAL_FLOW: pending → confirmed / reversed / supplemented, through runStep).
 */
export const abnormalBill = pgTable(
  'abnormal_bill',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id, { onDelete: 'cascade' }),
    /** ABNORMAL_RULES key. */
    rule: text('rule').notNull(),
    /** Why, in Chinese, with the figures that broke the rule. */
    reason: text('reason').notNull(),
    /** The bill's store (the data scope reads it without the bill). */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    /** ABNORMAL_FLOW's states. */
    status: text('status').notNull().default('pending'),
    handledBy: integer('handled_by').references(() => userAccount.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handleNote: text('handle_note'),
    /** 补单: the bill that made up what was missing, when one was made. */
    supplementConsumeId: integer('supplement_consume_id').references(() => memberConsume.id),
  },
  (t) => [
    unique('abnormal_bill_rule_uq').on(t.consumeId, t.rule),
    index('abnormal_bill_detected_idx').on(t.detectedAt, t.id),
    index('abnormal_bill_store_idx').on(t.storeId, t.detectedAt),
    check(
      'abnormal_bill_rule_chk',
      sql`${t.rule} in ('duplicate', 'outsideHours', 'overLimit', 'refundAfterTopUp', 'paymentsMismatch')`,
    ),
    check('abnormal_bill_status_chk', sql`${t.status} in ('pending', 'confirmed', 'reversed', 'supplemented')`),
  ],
);

/** The abnormal-bill scan's watermarks: the last bill id and the last card-ledger id it read. */
export const abnormalScanState = pgTable('abnormal_scan_state', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
});
