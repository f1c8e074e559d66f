/**
 * /schedule: the declared jobs with their state and last run, their runs, and an administrator's
 * changes (cron, enabled, run now), each write in one transaction with its operation-log row.
 */

import type { Page } from '@zb/contract/api/paging';
import type { ScheduleJobRow, ScheduleRunRow, ScheduleRunStatus, ScheduleTrigger } from '@zb/contract/api/schedule';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { cronProblem, nextRun, nextRuns } from '../../platform/schedule/cron';
import type { JobDef } from '../../platform/schedule/job';
import { executeRun, findJob, insertRun, RUN_TIMEOUT_MS, type RunStart } from '../../platform/schedule/runner';
import { scheduleJob, scheduleRun } from '../../platform/schedule/schema';
import { userAccount } from '../accounts/schema';
import { JOBS } from './jobs';

const runColumns = {
  id: scheduleRun.id,
  job: scheduleRun.job,
  trigger: scheduleRun.trigger,
  userName: userAccount.nickname,
  instance: scheduleRun.instance,
  startedAt: scheduleRun.startedAt,
  finishedAt: scheduleRun.finishedAt,
  status: scheduleRun.status,
  message: scheduleRun.message,
};

type RawRun = {
  id: number;
  job: string;
  trigger: string;
  userName: string | null;
  instance: string;
  startedAt: Date;
  finishedAt: Date | null;
  status: string;
  message: string;
};

const toRun = (r: RawRun): ScheduleRunRow => ({
  ...r,
  trigger: r.trigger as ScheduleTrigger,
  status: r.status as ScheduleRunStatus,
  startedAt: formatDateTime(r.startedAt),
  finishedAt: r.finishedAt ? formatDateTime(r.finishedAt) : null,
});

const runsQuery = (db: Db) =>
  db.select(runColumns).from(scheduleRun).leftJoin(userAccount, eq(userAccount.id, scheduleRun.userId));

const lastRun = async (db: Db, job: string): Promise<ScheduleRunRow | null> => {
  const [row] = await runsQuery(db)
    .where(eq(scheduleRun.job, job))
    .orderBy(desc(scheduleRun.startedAt), desc(scheduleRun.id))
    .limit(1);
  return row ? toRun(row) : null;
};

const declared = (name: string): JobDef => {
  const job = findJob(name, JOBS);
  if (!job) throw new BizError(ERR.PARAM_INVALID, '定时任务不存在', { fields: { name: '定时任务不存在' } });
  return job;
};

type JobRecord = typeof scheduleJob.$inferSelect;

const toJob = async (db: Db, def: JobDef, row: JobRecord): Promise<ScheduleJobRow> => ({
  name: def.name,
  title: row.title,
  cron: row.cron,
  defaultCron: def.defaultCron,
  enabled: row.enabled,
  nextRunAt: row.enabled && row.nextRunAt ? formatDateTime(row.nextRunAt) : null,
  lastRun: await lastRun(db, def.name),
});

const jobRecord = async (db: Db, name: string, lock = false): Promise<JobRecord> => {
  const q = db.select().from(scheduleJob).where(eq(scheduleJob.name, name));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new BizError(ERR.PARAM_INVALID, '定时任务不存在', { fields: { name: '定时任务不存在' } });
  return row;
};

/** The declared jobs in declaration order, with their state and last run. */
export const listJobs = async (db: Db): Promise<ScheduleJobRow[]> => {
  const rows = new Map((await db.select().from(scheduleJob)).map((r) => [r.name, r]));
  const out: ScheduleJobRow[] = [];
  for (const def of JOBS) {
    const row = rows.get(def.name);
    if (row) out.push(await toJob(db, def, row));
  }
  return out;
};

export const listRuns = async (
  db: Db,
  q: { name: string; pageNo: number; pageSize: number },
): Promise<Page<ScheduleRunRow>> => {
  const where = eq(scheduleRun.job, q.name);
  const [total] = await db.select({ n: count() }).from(scheduleRun).where(where);
  const list = await runsQuery(db)
    .where(where)
    .orderBy(desc(scheduleRun.startedAt), desc(scheduleRun.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { list: list.map(toRun), total: total?.n ?? 0 };
};

const assertCron = (cron: string): void => {
  const problem = cronProblem(cron);
  if (problem) throw new BizError(ERR.PARAM_INVALID, problem, { fields: { cron: problem } });
};

/** The next run times of an expression, Beijing time. */
export const previewCron = (cron: string, count: number, now = new Date()): string[] => {
  assertCron(cron);
  return nextRuns(cron, now, count).map(formatDateTime);
};

export const updateCron = async (db: Db, userId: number, name: string, cron: string): Promise<ScheduleJobRow> => {
  const def = declared(name);
  assertCron(cron);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const before = await jobRecord(tx, name, true);
    const [after] = await tx
      .update(scheduleJob)
      .set({ cron, nextRunAt: before.enabled ? nextRun(cron, now) : null, updatedBy: userId, updatedAt: now })
      .where(eq(scheduleJob.name, name))
      .returning();
    await recordOperation(tx, {
      userId,
      action: 'updateScheduleCron',
      target: `schedule_job:${name}`,
      before: { cron: before.cron },
      after: { cron },
    });
    return after!;
  });
  return toJob(db, def, row);
};

export const setEnabled = async (db: Db, userId: number, name: string, enabled: boolean): Promise<ScheduleJobRow> => {
  const def = declared(name);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const before = await jobRecord(tx, name, true);
    const [after] = await tx
      .update(scheduleJob)
      // Enabling schedules from now on: the ticks missed while disabled are not made up.
      .set({ enabled, nextRunAt: enabled ? nextRun(before.cron, now) : null, updatedBy: userId, updatedAt: now })
      .where(eq(scheduleJob.name, name))
      .returning();
    await recordOperation(tx, {
      userId,
      action: enabled ? 'enableScheduleJob' : 'disableScheduleJob',
      target: `schedule_job:${name}`,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return after!;
  });
  return toJob(db, def, row);
};

/**
 * Runs a job now, as the user, and answers the finished run. Refused while a run of the job is
 * still going (the job row's lock makes two clicks start one run).
 */
export const runNow = async (
  db: Db,
  userId: number,
  name: string,
  instance: string,
  log?: Parameters<typeof executeRun>[4],
): Promise<ScheduleRunRow> => {
  const job = declared(name);
  const now = new Date();
  const start: RunStart = { job, trigger: 'manual', userId, instance };
  const runId = await db.transaction(async (tx) => {
    await jobRecord(tx, name, true);
    const [running] = await tx
      .select({ id: scheduleRun.id })
      .from(scheduleRun)
      .where(
        and(
          eq(scheduleRun.job, name),
          eq(scheduleRun.status, 'running'),
          gt(scheduleRun.startedAt, new Date(now.getTime() - RUN_TIMEOUT_MS)),
        ),
      )
      .limit(1);
    if (running) throw new BizError(ERR.SCHEDULE_RUNNING);
    const id = await insertRun(tx, start, now);
    await recordOperation(tx, {
      userId,
      action: 'runScheduleJob',
      target: `schedule_job:${name}`,
      after: { runId: id },
    });
    return id;
  });
  await executeRun(db, runId, start, now, log);
  const [row] = await runsQuery(db).where(eq(scheduleRun.id, runId));
  return toRun(row!);
};
