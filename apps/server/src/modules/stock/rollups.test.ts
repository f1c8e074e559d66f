/**
 * The stock rollups (rollups.ts) equal a rebuild from store_stock after the seed, after live
 * stock moves (new lines, a balance down to nothing, several lines of one store and type at
 * once, a refused move that changes nothing), after a product's edit of its prices, ml per unit
 * and type (through the API), and after a rebuild; and /stockCost and /stockBalance, which read
 * them, still agree with store_stock then.
 */
import { PRODUCT_API } from '@zb/contract/entities/product';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import { STOCK_BALANCE, STOCK_COST } from '@zb/contract/reports/stock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../seed/generate';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { itemId } from '../goods/testHelpers';
import { store } from '../stores/schema';
import { checkStockRollups, rebuildStockRollups } from './rollups';
import { moveStock } from './service';

let t: TestApp;
let admin: TestClient;
let storeA: number;
let storeB: number;
let bottle: number;
let box: number;

const move = (lines: { storeId: number; productId: number; pieces: number }[], refId: number) =>
  t.db.transaction((tx) => moveStock(tx, lines, { kind: 'adjust', refType: 'test', refId, userId: null }));

const expectKept = async () => {
  const check = await checkStockRollups(t.db);
  expect(check.tables).toEqual([
    { table: 'stock_store_type', keptOnly: 0, rebuiltOnly: 0 },
    { table: 'stock_product_total', keptOnly: 0, rebuiltOnly: 0 },
  ]);
  expect(check.ok).toBe(true);
};

/** /stockCost's totals and /stockBalance's count and closing total for today, from the API. */
const reports = async () => {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const cost = await admin.call(reportApi(STOCK_COST).list, { query: { pageNo: 1, pageSize: 10 } });
  const balance = await admin.call(reportApi(STOCK_BALANCE).list, {
    query: { pageNo: 1, pageSize: 10, periodFrom: day, periodTo: day },
  });
  expect(cost.body.errcode).toBe(ERR.OK);
  expect(balance.body.errcode).toBe(ERR.OK);
  const c = cost.body.data as unknown as { totals: Record<string, number> };
  const b = balance.body.data as unknown as { total: number; totals: Record<string, number> };
  return { cost: c.totals, balanceRows: b.total, closing: b.totals.closing };
};

/** The same figures straight from store_stock and the products. */
const facts = async () => {
  const [row] = rowsOf<{ products: number; cost: string; retail: string; rows: number; quantity: string }>(
    await t.db.execute(sql`select
      count(distinct s.product_id) filter (where s.quantity > 0)::int as products,
      coalesce(sum(round(s.quantity::numeric * p.cost_price / coalesce(p.ml_per_unit, 1))), 0) as cost,
      coalesce(sum(round(s.quantity::numeric * p.retail_price / coalesce(p.ml_per_unit, 1))), 0) as retail,
      count(*)::int as rows, coalesce(sum(s.quantity), 0) as quantity
      from store_stock s join product p on p.id = s.product_id`),
  );
  return {
    cost: { products: row!.products, costAmount: Number(row!.cost), retailAmount: Number(row!.retail) },
    balanceRows: row!.rows,
    closing: Number(row!.quantity),
  };
};

const expectReportsAgree = async () => {
  const [r, f] = [await reports(), await facts()];
  expect(r.cost).toMatchObject(f.cost);
  expect(r.balanceRows).toBe(f.balanceRows);
  expect(r.closing).toBe(f.closing);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const stores = await t.db.select({ id: store.id }).from(store).orderBy(store.id).limit(2);
  [storeA, storeB] = stores.map((s) => s.id) as [number, number];
  const online = await itemId(t.db, 'productOnlineType', '实物商品');
  const [b] = await t.db
    .insert(product)
    .values({ code: 'RLP-B', name: '汇总洗发水', unit: '瓶', mlPerUnit: 333, retailPrice: 9900, costPrice: 3001 })
    .returning({ id: product.id });
  const [x] = await t.db
    .insert(product)
    .values({ code: 'RLP-X', name: '汇总发膜', unit: '盒', retailPrice: 5900, costPrice: 2000, onlineTypeId: online })
    .returning({ id: product.id });
  bottle = b!.id;
  box = x!.id;
});

afterAll(() => t.close());

describe('stock rollups', () => {
  it('equal a rebuild after the seed, and the reports agree with store_stock', async () => {
    const [n] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from stock_store_type`));
    expect(n!.n, 'the demo has stock').toBeGreaterThan(0);
    await expectKept();
    await expectReportsAgree();
  });

  it('are kept by every stock move in its transaction: new lines, several at once, down to nothing', async () => {
    await move(
      [
        { storeId: storeA, productId: bottle, pieces: 3 },
        { storeId: storeA, productId: box, pieces: 2 },
        { storeId: storeB, productId: box, pieces: 5 },
      ],
      9001,
    );
    await expectKept();
    await move([{ storeId: storeA, productId: bottle, pieces: -1 }], 9002);
    await t.db.transaction((tx) =>
      moveStock(tx, [{ storeId: storeA, productId: bottle, base: -1 }], {
        kind: 'consume',
        refType: 'test',
        refId: 9003,
        userId: null,
      }),
    );
    await move([{ storeId: storeB, productId: box, pieces: -5 }], 9004);
    await expectKept();
    await expectReportsAgree();
  });

  it('are not touched by a move refused for short stock', async () => {
    const before = await t.db.execute(sql`select * from stock_store_type order by store_id, type_id`);
    await expect(move([{ storeId: storeB, productId: box, pieces: -1 }], 9005)).rejects.toMatchObject({
      errcode: ERR.STOCK_SHORT,
    });
    expect(await t.db.execute(sql`select * from stock_store_type order by store_id, type_id`)).toEqual(before);
    await expectKept();
  });

  it('follow a product’s edit of its prices, ml per unit and type', async () => {
    const res = await admin.call(PRODUCT_API.update!, {
      body: { id: box, costPrice: 2333, retailPrice: 6100, onlineTypeId: null },
    });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    await expectKept();
    const again = await admin.call(PRODUCT_API.update!, { body: { id: bottle, mlPerUnit: 250, costPrice: 2999 } });
    expect(again.body.errcode, again.body.errmsg).toBe(ERR.OK);
    await expectKept();
    // An edit of other fields leaves them as they were.
    const named = await admin.call(PRODUCT_API.update!, { body: { id: bottle, name: '汇总洗发水（新）' } });
    expect(named.body.errcode, named.body.errmsg).toBe(ERR.OK);
    await expectKept();
    await expectReportsAgree();
  });

  it('are what a rebuild makes, and a damaged rollup is found by the check', async () => {
    await t.db.execute(sql`update stock_store_type set cost_amount = cost_amount + 1 where store_id = ${storeA}`);
    const bad = await checkStockRollups(t.db);
    expect(bad.ok).toBe(false);
    expect(bad.tables[0]!.keptOnly).toBeGreaterThan(0);
    await rebuildStockRollups(t.db);
    await expectKept();
    await expectReportsAgree();
  });
});
