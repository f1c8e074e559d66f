/**
 * Hierarchy (层级): boxes at a data level (总部/大区/门店), their contents (the node whose data a
 * role covers), roles, the roles offered in each content and the users holding them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { region, store } from '../stores/schema';

export const hier = pgTable(
  'hier',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('hier_level_chk', sql`${t.level} in ('hq', 'region', 'store')`), unique('hier_name_uq').on(t.name)],
);

/** A node of a box: headquarters, one region or one store. Its region/store decide the data scope. */
export const hierContent = pgTable(
  'hier_content',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hierId: integer('hier_id')
      .notNull()
      .references(() => hier.id),
    name: text('name').notNull(),
    regionId: integer('region_id').references(() => region.id),
    storeId: integer('store_id').references(() => store.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hier_content_hier_idx').on(t.hierId),
    // A name, a region or a store appears once per box (nulls never collide).
    unique('hier_content_name_uq').on(t.hierId, t.name),
    unique('hier_content_region_uq').on(t.hierId, t.regionId),
    unique('hier_content_store_uq').on(t.hierId, t.storeId),
    index('hier_content_region_idx').on(t.regionId),
    index('hier_content_store_idx').on(t.storeId),
  ],
);

export const role = pgTable(
  'role',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hierId: integer('hier_id')
      .notNull()
      .references(() => hier.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('role_hier_idx').on(t.hierId), unique('role_hier_name_uq').on(t.hierId, t.name)],
);

/** A role offered in a content: holding it gives the role's resources over the content's data. */
export const hierContentRole = pgTable(
  'hier_content_role',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer('content_id')
      .notNull()
      .references(() => hierContent.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('hier_content_role_uq').on(t.contentId, t.roleId), index('hier_content_role_role_idx').on(t.roleId)],
);

/** A user holding a role in a content; its id is the userRoleId the browser selects. */
export const userRole = pgTable(
  'user_role',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    contentRoleId: integer('content_role_id')
      .notNull()
      .references(() => hierContentRole.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_role_uq').on(t.userId, t.contentRoleId),
    index('user_role_content_role_idx').on(t.contentRoleId),
  ],
);
