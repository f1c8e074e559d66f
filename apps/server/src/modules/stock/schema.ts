/**
 * Store stock: what each store holds of each product, and every movement that changed it.
 * Quantities are integers in the product's base unit: millilitres for goods consumed by the
 * millilitre (product.ml_per_unit set), otherwise the product's own unit (瓶, 支, 盒 …). A
 * balance changes only through a stock_movement row written in the same transaction as the
 * business record that moved it (a received store order, a member's 领用, a consumption).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { store } from '../stores/schema';

export const storeStock = pgTable(
  'store_stock',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.productId] }),
    index('store_stock_product_idx').on(t.productId),
    // /stockBalance in an order of the stock: the first rows of the chain's, without reading all.
    index('store_stock_quantity_idx').on(t.quantity, t.storeId, t.productId),
    check('store_stock_quantity_chk', sql`${t.quantity} >= 0`),
  ],
);

export const stockMovement = pgTable(
  'stock_movement',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    /** Signed, in the product's base unit: + in, − out. */
    quantity: integer('quantity').notNull(),
    /** The store's balance of the product after this movement. */
    balanceAfter: integer('balance_after').notNull(),
    /** contract STOCK_MOVEMENT_KINDS. */
    kind: text('kind').notNull(),
    /** The business record that moved the stock, e.g. ('store_order', 12). */
    refType: text('ref_type').notNull(),
    refId: integer('ref_id').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movement_store_product_idx').on(t.storeId, t.productId, t.id),
    index('stock_movement_product_idx').on(t.productId, t.createdAt),
    index('stock_movement_created_idx').on(t.createdAt),
    index('stock_movement_ref_idx').on(t.refType, t.refId),
    check('stock_movement_nonzero_chk', sql`${t.quantity} <> 0`),
  ],
);

/**
 * Rollups of store_stock that the inventory reports read (stock/rollups.ts), so a chain-wide
 * report never reads every (store, product) row. Kept by `moveStock` in the stock change's
 * transaction, and by a product's edit (its cost or retail price, ml per unit, type) in the
 * edit's; `npm run rollups -- --rebuild | --check` recomputes them from store_stock.
 *
 * Per store × product type (type_id 0: no type): the store_stock rows (lines), those holding
 * stock (held: quantity > 0), the quantity, and the stock at cost and retail price in 分, each
 * row rounded as /stockCost rounds it.
 */
export const stockStoreType = pgTable(
  'stock_store_type',
  {
    storeId: integer('store_id').notNull(),
    typeId: integer('type_id').notNull(),
    lines: integer('lines').notNull().default(0),
    held: integer('held').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    costAmount: bigint('cost_amount', { mode: 'number' }).notNull().default(0),
    retailAmount: bigint('retail_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.typeId] })],
);

/** Per product, chain-wide: the stores with a store_stock row (lines), those holding it, the quantity. */
export const stockProductTotal = pgTable('stock_product_total', {
  productId: integer('product_id').primaryKey(),
  lines: integer('lines').notNull().default(0),
  held: integer('held').notNull().default(0),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
});
