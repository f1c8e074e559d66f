/**
 * Configuration the bill flows read (contract entities/billConfig.ts): store managers' monthly
 * 签单 quotas (/signBill) and per-project draw limits (/drawLimitConfig). Store levels are master
 * lookup rows (modules/master).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { project } from '../goods/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

/** A store manager's monthly 签单 quota at one store (分). */
export const signQuota = pgTable(
  'sign_quota',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    monthlyQuota: integer('monthly_quota').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sign_quota_store_staff_uq').on(t.storeId, t.staffId),
    check('sign_quota_amount_chk', sql`${t.monthlyQuota} > 0`),
  ],
);

/** Most sessions of a project one member may draw on cards per day / per month. */
export const drawLimit = pgTable(
  'draw_limit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    dailyMax: integer('daily_max'),
    monthlyMax: integer('monthly_max'),
    /** all: counted over every store; store: each store on its own. */
    storeScope: text('store_scope').notNull().default('all'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('draw_limit_project_uq').on(t.projectId),
    check('draw_limit_scope_chk', sql`${t.storeScope} in ('all', 'store')`),
    check(
      'draw_limit_max_chk',
      sql`(${t.dailyMax} is not null or ${t.monthlyMax} is not null) and coalesce(${t.dailyMax}, 1) > 0 and coalesce(${t.monthlyMax}, 1) > 0`,
    ),
  ],
);
