/**
 * The bill finance reports (contract reports/billFinance.ts) against the bills behind them: bills
 * posted through the bill service (postBill) on a day with no demo bills, at BJ001 and SH001, one
 * of them closed (关单), and refunds applied through the open API's refund service, approved and
 * executed (one left pending). Each figure of /finance, /storeSettlement, /saleDetails,
 * /orderCost, /MonthlyRefundSum and /TakeawayRanking is checked against sums worked out from what
 * was posted (the goods' prices and costs), not from the report's own SQL; a 华东大区 user sees
 * only SH001's rows; and each drill-down, followed, lists the bills (or refunds) behind the figure.
 */
import { REFUND_API } from '@zb/contract/api/refunds';
import { openBillBody } from '@zb/contract/entities/bill';
import { BILL_API } from '@zb/contract/entities/billView';
import { openRefundBody } from '@zb/contract/entities/refund';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import type { AnyReport, DrillDef } from '@zb/contract/report/define';
import {
  FINANCE_REPORT,
  MONTHLY_REFUND_SUM_REPORT,
  ORDER_COST_REPORT,
  SALE_DETAILS_REPORT,
  STORE_SETTLEMENT_REPORT,
  TAKEAWAY_RANKING_REPORT,
} from '@zb/contract/reports/billFinance';
import { BILLING_LIST } from '@zb/contract/reports/bills';
import { REPORTS } from '@zb/contract/reports/index';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { postBill } from '../bills/service';
import { card, product, project, projectProduct } from '../goods/schema';
import { memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import type { OpenCaller } from '../openApi/types';
import { refund } from '../refunds/schema';
import { applyOpenRefund, executeRefund } from '../refunds/service';
import { resource } from '../resources/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

type Row = Record<string, string | number | null>;
type Page = { list: Row[]; total: number; totals?: Row };

/** A day with no demo bills or refunds (checked below). */
const DAY = '2025-03-12';
const at = (hm: string) => `${DAY}T${hm}:00+08:00`;

let t: TestApp;
let admin: TestClient;
let east: TestClient;
const ids = { bj: 0, sh: 0, admin: 0, staff: 0 };
const price = { P001: 0, P002: 0, J001: 0, C005: 0, C001: 0 };
const cost = { P001: 0, J001: 0 };
let staffPhone = '';
let bj: OpenCaller;
let sh: OpenCaller;
/** Bill ids by name, and the refunds. */
const bill: Record<string, number> = {};
let retailRefund = 0;
let comboRefund = 0;
let storedRefund = 0;

const list = async (c: TestClient, decl: AnyReport, query: Record<string, string | number>): Promise<Page> => {
  const res = await c.call(reportApi(decl).list, { query: { pageSize: 100, ...query } as never });
  expect(res.body.errcode, `${decl.name}: ${res.body.errmsg}`).toBe(ERR.OK);
  return res.body.data as unknown as Page;
};
const day = { periodFrom: DAY, periodTo: DAY };

/** The query a drill-down builds from a row and the current query (as web platform/report/drill.ts does). */
const drillQuery = (d: DrillDef, row: Row, query: Record<string, string | number>) => {
  const out: Record<string, string | number> = {};
  for (const [k, p] of Object.entries(d.query)) {
    const v = 'row' in p ? row[p.row] : 'filter' in p ? query[p.filter] : p.value;
    if (v !== null && v !== undefined && v !== '') out[k] = v;
  }
  return out;
};
const follow = (from: AnyReport, column: string, row: Row, query: Record<string, string | number>) => {
  const d = from.drill![column]!;
  const target = REPORTS.find((r) => r.page === d.to)!;
  return list(admin, target, drillQuery(d, row, query));
};

const client = (storeId: number, key: string) => posCaller(t.db, storeId, `fr-${key}`);

let seq = 0;
const post = async (caller: OpenCaller, storeCode: string, doc: Record<string, unknown>) => {
  const outerNo = `FR-${++seq}`;
  const answer = await postBill(t.db, caller, openBillBody.parse({ outerNo, storeCode, ...doc }));
  const [b] = await t.db.select({ id: memberConsume.id }).from(memberConsume).where(eq(memberConsume.outerNo, outerNo));
  return { ...answer, id: b!.id };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const stores = await t.db.select({ id: store.id, code: store.code }).from(store);
  ids.bj = stores.find((s) => s.code === 'BJ001')!.id;
  ids.sh = stores.find((s) => s.code === 'SH001')!.id;
  ids.admin = (
    await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'))
  )[0]!.id;
  const userId = await createUser(t.db, { loginName: 'fr-east', password: 'east12345' });
  const { contentRoleId } = await createRole(t.db, {
    code: 'FR-EAST',
    name: 'fr-east',
    contentName: '华东大区',
    codes: (await t.db.select({ code: resource.code }).from(resource)).map((r) => r.code),
  });
  east = await t.signIn('fr-east', 'east12345', await grantRole(t.db, userId, contentRoleId));
  const p = (await t.db.select().from(product).where(eq(product.code, 'P001')))[0]!;
  price.P001 = p.retailPrice;
  cost.P001 = p.costPrice;
  const j = (await t.db.select().from(project).where(eq(project.code, 'J001')))[0]!;
  price.J001 = j.price;
  // One session of J001 at cost: its products' usage (ml at the product's ml per unit).
  const usage = await t.db
    .select({ qty: projectProduct.quantity, unit: projectProduct.unit, cost: product.costPrice, ml: product.mlPerUnit })
    .from(projectProduct)
    .innerJoin(product, eq(product.id, projectProduct.productId))
    .where(eq(projectProduct.projectId, j.id));
  expect(usage.length).toBeGreaterThan(0);
  cost.J001 = usage.reduce((n, u) => n + (u.qty * u.cost) / (u.unit === 'ml' ? (u.ml ?? 1) : 1), 0);
  price.P002 = (await t.db.select({ p: product.retailPrice }).from(product).where(eq(product.code, 'P002')))[0]!.p;
  price.C005 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C005')))[0]!.p;
  price.C001 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C001')))[0]!.p;
  const [s] = await t.db
    .select({ id: staff.id, phone: staff.phone })
    .from(staff)
    .where(eq(staff.storeId, ids.bj))
    .orderBy(asc(staff.id))
    .limit(1);
  staffPhone = s!.phone;
  ids.staff = s!.id;

  // The day is empty before the test posts.
  expect((await list(admin, BILLING_LIST, day)).total).toBe(0);
  expect((await list(admin, MONTHLY_REFUND_SUM_REPORT, day)).total).toBe(0);

  bj = await client(ids.bj, 'bj');
  sh = await client(ids.sh, 'sh');
  const phone = '13900071001';
  await t.db.transaction((tx) =>
    createMember(tx, { name: '报表会员', phone, storeId: ids.bj, userId: null, joinedAt: new Date(at('08:00')) }),
  );
  const opened = await post(bj, 'BJ001', {
    member: phone,
    at: at('09:00'),
    lines: [
      { kind: 'cardSale', code: 'C005' },
      { kind: 'cardSale', code: 'C001' },
    ],
    payments: [{ method: 'wechat', amount: price.C005 + price.C001, tradeNo: 'WX-FR1' }],
  });
  bill.open = opened.id;
  const [stored, combo] = opened.openedCards as [string, string];
  const mixed = await post(bj, 'BJ001', {
    member: phone,
    at: at('10:00'),
    lines: [
      { kind: 'topUp', cardNo: stored, amount: 50_000, bonus: 5_000 },
      { kind: 'product', code: 'P001', quantity: 2, cardNo: stored },
      { kind: 'project', code: 'J001', cardNo: combo },
      {
        kind: 'product',
        code: 'P001',
        quantity: 1,
        staff: [{ staffPhone, performance: price.P001, commission: 100 }],
      },
    ],
    payments: [
      { method: 'cash', amount: 50_000 },
      { method: 'alipay', amount: price.P001, tradeNo: 'ALI-FR1' },
    ],
  });
  bill.mixed = mixed.id;
  bill.outside = (
    await post(bj, 'BJ001', {
      member: phone,
      at: at('15:00'),
      lines: [
        { kind: 'project', code: 'J001' },
        { kind: 'product', code: 'P001' },
      ],
      payments: [
        { method: 'bankCard', amount: price.J001, tradeNo: 'BK-FR1' },
        { method: 'signBill', amount: price.P001, signerPhone: staffPhone },
      ],
    })
  ).id;
  // Closed the same day: it counts nowhere.
  bill.closed = (
    await post(bj, 'BJ001', {
      member: phone,
      at: at('16:00'),
      lines: [
        { kind: 'product', code: 'P001', quantity: 5 },
        { kind: 'product', code: 'P002', quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 5 * price.P001 + price.P002 }],
    })
  ).id;
  const closed = await admin.call(BILL_API.close, { body: { id: bill.closed, reason: '录入错误' } });
  expect(closed.body.errcode, closed.body.errmsg).toBe(ERR.OK);
  bill.sh = (
    await post(sh, 'SH001', {
      member: phone,
      at: at('11:00'),
      lines: [{ kind: 'product', code: 'P001', quantity: 1 }],
      payments: [{ method: 'cash', amount: price.P001 }],
    })
  ).id;

  // Refunds of the mixed bill: its alipay line (returned by alipay) and one session of its 套餐卡 line.
  const apply = async (outerNo: string, body: Record<string, unknown>) => {
    const r = await applyOpenRefund(
      t.db,
      bj,
      openRefundBody.parse({ outerNo, billNo: mixed.billNo, reason: '顾客退货', ...body }),
    );
    return (await t.db.select({ id: refund.id }).from(refund).where(eq(refund.refundNo, r.refundNo)))[0]!.id;
  };
  const approveAndExecute = async (id: number) => {
    const ok = await admin.call(REFUND_API.step, { body: { id, step: 'approve' } });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    // Executed on the day (the console's 执行 would execute it now).
    await t.db.transaction((tx) => executeRefund(tx, id, ids.admin, undefined, new Date(at('18:00'))));
  };
  retailRefund = await apply('FR-R1', {
    lines: [{ line: 4, amount: price.P001 }],
    payments: [{ seq: 2, amount: price.P001 }],
  });
  comboRefund = await apply('FR-R2', { lines: [{ line: 3, amount: price.J001, sessions: 1 }] });
  await approveAndExecute(retailRefund);
  await approveAndExecute(comboRefund);
  // One of the two P001 drawn from the 储值卡, back to the card.
  storedRefund = await apply('FR-R3', { lines: [{ line: 2, amount: price.P001 }] });
  await approveAndExecute(storedRefund);
  // Pending: counts nowhere (part of the top-up, to go back in cash).
  await apply('FR-R4', { lines: [{ line: 1, amount: 1_000 }], payments: [{ seq: 1, amount: 1_000 }] });
});
afterAll(() => t?.close());

const P = () => price.P001;
const J = () => price.J001;
const row = (page: Page, match: Record<string, unknown>) =>
  page.list.find((r) => Object.entries(match).every(([k, v]) => r[k] === v));

describe('/finance 大财务表', () => {
  it('adds up per store and day what the bills sold, drew from cards and took by each method, and the refunds', async () => {
    const page = await list(admin, FINANCE_REPORT, day);
    const b = row(page, { storeId: ids.bj, day: DAY })!;
    // Completed bills: the card sale, the mixed bill, the outside-paid bill (the closed one counts nowhere).
    const total = price.C005 + price.C001 + (50_000 + 3 * P() + J()) + (J() + P());
    expect(b).toMatchObject({
      bills: 3,
      projectSales: 2 * J(),
      retailSales: 4 * P(),
      cardSales: price.C005 + price.C001,
      topUps: 50_000,
      billTotal: total,
      drawPrincipal: 2 * P(),
      drawBonus: 0,
      drawSessions: 1,
      comboDraw: J(),
      refunds: 2 * P() + J(),
      cash: 50_000,
      wechat: price.C005 + price.C001,
      alipay: P(),
      bankCard: J(),
      signBill: P(),
      storedCard: 2 * P(),
      comboCard: J(),
    });
    // The payments add up to the bills.
    const paid = ['cash', 'wechat', 'alipay', 'bankCard', 'signBill', 'storedCard', 'comboCard'];
    expect(paid.reduce((n, k) => n + Number(b[k]), 0)).toBe(total);
    expect(row(page, { storeId: ids.sh, day: DAY })).toMatchObject({
      bills: 1,
      retailSales: P(),
      cash: P(),
      refunds: 0,
    });
    expect(page.total).toBe(2);
    expect(page.totals).toMatchObject({ bills: 4, billTotal: total + P(), refunds: 2 * P() + J() });
    // By store over the day: the same figures; the region filter narrows to its stores.
    const byStore = await list(admin, FINANCE_REPORT, { ...day, groupBy: 'store', storeId: ids.bj });
    expect(byStore.list).toHaveLength(1);
    expect(byStore.list[0]).toMatchObject({ bills: 3, billTotal: total });
  });

  it('shows a 华东大区 user only SH001, and nothing of BJ001 even when asked for it', async () => {
    const page = await list(east, FINANCE_REPORT, day);
    expect(page.list.map((r) => r.storeId)).toEqual([ids.sh]);
    expect(page.totals).toMatchObject({ bills: 1, billTotal: P() });
    const asked = await list(east, FINANCE_REPORT, { ...day, storeId: ids.bj });
    expect(asked.total).toBe(0);
    // By region: theirs only; the region's row drills to its stores on the same report.
    const regions = await list(east, FINANCE_REPORT, { ...day, groupBy: 'region' });
    expect(regions.list).toHaveLength(1);
    expect(regions.list[0]).toMatchObject({ regionName: '华东大区', bills: 1, billTotal: P() });
    const stores = await follow(FINANCE_REPORT, 'regionName', regions.list[0]!, day);
    expect(stores.list.find((r) => r.storeId === ids.sh)).toMatchObject({ bills: 1, billTotal: P() });
    expect(stores.list.some((r) => r.storeId === ids.bj)).toBe(false);
    const all = await list(admin, FINANCE_REPORT, { ...day, groupBy: 'region' });
    expect(all.totals).toMatchObject({ bills: 4 });
  });

  it('drills down to the bills behind each figure', async () => {
    const page = await list(admin, FINANCE_REPORT, day);
    const b = row(page, { storeId: ids.bj, day: DAY })!;
    const bills = await follow(FINANCE_REPORT, 'billTotal', b, day);
    expect(bills.total).toBe(b.bills);
    expect(bills.totals?.total).toBe(b.billTotal);
    expect(new Set(bills.list.map((r) => r.id))).toEqual(new Set([bill.open, bill.mixed, bill.outside]));
    // A method's figure: the bills that took money that way.
    expect((await follow(FINANCE_REPORT, 'cash', b, day)).list.map((r) => r.id)).toEqual([bill.mixed]);
    expect((await follow(FINANCE_REPORT, 'bankCard', b, day)).list.map((r) => r.id)).toEqual([bill.outside]);
    expect((await follow(FINANCE_REPORT, 'comboDraw', b, day)).list.map((r) => r.id)).toEqual([bill.mixed]);
    // A sales figure: the lines of its kind, each naming its bill.
    const projects = await follow(FINANCE_REPORT, 'projectSales', b, day);
    expect(projects.totals?.amount).toBe(b.projectSales);
    expect(new Set(projects.list.map((r) => r.id))).toEqual(new Set([bill.mixed, bill.outside]));
    expect((await follow(FINANCE_REPORT, 'topUps', b, day)).totals?.amount).toBe(b.topUps);
    expect((await follow(FINANCE_REPORT, 'cardSales', b, day)).totals?.amount).toBe(b.cardSales);
    expect((await follow(FINANCE_REPORT, 'retailSales', b, day)).totals?.amount).toBe(b.retailSales);
    // The refunds: one row per refund on /MonthlyRefundSum, each naming its bill.
    const refunds = await follow(FINANCE_REPORT, 'refunds', b, day);
    expect(refunds.list.map((r) => r.refundId).sort()).toEqual([retailRefund, comboRefund, storedRefund].sort());
    expect(refunds.list.every((r) => r.id === bill.mixed)).toBe(true);
    expect(refunds.totals?.amount).toBe(b.refunds);
    // The store over the period, and the day over the stores.
    expect((await follow(FINANCE_REPORT, 'storeName', b, day)).total).toBe(3);
    expect((await follow(FINANCE_REPORT, 'day', b, day)).total).toBe(4);
  });
});

describe('/storeSettlement 门店日结', () => {
  it('takes the money by method, less what the refunds paid back outside', async () => {
    const page = await list(admin, STORE_SETTLEMENT_REPORT, day);
    const b = row(page, { storeId: ids.bj, day: DAY })!;
    const takings = 50_000 + (price.C005 + price.C001) + P() + J() + P();
    expect(b).toMatchObject({
      bills: 3,
      cash: 50_000,
      alipay: P(),
      takings,
      storedCard: 2 * P(),
      comboCard: J(),
      // The alipay line went back by alipay; the 套餐卡 session went back to the card.
      refundsOutside: P(),
      net: takings - P(),
    });
    expect(row(page, { storeId: ids.sh, day: DAY })).toMatchObject({ takings: P(), refundsOutside: 0, net: P() });
    expect((await list(east, STORE_SETTLEMENT_REPORT, day)).list.map((r) => r.storeId)).toEqual([ids.sh]);
    const taken = await follow(STORE_SETTLEMENT_REPORT, 'takings', b, day);
    expect(taken.total).toBe(3);
    expect(taken.totals?.total).toBe(b.billTotal);
  });
});

describe('/saleDetails 销售明细', () => {
  it('lists every line of the completed bills with its goods and staff, and filters by kind, goods and staff', async () => {
    const page = await list(admin, SALE_DETAILS_REPORT, { ...day, storeId: ids.bj });
    expect(page.total).toBe(2 + 4 + 2);
    expect(page.totals?.amount).toBe(price.C005 + price.C001 + 50_000 + 3 * P() + J() + J() + P());
    // 共 N 条 and 合计 come from the lines' rollup: the lines' quantities, refunds and shares.
    expect(page.totals).toMatchObject({ quantity: 9, refunded: 2 * P() + J(), performance: P() });
    const sh = await list(east, SALE_DETAILS_REPORT, day);
    expect(sh.total).toBe(1);
    expect(sh.totals).toMatchObject({ quantity: 1, amount: P(), refunded: 0, performance: 0 });
    const products = await list(admin, SALE_DETAILS_REPORT, { ...day, lineKind: 'product' });
    expect(products.totals).toMatchObject({ quantity: 2 + 1 + 1 + 1, cardAmount: 2 * P() });
    const served = await list(admin, SALE_DETAILS_REPORT, { ...day, staffId: ids.staff });
    expect(served.list).toHaveLength(1);
    expect(served.list[0]).toMatchObject({ id: bill.mixed, line: 4, goodsCode: 'P001', performance: P() });
    expect(String(served.list[0]!.staffNames)).not.toBe('');
    const topUp = page.list.find((r) => r.lineKind === 'topUp')!;
    expect(topUp).toMatchObject({ goodsName: '充值', amount: 50_000 });
    expect(SALE_DETAILS_REPORT.drill?.billNo).toEqual({ to: '/orderDetails', query: { id: { row: 'id' } } });
    expect((await list(east, SALE_DETAILS_REPORT, day)).list.every((r) => r.storeId === ids.sh)).toBe(true);
  });
});

describe('/orderCost 单据成本', () => {
  it('costs the products each bill consumed against its revenue', async () => {
    const page = await list(admin, ORDER_COST_REPORT, { ...day, storeId: ids.bj });
    const mixed = row(page, { id: bill.mixed })!;
    expect(mixed).toMatchObject({
      revenue: 3 * P() + J(),
      retailCost: 3 * cost.P001,
      projectCost: Math.round(cost.J001),
      cost: 3 * cost.P001 + Math.round(cost.J001),
      margin: 3 * P() + J() - 3 * cost.P001 - Math.round(cost.J001),
    });
    // The card-sale bill sold no goods: no row.
    expect(row(page, { id: bill.open })).toBeUndefined();
    expect(page.totals).toMatchObject({ bills: 2, revenue: 4 * P() + 2 * J() });
    expect(page.totals?.marginRate).toBe(
      Math.round((Number(page.totals!.margin) * 10000) / Number(page.totals!.revenue)),
    );
    const byStore = await list(admin, ORDER_COST_REPORT, { ...day, groupBy: 'store' });
    expect(row(byStore, { storeId: ids.sh })).toMatchObject({ revenue: P(), retailCost: cost.P001 });
    expect(ORDER_COST_REPORT.drill?.billNo?.to).toBe('/orderDetails');
    expect(
      (await follow(ORDER_COST_REPORT, 'storeName', byStore.list.find((r) => r.storeId === ids.bj)!, day)).total,
    ).toBe(3);
  });
});

describe('/MonthlyRefundSum 月度退款汇总', () => {
  it('sums the executed refunds per month and store by the way the money went back', async () => {
    const page = await list(admin, MONTHLY_REFUND_SUM_REPORT, day);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      month: '2025-03-01',
      storeId: ids.bj,
      refunds: 3,
      amount: 2 * P() + J(),
      alipay: P(),
      comboCard: J(),
      storedCard: P(),
      cash: 0,
    });
    const byRefund = await list(admin, MONTHLY_REFUND_SUM_REPORT, { ...day, groupBy: 'refund' });
    expect(row(byRefund, { refundId: retailRefund })).toMatchObject({ id: bill.mixed, amount: P(), alipay: P() });
    expect(row(byRefund, { refundId: comboRefund })).toMatchObject({ id: bill.mixed, comboCard: J(), storedCard: 0 });
    expect(row(byRefund, { refundId: storedRefund })).toMatchObject({ storedCard: P(), comboCard: 0, alipay: 0 });
    expect(MONTHLY_REFUND_SUM_REPORT.drill?.refundNo).toEqual({
      to: '/refundDetail',
      query: { id: { row: 'refundId' } },
    });
    expect((await list(east, MONTHLY_REFUND_SUM_REPORT, day)).total).toBe(0);
  });
});

describe('/TakeawayRanking 外带产品排行', () => {
  it('ranks the retail goods by what their lines sold, and drills to those lines', async () => {
    const page = await list(admin, TAKEAWAY_RANKING_REPORT, day);
    const p = row(page, { productCode: 'P001' })!;
    // Four lines (the closed bill's five P001 count nowhere).
    expect(p).toMatchObject({ lines: 4, quantity: 2 + 1 + 1 + 1, amount: 5 * P() });
    expect(page.totals).toMatchObject({ lines: 4, quantity: 5, amount: 5 * P() });
    const byStore = await list(admin, TAKEAWAY_RANKING_REPORT, { ...day, groupBy: 'storeProduct' });
    const bjRow = row(byStore, { storeId: ids.bj, productCode: 'P001' })!;
    expect(bjRow).toMatchObject({ lines: 3, quantity: 4, amount: 4 * P() });
    const lines = await follow(TAKEAWAY_RANKING_REPORT, 'storeName', bjRow, day);
    expect(lines.total).toBe(3);
    expect(lines.totals).toMatchObject({ quantity: 4, amount: 4 * P() });
    expect((await follow(TAKEAWAY_RANKING_REPORT, 'productName', p, day)).totals?.quantity).toBe(5);
    expect((await list(east, TAKEAWAY_RANKING_REPORT, day)).totals).toMatchObject({
      lines: 1,
      quantity: 1,
      amount: P(),
    });
    // A product sold on the day only by the closed bill is no row.
    expect(row(page, { productCode: 'P002' })).toBeUndefined();
    expect(page.total).toBe(1);
  });
});
