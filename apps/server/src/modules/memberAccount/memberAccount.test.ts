/**
 * The member account's tabs of issue 15 (modules/memberAccount): bills posted through the bill
 * service earn points at the configured rate in their transaction, an executed refund takes them
 * back in proportion, an exchange from the console spends them, an overspend is refused with
 * POINTS_SHORT and changes nothing, two exchanges at once never take the balance below zero, the
 * expiry job expires what is older than the rule and not yet used (first earned, first used), and
 * for every member the balance is the sum of their ledger rows. /purchaseHistory lists exactly a
 * member's bills and mall orders (the demo's), scoped by the member's home store; /orderDetail
 * opens either by its number.
 */
import { REFUND_API } from '@zb/contract/api/refunds';
import { openBillBody } from '@zb/contract/entities/bill';
import { POINTS_API } from '@zb/contract/entities/points';
import { openRefundBody } from '@zb/contract/entities/refund';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import type { AnyReport } from '@zb/contract/report/define';
import { CREDITS_EXCHANGE_VIEW, POINTS_VIEW, PURCHASE_HISTORY_VIEW } from '@zb/contract/reports/points';
import { and, asc, count, eq, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../../platform/settings';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { postBill } from '../bills/service';
import { mallOrder } from '../mall/schema';
import { member, memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import type { OpenCaller } from '../openApi/types';
import { refund } from '../refunds/schema';
import { applyOpenRefund } from '../refunds/service';
import { resource } from '../resources/schema';
import { region, store } from '../stores/schema';
import { expirePoints } from './points';
import { memberPoints, pointsExchange, pointsLedger } from './schema';

type Row = Record<string, string | number | null>;
type Page = { list: Row[]; total: number; totals?: Row };

let t: TestApp;
let admin: TestClient;
let east: TestClient;
let bj: OpenCaller;
const ids = { bj: 0, member: 0, old: 0 };
const PHONE = '13900081001';
const OLD_PHONE = '13900081002';

const list = async (c: TestClient, decl: AnyReport, query: Record<string, string | number>): Promise<Page> => {
  const res = await c.call(reportApi(decl).list, { query: { pageSize: 100, ...query } as never });
  expect(res.body.errcode, `${decl.name}: ${res.body.errmsg}`).toBe(ERR.OK);
  return res.body.data as unknown as Page;
};

let seq = 0;
/** A bill of `qty` P001 paid in cash. */
const post = async (phone: string, at: string, qty: number) => {
  const outerNo = `PT-${++seq}`;
  const answer = await postBill(
    t.db,
    bj,
    openBillBody.parse({
      outerNo,
      storeCode: 'BJ001',
      member: phone,
      at,
      lines: [{ kind: 'product', code: 'P001', quantity: qty }],
      payments: [{ method: 'cash', amount: qty * P }],
    }),
  );
  const [b] = await t.db.select({ id: memberConsume.id }).from(memberConsume).where(eq(memberConsume.outerNo, outerNo));
  return { ...answer, id: b!.id };
};
let P = 0;

const ledgerOf = (memberId: number) =>
  t.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, memberId)).orderBy(asc(pointsLedger.id));
const balanceOf = async (memberId: number) =>
  (await t.db.select().from(memberPoints).where(eq(memberPoints.memberId, memberId)))[0]?.balance ?? 0;
const exchange = (c: TestClient, body: Record<string, unknown>) =>
  c.call(POINTS_API.exchange, {
    body: { memberId: ids.member, itemName: '护发精油小样', quantity: 1, ...body } as never,
  });

beforeAll(async () => {
  const t0 = Date.now();
  const lap = (what: string) => console.log(`[points test] ${what} at ${Date.now() - t0} ms`);
  t = await createTestApp();
  lap('app');
  admin = await t.signIn('admin', 'admin123');
  ids.bj = (await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001')))[0]!.id;
  const userId = await createUser(t.db, { loginName: 'pt-east', password: 'east12345' });
  const { contentRoleId } = await createRole(t.db, {
    code: 'PT-EAST',
    name: 'pt-east',
    contentName: '华东大区',
    codes: (await t.db.select({ code: resource.code }).from(resource)).map((r) => r.code),
  });
  east = await t.signIn('pt-east', 'east12345', await grantRole(t.db, userId, contentRoleId));
  bj = await posCaller(t.db, ids.bj, 'pt-bj');
  const r = await t.db.execute(sql`select retail_price as p from product where code = 'P001'`);
  P = Number(((r as { rows?: { p: number }[] }).rows ?? (r as unknown as { p: number }[]))[0]!.p);
  lap('signed in');
  // 2 points per 元 paid other than by card.
  await writeSetting(t.db, 'pointsPerYuan', 2, null);
  for (const [phone, key] of [
    [PHONE, 'member'],
    [OLD_PHONE, 'old'],
  ] as const) {
    const m = await t.db.transaction((tx) =>
      createMember(tx, {
        name: '积分会员',
        phone,
        storeId: ids.bj,
        userId: null,
        joinedAt: new Date('2023-01-01T08:00:00+08:00'),
      }),
    );
    ids[key] = m.id;
    // A stored-value card, sold for cash: its bill earns too.
    const opened = await postBill(
      t.db,
      bj,
      openBillBody.parse({
        outerNo: `PT-open-${key}`,
        storeCode: 'BJ001',
        member: phone,
        at: '2023-01-02T10:00:00+08:00',
        lines: [{ kind: 'cardSale', code: 'C005' }],
        payments: [{ method: 'wechat', amount: await cardPrice() }],
      }),
    );
    expect(opened.openedCards).toHaveLength(1);
  }
}, 300_000);
afterAll(() => t?.close());

let priceC005 = 0;
const cardPrice = async () => {
  if (!priceC005) {
    const r = await t.db.execute(sql`select price from card where code = 'C005'`);
    priceC005 = Number(((r as { rows?: { price: number }[] }).rows ?? (r as unknown as { price: number }[]))[0]!.price);
  }
  return priceC005;
};

describe('points', () => {
  it('are earned by a bill at the configured rate, taken back by its refund, spent by an exchange', async () => {
    const before = await ledgerOf(ids.member);
    expect(before).toHaveLength(1); // the card sale's
    expect(before[0]).toMatchObject({ kind: 'earn', points: Math.floor((priceC005 * 2) / 100) });

    const b = await post(PHONE, '2026-10-01T10:00:00+08:00', 3);
    const earned = Math.floor((3 * P * 2) / 100);
    const rows = await ledgerOf(ids.member);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ kind: 'earn', points: earned, refType: 'member_consume', refId: b.id });
    expect(rows[1]!.balanceAfter).toBe(before[0]!.points + earned);

    // One of the three back in cash: a third of the bill's points back.
    const r = await applyOpenRefund(
      t.db,
      bj,
      openRefundBody.parse({
        outerNo: 'PT-R1',
        billNo: b.billNo,
        reason: '顾客退款',
        lines: [{ line: 1, amount: P }],
        payments: [{ seq: 1, amount: P }],
      }),
    );
    const [rf] = await t.db.select({ id: refund.id }).from(refund).where(eq(refund.refundNo, r.refundNo));
    for (const step of ['approve', 'execute'] as const) {
      const res = await admin.call(REFUND_API.step, { body: { id: rf!.id, step } });
      expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    }
    const after = await ledgerOf(ids.member);
    const back = Math.floor((earned * P) / (3 * P));
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({ kind: 'refund', points: -back, refId: rf!.id });
    expect(await balanceOf(ids.member)).toBe(before[0]!.points + earned - back);

    // 兑换 from the tab: the exchange and its ledger row, the balance after it.
    const have = await balanceOf(ids.member);
    const ok = await exchange(admin, { quantity: 2, unitPoints: 30, remark: '到店兑换', requestKey: 'pt-req-0001' });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    expect(ok.body.data).toMatchObject({ points: 60, balance: have - 60, replayed: false });
    // The same submission again answers the first and spends nothing more.
    const again = await exchange(admin, { quantity: 2, unitPoints: 30, requestKey: 'pt-req-0001' });
    expect(again.body.data).toMatchObject({ id: ok.body.data!.id, replayed: true, balance: have - 60 });
    expect(await balanceOf(ids.member)).toBe(have - 60);
    const last = (await ledgerOf(ids.member)).at(-1)!;
    expect(last).toMatchObject({ kind: 'exchange', points: -60, balanceAfter: have - 60, refId: ok.body.data!.id });

    // The tabs show them: the ledger with the balance after each row, the exchange.
    const pts = await list(admin, POINTS_VIEW, { memberId: ids.member });
    expect(pts.total).toBe(4);
    expect(pts.list[0]).toMatchObject({ kind: 'exchange', points: -60, balanceAfter: have - 60 });
    expect(pts.totals?.points).toBe(have - 60);
    const ex = await list(admin, CREDITS_EXCHANGE_VIEW, { memberId: ids.member });
    expect(ex.list).toHaveLength(1);
    expect(ex.list[0]).toMatchObject({ itemName: '护发精油小样', quantity: 2, points: 60 });
    // A member outside the caller's scope: neither listed nor spent.
    expect((await list(east, POINTS_VIEW, { memberId: ids.member })).total).toBe(0);
    const foreign = await exchange(east, { unitPoints: 1 });
    expect(foreign.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });

  it('refuses an overspend with POINTS_SHORT and changes nothing', async () => {
    const have = await balanceOf(ids.member);
    const rows = (await ledgerOf(ids.member)).length;
    const [{ n }] = (await t.db.select({ n: count() }).from(pointsExchange)) as [{ n: number }];
    const res = await exchange(admin, { unitPoints: have + 1 });
    expect(res.body.errcode).toBe(ERR.POINTS_SHORT);
    expect(res.body.errmsg).toContain(`当前可用 ${have} 积分`);
    expect(await balanceOf(ids.member)).toBe(have);
    expect(await ledgerOf(ids.member)).toHaveLength(rows);
    expect((await t.db.select({ n: count() }).from(pointsExchange))[0]!.n).toBe(n);
    // Bad input: a clear message, nothing written.
    const bad = await exchange(admin, { itemName: ' ', unitPoints: 0 });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(await ledgerOf(ids.member)).toHaveLength(rows);
  });

  it('never takes the balance below zero when two exchanges come at once', async () => {
    const have = await balanceOf(ids.member);
    const each = Math.floor(have / 2) + 1;
    const answers = await Promise.all([exchange(admin, { unitPoints: each }), exchange(admin, { unitPoints: each })]);
    const codes = answers.map((a) => a.body.errcode).sort();
    expect(codes).toEqual([ERR.OK, ERR.POINTS_SHORT].sort());
    expect(await balanceOf(ids.member)).toBe(have - each);
  });

  it('expire when older than the rule and not yet used, first earned first used', async () => {
    // Earned 2023-01-02 (the card sale) and 2023-03-01, then 2026-11-01; 400 points spent since; the rule is 24 months.
    await post(OLD_PHONE, '2023-03-01T10:00:00+08:00', 4);
    const recent = await post(OLD_PHONE, '2026-11-01T10:00:00+08:00', 1);
    expect(recent.id).toBeGreaterThan(0);
    const old = await ledgerOf(ids.old);
    expect(old.map((r) => r.kind)).toEqual(['earn', 'earn', 'earn']);
    const spend = await exchange(admin, { memberId: ids.old, unitPoints: 400 });
    expect(spend.body.errcode, spend.body.errmsg).toBe(ERR.OK);
    const now = new Date('2026-11-27T12:00:00+08:00');
    await expirePoints(t.db, now);
    const rows = await ledgerOf(ids.old);
    const oldEarned = old[0]!.points + old[1]!.points;
    expect(rows.at(-1)).toMatchObject({ kind: 'expire', points: -(oldEarned - 400), refId: 20261127 });
    expect(await balanceOf(ids.old)).toBe(old[2]!.points);
    // Run again the same day: nothing more.
    await expirePoints(t.db, now);
    expect(await ledgerOf(ids.old)).toHaveLength(rows.length);
  });

  it('keeps every member’s balance equal to the sum of their ledger rows, never below zero', async () => {
    const sums = await t.db
      .select({ memberId: pointsLedger.memberId, s: sum(pointsLedger.points).mapWith(Number) })
      .from(pointsLedger)
      .groupBy(pointsLedger.memberId);
    const held = await t.db.select().from(memberPoints);
    expect(held.length).toBeGreaterThan(2);
    for (const p of held) {
      expect(p.balance, `member ${p.memberId}`).toBe(sums.find((x) => x.memberId === p.memberId)?.s ?? 0);
      expect(p.balance).toBeGreaterThanOrEqual(0);
    }
    const negative = await t.db.execute(sql`select 1 from points_ledger where balance_after < 0`);
    expect(((negative as { rows?: unknown[] }).rows ?? (negative as unknown[])).length).toBe(0);
  });
});

describe('/purchaseHistory and /orderDetail', () => {
  it('lists exactly the member’s bills and mall orders, newest first, filtered and scoped', async () => {
    // The demo member with the most mall orders, of a store outside 华东大区.
    const [m] = await t.db
      .select({ id: mallOrder.memberId, n: count() })
      .from(mallOrder)
      .innerJoin(member, eq(member.id, mallOrder.memberId))
      .innerJoin(store, eq(store.id, member.storeId))
      .innerJoin(region, eq(region.id, store.regionId))
      .where(sql`${region.name} <> '华东大区'`)
      .groupBy(mallOrder.memberId)
      .orderBy(sql`count(*) desc`, asc(mallOrder.memberId))
      .limit(1);
    expect(m).toBeDefined();
    const bills = await t.db
      .select({ no: memberConsume.billNo, total: memberConsume.total, storeId: memberConsume.storeId })
      .from(memberConsume)
      .where(eq(memberConsume.memberId, m!.id));
    const orders = await t.db
      .select({ no: mallOrder.orderNo, total: mallOrder.total, storeId: mallOrder.storeId })
      .from(mallOrder)
      .where(eq(mallOrder.memberId, m!.id));
    const page = await list(admin, PURCHASE_HISTORY_VIEW, { memberId: m!.id });
    expect(page.total).toBe(bills.length + orders.length);
    for (let pageNo = 2; page.list.length < page.total; pageNo++) {
      page.list.push(...(await list(admin, PURCHASE_HISTORY_VIEW, { memberId: m!.id, pageNo })).list);
    }
    expect(page.list.map((r) => r.no).sort()).toEqual([...bills, ...orders].map((x) => x.no).sort());
    expect(page.totals?.total).toBe([...bills, ...orders].reduce((n, x) => n + x.total, 0));
    const times = page.list.map((r) => String(r.at));
    expect([...times].sort().reverse()).toEqual(times);
    const mall = await list(admin, PURCHASE_HISTORY_VIEW, { memberId: m!.id, kind: 'mall' });
    expect(mall.total).toBe(orders.length);
    expect(mall.list.every((r) => r.kind === 'mall')).toBe(true);
    // A region user of another region sees none of it, and cannot open its documents.
    expect((await list(east, PURCHASE_HISTORY_VIEW, { memberId: m!.id })).total).toBe(0);

    // /orderDetail opens a bill (lines, payments) and a mall order (lines) by number.
    const billNo = bills[0]!.no;
    const bill = await admin.call(POINTS_API.orderDetail, { query: { id: billNo } });
    expect(bill.body.errcode, bill.body.errmsg).toBe(ERR.OK);
    expect(bill.body.data).toMatchObject({ type: 'bill', bill: { bill: { billNo, memberId: m!.id } } });
    const orderNo = orders[0]!.no;
    const order = await admin.call(POINTS_API.orderDetail, { query: { id: orderNo } });
    expect(order.body.data).toMatchObject({ type: 'mall', order: { order: { orderNo } } });
    // A 华东 user opens a document of this member (home store outside 华东) only when it was made at a 华东 store.
    const eastStores = new Set(
      (
        await t.db
          .select({ id: store.id })
          .from(store)
          .innerJoin(region, eq(region.id, store.regionId))
          .where(eq(region.name, '华东大区'))
      ).map((s) => s.id),
    );
    for (const d of [...bills, ...orders].slice(0, 6)) {
      const res = await east.call(POINTS_API.orderDetail, { query: { id: d.no } });
      expect(res.body.errcode, d.no).toBe(eastStores.has(d.storeId) ? ERR.OK : ERR.RECORD_NOT_FOUND);
    }
    expect((await admin.call(POINTS_API.orderDetail, { query: { id: 'XF9999999999' } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
  });

  it('lists the test member’s own bills only, each number as the bill service wrote it', async () => {
    const page = await list(admin, PURCHASE_HISTORY_VIEW, {
      memberId: ids.member,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    const own = await t.db
      .select({ no: memberConsume.billNo })
      .from(memberConsume)
      .where(
        and(
          eq(memberConsume.memberId, ids.member),
          sql`${memberConsume.consumedAt} >= '2026-09-30T16:00:00Z' and ${memberConsume.consumedAt} < '2026-10-31T16:00:00Z'`,
        ),
      );
    expect(page.list.map((r) => r.no)).toEqual(own.map((o) => o.no));
    expect(page.list[0]).toMatchObject({ kind: 'bill', paidOther: 3 * P, refunded: P });
  });
});
