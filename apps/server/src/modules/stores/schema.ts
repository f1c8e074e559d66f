/** Regions and the stores grouped under them (SPEC §2.4; the store's file is docs/domain.md "Stores"). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { masterItem } from '../master/schema';
import { regionDivision } from '../regions/schema';

export const region = pgTable('region', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

const lookup = (name: string) => integer(name).references(() => masterItem.id, { onDelete: 'set null' });

export const store = pgTable(
  'store',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => region.id),
    scrmEnabled: boolean('scrm_enabled').notNull().default(false),
    /** The franchisee who owns the store (老板); may sign in to ask for boss permission. */
    bossUserId: integer('boss_user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    /** preparing 筹建中, open 营业, suspended 停业, closed 闭店 (contract STORE_STATUSES). */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** direct 直营 or franchise 加盟. */
    ownership: text('ownership').notNull().default('direct'),
    typeId: lookup('type_id'),
    subTypeId: lookup('sub_type_id'),
    levelId: lookup('level_id'),
    businessScopeId: lookup('business_scope_id'),
    bizDistrictId: lookup('biz_district_id'),
    marketSegmentId: lookup('market_segment_id'),
    taxpayerTypeId: lookup('taxpayer_type_id'),
    /** The deepest division chosen: a district (440305), or a city without districts. */
    divisionCode: text('division_code').references(() => regionDivision.code),
    address: text('address'),
    phone: text('phone'),
    openDate: date('open_date', { mode: 'string' }),
  },
  (t) => [
    index('store_region_idx').on(t.regionId),
    // Lists of orders, staff and stock sorted by store name walk the stores in name order.
    index('store_name_idx').on(t.name, t.id),
    index('store_boss_idx').on(t.bossUserId),
    index('store_status_idx').on(t.status),
    index('store_division_idx').on(t.divisionCode),
    check('store_status_chk', sql`${t.status} in ('preparing', 'open', 'suspended', 'closed')`),
    check('store_ownership_chk', sql`${t.ownership} in ('direct', 'franchise')`),
  ],
);
