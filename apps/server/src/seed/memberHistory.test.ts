/**
 * The large scale's member history (seed/memberHistory.ts), run at a small size on the demo world
 * through the same code as `npm run seed -- --scale large`: every invariant the ledger's writers
 * keep holds over what it loaded (seed/memberChecks.ts, in SQL), the member tables keep their
 * indexes and keys, and the plan is the same for the same seed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { checkMemberRollups, rebuildMemberRollups } from '../modules/members/rollups';
import { openTestDb } from '../testing/testApp';
import { rowsOf } from './generate';
import { memberInvariantViolations } from './memberChecks';
import { copyMemberHistory, loadHistoryWorld, type MemberHistoryReport, planMemberHistory } from './memberHistory';
import { prng } from './stores';

const SEED = 11;
const NOW = new Date('2026-11-01T00:00:00+08:00');
const MEMBERS = 2000;
const TABLES = `'member', 'member_card', 'member_card_session', 'card_top_up', 'member_consume', 'member_consume_line', 'card_ledger'`;

let h: DbHandle;
let report: MemberHistoryReport;
let before: string[];

const one = async <T>(query: string): Promise<T> => rowsOf<T>(await h.db.execute(sql.raw(query)))[0]!;

/** Every index and constraint of the member tables, as PostgreSQL prints them. */
const definitions = async () =>
  rowsOf<{ d: string }>(
    await h.db.execute(
      sql.raw(`select d from (
        select pg_get_indexdef(indexrelid) d from pg_index where indrelid in (select oid from pg_class where relname in (${TABLES}) and relnamespace = 'public'::regnamespace)
        union all
        select conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated from pg_constraint where conrelid in (select oid from pg_class where relname in (${TABLES}) and relnamespace = 'public'::regnamespace)
      ) x order by d`),
    ),
  ).map((r) => r.d);

beforeAll(async () => {
  // The demo world every API test starts from (its 300 members made through the ledger).
  h = await openTestDb();
  before = await definitions();
  report = await copyMemberHistory(h, { seed: SEED, members: MEMBERS, now: NOW, days: 365, blockSize: 500 });
});

afterAll(() => h?.close());

describe('member history at a small size', () => {
  it('adds the members and their history after the demo ones, ids continuing', async () => {
    expect(report.rows.member).toBe(MEMBERS);
    const counts = await one<Record<string, number>>(`select
      (select count(*)::int from member) as members,
      (select count(*)::int from member_card) as cards,
      (select count(*)::int from card_ledger) as ledger,
      (select count(*)::int from member_consume) as bills,
      (select max(id)::int from member) as "maxMember"`);
    expect(counts.members).toBe(300 + MEMBERS);
    expect(counts.maxMember).toBe(300 + MEMBERS);
    expect(report.rows.card_ledger).toBeGreaterThan(MEMBERS * 4);
    expect(report.rows.member_consume).toBeGreaterThan(MEMBERS * 4);
    expect(counts.ledger).toBeGreaterThan(report.rows.card_ledger);
    // A later insert takes the next id (the identity sequences moved past the loaded rows).
    const next = await one<{ id: number }>(
      `insert into member (name, phone, store_id) values ('测试', '19900000000', 1) returning id`,
    );
    expect(next.id).toBe(300 + MEMBERS + 1);
    await h.db.execute(sql`delete from member where id = ${next.id}`);
  });

  it('keeps every invariant of the ledger, checked with SQL', async () => {
    const broken = await memberInvariantViolations(h.db);
    expect(Object.keys(broken).length).toBeGreaterThan(10);
    expect(broken).toEqual(Object.fromEntries(Object.keys(broken).map((k) => [k, 0])));
  });

  it('the checks catch a card whose balance is not its ledger, and a bill that is not its lines', async () => {
    const card = await one<{ id: number }>(
      `select min(id)::int as id from member_card where kind = 'stored' and member_id > 300`,
    );
    await h.db.execute(sql`update member_card set balance = balance + 1 where id = ${card.id}`);
    const bill = await one<{ id: number }>(
      `select min(id)::int as id from member_consume where paid_other > 0 and member_id > 300`,
    );
    await h.db.execute(
      sql`update member_consume set total = total + 100, paid_other = paid_other + 100 where id = ${bill.id}`,
    );
    const broken = await memberInvariantViolations(h.db);
    expect(broken['stored card balance = sum of its ledger = its last row']).toBe(1);
    expect(broken['a bill equals its lines, paid by card and otherwise']).toBe(1);
    await h.db.execute(sql`update member_card set balance = balance - 1 where id = ${card.id}`);
    await h.db.execute(
      sql`update member_consume set total = total - 100, paid_other = paid_other - 100 where id = ${bill.id}`,
    );
  });

  it('has the shapes of a chain: cards of both kinds, top-ups, cross-store visits, frozen members and cards, staff and product lines', async () => {
    const s = await one<Record<string, number>>(`select
      (select count(*)::int from member where id > 300 and status = 'frozen') as "frozenMembers",
      (select count(*)::int from member_card where member_id > 300 and status = 'frozen') as "frozenCards",
      (select count(*)::int from member_card where kind = 'stored') as stored,
      (select count(*)::int from member_card where kind = 'combo') as combo,
      (select count(*)::int from card_top_up) as "topUps",
      (select count(*)::int from member_consume b join member m on m.id = b.member_id where b.store_id <> m.store_id) as away,
      (select count(*)::int from member_consume b join member m on m.id = b.member_id where b.store_id = m.store_id) as home,
      (select count(*)::int from member_consume where staff_id is not null) as served,
      (select count(*)::int from member_consume_line where item_kind = 'product') as products,
      (select count(*)::int from member_consume_line where member_card_id is null) as "paidOtherwise"`);
    expect(s.frozenMembers).toBeGreaterThan(5);
    expect(s.frozenCards).toBeGreaterThan(0);
    expect(s.stored).toBeGreaterThan(200);
    expect(s.combo).toBeGreaterThan(200);
    expect(s.topUps).toBeGreaterThan(50);
    expect(s.away).toBeGreaterThan(0);
    expect(s.home).toBeGreaterThan(s.away! * 5);
    expect(s.served).toBeGreaterThan(0);
    expect(s.products).toBeGreaterThan(0);
    expect(s.paidOtherwise).toBeGreaterThan(0);
    // Most members hold one or two cards.
    const spread = rowsOf<{ n: number; members: number }>(
      await h.db.execute(
        sql.raw(`select n::int, count(*)::int as members from (select m.id, count(c.id) n from member m
          left join member_card c on c.member_id = m.id where m.id > 300 group by m.id) x group by n order by n`),
      ),
    );
    const ones = spread.filter((r) => r.n === 1 || r.n === 2).reduce((a, r) => a + r.members, 0);
    expect(ones).toBeGreaterThan(MEMBERS / 2);
  });

  it('lets the rollups be rebuilt from what it loaded, equal to a recomputation', async () => {
    const counts = await rebuildMemberRollups(h, NOW);
    expect(counts.tables.member_flow_day).toBeGreaterThan(1000);
    // The bill rollups (卡项排行's 耗卡, 产品消耗) too.
    for (const rows of Object.values(counts.bills)) expect(rows).toBeGreaterThan(100);
    // 门店会员分析's rollup (members' joins and last bill days per store and day) too.
    for (const rows of Object.values(counts.members)) expect(rows).toBeGreaterThan(100);
    const check = await checkMemberRollups(h);
    expect(check.ok).toBe(true);
  });

  it('rebuilds the member tables’ indexes and keys it set aside for the load', async () => {
    expect(await definitions()).toEqual(before);
    // The triggers it disabled for the load run again (O: enabled).
    const triggers = rowsOf<{ name: string; enabled: string }>(
      await h.db.execute(
        sql.raw(`select tgname as name, tgenabled as enabled from pg_trigger
          where not tgisinternal and tgname like 'member%' order by 1`),
      ),
    );
    expect(triggers).toEqual(
      [
        'member_card_holdings',
        'member_card_holdings_changed',
        'member_card_session_sums',
        'member_consume_last_visit',
        'member_store_days',
        'member_store_days_moved',
      ].map((name) => ({
        name,
        enabled: 'O',
      })),
    );
  });

  it('plans the same rows for the same seed and other rows for another', async () => {
    const world = await h.db.transaction((tx) => loadHistoryWorld(tx));
    const to = NOW.getTime() - 1;
    const plan = (seed: number) => [
      ...planMemberHistory(prng(seed), world, { from: to + 1 - 90 * 86_400_000, to, members: 50 }),
    ];
    expect(plan(1)).toEqual(plan(1));
    expect(plan(2)).not.toEqual(plan(1));
  });
});
