/**
 * The query reports over members and the member account's views, on the demo data: each figure
 * equals an independent count over its facts (plain rows read here and added up in the test, not
 * the engine's GROUP BY), the region supervisor sees only their region's stores, and the member tabs
 * refuse a query without the member and show only that member's cards.
 */

import { openBillBody } from '@zb/contract/entities/bill';
import { ERR } from '@zb/contract/errcodes';
import type { AnyReport, ReportRow } from '@zb/contract/report/define';
import { CARD_LEDGER_VIEW, COMBO_CARD_VIEW, STORED_VALUE_CARD_VIEW } from '@zb/contract/reports/memberAccount';
import {
  CARD_RANKING_REPORT,
  MEMBER_BASIC_INFO_REPORT,
  MEMBER_CARD_REPORT,
  PRODUCT_CONSUMPTION_REPORT,
  SILENT_DAYS_DEFAULT,
  SILENT_DAYS_MAX,
  STORE_MEMBER_ANALYSIS_REPORT,
} from '@zb/contract/reports/query';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoleIdOf } from '../../testing/fixtures';
import { posCaller } from '../../testing/openApi';
import {
  addDays,
  beijingDay,
  bp,
  factRows,
  groupSum,
  reportAll,
  reportCall,
  todayBeijing,
} from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { postBill } from '../bills/service';
import { consume, openCard } from './ledger';
import { checkMemberRollups } from './rollups';
import { createMember } from './service';

let t: TestApp;
let admin: TestClient;
/** 张敏 as 大区督导 of 华南大区: the members' and the reports' pages, that region's stores. */
let zhangmin: TestClient;
/** The stores of 张敏's region (华南大区). */
let regionStores: Set<number>;

interface CardFact {
  id: number;
  memberId: number;
  storeId: number;
  cardId: number;
  kind: string;
  status: string;
  openedMs: number;
  expiresMs: number;
  paid: number;
  balance: number | null;
  bonus: number | null;
}
let cards: CardFact[];
/** Sessions per member card: [total, remaining]. */
let sessions: Map<number, [number, number]>;

const stateOf = (c: CardFact) => (c.expiresMs <= Date.now() ? 'expired' : c.status);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  zhangmin = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR'));
  const mine = await factRows<{ id: number }>(
    t.db,
    sql`select s.id from store s join region r on r.id = s.region_id where r.name = '华南大区'`,
  );
  regionStores = new Set(mine.map((s) => s.id));
  cards = await factRows<CardFact>(
    t.db,
    sql`select id, member_id as "memberId", store_id as "storeId", card_id as "cardId", kind, status,
      (extract(epoch from opened_at) * 1000)::float8 as "openedMs", (extract(epoch from expires_at) * 1000)::float8 as "expiresMs",
      paid, balance, bonus_balance as bonus from member_card`,
  );
  sessions = new Map();
  for (const s of await factRows<{ id: number; total: number; remaining: number }>(
    t.db,
    sql`select member_card_id as id, total, remaining from member_card_session`,
  )) {
    const [a, b] = sessions.get(s.id) ?? [0, 0];
    sessions.set(s.id, [a + s.total, b + s.remaining]);
  }
});

afterAll(async () => {
  await t?.close();
});

/** The report's rows by a key of their columns. */
const byKey = (rows: readonly ReportRow[], ...keys: string[]) =>
  new Map(rows.map((r) => [keys.map((k) => r[k]).join('|'), r]));

/** Every measure named in `want` of each group equals the report's row of that group, and nothing else is there. */
const expectGroups = (rows: readonly ReportRow[], keys: string[], want: Map<string, Record<string, number | null>>) => {
  const got = byKey(rows, ...keys);
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [k, w] of want) {
    const row = got.get(k)!;
    expect(Object.fromEntries(Object.keys(w).map((m) => [m, row[m]])), k).toEqual(w);
  }
};

/** The query a row's drill-down opens its target with (the way the report page builds it). */
const drillQuery = (decl: AnyReport, column: string, row: ReportRow, query: Record<string, string>) => {
  const d = decl.drill![column]!;
  const out: Record<string, string> = {};
  for (const [k, p] of Object.entries(d.query)) {
    const v = 'row' in p ? row[p.row] : 'filter' in p ? query[p.filter] : p.value;
    if (v !== null && v !== undefined) out[k] = String(v);
  }
  return out;
};

describe('/MemberCard 会员持卡', () => {
  const cardSums = {
    cards: () => 1,
    paid: (c: CardFact) => c.paid,
    balance: (c: CardFact) => c.balance ?? 0,
    bonusBalance: (c: CardFact) => c.bonus ?? 0,
    sessionsLeft: (c: CardFact) => sessions.get(c.id)?.[1] ?? 0,
    sessionsTotal: (c: CardFact) => sessions.get(c.id)?.[0] ?? 0,
  };
  const withMembers = (facts: CardFact[], key: (c: CardFact) => string) => {
    const out = groupSum(facts, key, cardSums);
    for (const [k, g] of out) g.members = new Set(facts.filter((c) => key(c) === k).map((c) => c.memberId)).size;
    return out;
  };

  it('counts the cards held by store and card product, with paid, balances and sessions, and the totals', async () => {
    expect(cards.length).toBeGreaterThan(300);
    const r = await reportAll(admin, MEMBER_CARD_REPORT, { groupBy: 'storeCard' });
    expectGroups(
      r.list,
      ['storeId', 'cardId'],
      withMembers(cards, (c) => `${c.storeId}|${c.cardId}`),
    );
    const all = withMembers(cards, () => 'all').get('all')!;
    expect(r.totals).toEqual(all);
  });

  it('counts by state (正常, 冻结, 已过期) and narrows by kind and opening day', async () => {
    const byState = await reportAll(admin, MEMBER_CARD_REPORT, { groupBy: 'state' });
    expectGroups(byState.list, ['state'], withMembers(cards, stateOf));
    expect(byState.list.map((x) => x.state)).toContain('expired');

    const to = todayBeijing();
    const from = addDays(to, -60);
    const stored = cards.filter(
      (c) => c.kind === 'stored' && beijingDay(c.openedMs) >= from && beijingDay(c.openedMs) <= to,
    );
    expect(stored.length).toBeGreaterThan(0);
    const r = await reportAll(admin, MEMBER_CARD_REPORT, {
      groupBy: 'card',
      kind: 'stored',
      openedFrom: from,
      openedTo: to,
    });
    expectGroups(
      r.list,
      ['cardId'],
      withMembers(stored, (c) => String(c.cardId)),
    );
  });

  it('shows the region supervisor only the cards of their region’s stores', async () => {
    const r = await reportAll(zhangmin, MEMBER_CARD_REPORT, { groupBy: 'store' });
    const mine = cards.filter((c) => regionStores.has(c.storeId));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(cards.length);
    expectGroups(
      r.list,
      ['storeId'],
      withMembers(mine, (c) => String(c.storeId)),
    );
  });
});

describe('/MemberBasicInformation 会员基本信息', () => {
  it('lists every member with their level, source, home store, cards and valid stored balance', async () => {
    const members = await factRows<{
      id: number;
      code: string;
      level: string | null;
      source: string | null;
      storeId: number;
      store: string;
    }>(
      t.db,
      sql`select m.id, m.code, (select name from master_item where id = m.level_id) as level,
        (select name from master_item where id = m.source_id) as source, m.store_id as "storeId",
        (select name from store where id = m.store_id) as store from member m`,
    );
    const r = await reportAll(admin, MEMBER_BASIC_INFO_REPORT);
    expect(r.total).toBe(members.length);
    const rows = byKey(r.list, 'memberId');
    const valid = (c: CardFact) => c.status === 'active' && c.expiresMs > Date.now();
    let balance = 0;
    for (const m of members) {
      const row = rows.get(String(m.id))!;
      const own = cards.filter((c) => c.memberId === m.id);
      const stored = own.filter((c) => c.kind === 'stored' && valid(c)).reduce((s, c) => s + c.balance! + c.bonus!, 0);
      balance += stored;
      expect(row, m.code).toMatchObject({
        code: m.code,
        levelName: m.level,
        sourceName: m.source,
        storeName: m.store,
        cards: own.length,
        validCards: own.filter(valid).length,
        storedBalance: stored,
        sessionsLeft: own.filter(valid).reduce((s, c) => s + (sessions.get(c.id)?.[1] ?? 0), 0),
      });
    }
    expect(r.totals?.cards).toBe(cards.length);
    expect(r.totals?.storedBalance).toBe(balance);
    // Newest first.
    const joined = r.list.map((x) => String(x.joinedAt));
    expect(joined).toEqual([...joined].sort().reverse());
  });

  it('filters by level and by home store in the caller’s scope', async () => {
    const [level] = await factRows<{ levelId: number; n: number }>(
      t.db,
      sql`select level_id as "levelId", count(*)::int as n from member where level_id is not null
        group by level_id order by level_id limit 1`,
    );
    const r = await reportAll(admin, MEMBER_BASIC_INFO_REPORT, { levelId: level!.levelId });
    expect(r.total).toBe(level!.n);
    const region = await reportAll(zhangmin, MEMBER_BASIC_INFO_REPORT);
    const [{ n } = { n: 0 }] = await factRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from member where store_id in (${sql.join(
        [...regionStores].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(region.total).toBe(n);
    expect(n).toBeGreaterThan(0);
  });
});

/**
 * Periods that take each way through the rollups' months and edge days (reports.ts periodSums):
 * the last 120 days (the first month's days, the current month whole), two months from the 2nd
 * to the 10th (the first month whole less a day, the last less its days after the 10th), days
 * inside one month, and one day.
 */
const rollupPeriods = (): [string, string][] => {
  const month = monthStart;
  return [
    [addDays(todayBeijing(), -120), todayBeijing()],
    [addDays(month(-2), 1), addDays(month(-1), 9)],
    [addDays(month(-1), 4), addDays(month(-1), 19)],
    [addDays(month(-3), 24), addDays(month(-1), 2)],
    [addDays(todayBeijing(), -3), addDays(todayBeijing(), -3)],
  ];
};
/** The first day of the month n months from this one (Beijing). */
const monthStart = (n: number): string => {
  const d = new Date(`${todayBeijing().slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

describe('/CardRanking 卡项排行', () => {
  const expectRanking = async (from: string, to: string, busy: boolean) => {
    const inPeriod = (ms: number) => beijingDay(ms) >= from && beijingDay(ms) <= to;
    const sold = cards.filter((c) => inPeriod(c.openedMs));
    const draws = (
      await factRows<{ cardId: number; storeId: number; atMs: number; sessions: number | null; money: number }>(
        t.db,
        sql`select k.card_id as "cardId", l.store_id as "storeId", (extract(epoch from l.at) * 1000)::float8 as "atMs",
          l.sessions, l.amount + l.bonus_amount as money
          from card_ledger l, member_card k where k.id = l.member_card_id and l.kind = 'consume'`,
      )
    ).filter((d) => inPeriod(d.atMs));
    if (busy) {
      expect(sold.length).toBeGreaterThan(10);
      expect(draws.length).toBeGreaterThan(10);
    }
    const facts = [
      ...sold.map((c) => ({
        cardId: c.cardId,
        atMs: c.openedMs,
        sold: 1,
        amount: c.paid,
        drawSessions: 0,
        drawAmount: 0,
      })),
      ...draws.map((d) => ({
        cardId: d.cardId,
        atMs: d.atMs,
        sold: 0,
        amount: 0,
        drawSessions: -(d.sessions ?? 0),
        drawAmount: -d.money,
      })),
    ];
    const measures = {
      sold: (f: (typeof facts)[number]) => f.sold,
      amount: (f: (typeof facts)[number]) => f.amount,
      drawSessions: (f: (typeof facts)[number]) => f.drawSessions,
      drawAmount: (f: (typeof facts)[number]) => f.drawAmount,
    };
    const want = groupSum(facts, (f) => String(f.cardId), measures);
    for (const [k, g] of want)
      g.members = new Set(sold.filter((c) => String(c.cardId) === k).map((c) => c.memberId)).size;
    const r = await reportAll(admin, CARD_RANKING_REPORT, { periodFrom: from, periodTo: to });
    expectGroups(r.list, ['cardId'], want);
    const amounts = r.list.map((x) => Number(x.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const all = groupSum(facts, () => 'all', measures).get('all')!;
    expect(r.totals).toEqual({ ...all, members: new Set(sold.map((c) => c.memberId)).size });
    if (busy) {
      expect(all.drawSessions).toBeGreaterThan(0);
      expect(all.drawAmount).toBeGreaterThan(0);
    }

    const months = await reportAll(admin, CARD_RANKING_REPORT, { periodFrom: from, periodTo: to, groupBy: 'month' });
    const byMonth = groupSum(facts, (f) => `${beijingDay(f.atMs).slice(0, 7)}-01`, measures);
    for (const g of byMonth.values()) delete g.members;
    const got = months.list.map(({ month, sold, amount, drawSessions, drawAmount }) => [
      month,
      { sold, amount, drawSessions, drawAmount },
    ]);
    expect(new Map(got as [string, unknown][])).toEqual(byMonth);

    const stores = await reportAll(admin, CARD_RANKING_REPORT, {
      periodFrom: from,
      periodTo: to,
      groupBy: 'storeCard',
    });
    const byStore = groupSum(
      [
        ...sold.map((c) => ({ key: `${c.storeId}|${c.cardId}`, amount: c.paid, drawAmount: 0 })),
        ...draws.map((d) => ({ key: `${d.storeId}|${d.cardId}`, amount: 0, drawAmount: -d.money })),
      ],
      (f) => f.key,
      { amount: (f) => f.amount, drawAmount: (f) => f.drawAmount },
    );
    expectGroups(stores.list, ['storeId', 'cardId'], byStore);
  };

  it('ranks the card products by the amount sold in the period, beside what was drawn from them', async () => {
    await expectRanking(addDays(todayBeijing(), -120), todayBeijing(), true);
  });

  it('adds up the same from the 耗卡 rollup for periods that start and end inside months, or in one', async () => {
    for (const [from, to] of rollupPeriods().slice(1)) await expectRanking(from, to, false);
  });

  it('drills from 售卡数 of a store and product into the cards 会员持卡 counts for them', async () => {
    const to = todayBeijing();
    const query = { periodFrom: addDays(to, -120), periodTo: to };
    const r = await reportAll(admin, CARD_RANKING_REPORT, { ...query, groupBy: 'storeCard' });
    for (const row of r.list.slice(0, 5)) {
      const behind = await reportAll(admin, MEMBER_CARD_REPORT, drillQuery(CARD_RANKING_REPORT, 'sold', row, query));
      expect(behind.totals?.cards, JSON.stringify(row)).toBe(row.sold);
      expect(behind.totals?.paid).toBe(row.amount);
    }
  });

  it('needs the period', async () => {
    const res = await reportCall(admin, CARD_RANKING_REPORT);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

interface AnalysisFacts {
  members: { id: number; storeId: number; joinedMs: number }[];
  bills: { memberId: number; consumedMs: number }[];
}

/** 门店会员分析's facts as they are now: every member (home store, joined) and every bill. */
const analysisFacts = async (): Promise<AnalysisFacts> => ({
  members: await factRows(
    t.db,
    sql`select id, store_id as "storeId", (extract(epoch from joined_at) * 1000)::float8 as "joinedMs" from member`,
  ),
  bills: await factRows(
    t.db,
    sql`select member_id as "memberId", (extract(epoch from consumed_at) * 1000)::float8 as "consumedMs" from member_consume`,
  ),
});

/** Each store's members by `to`, new in [from, to], active in [from, to], silent for `days` up to `to`. */
const expectedAnalysis = (facts: AnalysisFacts, from: string, to: string, days: number, stores?: Set<number>) => {
  const quietFrom = addDays(to, 1 - days);
  const billDays = new Map<number, string[]>();
  for (const b of facts.bills) {
    const list = billDays.get(b.memberId) ?? [];
    list.push(beijingDay(b.consumedMs));
    billDays.set(b.memberId, list);
  }
  const billed = (id: number, a: string, b: string) => (billDays.get(id) ?? []).some((d) => d >= a && d <= b);
  const there = facts.members.filter((m) => beijingDay(m.joinedMs) <= to && (!stores || stores.has(m.storeId)));
  const out = groupSum(there, (m) => String(m.storeId), {
    members: () => 1,
    newMembers: (m) => (beijingDay(m.joinedMs) >= from ? 1 : 0),
    active: (m) => (billed(m.id, from, to) ? 1 : 0),
    silent: (m) => (billed(m.id, quietFrom, to) ? 0 : 1),
  });
  return new Map(
    [...out].map(([k, g]) => [
      k,
      { ...g, activeRate: bp(g.active!, g.members!), silentRate: bp(g.silent!, g.members!) } as Record<
        string,
        number | null
      >,
    ]),
  );
};

describe('/storeMemberAnalysis 门店会员分析', () => {
  let facts: AnalysisFacts;

  beforeAll(async () => {
    facts = await analysisFacts();
  });

  const expected = (from: string, to: string, days: number, stores?: Set<number>) =>
    expectedAnalysis(facts, from, to, days, stores);

  it('counts each store’s members, new, active and silent members for the period', async () => {
    const to = todayBeijing();
    const from = addDays(to, -44);
    const want = expected(from, to, SILENT_DAYS_DEFAULT);
    const r = await reportAll(admin, STORE_MEMBER_ANALYSIS_REPORT, { periodFrom: from, periodTo: to });
    expectGroups(r.list, ['storeId'], want);
    const sum = (k: string) => [...want.values()].reduce((s, g) => s + g[k]!, 0);
    expect(r.totals).toEqual({
      members: sum('members'),
      newMembers: sum('newMembers'),
      active: sum('active'),
      activeRate: bp(sum('active'), sum('members')),
      silent: sum('silent'),
      silentRate: bp(sum('silent'), sum('members')),
    });
    expect(sum('active')).toBeGreaterThan(0);
    expect(sum('silent')).toBeGreaterThan(0);
  });

  it('reads the silence asked for, and an earlier period counts the members there were then', async () => {
    const to = addDays(todayBeijing(), -30);
    const from = addDays(to, -29);
    const r = await reportAll(admin, STORE_MEMBER_ANALYSIS_REPORT, { periodFrom: from, periodTo: to, silentDays: 30 });
    expectGroups(r.list, ['storeId'], expected(from, to, 30));
  });

  it('drills from 会员总数 and 新增会员 into the members 会员基本信息 lists, by store and by region', async () => {
    const to = todayBeijing();
    const query = { periodFrom: addDays(to, -44), periodTo: to };
    for (const groupBy of ['store', 'region']) {
      const r = await reportAll(admin, STORE_MEMBER_ANALYSIS_REPORT, { ...query, groupBy });
      for (const row of r.list.slice(0, 4)) {
        for (const column of ['members', 'newMembers']) {
          const q = drillQuery(STORE_MEMBER_ANALYSIS_REPORT, column, row, query);
          const behind = await reportAll(admin, MEMBER_BASIC_INFO_REPORT, q);
          expect(behind.total, `${groupBy} ${column} ${JSON.stringify(q)}`).toBe(row[column]);
        }
      }
    }
  });

  it('refuses a silence outside 1–3650 days with a Chinese message', async () => {
    const to = todayBeijing();
    for (const silentDays of [0, SILENT_DAYS_MAX + 1, 2_000_000_000]) {
      const res = await reportCall(admin, STORE_MEMBER_ANALYSIS_REPORT, { periodFrom: to, periodTo: to, silentDays });
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(JSON.stringify(res.body.data)).toMatch(/沉默天数不能(小|大)于/);
    }
  });

  it('shows the region supervisor only their region’s stores', async () => {
    const to = todayBeijing();
    const from = addDays(to, -44);
    const r = await reportAll(zhangmin, STORE_MEMBER_ANALYSIS_REPORT, { periodFrom: from, periodTo: to });
    const want = expected(from, to, SILENT_DAYS_DEFAULT, regionStores);
    expect(want.size).toBeGreaterThan(0);
    expectGroups(r.list, ['storeId'], want);
  });
});

describe('/productSonsumption 产品消耗', () => {
  const expectConsumption = async (from: string, to: string, busy: boolean) => {
    const lines = await factRows<{
      kind: string;
      projectId: number | null;
      productId: number | null;
      quantity: number;
      amount: number;
      storeId: number;
      consumedMs: number;
    }>(
      t.db,
      sql`select l.item_kind as kind, l.project_id as "projectId", l.product_id as "productId", l.quantity, l.amount,
        c.store_id as "storeId", (extract(epoch from c.consumed_at) * 1000)::float8 as "consumedMs"
        from member_consume_line l, member_consume c where c.id = l.consume_id`,
    );
    const usage = await factRows<{ projectId: number; productId: number; quantity: number }>(
      t.db,
      sql`select project_id as "projectId", product_id as "productId", quantity from project_product`,
    );
    const inPeriod = lines.filter((l) => beijingDay(l.consumedMs) >= from && beijingDay(l.consumedMs) <= to);
    const facts = inPeriod.flatMap((l) =>
      l.kind === 'product'
        ? [{ key: `${l.productId}|product`, quantity: l.quantity, services: 0, amount: l.amount }]
        : usage
            .filter((u) => u.projectId === l.projectId)
            .map((u) => ({
              key: `${u.productId}|project`,
              quantity: l.quantity * u.quantity,
              services: l.quantity,
              amount: 0,
            })),
    );
    if (busy) {
      expect(facts.some((f) => f.key.endsWith('project'))).toBe(true);
      expect(facts.some((f) => f.key.endsWith('product'))).toBe(true);
    }
    const want = groupSum(facts, (f) => f.key, {
      quantity: (f) => f.quantity,
      services: (f) => f.services,
      amount: (f) => f.amount,
    });
    const r = await reportAll(admin, PRODUCT_CONSUMPTION_REPORT, { consumedFrom: from, consumedTo: to });
    expectGroups(r.list, ['productId', 'way'], want);
    const sum = (k: 'quantity' | 'services' | 'amount') => facts.reduce((s, f) => s + f[k], 0);
    expect(r.totals).toEqual({ quantity: sum('quantity'), services: sum('services'), amount: sum('amount') });

    // By product again in a region's scope: the store-level rollup (the chain's holds every store).
    const regional = inPeriod
      .filter((l) => regionStores.has(l.storeId))
      .flatMap((l) =>
        l.kind === 'product'
          ? [{ key: `${l.productId}|product`, quantity: l.quantity }]
          : usage
              .filter((u) => u.projectId === l.projectId)
              .map((u) => ({ key: `${u.productId}|project`, quantity: l.quantity * u.quantity })),
      );
    const inRegion = await reportAll(zhangmin, PRODUCT_CONSUMPTION_REPORT, { consumedFrom: from, consumedTo: to });
    expectGroups(
      inRegion.list,
      ['productId', 'way'],
      groupSum(regional, (f) => f.key, { quantity: (f) => f.quantity }),
    );
    expect(inRegion.totals?.quantity).toBe(regional.reduce((s, f) => s + f.quantity, 0));

    const direct = await reportAll(admin, PRODUCT_CONSUMPTION_REPORT, {
      consumedFrom: from,
      consumedTo: to,
      way: 'product',
      groupBy: 'storeProduct',
    });
    expectGroups(
      direct.list,
      ['storeId', 'productId'],
      groupSum(
        inPeriod.filter((l) => l.kind === 'product'),
        (l) => `${l.storeId}|${l.productId}`,
        { quantity: (l) => l.quantity, services: () => 0, amount: (l) => l.amount },
      ),
    );

    const months = await reportAll(admin, PRODUCT_CONSUMPTION_REPORT, {
      consumedFrom: from,
      consumedTo: to,
      way: 'project',
      groupBy: 'monthProduct',
    });
    expectGroups(
      months.list,
      ['month', 'productId'],
      groupSum(
        inPeriod.flatMap((l) =>
          l.kind === 'project'
            ? usage
                .filter((u) => u.projectId === l.projectId)
                .map((u) => ({
                  key: `${beijingDay(l.consumedMs).slice(0, 7)}-01|${u.productId}`,
                  q: l.quantity * u.quantity,
                }))
            : [],
        ),
        (f) => f.key,
        { quantity: (f) => f.q },
      ),
    );
  };

  it('adds the products the projects served used (sessions × usage) and the products sold directly', async () => {
    await expectConsumption(addDays(todayBeijing(), -90), todayBeijing(), true);
  });

  it('adds up the same from the bill lines’ rollup for periods that start and end inside months, or in one', async () => {
    for (const [from, to] of rollupPeriods()) await expectConsumption(from, to, false);
  });
});

describe('member account tabs: /comboCard, /storedValueCard and a card’s ledger', () => {
  /** A member holding both kinds of card, in 张敏's region. */
  let holder: { memberId: number; storeId: number };
  let outsider: number;

  beforeAll(async () => {
    const both = await factRows<{ memberId: number; storeId: number }>(
      t.db,
      sql`select m.id as "memberId", m.store_id as "storeId" from member m
        where exists (select 1 from member_card c where c.member_id = m.id and c.kind = 'combo')
          and exists (select 1 from member_card c where c.member_id = m.id and c.kind = 'stored')
        order by m.id`,
    );
    holder = both.find((m) => regionStores.has(m.storeId))!;
    outsider = both.find((m) => !regionStores.has(m.storeId))!.memberId;
    expect(holder).toBeDefined();
  });

  it.each([COMBO_CARD_VIEW, STORED_VALUE_CARD_VIEW, CARD_LEDGER_VIEW] as AnyReport[])(
    '$name refuses a query without the member or card it is embedded with',
    async (view) => {
      const res = await reportCall(admin, view);
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    },
  );

  it('套餐卡 shows each project of the member’s combo cards with total, used and remaining sessions', async () => {
    const want = await factRows<{ memberCardId: number; projectId: number; total: number; remaining: number }>(
      t.db,
      sql`select s.member_card_id as "memberCardId", s.project_id as "projectId", s.total, s.remaining
        from member_card_session s where s.member_card_id in
          (select id from member_card where member_id = ${holder.memberId} and kind = 'combo')`,
    );
    const r = await reportAll(admin, COMBO_CARD_VIEW, { memberId: holder.memberId });
    expect(r.total).toBe(want.length);
    const own = new Set(cards.filter((c) => c.memberId === holder.memberId).map((c) => c.id));
    for (const row of r.list) expect(own.has(Number(row.memberCardId))).toBe(true);
    const sumOf = (k: 'total' | 'remaining') => want.reduce((s, x) => s + x[k], 0);
    expect(r.totals).toEqual({
      total: sumOf('total'),
      used: sumOf('total') - sumOf('remaining'),
      remaining: sumOf('remaining'),
    });
    expect(r.list.map((x) => Number(x.total) - Number(x.remaining))).toEqual(r.list.map((x) => x.used));
    // Newest card first.
    const opened = r.list.map((x) => String(x.openedAt));
    expect(opened).toEqual([...opened].sort().reverse());
  });

  it('储值卡 shows the member’s stored-value cards with balance, bonus and what was topped up', async () => {
    const mine = cards.filter((c) => c.memberId === holder.memberId && c.kind === 'stored');
    const tops = await factRows<{ id: number; amount: number }>(
      t.db,
      sql`select member_card_id as id, sum(amount)::int as amount from card_top_up group by member_card_id`,
    );
    const r = await reportAll(admin, STORED_VALUE_CARD_VIEW, { memberId: holder.memberId });
    expect(r.list.map((x) => Number(x.memberCardId)).sort()).toEqual(mine.map((c) => c.id).sort());
    for (const c of mine) {
      const row = r.list.find((x) => x.memberCardId === c.id)!;
      expect(row).toMatchObject({
        paid: c.paid,
        balance: c.balance,
        bonusBalance: c.bonus,
        totalBalance: c.balance! + c.bonus!,
        toppedUp: tops.find((x) => x.id === c.id)?.amount ?? 0,
        state: stateOf(c),
      });
    }
    expect(r.totals).toMatchObject({
      balance: mine.reduce((s, c) => s + c.balance!, 0),
      bonusBalance: mine.reduce((s, c) => s + c.bonus!, 0),
    });
  });

  it('a card’s ledger lists its rows newest first, adding up to the card’s balance', async () => {
    const card = cards.find((c) => c.memberId === holder.memberId && c.kind === 'stored')!;
    const [{ n } = { n: 0 }] = await factRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from card_ledger where member_card_id = ${card.id}`,
    );
    const r = await reportAll(admin, CARD_LEDGER_VIEW, { memberCardId: card.id });
    expect(r.total).toBe(n);
    const last = r.list.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
    expect(last).toMatchObject({ balanceAfter: card.balance, bonusAfter: card.bonus });
    const at = r.list.map((x) => String(x.at));
    expect(at).toEqual([...at].sort().reverse());
    expect(r.totals).toMatchObject({ amount: card.balance, bonusAmount: card.bonus });
  });

  it('the region supervisor sees the cards of their region’s members only', async () => {
    const mine = await reportAll(zhangmin, STORED_VALUE_CARD_VIEW, { memberId: holder.memberId });
    expect(mine.total).toBeGreaterThan(0);
    const other = await reportAll(zhangmin, COMBO_CARD_VIEW, { memberId: outsider });
    expect(other.total).toBe(0);
    const otherCard = cards.find((c) => c.memberId === outsider)!;
    expect((await reportAll(zhangmin, CARD_LEDGER_VIEW, { memberCardId: otherCard.id })).total).toBe(0);
  });
});

describe('/storeMemberAnalysis after live writes', () => {
  it('counts a new member, a bill through the bill service, backdated bills and a member moved, over any period', async () => {
    const today = todayBeijing();
    const [sh] = await factRows<{ id: number }>(t.db, sql`select id from store where code = 'SH001'`);
    const [bj] = await factRows<{ id: number }>(t.db, sql`select id from store where code = 'BJ001'`);
    const [p1] = await factRows<{ id: number; price: number }>(
      t.db,
      sql`select id, retail_price as price from product where code = 'P001'`,
    );
    // A member registered now at SH001, billed today at BJ001 through the bill service.
    const fresh = await t.db.transaction((x) =>
      createMember(x, { name: '分析新会员', phone: '13912349001', storeId: sh!.id, userId: null }),
    );
    await postBill(
      t.db,
      await posCaller(t.db, bj!.id, 'sma-1'),
      openBillBody.parse({
        outerNo: 'SMA-1',
        storeCode: 'BJ001',
        member: '13912349001',
        at: new Date().toISOString(),
        lines: [{ kind: 'product', code: 'P001' }],
        payments: [{ method: 'cash', amount: p1!.price }],
      }),
    );
    // Backdated bills: one for a member with no bill yet, one before a member's last bill.
    const [idle] = await factRows<{ id: number; storeId: number }>(
      t.db,
      sql`select id, store_id as "storeId" from member m where last_visit_day is null
        and joined_at < now() - interval '60 days' order by id limit 1`,
    );
    const [regular] = await factRows<{ id: number; storeId: number; last: string }>(
      t.db,
      sql`select id, store_id as "storeId", last_visit_day::text as last from member
        where last_visit_day >= ${addDays(today, -20)}::date and joined_at < now() - interval '90 days' order by id limit 1`,
    );
    const back = (days: number) => new Date(Date.parse(`${addDays(today, -days)}T11:00:00+08:00`));
    for (const [m, days] of [
      [idle!, 40],
      [regular!, 50],
    ] as const) {
      await t.db.transaction((x) =>
        consume(x, {
          memberId: m.id,
          storeId: m.storeId,
          at: back(days),
          userId: null,
          lines: [{ productId: p1!.id, quantity: 1 }],
        }),
      );
    }
    // A member with bills moved to another store: their counts move with them.
    await t.db.execute(sql`update member set store_id = ${bj!.id} where id = ${regular!.id}`);
    const kept = await factRows<{ id: number; last: string | null }>(
      t.db,
      sql`select id, last_visit_day::text as last from member where id in (${fresh.id}, ${idle!.id}, ${regular!.id}) order by id`,
    );
    expect(new Map(kept.map((k) => [k.id, k.last]))).toEqual(
      new Map([
        [fresh.id, today],
        [idle!.id, addDays(today, -40)],
        [regular!.id, regular!.last],
      ]),
    );
    expect((await checkMemberRollups(t.db)).ok).toBe(true);

    const facts = await analysisFacts();
    for (const [from, to, silentDays] of [
      [addDays(today, -29), today, SILENT_DAYS_DEFAULT],
      [addDays(today, -75), addDays(today, -31), 30],
      [addDays(today, -40), addDays(today, -40), 1],
      [addDays(today, -50), addDays(today, -38), 7],
      [addDays(today, -400), addDays(today, -200), 1000],
      [today, today, SILENT_DAYS_MAX],
    ] as const) {
      const r = await reportAll(admin, STORE_MEMBER_ANALYSIS_REPORT, { periodFrom: from, periodTo: to, silentDays });
      const want = expectedAnalysis(facts, from, to, silentDays);
      expectGroups(r.list, ['storeId'], want);
      const sum = (k: string) => [...want.values()].reduce((a, g) => a + g[k]!, 0);
      expect(r.totals, `${from}…${to} ${silentDays}`).toMatchObject({
        members: sum('members'),
        active: sum('active'),
        silent: sum('silent'),
      });
    }
  });
});

describe('/MemberBasicInformation after live writes', () => {
  it('counts a card opened, drawn and expired: the kept figures follow the cards, expiry at the next read', async () => {
    const [sh] = await factRows<{ id: number }>(t.db, sql`select id from store where code = 'SH001'`);
    const [stored] = await factRows<{ id: number }>(
      t.db,
      sql`select id from card where kind = 'stored' and status = 'on' and usable_scope = 'all' order by id limit 1`,
    );
    const [combo] = await factRows<{ id: number }>(
      t.db,
      sql`select c.id from card c where c.kind = 'combo' and c.status = 'on' and c.usable_scope = 'all'
        and exists (select 1 from card_project p where p.card_id = c.id) order by c.id limit 1`,
    );
    const m = await t.db.transaction((x) =>
      createMember(x, { name: '持卡新会员', phone: '13912349002', storeId: sh!.id, userId: null }),
    );
    const now = new Date();
    const s = await t.db.transaction((x) =>
      openCard(x, { memberId: m.id, cardId: stored!.id, storeId: sh!.id, at: now, userId: null }),
    );
    const c = await t.db.transaction((x) =>
      openCard(x, { memberId: m.id, cardId: combo!.id, storeId: sh!.id, at: now, userId: null }),
    );
    // Each figure from the member's cards and their session rows as they are now.
    const want = async () => {
      const [f] = await factRows<Record<string, number>>(
        t.db,
        sql`select count(*)::int as cards,
          (count(*) filter (where c.status = 'active' and c.expires_at > now()))::int as "validCards",
          coalesce(sum(c.balance + c.bonus_balance) filter (where c.kind = 'stored' and c.status = 'active' and c.expires_at > now()), 0)::int as "storedBalance",
          coalesce(sum((select sum(x.remaining) from member_card_session x where x.member_card_id = c.id))
            filter (where c.status = 'active' and c.expires_at > now()), 0)::int as "sessionsLeft"
        from member_card c where c.member_id = ${m.id}`,
      );
      return f!;
    };
    const row = async () => {
      const r = await reportAll(admin, MEMBER_BASIC_INFO_REPORT, { code: m.code });
      expect(r.total).toBe(1);
      const { cards, validCards, storedBalance, sessionsLeft } = r.list[0]!;
      return { cards, validCards, storedBalance, sessionsLeft };
    };
    const opened = await want();
    expect(opened).toMatchObject({ cards: 2, validCards: 2 });
    expect(opened.sessionsLeft).toBeGreaterThan(0);
    expect(await row()).toEqual(opened);
    // A session drawn from the combo card (the ledger writes member_card_session).
    const [project] = await factRows<{ id: number }>(
      t.db,
      sql`select project_id as id from member_card_session where member_card_id = ${c.memberCardId} order by 1 limit 1`,
    );
    await t.db.transaction((x) =>
      consume(x, {
        memberId: m.id,
        storeId: sh!.id,
        at: new Date(),
        userId: null,
        lines: [{ projectId: project!.id, quantity: 1, memberCardId: c.memberCardId }],
      }),
    );
    const drawn = await want();
    expect(drawn.sessionsLeft).toBe(opened.sessionsLeft! - 1);
    expect(await row()).toEqual(drawn);
    // The combo card expires after the member's figures were computed (as time passing would
    // have it: its change not seen by the trigger): the next read folds it out.
    await t.db.transaction(async (x) => {
      await x.execute(sql`select set_config('zb.member_store_rebuild', 'on', true)`);
      await x.execute(
        sql`update member_card set expires_at = (select cards_as_of + interval '1 millisecond'
          from member where id = ${m.id}) where id = ${c.memberCardId}`,
      );
    });
    const [stale] = await factRows<{ valid: number }>(
      t.db,
      sql`select cards_valid as valid from member where id = ${m.id}`,
    );
    expect(stale!.valid).toBe(2);
    const expired = await want();
    expect(expired).toMatchObject({ cards: 2, validCards: 1, sessionsLeft: 0 });
    expect(expired.storedBalance).toBe(opened.storedBalance);
    expect(await row()).toEqual(expired);
    expect(s.memberCardId).toBeGreaterThan(0);
    expect((await checkMemberRollups(t.db)).ok).toBe(true);
  });
});
