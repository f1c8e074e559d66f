/**
 * Runs the declared jobs. Every instance ticks; a due job is claimed with a compare-and-set on
 * its next_run_at, so exactly one instance runs a given tick. A run is a schedule_run row from
 * 'running' to 'ok' or 'failed'; a failure also writes a system event.
 */
import { and, eq, isNotNull, like, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordEvent } from '../events/record';
import { INSTANCE_HOST_PID } from '../instance';
import { nextRun } from './cron';
import type { JobContext, JobDef } from './job';
import { scheduleJob, scheduleRun } from './schema';

/** A run still 'running' after this long is taken as lost (its instance died) and closed as failed. */
export const RUN_TIMEOUT_MS = 30 * 60_000;

export type JobLog = JobContext['log'];

const silent = { info() {}, warn() {}, error() {} } as unknown as JobLog;

export const findJob = (name: string, jobs: readonly JobDef[]): JobDef | undefined => jobs.find((j) => j.name === name);

/** New declarations become rows (enabled, default cron); an existing row keeps its cron and switch. */
export const syncJobs = async (db: Db, now: Date, jobs: readonly JobDef[]): Promise<void> => {
  for (const job of jobs) {
    await db
      .insert(scheduleJob)
      .values({ name: job.name, title: job.title, cron: job.defaultCron, nextRunAt: nextRun(job.defaultCron, now) })
      .onConflictDoNothing();
    await db
      .update(scheduleJob)
      .set({ title: job.title })
      .where(and(eq(scheduleJob.name, job.name), ne(scheduleJob.title, job.title)));
  }
};

/**
 * Closes runs left 'running' by an instance that is gone: any past the timeout, and, at a start,
 * those of an earlier process with this host and process id (a restarted container).
 */
export const closeLostRuns = async (db: Db, now: Date, currentInstance?: string): Promise<number> => {
  const sameProcessBefore = currentInstance
    ? and(like(scheduleRun.instance, `${INSTANCE_HOST_PID}:%`), ne(scheduleRun.instance, currentInstance))
    : undefined;
  const closed = await db
    .update(scheduleRun)
    .set({ status: 'failed', finishedAt: now, message: '执行中断：执行实例已停止或超时' })
    .where(
      and(
        eq(scheduleRun.status, 'running'),
        or(lt(scheduleRun.startedAt, new Date(now.getTime() - RUN_TIMEOUT_MS)), sameProcessBefore),
      ),
    )
    .returning({ id: scheduleRun.id });
  return closed.length;
};

export interface RunStart {
  job: JobDef;
  trigger: 'cron' | 'manual';
  userId: number | null;
  instance: string;
}

export const insertRun = async (db: Db, s: RunStart, now: Date): Promise<number> => {
  const [row] = await db
    .insert(scheduleRun)
    .values({
      job: s.job.name,
      trigger: s.trigger,
      userId: s.userId,
      instance: s.instance,
      startedAt: now,
      status: 'running',
    })
    .returning({ id: scheduleRun.id });
  return row!.id;
};

/** Runs the job of a started run row and closes the row; never throws. */
export const executeRun = async (
  db: Db,
  runId: number,
  s: RunStart,
  now: Date,
  log: JobLog = silent,
): Promise<'ok' | 'failed'> => {
  let status: 'ok' | 'failed';
  let message: string;
  let stack: string | undefined;
  try {
    message = await s.job.run({ db, log, now });
    status = 'ok';
  } catch (err) {
    status = 'failed';
    message = err instanceof Error ? err.message : String(err);
    stack = err instanceof Error ? err.stack : undefined;
    log.error({ err, job: s.job.name }, 'scheduled job failed');
  }
  await db
    .update(scheduleRun)
    .set({ status, message: message.slice(0, 1000), finishedAt: new Date() })
    .where(eq(scheduleRun.id, runId));
  if (status === 'failed') {
    await recordEvent(
      db,
      {
        level: 'error',
        kind: 'job_failed',
        message: `定时任务「${s.job.title}」执行失败：${message}`.slice(0, 1000),
        instance: s.instance,
        userId: s.userId,
        detail: { job: s.job.name, runId, trigger: s.trigger, stack },
      },
      (err) => log.error({ err }, 'system event write failed'),
    );
  }
  return status;
};

export interface TickRun {
  job: string;
  runId: number;
  status: 'ok' | 'failed';
}

export interface TickOptions {
  /** The declared jobs (modules/schedule/jobs.ts). */
  jobs: readonly JobDef[];
  log?: JobLog;
}

/**
 * Runs every enabled job whose next run is due at `now`, each claimed first: the UPDATE moves
 * next_run_at on only if it still holds the due time this instance read, so of instances racing
 * on one tick exactly one gets the row back and runs the job.
 */
export const tick = async (db: Db, instanceId: string, now: Date, opts: TickOptions): Promise<TickRun[]> => {
  const { jobs } = opts;
  const due = await db
    .select({ name: scheduleJob.name, cron: scheduleJob.cron, nextRunAt: scheduleJob.nextRunAt })
    .from(scheduleJob)
    .where(and(eq(scheduleJob.enabled, true), isNotNull(scheduleJob.nextRunAt), lte(scheduleJob.nextRunAt, now)));
  const runs: TickRun[] = [];
  for (const row of due) {
    const job = findJob(row.name, jobs);
    if (!job || !row.nextRunAt) continue;
    let next: Date;
    try {
      next = nextRun(row.cron, now);
    } catch {
      next = nextRun(job.defaultCron, now);
    }
    const claimed = await db
      .update(scheduleJob)
      .set({ nextRunAt: next })
      .where(
        and(eq(scheduleJob.name, row.name), eq(scheduleJob.nextRunAt, row.nextRunAt), eq(scheduleJob.enabled, true)),
      )
      .returning({ name: scheduleJob.name });
    if (claimed.length !== 1) continue;
    const start: RunStart = { job, trigger: 'cron', userId: null, instance: instanceId };
    const runId = await insertRun(db, start, now);
    runs.push({ job: job.name, runId, status: await executeRun(db, runId, start, now, opts.log) });
  }
  return runs;
};
