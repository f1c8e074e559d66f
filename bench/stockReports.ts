/**
 * The inventory reports at the scale of the database in DATABASE_URL (a large world:
 * `npm run seed -- --scale large --members 0` is enough): every variant the bench's EXPLAIN
 * guard enumerates (a chain-wide month, each filter, each sort, each grouping, the chart, a
 * region user's scope), each EXPLAINed (a sequential scan of a table over 100,000 rows is an
 * offence) and timed in process through the engine, as the API runs it (p50 of RUNS, default 7).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/stockReports.ts
 */
import postgres from 'postgres';
import { openPostgres } from '../apps/server/src/db/client';
import { STOCK_REPORT_BINDINGS } from '../apps/server/src/modules/stock/reports';
import { stockInTransitBinding } from '../apps/server/src/modules/storeOrders/reports';
import type { ReportBinding } from '../apps/server/src/platform/report/binding';
import { eastScope, SEQ_SCAN_LIMIT, timeReportVariants } from './scaleBench';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the large world to measure');
const runs = Number(process.env.RUNS ?? 7);
const client = postgres(url, { max: 1, onnotice: () => {}, connection: { jit: 'off', random_page_cost: 1.1 } });
const handle = await openPostgres(url);
const big = new Set(
  (
    await client.unsafe<{ relname: string }[]>(
      `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > ${SEQ_SCAN_LIMIT}`,
    )
  ).map((r) => r.relname),
);
const region = await eastScope(client);
const bindings: ReportBinding[] = [stockInTransitBinding, ...STOCK_REPORT_BINDINGS];
let offences = 0;
try {
  offences = await timeReportVariants(client, handle.db, bindings, region, runs, big);
  console.log(
    `sequential scans: ${offences}; load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
} finally {
  await client.end({ timeout: 5 });
  await handle.close();
}
