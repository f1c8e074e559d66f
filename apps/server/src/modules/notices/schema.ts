/** Task and payment notices (SPEC §3 task notice): the bell's unread count and /taskCenterBoss. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';

export const notice = pgTable(
  'notice',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The user the notice is for; only they see and read it. */
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => store.id, { onDelete: 'set null' }),
    /** 1 欠款通知 (arrears), 2 付款通知 (payment), 3 任务通知 (tasks), 4 差评通知 (bad review). */
    type: integer('type').notNull(),
    msgName: text('msg_name').notNull(),
    content: text('content').notNull().default(''),
    /** Amount in 分, when the notice is about money. */
    amount: bigint('amount', { mode: 'number' }),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The bell counts (user, is_read); the list pages (user, is_read) newest first.
    index('notice_user_read_created_idx').on(t.userId, t.isRead, t.createdAt.desc(), t.id.desc()),
    index('notice_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notice_store_idx').on(t.storeId),
    check('notice_type_chk', sql`${t.type} in (1, 2, 3, 4)`),
    check('notice_amount_chk', sql`${t.amount} is null or ${t.amount} >= 0`),
  ],
);
