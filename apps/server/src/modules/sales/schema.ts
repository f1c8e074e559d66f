/**
 * 折扣方案 (contract entities/sale.ts): the plans, the goods each prices, and the bill lines each
 * priced (written in the bill's transaction through bills' `billPricing` hook).
 */
import { CAMPAIGN_STATUSES } from '@zb/contract/entities/campaign';
import { COUPON_SCOPES } from '@zb/contract/entities/coupon';
import { GOODS_KINDS } from '@zb/contract/entities/goodsRef';
import { SALE_MODES } from '@zb/contract/entities/sale';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { campaignColumns } from '../approvals/schema';
import { member, memberConsume } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const sale = pgTable(
  'sale',
  {
    /** ZK and the id in six digits. */
    ...campaignColumns('ZK'),
    storeScope: text('store_scope').notNull().default('all'),
    /** 指定门店: the stores' codes, upper case, comma separated. */
    storeCodes: text('store_codes'),
  },
  (t) => [
    unique('sale_code_uq').on(t.code),
    index('sale_created_idx').on(t.createdAt, t.id),
    index('sale_active_idx').on(t.status, t.startDay, t.endDay),
    oneOf(
      'sale_status_chk',
      t.status,
      CAMPAIGN_STATUSES.map((s) => s.value),
    ),
    oneOf(
      'sale_scope_chk',
      t.storeScope,
      COUPON_SCOPES.map((s) => s.value),
    ),
    check('sale_days_chk', sql`${t.endDay} >= ${t.startDay}`),
  ],
);

export const saleItem = pgTable(
  'sale_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sale.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    kind: text('kind').notNull(),
    /** The id in the kind's table (project, product, card). */
    goodsId: integer('goods_id').notNull(),
    mode: text('mode').notNull(),
    /** 特价: 分; 折扣: tenths kept (85 = 8.5 折). */
    value: integer('value').notNull(),
  },
  (t) => [
    unique('sale_item_goods_uq').on(t.saleId, t.kind, t.goodsId),
    index('sale_item_goods_idx').on(t.kind, t.goodsId),
    oneOf(
      'sale_item_kind_chk',
      t.kind,
      GOODS_KINDS.map((k) => k.value),
    ),
    oneOf(
      'sale_item_mode_chk',
      t.mode,
      SALE_MODES.map((k) => k.value),
    ),
    check('sale_item_value_chk', sql`${t.value} >= 0 and (${t.mode} = 'price' or ${t.value} between 1 and 99)`),
  ],
);

export const saleUse = pgTable(
  'sale_use',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sale.id),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id),
    line: integer('line').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    at: at('at').notNull(),
    kind: text('kind').notNull(),
    goodsId: integer('goods_id').notNull(),
    quantity: integer('quantity').notNull(),
    listPrice: integer('list_price').notNull(),
    unitPrice: integer('unit_price').notNull(),
  },
  (t) => [
    unique('sale_use_line_uq').on(t.consumeId, t.line),
    index('sale_use_sale_idx').on(t.saleId, t.at),
    oneOf(
      'sale_use_kind_chk',
      t.kind,
      GOODS_KINDS.map((k) => k.value),
    ),
    check('sale_use_price_chk', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.unitPrice} < ${t.listPrice}`),
  ],
);
