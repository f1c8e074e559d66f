/**
 * The export jobs end to end on the API: queued → running → done with a readable .xlsx, who may
 * download it, "-10" when there is nothing, leases that run out (restart in the middle), the
 * attempt limit, two workers at once, failures with a reason, and the purge.
 */
import { DOWNLOAD_API, type ExportJobView } from '@zb/contract/api/downloads';
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addTestExportRoute, getBytes, readSheet, TEST_EXPORT } from '../../testing/exports';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { BizError } from '../errors';
import { storedFile } from '../files/schema';
import { statFile } from '../files/store';
import { appSetting } from '../schema';
import { claimExport, MAX_EXPORT_ATTEMPTS, TOO_MANY_RESTARTS } from './claim';
import { purgeExpiredExports } from './purge';
import { type ExportContext, registerExportSource } from './registry';
import { XLSX_MIME } from './run';
import { exportJob } from './schema';
import { runNextExport } from './worker';

const numbersParams = z.object({ n: z.number().int().min(0).max(100_000), failAt: z.number().int().optional() });

/** n rows of numbers, in pages of 1000; fails with a BizError at row `failAt`. */
registerExportSource({
  name: 'test.numbers',
  title: '测试数字',
  params: numbersParams,
  columns: () => [
    { key: 'n', label: '序号' },
    { key: 'name', label: '名称', width: 30 },
    { key: 'at', label: '时间' },
  ],
  count: async (_ctx, p: z.output<typeof numbersParams>) => p.n,
  rows: async function* (_ctx, p: z.output<typeof numbersParams>) {
    for (let start = 0; start < p.n; start += 1000) {
      const page = [];
      for (let i = start; i < Math.min(p.n, start + 1000); i += 1) {
        if (p.failAt === i) throw new BizError(ERR.PARAM_INVALID, '数据源异常');
        page.push({ n: i + 1, name: `第${i + 1}行`, at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0)) });
      }
      yield page;
    }
  },
});

/** One row telling the data scope the job ran with. */
registerExportSource({
  name: 'test.scope',
  title: '测试范围',
  params: z.object({}),
  columns: () => [{ key: 'level', label: '层级' }],
  count: async () => 1,
  rows: async function* (ctx: ExportContext) {
    yield [{ level: ctx.scope.level }];
  },
});

/** Two rows, the second only once the test opens the gate: the job is seen 'running'. */
let openGate: () => void = () => {};
let reachedGate: Promise<void> = Promise.resolve();
registerExportSource({
  name: 'test.gated',
  title: '测试等待',
  params: z.object({}),
  columns: () => [{ key: 'v', label: '值' }],
  count: async () => 2,
  rows: async function* () {
    yield [{ v: 'first' }];
    let reached!: () => void;
    reachedGate = new Promise((r) => {
      reached = r;
    });
    const gate = new Promise<void>((r) => {
      openGate = r;
    });
    reached();
    await gate;
    yield [{ v: 'second' }];
  },
});

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ extend: addTestExportRoute });
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

// Each test starts with an empty queue: what a test left queued or running is put aside.
beforeEach(async () => {
  await t.db
    .update(exportJob)
    .set({ status: 'failed', error: '测试清理', lockedBy: null, lockedUntil: null })
    .where(sql`${exportJob.status} in ('queued', 'running')`);
});

const queue = async (c: TestClient, source: string, params: unknown = {}) => {
  const res = await c.call(TEST_EXPORT, { body: { source, params } });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data.jobId;
};

const statusOf = async (c: TestClient, id: number) => {
  const res = await c.call(DOWNLOAD_API.findStatus, { query: { id } });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const jobRow = async (id: number) => (await t.db.select().from(exportJob).where(eq(exportJob.id, id)))[0]!;

/** Runs every queued job as one worker. */
const drain = async (instance = 'test-worker') => {
  while ((await runNextExport(t.db, instance)) !== null) {}
};

const download = (c: TestClient, id: number) => getBytes(t.app, c, DOWNLOAD_API.file.path, { id });

describe('an export job', () => {
  it('goes queued → running → done, and its file opens with the header and every row', async () => {
    const id = await queue(zhang, 'test.numbers', { n: 2500 });
    expect(await statusOf(zhang, id)).toMatchObject({ status: 'queued', progress: 0, rowCount: 0, totalRows: 2500 });

    expect(await runNextExport(t.db, 'test-worker')).toBe(id);
    const gated = await queue(zhang, 'test.gated');
    const running = runNextExport(t.db, 'test-worker');
    await new Promise((r) => setTimeout(r, 0));
    await reachedGate;
    while ((await statusOf(zhang, gated)).status === 'queued') await new Promise((r) => setTimeout(r, 10));
    expect((await statusOf(zhang, gated)).status).toBe('running');
    openGate();
    expect(await running).toBe(gated);
    expect(await statusOf(zhang, gated)).toMatchObject({ status: 'done', progress: 100, rowCount: 2 });

    expect(await statusOf(zhang, id)).toEqual({
      id,
      status: 'done',
      progress: 100,
      rowCount: 2500,
      totalRows: 2500,
      error: null,
    });
    const file = await download(zhang, id);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_MIME);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="export_\d{14}\.xlsx"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(encoded)).toMatch(/^测试数字_\d{14}\.xlsx$/);
    expect(Number(file.headers['content-length'])).toBe(file.bytes.length);

    const rows = await readSheet(file.bytes);
    expect(rows[0]).toEqual(['序号', '名称', '时间']);
    expect(rows).toHaveLength(2501);
    expect(rows[1]).toEqual([1, '第1行', '2026-01-01 08:00:00']);
    expect(rows[2500]).toEqual([2500, '第2500行', '2026-01-01 08:00:00']);
  });

  it('is listed in the download centre, newest first, with its file name, size and times', async () => {
    const id = await queue(zhang, 'test.numbers', { n: 3 });
    await drain();
    const res = await zhang.call(DOWNLOAD_API.historys, { query: { pageNo: 1, pageSize: 10 } });
    expect(res.body.errcode).toBe(ERR.OK);
    const { list, total } = res.body.data;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(list[0]).toMatchObject({ id, title: '测试数字', status: 'done', progress: 100, rowCount: 3, error: null });
    expect(list[0]!.fileName).toMatch(/^测试数字_\d{14}\.xlsx$/);
    expect(list[0]!.size).toBeGreaterThan(1000);
    expect(list[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(list[0]!.finishedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(list[0]!.expiresAt).not.toBeNull();
    const ids = list.map((j: ExportJobView) => j.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('runs with the data scope of the user who asked', async () => {
    const id = await queue(li, 'test.scope');
    await drain();
    expect((await jobRow(id)).scope).toEqual({ level: 'region', regionIds: expect.any(Array) });
    const rows = await readSheet((await download(li, id)).bytes);
    expect(rows).toEqual([['层级'], ['region']]);
  });
});

describe('who sees and downloads an export', () => {
  let id: number;
  beforeAll(async () => {
    id = await queue(zhang, 'test.numbers', { n: 5 });
    await drain();
  });

  it('refuses another user the file and the status, and keeps it out of their list', async () => {
    const file = await download(li, id);
    expect(file.status).toBe(403);
    expect(file.json).toMatchObject({ errcode: ERR.FORBIDDEN, errmsg: '只能下载本人导出的文件' });
    const status = await li.call(DOWNLOAD_API.findStatus, { query: { id } });
    expect(status.body.errcode).toBe(ERR.FORBIDDEN);
    const list = await li.call(DOWNLOAD_API.historys, { query: {} });
    expect(list.body.data.list.map((j: ExportJobView) => j.id)).not.toContain(id);
  });

  it('lets an administrator download it and list everyone’s exports with all=1', async () => {
    const file = await download(admin, id);
    expect(file.status).toBe(200);
    expect((await readSheet(file.bytes)).length).toBe(6);
    const all = await admin.call(DOWNLOAD_API.historys, { query: { all: '1', pageSize: 100 } });
    expect(all.body.errcode).toBe(ERR.OK);
    const mine = all.body.data.list.find((j: ExportJobView) => j.id === id);
    expect(mine?.userName).toBeTruthy();
    const own = await admin.call(DOWNLOAD_API.historys, { query: {} });
    expect(own.body.data.list.map((j: ExportJobView) => j.id)).not.toContain(id);
  });

  it('refuses all=1 to anyone but an administrator', async () => {
    const res = await zhang.call(DOWNLOAD_API.historys, { query: { all: '1' } });
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    expect(res.body.errmsg).toBe('只有管理员可以查看全部导出记录');
  });

  it('answers a clear Chinese error for an unknown job and bad ids', async () => {
    const unknown = await download(zhang, 999_999);
    expect(unknown.json).toMatchObject({ errcode: ERR.EXPORT_NOT_FOUND, errmsg: '导出记录不存在' });
    const bad = await zhang.call(DOWNLOAD_API.findStatus, { query: { id: 'abc' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toBe('导出任务编号无效');
  });

  it('says a file is not ready while its job is queued', async () => {
    const queued = await queue(zhang, 'test.numbers', { n: 1 });
    const file = await download(zhang, queued);
    expect(file.json).toMatchObject({ errcode: ERR.EXPORT_NOT_READY, errmsg: '文件尚未导出完成，请稍后再下载' });
    await drain();
  });
});

describe('nothing to export', () => {
  it('answers "-10" and queues nothing', async () => {
    const before = await zhang.call(DOWNLOAD_API.historys, { query: {} });
    const res = await zhang.call(TEST_EXPORT, { body: { source: 'test.numbers', params: { n: 0 } } });
    expect(res.body.errcode).toBe('-10');
    expect(res.body.errmsg).toBe('没有可导出的数据');
    const after = await zhang.call(DOWNLOAD_API.historys, { query: {} });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('refuses invalid params with field messages', async () => {
    const res = await zhang.call(TEST_EXPORT, { body: { source: 'test.numbers', params: { n: -1 } } });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(Object.keys((res.body.data as unknown as { fields: object }).fields)).toEqual(['n']);
  });
});

describe('failures and restarts', () => {
  it('ends failed with a Chinese reason when the source breaks, and keeps no file', async () => {
    const id = await queue(zhang, 'test.numbers', { n: 3000, failAt: 1500 });
    await drain();
    const job = await jobRow(id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('导出失败：数据源异常');
    expect(job.fileId).toBeNull();
    expect(job.lockedBy).toBeNull();
    const orphans = await t.db.select().from(storedFile).where(sql`${storedFile.size} is null`);
    expect(orphans).toEqual([]);
    const list = await zhang.call(DOWNLOAD_API.historys, { query: {} });
    expect(list.body.data.list.find((j: ExportJobView) => j.id === id)).toMatchObject({
      status: 'failed',
      error: '导出失败：数据源异常',
    });
  });

  it('re-runs a job whose worker vanished (lease expired) from the start, attempts + 1', async () => {
    const id = await queue(zhang, 'test.numbers', { n: 1200 });
    // A worker claims it and dies: the job stays 'running' under a lease that runs out.
    const claimed = await claimExport(t.db, 'dead-worker', 60_000);
    expect(claimed?.id).toBe(id);
    await t.db.update(exportJob).set({ progress: 40, rowCount: 480 }).where(eq(exportJob.id, id));
    // While the lease holds, nobody else takes it.
    expect(await claimExport(t.db, 'other', 60_000)).toBeNull();
    await t.db.update(exportJob).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(exportJob.id, id));

    expect(await runNextExport(t.db, 'alive-worker')).toBe(id);
    const job = await jobRow(id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, progress: 100, rowCount: 1200, lockedBy: null });
    expect((await readSheet((await download(zhang, id)).bytes)).length).toBe(1201);
  });

  it(`ends 'failed', never stuck 'running', after ${MAX_EXPORT_ATTEMPTS} attempts`, async () => {
    const id = await queue(zhang, 'test.numbers', { n: 10 });
    for (let i = 0; i < MAX_EXPORT_ATTEMPTS; i += 1) {
      expect((await claimExport(t.db, `crash-${i}`, 60_000))?.id).toBe(id);
      await t.db.update(exportJob).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(exportJob.id, id));
    }
    expect(await runNextExport(t.db, 'survivor')).toBeNull();
    const job = await jobRow(id);
    expect(job).toMatchObject({ status: 'failed', error: TOO_MANY_RESTARTS, attempts: 3, lockedBy: null });
    expect(job.finishedAt).not.toBeNull();
    expect(await statusOf(zhang, id)).toMatchObject({ status: 'failed', error: '导出中断：服务重启次数过多' });
  });

  it('a worker that lost its lease does not overwrite the job', async () => {
    const id = await queue(zhang, 'test.numbers', { n: 10 });
    const claimed = (await claimExport(t.db, 'slow', 60_000))!;
    // Taken over by another worker after the lease ran out.
    await t.db.update(exportJob).set({ lockedBy: 'fast' }).where(eq(exportJob.id, id));
    const { runExportJob } = await import('./run');
    await runExportJob(t.db, claimed, { instanceId: 'slow', leaseMs: 60_000 });
    const job = await jobRow(id);
    expect(job).toMatchObject({ status: 'running', lockedBy: 'fast' });
    expect(job.fileId === null || (await statFile(t.db, job.fileId)) === null).toBe(true);
    await t.db
      .update(exportJob)
      .set({ status: 'failed', lockedBy: null, lockedUntil: null })
      .where(eq(exportJob.id, id));
  });
});

describe('two workers', () => {
  it('never take the same job', async () => {
    const ids = [
      await queue(zhang, 'test.numbers', { n: 1 }),
      await queue(zhang, 'test.numbers', { n: 1 }),
      await queue(zhang, 'test.numbers', { n: 1 }),
    ];
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimExport(t.db, `w${i}`, 60_000).then((j) => j?.id ?? null)),
    );
    const taken = claims.filter((c): c is number => c !== null);
    expect(taken.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await jobRow(id)).attempts).toBe(1);
    await t.db
      .update(exportJob)
      .set({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null })
      .where(sql`${exportJob.id} in (${sql.join(ids, sql`, `)})`);

    // And running side by side, each job is written once.
    await Promise.all([drain('a'), drain('b')]);
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, rowCount: 1 });
  });
});

describe('the purge', () => {
  it('deletes files past the retention setting and marks their jobs expired', async () => {
    const old = await queue(zhang, 'test.numbers', { n: 2 });
    const fresh = await queue(zhang, 'test.numbers', { n: 2 });
    await drain();
    const oldFile = (await jobRow(old)).fileId!;
    await t.db.insert(appSetting).values({ key: 'setting.exportRetentionDays', value: '3' });
    await t.db.update(exportJob).set({ finishedAt: sql`now() - interval '4 days'` }).where(eq(exportJob.id, old));

    // Past retention, it is expired for the user even before the purge runs.
    expect((await statusOf(zhang, old)).status).toBe('expired');
    expect((await download(zhang, old)).json).toMatchObject({
      errcode: ERR.EXPORT_EXPIRED,
      errmsg: '文件已过期，请重新导出',
    });

    expect(await purgeExpiredExports(t.db)).toBeGreaterThanOrEqual(1);
    expect(await jobRow(old)).toMatchObject({ status: 'expired', fileId: null });
    expect(await statFile(t.db, oldFile)).toBeNull();
    expect((await jobRow(fresh)).status).toBe('done');
    expect((await download(zhang, fresh)).status).toBe(200);
    expect(await purgeExpiredExports(t.db)).toBe(0);
    await t.db.delete(appSetting).where(eq(appSetting.key, 'setting.exportRetentionDays'));
  });
});

describe('the worker plugin', () => {
  it('picks up a queued job by itself in a second instance sharing the database', async () => {
    const second = await createTestApp({ handle: t.handle, config: { exportWorker: true } });
    try {
      const id = await queue(zhang, 'test.numbers', { n: 50 });
      const deadline = Date.now() + 10_000;
      while ((await statusOf(zhang, id)).status !== 'done' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await statusOf(zhang, id)).toMatchObject({ status: 'done', rowCount: 50, progress: 100 });
    } finally {
      await second.close();
    }
  });
});
