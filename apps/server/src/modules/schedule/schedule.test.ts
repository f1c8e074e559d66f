import { SCHEDULE_API } from '@zb/contract/api/schedule';
import { ERR } from '@zb/contract/errcodes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleJob, scheduleRun } from '../../platform/schedule/schema';
import { operationLog } from '../../platform/schema';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { JOBS } from './jobs';

let t: TestApp;
let admin: TestClient;
let region: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  region = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t.close());

const ok = <R>(res: { status: number; body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const lastOperation = async (action: string) =>
  (
    await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, action))
      .orderBy(desc(operationLog.id))
      .limit(1)
  )[0];

describe('the job list', () => {
  it('lists every declared job with its cron, next run and (none yet) last run', async () => {
    const jobs = ok(await admin.call(SCHEDULE_API.list));
    expect(jobs.map((j) => j.name)).toEqual(JOBS.map((j) => j.name));
    const sessions = jobs.find((j) => j.name === 'purgeSessions')!;
    expect(sessions).toMatchObject({ title: '清理过期会话', cron: '*/30 * * * *', enabled: true });
    expect(sessions.nextRunAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:[03]0:00$/);
  });

  it('previews the next five run times, and refuses a bad expression on its field', async () => {
    const times = ok(await admin.call(SCHEDULE_API.preview, { query: { cron: '0 2 * * *' } }));
    expect(times).toHaveLength(5);
    for (const time of times) expect(time).toMatch(/ 02:00:00$/);
    const bad = await admin.call(SCHEDULE_API.preview, { query: { cron: '0 2 * *' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(bad.body).cron).toMatch(/5 段/);
  });
});

describe('changes', () => {
  it('a new cron is kept, moves the next run and is in the operation log', async () => {
    const job = ok(await admin.call(SCHEDULE_API.updateCron, { body: { name: 'purgeLogs', cron: '15 4 * * *' } }));
    expect(job).toMatchObject({ name: 'purgeLogs', cron: '15 4 * * *', defaultCron: '30 3 * * *' });
    expect(job.nextRunAt).toMatch(/ 04:15:00$/);
    expect(await lastOperation('updateScheduleCron')).toMatchObject({
      target: 'schedule_job:purgeLogs',
      before: { cron: '30 3 * * *' },
      after: { cron: '15 4 * * *' },
    });
  });

  it('a bad cron or an unknown job is refused in Chinese and changes nothing', async () => {
    const bad = await admin.call(SCHEDULE_API.updateCron, { body: { name: 'purgeLogs', cron: '99 * * * *' } });
    expect(bad.status).toBe(200);
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(bad.body).cron).toMatch(/^Cron 表达式无效/);
    const empty = await admin.call(SCHEDULE_API.updateCron, { body: { name: 'purgeLogs', cron: ' ' } });
    expect(fieldsOf(empty.body).cron).toBe('请填写 Cron 表达式');
    const unknown = await admin.call(SCHEDULE_API.updateCron, { body: { name: 'noSuchJob', cron: '0 1 * * *' } });
    expect(unknown.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(unknown.body).name).toBe('定时任务不存在');
    const [row] = await t.db.select().from(scheduleJob).where(eq(scheduleJob.name, 'purgeLogs'));
    expect(row?.cron).toBe('15 4 * * *');
  });

  it('disabling clears the next run; enabling schedules it again', async () => {
    const off = ok(await admin.call(SCHEDULE_API.setEnabled, { body: { name: 'purgeWxsim', enabled: false } }));
    expect(off).toMatchObject({ enabled: false, nextRunAt: null });
    expect(await lastOperation('disableScheduleJob')).toMatchObject({ target: 'schedule_job:purgeWxsim' });
    const on = ok(await admin.call(SCHEDULE_API.setEnabled, { body: { name: 'purgeWxsim', enabled: true } }));
    expect(on.enabled).toBe(true);
    expect(on.nextRunAt).toMatch(/:20:00$/);
  });

  it('run now runs the job at once, recorded as manual with the user, and shows as the last run', async () => {
    const run = ok(await admin.call(SCHEDULE_API.runNow, { body: { name: 'purgeSessions' } }));
    expect(run).toMatchObject({ job: 'purgeSessions', trigger: 'manual', status: 'ok', userName: '系统管理员' });
    expect(run.message).toMatch(/^清理过期会话 \d+ 条$/);
    expect(run.finishedAt).not.toBeNull();
    expect(await lastOperation('runScheduleJob')).toMatchObject({ after: { runId: run.id } });
    const jobs = ok(await admin.call(SCHEDULE_API.list));
    expect(jobs.find((j) => j.name === 'purgeSessions')?.lastRun?.id).toBe(run.id);
    const page = ok(await admin.call(SCHEDULE_API.runs, { query: { name: 'purgeSessions', pageNo: 1, pageSize: 10 } }));
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.list[0]?.id).toBe(run.id);
  });

  it('run now is refused while a run of the job is still going', async () => {
    await t.db
      .insert(scheduleRun)
      .values({ job: 'purgeUsedTickets', trigger: 'cron', instance: 'other', status: 'running' });
    const res = await admin.call(SCHEDULE_API.runNow, { body: { name: 'purgeUsedTickets' } });
    expect(res.body).toMatchObject({ errcode: ERR.SCHEDULE_RUNNING, errmsg: '该任务正在执行，请稍后再试' });
    await t.db
      .delete(scheduleRun)
      .where(and(eq(scheduleRun.job, 'purgeUsedTickets'), eq(scheduleRun.instance, 'other')));
  });
});

describe('permissions', () => {
  it('a user without /schedule is refused every call with AUTH-40301', async () => {
    for (const [e, opts] of [
      [SCHEDULE_API.list, {}],
      [SCHEDULE_API.runs, { query: { name: 'purgeLogs' } }],
      [SCHEDULE_API.updateCron, { body: { name: 'purgeLogs', cron: '0 1 * * *' } }],
      [SCHEDULE_API.setEnabled, { body: { name: 'purgeLogs', enabled: false } }],
      [SCHEDULE_API.runNow, { body: { name: 'purgeLogs' } }],
    ] as const) {
      const res = await region.call(e as typeof SCHEDULE_API.list, opts);
      expect(res.status, e.path).toBe(403);
      expect(res.body.errcode, e.path).toBe(ERR.FORBIDDEN);
    }
    const [row] = await t.db.select().from(scheduleJob).where(eq(scheduleJob.name, 'purgeLogs'));
    expect(row).toMatchObject({ cron: '15 4 * * *', enabled: true });
  });
});
