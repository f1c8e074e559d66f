/**
 * The staff reports for a chain-wide month (the last 30 days) on a database holding a large world
 * (DATABASE_URL, read only; SEARCH_PATH puts a scratch schema's tables first): per report and
 * grouping named on the command line (`report:grouping`, e.g. `/SalesCardRanking:staff`), the p50
 * of RUNS (default 5) calls (ANALYZE=1: first its statement's EXPLAIN ANALYZE) of the engine in process (reportPage: the fold check, then the one
 * statement), after one warm-up; a call over 20 s is run once.
 *
 *   DATABASE_URL=postgres://… SEARCH_PATH='me_scratch, public' node --import tsx bench/staffReports.ts /SalesCardRanking:staff
 */
import { readFileSync } from 'node:fs';
import { reportListQuery } from '@zb/contract/report/schemas';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../apps/server/src/db/client';
import { PG_CONNECTION } from '../apps/server/src/db/client';
import { PERFORMANCE_REPORT_BINDINGS } from '../apps/server/src/modules/performance/reports';
import type { ReportBinding, Values } from '../apps/server/src/platform/report/binding';
import { reportPage } from '../apps/server/src/platform/report/query';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';
import { reportMonthQuery } from './scaleBench';

const RUNS = Number(process.env.RUNS ?? 5);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL');
const connection: Record<string, string | number> = { ...PG_CONNECTION, statement_timeout: 120_000 };
if (process.env.SEARCH_PATH) connection.search_path = process.env.SEARCH_PATH;
const client = postgres(url, { max: 1, onnotice: () => {}, connection });
const db = drizzle({ client }) as unknown as Db;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const arg of process.argv.slice(2)) {
  const [page, groupBy] = arg.split(':');
  const b = (PERFORMANCE_REPORT_BINDINGS as unknown as ReportBinding[]).find((x) => x.decl.page === page);
  if (!b) throw new Error(`no staff report ${page}`);
  const q = reportListQuery(b.decl).parse({ ...(await reportMonthQuery(db, b)), groupBy }) as Values;
  if (process.env.ANALYZE) {
    const log: { query: string; params: unknown[] }[] = [];
    const logged = drizzle({ client, logger: { logQuery: (query, params) => log.push({ query, params }) } });
    await reportPage(logged as unknown as Db, b, HQ_SCOPE, q);
    for (const s of log.filter((x) => x.query.includes('to_jsonb'))) {
      const plan = await client.unsafe(`explain (analyze, buffers) ${s.query}`, s.params as never[]);
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
  const times: number[] = [];
  const before = load();
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now();
    await reportPage(db, b, HQ_SCOPE, q);
    const ms = performance.now() - t0;
    if (i > 0 || ms > 20_000) times.push(ms);
    if (ms > 20_000) break;
  }
  console.log(`${arg}: p50 ${p50(times).toFixed(0)} ms of ${times.length}, load ${before} → ${load()}`);
}
await client.end({ timeout: 5 });
