/** Regions and the stores grouped under them. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../auth/schema';

export const region = pgTable('region', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

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
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_region_idx').on(t.regionId),
    index('store_boss_idx').on(t.bossUserId),
    check('store_status_chk', sql`${t.status} in ('open', 'closed')`),
  ],
);
