/**
 * A 收银单's payments and staff shares (contract entities/bill.ts). The bill itself is the
 * member_consume record with its lines (modules/members/schema.ts); its card payments are the
 * ledger's draws, recorded here as storedCard / comboCard payments beside the others so that
 * every bill's payments add up to its total.
 */

import { BILL_PAY_METHODS } from '@zb/contract/entities/bill';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
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
      sql`${t.method} in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill', 'intentDeposit', 'coupon')`,
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

// ── The bill rollups (modules/bills/rollups.ts) ───────────────────────────────
// Per Beijing day of the bill (consumed_at) × the bill's store. Kept by triggers on the facts
// (migration 0047): every insert or update of member_consume, member_consume_line, bill_payment
// and card_ledger appends its change to bill_rollup_delta in the writer's transaction, and
// `foldRollupDeltas` (modules/members/rollups.ts) adds the deltas into these tables before every
// report read. Rebuilt and checked from the facts by `npm run rollups -- --rebuild | --check`.

const billMeasures = () => ({
  /** Bills. */
  n: integer('n').notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  paidByCard: bigint('paid_by_card', { mode: 'number' }).notNull().default(0),
  paidOther: bigint('paid_other', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
});

/** The key of a bill as /billingList filters it: its status, kind, source and refund state. */
const billKey = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  status: text('status').notNull(),
  kind: text('kind').notNull(),
  source: text('source').notNull(),
  /** BILL_REFUND_STATES of the bill (refunded against its total). */
  refundState: text('refund_state').notNull(),
});

/** Every bill (any status) per day × store × its /billingList key: 共 N 条 and 合计 of /billingList. */
export const billDay = pgTable('bill_day', { ...billKey(), ...billMeasures() }, (t) => [
  primaryKey({ columns: [t.day, t.storeId, t.status, t.kind, t.source, t.refundState] }),
]);

/**
 * Every bill once per payment method it has (any status): /billingList's 支付方式 filter (the
 * bill's figures), and `amount`, the bill's payments by that method (财务大表, 门店日结).
 */
export const billPayDay = pgTable(
  'bill_pay_day',
  {
    ...billKey(),
    /** BILL_PAY_METHODS. */
    method: text('method').notNull(),
    ...billMeasures(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId, t.method, t.status, t.kind, t.source, t.refundState] })],
);

/** The lines of the COMPLETED bills per day × store × line kind (财务大表's sales, 销售明细's 合计). */
export const billLineDay = pgTable(
  'bill_line_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    itemKind: text('item_kind').notNull(),
    /** Lines. */
    n: integer('n').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    cardAmount: bigint('card_amount', { mode: 'number' }).notNull().default(0),
    /** 次卡金额: card_amount of the lines drawn on a 套餐卡 (a card and sessions). */
    comboAmount: bigint('combo_amount', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** 业绩: the staff shares of the lines (bill_share). */
    performance: bigint('performance', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId, t.itemKind] })],
);

/** The card draws (card_ledger consume rows) of the COMPLETED bills per day × store (财务大表's 耗卡). */
export const billDrawDay = pgTable(
  'bill_draw_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    /** Ledger rows. */
    n: integer('n').notNull().default(0),
    /** 分 of principal and of bonus drawn, and sessions drawn (positive). */
    principal: bigint('principal', { mode: 'number' }).notNull().default(0),
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId] })],
);

/** The line kinds /finance and /storeSettlement show as sales (item_kind → bill_fin_day column). */
export const FIN_SALES = {
  project: 'project_sales',
  product: 'retail_sales',
  cardSale: 'card_sales',
  topUp: 'top_ups',
} as const;

/** bill_fin_day's column of a payment method's amount (BILL_PAY_METHODS). */
export const finPayColumn = (method: string) => `pay_${method.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Every finance figure of the COMPLETED bills per day × store, at the grain of /finance and
 * /storeSettlement (a chain-wide month is its ~60,000 rows read by the key, nothing joined or
 * regrouped): bills and their total (bill_day), sales by line kind and 次卡金额 (bill_line_day),
 * card draws (bill_draw_day) and payments by method (bill_pay_day). Kept from the same deltas as
 * those four, by the same fold (no trigger of its own); filled from them (bill_rollups_fill).
 */
export const billFinDay = pgTable(
  'bill_fin_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    /** Completed bills, and their total. */
    n: integer('n').notNull().default(0),
    total: money('total'),
    ...Object.fromEntries(Object.values(FIN_SALES).map((c) => [c, money(c)])),
    comboAmount: money('combo_amount'),
    principal: money('principal'),
    bonus: money('bonus'),
    sessions: money('sessions'),
    ...Object.fromEntries(BILL_PAY_METHODS.map((m) => [finPayColumn(m.value), money(finPayColumn(m.value))])),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId] })],
);

/**
 * A change of one bill rollup (fam: 0 bill_day, 1 bill_pay_day, 2 bill_line_day, 3 bill_draw_day),
 * appended by the facts' triggers; a key column a family has not is ''. No key: rows are only
 * appended, and deleted by the fold that adds them up.
 */
export const billRollupDelta = pgTable('bill_rollup_delta', {
  fam: smallint('fam').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  status: text('status').notNull().default(''),
  kind: text('kind').notNull().default(''),
  source: text('source').notNull().default(''),
  refundState: text('refund_state').notNull().default(''),
  method: text('method').notNull().default(''),
  itemKind: text('item_kind').notNull().default(''),
  n: integer('n').notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  paidByCard: bigint('paid_by_card', { mode: 'number' }).notNull().default(0),
  paidOther: bigint('paid_other', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  cardAmount: bigint('card_amount', { mode: 'number' }).notNull().default(0),
  comboAmount: bigint('combo_amount', { mode: 'number' }).notNull().default(0),
  principal: bigint('principal', { mode: 'number' }).notNull().default(0),
  bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
  sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
  performance: bigint('performance', { mode: 'number' }).notNull().default(0),
});
