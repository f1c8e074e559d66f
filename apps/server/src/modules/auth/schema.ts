/** The phone area codes offered at sign-in (the accounts themselves are modules/accounts/schema.ts). */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const areaCode = pgTable('area_code', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  areaCode: text('area_code').notNull().unique(),
  name: text('name').notNull(),
  def: boolean('def').notNull().default(false),
});
