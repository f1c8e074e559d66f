/**
 * The query reports (/MemberCard, /MemberBasicInformation, /CardRanking, /storeMemberAnalysis,
 * /productSonsumption, /LossOfEmployees) and the staff reports (/StoreSmployeePerformance,
 * /RerformanceBonus, /SalesCardRanking, /MemberExperience) on a database that already holds a large world
 * (DATABASE_URL; read only): every statement the EXPLAIN guard enumerates for them (bench/
 * scaleBench.ts's variants: a chain-wide month, each filter, each sort, grouping, the chart, a
 * region's scope, and /MemberCard and /MemberBasicInformation without a period), its sequential
 * scans of tables over 100,000 rows, and the p50 of RUNS (default 7) executions of the chain-wide
 * month's statement of each grouping, prepared as the engine runs it, after one warm-up.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/queryReports.ts [report name …]
 *
 * SEARCH_PATH (e.g. `me_scratch, public`) runs them with tables of another schema first: a
 * rollup built there from the public facts without writing to them. STATEMENT_TIMEOUT_MS caps
 * a run (default 120000); a statement over 20 s is run once. PERIOD=YYYY-MM-DD..YYYY-MM-DD times
 * that period instead of the last 30 days (a period ending in the past); EXPLAIN=off skips the
 * guard's variants and times only.
 */
import { readFileSync } from 'node:fs';
import { groupingsOf } from '@zb/contract/report/define';
import { reportListQuery } from '@zb/contract/report/schemas';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../apps/server/src/db/client';
import { PG_CONNECTION } from '../apps/server/src/db/client';
import { memberReportBindings } from '../apps/server/src/modules/members/reports';
import { PERFORMANCE_REPORT_BINDINGS } from '../apps/server/src/modules/performance/reports';
import { lossOfEmployeesReport } from '../apps/server/src/modules/staff/reports';
import type { ReportBinding, Values } from '../apps/server/src/platform/report/binding';
import { reportPage } from '../apps/server/src/platform/report/query';
import { type DataScope, HQ_SCOPE } from '../apps/server/src/platform/scope';
import { eastScope, type PlanNode, reportMonthQuery, reportVariants, SEQ_SCAN_LIMIT, seqScansIn } from './scaleBench';

const RUNS = Number(process.env.RUNS ?? 7);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL');
const only = process.argv.slice(2);
const connection: Record<string, string | number> = {
  ...PG_CONNECTION,
  statement_timeout: Number(process.env.STATEMENT_TIMEOUT_MS ?? 120_000),
};
if (process.env.SEARCH_PATH) connection.search_path = process.env.SEARCH_PATH;
const client = postgres(url, { max: 1, onnotice: () => {}, connection });

const QUERY_REPORTS: ReportBinding[] = [
  ...memberReportBindings,
  lossOfEmployeesReport as unknown as ReportBinding,
  ...(PERFORMANCE_REPORT_BINDINGS as unknown as ReportBinding[]),
].filter((b) =>
  [
    '/MemberCard',
    '/MemberBasicInformation',
    '/CardRanking',
    '/storeMemberAnalysis',
    '/productSonsumption',
    '/LossOfEmployees',
    '/StoreSmployeePerformance',
    '/RerformanceBonus',
    '/SalesCardRanking',
    '/MemberExperience',
  ].includes(b.decl.page),
);

interface Captured {
  query: string;
  params: unknown[];
}
const statementsOf = async (b: ReportBinding, scope: DataScope, q: Values): Promise<Captured[]> => {
  const log: Captured[] = [];
  const db = drizzle({ client, logger: { logQuery: (query, params) => log.push({ query, params }) } }) as unknown as Db;
  await reportPage(db, b, scope, q);
  return log;
};

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const main = async () => {
  const big = new Set(
    (
      await client.unsafe<{ relname: string }[]>(
        `select relname from pg_class where relkind = 'r' and reltuples > ${SEQ_SCAN_LIMIT}
          and relnamespace in (select oid from pg_namespace where nspname = any(current_schemas(false)))`,
      )
    ).map((r) => r.relname),
  );
  const regionScope = await eastScope(client);
  const db = drizzle({ client }) as unknown as Db;
  for (const b of QUERY_REPORTS) {
    if (only.length && !only.some((o) => b.decl.page.includes(o) || b.decl.name === o)) continue;
    const month = await reportMonthQuery(db, b);
    if (process.env.PERIOD) {
      const [from, to] = process.env.PERIOD.split('..');
      for (const k of Object.keys(month)) if (/(From|To)$/.test(k)) month[k] = (k.endsWith('From') ? from : to)!;
    }
    const schema = reportListQuery(b.decl);
    const noPeriod = Object.fromEntries(Object.entries(month).filter(([k]) => !/(From|To)$/.test(k)));
    const variants: [string, Record<string, unknown>, DataScope][] = [
      ['a chain-wide month', month, HQ_SCOPE],
      ...reportVariants(b.decl).map(([n, v]): [string, Record<string, unknown>, DataScope] => [
        n,
        { ...month, ...v },
        HQ_SCOPE,
      ]),
      ['region scope', month, regionScope],
    ];
    if (
      Object.keys(noPeriod).length < Object.keys(month).length &&
      !reportListQuery(b.decl).safeParse(noPeriod).error
    ) {
      variants.push(['no period', noPeriod, HQ_SCOPE]);
    }
    const offences: string[] = [];
    for (const [name, query, scope] of process.env.EXPLAIN === 'off' ? [] : variants) {
      const parsed = schema.parse(query) as Values;
      for (const s of await statementsOf(b, scope, parsed)) {
        const [row] = await client.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
          `explain (format json) ${s.query}`,
          s.params as never[],
        );
        for (const t of seqScansIn(row!['QUERY PLAN'][0].Plan, big)) offences.push(`${name}: Seq Scan on ${t}`);
      }
    }
    console.log(
      process.env.EXPLAIN === 'off'
        ? `${b.decl.page} EXPLAIN skipped`
        : `${b.decl.page} EXPLAIN of ${variants.length} variants: ${offences.length ? offences.join('; ') : 'clean'}`,
    );
    const timed: [string, Record<string, unknown>][] = [
      ...(b.decl.kind === 'summary'
        ? groupingsOf(b.decl).map((g): [string, Record<string, unknown>] => [
            `grouping ${g.key}`,
            { ...month, groupBy: g.key },
          ])
        : [['a chain-wide month', month] as [string, Record<string, unknown>]]),
      ...variants.filter(([n]) => n === 'no period').map(([n, v]): [string, Record<string, unknown>] => [n, v]),
    ];
    for (const [name, query] of timed) {
      const statements = await statementsOf(b, HQ_SCOPE, schema.parse(query) as Values);
      if (process.env.ANALYZE === name) {
        for (const s of statements) {
          const plan = await client.unsafe(`explain (analyze, buffers) ${s.query}`, s.params as never[]);
          console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
        }
      }
      const times: number[] = [];
      const before = load();
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        try {
          await Promise.all(statements.map((s) => client.unsafe(s.query, s.params as never[], { prepare: true })));
        } catch (e) {
          times.push(Number.POSITIVE_INFINITY);
          console.log(`  ${name}: ${(e as Error).message}`);
          break;
        }
        const ms = performance.now() - t0;
        if (i > 0 || ms > 20_000) times.push(ms);
        if (ms > 20_000) break;
      }
      console.log(
        `  ${name}: p50 ${p50(times).toFixed(0)} ms of ${times.length} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}), load ${before} → ${load()}`,
      );
    }
  }
  await client.end({ timeout: 5 });
};

await main();
