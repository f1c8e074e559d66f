/**
 * `DATABASE_URL=… node --import tsx bench/assetsLarge.ts`: 会员资产 (/asstes, issue 15) for the whole
 * chain on the large world (`npm run seed -- --scale large`: 2,022,261 members, 2,414,710 cards,
 * 24,421,172 ledger rows): as of one day (yesterday, a day a year back), over a month, and by region,
 * each the p50 of RUNS calls of the report engine next to the p50 of the one statement it runs,
 * replayed on the driver. Budget p50 ≤ 500 ms. Reads only.
 */
import { reportListQuery } from '@zb/contract/report/schemas';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../apps/server/src/db/client';
import { memberAssetsBinding } from '../apps/server/src/modules/memberAssets/reports';
import { reportPage } from '../apps/server/src/platform/report/query';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';

const RUNS = Number(process.env.RUNS ?? 7);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the large world');
const client = postgres(url, { max: 1, onnotice: () => {} });
const log: { query: string; params: unknown[] }[] = [];
const db = drizzle({ client, logger: { logQuery: (query, params) => log.push({ query, params }) } }) as unknown as Db;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const day = (offset: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};
const [latest] = (await db.execute(sql`select max(at) as last from card_ledger`)) as unknown as { last: Date }[];
const last = latest?.last ?? new Date();
// The world's last day (Beijing): its generator stopped there.
const lastDay = new Date(new Date(last).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const back = (d: string, days: number) => new Date(Date.parse(d) - days * 86_400_000).toISOString().slice(0, 10);
const cases: [string, Record<string, string>][] = [
  [`as of ${lastDay} (the world's last day), by store`, { periodFrom: lastDay, periodTo: lastDay, groupBy: 'store' }],
  [`as of today ${day(0)}, by store`, { periodFrom: day(0), periodTo: day(0), groupBy: 'store' }],
  [
    `as of ${back(lastDay, 365)}, by store`,
    { periodFrom: back(lastDay, 365), periodTo: back(lastDay, 365), groupBy: 'store' },
  ],
  [
    `${back(lastDay, 29)}..${lastDay}, by store`,
    { periodFrom: back(lastDay, 29), periodTo: lastDay, groupBy: 'store' },
  ],
  [`as of ${lastDay}, by region`, { periodFrom: lastDay, periodTo: lastDay, groupBy: 'region' }],
];
console.log(`会员资产 /asstes on the large world, p50 of ${RUNS} (after one warm-up)`);
for (const [name, q] of cases) {
  const query = reportListQuery(memberAssetsBinding.decl).parse({ pageNo: '1', pageSize: '20', ...q }) as never;
  const api: number[] = [];
  let total = 0;
  for (let i = 0; i <= RUNS; i++) {
    log.length = 0;
    const t = performance.now();
    const page = await reportPage(db, memberAssetsBinding, HQ_SCOPE, query);
    if (i > 0) api.push(performance.now() - t);
    total = page.total;
  }
  const statements = [...log];
  const raw: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    for (const s of statements) await client.unsafe(s.query, s.params as never[]);
    if (i > 0) raw.push(performance.now() - t);
  }
  console.log(
    `${name}: engine p50 ${p50(api).toFixed(0)} ms, its ${statements.length} statement(s) raw p50 ${p50(raw).toFixed(0)} ms, ${total} rows`,
  );
}
await client.end();
