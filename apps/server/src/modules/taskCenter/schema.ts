/**
 * 消息中心 (SPEC §2.12): messages and tasks from head office to stores, each store's read and
 * answer state, and the task templates. The counts on task_msg are kept by the same transaction
 * that changes a store's row, so the lists filter and sort on them without a join.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';

export const taskTemplete = pgTable(
  'task_templete',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    msgType: integer('msg_type').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('task_templete_msg_type_chk', sql`${t.msgType} between 1 and 99`)],
);

export const taskMsg = pgTable(
  'task_msg',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 1 消息, 2 任务 (contract TASK_KINDS). */
    kind: integer('kind').notNull(),
    msgType: integer('msg_type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Tasks only: when each store's answer is due. */
    deadline: timestamp('deadline', { withTimezone: true }),
    templeteId: integer('templete_id').references(() => taskTemplete.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    storeCount: integer('store_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_msg_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    index('task_msg_creator_idx').on(t.createdBy),
    check('task_msg_kind_chk', sql`${t.kind} in (1, 2)`),
    check('task_msg_deadline_chk', sql`(${t.kind} = 2) = (${t.deadline} is not null)`),
    check(
      'task_msg_counts_chk',
      sql`${t.readCount} between 0 and ${t.storeCount} and ${t.answerCount} between 0 and ${t.storeCount}`,
    ),
  ],
);

export const taskMsgStore = pgTable(
  'task_msg_store',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => taskMsg.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    result: text('result'),
    /** When the overdue job told the task's creator of this store (once per task and store). */
    overdueNoticedAt: timestamp('overdue_noticed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.storeId] }),
    index('task_msg_store_store_idx').on(t.storeId, t.taskId),
    // The overdue job walks the unanswered, unnoticed rows.
    index('task_msg_store_pending_idx')
      .on(t.taskId)
      .where(sql`${t.answeredAt} is null and ${t.overdueNoticedAt} is null`),
    check('task_msg_store_answer_chk', sql`(${t.answeredAt} is null) = (${t.result} is null)`),
  ],
);
