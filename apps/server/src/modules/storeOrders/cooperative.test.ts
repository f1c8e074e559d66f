/**
 * /cooperativeConfig (门店订货配置): a franchise store's terms — which goods it may order and at
 * which price tier — set under the page's 编辑 within the caller's data scope, and obeyed by goods
 * order submissions and edits (a product outside the list refused with ORDER-40001, prices at
 * the tier); a direct store, a stopped row and material orders are not concerned.
 */
import { COOPERATIVE_CONFIG_API, coopUnitPrice } from '@zb/contract/entities/cooperativeConfig';
import { type OrderSaved, STORE_ORDER_API, type StoreOrderView } from '@zb/contract/entities/storeOrder';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { fieldErrors, okData, refused } from '../goods/testHelpers';
import { store } from '../stores/schema';
import { orderConfig } from './schema';

let t: TestApp;
let zhang: TestClient;
let editor: TestClient;
let regionEditor: TestClient;
let hz = 0; // 杭州西湖店, made a franchise store here (华东)
let gz = 0; // 广州天河店 (华南), a direct store here
let shampoo = 0; // cost 42.00
let mask = 0; // cost 20.01

const submit = (c: TestClient, storeId: number, lines: { itemId: number; quantity: number }[]) =>
  c.call(STORE_ORDER_API.submit, { body: { storeId, kind: 'goods', lines } as never });

const CFG = { priceTier: 'cost', goodsScope: 'all', enabled: true };

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  const codes = ['ZBHT-JCGL', 'ZBHT-JCGL:cooperativeConfig', 'ZBHT-JCGL:cooperativeConfig:edit'];
  const hq = await createRole(t.db, { code: 'COOP_HQ', name: '订货配置', contentName: '总部', codes });
  const hqUser = await createUser(t.db, { loginName: '13800000081', phone: '13800000081', password: 'coop1234' });
  editor = await t.signIn('13800000081', 'coop1234', await grantRole(t.db, hqUser, hq.contentRoleId));
  const rg = await createRole(t.db, { code: 'COOP_RG', name: '大区订货配置', contentName: '华南大区', codes });
  const rgUser = await createUser(t.db, { loginName: '13800000082', phone: '13800000082', password: 'coop1234' });
  regionEditor = await t.signIn('13800000082', 'coop1234', await grantRole(t.db, rgUser, rg.contentRoleId));

  const stores = await t.db.select({ id: store.id, code: store.code }).from(store);
  hz = stores.find((s) => s.code === 'HZ001')!.id;
  gz = stores.find((s) => s.code === 'GZ001')!.id;
  await t.db.update(store).set({ ownership: 'franchise', status: 'open' }).where(eq(store.id, hz));
  await t.db.update(store).set({ ownership: 'direct', status: 'open' }).where(eq(store.id, gz));
  await t.db.update(orderConfig).set({ orderDays: [], minAmount: 0, storeTypeIds: [] });
  const [a] = await t.db
    .insert(product)
    .values({ code: 'COOP-A', name: '合作测试洗发水', unit: '瓶', retailPrice: 12800, costPrice: 4200 })
    .returning({ id: product.id });
  const [b] = await t.db
    .insert(product)
    .values({ code: 'COOP-B', name: '合作测试发膜', unit: '盒', retailPrice: 9800, costPrice: 2001 })
    .returning({ id: product.id });
  shampoo = a!.id;
  mask = b!.id;
});
afterAll(() => t?.close());

describe('/cooperativeConfig', () => {
  it('lists the demo terms of two franchise stores', async () => {
    const seeded = okData(await editor.call(COOPERATIVE_CONFIG_API.list, { query: { pageSize: 50 } })).list;
    expect(seeded.map((r) => r.priceTier).sort()).toEqual(['tier1', 'tier2']);
    expect(seeded.find((r) => r.priceTier === 'tier2')).toMatchObject({ goodsScope: 'listed', productCount: 6 });
  });

  it('takes a franchise store by code, once, with listed products by code; refuses what is wrong', async () => {
    expect(
      fieldErrors(await editor.call(COOPERATIVE_CONFIG_API.create!, { body: { ...CFG, storeCode: 'NOPE' } })).storeCode,
    ).toContain('不存在');
    expect(
      fieldErrors(await editor.call(COOPERATIVE_CONFIG_API.create!, { body: { ...CFG, storeCode: 'GZ001' } }))
        .storeCode,
    ).toContain('直营店');
    expect(
      fieldErrors(
        await editor.call(COOPERATIVE_CONFIG_API.create!, {
          body: { ...CFG, storeCode: 'HZ001', goodsScope: 'listed' },
        }),
      ).productCodes,
    ).toContain('请填写商品编码');
    expect(
      fieldErrors(
        await editor.call(COOPERATIVE_CONFIG_API.create!, {
          body: { ...CFG, storeCode: 'HZ001', goodsScope: 'listed', productCodes: 'COOP-A, NOPE-1' },
        }),
      ).productCodes,
    ).toContain('NOPE-1');
    const id = okData(
      await editor.call(COOPERATIVE_CONFIG_API.create!, {
        body: { ...CFG, storeCode: 'HZ001', priceTier: 'tier2', goodsScope: 'listed', productCodes: 'COOP-A' },
      }),
    ).id;
    // The order form's picker offers the store its goods at its price.
    const items = okData(await zhang.call(STORE_ORDER_API.items, { query: { storeId: hz } }));
    expect(items.map((i) => i.code)).toEqual(['COOP-A']);
    expect(items[0]!.price).toBe(coopUnitPrice(4200, 'tier2'));
    const anyStore = okData(await zhang.call(STORE_ORDER_API.items, {}));
    expect(anyStore.find((i) => i.code === 'COOP-B')?.price).toBe(2001);
    const row = okData(await editor.call(COOPERATIVE_CONFIG_API.detail, { params: { id } }));
    expect(row).toMatchObject({ storeName: '杭州西湖店', priceTier: 'tier2', productCodes: 'COOP-A', productCount: 1 });
    expect(
      fieldErrors(await editor.call(COOPERATIVE_CONFIG_API.create!, { body: { ...CFG, storeCode: 'HZ001' } }))
        .storeCode,
    ).toContain('已有');
    // Reading needs the page, writing its 编辑; a 华南 user neither sees nor sets 华东's store.
    refused(await zhang.call(COOPERATIVE_CONFIG_API.list, {}), ERR.FORBIDDEN);
    const theirs = okData(await regionEditor.call(COOPERATIVE_CONFIG_API.list, { query: { pageSize: 100 } }));
    expect(theirs.list.some((r) => r.storeName === '杭州西湖店')).toBe(false);
    refused(await regionEditor.call(COOPERATIVE_CONFIG_API.detail, { params: { id } }), ERR.RECORD_NOT_FOUND);
    expect(
      Object.values(
        fieldErrors(await regionEditor.call(COOPERATIVE_CONFIG_API.create!, { body: { ...CFG, storeCode: 'HZ001' } })),
      ).join(),
    ).toContain('数据范围');
  });

  it('store orders obey it: listed goods only, at the tier’s price; a stopped row or a direct store orders at cost', async () => {
    const refusedOrder = await submit(zhang, hz, [
      { itemId: shampoo, quantity: 1 },
      { itemId: mask, quantity: 1 },
    ]);
    expect(refusedOrder.body.errcode).toBe(ERR.ORDER_RULE);
    expect(refusedOrder.body.errmsg).toContain('「合作测试发膜」不在「杭州西湖店」的可订商品范围内');

    const saved = okData(await submit(zhang, hz, [{ itemId: shampoo, quantity: 3 }])) as OrderSaved;
    const v = okData(await zhang.call(STORE_ORDER_API.view, { params: { id: saved.id } })) as StoreOrderView;
    const tier2 = coopUnitPrice(4200, 'tier2');
    expect(tier2).toBe(4620);
    expect(v.lines[0]).toMatchObject({ unitPrice: tier2, amount: tier2 * 3 });
    expect(v.order.total).toBe(tier2 * 3);
    // The submitter's edit is priced and checked the same way.
    const edit = await zhang.call(STORE_ORDER_API.modify, {
      body: { id: saved.id, lines: [{ itemId: mask, quantity: 1 }] } as never,
    });
    expect(edit.body.errcode).toBe(ERR.ORDER_RULE);

    // All goods at 一档 (a rounding case: 20.01 × 105% = 21.01).
    const [row] = okData(await editor.call(COOPERATIVE_CONFIG_API.list, { query: { storeName: '杭州西湖店' } })).list;
    okData(
      await editor.call(COOPERATIVE_CONFIG_API.update!, {
        body: { id: row!.id, priceTier: 'tier1', goodsScope: 'all' },
      }),
    );
    const all = okData(await submit(zhang, hz, [{ itemId: mask, quantity: 2 }])) as OrderSaved;
    const va = okData(await zhang.call(STORE_ORDER_API.view, { params: { id: all.id } })) as StoreOrderView;
    expect(va.lines[0]).toMatchObject({ unitPrice: coopUnitPrice(2001, 'tier1') });
    expect(coopUnitPrice(2001, 'tier1')).toBe(2101);

    okData(await editor.call(COOPERATIVE_CONFIG_API.batch!, { body: { action: 'disable', ids: [row!.id] } }));
    const stopped = okData(await submit(zhang, hz, [{ itemId: mask, quantity: 1 }])) as OrderSaved;
    const vs = okData(await zhang.call(STORE_ORDER_API.view, { params: { id: stopped.id } })) as StoreOrderView;
    expect(vs.lines[0]).toMatchObject({ unitPrice: 2001 });
    const direct = okData(await submit(zhang, gz, [{ itemId: mask, quantity: 1 }])) as OrderSaved;
    const vd = okData(await zhang.call(STORE_ORDER_API.view, { params: { id: direct.id } })) as StoreOrderView;
    expect(vd.lines[0]).toMatchObject({ unitPrice: 2001 });
  });
});
