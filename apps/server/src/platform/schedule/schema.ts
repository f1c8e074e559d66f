/** Scheduled jobs (declared in code, synced at start) and their runs. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const scheduleJob = pgTable('schedule_job', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  /** As the administrator set it; the declaration's default only for a new job. */
  cron: text('cron').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The tick an instance claims by compare-and-set; null while disabled. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const scheduleRun = pgTable(
  'schedule_run',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    job: text('job').notNull(),
    /** 'cron' | 'manual' */
    trigger: text('trigger').notNull(),
    userId: integer('user_id'),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'running' | 'ok' | 'failed' */
    status: text('status').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [
    index('schedule_run_job_idx').on(t.job, t.startedAt.desc(), t.id.desc()),
    index('schedule_run_running_idx').on(t.startedAt).where(sql`${t.status} = 'running'`),
  ],
);
