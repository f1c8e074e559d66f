/**
 * Demo 产品借调 (/ProductSecondmentReport): stores of the same region lend each other goods they
 * hold, and some give part of it back, through the module's own service (recordSecondment), so
 * the stock movements and the claims are the real ones. Deterministic: the stores and goods with
 * the most stock, fixed quantities and days.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { product } from '../modules/goods/schema';
import { recordSecondment } from '../modules/secondments/service';
import { storeStock } from '../modules/stock/schema';
import { store } from '../modules/stores/schema';

const DAY = 86_400_000;

/** [lender index, borrower index, pieces lent of each of two goods, pieces given back of the first, days ago] */
const PLAN: readonly [number, number, number, number, number][] = [
  [0, 1, 4, 2, 40],
  [1, 0, 3, 0, 25],
  [2, 3, 5, 5, 30],
  [3, 2, 2, 1, 12],
  [0, 2, 6, 0, 6],
];

export const seedSecondments = async (tx: Tx, now: Date): Promise<void> => {
  // Whole pieces a store holds of a product (ml goods counted in their bottles).
  const pieces = sql<number>`(${storeStock.quantity} / coalesce(${product.mlPerUnit}, 1))::int`;
  const rich = await tx
    .select({ storeId: storeStock.storeId, regionId: store.regionId, n: sql<number>`count(*)::int` })
    .from(storeStock)
    .innerJoin(product, eq(product.id, storeStock.productId))
    .innerJoin(store, eq(store.id, storeStock.storeId))
    .where(sql`${pieces} >= 20`)
    .groupBy(storeStock.storeId, store.regionId)
    .orderBy(desc(sql`count(*)`), asc(storeStock.storeId))
    .limit(8);
  if (rich.length < 4) return;
  const [a, b] = [rich[0]!, rich.find((r, i) => i > 0 && r.regionId === rich[0]!.regionId) ?? rich[1]!];
  const rest = rich.filter((r) => r !== a && r !== b);
  const stores = [a, b, rest[0]!, rest[1]!];
  const codes = await tx.select({ id: store.id, code: store.code }).from(store);
  const codeOf = (id: number) => codes.find((c) => c.id === id)!.code;
  const goodsOf = async (storeId: number) =>
    tx
      .select({ code: product.code })
      .from(storeStock)
      .innerJoin(product, eq(product.id, storeStock.productId))
      .where(and(eq(storeStock.storeId, storeId), sql`${pieces} >= 20`))
      .orderBy(asc(product.id))
      .limit(2);

  let n = 0;
  const send = (fromId: number, body: Parameters<typeof recordSecondment>[2]) =>
    recordSecondment(tx, { clientId: null, storeId: fromId }, body);
  for (const [li, bi, lent, back, daysAgo] of PLAN) {
    const lender = stores[li]!.storeId;
    const borrower = stores[bi]!.storeId;
    const goods = await goodsOf(lender);
    if (goods.length === 0) continue;
    const at = new Date(now.getTime() - daysAgo * DAY);
    n += 1;
    await send(lender, {
      outerNo: `DEMO-SJ-${n}`,
      kind: 'lend',
      toStoreCode: codeOf(borrower),
      lines: goods.map((g) => ({ productCode: g.code, quantity: lent })),
      at: at.toISOString(),
      remark: '门店缺货，临时借调',
    });
    if (back === 0) continue;
    n += 1;
    await send(borrower, {
      outerNo: `DEMO-SJ-${n}`,
      kind: 'return',
      toStoreCode: codeOf(lender),
      lines: [{ productCode: goods[0]!.code, quantity: back }],
      at: new Date(at.getTime() + 3 * DAY).toISOString(),
      remark: back === lent ? '已到货，全部归还' : '部分归还',
    });
  }
};
