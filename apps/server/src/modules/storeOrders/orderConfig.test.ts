/** /orderConfiguration: the ordering rules per kind, checked at submission, and the material catalogue. */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MATERIAL_API } from '@zb/contract/entities/material';
import { ORDER_CONFIG_API, type OrderConfig } from '@zb/contract/entities/orderConfig';
import { MATERIAL_ORDER_API, STORE_ORDER_API } from '@zb/contract/entities/storeOrder';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { masterItem } from '../master/schema';
import { store } from '../stores/schema';
import { beijingDay } from './config';
import { orderConfig } from './schema';

let t: TestApp;
let admin: TestClient;
let reader: TestClient;
let sh: { id: number; typeId: number };
let productId: number;
let direct: number;
let franchise: number;

const rules = (over: Partial<OrderConfig> = {}) => ({
  kind: 'goods',
  orderDays: [],
  minAmount: 0,
  franchiseCredit: false,
  storeTypeIds: [],
  ...over,
});

const save = (c: TestClient, body: Record<string, unknown>) => c.call(ORDER_CONFIG_API.save, { body: body as never });

const submit = (quantity = 1) =>
  admin.call(STORE_ORDER_API.submit, {
    body: { storeId: sh.id, kind: 'goods', lines: [{ itemId: productId, quantity }] },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const { contentRoleId } = await createRole(t.db, {
    code: 'CONFIG_READER',
    name: '订货配置查看',
    contentName: '总部',
    codes: ['ZBHT-MDGL', routeByPath('/orderConfiguration')!.code!],
  });
  const uid = await createUser(t.db, { loginName: '13900000088', password: 'reader123', phone: '13900000088' });
  reader = await t.signIn('13900000088', 'reader123', await grantRole(t.db, uid, contentRoleId));
  const [row] = await t.db.select({ id: store.id, typeId: store.typeId }).from(store).where(eq(store.code, 'SH001'));
  sh = { id: row!.id, typeId: row!.typeId! };
  const types = await t.db.select().from(masterItem).where(eq(masterItem.category, 'storeType'));
  direct = types.find((i) => i.code === 'DIRECT')!.id;
  franchise = types.find((i) => i.code === 'FRANCHISE')!.id;
  const items = (await admin.call(STORE_ORDER_API.items)).body.data as { id: number; price: number }[];
  productId = items.find((i) => i.price > 1000)!.id;
});

beforeEach(async () => {
  await t.db.update(orderConfig).set({ orderDays: [], minAmount: 0, franchiseCredit: false, storeTypeIds: [] });
  await t.db.update(store).set({ status: 'open' }).where(eq(store.id, sh.id));
});

afterAll(() => t.close());

describe('the rules', () => {
  it('lists one row per kind; 编辑 saves a kind with an operation-log row, others may only read', async () => {
    const list = (await reader.call(ORDER_CONFIG_API.list)).body.data as OrderConfig[];
    expect(list.map((c) => c.kind)).toEqual(['goods', 'aesthetic', 'material']);
    const refused = await save(reader, rules());
    expect(refused.status).toBe(403);
    const saved = await save(
      admin,
      rules({ orderDays: [15, 1], minAmount: 50_000, storeTypeIds: [direct, franchise] }),
    );
    expect(saved.body.errcode, saved.raw).toBe(ERR.OK);
    expect(saved.body.data).toMatchObject({
      kind: 'goods',
      orderDays: [1, 15],
      minAmount: 50_000,
      storeTypeNames: '直营店、加盟店',
      updatedBy: '系统管理员',
    });
    const log = await lastOperation(t.db, 'orderConfig.update');
    expect(log?.target).toBe('order_config:goods');
    expect(log?.after).toMatchObject({ minAmount: 50_000 });
  });

  it('refuses days outside 1–31 or twice, a negative minimum, and an id that is not a store type', async () => {
    expect(fieldsOf((await save(admin, rules({ orderDays: [0] }))).body)['orderDays.0']).toBe('订货日为 1–31 日');
    expect(fieldsOf((await save(admin, rules({ orderDays: [3, 3] }))).body).orderDays).toBe('订货日不能重复');
    expect(fieldsOf((await save(admin, rules({ minAmount: -1 }))).body).minAmount).toBe('起订金额不能小于 0');
    expect(fieldsOf((await save(admin, rules({ storeTypeIds: [productId + 100_000] }))).body).storeTypeIds).toBe(
      '请选择有效的门店类型',
    );
  });
});

describe('submission against the rules', () => {
  it('refuses an order on a day that is not an ordering day', async () => {
    const today = beijingDay(new Date());
    const other = today === 1 ? 2 : 1;
    await save(admin, rules({ orderDays: [other] }));
    const res = await submit();
    expect(res.body.errcode).toBe(ERR.ORDER_RULE);
    expect(res.body.errmsg).toBe(`零售商品每月 ${other} 日可订货，今天（${today} 日）不是订货日`);
    await save(admin, rules({ orderDays: [other, today] }));
    expect((await submit()).body.errcode).toBe(ERR.OK);
  });

  it('refuses an order below the minimum amount, on the lines', async () => {
    await save(admin, rules({ minAmount: 100_000_00 }));
    const res = await submit();
    expect(res.body.errcode).toBe(ERR.ORDER_RULE);
    expect(res.body.errmsg).toMatch(/^零售商品起订金额为 ¥100,000\.00，本单 ¥[\d,.]+$/);
    expect(fieldsOf(res.body).lines).toBe(res.body.errmsg);
    // The rule is per kind: 美业产品 has none.
    const aesthetic = await admin.call(STORE_ORDER_API.submit, {
      body: { storeId: sh.id, kind: 'aesthetic', lines: [{ itemId: productId, quantity: 1 }] },
    });
    expect(aesthetic.body.errcode).toBe(ERR.OK);
  });

  it('refuses a store whose type may not order the kind, and a store that is not open', async () => {
    const others = [direct, franchise].filter((id) => id !== sh.typeId);
    await save(admin, rules({ storeTypeIds: others }));
    const res = await submit();
    expect(res.body.errcode).toBe(ERR.ORDER_RULE);
    expect(fieldsOf(res.body).storeId).toMatch(/^「上海徐汇店」的门店类型不能订零售商品（可订门店类型：.+）$/);
    await save(admin, rules());
    await t.db.update(store).set({ status: 'closed' }).where(eq(store.id, sh.id));
    const closed = await submit();
    expect(closed.body.errcode).toBe(ERR.ORDER_RULE);
    expect(closed.body.errmsg).toBe('「上海徐汇店」闭店，不能订货');
    const stores = (await admin.call(STORE_ORDER_API.stores)).body.data as { id: number }[];
    expect(stores.some((s) => s.id === sh.id)).toBe(false);
  });

  it('checks the minimum again when the submitter edits the order, but not the day', async () => {
    const saved = await submit(1);
    const id = (saved.body.data as { id: number }).id;
    const today = beijingDay(new Date());
    await save(admin, rules({ orderDays: [today === 1 ? 2 : 1], minAmount: 1_000_000_00 }));
    const edit = await admin.call(STORE_ORDER_API.modify, {
      body: { id, lines: [{ itemId: productId, quantity: 2 }] },
    });
    expect(edit.body.errcode).toBe(ERR.ORDER_RULE);
    expect(edit.body.errmsg).toContain('起订金额');
    await save(admin, rules({ orderDays: [today === 1 ? 2 : 1] }));
    const ok = await admin.call(STORE_ORDER_API.modify, { body: { id, lines: [{ itemId: productId, quantity: 2 }] } });
    expect(ok.body.errcode, ok.raw).toBe(ERR.OK);
  });
});

describe('the material catalogue', () => {
  it('adds materials (codes unique); stopped ones leave the picker; one in an order is never deleted', async () => {
    const create = (code: string) =>
      admin.call(MATERIAL_API.create!, {
        body: { code, name: '测试展架', spec: '60×160cm', unit: '个', price: 8800, status: 'on' },
      });
    const res = await create('WL-T9');
    expect(res.body.errcode, res.raw).toBe(ERR.OK);
    const id = (res.body.data as { id: number }).id;
    expect(fieldsOf((await create('WL-T9')).body).code).toBeTruthy();
    const shop = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'SH002'));
    const order = await admin.call(MATERIAL_ORDER_API.submit, {
      body: { storeId: shop[0]!.id, kind: 'material', lines: [{ itemId: id, quantity: 2 }] },
    });
    expect(order.body.errcode, order.raw).toBe(ERR.OK);
    const del = await admin.call(MATERIAL_API.delete!, { body: { ids: [id] } });
    expect(del.body.errcode).toBe(ERR.RECORD_IN_USE);
    expect((await admin.call(MATERIAL_API.update!, { body: { id, status: 'off' } })).body.errcode).toBe(ERR.OK);
    const items = (await admin.call(MATERIAL_ORDER_API.items)).body.data as { id: number }[];
    expect(items.some((i) => i.id === id)).toBe(false);
    const list = (await reader.call(MATERIAL_API.list, { query: { pageSize: 50 } })).body.data;
    expect(list.list.find((r) => r.id === id)).toMatchObject({ status: 'off', price: 8800 });
    expect((await reader.call(MATERIAL_API.create!, { body: {} })).status).toBe(403);
    expect(MATERIAL_API.create!.access).toEqual({ kind: 'codes', codes: [buttonCodeOf('/orderConfiguration', 'add')] });
  });
});
