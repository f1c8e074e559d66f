import { randomBytes } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleRun } from '../../platform/schedule/schema';
import { apiLog, operationLog, session, usedTicket } from '../../platform/schema';
import { writeSetting } from '../../platform/settings';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { userAccount } from '../accounts/schema';
import { wxsimLogin, wxsimToken } from '../wxwork/schema';
import { JOBS, RUNS_KEPT_PER_JOB } from './jobs';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  adminId = admin!.id;
});
afterAll(() => t.close());

const NOW = new Date();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);
const id = () => randomBytes(8).toString('hex');
const log = { info() {}, warn() {}, error() {} };

const run = (name: string) => {
  const job = JOBS.find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job.run({ db: t.db, log, now: NOW });
};

describe('the clean-up jobs delete what is expired and keep the rest', () => {
  it('sessions: past expiry, idle too long or revoked a day ago go; live ones and fresh revocations stay', async () => {
    const rows = {
      expired: { expiresAt: ago(1000), lastSeenAt: ago(1000) },
      idle: { expiresAt: later(DAY), lastSeenAt: ago(3 * HOUR) },
      revokedLongAgo: { expiresAt: later(DAY), lastSeenAt: ago(1000), revokedAt: ago(2 * DAY) },
      live: { expiresAt: later(DAY), lastSeenAt: ago(1000) },
      revokedJustNow: { expiresAt: later(DAY), lastSeenAt: ago(1000), revokedAt: ago(1000) },
    };
    const ids = Object.fromEntries(Object.keys(rows).map((k) => [k, `test-${k}-${id()}`]));
    for (const [k, v] of Object.entries(rows))
      await t.db.insert(session).values({ id: ids[k]!, userId: adminId, ...v });
    const message = await run('purgeSessions');
    expect(message).toMatch(/^清理过期会话 \d+ 条$/);
    const left = (await t.db.select({ id: session.id }).from(session).where(like(session.id, 'test-%'))).map(
      (r) => r.id,
    );
    expect(left.sort()).toEqual([ids.live, ids.revokedJustNow].sort());
  });

  it('used tickets past expiry go, unexpired ones stay', async () => {
    const old = `old-${id()}`;
    const fresh = `fresh-${id()}`;
    await t.db.insert(usedTicket).values([
      { jti: old, expiresAt: ago(1000) },
      { jti: fresh, expiresAt: later(HOUR) },
    ]);
    expect(await run('purgeUsedTickets')).toMatch(/清理过期凭证 [1-9]\d* 条/);
    const left = (
      await t.db
        .select({ jti: usedTicket.jti })
        .from(usedTicket)
        .where(inArray(usedTicket.jti, [old, fresh]))
    ).map((r) => r.jti);
    expect(left).toEqual([fresh]);
  });

  it('WeCom simulator states past the QR and code lifetimes and expired tokens go, current ones stay', async () => {
    const [oldState, newState, oldToken, newToken] = [id(), id(), id(), id()];
    await t.db.insert(wxsimLogin).values([
      { state: oldState, createdAt: ago(HOUR), code: id(), confirmedAt: ago(HOUR - 60_000) },
      { state: newState, createdAt: ago(60_000) },
    ]);
    await t.db.insert(wxsimToken).values([
      { token: oldToken, corpId: 'c', expiresAt: ago(1000) },
      { token: newToken, corpId: 'c', expiresAt: later(HOUR) },
    ]);
    expect(await run('purgeWxsim')).toMatch(/清理过期登录码与令牌 [2-9]\d* 条|清理过期登录码与令牌 \d{2,} 条/);
    const states = await t.db
      .select({ s: wxsimLogin.state })
      .from(wxsimLogin)
      .where(inArray(wxsimLogin.state, [oldState, newState]));
    expect(states.map((r) => r.s)).toEqual([newState]);
    const tokens = await t.db
      .select({ s: wxsimToken.token })
      .from(wxsimToken)
      .where(inArray(wxsimToken.token, [oldToken, newToken]));
    expect(tokens.map((r) => r.s)).toEqual([newToken]);
  });

  it('operation and API log rows older than the retention setting go, newer ones stay', async () => {
    await t.db.transaction((tx) => writeSetting(tx, 'operationLogRetentionDays', 30, adminId));
    const tag = `purge-${id()}`;
    await t.db.insert(operationLog).values([
      { userId: adminId, action: tag, target: 'old', at: ago(31 * DAY) },
      { userId: adminId, action: tag, target: 'new', at: ago(29 * DAY) },
    ]);
    await t.db.insert(apiLog).values([
      { method: 'GET', path: `/${tag}/old`, status: 200, ms: 1, at: ago(31 * DAY) },
      { method: 'GET', path: `/${tag}/new`, status: 200, ms: 1, at: ago(29 * DAY) },
    ]);
    expect(await run('purgeLogs')).toMatch(/^保留 30 天：清理操作日志 [1-9]\d* 条、接口日志 [1-9]\d* 条$/);
    const ops = await t.db
      .select({ target: operationLog.target })
      .from(operationLog)
      .where(eq(operationLog.action, tag));
    expect(ops.map((r) => r.target)).toEqual(['new']);
    const apis = await t.db
      .select({ path: apiLog.path })
      .from(apiLog)
      .where(like(apiLog.path, `/${tag}/%`));
    expect(apis.map((r) => r.path)).toEqual([`/${tag}/new`]);
  });

  it('job runs beyond the newest 200 of each job go; a run still going stays', async () => {
    const job = `testJob-${id()}`;
    const other = `testOther-${id()}`;
    const base = NOW.getTime() - DAY;
    await t.db.insert(scheduleRun).values([
      ...Array.from({ length: RUNS_KEPT_PER_JOB + 5 }, (_, i) => ({
        job,
        trigger: 'cron',
        instance: 'x',
        status: 'ok',
        startedAt: new Date(base + i * 60_000),
      })),
      { job, trigger: 'cron', instance: 'x', status: 'running', startedAt: new Date(base - DAY) },
      { job: other, trigger: 'cron', instance: 'x', status: 'ok', startedAt: new Date(base - DAY) },
    ]);
    expect(await run('purgeScheduleRuns')).toMatch(/清理执行记录 [5-9]\d* 条/);
    const left = await t.db.select().from(scheduleRun).where(eq(scheduleRun.job, job));
    expect(left.filter((r) => r.status === 'ok')).toHaveLength(RUNS_KEPT_PER_JOB);
    expect(left.filter((r) => r.status === 'running')).toHaveLength(1);
    const oldestKept = Math.min(...left.filter((r) => r.status === 'ok').map((r) => r.startedAt.getTime()));
    expect(oldestKept).toBe(base + 5 * 60_000);
    expect(await t.db.select().from(scheduleRun).where(eq(scheduleRun.job, other))).toHaveLength(1);
  });
});
