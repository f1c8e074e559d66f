/**
 * Mini-program content (contract entities/content.ts): 软文 and their reads. `content` holds HTML
 * already sanitised (sanitize.ts); `reads` is kept by the writer of soft_text_read in the same
 * transaction, so it always equals the article's read events.
 */
import { SOFT_TEXT_CATEGORIES, SOFT_TEXT_STATUSES } from '@zb/contract/entities/content';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const softText = pgTable(
  'soft_text',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    cover: text('cover').array().notNull().default(sql`'{}'::text[]`),
    summary: text('summary'),
    content: text('content').notNull(),
    status: text('status').notNull().default('draft'),
    publishedAt: at('published_at'),
    reads: integer('reads').notNull().default(0),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('soft_text_updated_idx').on(t.updatedAt),
    oneOf(
      'soft_text_category_chk',
      t.category,
      SOFT_TEXT_CATEGORIES.map((o) => o.value),
    ),
    oneOf(
      'soft_text_status_chk',
      t.status,
      SOFT_TEXT_STATUSES.map((o) => o.value),
    ),
  ],
);

/** One opening of an article in the mini-program; unique per sender's number (a retry counts once). */
export const softTextRead = pgTable(
  'soft_text_read',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    softTextId: integer('soft_text_id')
      .notNull()
      .references(() => softText.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull(),
    readNo: text('read_no').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    unique('soft_text_read_sender_uq').on(t.clientId, t.readNo),
    index('soft_text_read_text_idx').on(t.softTextId, t.readAt),
  ],
);
