/**
 * The staff reports (contract reports/performance.ts) over bills posted through the real bill
 * service (POST /open/v1/bills, signed): every share the POS sends is written; each figure of
 * 门店员工业绩, 业绩提成, 售卡排行 and 会员体验 equals the sums over the shares and lines read here
 * with plain SQL and added up in the test; a closed bill counts for nobody; a region supervisor
 * sees only their region's stores; each drill-down opens exactly the shares (or trial lines)
 * its figure adds up. The bills sit in March 2025, before the demo history, so the period holds
 * only this file's bills.
 */
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { AnyReport, DrillDef, ReportRow } from '@zb/contract/report/define';
import {
  EXPERIENCE_CONVERT_DAYS_DEFAULT,
  MEMBER_EXPERIENCE,
  PERFORMANCE_BONUS,
  SALES_CARD_RANKING,
  STORE_STAFF_PERFORMANCE,
} from '@zb/contract/reports/performance';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { userRoleIdOf } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { bp, factRows, reportAll, reportCall } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { closeBillIn } from '../bills/view';
import { card, product, project } from '../goods/schema';
import { refundBillLines } from '../members/ledger';
import { checkMemberRollups, STAFF_SHARE_ROLLUPS } from '../members/rollups';
import { memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import { staff } from '../staff/schema';
import { region, store } from '../stores/schema';

let t: TestApp;
let admin: TestClient;
/** 张敏 as 大区督导 of 华南大区. */
let zhangmin: TestClient;

const PERIOD = { periodFrom: '2025-03-01', periodTo: '2025-03-31' };
const at = (day: number, hour = 14) =>
  `2025-${day > 31 ? '04' : '03'}-${String(day > 31 ? day - 31 : day).padStart(2, '0')}T${hour}:00:00+08:00`;

interface Place {
  id: number;
  code: string;
  staff: { id: number; phone: string }[];
}
/** BJ001 (the POS key's store) and a 华南大区 store (sent with the mini-program key). */
let bj: Place;
let south: Place;
const price = { J020: 0, J001: 0, P001: 0, C005: 0, C001: 0 };
/** Share entries sent, to check the service wrote each one. */
let sentShares = 0;
let closedBillId = 0;

let seq = 0;
const post = async (place: Place, member: string, when: string, lines: unknown[], paid: number) => {
  const key = place === bj ? DEMO_OPEN_KEYS.pos : DEMO_OPEN_KEYS.mini;
  sentShares += (lines as { staff?: unknown[] }[]).reduce((n, l) => n + (l.staff?.length ?? 0), 0);
  const res = await openPost(t.app, key, OPEN_PATHS.bills, {
    outerNo: `PERF-T-${++seq}`,
    storeCode: place.code,
    member,
    at: when,
    lines,
    payments: paid ? [{ method: 'wechat', amount: paid, tradeNo: `WXT${seq}` }] : [],
  });
  expect(res.errcode, res.errmsg).toBe(ERR.OK);
  return res.data;
};

const sh = (s: { phone: string }, performance: number, commission: number) => ({
  staffPhone: s.phone,
  performance,
  commission,
});

let phoneSeq = 0;
const newMember = async (place: Place) => {
  const phone = `1370003${String(++phoneSeq).padStart(4, '0')}`;
  await t.db.transaction((tx) =>
    createMember(tx, {
      name: `业绩会员${phoneSeq}`,
      phone,
      storeId: place.id,
      userId: null,
      joinedAt: new Date('2025-02-01T10:00:00+08:00'),
    }),
  );
  return phone;
};

const placeOf = async (where: ReturnType<typeof eq>): Promise<Place> => {
  const [s] = await t.db
    .select({ id: store.id, code: store.code })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(where, sql`exists (select 1 from staff st where st.store_id = ${store.id})`))
    .orderBy(asc(store.id))
    .limit(1);
  const team = await t.db
    .select({ id: staff.id, phone: staff.phone })
    .from(staff)
    .where(eq(staff.storeId, s!.id))
    .orderBy(asc(staff.id))
    .limit(2);
  return { ...s!, staff: team };
};

/** Every share of a bill that stands in the period, with its line and bill. */
interface Share {
  shareId: number;
  consumeId: number;
  memberId: number;
  storeId: number;
  staffId: number;
  kind: string;
  /** The line's amount less its refunds. */
  amount: number;
  /** The line's refunded amount. */
  refunded: number;
  /** The share's 业绩 and 提成 less the line's refunds in proportion. */
  performance: number;
  commission: number;
}
const lessRefunds = (value: number, refunded: number, amount: number) =>
  amount ? value - Math.round((value * refunded) / amount) : value;
const sharesOf = async (from = '2025-03-01', to = '2025-03-31'): Promise<Share[]> =>
  (
    await factRows<Share>(
      t.db,
      sql`select b.id as "shareId", b.consume_id as "consumeId", c.member_id as "memberId", c.store_id as "storeId", b.staff_id as "staffId",
      l.item_kind as kind, l.amount, l.refunded, b.performance, b.commission
    from bill_share b join member_consume c on c.id = b.consume_id
      join member_consume_line l on l.consume_id = b.consume_id and l.line = b.line
    where c.status <> 'closed' and c.consumed_at >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
      and c.consumed_at < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
    )
  ).map((f) => ({
    ...f,
    amount: f.amount - f.refunded,
    performance: lessRefunds(f.performance, f.refunded, f.amount),
    commission: lessRefunds(f.commission, f.refunded, f.amount),
  }));

const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);
const distinct = <T>(rows: readonly T[], f: (r: T) => number) => new Set(rows.map(f)).size;
/** 客单价: the shares' 业绩 per distinct bill, in 分 (null with no bill). */
const perBill = (rows: readonly Share[]) => {
  const bills = distinct(rows, (f) => f.consumeId);
  return bills ? Math.round(sum(rows, (f) => f.performance) / bills) : null;
};

/** The query a drill-down cell opens (as the web's drillHref builds it); undefined when the row has no value for it. */
const drillQuery = (d: DrillDef, row: ReportRow, query: Record<string, string | number>) => {
  const out: Record<string, string | number> = {};
  for (const [k, p] of Object.entries(d.query)) {
    const v = 'row' in p ? row[p.row] : 'filter' in p ? query[p.filter] : p.value;
    if (v === null || v === undefined || v === '') {
      if ('row' in p) return undefined;
      continue;
    }
    out[k] = v;
  }
  return out;
};

const targetOf = (d: DrillDef): AnyReport =>
  [STORE_STAFF_PERFORMANCE, PERFORMANCE_BONUS, SALES_CARD_RANKING, MEMBER_EXPERIENCE].find((r) => r.page === d.to)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  zhangmin = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR'));
  bj = await placeOf(eq(store.code, 'BJ001'));
  south = await placeOf(eq(region.name, '华南大区'));
  expect(bj.staff.length).toBe(2);
  price.J020 = (await t.db.select({ p: project.price }).from(project).where(eq(project.code, 'J020')))[0]!.p;
  price.J001 = (await t.db.select({ p: project.price }).from(project).where(eq(project.code, 'J001')))[0]!.p;
  price.P001 = (await t.db.select({ p: product.retailPrice }).from(product).where(eq(product.code, 'P001')))[0]!.p;
  price.C005 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C005')))[0]!.p;
  price.C001 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C001')))[0]!.p;
  const [a, b] = bj.staff as [Place['staff'][number], Place['staff'][number]];
  const c = south.staff[0]!;

  // m1 at BJ001: a trial and a product shared by A and B; a card 2 days later (shared); a top-up on it.
  const m1 = await newMember(bj);
  const first = await post(
    bj,
    m1,
    at(3),
    [
      { kind: 'project', code: 'J020', staff: [sh(a, price.J020, 500)] },
      {
        kind: 'product',
        code: 'P001',
        quantity: 2,
        staff: [sh(a, price.P001, 300), sh(b, price.P001, 200)],
      },
    ],
    price.J020 + 2 * price.P001,
  );
  // One of the two products refunded: the line keeps half its shares.
  const [firstBill] = await t.db
    .select({ id: memberConsume.id })
    .from(memberConsume)
    .where(eq(memberConsume.billNo, first.billNo));
  await t.db.transaction((tx) =>
    refundBillLines(tx, {
      consumeId: firstBill!.id,
      lines: [{ line: 2, amount: price.P001 }],
      refType: 'refund',
      refId: 900_001,
      at: new Date('2025-03-04T10:00:00+08:00'),
      userId: null,
      reason: '测试退款',
    }),
  );
  const sale = await post(
    bj,
    m1,
    at(5),
    [{ kind: 'cardSale', code: 'C005', staff: [sh(a, 60_000, 1_800), sh(b, price.C005 - 60_000, 900)] }],
    price.C005,
  );
  await post(
    bj,
    m1,
    at(6),
    [{ kind: 'topUp', cardNo: sale.openedCards[0], amount: 200_000, bonus: 20_000, staff: [sh(b, 200_000, 4_000)] }],
    200_000,
  );
  // m2 at BJ001: a trial by B, a card 40 days later (outside the default window, inside 60 days).
  const m2 = await newMember(bj);
  await post(bj, m2, at(4), [{ kind: 'project', code: 'J020', staff: [sh(b, price.J020, 400)] }], price.J020);
  await post(bj, m2, at(44), [{ kind: 'cardSale', code: 'C001', staff: [sh(b, price.C001, 1_000)] }], price.C001);
  // m2 again: a product bill that is then closed (关单): it counts for nobody.
  const closed = await post(
    bj,
    m2,
    at(8),
    [{ kind: 'product', code: 'P001', staff: [sh(a, price.P001, 99_999)] }],
    price.P001,
  );
  closedBillId = (
    await t.db.select({ id: memberConsume.id }).from(memberConsume).where(eq(memberConsume.billNo, closed.billNo))
  )[0]!.id;
  await t.db.transaction((tx) =>
    closeBillIn(tx, { userId: null }, closedBillId, '测试关单', new Date('2025-03-09T10:00:00+08:00')),
  );
  // m3 at the southern store: a trial and a project by C, a card 2 days later by C.
  const m3 = await newMember(south);
  await post(
    south,
    m3,
    at(10),
    [
      { kind: 'project', code: 'J020', staff: [sh(c, price.J020, 300)] },
      { kind: 'project', code: 'J001', staff: [sh(c, price.J001, 700)] },
    ],
    price.J020 + price.J001,
  );
  await post(south, m3, at(12), [{ kind: 'cardSale', code: 'C005', staff: [sh(c, price.C005, 2_000)] }], price.C005);
});

afterAll(async () => {
  await t?.close();
});

describe('the bill service', () => {
  it('writes a share for every staff the POS sends on a line', async () => {
    const [row] = await factRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from bill_share b join member_consume c on c.id = b.consume_id where c.outer_no like 'PERF-T-%'`,
    );
    expect(row!.n).toBe(sentShares);
  });
});

describe('门店员工业绩 /StoreSmployeePerformance', () => {
  it('gives each staff their 业绩 and 提成 by line kind, the bills served and 客单价, as the shares add up', async () => {
    const facts = await sharesOf();
    expect(facts.some((f) => f.consumeId === closedBillId)).toBe(false);
    const { list, totals } = await reportAll(admin, STORE_STAFF_PERFORMANCE, { ...PERIOD, groupBy: 'staff' });
    const staffIds = [...new Set(facts.map((f) => f.staffId))];
    expect(list.map((r) => r.staffId).sort()).toEqual(staffIds.sort());
    for (const row of list) {
      const mine = facts.filter((f) => f.staffId === row.staffId);
      expect(row.performance).toBe(sum(mine, (f) => f.performance));
      expect(row.commission).toBe(sum(mine, (f) => f.commission));
      for (const kind of ['project', 'product', 'cardSale', 'topUp']) {
        const ofKind = mine.filter((f) => f.kind === kind);
        expect(row[`${kind}Performance`], `${row.staffName} ${kind}`).toBe(sum(ofKind, (f) => f.performance));
        expect(row[`${kind}Commission`], `${row.staffName} ${kind}`).toBe(sum(ofKind, (f) => f.commission));
      }
      expect(row.bills).toBe(distinct(mine, (f) => f.consumeId));
      expect(row.avgTicket).toBe(perBill(mine));
    }
    expect(totals!.performance).toBe(sum(facts, (f) => f.performance));
    expect(totals!.commission).toBe(sum(facts, (f) => f.commission));
    expect(totals!.bills).toBe(distinct(facts, (f) => f.consumeId));
    expect(totals!.avgTicket).toBe(perBill(facts));
    // The figures of staff A at BJ001, as sent, the product line half refunded (the closed bill's 99,999 提成 not among them).
    const a = list.find((r) => r.staffId === bj.staff[0]!.id)!;
    expect(a.performance).toBe(price.J020 + price.P001 - Math.round(price.P001 / 2) + 60_000);
    expect(a.commission).toBe(500 + 150 + 1_800);
    expect(a.productPerformance).toBe(price.P001 - Math.round(price.P001 / 2));
    expect(a.bills).toBe(2);
  });

  it('adds up by store, and narrows by line kind', async () => {
    const facts = await sharesOf();
    const { list } = await reportAll(admin, STORE_STAFF_PERFORMANCE, { ...PERIOD, groupBy: 'store' });
    expect(list.map((r) => r.storeId).sort()).toEqual([bj.id, south.id].sort());
    for (const row of list) {
      const mine = facts.filter((f) => f.storeId === row.storeId);
      expect(row.performance).toBe(sum(mine, (f) => f.performance));
      expect(row.bills).toBe(distinct(mine, (f) => f.consumeId));
    }
    const cards = await reportAll(admin, STORE_STAFF_PERFORMANCE, {
      ...PERIOD,
      groupBy: 'store',
      lineKind: 'cardSale',
    });
    expect(cards.totals!.performance).toBe(
      sum(
        facts.filter((f) => f.kind === 'cardSale'),
        (f) => f.performance,
      ),
    );
    expect(cards.totals!.projectPerformance).toBe(0);
  });

  it('drills each figure down to exactly the shares behind it', async () => {
    for (const groupBy of ['staff', 'store']) {
      const query = { ...PERIOD, groupBy };
      const { list } = await reportAll(admin, STORE_STAFF_PERFORMANCE, query);
      let opened = 0;
      for (const row of list) {
        for (const [column, d] of Object.entries(STORE_STAFF_PERFORMANCE.drill ?? {})) {
          const q = drillQuery(d, row, query);
          if (!q) continue;
          opened++;
          const behind = await reportAll(admin, targetOf(d), q);
          const figure = row[column];
          if (column === 'bills') expect(distinct(behind.list, (r) => Number(r.billId))).toBe(figure);
          else if (column.endsWith('Commission') || column === 'commission')
            expect(behind.totals!.commission).toBe(figure);
          else expect(behind.totals!.performance, `${groupBy} ${column}`).toBe(figure);
        }
      }
      expect(opened, groupBy).toBeGreaterThan(0);
    }
  });

  it('shows a region supervisor only their region’s stores, and totals of those', async () => {
    const facts = (await sharesOf()).filter((f) => f.storeId === south.id);
    const { list, totals } = await reportAll(zhangmin, STORE_STAFF_PERFORMANCE, { ...PERIOD, groupBy: 'store' });
    expect(list.map((r) => r.storeId)).toEqual([south.id]);
    expect(totals!.performance).toBe(sum(facts, (f) => f.performance));
    const denied = await reportCall(zhangmin, STORE_STAFF_PERFORMANCE, { ...PERIOD, storeId: bj.id });
    expect(denied.body.errcode === ERR.OK ? denied.body.data.total : 0).toBe(0);
  });
});

describe('the staff share rollups the three share reports read', () => {
  /** Each staff's, store's and month's figures of the period equal the shares' sums (by line kind, too). */
  const expectPeriod = async (from: string, to: string) => {
    const facts = await sharesOf(from, to);
    const query = { periodFrom: from, periodTo: to };
    for (const lineKind of [undefined, 'product', 'cardSale']) {
      const mine = facts.filter((f) => !lineKind || f.kind === lineKind);
      const asked = lineKind ? { ...query, lineKind } : query;
      for (const [groupBy, keyOf] of [
        ['staff', (f: Share) => f.staffId],
        ['store', (f: Share) => f.storeId],
      ] as const) {
        const { list, totals } = await reportAll(admin, STORE_STAFF_PERFORMANCE, { ...asked, groupBy });
        const key = groupBy === 'staff' ? 'staffId' : 'storeId';
        expect(list.map((r) => r[key]).sort(), `${from}..${to} ${lineKind} ${groupBy}`).toEqual(
          [...new Set(mine.map(keyOf))].sort(),
        );
        for (const row of list) {
          const of = mine.filter((f) => keyOf(f) === row[key]);
          expect(row.performance).toBe(sum(of, (f) => f.performance));
          expect(row.commission).toBe(sum(of, (f) => f.commission));
          expect(row.bills, `${from}..${to} ${lineKind} ${groupBy} bills`).toBe(distinct(of, (f) => f.consumeId));
          expect(row.avgTicket).toBe(perBill(of));
        }
        expect(totals!.bills).toBe(distinct(mine, (f) => f.consumeId));
        expect(totals!.avgTicket).toBe(perBill(mine));
        expect(totals!.performance).toBe(sum(mine, (f) => f.performance));
      }
      const months = await reportAll(admin, STORE_STAFF_PERFORMANCE, { ...asked, groupBy: 'month' });
      expect(sum(months.list, (r) => Number(r.bills))).toBe(distinct(mine, (f) => f.consumeId));
      const kinds = await reportAll(admin, PERFORMANCE_BONUS, { ...asked, groupBy: 'staffKind' });
      expect(kinds.total).toBe(new Set(mine.map((f) => `${f.staffId}|${f.kind}`)).size);
      for (const row of kinds.list) {
        const of = mine.filter((f) => f.staffId === row.staffId && f.kind === row.lineKind);
        expect(row.shares).toBe(of.length);
        expect(row.performance).toBe(sum(of, (f) => f.performance));
      }
    }
  };

  it('add up the same as the shares for periods that start and end inside months, or in one day', async () => {
    for (const [from, to] of [
      ['2025-03-01', '2025-03-31'],
      ['2025-03-04', '2025-04-20'],
      ['2025-02-20', '2025-03-05'],
      ['2025-03-05', '2025-03-05'],
      ['2025-03-06', '2025-03-11'],
    ] as const) {
      await expectPeriod(from, to);
    }
  });

  it('equal a rebuild from the shares after bills, a refund and a 关单 — and after concurrent bills of one store and day', async () => {
    const [a, b] = bj.staff as [Place['staff'][number], Place['staff'][number]];
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newMember(bj)));
    await Promise.all(
      members.map((m, i) =>
        post(
          bj,
          m,
          at(20, 10 + i),
          [
            { kind: 'project', code: 'J001', staff: [sh(a, price.J001, 100 + i), sh(b, 0, 7)] },
            { kind: 'product', code: 'P001', staff: [sh(b, price.P001, 50)] },
          ],
          price.J001 + price.P001,
        ),
      ),
    );
    const check = await checkMemberRollups(t.db);
    const staffTables = check.tables.filter((x) => (STAFF_SHARE_ROLLUPS as readonly string[]).includes(x.table));
    expect(staffTables).toEqual(STAFF_SHARE_ROLLUPS.map((table) => ({ table, keptOnly: 0, rebuiltOnly: 0 })));
    expect(check.ok).toBe(true);
    await expectPeriod('2025-03-20', '2025-03-20');
    await expectPeriod('2025-03-01', '2025-03-31');
  });
});

describe('业绩提成 /RerformanceBonus', () => {
  it('lists each share with its bill, line and goods, and totals per staff', async () => {
    const facts = await sharesOf();
    const detail = await reportAll(admin, PERFORMANCE_BONUS, { ...PERIOD, groupBy: 'detail' });
    expect(detail.total).toBe(facts.length);
    expect(detail.totals!.performance).toBe(sum(facts, (f) => f.performance));
    expect(detail.totals!.commission).toBe(sum(facts, (f) => f.commission));
    const topUp = detail.list.find((r) => r.lineKind === 'topUp')!;
    expect(topUp.goodsName).toMatch(/^充值·/);
    expect(topUp.lineAmount).toBe(200_000);
    expect(String(topUp.billNo)).toMatch(/^XF/);
    const refunded = detail.list.filter((r) => r.lineKind === 'product' && r.lineRefunded);
    expect(refunded.map((r) => [r.staffId ?? r.staffName, r.lineRefunded])).toHaveLength(2);
    for (const r of refunded) expect(r.lineRefunded).toBe(price.P001);
    // 明细 opens the bill.
    expect(drillQuery(PERFORMANCE_BONUS.drill!.billNo!, topUp, PERIOD)).toEqual({ id: topUp.billId });
    const byStaff = await reportAll(admin, PERFORMANCE_BONUS, { ...PERIOD, groupBy: 'staff' });
    for (const row of byStaff.list) {
      const mine = facts.filter((f) => f.staffId === row.staffId);
      expect(row.shares).toBe(mine.length);
      expect(row.performance).toBe(sum(mine, (f) => f.performance));
      expect(row.commission).toBe(sum(mine, (f) => f.commission));
    }
  });
});

describe('业绩提成 明细 in its default order (业绩 desc)', () => {
  it('pages the shares by net 业绩 and then id, refunded lines at their net place, with totals of all of them', async () => {
    const facts = await sharesOf();
    const order = (xs: Share[]) =>
      [...xs].sort((a, b) => b.performance - a.performance || b.shareId - a.shareId).map((f) => f.shareId);
    for (const narrowed of [{}, { staffId: bj.staff[0]!.id }, { lineKind: 'product' }, { storeId: south.id }]) {
      const mine = facts.filter(
        (f) =>
          (!('staffId' in narrowed) || f.staffId === narrowed.staffId) &&
          (!('lineKind' in narrowed) || f.kind === narrowed.lineKind) &&
          (!('storeId' in narrowed) || f.storeId === narrowed.storeId),
      );
      const shown: number[] = [];
      // Pages of 1: each page's row read from the top of the index and the refunded bills.
      for (let pageNo = 1; pageNo <= mine.length; pageNo++) {
        const res = await reportCall(admin, PERFORMANCE_BONUS, { ...PERIOD, ...narrowed, pageNo, pageSize: 1 });
        const page = res.body.data as { list: ReportRow[]; total: number; totals: ReportRow };
        expect(page.total, JSON.stringify(narrowed)).toBe(mine.length);
        expect(page.totals.shares).toBe(mine.length);
        expect(page.totals.performance).toBe(sum(mine, (f) => f.performance));
        expect(page.totals.commission).toBe(sum(mine, (f) => f.commission));
        shown.push(...page.list.map((r) => Number(r.shareId)));
      }
      expect(shown, JSON.stringify(narrowed)).toEqual(order(mine));
    }
    // The half-refunded product line's shares stand at their net 业绩, below their own.
    expect(facts.some((f) => f.refunded > 0)).toBe(true);
  });
});

describe('售卡排行 /SalesCardRanking', () => {
  it('ranks staff by their card sales and top-ups: counts, amounts and 业绩 as the shares add up', async () => {
    const facts = (await sharesOf()).filter((f) => f.kind === 'cardSale' || f.kind === 'topUp');
    const query = { ...PERIOD, groupBy: 'staff' };
    const { list, totals } = await reportAll(admin, SALES_CARD_RANKING, query);
    expect(list.map((r) => r.staffId).sort()).toEqual([...new Set(facts.map((f) => f.staffId))].sort());
    const perf = list.map((r) => Number(r.performance));
    expect(perf).toEqual([...perf].sort((x, y) => y - x));
    for (const row of list) {
      const mine = facts.filter((f) => f.staffId === row.staffId);
      const sales = mine.filter((f) => f.kind === 'cardSale');
      const tops = mine.filter((f) => f.kind === 'topUp');
      expect(row.cardSales).toBe(sales.length);
      expect(row.cardSaleAmount).toBe(sum(sales, (f) => f.amount));
      expect(row.cardSalePerformance).toBe(sum(sales, (f) => f.performance));
      expect(row.topUps).toBe(tops.length);
      expect(row.topUpAmount).toBe(sum(tops, (f) => f.amount));
      expect(row.performance).toBe(sum(mine, (f) => f.performance));
      const d = SALES_CARD_RANKING.drill!.cardSales!;
      const q = drillQuery(d, row, query)!;
      const behind = await reportAll(admin, targetOf(d), q);
      expect(behind.total).toBe(sales.length);
      expect(behind.totals!.performance).toBe(sum(sales, (f) => f.performance));
    }
    expect(totals!.performance).toBe(sum(facts, (f) => f.performance));
    // B at BJ001: two card sales (one shared with A) and the top-up.
    const b = list.find((r) => r.staffId === bj.staff[1]!.id)!;
    expect(b.cardSales).toBe(1);
    expect(b.topUps).toBe(1);
    expect(b.topUpAmount).toBe(200_000);
  });
});

describe('会员体验 /MemberExperience', () => {
  it('counts the trials per store and the members who bought a card within the window after', async () => {
    const byStore = await reportAll(admin, MEMBER_EXPERIENCE, { ...PERIOD, groupBy: 'store' });
    const row = (id: number) => byStore.list.find((r) => r.storeId === id)!;
    // BJ001: m1 (card 2 days after) and m2 (card 40 days after): one of two within 30 days.
    expect(EXPERIENCE_CONVERT_DAYS_DEFAULT).toBe(30);
    expect(row(bj.id)).toMatchObject({ trials: 2, members: 2, converted: 1, conversionRate: bp(1, 2) });
    expect(row(south.id)).toMatchObject({ trials: 1, members: 1, converted: 1, conversionRate: bp(1, 1) });
    expect(byStore.totals).toMatchObject({ trials: 3, members: 3, converted: 2, conversionRate: bp(2, 3) });
    // A longer window counts m2 too.
    const wide = await reportAll(admin, MEMBER_EXPERIENCE, { ...PERIOD, groupBy: 'store', days: 60 });
    expect(wide.totals).toMatchObject({ trials: 3, members: 3, converted: 3, conversionRate: bp(3, 3) });
  });

  it('credits the staff who served the trial, and drills down to the trial lines', async () => {
    const query = { ...PERIOD, groupBy: 'staff' };
    const byStaff = await reportAll(admin, MEMBER_EXPERIENCE, query);
    const b = byStaff.list.find((r) => r.staffId === bj.staff[1]!.id)!;
    expect(b).toMatchObject({ trials: 1, members: 1, converted: 0 });
    const q = drillQuery(MEMBER_EXPERIENCE.drill!.members!, b, query)!;
    const lines = await reportAll(admin, MEMBER_EXPERIENCE, q);
    expect(lines.total).toBe(1);
    expect(lines.list[0]!.convertedAt).toBeNull();
    expect(String(lines.list[0]!.billNo)).toMatch(/^XF/);
    const storeQuery = { ...PERIOD, groupBy: 'store' };
    const bjRow = (await reportAll(admin, MEMBER_EXPERIENCE, storeQuery)).list.find((r) => r.storeId === bj.id)!;
    const behind = await reportAll(
      admin,
      MEMBER_EXPERIENCE,
      drillQuery(MEMBER_EXPERIENCE.drill!.trials!, bjRow, storeQuery)!,
    );
    expect(behind.total).toBe(bjRow.trials);
    expect(behind.list.filter((r) => r.convertedAt !== null)).toHaveLength(1);
  });

  it('shows a region supervisor only their stores’ trials', async () => {
    const { list, totals } = await reportAll(zhangmin, MEMBER_EXPERIENCE, { ...PERIOD, groupBy: 'store' });
    expect(list.map((r) => r.storeId)).toEqual([south.id]);
    expect(totals).toMatchObject({ trials: 1, members: 1, converted: 1 });
  });

  it('refuses a conversion window out of range with a clear error', async () => {
    const res = await reportCall(admin, MEMBER_EXPERIENCE, { ...PERIOD, days: 0 });
    expect(res.body.errcode).not.toBe(ERR.OK);
    expect(res.body.errmsg).toMatch(/转化天数/);
  });
});
