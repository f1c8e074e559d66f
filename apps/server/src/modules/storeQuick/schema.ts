/**
 * Store quick channels (门店快捷入口, SPEC §7.6): the entries the store-side app can show, each
 * store-level role's default ordered set, and a store's optional override of it.
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { role } from '../hierarchy/schema';
import { store } from '../stores/schema';

/** Every entry the store-side app knows (开单, 办卡, 充值…); seeded, keyed by code. */
export const storeQuickBase = pgTable('store_quick_base', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Icon name of the store-side app. */
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A store-level role's default entries, in display order. */
export const roleQuick = pgTable(
  'role_quick',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    baseId: integer('base_id')
      .notNull()
      .references(() => storeQuickBase.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.baseId] }), index('role_quick_base_idx').on(t.baseId)],
);

/** One store's entries for a role, replacing the role's default there; no rows = no override. */
export const storeQuick = pgTable(
  'store_quick',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    baseId: integer('base_id')
      .notNull()
      .references(() => storeQuickBase.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.roleId, t.baseId] }),
    index('store_quick_role_idx').on(t.roleId),
    index('store_quick_base_idx').on(t.baseId),
  ],
);
