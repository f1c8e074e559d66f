/** 产品借调's tables (contract entities/secondment.ts); its goods move as stock_movement rows (modules/stock). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { product } from '../goods/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';

/**
 * 产品借调 (contract entities/secondment.ts): one transfer of goods from the sending store to
 * another, sent by the sender's POS through the open API; its goods moved as stock_movement rows
 * (secondOut, secondIn) in the same transaction. Idempotent by (client, outer_no).
 */
export const stockSecondment = pgTable(
  'stock_secondment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** lend: the sender lends to the other store; return: the sender gives back to its lender. */
    kind: text('kind').notNull(),
    fromStoreId: integer('from_store_id')
      .notNull()
      .references(() => store.id),
    toStoreId: integer('to_store_id')
      .notNull()
      .references(() => store.id),
    /** The sender's open-API client; null for the demo history. */
    clientId: integer('client_id').references(() => openClient.id),
    outerNo: text('outer_no').notNull(),
    /** When the goods left the sender (the document's time). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_secondment_sender_uq').on(t.clientId, t.outerNo),
    index('stock_secondment_at_idx').on(t.at),
    check('stock_secondment_kind_chk', sql`${t.kind} in ('lend', 'return')`),
    check('stock_secondment_stores_chk', sql`${t.fromStoreId} <> ${t.toStoreId}`),
  ],
);

/**
 * A product of a transfer, as the lender's claim reads it: the lender and the borrower whatever
 * the direction, what was lent (a lend) or given back (a return), in pieces of the product's unit.
 */
export const stockSecondmentLine = pgTable(
  'stock_secondment_line',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    secondmentId: integer('secondment_id')
      .notNull()
      .references(() => stockSecondment.id),
    lenderStoreId: integer('lender_store_id')
      .notNull()
      .references(() => store.id),
    borrowerStoreId: integer('borrower_store_id')
      .notNull()
      .references(() => store.id),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    lentQty: integer('lent_qty').notNull().default(0),
    returnedQty: integer('returned_qty').notNull().default(0),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('stock_secondment_line_pair_idx').on(t.lenderStoreId, t.borrowerStoreId, t.productId),
    index('stock_secondment_line_at_idx').on(t.at),
    check(
      'stock_secondment_line_qty_chk',
      sql`${t.lentQty} >= 0 and ${t.returnedQty} >= 0 and (${t.lentQty} > 0) <> (${t.returnedQty} > 0)`,
    ),
  ],
);
