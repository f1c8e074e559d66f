/**
 * 跨店结算 (contract entities/settlement.ts): the rules (/crossSettlementConfig), the monthly
 * statements per (issuing store, serving store) pair with their lines (one per drawn bill line),
 * the bank receipts (/bankReceipt) and their matches to statements. A statement's state moves
 * only through SETTLEMENT_FLOW's steps (platform/flow.ts runStep). Money is integer 分; a
 * statement's amount is the sum of its lines' amounts.
 */
import { CARD_KINDS } from '@zb/contract/entities/card';
import { SETTLEMENT_FLOW } from '@zb/contract/entities/settlement';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });
const storeRef = (name: string) => integer(name).references(() => store.id);
const CARD_KIND_VALUES = CARD_KINDS.map((k) => k.value);
const MONTH_CHECK = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** A settlement rate from a month on: default (no store, no kind) or an override. */
export const settlementRule = pgTable(
  'settlement_rule',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The store that opened the card (pays); null: any. */
    issuingStoreId: storeRef('issuing_store_id'),
    /** The store that served the draw (receives); null: any. */
    servingStoreId: storeRef('serving_store_id'),
    /** CARD_KINDS; null: any. */
    cardKind: text('card_kind'),
    /** Basis points of the served value (0–10000). */
    rate: integer('rate').notNull(),
    /** YYYY-MM: in effect from this month on (until a later rule of the same scope). */
    effectiveMonth: text('effective_month').notNull(),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_rule_scope_uq').on(
      sql`coalesce(${t.issuingStoreId}, 0)`,
      sql`coalesce(${t.servingStoreId}, 0)`,
      sql`coalesce(${t.cardKind}, '')`,
      t.effectiveMonth,
    ),
    oneOf('settlement_rule_card_kind_chk', t.cardKind, CARD_KIND_VALUES),
    check('settlement_rule_rate_chk', sql`${t.rate} between 0 and 10000`),
    check('settlement_rule_month_chk', sql`${t.effectiveMonth} ~ ${sql.raw(`'${MONTH_CHECK}'`)}`),
  ],
);

/** One month's statement of one pair: the issuing store pays the serving store `amount`. */
export const settlementStatement = pgTable(
  'settlement_statement',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 结算单号: JS and the id in eight digits. */
    statementNo: text('statement_no').notNull().generatedAlwaysAs(sql`'JS' || lpad(id::text, 8, '0')`),
    month: text('month').notNull(),
    issuingStoreId: storeRef('issuing_store_id').notNull(),
    servingStoreId: storeRef('serving_store_id').notNull(),
    /** SETTLEMENT_FLOW. */
    status: text('status').notNull().default('pending'),
    lineCount: integer('line_count').notNull(),
    served: bigint('served', { mode: 'number' }).notNull(),
    deducted: bigint('deducted', { mode: 'number' }).notNull(),
    /** Σ settlement_line.amount. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Σ bank_receipt_match.amount. */
    matched: bigint('matched', { mode: 'number' }).notNull().default(0),
    generatedAt: at('generated_at').notNull().defaultNow(),
    generatedBy: userRef('generated_by'),
  },
  (t) => [
    unique('settlement_statement_pair_uq').on(t.month, t.issuingStoreId, t.servingStoreId),
    index('settlement_statement_serving_idx').on(t.servingStoreId, t.month),
    oneOf(
      'settlement_statement_status_chk',
      t.status,
      SETTLEMENT_FLOW.states.map((s) => s.value),
    ),
    check('settlement_statement_pair_chk', sql`${t.issuingStoreId} <> ${t.servingStoreId}`),
    check('settlement_statement_matched_chk', sql`${t.matched} >= 0 and ${t.matched} <= ${t.amount}`),
  ],
);

/** A draw behind a statement: a bill line paid by a card of the issuing store. */
export const settlementLine = pgTable(
  'settlement_line',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => settlementStatement.id, { onDelete: 'cascade' }),
    consumeLineId: integer('consume_line_id')
      .notNull()
      .references(() => memberConsumeLine.id),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id),
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id),
    /** 分 drawn from the card on the line. */
    served: integer('served').notNull(),
    /** 分 of it refunded, or all of it when the bill was closed (冲正/关单). */
    deducted: integer('deducted').notNull(),
    /** The rule applied and its rate (basis points). */
    ruleId: integer('rule_id').references(() => settlementRule.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    /** round((served − deducted) × rate / 10000). */
    amount: integer('amount').notNull(),
  },
  (t) => [
    unique('settlement_line_draw_uq').on(t.consumeLineId),
    index('settlement_line_statement_idx').on(t.statementId),
    check('settlement_line_money_chk', sql`${t.deducted} >= 0 and ${t.deducted} <= ${t.served}`),
  ],
);

/** A bank receipt recorded by finance. */
export const bankReceipt = pgTable(
  'bank_receipt',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    bankSerial: text('bank_serial').notNull(),
    amount: integer('amount').notNull(),
    payerStoreId: storeRef('payer_store_id').notNull(),
    account: text('account').notNull(),
    note: text('note'),
    /** Σ bank_receipt_match.amount: never above amount. */
    matchedAmount: integer('matched_amount').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('bank_receipt_serial_uq').on(t.bankSerial),
    index('bank_receipt_payer_idx').on(t.payerStoreId),
    check(
      'bank_receipt_amount_chk',
      sql`${t.amount} > 0 and ${t.matchedAmount} >= 0 and ${t.matchedAmount} <= ${t.amount}`,
    ),
  ],
);

/** Part of a receipt matched to a statement. */
export const bankReceiptMatch = pgTable(
  'bank_receipt_match',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => bankReceipt.id),
    statementId: integer('statement_id')
      .notNull()
      .references(() => settlementStatement.id),
    amount: integer('amount').notNull(),
    matchedBy: userRef('matched_by'),
    matchedAt: at('matched_at').notNull().defaultNow(),
  },
  (t) => [
    index('bank_receipt_match_receipt_idx').on(t.receiptId),
    index('bank_receipt_match_statement_idx').on(t.statementId),
    check('bank_receipt_match_amount_chk', sql`${t.amount} > 0`),
  ],
);
