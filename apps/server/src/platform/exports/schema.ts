/** Export jobs of the download centre: claimed by any instance's worker, under a lease. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DataScope } from '../scope';

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const exportJob = pgTable(
  'export_job',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    /** The export source's name (registry key). */
    source: text('source').notNull(),
    title: text('title').notNull(),
    params: jsonb('params').notNull(),
    /** The caller's data scope when they asked: the job reads what they could see then. */
    scope: jsonb('scope').$type<DataScope>().notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    fileId: text('file_id'),
    /** The file's name as downloaded, e.g. 账号列表_20261122093015.xlsx. */
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    /** Why it failed, in Chinese. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** The instance working on it and until when its lease holds. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The download centre: my exports, newest first (and everyone's for an administrator).
    index('export_job_user_idx').on(t.userId, t.id),
    // The claim: queued jobs and running jobs whose lease may have run out.
    index('export_job_claim_idx').on(t.status, t.id).where(sql`status in ('queued', 'running')`),
    // The purge: finished files by age.
    index('export_job_done_idx').on(t.finishedAt).where(sql`status = 'done'`),
  ],
);
