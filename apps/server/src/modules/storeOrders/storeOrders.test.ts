/**
 * Store orders: the state machine and each step's permission, the race of two approvals, stock
 * after 收货 (base units), rejected orders never moving stock, payments and the franchise rule,
 * the submitter's edit and withdrawal, material orders, and a region user's data scope.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { LEGACY_ORDER_API } from '@zb/contract/entities/legacyOrder';
import {
  MATERIAL_ORDER_API,
  type OrderSaved,
  STORE_ORDER,
  STORE_ORDER_API,
  type StoreOrderView,
} from '@zb/contract/entities/storeOrder';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { checkStockRollups } from '../stock/rollups';
import { stockMovement, storeStock } from '../stock/schema';
import { region, store } from '../stores/schema';
import { material, orderConfig } from './schema';

let t: TestApp;
let admin: TestClient;
let zhang: TestClient;
let liqiang: TestClient;
let noShip: TestClient;
let sh: number; // 上海徐汇店 (华东, direct)
let gz: number; // 广州天河店 (华南)
let bottle: number; // 500 ml a bottle, cost 42.00
let box: number; // counted in boxes, cost 20.00
let poster: number; // a material, 3.50

/** Rows of a raw query on either driver (postgres-js answers an array, PGlite { rows }). */
const rowsOf = (r: unknown): unknown[] => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? []));

const okData = <R>(res: { status: number; body: { errcode: string; errmsg: string; data: R }; raw: string }): R => {
  expect(res.body.errcode, res.raw).toBe(ERR.OK);
  return res.body.data;
};

const submit = async (c: TestClient, over: Record<string, unknown> = {}) =>
  okData(
    await c.call(STORE_ORDER_API.submit, {
      body: { storeId: sh, kind: 'goods', lines: [{ itemId: bottle, quantity: 2 }], ...over } as never,
    }),
  ) as OrderSaved;

const view = async (c: TestClient, id: number) =>
  okData(await c.call(STORE_ORDER_API.view, { params: { id } })) as StoreOrderView;

const step = (c: TestClient, name: 'approve' | 'ship' | 'withdraw', id: number) =>
  c.call(STORE_ORDER_API[name], { body: { id } });

const stockOf = async (storeId: number, productId: number) => {
  const [row] = await t.db
    .select({ q: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, productId)));
  return row?.q ?? 0;
};

const movementsOf = (orderId: number) =>
  t.db
    .select()
    .from(stockMovement)
    .where(and(eq(stockMovement.refType, 'store_order'), eq(stockMovement.refId, orderId)));

const setConfig = (kind: string, values: Partial<typeof orderConfig.$inferInsert>) =>
  t.db
    .update(orderConfig)
    .set({ orderDays: [], minAmount: 0, franchiseCredit: false, storeTypeIds: [], ...values })
    .where(eq(orderConfig.kind, kind));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const page = routeByPath('/bookProdLstNew')!.code!;
  const { contentRoleId } = await createRole(t.db, {
    code: 'ORDER_CLERK',
    name: '订货审核员',
    contentName: '总部',
    codes: ['ZBHT-MDGL', page, ...['add', 'audit', 'receive', 'export'].map((k) => buttonCodeOf('/bookProdLstNew', k))],
  });
  const uid = await createUser(t.db, { loginName: '13900000077', password: 'clerk123', phone: '13900000077' });
  noShip = await t.signIn('13900000077', 'clerk123', await grantRole(t.db, uid, contentRoleId));
  const stores = await t.db.select({ id: store.id, code: store.code }).from(store);
  sh = stores.find((s) => s.code === 'SH001')!.id;
  gz = stores.find((s) => s.code === 'GZ001')!.id;
  await t.db.update(store).set({ ownership: 'direct', status: 'open' }).where(eq(store.id, sh));
  const [b] = await t.db
    .insert(product)
    .values({ code: 'ORD-B', name: '订货测试洗发水', unit: '瓶', mlPerUnit: 500, retailPrice: 12800, costPrice: 4200 })
    .returning({ id: product.id });
  const [x] = await t.db
    .insert(product)
    .values({ code: 'ORD-X', name: '订货测试头疗包', unit: '盒', retailPrice: 19800, costPrice: 2000 })
    .returning({ id: product.id });
  const [m] = await t.db
    .insert(material)
    .values({ code: 'WL-T1', name: '测试海报', unit: '张', price: 350 })
    .returning({ id: material.id });
  bottle = b!.id;
  box = x!.id;
  poster = m!.id;
});

afterAll(() => t.close());

describe('submission', () => {
  it('numbers the order DH + day + sequence, prices its lines at the cost price, and logs it', async () => {
    const saved = await submit(zhang, {
      lines: [
        { itemId: bottle, quantity: 2 },
        { itemId: box, quantity: 3 },
      ],
      remark: '周末活动备货',
    });
    expect(saved.orderNo).toMatch(/^DH\d{12}$/);
    expect(saved.status).toBe('submitted');
    const v = await view(zhang, saved.id);
    expect(v.order).toMatchObject({
      storeName: '上海徐汇店',
      kind: 'goods',
      total: 2 * 4200 + 3 * 2000,
      payStatus: 'unpaid',
    });
    expect(v.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['订货测试洗发水', 2, 4200, 8400],
      ['订货测试头疗包', 3, 2000, 6000],
    ]);
    expect(v.mine).toBe(true);
    expect(v.steps).toEqual([
      expect.objectContaining({ step: 'submit', label: '提交', by: '张敏', note: '周末活动备货' }),
    ]);
    const logRow = await lastOperation(t.db, 'storeOrder.submit');
    expect(logRow?.target).toBe(`store_order:${saved.id}`);
    const next = await submit(zhang);
    expect(Number(next.orderNo.slice(-4))).toBe(Number(saved.orderNo.slice(-4)) + 1);
  });

  it('refuses an empty order, a repeated product, an off-sale product and a material in a goods order', async () => {
    const empty = await zhang.call(STORE_ORDER_API.submit, {
      body: { storeId: sh, kind: 'goods', lines: [] } as never,
    });
    expect(empty.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(empty.body).lines).toBe('请至少添加一个商品');
    const twice = await zhang.call(STORE_ORDER_API.submit, {
      body: {
        storeId: sh,
        kind: 'goods',
        lines: [
          { itemId: bottle, quantity: 1 },
          { itemId: bottle, quantity: 2 },
        ],
      } as never,
    });
    expect(fieldsOf(twice.body).lines).toBe('同一商品只能出现一次');
    await t.db.update(product).set({ status: 'off' }).where(eq(product.id, box));
    const off = await zhang.call(STORE_ORDER_API.submit, {
      body: { storeId: sh, kind: 'goods', lines: [{ itemId: box, quantity: 1 }] } as never,
    });
    expect(off.body.errmsg).toBe('「订货测试头疗包」已停止订购，请移除后再提交');
    await t.db.update(product).set({ status: 'on' }).where(eq(product.id, box));
    const kind = await zhang.call(STORE_ORDER_API.submit, {
      body: { storeId: sh, kind: 'material', lines: [{ itemId: bottle, quantity: 1 }] } as never,
    });
    expect(kind.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('the state machine', () => {
  it('goes 提交 → 审核 → 发货 → 收货, and 收货 adds base units to the store stock with a movement row', async () => {
    const before = await stockOf(sh, bottle);
    const { id } = await submit(zhang);
    okData(await step(admin, 'approve', id));
    okData(await step(admin, 'ship', id));
    expect(await stockOf(sh, bottle)).toBe(before); // in transit: not in the store yet
    const done = okData(await admin.call(STORE_ORDER_API.receive, { body: { id, remark: '外箱完好' } })) as OrderSaved;
    expect(done.status).toBe('received');
    expect(await stockOf(sh, bottle)).toBe(before + 1000); // 2 bottles × 500 ml
    const moves = await movementsOf(id);
    expect(moves.map((m) => [m.productId, m.quantity, m.balanceAfter, m.kind])).toEqual([
      [bottle, 1000, before + 1000, 'orderReceive'],
    ]);
    const v = await view(admin, id);
    expect(v.order.status).toBe('received');
    expect(v.lines[0]!.receivedQty).toBe(2);
    expect(v.steps.map((s) => s.label)).toEqual(['提交', '审核', '发货', '收货']);
    expect(v.steps.at(-1)).toMatchObject({ by: '系统管理员', note: '外箱完好' });
    expect((await lastOperation(t.db, 'storeOrder.receive'))?.target).toBe(`store_order:${id}`);
  });

  it('refuses a step out of order with ORDER-40901 naming the state the order is in', async () => {
    const { id } = await submit(zhang);
    const ship = await step(admin, 'ship', id);
    expect(ship.body.errcode).toBe(ERR.ORDER_STATE_CHANGED);
    expect(ship.body.errmsg).toBe('订单状态已变化：当前为「已提交」，不能发货');
    okData(await step(admin, 'approve', id));
    const receive = await admin.call(STORE_ORDER_API.receive, { body: { id } });
    expect(receive.body.errmsg).toBe('订单状态已变化：当前为「已审核」，不能收货');
    const again = await step(admin, 'approve', id);
    expect(again.body.errmsg).toBe('订单状态已变化：当前为「已审核」，不能审核');
    expect(await movementsOf(id)).toHaveLength(0);
  });

  it('rejects with a reason; a rejected order never ships, never receives and moves no stock', async () => {
    const { id } = await submit(zhang);
    const noReason = await admin.call(STORE_ORDER_API.reject, { body: { id, reason: '  ' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(noReason.body).reason).toBe('请填写驳回原因');
    okData(await admin.call(STORE_ORDER_API.reject, { body: { id, reason: '本月已超预算' } }));
    const v = await view(zhang, id);
    expect(v.order).toMatchObject({ status: 'rejected', rejectReason: '本月已超预算' });
    expect(v.steps.at(-1)).toMatchObject({ label: '驳回', note: '本月已超预算' });
    expect((await step(admin, 'ship', id)).body.errcode).toBe(ERR.ORDER_STATE_CHANGED);
    expect((await admin.call(STORE_ORDER_API.receive, { body: { id } })).body.errcode).toBe(ERR.ORDER_STATE_CHANGED);
    expect((await step(admin, 'approve', id)).body.errmsg).toContain('已驳回');
    expect(await movementsOf(id)).toHaveLength(0);
  });

  it('receives less than ordered when told, and refuses more, or a line of another order', async () => {
    const { id } = await submit(zhang, { lines: [{ itemId: box, quantity: 3 }] });
    okData(await step(admin, 'approve', id));
    okData(await step(admin, 'ship', id));
    const lineId = (await view(admin, id)).lines[0]!.id;
    const more = await admin.call(STORE_ORDER_API.receive, { body: { id, lines: [{ lineId, receivedQty: 4 }] } });
    expect(more.body.errmsg).toBe('「订货测试头疗包」实收数量不能大于订货数量 3');
    const other = await admin.call(STORE_ORDER_API.receive, {
      body: { id, lines: [{ lineId: lineId + 999, receivedQty: 1 }] },
    });
    expect(fieldsOf(other.body).lines).toBe('收货明细不属于该订单');
    expect((await view(admin, id)).order.status).toBe('shipped'); // the refusals changed nothing
    const before = await stockOf(sh, box);
    okData(
      await admin.call(STORE_ORDER_API.receive, {
        body: { id, lines: [{ lineId, receivedQty: 1 }], remark: '少到 2 盒' },
      }),
    );
    expect(await stockOf(sh, box)).toBe(before + 1);
    expect((await view(admin, id)).lines[0]!.receivedQty).toBe(1);
  });

  it('lets two approvals race: one wins, the other gets ORDER-40901', async () => {
    const { id } = await submit(zhang);
    const results = await Promise.all([step(admin, 'approve', id), step(zhang, 'approve', id)]);
    const codes = results.map((r) => r.body.errcode).sort();
    expect(codes).toEqual([ERR.OK, ERR.ORDER_STATE_CHANGED].sort());
    const loser = results.find((r) => r.body.errcode !== ERR.OK)!;
    expect(loser.body.errmsg).toContain('已审核');
    const approvals = (await view(admin, id)).steps.filter((s) => s.step === 'approve');
    expect(approvals).toHaveLength(1);
  });

  it('lets two receipts race without moving the stock twice', async () => {
    const { id } = await submit(zhang);
    okData(await step(admin, 'approve', id));
    okData(await step(admin, 'ship', id));
    const before = await stockOf(sh, bottle);
    const results = await Promise.all([
      admin.call(STORE_ORDER_API.receive, { body: { id } }),
      zhang.call(STORE_ORDER_API.receive, { body: { id } }),
    ]);
    expect(results.filter((r) => r.body.errcode === ERR.OK)).toHaveLength(1);
    expect(await stockOf(sh, bottle)).toBe(before + 1000);
    expect(await movementsOf(id)).toHaveLength(1);
  });
});

describe('permission per step', () => {
  it('refuses 发货 to a user without the 发货 button, who may still approve and receive', async () => {
    const { id } = await submit(noShip);
    okData(await step(noShip, 'approve', id));
    const ship = await step(noShip, 'ship', id);
    expect(ship.status).toBe(403);
    expect(ship.body.errcode).toBe(ERR.FORBIDDEN);
    expect((await view(admin, id)).order.status).toBe('approved');
    const pay = await noShip.call(STORE_ORDER_API.pay, {
      body: { orderId: id, amount: 100, method: 'cash', paidAt: new Date().toISOString() },
    });
    expect(pay.body.errcode).toBe(ERR.FORBIDDEN); // 编辑 records payments
    okData(await step(admin, 'ship', id));
    okData(await noShip.call(STORE_ORDER_API.receive, { body: { id } }));
  });

  it('declares each step on its button of /bookProdLstNew', () => {
    const codeOf = (e: { access: unknown }) => (e.access as { codes: string[] }).codes;
    expect(codeOf(STORE_ORDER_API.approve)).toEqual([buttonCodeOf('/bookProdLstNew', 'audit')]);
    expect(codeOf(STORE_ORDER_API.reject)).toEqual([buttonCodeOf('/bookProdLstNew', 'audit')]);
    expect(codeOf(STORE_ORDER_API.ship)).toEqual([buttonCodeOf('/bookProdLstNew', 'ship')]);
    expect(codeOf(STORE_ORDER_API.receive)).toEqual([buttonCodeOf('/bookProdLstNew', 'receive')]);
    expect(codeOf(STORE_ORDER_API.submit)).toEqual([buttonCodeOf('/bookProdLstNew', 'add')]);
    expect(codeOf(STORE_ORDER_API.pay)).toEqual([buttonCodeOf('/bookProdLstNew', 'edit')]);
    expect(codeOf(MATERIAL_ORDER_API.ship)).toEqual([buttonCodeOf('/materialBookProdLstNew', 'ship')]);
  });
});

describe("the submitter's edit and withdrawal", () => {
  it('lets only the submitter edit a submitted order (re-priced) or withdraw it; nothing goes back after', async () => {
    const { id } = await submit(zhang);
    const notMine = await step(admin, 'withdraw', id);
    expect(notMine.body.errcode).toBe(ERR.ORDER_NOT_SUBMITTER);
    expect(notMine.body.errmsg).toBe('只有提交人可以撤回该订单');
    const adminEdit = await admin.call(STORE_ORDER_API.modify, { body: { id, lines: [{ itemId: box, quantity: 1 }] } });
    expect(adminEdit.body.errcode).toBe(ERR.ORDER_NOT_SUBMITTER);
    okData(
      await zhang.call(STORE_ORDER_API.modify, {
        body: {
          id,
          remark: '改为 5 盒',
          lines: [
            { itemId: box, quantity: 5 },
            { itemId: bottle, quantity: 1 },
          ],
        },
      }),
    );
    const v = await view(zhang, id);
    expect(v.order).toMatchObject({ total: 5 * 2000 + 4200, remark: '改为 5 盒' });
    expect(v.lines.map((l) => [l.line, l.name, l.quantity])).toEqual([
      [1, '订货测试头疗包', 5],
      [2, '订货测试洗发水', 1],
    ]);
    okData(await step(zhang, 'withdraw', id));
    expect((await view(zhang, id)).order.status).toBe('withdrawn');
    expect((await view(zhang, id)).steps.map((s) => s.label)).toEqual(['提交', '撤回']);
    const late = await zhang.call(STORE_ORDER_API.modify, { body: { id, lines: [{ itemId: box, quantity: 1 }] } });
    expect(late.body.errmsg).toBe('订单状态已变化：当前为「已撤回」，不能修改');
    expect((await step(admin, 'approve', id)).body.errcode).toBe(ERR.ORDER_STATE_CHANGED);
  });

  it('does not let the submitter withdraw an approved order', async () => {
    const { id } = await submit(zhang);
    okData(await step(admin, 'approve', id));
    const res = await step(zhang, 'withdraw', id);
    expect(res.body.errmsg).toBe('订单状态已变化：当前为「已审核」，不能撤回');
  });
});

describe('payments and the franchise rule', () => {
  let hz: number;
  beforeAll(async () => {
    const [row] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'HZ001'));
    hz = row!.id;
    await t.db.update(store).set({ ownership: 'franchise', status: 'open' }).where(eq(store.id, hz));
  });

  const pay = (id: number, amount: number, method = 'transfer') =>
    admin.call(STORE_ORDER_API.pay, {
      body: { orderId: id, amount, method, paidAt: new Date().toISOString(), voucher: '/rest/upload/files/1' },
    });

  it('ships a franchise order only once it is paid in full; payments are recorded after approval, never above what is owed', async () => {
    const { id } = await submit(zhang, { storeId: hz, lines: [{ itemId: box, quantity: 3 }] }); // 60.00
    const early = await pay(id, 1000);
    expect(early.body.errcode).toBe(ERR.ORDER_STATE_CHANGED);
    expect(early.body.errmsg).toBe('订单当前为「已提交」，审核通过后才能登记付款');
    okData(await step(admin, 'approve', id));
    const unpaid = await step(admin, 'ship', id);
    expect(unpaid.body.errcode).toBe(ERR.ORDER_UNPAID);
    expect(unpaid.body.errmsg).toBe('加盟门店须付清货款后才能发货：订单金额 ¥60.00，已付 ¥0.00');
    expect((await view(admin, id)).order.status).toBe('approved'); // the refused ship rolled back
    const part = okData(await pay(id, 2500));
    expect(part).toMatchObject({ paidAmount: 2500, payStatus: 'partial' });
    expect((await step(admin, 'ship', id)).body.errcode).toBe(ERR.ORDER_UNPAID);
    const over = await pay(id, 4000);
    expect(over.body.errcode).toBe(ERR.ORDER_OVERPAID);
    expect(over.body.errmsg).toBe('付款金额超过未付金额：尚欠 ¥35.00');
    expect(okData(await pay(id, 3500, 'wechat'))).toMatchObject({ paidAmount: 6000, payStatus: 'paid' });
    okData(await step(admin, 'ship', id));
    const v = await view(admin, id);
    expect(v.payments.map((p) => [p.amount, p.method, p.recordedBy])).toEqual([
      [2500, 'transfer', '系统管理员'],
      [3500, 'wechat', '系统管理员'],
    ]);
    expect(v.order.payStatus).toBe('paid');
    const rows = (await admin.call(STORE_ORDER_API.list, { query: { orderNo: v.order.orderNo } })).body.data;
    expect(rows.list[0]).toMatchObject({ paidAmount: 6000, payStatus: 'paid', status: 'shipped' });
  });

  it('ships a franchise order on credit when the kind allows it', async () => {
    await setConfig('goods', { franchiseCredit: true });
    try {
      const { id } = await submit(zhang, { storeId: hz, lines: [{ itemId: box, quantity: 1 }] });
      okData(await step(admin, 'approve', id));
      okData(await step(admin, 'ship', id));
    } finally {
      await setConfig('goods', {});
    }
  });

  it('refuses a payment dated in the future', async () => {
    const { id } = await submit(zhang);
    okData(await step(admin, 'approve', id));
    const res = await admin.call(STORE_ORDER_API.pay, {
      body: { orderId: id, amount: 100, method: 'cash', paidAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(fieldsOf(res.body).paidAt).toBe('付款时间不能晚于现在');
  });
});

describe('material orders', () => {
  it('orders materials on their own page; receiving them moves no product stock', async () => {
    const saved = okData(
      await zhang.call(MATERIAL_ORDER_API.submit, {
        body: { storeId: sh, kind: 'material', lines: [{ itemId: poster, quantity: 20 }] },
      }),
    ) as OrderSaved;
    const v = okData(await zhang.call(MATERIAL_ORDER_API.view, { params: { id: saved.id } })) as StoreOrderView;
    expect(v.order).toMatchObject({ kind: 'material', total: 7000 });
    expect(v.lines[0]).toMatchObject({ name: '测试海报', unit: '张', unitPrice: 350 });
    // A material order is not a goods order: the goods pages do not find it, nor the other way round.
    expect((await zhang.call(STORE_ORDER_API.view, { params: { id: saved.id } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    expect((await step(admin, 'approve', saved.id)).body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    okData(await admin.call(MATERIAL_ORDER_API.approve, { body: { id: saved.id } }));
    okData(await admin.call(MATERIAL_ORDER_API.ship, { body: { id: saved.id } }));
    okData(await admin.call(MATERIAL_ORDER_API.receive, { body: { id: saved.id } }));
    expect(await movementsOf(saved.id)).toHaveLength(0);
    const list = (await admin.call(MATERIAL_ORDER_API.list, { query: { pageSize: 100 } })).body.data;
    expect(list.list.some((r) => r.id === saved.id)).toBe(true);
    const goods = (await admin.call(STORE_ORDER_API.list, { query: { orderNo: v.order.orderNo } })).body.data;
    expect(goods.total).toBe(0);
  });

  it('orders only materials in a material order', async () => {
    const res = await zhang.call(MATERIAL_ORDER_API.submit, {
      body: { storeId: sh, kind: 'material', lines: [{ itemId: 999_999, quantity: 1 }] },
    });
    expect(fieldsOf(res.body).lines).toBe('所选物料不存在或已被删除');
  });
});

describe('the list', () => {
  it('filters by order no., status, kind, store and date, newest first', async () => {
    const a = await submit(zhang, { kind: 'aesthetic' });
    const byNo = (await admin.call(STORE_ORDER_API.list, { query: { orderNo: a.orderNo } })).body.data;
    expect(byNo.list.map((r) => r.id)).toEqual([a.id]);
    expect(byNo.list[0]).toMatchObject({
      kind: 'aesthetic',
      status: 'submitted',
      storeName: '上海徐汇店',
      regionName: '华东大区',
      lineCount: 1,
      submitterName: '张敏',
    });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const res = await admin.call(STORE_ORDER_API.list, {
      query: {
        status: 'submitted',
        kind: 'aesthetic',
        storeName: '徐汇',
        createdAtFrom: today,
        createdAtTo: today,
        pageSize: 100,
      },
    });
    const page = res.body.data;
    expect(page.list.length).toBeGreaterThan(0);
    expect(
      page.list.every((r) => r.status === 'submitted' && r.kind === 'aesthetic' && r.storeName === '上海徐汇店'),
    ).toBe(true);
    expect(page.list[0]!.id).toBe(a.id);
    const bad = await admin.call(STORE_ORDER_API.list, { query: { status: 'lost' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('has a year of demo orders in every state, their receipts in the stock, and old records', async () => {
    const yesterday = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    for (const status of ['submitted', 'approved', 'shipped', 'received', 'rejected', 'withdrawn']) {
      const res = await admin.call(STORE_ORDER_API.list, { query: { status, createdAtTo: yesterday, pageSize: 10 } });
      expect(res.body.data.total, status).toBeGreaterThan(0);
    }
    const all = (await admin.call(STORE_ORDER_API.list, { query: { pageSize: 10 } })).body.data;
    expect(all.total).toBeGreaterThan(500);
    const materials = (await admin.call(MATERIAL_ORDER_API.list, { query: { pageSize: 10 } })).body.data;
    expect(materials.total).toBeGreaterThan(20);
    // Every balance is the sum of its movements, and the last movement says so too.
    const drift = await t.db.execute(sql`
      select s.store_id, s.product_id from store_stock s
      where s.quantity <> (select coalesce(sum(m.quantity), 0) from stock_movement m
                           where m.store_id = s.store_id and m.product_id = s.product_id)
         or s.quantity <> (select m.balance_after from stock_movement m
                           where m.store_id = s.store_id and m.product_id = s.product_id order by m.id desc limit 1)`);
    expect(rowsOf(drift)).toEqual([]);
    const [moves] = rowsOf(
      await t.db.execute(sql`select count(*)::int as n from stock_movement where ref_type = 'store_order'`),
    ) as { n: number }[];
    expect(moves!.n).toBeGreaterThan(1000);
    const legacy = (await admin.call(LEGACY_ORDER_API.list, { query: { pageSize: 10 } })).body.data;
    expect(legacy.total).toBe(60);
    const first = okData(await admin.call(LEGACY_ORDER_API.detail, { params: { id: legacy.list[0]!.id } }));
    expect((first.lines as unknown[]).length).toBe(first.lineCount);
    expect(STORE_ORDER.page).toBe('/bookProdLstNew');
  });
});

describe('data scope', () => {
  it("shows a region user only their region's stores' orders, and refuses the others' on the server", async () => {
    const gzOrder = await submit(admin, { storeId: gz });
    const page = (await liqiang.call(STORE_ORDER_API.list, { query: { pageSize: 100 } })).body.data;
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.list.map((r) => r.regionName))).toEqual(new Set(['华东大区']));
    expect((await liqiang.call(STORE_ORDER_API.view, { params: { id: gzOrder.id } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    expect((await liqiang.call(STORE_ORDER_API.detail, { params: { id: gzOrder.id } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    const approve = await step(liqiang, 'approve', gzOrder.id);
    expect(approve.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    expect((await view(admin, gzOrder.id)).order.status).toBe('submitted');
    const foreign = await liqiang.call(STORE_ORDER_API.submit, {
      body: { storeId: gz, kind: 'goods', lines: [{ itemId: bottle, quantity: 1 }] },
    });
    expect(fieldsOf(foreign.body).storeId).toBe('请选择您数据范围内的门店');
    const stores = okData(await liqiang.call(STORE_ORDER_API.stores)) as { id: number }[];
    const east = await t.db
      .select({ id: store.id })
      .from(store)
      .innerJoin(region, eq(region.id, store.regionId))
      .where(eq(region.name, '华东大区'));
    const eastIds = new Set(east.map((s) => s.id));
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((s) => eastIds.has(s.id))).toBe(true);
    // In their region they act like headquarters.
    const own = await submit(liqiang);
    okData(await step(liqiang, 'approve', own.id));
  });
});

describe('the stock rollups', () => {
  it('equal a rebuild from store_stock after every stock change above, made in the same transactions', async () => {
    const check = await checkStockRollups(t.db);
    expect(check.tables.filter((x) => x.keptOnly || x.rebuiltOnly)).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
