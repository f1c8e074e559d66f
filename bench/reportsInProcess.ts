/**
 * `DATABASE_URL=… node --import tsx bench/reportsInProcess.ts`: a quick look at every registered
 * report on an existing world (the large one: `npm run seed -- --scale large`), through the report
 * engine in this process (`reportPage`, no HTTP), for the bench's chain-wide month (the last 30
 * days, head office's scope): one warm-up call, then RUNS timed calls (default 1) — the p50 and the
 * slowest. Each statement is cut off at STATEMENT_MS (default 10,000) and recorded as over it, so a
 * pass over every report takes minutes where `npm run bench`'s (10 runs over HTTP and 12 replays
 * of each statement) takes hours when some report takes seconds. ONLY=/page,/page limits it to
 * those pages. A report that needs a member or an import is listed with what it needs. Prints
 * one tab-separated line per report. With EXPLAIN=1 it runs the EXPLAIN guard instead (every list
 * and report shape, bench/scaleBench.ts `explainAll`) and lists the sequential scans it finds.
 */
import { reportListQuery } from '@zb/contract/report/schemas';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openPostgres, PG_CONNECTION } from '../apps/server/src/db/client';
import { reportPage } from '../apps/server/src/platform/report/query';
import { registeredReports } from '../apps/server/src/platform/report/register';
import type { Values } from '../apps/server/src/platform/resource/binding';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';
import { eastScope, explainAll, p50, registerBindings, reportMonthQuery } from './scaleBench';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a world made by npm run seed');
const handle = await openPostgres(url, 1);
await registerBindings(handle.db);

if (process.env.EXPLAIN === '1') {
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: PG_CONNECTION });
  const { explained, offences } = await explainAll(client, await eastScope(client));
  console.log(`explained ${explained}; sequential scans of tables over 100,000 rows: ${offences.length}`);
  for (const o of offences) console.log(`- ${o}`);
  await client.end();
} else {
  const limit = Number(process.env.STATEMENT_MS ?? 10_000);
  const runs = Number(process.env.RUNS ?? 1);
  const only = process.env.ONLY?.split(',');
  await handle.db.execute(sql.raw(`set statement_timeout = ${Math.trunc(limit)}`));
  const timedOut = (e: unknown) =>
    `${(e as Error).message} ${String((e as { cause?: Error }).cause?.message ?? '')}`.includes('statement timeout');
  for (const b of registeredReports()) {
    if (only && !only.includes(b.decl.page)) continue;
    const name = `${b.decl.title}（${b.decl.page}）`;
    const parsed = reportListQuery(b.decl).safeParse(await reportMonthQuery(handle.db, b));
    if (!parsed.success) {
      console.log(`${name}\tneeds ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      continue;
    }
    const one = async () => {
      const t = performance.now();
      try {
        const page = await reportPage(handle.db, b, HQ_SCOPE, parsed.data as Values);
        return { ms: performance.now() - t, rows: (page as { total?: number }).total };
      } catch (e) {
        return { ms: performance.now() - t, error: timedOut(e) ? `over ${limit} ms` : String(e).slice(0, 120) };
      }
    };
    const first = await one();
    const times: number[] = [];
    let last = first;
    for (let i = 0; i < runs && !first.error; i++) {
      last = await one();
      times.push(last.ms);
    }
    const ms = (x: number | undefined) => (x === undefined || !times.length ? '' : x.toFixed(0));
    console.log(
      [
        name,
        `first ${first.error ?? first.ms.toFixed(0)}`,
        `p50 of ${times.length} ${ms(times.length ? p50(times) : undefined)}`,
        `slowest ${ms(Math.max(...times))}`,
        `rows ${last.rows ?? ''}`,
      ].join('\t'),
    );
  }
}
await handle.close();
process.exit(0);
