/**
 * Moving store stock. `moveStock` is the only writer of store_stock: it runs inside the caller's
 * transaction (the one writing the business record), adds each movement to the balance with an
 * upsert that locks the (store, product) row, refuses with STOCK-40901 when a balance would go
 * below zero, and writes one stock_movement row per line with the balance after it.
 */
import { ERR } from '@zb/contract/errcodes';
import type { StockMovementKind } from '@zb/contract/stock';
import { formatStock, toBaseUnits } from '@zb/contract/stock';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { product } from '../goods/schema';
import { stockMovement, storeStock } from './schema';

export interface StockMove {
  storeId: number;
  productId: number;
  /** Signed, in the product's own unit (瓶, 盒 …); converted to the base unit here. */
  pieces?: number;
  /** Signed, already in the base unit (ml for goods consumed by the millilitre). */
  base?: number;
}

export interface StockRef {
  kind: StockMovementKind;
  refType: string;
  refId: number;
  userId: number | null;
  note?: string | null;
}

/** Applies the moves in one transaction; answers each line's balance after it (base units). */
export const moveStock = async (tx: Tx, moves: readonly StockMove[], ref: StockRef): Promise<number[]> => {
  if (moves.length === 0) return [];
  const ids = [...new Set(moves.map((m) => m.productId))];
  const products = await tx
    .select({ id: product.id, name: product.name, unit: product.unit, mlPerUnit: product.mlPerUnit })
    .from(product)
    .where(inArray(product.id, ids));
  const byId = new Map(products.map((p) => [p.id, p]));
  const balances: number[] = [];
  const rows: (typeof stockMovement.$inferInsert)[] = [];
  // A fixed order of (store, product) keeps two transactions from locking the same rows in turn.
  const ordered = moves
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.storeId - b.m.storeId || a.m.productId - b.m.productId || a.i - b.i);
  for (const { m, i } of ordered) {
    const p = byId.get(m.productId);
    if (!p) throw new BizError(ERR.PARAM_INVALID, '商品不存在或已被删除');
    const quantity = m.base ?? toBaseUnits(p, m.pieces ?? 0);
    if (quantity === 0) continue;
    const [row] = await tx
      .insert(storeStock)
      .values({ storeId: m.storeId, productId: m.productId, quantity: 0 })
      .onConflictDoUpdate({
        target: [storeStock.storeId, storeStock.productId],
        set: { updatedAt: sql`now()` },
      })
      .returning({ quantity: storeStock.quantity });
    const after = row!.quantity + quantity;
    if (after < 0) {
      throw new BizError(
        ERR.STOCK_SHORT,
        `「${p.name}」库存不足：现有 ${formatStock(p, row!.quantity)}，需要 ${formatStock(p, -quantity)}`,
      );
    }
    await tx
      .update(storeStock)
      .set({ quantity: after })
      .where(sql`${storeStock.storeId} = ${m.storeId} and ${storeStock.productId} = ${m.productId}`);
    balances[i] = after;
    rows.push({
      storeId: m.storeId,
      productId: m.productId,
      quantity,
      balanceAfter: after,
      kind: ref.kind,
      refType: ref.refType,
      refId: ref.refId,
      note: ref.note ?? null,
      createdBy: ref.userId,
    });
  }
  if (rows.length) await tx.insert(stockMovement).values(rows);
  return balances;
};

/** A store's balance of each product it has held (base units). */
export const stockOf = async (tx: Tx, storeId: number): Promise<Map<number, number>> => {
  const rows = await tx
    .select({ productId: storeStock.productId, quantity: storeStock.quantity })
    .from(storeStock)
    .where(sql`${storeStock.storeId} = ${storeId}`);
  return new Map(rows.map((r) => [r.productId, r.quantity]));
};
