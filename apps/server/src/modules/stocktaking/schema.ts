/**
 * 盘点通知 (contract api/stocktaking.ts): a notice, its stores with their state, and each store's
 * count with its lines (book, counted, difference at cost) — the facts of the stocktaking reports.
 */
import { STOCKTAKE_STORE_STATES } from '@zb/contract/api/stocktaking';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const stocktakeNotice = pgTable(
  'stocktake_notice',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    type: integer('type').notNull(),
    content: text('content').notNull().default(''),
    /** The last day to count (Beijing). */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** The products to count; empty: everything each store holds. */
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::int[]`),
    /** The tree as chosen (regions whole, single stores), for editing. */
    regionIds: integer('region_ids').array().notNull().default(sql`'{}'::int[]`),
    storeIds: integer('store_ids').array().notNull().default(sql`'{}'::int[]`),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('stocktake_notice_created_idx').on(t.createdAt, t.id),
    check('stocktake_notice_type_chk', sql`${t.type} in (1, 2, 3)`),
  ],
);

export const stocktakeStore = pgTable(
  'stocktake_store',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => stocktakeNotice.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    state: text('state').notNull().default('pending'),
    overdueNoticedAt: at('overdue_noticed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.storeId] }),
    index('stocktake_store_store_idx').on(t.storeId, t.state),
    oneOf(
      'stocktake_store_state_chk',
      t.state,
      STOCKTAKE_STORE_STATES.map((s) => s.value),
    ),
  ],
);

/** A store's count of a notice: once (the sender's number answers a retry). */
export const stocktakeCount = pgTable(
  'stocktake_count',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => stocktakeNotice.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    clientId: integer('client_id').references(() => openClient.id),
    countNo: text('count_no').notNull(),
    gainAmount: integer('gain_amount').notNull().default(0),
    lossAmount: integer('loss_amount').notNull().default(0),
    countedAt: at('counted_at').notNull().defaultNow(),
  },
  (t) => [
    unique('stocktake_count_no_uq').on(t.clientId, t.countNo),
    unique('stocktake_count_store_uq').on(t.noticeId, t.storeId),
    index('stocktake_count_day_idx').on(t.countedAt, t.storeId),
  ],
);

export const stocktakeLine = pgTable(
  'stocktake_line',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countId: integer('count_id')
      .notNull()
      .references(() => stocktakeCount.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    bookQty: integer('book_qty').notNull(),
    countedQty: integer('counted_qty').notNull(),
    diffQty: integer('diff_qty').notNull(),
    /** The product's cost price when counted (分 per unit). */
    costPrice: integer('cost_price').notNull(),
    diffAmount: integer('diff_amount').notNull(),
  },
  (t) => [
    unique('stocktake_line_product_uq').on(t.countId, t.productId),
    check('stocktake_line_qty_chk', sql`${t.countedQty} >= 0 and ${t.diffQty} = ${t.countedQty} - ${t.bookQty}`),
  ],
);
