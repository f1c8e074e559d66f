/**
 * moveStock: balances in base units, one movement row per line, refusal below zero changes
 * nothing; and a store's stock and movements as its detail page reads them, within data scope.
 */
import { STOCK_API } from '@zb/contract/api/stock';
import { ERR } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../platform/errors';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { product } from '../goods/schema';
import { region, store } from '../stores/schema';
import { stockMovement, storeStock } from './schema';
import { moveStock } from './service';

let t: TestApp;
let storeId: number;
let bottle: number;
let box: number;

const balance = async (productId: number) => {
  const [row] = await t.db
    .select({ q: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, productId)));
  return row?.q ?? 0;
};

const movements = (refId: number) =>
  t.db
    .select()
    .from(stockMovement)
    .where(and(eq(stockMovement.refType, 'test'), eq(stockMovement.refId, refId)));

beforeAll(async () => {
  t = await createTestApp();
  // 上海徐汇店, in 华东大区 (李强's region).
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'SH001'));
  storeId = s!.id;
  const [b] = await t.db
    .insert(product)
    .values({ code: 'STK-B', name: '测试洗发水', unit: '瓶', mlPerUnit: 500, retailPrice: 9900, costPrice: 3000 })
    .returning({ id: product.id });
  const [x] = await t.db
    .insert(product)
    .values({ code: 'STK-X', name: '测试发膜', unit: '盒', retailPrice: 5900, costPrice: 2000 })
    .returning({ id: product.id });
  bottle = b!.id;
  box = x!.id;
});

afterAll(() => t.close());

describe('moveStock', () => {
  it('adds pieces in base units and writes one movement per line with the balance after it', async () => {
    const after = await t.db.transaction((tx) =>
      moveStock(
        tx,
        [
          { storeId, productId: bottle, pieces: 2 },
          { storeId, productId: box, pieces: 3 },
        ],
        { kind: 'orderReceive', refType: 'test', refId: 1, userId: null },
      ),
    );
    expect(after).toEqual([1000, 3]);
    expect(await balance(bottle)).toBe(1000);
    expect(await balance(box)).toBe(3);
    const rows = await movements(1);
    expect(rows.map((r) => [r.productId, r.quantity, r.balanceAfter, r.kind])).toEqual(
      expect.arrayContaining([
        [bottle, 1000, 1000, 'orderReceive'],
        [box, 3, 3, 'orderReceive'],
      ]),
    );
  });

  it('takes millilitres out of a bottle product', async () => {
    await t.db.transaction((tx) =>
      moveStock(tx, [{ storeId, productId: bottle, base: -300 }], {
        kind: 'consume',
        refType: 'test',
        refId: 2,
        userId: null,
      }),
    );
    expect(await balance(bottle)).toBe(700);
  });

  it('refuses a movement below zero with STOCK-40901 and rolls back every line of it', async () => {
    const attempt = t.db.transaction((tx) =>
      moveStock(
        tx,
        [
          { storeId, productId: box, pieces: -1 },
          { storeId, productId: bottle, pieces: -2 },
        ],
        { kind: 'memberReceive', refType: 'test', refId: 3, userId: null },
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(BizError);
    await expect(attempt).rejects.toMatchObject({ errcode: ERR.STOCK_SHORT });
    await expect(attempt).rejects.toThrow(/测试洗发水.*库存不足.*现有 1瓶 200ml，需要 2瓶/);
    expect(await balance(box)).toBe(3);
    expect(await balance(bottle)).toBe(700);
    expect(await movements(3)).toHaveLength(0);
  });
});

describe('moveStock, several lines of one product', () => {
  it('applies them in order, each movement with the balance after it', async () => {
    const after = await t.db.transaction((tx) =>
      moveStock(
        tx,
        [
          { storeId, productId: bottle, pieces: 1 },
          { storeId, productId: bottle, base: -100 },
        ],
        { kind: 'adjust', refType: 'test-many', refId: 4, userId: null },
      ),
    );
    expect(after).toEqual([1200, 1100]);
    expect(await balance(bottle)).toBe(1100);
    const rows = await t.db
      .select()
      .from(stockMovement)
      .where(and(eq(stockMovement.refType, 'test-many'), eq(stockMovement.refId, 4)));
    expect(rows.map((r) => [r.quantity, r.balanceAfter]).sort((a, b) => b[1]! - a[1]!)).toEqual([
      [500, 1200],
      [-100, 1100],
    ]);
    // Back to where the detail page's test expects the bottle.
    await t.db.transaction((tx) =>
      moveStock(tx, [{ storeId, productId: bottle, base: -400 }], {
        kind: 'adjust',
        refType: 'test-many',
        refId: 5,
        userId: null,
      }),
    );
  });
});

describe("a store's stock on its detail page", () => {
  it('lists what the store holds, as a person reads it, and its latest movements first', async () => {
    const admin = await t.signIn('admin', 'admin123');
    const res = await admin.call(STOCK_API.storeStock, { query: { storeId } });
    expect(res.body.errcode, res.raw).toBe(ERR.OK);
    const held = res.body.data.filter((r) => r.productId === bottle || r.productId === box);
    expect(held.map((r) => [r.productName, r.quantity, r.display])).toEqual([
      ['测试洗发水', 700, '1瓶 200ml'],
      ['测试发膜', 3, '3盒'],
    ]);
    const moves = await admin.call(STOCK_API.storeMovements, { query: { storeId } });
    const ours = moves.body.data.filter((m) => m.refType === 'test');
    // Newest first; the two lines of one receipt share its time and come in reverse line order.
    expect(ours.map((m) => [m.kindName, m.productName, m.display, m.balanceDisplay])).toEqual([
      ['服务消耗', '测试洗发水', '-300ml', '1瓶 200ml'],
      ['订货收货', '测试发膜', '+3盒', '3盒'],
      ['订货收货', '测试洗发水', '+2瓶', '2瓶'],
    ]);
  });

  it('answers a region user only for the stores of their region', async () => {
    const liqiang = await t.signIn(
      '13800000002',
      'region123',
      await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'),
    );
    const [south] = await t.db
      .select({ id: store.id })
      .from(store)
      .innerJoin(region, eq(region.id, store.regionId))
      .where(eq(region.name, '华南大区'))
      .limit(1);
    const refused = await liqiang.call(STOCK_API.storeStock, { query: { storeId: south!.id } });
    expect(refused.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const own = await liqiang.call(STOCK_API.storeStock, { query: { storeId } });
    expect(own.body.errcode, own.raw).toBe(ERR.OK);
    const bad = await liqiang.call(STOCK_API.storeMovements, { query: { storeId: 'x' as never } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});
