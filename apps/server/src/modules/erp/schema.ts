/**
 * 对接 EAS (contract entities/erp.ts): the fee types' subjects, each store's company code and
 * franchise rates, and the daily vouchers with their lines and the bills behind each line.
 */
import { ERP_FEE_TYPE_VALUES, VOUCHER_DIRECTIONS, VOUCHER_STATUSES } from '@zb/contract/entities/erp';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { memberConsume } from '../members/schema';
import { refund } from '../refunds/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const DIRECTIONS = VOUCHER_DIRECTIONS.map((d) => d.value);

/** One EAS subject per fee type. */
export const easSubject = pgTable(
  'eas_subject',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    feeType: text('fee_type').notNull(),
    subjectCode: text('subject_code').notNull(),
    subjectName: text('subject_name').notNull(),
    direction: text('direction').notNull(),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('eas_subject_fee_type_uq').on(t.feeType),
    oneOf('eas_subject_fee_type_chk', t.feeType, ERP_FEE_TYPE_VALUES),
    oneOf('eas_subject_direction_chk', t.direction, DIRECTIONS),
  ],
);

/** A store's EAS company code, its royalty rate and deep cooperation (rates in basis points). */
export const easStore = pgTable(
  'eas_store',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    companyCode: text('company_code').notNull(),
    royaltyRate: integer('royalty_rate').notNull().default(0),
    deepCoop: boolean('deep_coop').notNull().default(false),
    shareRate: integer('share_rate').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('eas_store_store_uq').on(t.storeId),
    check('eas_store_rates_chk', sql`${t.royaltyRate} between 0 and 10000 and ${t.shareRate} between 0 and 10000`),
  ],
);

/** A store's voucher of a day: made (balanced lines) or failed (the reason). One per store and day. */
export const erpVoucher = pgTable(
  'erp_voucher',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** PZ + day + store code. */
    voucherNo: text('voucher_no').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    day: date('day', { mode: 'string' }).notNull(),
    companyCode: text('company_code'),
    status: text('status').notNull(),
    debitTotal: bigint('debit_total', { mode: 'number' }).notNull().default(0),
    creditTotal: bigint('credit_total', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    billCount: integer('bill_count').notNull().default(0),
    error: text('error'),
    /** job or manual. */
    source: text('source').notNull(),
    madeBy: integer('made_by'),
    madeAt: at('made_at').notNull().defaultNow(),
  },
  (t) => [
    unique('erp_voucher_store_day_uq').on(t.storeId, t.day),
    index('erp_voucher_day_idx').on(t.day, t.storeId),
    oneOf(
      'erp_voucher_status_chk',
      t.status,
      VOUCHER_STATUSES.map((s) => s.value),
    ),
    oneOf('erp_voucher_source_chk', t.source, ['job', 'manual']),
    check('erp_voucher_balanced_chk', sql`${t.status} <> 'made' or ${t.debitTotal} = ${t.creditTotal}`),
  ],
);

/** A line of a voucher: a fee type's figure on its subject. */
export const erpVoucherLine = pgTable(
  'erp_voucher_line',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => erpVoucher.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Copied from the voucher, so the lines are read by store and day without it. */
    storeId: integer('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    feeType: text('fee_type').notNull(),
    subjectCode: text('subject_code').notNull(),
    subjectName: text('subject_name').notNull(),
    direction: text('direction').notNull(),
    /** 分, > 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    billCount: integer('bill_count').notNull(),
  },
  (t) => [
    unique('erp_voucher_line_seq_uq').on(t.voucherId, t.seq),
    index('erp_voucher_line_day_idx').on(t.day, t.storeId),
    oneOf('erp_voucher_line_fee_type_chk', t.feeType, ERP_FEE_TYPE_VALUES),
    oneOf('erp_voucher_line_direction_chk', t.direction, DIRECTIONS),
    check('erp_voucher_line_amount_chk', sql`${t.amount} > 0`),
  ],
);

/** What each bill (or refund of it) gave a voucher line: Σ amount = the line's signed figure. */
export const erpVoucherLineBill = pgTable(
  'erp_voucher_line_bill',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => erpVoucherLine.id, { onDelete: 'cascade' }),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id),
    refundId: integer('refund_id').references(() => refund.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('erp_voucher_line_bill_line_idx').on(t.lineId),
    index('erp_voucher_line_bill_consume_idx').on(t.consumeId),
  ],
);

/** The scheduled job's watermark: the last Beijing day it made vouchers for. */
export const erpVoucherWatermark = pgTable('erp_voucher_watermark', {
  name: text('name').primaryKey(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  ranAt: at('ran_at').notNull().defaultNow(),
});
