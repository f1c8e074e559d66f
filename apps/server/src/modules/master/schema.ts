/** Lookup lists (SPEC §3 "Lookup lists fetched", §7.3 /rest/master/*): one table, one category per list. */
import { MASTER_CATEGORIES } from '@zb/contract/api/master';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

export const masterItem = pgTable(
  'master_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The list it belongs to: a key of MASTER_CATEGORIES ('staffLevel', 'education', …). */
    category: text('category').notNull(),
    /** The parent item of a sub-type (staff level → position, store/project sub-type → type). */
    parentId: integer('parent_id').references((): AnyPgColumn => masterItem.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('master_item_category_parent_sort_idx').on(t.category, t.parentId, t.sort),
    unique('master_item_category_code_uq').on(t.category, t.code),
    check('master_item_code_chk', sql`length(${t.code}) > 0`),
    oneOf('master_item_category_chk', t.category, Object.keys(MASTER_CATEGORIES)),
  ],
);
