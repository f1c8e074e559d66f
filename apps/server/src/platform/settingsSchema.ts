/** The history of the settings of contract/settings: every change, who made it and when. */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const settingChange = pgTable(
  'setting_change',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    /** The value before (the declared default when never changed), as stored. */
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('setting_change_at_idx').on(t.at.desc(), t.id.desc()),
    index('setting_change_key_idx').on(t.key, t.at.desc()),
  ],
);
