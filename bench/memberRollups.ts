/**
 * `node --import tsx bench/memberRollups.ts`: the member rollups and reports (modules/members/
 * rollups.ts, reports.ts) on a SYNTHETIC card ledger at the size, on PostgreSQL: 2,000
 * stores, 2,000,000 members, 2,500,000 cards and 20,000,000 ledger rows over two years, made
 * with generate_series (not the large-scale generator's realistic history: flows are uniform,
 * balances are not running balances, foreign keys are not checked while loading). Then the
 * rebuild, the check, and each report p50 of 7 runs next to the raw SQL over card_ledger it
 * replaces. DATABASE_URL: use that server (loaded once, kept: SKIP_LOAD=1 measures only, with
 * REBUILD=1 migrates it first and rebuilds the rollups, timed); none: a throwaway server
 * (testing/pgServer.ts). ROWS scales the ledger (default 20,000,000). ONLY=text runs the cases whose
 * name holds it. SCRATCH=schema (with DATABASE_URL and SKIP_LOAD=1): a database used read-only, e.g.
 * the shared large world — the rollups are built in that schema (created from migrations 0028 and
 * 0031, first on the search path) from the database's card ledger, and measured there; DROP=1
 * drops the schema at the end.
 */

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openPostgres } from '../apps/server/src/db/client';
import {
  cardChangeBinding,
  cardChangeReportBinding,
  currentMemberBalanceBinding,
  memberBalanceBinding,
  memberBalanceByCardBinding,
  monthlyMemberBalanceBinding,
} from '../apps/server/src/modules/members/reportBindings';
import { checkMemberRollups, ROLLUP_FAMILIES, rebuildMemberRollups } from '../apps/server/src/modules/members/rollups';
import type { ReportBinding } from '../apps/server/src/platform/report/binding';
import { reportPage } from '../apps/server/src/platform/report/query';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { startPgServer } from '../apps/server/src/testing/pgServer';
import { reportListQuery } from '../packages/contract/src/report/schemas';

const ROWS = Number(process.env.ROWS ?? 20_000_000);
/** Runs per case (the p50 is their median). */
const RUNS = Number(process.env.RUNS ?? 7);
const MEMBERS = Math.round(ROWS / 10);
const CARDS = Math.round(ROWS / 8);
const STORES = 2000;
const NOW = new Date('2026-11-25T12:00:00+08:00');

const pg = process.env.DATABASE_URL ? null : await startPgServer();
if (pg && process.env.KEEP) console.log(`server: ${pg.url}`);
const handle = await openPostgres(process.env.DATABASE_URL ?? pg!.url, 1);
if (process.env.JIT === 'off') await handle.db.execute(sql`set jit = off`);
const { db } = handle;
const t0 = performance.now();
const lap = (what: string, since: number) =>
  console.log(`${what}: ${((performance.now() - since) / 1000).toFixed(1)} s`);

const run = (text: string) => db.execute(sql.raw(text));

try {
  if (!process.env.SKIP_LOAD) {
    await prepareDatabase(handle);
    lap('migrate + demo seed', t0);
    const t1 = performance.now();
    await run(`set session_replication_role = replica`);
    await run(`insert into store (code, name, region_id)
      select 'SYN' || lpad(g::text, 5, '0'), '合成门店' || g, (select region_id from store order by id limit 1)
      from generate_series(1, ${STORES}) g`);
    await run(
      `create temporary table syn_store as select row_number() over (order by id) as i, id from store where code like 'SYN%'`,
    );
    await run(`create temporary table syn_card as select row_number() over (order by id) - 1 as i, id, kind from card`);
    await run(`insert into member (name, phone, store_id, joined_at)
      select '合成会员' || g, '19' || lpad(g::text, 9, '0'), s.id, timestamptz '2024-11-25' + (g % 730) * interval '1 day'
      from generate_series(1, ${MEMBERS}) g join syn_store s on s.i = 1 + g % ${STORES}`);
    lap('members', t1);
    const t2 = performance.now();
    await run(
      `create temporary table syn_member as select row_number() over (order by id) as i, id, store_id from member where name like '合成会员%'`,
    );
    await run(`create temporary table syn_before as select coalesce(max(id), 0) as id from member_card`);
    await run(`insert into member_card (member_id, card_id, kind, store_id, opened_at, expires_at, paid, balance, bonus_balance)
      select m.id, c.id, c.kind, m.store_id, timestamptz '2024-11-25 10:00+08' + (g % 730) * interval '1 day',
        timestamptz '2030-01-01', 100000,
        case when c.kind = 'stored' then 50000 + g % 1000 end, case when c.kind = 'stored' then g % 500 end
      from generate_series(1, ${CARDS}) g
      join syn_member m on m.i = 1 + (g::bigint * 7919) % ${MEMBERS}
      join syn_card c on c.i = g % (select count(*) from syn_card)`);
    await run(
      `create temporary table syn_mc as select row_number() over (order by id) as i, id, member_id, store_id, kind, opened_at from member_card where id > (select id from syn_before)`,
    );
    lap('cards', t2);
    const t3 = performance.now();
    // One 开卡 row per card, then top-ups and draws spread over the two years (12% / 78%).
    await run(`insert into card_ledger (member_card_id, member_id, kind, amount, bonus_amount, sessions, ref_type, ref_id, seq, store_id, at)
      select id, member_id, 'open', case when kind = 'stored' then 50000 else 0 end, case when kind = 'stored' then 5000 else 0 end,
        case when kind = 'combo' then 10 end, 'member_card', id, 1, store_id, opened_at from syn_mc`);
    const rest = ROWS - CARDS;
    const step = 2_000_000;
    for (let from = 1; from <= rest; from += step) {
      const to = Math.min(rest, from + step - 1);
      await run(`insert into card_ledger (member_card_id, member_id, kind, amount, bonus_amount, sessions, ref_type, ref_id, seq, store_id, at)
        select c.id, c.member_id, k.kind,
          case when c.kind = 'combo' then 0 when k.kind = 'topUp' then 20000 else -(1000 + g % 5000) end,
          case when c.kind = 'combo' then 0 when k.kind = 'topUp' then 2000 else -(g % 300) end,
          case when c.kind = 'combo' then (case when k.kind = 'topUp' then 5 else -1 end) end,
          case when k.kind = 'topUp' then 'card_top_up' else 'member_consume' end, 100000000 + g, case when g % 10 = 0 then 2 else 1 end,
          c.store_id, timestamptz '2024-11-25 00:00+08' + ((g::bigint * 104729) % (730 * 86400)) * interval '1 second'
        from generate_series(${from}::bigint, ${to}) g
        join syn_mc c on c.i = 1 + (g * 15485863::bigint) % ${CARDS}
        cross join lateral (select case when g % 100 < 13 then 'topUp' else 'consume' end as kind) k`);
      lap(`ledger rows to ${to + CARDS}`, t3);
    }
    await run(`set session_replication_role = origin`);
    await run(`vacuum analyze card_ledger`);
    await run(`vacuum analyze member_card`);
    lap('ledger', t3);
    const t4 = performance.now();
    const counts = await rebuildMemberRollups(handle, NOW);
    lap(`rebuildMemberRollups ${JSON.stringify(counts)}`, t4);
  }
  const scratch = process.env.SCRATCH;
  if (scratch) {
    if (!/^[a-z_][a-z0-9_]*$/.test(scratch)) throw new Error('SCRATCH: a plain schema name');
    await run(`create schema if not exists ${scratch}`);
    await run(`set search_path = ${scratch}, public`);
    for (const file of ['0028_member_rollups.sql', '0031_member_rollup_grains.sql']) {
      const text = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        // Unqualified names: created in the scratch schema, the first on the search path.
        if (statement.trim()) await run(statement.replace(/CREATE TABLE "/g, 'CREATE TABLE IF NOT EXISTS "'));
      }
    }
  }
  if (!process.env.SKIP_LOAD || process.env.REBUILD) {
    if (process.env.REBUILD) {
      if (!scratch) await handle.migrate();
      const t4 = performance.now();
      const counts = await rebuildMemberRollups(handle, NOW);
      lap(`rebuildMemberRollups ${JSON.stringify(counts)}`, t4);
    }
    for (const f of ROLLUP_FAMILIES) for (const t of [f.day, f.month, f.balance]) await run(`vacuum analyze ${t}`);
  }
  const sizes = await db.execute(sql`select relname, n_live_tup, pg_size_pretty(pg_total_relation_size(relid)) as size
    from pg_stat_user_tables where relname in ('card_ledger', 'member_card', 'member') or relname like 'member%flow%' or relname like 'member%balance_month'`);
  console.log(sizes);

  const p50 = async (what: string, fn: () => Promise<unknown>) => {
    const times: number[] = [];
    let out: unknown;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      out = await fn();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const n = Array.isArray(out) ? out.length : '';
    console.log(
      `${what.padEnd(62)} p50 ${times[Math.floor(RUNS / 2)]!.toFixed(0).padStart(6)} ms  (min ${times[0]!.toFixed(0)}, max ${times[RUNS - 1]!.toFixed(0)})  ${n} rows  load ${loadavg()[0]!.toFixed(1)}`,
    );
  };
  // Through the report engine, as GET …/list answers (page 1 of 20, the total and the totals row).
  const page = (b: ReportBinding, query: Record<string, string>) => () =>
    reportPage(db, b, HQ_SCOPE, reportListQuery(b.decl).parse(query) as never);
  const month = { periodFrom: '2026-10-01', periodTo: '2026-10-31' };
  // A period's shapes: a whole month; two partial months (the one over budget before); the worst
  // for the day rows read (half a month at each end); inside one month (a third each side).
  const two = { periodFrom: '2025-03-07', periodTo: '2025-04-19' };
  const worst = { periodFrom: '2025-03-16', periodTo: '2025-04-15' };
  const inside = { periodFrom: '2026-10-11', periodTo: '2026-10-20' };
  const cases: [string, ReportBinding, Record<string, string>][] = [];
  for (const [label, p] of [
    ['2026-10', month],
    ['2025-03-07..04-19', two],
    ['2025-03-16..04-15', worst],
    ['2026-10-11..20', inside],
  ] as const) {
    cases.push([`/MemberBalance ${label} by store`, memberBalanceBinding, { ...p, groupBy: 'store' }]);
    cases.push([`/MemberBalance ${label} by store × card`, memberBalanceBinding, { ...p, groupBy: 'storeCard' }]);
    cases.push([`/MemberBalance4 ${label} by card`, memberBalanceByCardBinding, { ...p, groupBy: 'card' }]);
    cases.push([`/MemberBalance4 ${label} by card kind`, memberBalanceByCardBinding, { ...p, groupBy: 'cardKind' }]);
    cases.push([`/CardChange ${label} by store × kind`, cardChangeBinding, { ...p, groupBy: 'storeKind' }]);
    cases.push([`/CardChange ${label} by kind`, cardChangeBinding, { ...p, groupBy: 'kind' }]);
    cases.push([
      `/CardChangeReport ${label} by store × card × kind`,
      cardChangeReportBinding,
      { ...p, groupBy: 'storeCardKind' },
    ]);
    cases.push([`/CardChangeReport ${label} by card × kind`, cardChangeReportBinding, { ...p, groupBy: 'cardKind' }]);
  }
  for (const groupBy of ['monthStore', 'month']) {
    cases.push([
      `/MonthlyMemberBalance 2025-11..2026-10 by ${groupBy}`,
      monthlyMemberBalanceBinding,
      { periodFrom: '2025-11-01', periodTo: '2026-10-31', groupBy },
    ]);
  }
  for (const day of ['2026-10-15', '2026-10-31', '2026-11-25']) {
    for (const groupBy of ['store', 'card', 'storeCard']) {
      cases.push([
        `/CurrentMemberBalance as of ${day} by ${groupBy}`,
        currentMemberBalanceBinding,
        { periodFrom: day, periodTo: day, groupBy },
      ]);
    }
  }
  for (const [what, b, q] of cases) {
    if (!process.env.ONLY || what.includes(process.env.ONLY)) await p50(what, page(b, q));
  }
  if (!process.env.ONLY)
    await p50('raw SQL: 会员余额表 2026-10 by store over card_ledger', () =>
      db.execute(sql`select c.store_id,
        sum(l.amount) filter (where l.at < '2026-10-01T00:00+08') as opening,
        sum(l.amount) filter (where l.at >= '2026-10-01T00:00+08' and l.kind = 'topUp') as top_up,
        sum(l.amount) filter (where l.at >= '2026-10-01T00:00+08' and l.kind = 'consume') as consumed,
        sum(l.amount) as closing
      from card_ledger l join member_card c on c.id = l.member_card_id
      where l.at < '2026-11-01T00:00+08' group by 1`),
    );
  if (process.env.CHECK) {
    const t5 = performance.now();
    const check = await checkMemberRollups(handle);
    lap(`checkMemberRollups ${JSON.stringify(check)}`, t5);
  }
  if (scratch && process.env.DROP) await run(`drop schema ${scratch} cascade`);
} finally {
  await handle.close();
  if (!process.env.KEEP) pg?.stop();
}
