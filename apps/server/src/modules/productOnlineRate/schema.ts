/** The settlement split of online sales per online product type (/productOnlineRateConfig). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { masterItem } from '../master/schema';

export const productOnlineRate = pgTable(
  'product_online_rate',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** A master item of productOnlineType; one row per type. */
    onlineType: integer('online_type')
      .notNull()
      .unique()
      .references(() => masterItem.id),
    /** Basis points (0–10000); the two add up to 10000. */
    hqRate: integer('hq_rate').notNull(),
    storeRate: integer('store_rate').notNull(),
    remark: text('remark'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_online_rate_sum_chk', sql`${t.hqRate} + ${t.storeRate} = 10000`)],
);
