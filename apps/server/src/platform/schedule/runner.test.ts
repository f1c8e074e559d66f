import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { systemEvent } from '../events/schema';
import type { JobDef } from './job';
import { closeLostRuns, RUN_TIMEOUT_MS, syncJobs, tick } from './runner';
import { scheduleJob, scheduleRun } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let calls = 0;
const counting: JobDef = {
  name: 'testCounting',
  title: '测试计数任务',
  defaultCron: '*/5 * * * *',
  run: async () => {
    calls++;
    // Yield so that a racing tick gets its chance to claim the same row.
    await new Promise((r) => setTimeout(r, 20));
    return `计数 ${calls}`;
  },
};
const failing: JobDef = {
  name: 'testFailing',
  title: '测试失败任务',
  defaultCron: '0 * * * *',
  run: async () => {
    throw new Error('磁盘已满');
  },
};
const JOBS = [counting, failing];

const at = (iso: string) => new Date(iso);
const jobRow = async (name: string) => (await t.db.select().from(scheduleJob).where(eq(scheduleJob.name, name)))[0]!;
const runsOf = (name: string) => t.db.select().from(scheduleRun).where(eq(scheduleRun.job, name));

beforeEach(async () => {
  calls = 0;
  await t.db.delete(scheduleJob).where(eq(scheduleJob.name, counting.name));
  await t.db.delete(scheduleJob).where(eq(scheduleJob.name, failing.name));
  await t.db.delete(scheduleRun).where(inArray(scheduleRun.job, [counting.name, failing.name]));
  await syncJobs(t.db, at('2026-03-01T10:02:00+08:00'), JOBS);
});

describe('the declarations', () => {
  it('become rows with the default cron and the next run from now; the demo jobs are there at start', async () => {
    const row = await jobRow(counting.name);
    expect(row).toMatchObject({ cron: '*/5 * * * *', enabled: true, title: '测试计数任务' });
    expect(row.nextRunAt?.toISOString()).toBe(at('2026-03-01T10:05:00+08:00').toISOString());
    const names = (await t.db.select({ name: scheduleJob.name }).from(scheduleJob)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['purgeSessions', 'purgeLogs', 'purgeScheduleRuns']));
  });

  it('keep a cron the administrator changed when synced again', async () => {
    await t.db.update(scheduleJob).set({ cron: '0 4 * * *' }).where(eq(scheduleJob.name, counting.name));
    await syncJobs(t.db, new Date(), JOBS);
    expect((await jobRow(counting.name)).cron).toBe('0 4 * * *');
  });
});

describe('a tick', () => {
  it('does nothing before the job is due, and runs it once it is, then schedules the next', async () => {
    expect(await tick(t.db, 'A', at('2026-03-01T10:04:59+08:00'), { jobs: JOBS })).toEqual([]);
    const runs = await tick(t.db, 'A', at('2026-03-01T10:05:00+08:00'), { jobs: JOBS });
    expect(runs.map((r) => [r.job, r.status])).toEqual([[counting.name, 'ok']]);
    const [run] = await runsOf(counting.name);
    expect(run).toMatchObject({ trigger: 'cron', status: 'ok', message: '计数 1', instance: 'A', userId: null });
    expect(run?.finishedAt).not.toBeNull();
    expect((await jobRow(counting.name)).nextRunAt?.toISOString()).toBe(at('2026-03-01T10:10:00+08:00').toISOString());
  });

  it('two instances racing on the same due tick run the job once', async () => {
    const now = at('2026-03-01T10:05:01+08:00');
    const [a, b] = await Promise.all([tick(t.db, 'A', now, { jobs: JOBS }), tick(t.db, 'B', now, { jobs: JOBS })]);
    expect(a.length + b.length).toBe(1);
    expect(calls).toBe(1);
    expect(await runsOf(counting.name)).toHaveLength(1);
  });

  it('a disabled job does not run', async () => {
    await t.db.update(scheduleJob).set({ enabled: false }).where(eq(scheduleJob.name, counting.name));
    expect(await tick(t.db, 'A', at('2026-03-01T11:00:00+08:00'), { jobs: JOBS })).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ job: counting.name })]),
    );
    expect(calls).toBe(0);
    expect(await runsOf(counting.name)).toHaveLength(0);
  });

  it('a job that throws ends failed with the reason and writes a job_failed system event', async () => {
    const runs = await tick(t.db, 'A', at('2026-03-01T11:00:00+08:00'), { jobs: JOBS });
    expect(runs).toContainEqual(expect.objectContaining({ job: failing.name, status: 'failed' }));
    const [run] = await runsOf(failing.name);
    expect(run).toMatchObject({ status: 'failed', message: '磁盘已满' });
    const events = await t.db
      .select()
      .from(systemEvent)
      .where(and(eq(systemEvent.kind, 'job_failed'), eq(systemEvent.instance, 'A')));
    const event = events.find((e) => (e.detail as { runId?: number }).runId === run?.id);
    expect(event).toMatchObject({ level: 'error', message: '定时任务「测试失败任务」执行失败：磁盘已满' });
    expect(event?.detail).toMatchObject({ job: failing.name, runId: run?.id, trigger: 'cron' });
  });
});

describe('lost runs', () => {
  it('a run left running past the timeout is closed as failed; a recent one is left alone', async () => {
    const now = new Date();
    const [old] = await t.db
      .insert(scheduleRun)
      .values({
        job: counting.name,
        trigger: 'cron',
        instance: 'dead',
        status: 'running',
        startedAt: new Date(now.getTime() - RUN_TIMEOUT_MS - 1000),
      })
      .returning();
    const [recent] = await t.db
      .insert(scheduleRun)
      .values({ job: counting.name, trigger: 'cron', instance: 'alive', status: 'running', startedAt: now })
      .returning();
    await closeLostRuns(t.db, now);
    const rows = new Map((await runsOf(counting.name)).map((r) => [r.id, r]));
    expect(rows.get(old!.id)).toMatchObject({ status: 'failed', message: '执行中断：执行实例已停止或超时' });
    expect(rows.get(recent!.id)?.status).toBe('running');
  });
});
