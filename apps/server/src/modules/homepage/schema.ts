/**
 * 小程序首页配置 (contract entities/homepage.ts): the one draft head office edits, and every
 * published version (the newest is what the mini-program reads).
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The draft: one row (id 1). */
export const homeDraft = pgTable(
  'home_draft',
  {
    id: integer('id').primaryKey(),
    doc: jsonb('doc').notNull(),
    savedAt: at('saved_at').notNull().defaultNow(),
    savedBy: integer('saved_by').references(() => userAccount.id, { onDelete: 'set null' }),
  },
  (t) => [check('home_draft_one_chk', sql`${t.id} = 1`)],
);

/** A publication: the draft as it was published. */
export const homeVersion = pgTable(
  'home_version',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull(),
    doc: jsonb('doc').notNull(),
    publishedAt: at('published_at').notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => userAccount.id, { onDelete: 'set null' }),
  },
  (t) => [unique('home_version_version_uq').on(t.version)],
);
