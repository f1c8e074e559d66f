/**
 * The bill lists, the bill finance reports and the ERP reports at the scale of the database in
 * DATABASE_URL (the large world): every variant the bench's EXPLAIN guard enumerates (a chain-wide
 * month, each filter, each sort, each grouping, the chart, a region user's scope), each EXPLAINed
 * (a sequential scan of a table over 100,000 rows is an offence) and timed in process through the
 * engine, as the API runs it (p50 of RUNS, default 5). SCHEMA names a scratch schema put first on
 * the search path (its tables — e.g. the bill rollups built there from the facts — before
 * public's); ONLY=/billingList,/finance keeps those pages.
 *
 *   DATABASE_URL=postgres://… SCHEMA=s9_billrep node --import tsx bench/billReports.ts
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { type Db, PG_CONNECTION } from '../apps/server/src/db/client';
import { BILL_FINANCE_BINDINGS } from '../apps/server/src/modules/billReports/bindings';
import { BILL_REPORT_BINDINGS } from '../apps/server/src/modules/bills/reports';
import { ERP_REPORT_BINDINGS } from '../apps/server/src/modules/erp/reports';
import type { ReportBinding } from '../apps/server/src/platform/report/binding';
import { eastScope, SEQ_SCAN_LIMIT, timeReportVariants } from './scaleBench';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the large world to measure');
const schema = process.env.SCHEMA;
const only = process.env.ONLY?.split(',');
const runs = Number(process.env.RUNS ?? 5);
const connection = { ...PG_CONNECTION, ...(schema ? { search_path: `${schema}, public` } : {}) };
const client = postgres(url, { max: 1, onnotice: () => {}, connection });
const db = drizzle({ client }) as unknown as Db;
const schemas = ['public', ...(schema ? [schema] : [])].map((s) => `'${s}'`).join(', ');
const big = new Set(
  (
    await client.unsafe<{ relname: string }[]>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in (${schemas}) and c.reltuples > ${SEQ_SCAN_LIMIT}`,
    )
  ).map((r) => r.relname),
);
const region = await eastScope(client);
const bindings: ReportBinding[] = [...BILL_REPORT_BINDINGS, ...BILL_FINANCE_BINDINGS, ...ERP_REPORT_BINDINGS].filter(
  (b) => !only || only.includes(b.decl.page),
);
const loadavg = async () => (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim();
console.log(`load ${await loadavg()}; search_path ${connection.search_path ?? 'public'}`);
let offences = 0;
try {
  offences = await timeReportVariants(client, db, bindings, region, runs, big);
  console.log(`sequential scans: ${offences}; load ${await loadavg()}`);
} finally {
  await client.end({ timeout: 5 });
}
