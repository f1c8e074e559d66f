/**
 * Memory stays flat at any row count: 100,000 rows × 6 columns exported through the real path
 * (job → streaming xlsx writer → file store chunks), with the process's RSS sampled throughout.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { openTestDb } from '../../testing/testApp';
import { statFile } from '../files/store';
import { enqueueExport } from './enqueue';
import { registerExportSource } from './registry';
import { exportJob } from './schema';
import { runNextExport } from './worker';

const ROWS = 100_000;
const PAGE = 1000;
const BUDGET_MB = 200;

registerExportSource({
  name: 'test.big',
  title: '大数据量测试',
  params: z.object({ rows: z.number().int().positive() }),
  columns: () => [
    { key: 'id', label: '编号' },
    { key: 'code', label: '会员卡号' },
    { key: 'name', label: '姓名' },
    { key: 'store', label: '门店' },
    { key: 'amount', label: '金额（元）' },
    { key: 'at', label: '创建时间' },
  ],
  count: async (_ctx, p: { rows: number }) => p.rows,
  // Generated page by page, as a keyset-paged query would hand them over.
  rows: async function* (_ctx, p: { rows: number }) {
    const base = Date.UTC(2026, 0, 1);
    for (let start = 0; start < p.rows; start += PAGE) {
      const page = [];
      for (let i = start; i < Math.min(p.rows, start + PAGE); i += 1) {
        page.push({
          id: i + 1,
          code: `VIP${String(i + 1).padStart(10, '0')}`,
          name: `会员${i % 9973}号`,
          store: `华东大区第${i % 317}号养发门店`,
          amount: ((i * 7919) % 100_000) / 100,
          at: new Date(base + i * 60_000),
        });
      }
      yield page;
      await new Promise((r) => setImmediate(r));
    }
  },
});

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(() => handle.close());

const MB = 1024 * 1024;

it(`exports ${ROWS.toLocaleString()} rows with peak RSS growth under ${BUDGET_MB} MB`, async () => {
  const { jobId } = await enqueueExport(handle.db, {
    userId: 1,
    scope: { level: 'hq' },
    source: 'test.big',
    params: { rows: ROWS },
  });
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = Date.now();
  try {
    expect(await runNextExport(handle.db, 'memory-test')).toBe(jobId);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const growthMb = (peak - baseline) / MB;
  const [job] = await handle.db.select().from(exportJob).where(eq(exportJob.id, jobId));
  console.log(
    `export of ${ROWS} rows: ${Date.now() - started} ms, file ${((job?.size ?? 0) / MB).toFixed(1)} MB, peak RSS growth ${growthMb.toFixed(1)} MB`,
  );
  expect(job).toMatchObject({ status: 'done', rowCount: ROWS, progress: 100 });
  expect((await statFile(handle.db, job!.fileId!))?.size).toBe(job!.size);
  expect(growthMb).toBeLessThan(BUDGET_MB);
});
