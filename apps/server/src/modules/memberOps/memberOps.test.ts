/**
 * 会员运营 through the report API on the demo data: every figure of /memberReport (by store, by
 * region), /memberOprationDataReport (by week), /customerAnaly (by level, by home store) and
 * /memberOperation (by store, by member) equals an independent count or sum over the base tables —
 * member_consume, member_card and its sessions, member — worked out here in plain code for a couple
 * of periods; a 华东大区 manager sees only their stores' rows and totals; the dashboard's reads
 * answer the same figures under /OperationManagement's code.
 */

import { ERR } from '@zb/contract/errcodes';
import type { AnyReport, ReportRow } from '@zb/contract/report/define';
import {
  AGE_BAND_LIMITS,
  CUSTOMER_ANALYSIS,
  MEMBER_OPS_REPORT,
  MEMBER_OPS_TREND,
  MEMBER_RECALL,
  OPS_DASHBOARD_MEMBERS,
  OPS_DASHBOARD_RECALL,
  RECALL_DAYS_MIN,
} from '@zb/contract/reports/memberOps';
import { routeByPath } from '@zb/contract/routes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { addDays, bp, factRows, reportAll, reportCall, todayBeijing } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';

let t: TestApp;
let admin: TestClient;
let regionUser: TestClient;
let eastStores: Set<number>;

type Period = { periodFrom: string; periodTo: string };
const raw = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => factRows<T>(t.db, q);
const all = (decl: AnyReport, query: Record<string, string | number>, who = admin) => reportAll(who, decl, query);
const today = todayBeijing;

interface Bill {
  memberId: number;
  storeId: number;
  regionId: number;
  day: string;
  spend: number;
  isNew: boolean;
}
interface Member {
  id: number;
  storeId: number;
  regionId: number;
  joinedDay: string;
  level: string;
  birthday: string | null;
  stored: number;
  sessions: number;
  lastBillDay: string | null;
}

/** The period's completed bills, the period's cards bought (实付 > 0) and every member, from the base tables. */
const factsOf = async (p: Period) => {
  const bills = (
    await raw<Record<string, unknown>>(sql`select c.member_id, c.store_id, s.region_id,
      to_char(c.consumed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, c.total - c.refunded as spend,
      to_char(m.joined_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as joined
    from member_consume c join store s on s.id = c.store_id join member m on m.id = c.member_id
    where c.status = 'completed'`)
  )
    .map(
      (r): Bill => ({
        memberId: Number(r.member_id),
        storeId: Number(r.store_id),
        regionId: Number(r.region_id),
        day: String(r.day),
        spend: Number(r.spend),
        isNew: String(r.joined) >= p.periodFrom && String(r.joined) <= p.periodTo,
      }),
    )
    .filter((b) => b.day >= p.periodFrom && b.day <= p.periodTo);
  const cards = (
    await raw<Record<string, unknown>>(sql`select o.member_id, o.store_id,
      to_char(o.opened_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from member_card o where o.paid > 0`)
  )
    .filter((r) => String(r.day) >= p.periodFrom && String(r.day) <= p.periodTo)
    .map((r) => ({ memberId: Number(r.member_id), storeId: Number(r.store_id), day: String(r.day) }));
  // Value held now, from the cards themselves: valid (正常, unexpired) 储值卡 principal + bonus, 套餐卡 sessions.
  const members = (
    await raw<Record<string, unknown>>(sql`select m.id, m.store_id, s.region_id,
      to_char(m.joined_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as joined, coalesce(lv.name, '未设置') as level,
      m.birthday::text as birthday,
      (select coalesce(sum(c.balance + c.bonus_balance), 0) from member_card c
        where c.member_id = m.id and c.kind = 'stored' and c.status = 'active' and c.expires_at > now()) as stored,
      (select coalesce(sum(x.remaining), 0) from member_card c join member_card_session x on x.member_card_id = c.id
        where c.member_id = m.id and c.status = 'active' and c.expires_at > now()) as sessions,
      (select max(to_char(b.consumed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')) from member_consume b
        where b.member_id = m.id) as last_bill
    from member m join store s on s.id = m.store_id left join master_item lv on lv.id = m.level_id`)
  ).map(
    (r): Member => ({
      id: Number(r.id),
      storeId: Number(r.store_id),
      regionId: Number(r.region_id),
      joinedDay: String(r.joined),
      level: String(r.level),
      birthday: (r.birthday as string | null) ?? null,
      stored: Number(r.stored),
      sessions: Number(r.sessions),
      lastBillDay: (r.last_bill as string | null) ?? null,
    }),
  );
  return { bills, cards, members };
};
type Facts = Awaited<ReturnType<typeof factsOf>>;

/** 会员报表's figures per key (a bill's, a card's or a member's key; '*' is the totals row) from the facts. */
const visitFigures = (
  f: Facts,
  p: Period,
  keyOf: (x: { storeId: number; regionId?: number; day?: string }) => string,
  whole: Facts = f,
) => {
  const out = new Map<string, Record<string, number>>();
  const fig = (k: string) => {
    const g = out.get(k) ?? {
      newMembers: 0,
      visitMembers: 0,
      visits: 0,
      repeatMembers: 0,
      newVisitors: 0,
      newRepeaters: 0,
      cardBuyers: 0,
      spend: 0,
      balanceMembers: 0,
    };
    out.set(k, g);
    return g;
  };
  // 复购 and 购卡 are the member's over the whole period at every store of the chain.
  const periodDays = new Map<number, Set<string>>();
  for (const b of whole.bills) periodDays.set(b.memberId, (periodDays.get(b.memberId) ?? new Set()).add(b.day));
  const buyers = new Set(whole.cards.map((c) => c.memberId));
  for (const key of ['*', ...new Set(f.bills.map((b) => keyOf(b)))]) {
    const bills = f.bills.filter((b) => key === '*' || keyOf(b) === key);
    const visitors = new Set(bills.map((b) => b.memberId));
    const repeaters = [...visitors].filter((m) => (periodDays.get(m)?.size ?? 0) >= 2);
    const news = new Set(bills.filter((b) => b.isNew).map((b) => b.memberId));
    const g = fig(key);
    g.visitMembers = visitors.size;
    g.visits = new Set(bills.map((b) => `${b.memberId}:${b.storeId}:${b.day}`)).size;
    g.repeatMembers = repeaters.length;
    g.newVisitors = news.size;
    g.newRepeaters = repeaters.filter((m) => news.has(m)).length;
    g.cardBuyers = [...visitors].filter((m) => buyers.has(m)).length;
    g.spend = bills.reduce((n, b) => n + b.spend, 0);
  }
  for (const m of f.members) {
    const at = { storeId: m.storeId, regionId: m.regionId, day: m.joinedDay };
    for (const g of [fig('*'), fig(keyOf(at))]) {
      if (m.joinedDay >= p.periodFrom && m.joinedDay <= p.periodTo) g.newMembers = (g.newMembers ?? 0) + 1;
      if (m.stored > 0 || m.sessions > 0) g.balanceMembers = (g.balanceMembers ?? 0) + 1;
    }
  }
  return out;
};

const expectFigures = (
  rows: readonly ReportRow[],
  totals: ReportRow | undefined,
  keyOf: (r: ReportRow) => string,
  want: Map<string, Record<string, number>>,
  measures: readonly string[],
  what: string,
) => {
  const got = new Map(rows.map((r) => [keyOf(r), r]));
  for (const [k, f] of want) {
    if (k === '*') continue;
    const r = got.get(k);
    // A key with no figure at all is no row.
    if (!r) {
      expect(
        measures.every((m) => !f[m]),
        `${what} ${k} is missing`,
      ).toBe(true);
      continue;
    }
    for (const m of measures) expect(Number(r[m] ?? 0), `${what} ${k} ${m}`).toBe(f[m]);
  }
  for (const k of got.keys()) expect(want.has(k), `${what} ${k} has no facts`).toBe(true);
  const w = want.get('*')!;
  for (const m of measures) expect(Number(totals?.[m] ?? 0), `${what} 合计 ${m}`).toBe(w[m]);
  expect(totals?.repeatRate ?? null).toBe(bp(w.repeatMembers!, w.visitMembers!));
  expect(totals?.avgSpend ?? null).toBe(w.visitMembers ? Math.round(w.spend! / w.visitMembers) : null);
};

const VISIT_MEASURES = [
  'newMembers',
  'visitMembers',
  'visits',
  'repeatMembers',
  'newVisitors',
  'newRepeaters',
  'cardBuyers',
  'spend',
];

/** This month so far, and the last 60 days. */
const periods = (): Period[] => [
  { periodFrom: `${today().slice(0, 8)}01`, periodTo: today() },
  { periodFrom: addDays(today(), -59), periodTo: today() },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const codes = ['/memberReport', '/memberOprationDataReport', '/customerAnaly', '/memberOperation'].flatMap((p) => {
    const r = routeByPath(p)!;
    return [r.group, r.code!];
  });
  const { contentRoleId } = await createRole(t.db, {
    code: 'OPS_REGION',
    name: '区域会员运营（测）',
    contentName: '华东大区',
    codes: [...new Set(codes)],
  });
  const uid = await createUser(t.db, { loginName: '13912348199', password: 'pass1234', phone: '13912348199' });
  regionUser = await t.signIn('13912348199', 'pass1234', await grantRole(t.db, uid, contentRoleId));
  eastStores = new Set(
    (
      await raw<{ id: number }>(sql`select s.id from store s
        where s.region_id = (select region_id from hier_content where name = '华东大区')`)
    ).map((r) => Number(r.id)),
  );
});
afterAll(() => t.close());

const regionsOf = async () =>
  new Map(
    (await raw<{ id: number; r: number }>(sql`select id, region_id as r from store`)).map((s) => [
      Number(s.id),
      Number(s.r),
    ]),
  );

describe('会员报表 /memberReport and 会员运营数据 /memberOprationDataReport', () => {
  it('by store, by region and by week: each figure equals the bills, cards and members it counts', async () => {
    const regions = await regionsOf();
    const regionOf = (s: number) => regions.get(s)!;
    for (const p of periods()) {
      const f = await factsOf(p);
      expect(f.bills.length).toBeGreaterThan(0);
      const measures = [...VISIT_MEASURES, 'balanceMembers'];
      const byStore = await all(MEMBER_OPS_REPORT, { ...p, groupBy: 'store' });
      expect(byStore.list.length).toBeGreaterThan(0);
      const storeKey = (x: { storeId?: unknown }) => String(x.storeId);
      expectFigures(byStore.list, byStore.totals, storeKey, visitFigures(f, p, storeKey), measures, '按门店');
      const byRegion = await all(MEMBER_OPS_REPORT, { ...p, groupBy: 'region' });
      const regionKey = (x: { storeId?: unknown; regionId?: unknown }) =>
        String(x.regionId ?? regionOf(Number(x.storeId)));
      expectFigures(byRegion.list, byRegion.totals, regionKey, visitFigures(f, p, regionKey), measures, '按大区');
      expect(byRegion.totals).toEqual(byStore.totals);
      // The trend by ISO week (its Monday), with the joins counted on their day.
      const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
      const weekKey = (x: { day?: unknown; week?: unknown }) => String(x.week ?? monday(String(x.day)));
      const byWeek = await all(MEMBER_OPS_TREND, { ...p, groupBy: 'week' });
      const want = visitFigures(f, p, (x) => weekKey(x));
      // Members holding value are no trend figure.
      expectFigures(byWeek.list, byWeek.totals, weekKey, want, VISIT_MEASURES, '按周');
    }
  });

  it('a region manager and a region filter see their stores’ rows and totals only', async () => {
    const p = periods()[1]!;
    const everyone = await all(MEMBER_OPS_REPORT, { ...p, groupBy: 'store' });
    const mine = await all(MEMBER_OPS_REPORT, { ...p, groupBy: 'store' }, regionUser);
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.length).toBeLessThan(everyone.list.length);
    const full = new Map(everyone.list.map((r) => [r.storeId, r]));
    for (const r of mine.list) {
      expect(eastStores.has(Number(r.storeId))).toBe(true);
      expect(r).toEqual(full.get(r.storeId));
    }
    const f = await factsOf(p);
    const east = {
      bills: f.bills.filter((b) => eastStores.has(b.storeId)),
      cards: f.cards.filter((c) => eastStores.has(c.storeId)),
      members: f.members.filter((m) => eastStores.has(m.storeId)),
    };
    const want = visitFigures(east, p, (x) => String(x.storeId), f);
    expectFigures(
      mine.list,
      mine.totals,
      (r) => String(r.storeId),
      want,
      [...VISIT_MEASURES, 'balanceMembers'],
      '华东',
    );
    const filtered = await all(MEMBER_OPS_REPORT, { ...p, groupBy: 'store', regionId: mine.list[0]!.regionId! });
    expect(filtered.totals).toEqual(mine.totals);
    const trend = await all(MEMBER_OPS_TREND, { ...p, groupBy: 'month' }, regionUser);
    expect(trend.totals?.visitMembers).toBe(want.get('*')!.visitMembers);
    // The manager's own code opens neither the dashboard's reads nor another region's store.
    expect((await reportCall(regionUser, OPS_DASHBOARD_MEMBERS, p)).body.errcode).not.toBe(ERR.OK);
    const other = everyone.list.find((r) => !eastStores.has(Number(r.storeId)))!;
    const outside = await all(MEMBER_OPS_REPORT, { ...p, storeId: other.storeId! }, regionUser);
    expect(outside.list).toEqual([]);
  });
});

const ageBand = (birthday: string | null) => {
  if (!birthday) return 'a9';
  const i = AGE_BAND_LIMITS.findIndex((y) => birthday > `${Number(today().slice(0, 4)) - y}${today().slice(4)}`);
  return i < 0 ? `a${AGE_BAND_LIMITS.length + 1}` : `a${i + 1}`;
};

describe('顾客分析 /customerAnaly', () => {
  it('by level, age band and home store: members, share, the period’s visitors and spend, value held', async () => {
    const p = periods()[1]!;
    const f = await factsOf(p);
    const spendOf = new Map<number, number>();
    for (const b of f.bills) spendOf.set(b.memberId, (spendOf.get(b.memberId) ?? 0) + b.spend);
    for (const [groupBy, keyOf, rowKey] of [
      ['level', (m: Member) => m.level, (r: ReportRow) => String(r.levelName)],
      ['age', (m: Member) => ageBand(m.birthday), (r: ReportRow) => String(r.ageBand)],
      ['store', (m: Member) => String(m.storeId), (r: ReportRow) => String(r.storeId)],
    ] as const) {
      const page = await all(CUSTOMER_ANALYSIS, { ...p, groupBy });
      const want = new Map<string, Record<string, number>>();
      for (const m of f.members) {
        const g = want.get(keyOf(m)) ?? { members: 0, visitMembers: 0, spend: 0, storedBalance: 0, sessionsLeft: 0 };
        g.members!++;
        if (spendOf.has(m.id)) g.visitMembers!++;
        g.spend! += spendOf.get(m.id) ?? 0;
        g.storedBalance! += m.stored;
        g.sessionsLeft! += m.sessions;
        want.set(keyOf(m), g);
      }
      expect(page.list.map(rowKey).sort()).toEqual([...want.keys()].sort());
      for (const r of page.list) {
        const w = want.get(rowKey(r))!;
        for (const [k, v] of Object.entries(w)) expect(Number(r[k]), `${groupBy} ${rowKey(r)} ${k}`).toBe(v);
        expect(r.share).toBe(bp(w.members!, f.members.length));
      }
      expect(page.totals?.members).toBe(f.members.length);
      expect(page.totals?.share).toBe(10000);
      expect(page.totals?.spend).toBe(f.members.reduce((n, m) => n + (spendOf.get(m.id) ?? 0), 0));
    }
    const mine = await all(CUSTOMER_ANALYSIS, { ...p, groupBy: 'store' }, regionUser);
    // 占全部会员 is over the chain's members for every caller.
    expect(mine.list[0]?.share).toBe(bp(Number(mine.list[0]?.members), f.members.length));
    expect(mine.list.every((r) => eastStores.has(Number(r.storeId)))).toBe(true);
    expect(mine.totals?.members).toBe(f.members.filter((m) => eastStores.has(m.storeId)).length);
  });
});

describe('会员运营 /memberOperation', () => {
  it('counts the members holding value unseen for 30/60/90 days by store, and lists them by member', async () => {
    const f = await factsOf(periods()[0]!);
    const daysSince = (day: string) => Math.round((Date.parse(today()) - Date.parse(day)) / 86_400_000);
    const recall = f.members
      .filter((m) => m.stored > 0 || m.sessions > 0)
      .map((m) => ({ ...m, silent: daysSince(m.lastBillDay ?? m.joinedDay) }))
      .filter((m) => m.silent >= RECALL_DAYS_MIN);
    expect(recall.length).toBeGreaterThan(0);
    const byStore = await all(MEMBER_RECALL, { groupBy: 'store' });
    const want = new Map<string, Record<string, number>>();
    for (const m of recall) {
      const g = want.get(String(m.storeId)) ?? {
        recall30: 0,
        recall60: 0,
        recall90: 0,
        recallMembers: 0,
        storedBalance: 0,
      };
      g[m.silent >= 90 ? 'recall90' : m.silent >= 60 ? 'recall60' : 'recall30']!++;
      g.recallMembers!++;
      g.storedBalance! += m.stored;
      want.set(String(m.storeId), g);
    }
    expect(byStore.list.map((r) => String(r.storeId)).sort()).toEqual([...want.keys()].sort());
    for (const r of byStore.list) {
      for (const [k, v] of Object.entries(want.get(String(r.storeId))!))
        expect(Number(r[k]), `${r.storeName} ${k}`).toBe(v);
    }
    expect(byStore.totals?.recallMembers).toBe(recall.length);
    // 按会员 at one store, 60 days and more: the members themselves, phone masked.
    const store = byStore.list[0]!;
    const members = await all(MEMBER_RECALL, { groupBy: 'member', storeId: store.storeId!, minDays: '60' });
    const expected = recall.filter((m) => m.storeId === store.storeId && m.silent >= 60);
    expect(members.list.map((r) => r.memberId).sort()).toEqual(expected.map((m) => m.id).sort());
    for (const r of members.list) {
      const m = expected.find((x) => x.id === r.memberId)!;
      expect(r.silentDays).toBe(m.silent);
      expect(r.storedBalance).toBe(m.stored);
      expect(String(r.phone)).toMatch(/^\d{3}\*+\d{4}$/);
    }
    // The dashboard reads the same figures with its own code; a region manager their stores'.
    const dash = await all(OPS_DASHBOARD_RECALL, { groupBy: 'region' });
    expect(dash.totals).toEqual(byStore.totals);
    const mine = await all(MEMBER_RECALL, { groupBy: 'store' }, regionUser);
    expect(mine.totals?.recallMembers).toBe(recall.filter((m) => eastStores.has(m.storeId)).length);
  });
});
