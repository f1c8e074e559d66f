/**
 * The large scale on PostgreSQL (`npm run seed -- --scale large`'s world):
 *  - the generator's time and the database's size;
 *  - the store and staff lists: the API's p50 latency next to the p50 of the raw SQL it runs
 *    (captured from the engine's own list code and replayed on the driver the way the engine
 *    runs them; budget API ≤ 1.5×);
 *  - EXPLAIN of every list query of every resource (default, each filter, each sort, a region
 *    user's scope) and of every registered report (a chain-wide month, each filter, each sort,
 *    each grouping, the chart, a region user's scope): a sequential scan of a table holding over
 *    100,000 rows is a failure;
 *  - each registered report for a chain-wide month: the API's p50 next to the p50 of the one
 *    statement it runs (budget p50 ≤ 500 ms).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF } from '@zb/contract/entities/staff';
import { STORE } from '@zb/contract/entities/store';
import { reportApi } from '@zb/contract/report/api';
import { type AnyReport, groupingsOf, periodFilter, sortableColumns } from '@zb/contract/report/define';
import { reportListQuery } from '@zb/contract/report/schemas';
import { resourceApi } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { listQuery, rangeKeys } from '@zb/contract/resource/schemas';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { openPglite, openPostgres, PG_CONNECTION } from '../apps/server/src/db/client';
import type { ReportBinding } from '../apps/server/src/platform/report/binding';
import { reportPage } from '../apps/server/src/platform/report/query';
import { registeredReports } from '../apps/server/src/platform/report/register';
import type { ResourceBinding, Values } from '../apps/server/src/platform/resource/binding';
import { listPage } from '../apps/server/src/platform/resource/query';
import { registeredBindings } from '../apps/server/src/platform/resource/register';
import { type DataScope, HQ_SCOPE } from '../apps/server/src/platform/scope';
import { type GenerateReport, generate, REPORTED_TABLES, rowsOf } from '../apps/server/src/seed/generate';
import { DEFAULT_SEED } from '../apps/server/src/seed/scale';
import { startServer } from '../e2e/server';
import { type CrowdCountResult, measureCrowdCounts } from './crowdCount';
import { type CrowdIssueResult, measureCrowdIssue } from './crowdIssue';
import { signIn } from './session';

/** Registers every resource and report binding, as a server's start does: an app built and closed. */
export const registerBindings = async (db: Db): Promise<void> => {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', EXPORT_WORKER: '0', SCHEDULE_TICK_MS: '0' }),
    db,
  });
  await app.ready();
  await app.close();
};

/** The data scope of a region user in 华东大区: the benches' scoped case. */
export const eastScope = async (client: postgres.Sql): Promise<DataScope> => {
  const [east] = await client.unsafe<{ id: number }[]>(`select id from region where name = '华东大区'`);
  return { level: 'region', regionIds: [east!.id] };
};

/** A table over this many rows must never be read by a sequential scan in a list query. */
export const SEQ_SCAN_LIMIT = 100_000;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 100);
/** Warm-up calls before the timed ones (fewer for a quick look at slow reports). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
/**
 * Timed runs (and warm-up ones) of each report: a report takes up to half a second, and there are
 * over a hundred, so fewer than a list's (about 20 minutes for all of them at 10 and 2).
 */
export const REPORT_RUNS = {
  runs: Number(process.env.BENCH_REPORT_RUNS ?? 10),
  warmup: Number(process.env.BENCH_REPORT_WARMUP ?? 2),
};

export interface ListLatency {
  name: string;
  apiP50: number;
  rawP50: number;
  /** Timed once: its first answer took over SLOW_REPORT_MS. */
  once?: boolean;
  /** What it answered instead of rows. */
  error?: string;
}

/** A report whose first answer takes longer than this (10× its budget) is timed once. */
export const SLOW_REPORT_MS = 5_000;

export interface ScaleResult {
  generate: GenerateReport;
  lists: ListLatency[];
  /** Each registered report for a chain-wide month. */
  reports: ListLatency[];
  /** p50 of a call that reaches the server and runs no SQL: what HTTP and the framework cost. */
  floorP50: number;
  explained: number;
  seqScans: string[];
  /** 人群 counts over every member, beside their raw SQL (crowdCount.ts). */
  crowdCounts: CrowdCountResult[];
  /** 优惠券按人群发放 to a crowd of 100,000 members as a job (crowdIssue.ts). */
  crowdIssue: CrowdIssueResult;
}

export const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Captured {
  query: string;
  params: unknown[];
}

/** A drizzle over the client that records every statement it runs. */
const capturing = (client: postgres.Sql) => {
  const log: Captured[] = [];
  const db = drizzle({
    client,
    logger: { logQuery: (query, params) => log.push({ query, params }) },
  }) as unknown as Db;
  return { db, log };
};

/** The statements one list call runs (rows, then total). */
export const statementsOf = async (client: postgres.Sql, b: ResourceBinding, scope: DataScope, q: Values) => {
  const { db, log } = capturing(client);
  await listPage(db, b, scope, q);
  return log;
};

/** Sample values for each filter of a declaration, one query per filter. */
const filterVariants = (decl: AnyResource): [string, Record<string, unknown>][] =>
  Object.entries(decl.fields).flatMap(([key, f]): [string, Record<string, unknown>][] => {
    if (!f.filter) return [];
    const option = 'options' in f && f.options?.[0] ? f.options[0].value : undefined;
    const scalar = option ?? (f.type === 'bool' ? true : f.type === 'text' || f.type === 'textarea' ? '测试' : 1);
    if (f.filter === 'like') return [[`${key} contains`, { [key]: '测试' }]];
    if (f.filter === 'eq') return [[`${key} =`, { [key]: scalar }]];
    if (f.filter === 'in') return [[`${key} in`, { [key]: [scalar] }]];
    const { from, to } = rangeKeys(key);
    const dated = f.type === 'date' || f.type === 'datetime';
    return [[`${key} range`, dated ? { [from]: '2025-01-01', [to]: '2025-06-30' } : { [from]: 0, [to]: 100_000 }]];
  });

const sortVariants = (decl: AnyResource): [string, Record<string, unknown>][] =>
  Object.entries(decl.fields)
    .filter(([, f]) => f.sort)
    .map(([key]) => [`sort ${key}`, { sortBy: key, sortDir: 'desc' }]);

/** A report's chain-wide month: its period the last 30 days (Beijing), its example values. */
export const reportMonthQuery = async (db: Db, b: ReportBinding): Promise<Record<string, string>> => {
  const q: Record<string, string> = { pageNo: '1', pageSize: '20' };
  const period = periodFilter(b.decl);
  if (period) {
    const day = (d: number) => new Date(Date.now() + 8 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);
    const { from, to } = rangeKeys(period[0]);
    q[from] = day(-29);
    q[to] = day(0);
  }
  for (const [k, v] of Object.entries((await b.example?.(db)) ?? {})) q[k] = String(v);
  return q;
};

/** The report's variants: each filter, each sort, each grouping, the chart. */
export const reportVariants = (decl: AnyReport): [string, Record<string, unknown>][] => [
  ...Object.entries(decl.filters).flatMap(([key, f]): [string, Record<string, unknown>][] => {
    if (f.period || f.fixed) return [];
    const option = f.options?.[0]?.value;
    const scalar = option ?? (f.type === 'text' ? '测试' : 1);
    if (f.filter === 'like') return [[`${key} contains`, { [key]: '测试' }]];
    if (f.filter === 'eq') return [[`${key} =`, { [key]: String(scalar) }]];
    if (f.filter === 'in') return [[`${key} in`, { [key]: String(scalar) }]];
    const { from, to } = rangeKeys(key);
    const dated = f.type === 'date' || f.type === 'datetime';
    return [[`${key} range`, dated ? { [from]: '2025-01-01', [to]: '2025-06-30' } : { [from]: '0', [to]: '100000' }]];
  }),
  ...sortableColumns(decl).map((key): [string, Record<string, unknown>] => [
    `sort ${key}`,
    { sortBy: key, sortDir: 'desc' },
  ]),
  ...(decl.kind === 'summary'
    ? groupingsOf(decl).map((g): [string, Record<string, unknown>] => [`grouping ${g.key}`, { groupBy: g.key }])
    : []),
  ...(decl.chart ? [['chart', { chart: '1' }] as [string, Record<string, unknown>]] : []),
];

/** The one statement a report request runs. */
export const reportStatementsOf = async (client: postgres.Sql, b: ReportBinding, scope: DataScope, q: Values) => {
  const { db, log } = capturing(client);
  await reportPage(db, b, scope, q);
  return log;
};

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export const seqScansIn = (node: PlanNode, big: Set<string>): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] && big.has(node['Relation Name'])
    ? [node['Relation Name']]
    : []),
  ...(node.Plans ?? []).flatMap((p) => seqScansIn(p, big)),
];

/**
 * Every variant of each binding (a chain-wide month, each filter, each sort, each grouping, the
 * chart, `region`'s scope): EXPLAINed (a sequential scan of a table in `big` is an offence) and
 * timed in process through the engine on `db`, p50 of `runs`, a line printed each. Answers the
 * offences found (the stock and bill report benches).
 */
export const timeReportVariants = async (
  client: postgres.Sql,
  db: Db,
  bindings: readonly ReportBinding[],
  region: DataScope,
  runs: number,
  big: Set<string>,
): Promise<number> => {
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  let offences = 0;
  for (const b of bindings) {
    const month = await reportMonthQuery(db, b);
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
        total = (await reportPage(db, b, scope, q)).total;
        ms.push(performance.now() - t);
      }
      const flag = `${p50(ms) > 500 ? ' OVER' : ''}${seq.length ? ` SEQ SCAN ${seq.join(', ')}` : ''}`;
      console.log(
        `${b.decl.page.padEnd(20)} ${name.padEnd(26)} p50 ${p50(ms).toFixed(1).padStart(8)} ms  共 ${total}${flag}`,
      );
    }
  }
  return offences;
};

/** EXPLAIN of every variant of every registered resource's list; answers the offences found. */
export const explainAll = async (client: postgres.Sql, regionScope: DataScope) => {
  const big = new Set(
    (
      await client.unsafe<{ relname: string }[]>(
        `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > ${SEQ_SCAN_LIMIT}`,
      )
    ).map((r) => r.relname),
  );
  const offences: string[] = [];
  let explained = 0;
  for (const b of registeredBindings()) {
    const schema = listQuery(b.decl);
    const variants: [string, Record<string, unknown>, DataScope][] = [
      ['default', {}, HQ_SCOPE],
      ...filterVariants(b.decl).map(([n, v]): [string, Record<string, unknown>, DataScope] => [n, v, HQ_SCOPE]),
      ...sortVariants(b.decl).map(([n, v]): [string, Record<string, unknown>, DataScope] => [n, v, HQ_SCOPE]),
      ...(b.scope ? [['region scope', {}, regionScope] as [string, Record<string, unknown>, DataScope]] : []),
    ];
    for (const [name, extra, scope] of variants) {
      const parsed = schema.safeParse({ pageNo: 1, pageSize: 20, ...extra });
      if (!parsed.success) throw new Error(`${b.decl.name} ${name}: ${parsed.error.message}`);
      const statements = await statementsOf(client, b, scope, parsed.data as Values);
      for (const [i, s] of statements.entries()) {
        const [row] = await client.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
          `explain (format json) ${s.query}`,
          s.params as never[],
        );
        explained++;
        for (const table of seqScansIn(row!['QUERY PLAN'][0].Plan, big)) {
          offences.push(`${b.decl.name}（${b.decl.page}）${name}, ${i === 0 ? 'page' : 'total'}: Seq Scan on ${table}`);
        }
      }
    }
  }
  for (const b of registeredReports()) {
    const month = await reportMonthQuery(capturing(client).db, b);
    const variants: [string, Record<string, unknown>, DataScope][] = [
      ['a chain-wide month', {}, HQ_SCOPE],
      ...reportVariants(b.decl).map(([n, v]): [string, Record<string, unknown>, DataScope] => [n, v, HQ_SCOPE]),
      ...(b.scope ? [['region scope', {}, regionScope] as [string, Record<string, unknown>, DataScope]] : []),
    ];
    for (const [name, extra, scope] of variants) {
      const parsed = reportListQuery(b.decl).safeParse({ ...month, ...extra });
      if (!parsed.success) throw new Error(`${b.decl.name} ${name}: ${parsed.error.message}`);
      for (const s of await reportStatementsOf(client, b, scope, parsed.data as Values)) {
        const [row] = await client.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
          `explain (format json) ${s.query}`,
          s.params as never[],
        );
        explained++;
        for (const table of seqScansIn(row!['QUERY PLAN'][0].Plan, big)) {
          offences.push(`报表 ${b.decl.name}（${b.decl.page}）${name}: Seq Scan on ${table}`);
        }
      }
    }
  }
  return { explained, offences };
};

/**
 * GETs over one kept-alive connection with node:http, answering the body. Node's fetch spends
 * about 0.5–0.8 ms of the client's own time on each request (measured here), which would be
 * counted as the API's; node:http is the lighter client, as autocannon is for the load figures.
 */
export const keptAliveGet = (base: string, headers: Record<string, string>) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path: string) =>
    new Promise<string>((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve(body));
          res.on('error', reject);
        })
        .on('error', reject);
    });
};

/** How many timed runs after how many warm-up ones. */
type Runs = { runs: number; warmup: number };
const LIST_RUNS: Runs = { runs: RUNS, warmup: WARMUP };

/** p50 of `check`ed GETs of a path, one request at a time after WARMUP (20) warm-up ones. */
export const getP50 = async (
  get: (path: string) => Promise<string>,
  path: string,
  check: (body: string) => void,
  { runs, warmup }: Runs = LIST_RUNS,
) => {
  const times: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const t0 = performance.now();
    check(await get(path));
    if (i >= warmup) times.push(performance.now() - t0);
  }
  return p50(times);
};

/** p50 of the API answering a list query, one request at a time. */
export const apiP50 = (
  get: (path: string) => Promise<string>,
  path: string,
  query: Record<string, string>,
  runs: Runs = LIST_RUNS,
) =>
  getP50(
    get,
    `${path}?${new URLSearchParams(query)}`,
    (text) => {
      const body = JSON.parse(text) as { errcode: string; errmsg: string };
      if (body.errcode !== '0') throw new Error(`${path}: ${body.errmsg}`);
    },
    runs,
  );

/** p50 of a path no route serves: the envelope answers it without touching the database. */
const floorP50 = (get: (path: string) => Promise<string>) =>
  getP50(get, '/rest/bench/no-such-call', (text) => {
    if ((JSON.parse(text) as { errcode: string }).errcode === '0') throw new Error('the floor path answered a route');
  });

/** p50 of the same statements replayed on the driver as the engine runs them: prepared, side by side. */
export const rawP50 = async (client: postgres.Sql, statements: Captured[], { runs, warmup }: Runs = LIST_RUNS) => {
  const times: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const t0 = performance.now();
    await Promise.all(statements.map((s) => client.unsafe(s.query, s.params as never[], { prepare: true })));
    if (i >= warmup) times.push(performance.now() - t0);
  }
  return p50(times);
};

export const LISTS: { name: string; decl: AnyResource; query: Record<string, string> }[] = [
  { name: '门店列表 第 1 页', decl: STORE, query: {} },
  { name: '门店列表 按名称搜索“上海”', decl: STORE, query: { name: '上海' } },
  { name: '员工列表 第 1 页', decl: STAFF, query: {} },
  { name: '员工列表 按姓名搜索“王”', decl: STAFF, query: { name: '王' } },
];

/**
 * What an existing large world holds (BENCH_LARGE_URL): its rows and size as PostgreSQL counts
 * them; its generation time is the one given in BENCH_LARGE_SECONDS (from the seed's own log),
 * since this run did not generate it.
 */
const existingWorld = async (client: postgres.Sql): Promise<GenerateReport> => {
  const rows: Record<string, number> = {};
  for (const table of REPORTED_TABLES) {
    const [r] = rowsOf<{ n: string }>(await client.unsafe(`select count(*)::text as n from ${table}`));
    rows[table] = Number(r?.n ?? 0);
  }
  const [size] = rowsOf<{ bytes: string }>(
    await client.unsafe('select pg_database_size(current_database())::text as bytes'),
  );
  return {
    seconds: Number(process.env.BENCH_LARGE_SECONDS ?? Number.NaN),
    databaseBytes: Number(size?.bytes ?? 0),
    rows,
    steps: {},
  };
};

/**
 * The large world: generated into a new database of the server at `adminUrl` (and dropped
 * afterwards), or, when BENCH_LARGE_URL names one, an existing world made by `npm run seed --
 * --scale large` (its migrations are run first; nothing is dropped) — the world with members
 * takes the better part of an hour to generate.
 */
export const measureScale = async (adminUrl: string): Promise<ScaleResult> => {
  const existing = process.env.BENCH_LARGE_URL;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `zb_bench_large_${Date.now()}`;
  if (!existing) await admin.unsafe(`create database ${name}`);
  const url = new URL(existing ?? adminUrl);
  if (!existing) url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 4);
  const client = postgres(url.toString(), { max: 2, onnotice: () => {}, connection: PG_CONNECTION });
  try {
    let report: GenerateReport;
    if (existing) {
      await handle.migrate();
      report = await existingWorld(client);
    } else {
      report = await generate(handle, { scale: 'large', seed: DEFAULT_SEED, reset: false });
    }
    await client.unsafe('vacuum analyze');

    await registerBindings(handle.db);
    const { explained, offences } = await explainAll(client, await eastScope(client));

    const server = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', SCHEDULE_TICK_MS: '0' });
    const lists: ListLatency[] = [];
    const reports: ListLatency[] = [];
    let floor = 0;
    try {
      const get = keptAliveGet(server.url, await signIn(server.url, 'admin', 'admin123'));
      floor = await floorP50(get);
      for (const l of LISTS) {
        const binding = registeredBindings().find((b) => b.decl === l.decl)!;
        const q = listQuery(l.decl).parse({ pageNo: 1, pageSize: 20, ...l.query }) as Values;
        const statements = await statementsOf(client, binding, HQ_SCOPE, q);
        const path = resourceApi(l.decl).list.path;
        lists.push({
          name: l.name,
          apiP50: await apiP50(get, path, { pageNo: '1', pageSize: '20', ...l.query }),
          rawP50: await rawP50(client, statements),
        });
      }
      for (const b of registeredReports()) {
        const query = await reportMonthQuery(handle.db, b);
        const q = reportListQuery(b.decl).parse(query) as Values;
        const name = `${b.decl.title}（${b.decl.page}）`;
        const path = `${reportApi(b.decl).list.path}?${new URLSearchParams(query)}`;
        // A report far over its budget is timed once (its runs would take the bench hours) and
        // not replayed; one that answers an error is recorded as such and the bench goes on.
        try {
          const t0 = performance.now();
          const first = JSON.parse(await get(path)) as { errcode: string; errmsg: string };
          const once = performance.now() - t0;
          if (first.errcode !== '0') throw new Error(first.errmsg);
          reports.push(
            once > SLOW_REPORT_MS
              ? { name, apiP50: once, rawP50: Number.NaN, once: true }
              : {
                  name,
                  apiP50: await apiP50(get, reportApi(b.decl).list.path, query, REPORT_RUNS),
                  rawP50: await rawP50(client, await reportStatementsOf(client, b, HQ_SCOPE, q), REPORT_RUNS),
                },
          );
        } catch (err) {
          reports.push({ name, apiP50: Number.NaN, rawP50: Number.NaN, error: (err as Error).message });
        }
      }
    } finally {
      await server.stop();
    }
    // The crowd counts read; the crowd issue writes a crowd, a template and its coupons (last).
    const crowdCounts = await measureCrowdCounts(url.toString());
    const crowdIssue = await measureCrowdIssue(url.toString());
    return {
      generate: report,
      lists,
      reports,
      floorP50: floor,
      explained,
      seqScans: offences,
      crowdCounts,
      crowdIssue,
    };
  } finally {
    await client.end({ timeout: 5 });
    await handle.close();
    if (!existing) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
};

/** The demo scale (what `npm start` builds) on a fresh PGlite folder: time and size. */
export const measureDemoScale = async (): Promise<GenerateReport> => {
  const dir = mkdtempSync(join(tmpdir(), 'zb-bench-demo-'));
  const handle = await openPglite(dir);
  try {
    return await generate(handle, { scale: 'demo', seed: DEFAULT_SEED, reset: false });
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
};
