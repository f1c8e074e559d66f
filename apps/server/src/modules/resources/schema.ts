/** Resources (one per menu group, page and button of the route table), what each role holds, saved shortcuts. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { role } from '../hierarchy/schema';

export const resource = pgTable(
  'resource',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    /** Menu name; editable by an administrator, never overwritten by the start-up sync. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    /** The group of a page, the page of a button; null for a group. */
    parentCode: text('parent_code'),
    sort: integer('sort').notNull().default(0),
    /** An administrator's menu position (updateMenu); null keeps the route table's `sort`. */
    menuSort: integer('menu_sort'),
  },
  (t) => [
    index('resource_parent_idx').on(t.parentCode),
    check('resource_kind_chk', sql`${t.kind} in ('group', 'page', 'button')`),
  ],
);

export const roleResource = pgTable(
  'role_resource',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] }), index('role_resource_resource_idx').on(t.resourceId)],
);

/** Shortcuts (快捷入口) a user saved for one of their roles, in display order. */
export const userQuick = pgTable(
  'user_quick',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resource.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('user_quick_user_role_idx').on(t.userId, t.roleId, t.sort),
    index('user_quick_resource_idx').on(t.resourceId),
  ],
);
