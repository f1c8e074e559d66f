/**
 * The mall: goods on the shelves (deposit below the price, 上架/下架), orders created by the
 * mini-program's service (amounts adding up, idempotent by outerNo also under 20 parallel
 * posts, stock never oversold under 20 parallel orders for the last pieces, the per-member
 * limit), every step of MALL_ORDER_FLOW and MALL_RETURN_FLOW (refusals with STATE_CHANGED, stock
 * given back on cancel and on a 退货退款), 定金 orders, a region user's data scope, and the
 * pages' API answers.
 */
import {
  MALL_API,
  MALL_EARNEST_API,
  MALL_GOODS_API,
  MALL_ORDER_API,
  MALL_RETURN_API,
  type MallOrderAnswer,
  type OpenMallOrderBody,
} from '@zb/contract/entities/mall';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { lastOperation } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { fieldErrors, okData, refused } from '../goods/testHelpers';
import { member } from '../members/schema';
import { paymentRefund } from '../payRefunds/schema';
import { region, store } from '../stores/schema';
import { stepMallOrderOpen } from './open';
import { createMallOrder } from './orders';
import { mallGoods, mallOrder, mallOrderLine, mallReturn } from './schema';
import { bizCode, mallPeople } from './testHelpers';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient; // 大区经理 of 华东大区
let eastStore: string; // a store code of 华东大区
let southStore: string; // a store code of another region
let phone: string; // a member
let phone2: string;
let productId: number;
let seq = 0;
const client = { clientId: null };

const newGoods = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  const code = `T-MALL-${seq}`;
  okData(
    await admin.call(MALL_GOODS_API.create!, {
      body: {
        code,
        name: `测试商城商品${seq}`,
        goodsKind: 'product',
        goodsId: productId,
        price: 1990,
        stock: 10,
        limitPerMember: 0,
        enabled: true,
        sort: 0,
        ...over,
      },
    }),
  );
  return code;
};

const goodsRow = async (code: string) => (await t.db.select().from(mallGoods).where(eq(mallGoods.code, code)))[0]!;

const order = (over: Partial<OpenMallOrderBody> & { code?: string; qty?: number } = {}): OpenMallOrderBody => {
  seq += 1;
  const { code, qty, ...rest } = over;
  return {
    outerNo: `WX-T-${seq}`,
    member: phone,
    storeCode: eastStore,
    delivery: 'express',
    lines: [{ goodsCode: code ?? 'none', quantity: qty ?? 1 }],
    freight: 0,
    total: 1990 * (qty ?? 1),
    receiver: { name: '王小姐', phone: '13912345678', address: '上海市徐汇区漕溪北路 1 号' },
    ...rest,
  };
};

const create = (body: OpenMallOrderBody) => createMallOrder(t.db, client, body);

const orderRow = async (orderNo: string) =>
  (await t.db.select().from(mallOrder).where(eq(mallOrder.orderNo, orderNo)))[0]!;
const step = (outerNo: string, body: Parameters<typeof stepMallOrderOpen>[3]) =>
  stepMallOrderOpen(t.db, client, outerNo, body);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, liqiang, eastStore, southStore } = await mallPeople(t));
  const members = await t.db.select({ phone: member.phone }).from(member).limit(2);
  phone = members[0]!.phone;
  phone2 = members[1]!.phone;
  productId = (await t.db.select({ id: product.id }).from(product).limit(1))[0]!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the demo mall', () => {
  it('has goods on the shelves and orders in every state, their amounts and stock agreeing', async () => {
    const goods = await t.db.select().from(mallGoods).where(sql`${mallGoods.code} like 'SC-%'`);
    expect(goods.filter((g) => g.enabled).length).toBeGreaterThanOrEqual(4);
    const orders = await t.db.select().from(mallOrder).where(sql`${mallOrder.outerNo} like 'WXDEMO%'`);
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['pendingPay', 'toShip', 'toPickup', 'shipped', 'completed', 'cancelled', 'afterSale', 'refunded']),
    );
    expect(
      orders.some(
        (o) => o.kind === 'earnest' && o.status === 'completed' && o.balancePaid === o.total - o.earnestAmount,
      ),
    ).toBe(true);
    for (const o of orders) {
      const lines = await t.db.select().from(mallOrderLine).where(eq(mallOrderLine.orderId, o.id));
      expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(o.goodsAmount);
      expect(o.total).toBe(o.goodsAmount + o.freight);
      if (o.status !== 'pendingPay' && o.status !== 'cancelled')
        expect(o.paidAmount).toBe(o.kind === 'earnest' ? o.earnestAmount : o.total);
    }
    // Sold = pieces of orders that keep their goods (not cancelled, not refunded after a return of goods).
    const kept = await t.db.execute(sql`
      select g.id, g.sold, coalesce(sum(l.quantity) filter (where o.status <> 'cancelled'
        and not exists (select 1 from mall_return r where r.order_id = o.id and r.status = 'refunded' and r.kind = 'returnRefund')), 0)::int as n
      from mall_goods g left join mall_order_line l on l.goods_id = g.id left join mall_order o on o.id = l.order_id
      where g.code like 'SC-%' group by g.id, g.sold`);
    const rows = (Array.isArray(kept) ? kept : (kept as { rows: unknown[] }).rows) as { sold: number; n: number }[];
    for (const r of rows) expect(Number(r.sold)).toBe(Number(r.n));
    const returns = await t.db.select().from(mallReturn);
    expect(new Set(returns.map((r) => r.status))).toEqual(new Set(['applied', 'approved', 'refunded', 'rejected']));
  });
});

describe('mall goods', () => {
  it('keeps a deposit below the price and puts goods on and off the shelves', async () => {
    const bad = await admin.call(MALL_GOODS_API.create!, {
      body: {
        code: 'T-MALL-BAD',
        name: '定金过高',
        goodsKind: 'product',
        goodsId: productId,
        price: 1000,
        earnest: 1000,
        stock: 1,
        limitPerMember: 0,
        enabled: true,
        sort: 0,
      },
    });
    expect(fieldErrors(bad).earnest).toBe('定金须小于线上售价');

    const code = await newGoods({ enabled: false });
    const g = await goodsRow(code);
    const list = okData(await admin.call(MALL_GOODS_API.list, { query: { code } }));
    expect(list.list[0]).toMatchObject({ code, price: 1990, stock: 10, enabled: false, goodsKind: 'product' });
    expect(await bizCode(create(order({ code })))).toBe(ERR.MALL_ORDER_INVALID);
    okData(await admin.call(MALL_GOODS_API.batch!, { body: { action: 'onSale', ids: [g.id] } }));
    expect((await goodsRow(code)).enabled).toBe(true);
    const detail = okData(await admin.call(MALL_GOODS_API.detail, { params: { id: g.id } }));
    expect(detail).toMatchObject({ code, enabled: true, goodsId: productId });
  });
});

describe('mall orders', () => {
  it('creates an order whose amounts add up and reserves its stock', async () => {
    const a = await newGoods({ price: 1990, stock: 10 });
    const b = await newGoods({ price: 500, stock: 10 });
    const body = order({ code: a, qty: 2 });
    body.lines.push({ goodsCode: b, quantity: 3 });
    body.freight = 800;
    body.total = 1990 * 2 + 500 * 3 + 800;
    const ans = await create(body);
    expect(ans).toMatchObject({
      status: 'pendingPay',
      goodsAmount: 5480,
      freight: 800,
      total: 6280,
      payable: 6280,
      replayed: false,
    });
    expect(ans.orderNo).toMatch(/^SC\d{14}$/);
    const o = await orderRow(ans.orderNo);
    const lines = await t.db.select().from(mallOrderLine).where(eq(mallOrderLine.orderId, o.id));
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(o.goodsAmount);
    expect((await goodsRow(a)).stock).toBe(8);
    expect((await goodsRow(b)).stock).toBe(7);

    // A total the server does not reach is refused, and nothing is reserved.
    const wrong = order({ code: a, qty: 1 });
    wrong.total = 1;
    expect(await bizCode(create(wrong))).toBe(ERR.MALL_ORDER_INVALID);
    expect((await goodsRow(a)).stock).toBe(8);
  });

  it('answers the first order for the same outerNo, also for 20 at once', async () => {
    const code = await newGoods({ stock: 50 });
    const body = order({ code, qty: 2 });
    const first = await create(body);
    const again = await create(body);
    expect(again).toEqual({ ...first, replayed: true });

    const burst = order({ code, qty: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(burst)));
    expect(new Set(answers.map((x) => x.orderNo)).size).toBe(1);
    expect(answers.filter((x) => !x.replayed)).toHaveLength(1);
    const rows = await t.db.select().from(mallOrder).where(eq(mallOrder.outerNo, burst.outerNo));
    expect(rows).toHaveLength(1);
    expect((await goodsRow(code)).stock).toBe(50 - 2 - 1);
  });

  it('never oversells: 20 parallel orders for the last 5 pieces', async () => {
    const code = await newGoods({ stock: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bizCode(create(order({ code, qty: 1, member: i % 2 ? phone : phone2 })))),
    );
    expect(results.filter((r) => r === ERR.OK)).toHaveLength(5);
    expect(results.filter((r) => r === ERR.MALL_STOCK_SHORT)).toHaveLength(15);
    const g = await goodsRow(code);
    expect(g.stock).toBe(0);
    expect(g.sold).toBe(5);
    const [sold] = await t.db
      .select({ n: sql<number>`coalesce(sum(${mallOrderLine.quantity}), 0)::int` })
      .from(mallOrderLine)
      .where(eq(mallOrderLine.goodsId, g.id));
    expect(sold!.n).toBe(5);
  });

  it('holds a member to the per-member limit, cancelled orders not counted', async () => {
    const code = await newGoods({ stock: 20, limitPerMember: 2 });
    const first = await create(order({ code, qty: 2 }));
    expect(await bizCode(create(order({ code, qty: 1 })))).toBe(ERR.MALL_ORDER_INVALID);
    await step(first.outerNo, { step: 'cancel', reason: '不想要了' });
    await create(order({ code, qty: 1 }));
    expect((await goodsRow(code)).stock).toBe(19);
  });
});

describe('the order flow', () => {
  it('pays, ships, receives; refuses steps out of order with STATE_CHANGED', async () => {
    const code = await newGoods({ stock: 5 });
    const ans = await create(order({ code, qty: 1 }));
    expect(await bizCode(step(ans.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WXPAY-1', amount: 1 }))).toBe(
      ERR.MALL_ORDER_INVALID,
    );
    const paid = await step(ans.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WXPAY-1', amount: 1990 });
    expect(paid).toMatchObject({ status: 'toShip', paidAmount: 1990 });
    // The same payment again answers the order; another is refused.
    expect(await step(ans.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WXPAY-1', amount: 1990 })).toMatchObject({
      replayed: true,
      status: 'toShip',
    });
    expect(await bizCode(step(ans.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WXPAY-2', amount: 1990 }))).toBe(
      ERR.STATE_CHANGED,
    );
    expect(await bizCode(step(ans.outerNo, { step: 'cancel' }))).toBe(ERR.STATE_CHANGED);
    expect(await bizCode(step(ans.outerNo, { step: 'receive' }))).toBe(ERR.STATE_CHANGED);

    const o = await orderRow(ans.orderNo);
    expect(o).toMatchObject({ payMethod: 'wechat', tradeNo: 'WXPAY-1', paidAmount: 1990 });
    refused(await admin.call(MALL_API.pickup, { body: { id: o.id } }), ERR.STATE_CHANGED);
    okData(
      await admin.call(MALL_API.ship, { body: { id: o.id, trackingCompany: '顺丰', trackingNo: 'SF1234567890' } }),
    );
    refused(
      await admin.call(MALL_API.ship, { body: { id: o.id, trackingCompany: '顺丰', trackingNo: 'SF1234567890' } }),
      ERR.STATE_CHANGED,
    );
    expect(await step(ans.outerNo, { step: 'receive' })).toMatchObject({ status: 'completed' });

    const view = okData(await admin.call(MALL_API.view, { params: { id: o.id } }));
    expect(view.order).toMatchObject({ status: 'completed', trackingNo: 'SF1234567890', paidAmount: 1990 });
    expect(view.lines).toEqual([expect.objectContaining({ goodsCode: code, quantity: 1, amount: 1990 })]);
    expect(view.history.map((h) => h.label)).toEqual(['创建', '支付', '转待发货', '发货', '确认收货']);
    const actors = view.history.map((h) => h.actor);
    expect([actors[0], actors[1], actors[2], actors[4]]).toEqual(['小程序', '小程序', '系统', '小程序']);
    expect(actors[3]).not.toBe('小程序');
    expect(actors[3]).not.toBe('系统');
    const log = await lastOperation(t.db, 'mallOrder.ship');
    expect(log).toMatchObject({
      target: `mall_order:${o.id}`,
      before: { status: 'toShip' },
      after: { status: 'shipped' },
    });
  });

  it('cancels an unpaid order and gives its stock back', async () => {
    const code = await newGoods({ stock: 3 });
    const ans = await create(order({ code, qty: 3 }));
    expect((await goodsRow(code)).stock).toBe(0);
    const o = await orderRow(ans.orderNo);
    okData(await admin.call(MALL_API.cancel, { body: { id: o.id, reason: '会员电话要求取消' } }));
    expect((await goodsRow(code)).stock).toBe(3);
    expect((await goodsRow(code)).sold).toBe(0);
    expect(await bizCode(step(ans.outerNo, { step: 'pay', method: 'alipay', tradeNo: 'ALI-9', amount: 5970 }))).toBe(
      ERR.STATE_CHANGED,
    );
  });

  it('runs an after-sale request: 审核 → 退款 with the goods back in stock; a refusal returns the order to 已完成', async () => {
    const code = await newGoods({ stock: 4 });
    const ans = await create(order({ code, qty: 2 }));
    await step(ans.outerNo, { step: 'pay', method: 'alipay', tradeNo: 'ALI-100', amount: 3980 });
    const o = await orderRow(ans.orderNo);
    expect(
      await bizCode(step(ans.outerNo, { step: 'applyAfterSale', kind: 'returnRefund', reason: '尺寸不合适' })),
    ).toBe(ERR.STATE_CHANGED);
    okData(await admin.call(MALL_API.ship, { body: { id: o.id, trackingCompany: '中通', trackingNo: 'ZT00998877' } }));
    expect(
      await step(ans.outerNo, { step: 'applyAfterSale', kind: 'returnRefund', reason: '尺寸不合适' }),
    ).toMatchObject({
      status: 'afterSale',
    });
    const [ret] = await t.db.select().from(mallReturn).where(eq(mallReturn.orderId, o.id));
    expect(ret).toMatchObject({ status: 'applied', amount: 3980, kind: 'returnRefund' });
    refused(await admin.call(MALL_API.refundReturn, { body: { id: ret!.id } }), ERR.STATE_CHANGED);
    refused(await admin.call(MALL_API.rejectReturn, { body: { id: ret!.id } }), ERR.PARAM_INVALID);
    okData(await admin.call(MALL_API.approveReturn, { body: { id: ret!.id, reason: '同意退货' } }));
    okData(await admin.call(MALL_API.refundReturn, { body: { id: ret!.id } }));
    const after = await orderRow(ans.orderNo);
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 3980 });
    expect((await goodsRow(code)).stock).toBe(4);

    const list = okData(await admin.call(MALL_RETURN_API.list, { query: { orderNo: ans.orderNo } }));
    expect(list.list).toEqual([expect.objectContaining({ status: 'refunded', amount: 3980, kind: 'returnRefund' })]);

    // A refused request: the order is 已完成 again and may ask once more.
    const ans2 = await create(order({ code, qty: 1 }));
    await step(ans2.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WX-200', amount: 1990 });
    const o2 = await orderRow(ans2.orderNo);
    okData(await admin.call(MALL_API.ship, { body: { id: o2.id, trackingCompany: '中通', trackingNo: 'ZT00998878' } }));
    await step(ans2.outerNo, { step: 'receive' });
    await step(ans2.outerNo, { step: 'applyAfterSale', kind: 'refundOnly', reason: '有划痕' });
    const [ret2] = await t.db.select().from(mallReturn).where(eq(mallReturn.orderId, o2.id));
    okData(await admin.call(MALL_API.rejectReturn, { body: { id: ret2!.id, reason: '照片显示完好' } }));
    expect((await orderRow(ans2.orderNo)).status).toBe('completed');
    expect((await orderRow(ans2.orderNo)).refundedAmount).toBe(0);
  });

  it('取消并退款: a paid order not yet sent goes back whole — the money by its channel, the pieces to stock — once', async () => {
    const code = await newGoods({ stock: 5 });
    const ans = await create(order({ code, qty: 2 }));
    // Unpaid: only 取消订单; a reason is required.
    const unpaid = await orderRow(ans.orderNo);
    refused(
      await admin.call(MALL_API.cancelRefund, { body: { id: unpaid.id, reason: '会员要求' } }),
      ERR.STATE_CHANGED,
    );
    await step(ans.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WX-CR-1', amount: 3980 });
    const o = await orderRow(ans.orderNo);
    expect(o.status).toBe('toShip');
    expect(fieldErrors(await admin.call(MALL_API.cancelRefund, { body: { id: o.id, reason: ' ' } }))).toHaveProperty(
      'reason',
    );
    expect((await goodsRow(code)).stock).toBe(3);
    // A region user outside the order's store: as if it did not exist.
    const south = await create(order({ code, storeCode: southStore }));
    await step(south.outerNo, { step: 'pay', method: 'alipay', tradeNo: 'ALI-CR-2', amount: 1990 });
    refused(
      await liqiang.call(MALL_API.cancelRefund, { body: { id: (await orderRow(south.orderNo)).id, reason: '越权' } }),
      ERR.RECORD_NOT_FOUND,
    );

    okData(await admin.call(MALL_API.cancelRefund, { body: { id: o.id, reason: '商品缺货，会员同意退款' } }));
    expect(await orderRow(ans.orderNo)).toMatchObject({ status: 'refunded', refundedAmount: 3980 });
    expect((await goodsRow(code)).stock).toBe(3 + 2 - 1); // its 2 back; the south order still holds 1
    const paid = await t.db
      .select()
      .from(paymentRefund)
      .where(and(eq(paymentRefund.kind, 'mallCancel'), eq(paymentRefund.refId, o.id)));
    expect(paid.map((p) => [p.method, p.amount, p.tradeNo])).toEqual([['wechat', 3980, 'WX-CR-1']]);
    // Again: refused, nothing paid twice; the detail shows the payout.
    refused(await admin.call(MALL_API.cancelRefund, { body: { id: o.id, reason: '再次' } }), ERR.STATE_CHANGED);
    const view = okData(await admin.call(MALL_API.view, { params: { id: o.id } }));
    expect(view.payouts.map((p) => [p.returnNo, p.amount])).toEqual([['取消并退款', 3980]]);

    // The member may too, from the mini-program, for a pick-up order not yet collected.
    const pick = await create(order({ code, delivery: 'pickup', receiver: undefined }));
    await step(pick.outerNo, { step: 'pay', method: 'alipay', tradeNo: 'ALI-CR-3', amount: 1990 });
    expect(await step(pick.outerNo, { step: 'cancelRefund', reason: '行程有变' })).toMatchObject({
      status: 'refunded',
    });
  });

  it('sells goods by deposit: the deposit online, the rest at pick-up', async () => {
    const code = await newGoods({ price: 100000, earnest: 20000, stock: 2 });
    expect(await bizCode(create(order({ code, total: 100000 })))).toBe(ERR.MALL_ORDER_INVALID); // express
    const ans = await create(order({ code, total: 100000, delivery: 'pickup', receiver: undefined }));
    expect(ans).toMatchObject({ kind: 'earnest', payable: 20000, total: 100000 });
    expect(await step(ans.outerNo, { step: 'pay', method: 'wechat', tradeNo: 'WX-E1', amount: 20000 })).toMatchObject({
      status: 'toPickup',
      paidAmount: 20000,
    });
    const o = await orderRow(ans.orderNo);
    okData(await admin.call(MALL_API.pickup, { body: { id: o.id } }));
    expect(await orderRow(ans.orderNo)).toMatchObject({ status: 'completed', paidAmount: 20000, balancePaid: 80000 });
    const list = okData(await admin.call(MALL_EARNEST_API.list, { query: { orderNo: ans.orderNo } }));
    expect(list.list).toEqual([
      expect.objectContaining({ earnestAmount: 20000, balanceAmount: 80000, status: 'completed' }),
    ]);
  });
});

describe('through the open API (signed)', () => {
  it('creates an order idempotently and moves it with the mini-program key; a POS key may not', async () => {
    const code = await newGoods({ stock: 10 });
    const body = order({ code, qty: 2 });
    const first = await openPost<MallOrderAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.mallOrders, body);
    expect(first.errcode, first.errmsg).toBe(ERR.OK);
    expect(first.data).toMatchObject({ status: 'pendingPay', total: 3980, replayed: false });
    const again = await openPost<MallOrderAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.mallOrders, body);
    expect(again.data).toEqual({ ...first.data, replayed: true });
    expect((await goodsRow(code)).stock).toBe(8);

    const pos = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.mallOrders, order({ code }));
    expect(pos.errcode).toBe(ERR.OPEN_KEY_INVALID);

    const path = OPEN_PATHS.mallOrderStep.replace(':outerNo', body.outerNo);
    const bad = await openPost(t.app, DEMO_OPEN_KEYS.mini, path, { step: 'fly' });
    expect(bad.errcode).not.toBe(ERR.OK);
    expect(bad.status).toBeLessThan(500);
    const paid = await openPost<MallOrderAnswer>(t.app, DEMO_OPEN_KEYS.mini, path, {
      step: 'pay',
      method: 'wechat',
      tradeNo: 'WX-HTTP-1',
      amount: 3980,
    });
    expect(paid.data).toMatchObject({ status: 'toShip', paidAmount: 3980 });
    const late = await openPost(t.app, DEMO_OPEN_KEYS.mini, path, { step: 'cancel' });
    expect(late.errcode).toBe(ERR.STATE_CHANGED);
    const unknown = await openPost(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.mallOrderStep.replace(':outerNo', 'NOPE-1'), {
      step: 'receive',
    });
    expect(unknown.errcode).toBe(ERR.RECORD_NOT_FOUND);
    // The order an HTTP call made belongs to the app: the service's own orders (no app) are not its.
    const mine = await create(order({ code }));
    const other = await openPost(
      t.app,
      DEMO_OPEN_KEYS.mini,
      OPEN_PATHS.mallOrderStep.replace(':outerNo', mine.outerNo),
      {
        step: 'cancel',
      },
    );
    expect(other.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('the pages and the data scope', () => {
  it('lists orders by filters and limits a region user to their region', async () => {
    const code = await newGoods({ stock: 10 });
    const east = await create(order({ code }));
    const south = await create(order({ code, storeCode: southStore }));
    const byNo = okData(await admin.call(MALL_ORDER_API.list, { query: { orderNo: east.orderNo } }));
    expect(byNo.total).toBe(1);
    expect(byNo.list[0]).toMatchObject({
      orderNo: east.orderNo,
      status: 'pendingPay',
      total: 1990,
      memberPhone: phone,
    });
    const pending = okData(await admin.call(MALL_ORDER_API.list, { query: { status: 'pendingPay', pageSize: 100 } }));
    expect(pending.list.every((r) => r.status === 'pendingPay')).toBe(true);

    const mine = okData(await liqiang.call(MALL_ORDER_API.list, { query: { orderNo: east.orderNo } }));
    expect(mine.total).toBe(1);
    const theirs = okData(await liqiang.call(MALL_ORDER_API.list, { query: { orderNo: south.orderNo } }));
    expect(theirs.total).toBe(0);
    const southId = (await orderRow(south.orderNo)).id;
    refused(await liqiang.call(MALL_API.view, { params: { id: southId } }), ERR.RECORD_NOT_FOUND);
    refused(await liqiang.call(MALL_API.cancel, { body: { id: southId } }), ERR.RECORD_NOT_FOUND);
    expect((await orderRow(south.orderNo)).status).toBe('pendingPay');
    okData(await liqiang.call(MALL_API.view, { params: { id: (await orderRow(east.orderNo)).id } }));
  });

  it('limits the after-sale list to the region too, each row naming its order', async () => {
    const all = okData(await admin.call(MALL_RETURN_API.list, { query: { pageSize: 100 } }));
    const theirs = okData(await liqiang.call(MALL_RETURN_API.list, { query: { pageSize: 100 } }));
    expect(all.total).toBeGreaterThan(theirs.total);
    const regionOf = async (orderId: number) => {
      const [r] = await t.db
        .select({ region: region.name })
        .from(mallOrder)
        .innerJoin(store, eq(store.id, mallOrder.storeId))
        .innerJoin(region, eq(region.id, store.regionId))
        .where(eq(mallOrder.id, orderId));
      return r?.region;
    };
    for (const row of all.list) expect(typeof row.orderId).toBe('number');
    for (const row of theirs.list) expect(await regionOf(Number(row.orderId))).toBe('华东大区');
  });
});
