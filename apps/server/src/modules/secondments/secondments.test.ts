/**
 * 产品借调 through the open API: a lend moves the goods out of the sending store and into the
 * other as secondOut/secondIn movements; the same number again moves nothing; a return of more
 * than is owed, a store or product that does not exist, goods the store lacks, or the
 * mini-program's key are refused and change nothing; /ProductSecondmentReport shows the claim.
 */

import type { OpenSecondmentAnswer } from '@zb/contract/entities/secondment';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { reportApi } from '@zb/contract/report/api';
import { PRODUCT_SECONDMENT } from '@zb/contract/reports/stock';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost, posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { stockMovement, storeStock } from '../stock/schema';
import { store } from '../stores/schema';
import { stockSecondment } from './schema';
import { openSecondment } from './service';

let t: TestApp;
let admin: TestClient;
let bj: number;
let sh: { id: number; code: string };
let goods: { id: number; code: string; mlPerUnit: number | null }[];

const path = OPEN_PATHS.stockSecondments;
const at = () => new Date().toISOString();
type Answer = OpenSecondmentAnswer & { fields: Record<string, string> };
const post = (body: unknown, key: { appKey: string; secret: string } = DEMO_OPEN_KEYS.pos) =>
  openPost<Answer>(t.app, key, path, body);

const stockOf = async (storeId: number, productId: number) =>
  (
    await t.db
      .select({ q: storeStock.quantity })
      .from(storeStock)
      .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, productId)))
  )[0]?.q ?? 0;
const perPiece = (g: { mlPerUnit: number | null }) => g.mlPerUnit ?? 1;
const secondments = async () => (await t.db.select({ n: count() }).from(stockSecondment))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const stores = await t.db.select({ id: store.id, code: store.code }).from(store);
  bj = stores.find((s) => s.code === 'BJ001')!.id;
  sh = stores.find((s) => s.code === 'SH001')!;
  goods = await t.db
    .select({ id: product.id, code: product.code, mlPerUnit: product.mlPerUnit })
    .from(storeStock)
    .innerJoin(product, eq(product.id, storeStock.productId))
    .where(and(eq(storeStock.storeId, bj), sql`${storeStock.quantity} >= 10 * coalesce(${product.mlPerUnit}, 1)`))
    .orderBy(asc(product.id))
    .limit(2);
});
afterAll(() => t.close());

describe('a lend', () => {
  it('moves the goods out of the sender and into the borrower, once for one number', async () => {
    expect(goods).toHaveLength(2);
    const before = await Promise.all(goods.flatMap((g) => [stockOf(bj, g.id), stockOf(sh.id, g.id)]));
    const body = {
      outerNo: 'SJ-T-1',
      kind: 'lend',
      toStoreCode: sh.code,
      lines: goods.map((g, i) => ({ productCode: g.code, quantity: i + 2 })),
      at: at(),
      remark: '缺货借调',
    };
    const res = await post(body);
    expect(res.errcode, res.errmsg).toBe(ERR.OK);
    expect(res.data).toMatchObject({ kind: 'lend', fromStoreCode: 'BJ001', toStoreCode: sh.code, replayed: false });
    expect(res.data.secondmentNo).toMatch(/^SJ\d{8}$/);
    expect(res.data.owed).toEqual(goods.map((g, i) => ({ productCode: g.code, quantity: i + 2 })));
    const after = await Promise.all(goods.flatMap((g) => [stockOf(bj, g.id), stockOf(sh.id, g.id)]));
    goods.forEach((g, i) => {
      expect(after[2 * i]).toBe(before[2 * i]! - (i + 2) * perPiece(g));
      expect(after[2 * i + 1]).toBe(before[2 * i + 1]! + (i + 2) * perPiece(g));
    });
    const kinds = await t.db
      .select({ kind: stockMovement.kind, storeId: stockMovement.storeId })
      .from(stockMovement)
      .where(
        and(
          eq(stockMovement.refType, 'stock_secondment'),
          eq(stockMovement.refId, Number(res.data.secondmentNo.slice(2))),
        ),
      )
      .orderBy(asc(stockMovement.id));
    expect(kinds).toHaveLength(4);
    expect(kinds.filter((k) => k.kind === 'secondOut').every((k) => k.storeId === bj)).toBe(true);
    expect(kinds.filter((k) => k.kind === 'secondIn').every((k) => k.storeId === sh.id)).toBe(true);

    const again = await post(body);
    expect(again.data).toMatchObject({ secondmentNo: res.data.secondmentNo, replayed: true });
    expect(await Promise.all(goods.flatMap((g) => [stockOf(bj, g.id), stockOf(sh.id, g.id)]))).toEqual(after);
  });

  it('refuses what cannot be, in Chinese, and writes nothing', async () => {
    const n = await secondments();
    const stock = await stockOf(bj, goods[0]!.id);
    const base = { outerNo: 'SJ-T-BAD', kind: 'lend', toStoreCode: sh.code, at: at() };
    const line = { productCode: goods[0]!.code, quantity: 1 };
    const cases: [unknown, string, string][] = [
      [{ ...base, toStoreCode: 'NOPE', lines: [line] }, ERR.OPEN_DOCUMENT_INVALID, '门店编码 NOPE 不存在'],
      [{ ...base, toStoreCode: 'BJ001', lines: [line] }, ERR.OPEN_DOCUMENT_INVALID, '对方门店不能是本店'],
      [{ ...base, lines: [{ productCode: 'X-0', quantity: 1 }] }, ERR.OPEN_DOCUMENT_INVALID, '商品编码 X-0 不存在'],
      [{ ...base, lines: [line, line] }, ERR.OPEN_DOCUMENT_INVALID, ''],
      [{ ...base, lines: [{ ...line, quantity: 0 }] }, ERR.OPEN_DOCUMENT_INVALID, ''],
      [{ ...base, kind: 'give', lines: [line] }, ERR.OPEN_DOCUMENT_INVALID, ''],
      [{ ...base, lines: [{ ...line, quantity: 9999 }] }, ERR.STOCK_SHORT, '本店库存不足，无法借出'],
    ];
    for (const [body, errcode, text] of cases) {
      const res = await post(body);
      expect(res.errcode, JSON.stringify(body)).toBe(errcode);
      expect(res.status).toBeLessThan(500);
      expect(res.errmsg).toContain(text);
    }
    const dup = await post({ ...base, lines: [line, line] });
    expect(JSON.stringify(dup.data)).toContain('同一商品请合并为一行');
    const mini = await post({ ...base, lines: [line] }, DEMO_OPEN_KEYS.mini);
    expect(mini.errcode).not.toBe(ERR.OK);
    expect(await secondments()).toBe(n);
    expect(await stockOf(bj, goods[0]!.id)).toBe(stock);
  });
});

describe('a return', () => {
  it('gives back what is owed, never more', async () => {
    // SH001 lends BJ001 one of the goods it now holds; BJ001 gives back part, then too much.
    const g = goods[1]!;
    const shCaller = await posCaller(t.db, sh.id, 'sec-sh');
    const lent = await openSecondment(t.db, shCaller, {
      outerNo: 'SJ-SH-1',
      kind: 'lend',
      toStoreCode: 'BJ001',
      lines: [{ productCode: g.code, quantity: 3 }],
      at: at(),
    });
    expect(lent.owed).toEqual([{ productCode: g.code, quantity: 3 }]);
    const back = { outerNo: 'SJ-T-R1', kind: 'return', toStoreCode: sh.code, at: at() };
    const part = await post({ ...back, lines: [{ productCode: g.code, quantity: 2 }] });
    expect(part.errcode, part.errmsg).toBe(ERR.OK);
    expect(part.data.owed).toEqual([{ productCode: g.code, quantity: 1 }]);
    const stock = await stockOf(bj, g.id);
    const n = await secondments();
    const tooMuch = await post({ ...back, outerNo: 'SJ-T-R2', lines: [{ productCode: g.code, quantity: 2 }] });
    expect(tooMuch.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    expect(tooMuch.errmsg).toMatch(/未归还 1.*不能归还 2/);
    expect(await stockOf(bj, g.id)).toBe(stock);
    expect(await secondments()).toBe(n);
  });
});

describe('/ProductSecondmentReport', () => {
  it('shows what each store lent, got back and is still owed, per product', async () => {
    const res = await admin.call(reportApi(PRODUCT_SECONDMENT).list, {
      query: { lenderStoreId: bj, borrowerStoreId: sh.id, pageSize: 50 } as never,
    });
    expect(res.body.errcode).toBe(ERR.OK);
    const rows = res.body.data.list as Record<string, unknown>[];
    expect(rows.map((r) => [r.productCode, r.lentQty, r.returnedQty, r.owedQty]).sort()).toEqual(
      goods.map((g, i) => [g.code, i + 2, 0, i + 2]).sort(),
    );
    const back = await admin.call(reportApi(PRODUCT_SECONDMENT).list, {
      query: { lenderStoreId: sh.id, borrowerStoreId: bj, pageSize: 50 } as never,
    });
    const row = (back.body.data.list as Record<string, unknown>[]).find((r) => r.productCode === goods[1]!.code);
    expect(row).toMatchObject({ lentQty: 3, returnedQty: 2, owedQty: 1, lenderName: expect.any(String) });
  });
});
