/**
 * The export of a large list, on the real server: 100,000 API-log rows are put in the database,
 * an administrator asks for /apiLog's 导出, and the bench follows the job through the download
 * centre to the finished file, sampling the server process's resident memory (VmRSS) as it goes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { API_LOG } from '@zb/contract/entities/logs';
import { resourceApi } from '@zb/contract/resource/api';
import { sql } from 'drizzle-orm';
import { type DbHandle, openPglite, openPostgres } from '../apps/server/src/db/client';
import { apiLog } from '../apps/server/src/platform/schema';
import { startServer } from '../e2e/server';
import { signIn } from './session';

export const EXPORT_ROWS = 100_000;

const rssKb = (pid: number): number => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(m?.[1] ?? 0);
};

const fillApiLog = async (handle: DbHandle, rows: number) => {
  await handle.db.execute(
    sql`insert into ${apiLog} (method, path, user_id, errcode, status, ms, at)
        select 'GET', '/rest/bench/' || g, 1, '0', 200, (g % 97)::int, now() - (g || ' seconds')::interval
        from generate_series(1, ${rows}::int) g`,
  );
};

export interface ExportResult {
  rows: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  bytes: number;
}

/** Runs one export of EXPORT_ROWS rows; `databaseUrl` null means PGlite in a fresh folder. */
export const measureExport = async (databaseUrl: string | null): Promise<ExportResult> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zb-bench-export-'));
  const env: Record<string, string> = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SCHEDULE_TICK_MS: '0' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // First start: migrations and the demo data. Then the rows go in while no server holds the data.
  const first = await startServer(env);
  await first.stop();
  const handle = databaseUrl ? await openPostgres(databaseUrl, 2) : await openPglite(join(dataDir, 'pglite'));
  await fillApiLog(handle, EXPORT_ROWS);
  await handle.close();

  const server = await startServer(env);
  try {
    const headers = await signIn(server.url, 'admin', 'admin123');
    const pid = server.proc.pid ?? 0;
    const rssBefore = rssKb(pid);
    let peak = rssBefore;
    const started = Date.now();
    const asked = (await (
      await fetch(`${server.url}${resourceApi(API_LOG).export!.path}?path=${encodeURIComponent('/rest/bench/')}`, {
        headers,
      })
    ).json()) as { errcode: string; errmsg: string; data: { jobId: number } };
    if (asked.errcode !== '0') throw new Error(`export refused: ${asked.errmsg}`);
    for (;;) {
      peak = Math.max(peak, rssKb(pid));
      const status = (await (
        await fetch(`${server.url}${DOWNLOAD_API.findStatus.path}?id=${asked.data.jobId}`, { headers })
      ).json()) as { data: { status: string; rowCount: number; error: string | null } };
      if (status.data.status === 'done') break;
      if (status.data.status === 'failed') throw new Error(`export failed: ${status.data.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const file = await fetch(`${server.url}${DOWNLOAD_API.file.path.replace(':id', String(asked.data.jobId))}`, {
      headers,
    });
    const bytes = (await file.arrayBuffer()).byteLength;
    return { rows: EXPORT_ROWS, seconds, rssBeforeMb: rssBefore / 1024, rssPeakMb: peak / 1024, bytes };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
