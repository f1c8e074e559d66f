/**
 * Store orders (docs/domain.md "Store orders"): the order, its lines (a product or a material, the
 * unit price taken at submission), its payments, the ordering rules per kind, the material
 * catalogue, and the old system's orders kept read-only. Money is integer 分; quantities are in the
 * ordered item's own unit (stock moves in base units, see modules/stock).
 *
 * Order and line ids are identities BY DEFAULT so the seed (and the large-scale COPY loader) can
 * write planned ids; a loader that does must set the sequences after it (seed/storeOrders.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const who = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });

/** The material catalogue (物料): not retail goods, ordered on /materialBookProdLstNew. */
export const material = pgTable(
  'material',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    spec: text('spec'),
    unit: text('unit').notNull(),
    price: integer('price').notNull(),
    status: text('status').notNull().default('on'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('material_code_uq').on(t.code),
    check('material_status_chk', sql`${t.status} in ('on', 'off')`),
    check('material_price_chk', sql`${t.price} >= 0`),
  ],
);

export const storeOrder = pgTable(
  'store_order',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text('order_no').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** goods 零售商品, aesthetic 美业产品, material 物料. */
    kind: text('kind').notNull(),
    /** submitted, approved, shipped, received, rejected, withdrawn (contract ORDER_STATUSES). */
    status: text('status').notNull().default('submitted'),
    total: integer('total').notNull(),
    /** Sum of the order's payments, kept in the payment's transaction. */
    paidAmount: integer('paid_amount').notNull().default(0),
    /** paid 已付清, partial 部分付款, unpaid 未付款: kept by the database from total and paid_amount. */
    payStatus: text('pay_status').generatedAlwaysAs(
      sql`case when paid_amount >= total then 'paid' when paid_amount > 0 then 'partial' else 'unpaid' end`,
    ),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    /** The submitter: only they edit or withdraw the order while it is submitted. */
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    approvedBy: who('approved_by'),
    approvedAt: at('approved_at'),
    rejectedBy: who('rejected_by'),
    rejectedAt: at('rejected_at'),
    shippedBy: who('shipped_by'),
    shippedAt: at('shipped_at'),
    receivedBy: who('received_by'),
    receivedAt: at('received_at'),
    /** What the receiver noted (short delivery, damage). */
    receiveNote: text('receive_note'),
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [
    unique('store_order_no_uq').on(t.orderNo),
    // The lists: newest first, narrowed by status, store or kind.
    index('store_order_created_idx').on(t.createdAt, t.id),
    index('store_order_status_created_idx').on(t.status, t.createdAt),
    index('store_order_store_created_idx').on(t.storeId, t.createdAt),
    index('store_order_kind_created_idx').on(t.kind, t.createdAt),
    index('store_order_pay_created_idx').on(t.payStatus, t.createdAt),
    // Sorting a list of 100,000 orders by amount reads an index, not the table.
    index('store_order_total_idx').on(t.total, t.id),
    check('store_order_kind_chk', sql`${t.kind} in ('goods', 'aesthetic', 'material')`),
    check(
      'store_order_status_chk',
      sql`${t.status} in ('submitted', 'approved', 'shipped', 'received', 'rejected', 'withdrawn')`,
    ),
    check('store_order_money_chk', sql`${t.total} >= 0 and ${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.total}`),
  ],
);

export const storeOrderLine = pgTable(
  'store_order_line',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => storeOrder.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    /** Exactly one of product (goods and aesthetic orders) or material (material orders). */
    productId: integer('product_id').references(() => product.id),
    materialId: integer('material_id').references(() => material.id),
    /** In the item's own unit (瓶, 盒, 张 …). */
    quantity: integer('quantity').notNull(),
    /** 分, the product's cost price or the material's price at submission. */
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    /** Set at 收货; may be less than ordered. */
    receivedQty: integer('received_qty'),
  },
  (t) => [
    index('store_order_line_order_idx').on(t.orderId, t.line),
    index('store_order_line_product_idx').on(t.productId),
    index('store_order_line_material_idx').on(t.materialId),
    check('store_order_line_item_chk', sql`(${t.productId} is null) <> (${t.materialId} is null)`),
    check('store_order_line_qty_chk', sql`${t.quantity} > 0 and (${t.receivedQty} is null or ${t.receivedQty} >= 0)`),
    check('store_order_line_money_chk', sql`${t.unitPrice} >= 0 and ${t.amount} = ${t.quantity} * ${t.unitPrice}`),
  ],
);

/** Payments a store made for an order (append-only), recorded by headquarters (编辑). */
export const storeOrderPayment = pgTable(
  'store_order_payment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => storeOrder.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** transfer, wechat, alipay, cash, other (contract PAY_METHODS). */
    method: text('method').notNull(),
    paidAt: at('paid_at').notNull(),
    /** The uploaded voucher image's URL. */
    voucher: text('voucher'),
    remark: text('remark'),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('store_order_payment_order_idx').on(t.orderId, t.id),
    check('store_order_payment_amount_chk', sql`${t.amount} > 0`),
  ],
);

/** Ordering rules, one row per order kind (/orderConfiguration). */
export const orderConfig = pgTable(
  'order_config',
  {
    kind: text('kind').notNull(),
    orderDays: integer('order_days').array().notNull().default(sql`'{}'::int[]`),
    minAmount: integer('min_amount').notNull().default(0),
    franchiseCredit: boolean('franchise_credit').notNull().default(false),
    storeTypeIds: integer('store_type_ids').array().notNull().default(sql`'{}'::int[]`),
    updatedBy: who('updated_by'),
    updatedAt: at('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.kind] }), check('order_config_min_chk', sql`${t.minAmount} >= 0`)],
);

/** Orders of the old ordering system (/bookProdLst): read-only, lines as it kept them. */
export const legacyStoreOrder = pgTable(
  'legacy_store_order',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    orderedAt: at('ordered_at').notNull(),
    /** completed 已完成 or cancelled 已取消. */
    status: text('status').notNull(),
    total: integer('total').notNull(),
    remark: text('remark'),
    /** contract LegacyOrderLine[]. */
    lines: jsonb('lines').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    unique('legacy_store_order_no_uq').on(t.orderNo),
    index('legacy_store_order_ordered_idx').on(t.orderedAt, t.id),
    index('legacy_store_order_store_idx').on(t.storeId, t.orderedAt),
    check('legacy_store_order_status_chk', sql`${t.status} in ('completed', 'cancelled')`),
  ],
);

/**
 * /cooperativeConfig: a franchise store's ordering terms (contract entities/cooperativeConfig.ts):
 * the price tier its goods orders take and, when `goods_scope` is 'listed', the only products it
 * may order.
 */
export const cooperativeConfig = pgTable(
  'cooperative_config',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    priceTier: text('price_tier').notNull().default('cost'),
    goodsScope: text('goods_scope').notNull().default('all'),
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::int[]`),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('cooperative_config_store_uq').on(t.storeId),
    check('cooperative_config_tier_chk', sql`${t.priceTier} in ('cost', 'tier1', 'tier2', 'tier3')`),
    check('cooperative_config_scope_chk', sql`${t.goodsScope} in ('all', 'listed')`),
  ],
);
