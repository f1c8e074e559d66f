/**
 * 人群 live counts (/crowdDetail, issue 16) for the whole chain on the large world: each crowd's
 * count as the service runs it (the compiled statement, head office's scope) beside the same SQL
 * sent raw on postgres-js, each the p50 of `runs` after one warm-up, with the EXPLAIN (ANALYZE,
 * BUFFERS) of the raw SQL logged, so the plan shows which index each condition uses. Reads only.
 * `npm run bench` runs it on its large world (scaleBench.ts); by itself:
 * `DATABASE_URL=… node --import tsx bench/crowdCount.ts` (RUNS=5).
 */
import { pathToFileURL } from 'node:url';
import type { CrowdRule } from '@zb/contract/entities/crowd';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../apps/server/src/db/client';
import { crowdCountSql } from '../apps/server/src/modules/crowds/compile';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';

export interface CrowdCountResult {
  name: string;
  /** Members the crowd selects, and all members of the world. */
  count: number;
  members: number;
  /** The service's statement through drizzle, and the same SQL sent raw. */
  p50Ms: number;
  rawP50Ms: number;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const measureCrowdCounts = async (
  url: string,
  runs = 5,
  log: (line: string) => void = () => {},
): Promise<CrowdCountResult[]> => {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzle({ client }) as unknown as Db;
  const dialect = new PgDialect();
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as T[])[0];
  try {
    const level = async (code: string) =>
      (await one<{ id: number }>(sql`select id from master_item where category = 'memberLevel' and code = ${code}`))
        ?.id;
    const [gold, diamond] = [await level('GOLD'), await level('DIAMOND')];
    const east = (await one<{ id: number }>(sql`select id from region order by id limit 1`))?.id;
    const topCard = (
      await one<{ id: number }>(
        sql`select card_id as id from member_card group by card_id order by count(*) desc limit 1`,
      )
    )?.id;
    const [{ n: members } = { n: 0 }] = (await db.execute(sql`select count(*)::int as n from member`)) as unknown as {
      n: number;
    }[];
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const back = (days: number) => new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);

    const cases: [string, CrowdRule][] = [
      [
        '生日在 3 月 且 最近到店 30～180 天前',
        {
          groups: [
            [
              { kind: 'birthdayMonth', months: [3] },
              { kind: 'lastVisit', days: { min: 30, max: 180 } },
            ],
          ],
        },
      ],
      [
        '储值余额 ≥ ¥500 且 持有任意有效卡',
        {
          groups: [
            [
              { kind: 'balance', amount: { min: 50_000 } },
              { kind: 'cards', mode: 'any', cardIds: [] },
            ],
          ],
        },
      ],
      [
        '第一个大区 且 近 90 天消费 ≥ ¥1000',
        {
          groups: [
            [
              { kind: 'store', storeIds: [], regionIds: east ? [east] : [] },
              { kind: 'spend', days: 90, amount: { min: 100_000 } },
            ],
          ],
        },
      ],
      [
        '金卡/钻石会员 或 近 30 天注册',
        {
          groups: [
            [{ kind: 'level', levelIds: [gold, diamond].filter((x): x is number => !!x) }],
            [{ kind: 'joined', from: back(30), to: today }],
          ],
        },
      ],
      [
        '持有最常见卡项的有效卡 且 近 30 天无消费',
        {
          groups: [
            [
              { kind: 'cards', mode: 'products', cardIds: topCard ? [topCard] : [] },
              { kind: 'spend', days: 30, amount: { min: 0, max: 0 } },
            ],
          ],
        },
      ],
    ];

    log(`人群 counts on ${members.toLocaleString('en')} members, p50 of ${runs} (after one warm-up)`);
    const results: CrowdCountResult[] = [];
    for (const [name, rule] of cases) {
      const statement = crowdCountSql(rule, HQ_SCOPE);
      const q = dialect.sqlToQuery(statement);
      const times: number[] = [];
      const raw: number[] = [];
      let count = 0;
      for (let i = 0; i <= runs; i++) {
        let t = performance.now();
        count = ((await db.execute(statement)) as unknown as { n: number }[])[0]!.n;
        if (i > 0) times.push(performance.now() - t);
        t = performance.now();
        await client.unsafe(q.sql, q.params as never[]);
        if (i > 0) raw.push(performance.now() - t);
      }
      const plan = (await client.unsafe(
        `explain (analyze, buffers) ${q.sql}`,
        q.params as never[],
      )) as unknown as Record<string, string>[];
      results.push({ name, count, members, p50Ms: p50(times), rawP50Ms: p50(raw) });
      log(
        `\n## ${name}: ${count.toLocaleString('en')} members, count p50 ${p50(times).toFixed(0)} ms (raw SQL ${p50(raw).toFixed(0)} ms)`,
      );
      log(`SQL: ${q.sql}\nparams: ${JSON.stringify(q.params)}`);
      for (const row of plan) log(`  ${row['QUERY PLAN']}`);
    }
    return results;
  } finally {
    await client.end({ timeout: 5 });
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: the large world');
  await measureCrowdCounts(url, Number(process.env.RUNS ?? 5), (line) => console.log(line));
}
