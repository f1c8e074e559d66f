/**
 * The inventory reports at the scale of the database in DATABASE_URL (a large world:
 * `npm run seed -- --scale large --members 0` is enough): every variant the bench's EXPLAIN
 * guard enumerates (a chain-wide month, each filter, each sort, each grouping, the chart, a
 * region user's scope), each EXPLAINed (a sequential scan of a table over 100,000 rows is an
 * offence) and timed in process through the engine, as the API runs it (p50 of RUNS, default 7).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/stockReports.ts
 */
import { reportListQuery } from '@zb/contract/report/schemas';
import postgres from 'postgres';
import { openPostgres } from '../apps/server/src/db/client';
import { STOCK_REPORT_BINDINGS } from '../apps/server/src/modules/stock/reports';
import { stockInTransitBinding } from '../apps/server/src/modules/storeOrders/reports';
import type { ReportBinding, Values } from '../apps/server/src/platform/report/binding';
import { reportPage } from '../apps/server/src/platform/report/query';
import { type DataScope, HQ_SCOPE } from '../apps/server/src/platform/scope';
import {
  type PlanNode,
  reportMonthQuery,
  reportStatementsOf,
  reportVariants,
  SEQ_SCAN_LIMIT,
  seqScansIn,
} from './scaleBench';

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
const [east] = await client.unsafe<{ id: number }[]>(`select id from region where name = '华东大区'`);
const region: DataScope = { level: 'region', regionIds: [east!.id] };
const bindings: ReportBinding[] = [stockInTransitBinding, ...STOCK_REPORT_BINDINGS];
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let offences = 0;
try {
  for (const b of bindings) {
    const month = await reportMonthQuery(handle.db, b);
    const variants: [string, Record<string, unknown>, DataScope][] = [
      ['a chain-wide month', {}, HQ_SCOPE],
      ...reportVariants(b.decl).map(([n, v]): [string, Record<string, unknown>, DataScope] => [n, v, HQ_SCOPE]),
      ...(b.scope ? [['region scope', {}, region] as [string, Record<string, unknown>, DataScope]] : []),
    ];
    for (const [name, extra, scope] of variants) {
      const q = reportListQuery(b.decl).parse({ ...month, ...extra }) as Values;
      const seq: string[] = [];
      for (const s of await reportStatementsOf(client, b, scope, q)) {
        const [row] = await client.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
          `explain (format json) ${s.query}`,
          s.params as never[],
        );
        seq.push(...seqScansIn(row!['QUERY PLAN'][0].Plan, big));
      }
      offences += seq.length;
      const ms: number[] = [];
      let total = 0;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        total = (await reportPage(handle.db, b, scope, q)).total;
        ms.push(performance.now() - t);
      }
      const flag = `${p50(ms) > 500 ? ' OVER' : ''}${seq.length ? ` SEQ SCAN ${seq.join(', ')}` : ''}`;
      console.log(
        `${b.decl.page.padEnd(14)} ${name.padEnd(26)} p50 ${p50(ms).toFixed(1).padStart(7)} ms  共 ${total}${flag}`,
      );
    }
  }
  console.log(
    `sequential scans: ${offences}; load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
} finally {
  await client.end({ timeout: 5 });
  await handle.close();
}
