/**
 * The large scale's member history (seed/memberHistory.ts), run at a small size on the demo world
 * through the same code as `npm run seed -- --scale large`: every invariant the ledger's writers
 * keep holds over what it loaded (seed/memberChecks.ts, in SQL), the member tables keep their
 * indexes and keys, and the plan is the same for the same seed. Then the bills' payments, shares
 * and kinds (seed/billFacts.ts): the bill service's rules (seed/billChecks.ts) hold over them as
 * over the demo's bills sent through the service, and the step is deterministic and idempotent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { checkMemberRollups, rebuildMemberRollups } from '../modules/members/rollups';
import { openTestDb } from '../testing/testApp';
import { BILL_INVARIANTS, billInvariantViolations, generatedBillInvariants } from './billChecks';
import { type BillFactsReport, fillBillFacts } from './billFacts';
import { rowsOf } from './generate';
import { invariantViolations, memberInvariantViolations } from './memberChecks';
import { copyMemberHistory, loadHistoryWorld, type MemberHistoryReport, planMemberHistory } from './memberHistory';
import { prng } from './stores';

const SEED = 11;
const NOW = new Date('2026-11-01T00:00:00+08:00');
const MEMBERS = 2000;
const TABLES = `'member', 'member_card', 'member_card_session', 'card_top_up', 'member_consume', 'member_consume_line', 'card_ledger'`;

let h: DbHandle;
let report: MemberHistoryReport;
let demo: { members: number; maxId: number };
let before: string[];
let demoBills: Record<string, number>;
let demoPaid: number;
let demoMethods: string[];
let facts: BillFactsReport;
let billIndexes: string[];

/** All zero: what a consistent database answers. */
const zeros = (broken: Record<string, unknown>) => Object.fromEntries(Object.keys(broken).map((k) => [k, 0]));
/** The generated members' bills (the demo's 300 members come first). */
const GENERATED = 'b.member_id > 300';

const one = async <T>(query: string): Promise<T> => rowsOf<T>(await h.db.execute(sql.raw(query)))[0]!;

/** Every index and constraint of the member tables, as PostgreSQL prints them. */
const definitions = async (tables = TABLES) =>
  rowsOf<{ d: string }>(
    await h.db.execute(
      sql.raw(`select d from (
        select pg_get_indexdef(indexrelid) d from pg_index where indrelid in (select oid from pg_class where relname in (${tables}) and relnamespace = 'public'::regnamespace)
        union all
        select conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated from pg_constraint where conrelid in (select oid from pg_class where relname in (${tables}) and relnamespace = 'public'::regnamespace)
      ) x order by d`),
    ),
  ).map((r) => r.d);

/** The generated bills' payments and shares, as one digest. */
const factsDigest = async () =>
  (
    await one<{ d: string }>(`select md5(
      (select string_agg(concat_ws(',', p.consume_id, p.seq, p.method, p.amount, p.member_card_id, p.trade_no, p.signer_staff_id), ';' order by p.consume_id, p.seq)
         from bill_payment p join member_consume b on b.id = p.consume_id where ${GENERATED})
      || (select string_agg(concat_ws(',', s.consume_id, s.line, s.staff_id, s.performance, s.commission), ';' order by s.consume_id, s.line, s.staff_id)
         from bill_share s join member_consume b on b.id = s.consume_id where ${GENERATED})) as d`)
  ).d;

beforeAll(async () => {
  // The demo world every API test starts from (its 300 members made through the ledger).
  h = await openTestDb();
  before = await definitions();
  billIndexes = await definitions(`'bill_payment', 'bill_share'`);
  // The demo's bills as the bill service wrote them, before the generator adds any.
  demoBills = await billInvariantViolations(h.db);
  demoPaid = (await one<{ n: number }>(`select count(distinct consume_id)::int as n from bill_payment`)).n;
  demoMethods = rowsOf<{ m: string }>(
    await h.db.execute(sql`select distinct method as m from bill_payment order by 1`),
  ).map((r) => r.m);
  // The demo's members (those of its history, its imports and its risk cases): the generated ones come after.
  demo = await one<{ members: number; maxId: number }>(
    `select count(*)::int as members, max(id)::int as "maxId" from member`,
  );
  report = await copyMemberHistory(h, { seed: SEED, members: MEMBERS, now: NOW, days: 365, blockSize: 500 });
  // One store's team down to one on the books (the others left after serving): no colleague to split a line with.
  await h.db.execute(
    sql.raw(`update staff set status = 'left' where store_id = (select store_id from member_consume where member_id > 300
      group by store_id order by count(*) desc, store_id limit 1) and id > (select min(s.id) from staff s where s.store_id = staff.store_id)`),
  );
  facts = await fillBillFacts(h, { chunk: 4_000 });
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
    expect(counts.members).toBe(demo.members + MEMBERS);
    expect(counts.maxMember).toBe(demo.maxId + MEMBERS);
    expect(report.rows.card_ledger).toBeGreaterThan(MEMBERS * 4);
    expect(report.rows.member_consume).toBeGreaterThan(MEMBERS * 4);
    expect(counts.ledger).toBeGreaterThan(report.rows.card_ledger);
    // A later insert takes the next id (the identity sequences moved past the loaded rows).
    const next = await one<{ id: number }>(
      `insert into member (name, phone, store_id) values ('测试', '19900000000', 1) returning id`,
    );
    expect(next.id).toBe(demo.maxId + MEMBERS + 1);
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
        'member_card_no_fill',
        'member_card_session_sums',
        'member_consume_last_visit',
        'member_store_days',
        'member_store_days_moved',
        'member_switch_record',
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

describe('the bills’ payments, shares and kinds (seed/billFacts.ts)', () => {
  it('the demo’s bills, sent through the bill service, keep every rule of the bill service', () => {
    expect(demoPaid).toBeGreaterThan(100);
    // Every kind of payment the rules speak of is among them.
    expect(demoMethods).toEqual(
      expect.arrayContaining(['comboCard', 'intentDeposit', 'signBill', 'storedCard', 'wechat']),
    );
    expect(Object.keys(demoBills)).toEqual(Object.keys(BILL_INVARIANTS));
    expect(demoBills).toEqual(zeros(demoBills));
  });

  it('gives the generated bills what the bill service writes, by the same rules', async () => {
    expect(facts.payments).toBeGreaterThan(report.rows.member_consume);
    expect(facts.shares).toBeGreaterThan(report.rows.member_consume_line / 2);
    expect(await billInvariantViolations(h.db)).toEqual(zeros(BILL_INVARIANTS));
    const generated = await invariantViolations(h.db, generatedBillInvariants(GENERATED));
    expect(Object.keys(generated).length).toBe(3);
    expect(generated).toEqual(zeros(generated));
    // Every bill with a total is paid now, the demo's older ones (written through the ledger's batch) too.
    const everyBill = await invariantViolations(h.db, generatedBillInvariants());
    expect(everyBill['every bill with a total has its payments']).toBe(0);
    expect(everyBill['every line of a bill with a staff has a share']).toBe(0);
  });

  it('pays by every method in a realistic mix, splits some bills and some lines', async () => {
    const byMethod = Object.fromEntries(
      rowsOf<{ method: string; n: number }>(
        await h.db.execute(
          sql.raw(`select p.method, count(*)::int as n from bill_payment p join member_consume b on b.id = p.consume_id
                    where ${GENERATED} group by p.method`),
        ),
      ).map((r) => [r.method, r.n]),
    );
    for (const m of ['wechat', 'alipay', 'bankCard', 'cash', 'storedCard', 'comboCard']) {
      expect(byMethod[m], m).toBeGreaterThan(50);
    }
    const sent = ['wechat', 'alipay', 'bankCard', 'cash', 'signBill'].reduce((n, m) => n + (byMethod[m] ?? 0), 0);
    expect(byMethod.wechat! / sent).toBeGreaterThan(0.4);
    expect(byMethod.wechat! / sent).toBeLessThan(0.65);
    // Some bills paid two ways, some lines shared by two, some lines served by a colleague; trade numbers on every
    // online payment, every generated bill 消费 (each has a project line), no shares on a bill without a staff.
    const s = await one<Record<string, number | boolean>>(`select
      (select count(*) > 50 from (select p.consume_id from bill_payment p join member_consume b on b.id = p.consume_id
         where ${GENERATED} and p.method not in ('storedCard', 'comboCard') group by p.consume_id having count(*) = 2) x) as "splitBills",
      (select count(*) > 50 from (select s.consume_id from bill_share s join member_consume b on b.id = s.consume_id
         where ${GENERATED} group by s.consume_id, s.line having count(*) = 2) x) as "splitLines",
      (select count(*) > 50 from bill_share s join member_consume b on b.id = s.consume_id
         where ${GENERATED} and s.staff_id <> b.staff_id) as colleagues,
      (select count(*)::int from bill_payment p join member_consume b on b.id = p.consume_id
         where ${GENERATED} and p.method in ('wechat', 'alipay', 'bankCard') and p.trade_no is null) as "noTradeNo",
      (select count(*)::int from member_consume b where ${GENERATED} and b.kind <> 'consume') as "notConsume",
      (select count(*)::int from member_consume b where ${GENERATED} and b.staff_id is null
         and exists (select 1 from bill_share s where s.consume_id = b.id)) as "sharedWithoutStaff"`);
    expect(s).toEqual({
      splitBills: true,
      splitLines: true,
      colleagues: true,
      noTradeNo: 0,
      notConsume: 0,
      sharedWithoutStaff: 0,
    });
    // A few bills closed (关单), none a card paid.
    expect(facts.closed).toBeGreaterThan(0);
    const closed = await one<{ n: number; card: number }>(`select count(*)::int as n,
      count(*) filter (where b.paid_by_card > 0)::int as card from member_consume b where ${GENERATED} and b.status = 'closed'`);
    expect(closed).toEqual({ n: facts.closed, card: 0 });
    // 签单 where a store has a manager's quota (the demo's six stores), within it.
    expect(byMethod.signBill).toBeGreaterThan(0);
    expect(facts.signBills).toBe(byMethod.signBill);
  });

  it('the checks catch a card payment that is not the draw, and a bill’s staff who served no first line', async () => {
    const pay = await one<{ id: number; consume: number }>(`select p.id, p.consume_id as consume from bill_payment p
      join member_consume b on b.id = p.consume_id where ${GENERATED} and p.method = 'storedCard' order by p.id limit 1`);
    await h.db.execute(sql`update bill_payment set amount = amount + 1 where id = ${pay.id}`);
    const share = await one<{ id: number; staff: number; other: number }>(`select s.id, s.staff_id as staff,
        (select t.id from staff t where t.store_id = b.store_id and t.id <> b.staff_id order by t.id limit 1) as other
      from bill_share s join member_consume b on b.id = s.consume_id
     where ${GENERATED} and s.line = 1 and not exists (select 1 from bill_share z where z.consume_id = s.consume_id and z.line = 1 and z.id <> s.id)
     order by s.id limit 1`);
    await h.db.execute(sql`update bill_share set staff_id = ${share.other} where id = ${share.id}`);
    const broken = await billInvariantViolations(h.db);
    await h.db.execute(sql`update bill_payment set amount = amount - 1 where id = ${pay.id}`);
    await h.db.execute(sql`update bill_share set staff_id = ${share.staff} where id = ${share.id}`);
    expect(broken).toEqual({
      ...zeros(broken),
      'a bill’s payments: those sent and 意向金 add up to what no card paid, the card payments to what the cards paid': 1,
      'one card payment per card the lines drew, of what they drew; a 储值卡 drew as much in its ledger': 1,
      'a bill’s staff is who served its first line with a share': 1,
    });
  });

  it('writes nothing again on a second run, the same facts for the same world, and keeps the indexes and keys', async () => {
    const again = await fillBillFacts(h);
    expect([again.payments, again.shares, again.kinds, again.closed]).toEqual([0, 0, 0, 0]);
    const digest = await factsDigest();
    const { n } = await one<{ n: number }>(
      `select count(*)::int as n from bill_payment p join member_consume b on b.id = p.consume_id where ${GENERATED}`,
    );
    await h.db.execute(
      sql.raw(`delete from bill_payment p using member_consume b where b.id = p.consume_id and ${GENERATED}`),
    );
    await h.db.execute(
      sql.raw(`delete from bill_share s using member_consume b where b.id = s.consume_id and ${GENERATED}`),
    );
    const redone = await fillBillFacts(h, { chunk: 100_000 });
    expect(redone.payments).toBe(n);
    expect(await factsDigest()).toBe(digest);
    expect(await definitions(`'bill_payment', 'bill_share'`)).toEqual(billIndexes);
  });
});
