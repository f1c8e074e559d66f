/**
 * Moving store stock. `moveStock` is the only writer of store_stock: it runs inside the caller's
 * transaction (the one writing the business record), locks the (store, product) rows with an
 * upsert, refuses with STOCK-40901 when a balance would go below zero, and writes the new balances
 * and one stock_movement row per line with the balance after it, and adds the change to the stock
 * rollups (rollups.ts) the inventory reports read.
 */
import { ERR } from '@zb/contract/errcodes';
import type { StockMovementKind } from '@zb/contract/stock';
import { formatStock, toBaseUnits } from '@zb/contract/stock';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { product } from '../goods/schema';
import { addToStockRollups } from './rollups';
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

/**
 * Applies the moves in one transaction, in six statements whatever the number of lines; answers
 * each line's balance after it (base units).
 */
export const moveStock = async (tx: Tx, moves: readonly StockMove[], ref: StockRef): Promise<number[]> => {
  if (moves.length === 0) return [];
  const ids = [...new Set(moves.map((m) => m.productId))];
  const products = await tx
    .select({
      id: product.id,
      name: product.name,
      unit: product.unit,
      mlPerUnit: product.mlPerUnit,
      typeId: product.onlineTypeId,
      costPrice: product.costPrice,
      retailPrice: product.retailPrice,
    })
    .from(product)
    .where(inArray(product.id, ids))
    // A product's edit reprices its stock in the rollups: it waits for this move, or this for it.
    .for('share');
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = moves.map((m, i) => {
    const p = byId.get(m.productId);
    if (!p) throw new BizError(ERR.PARAM_INVALID, '商品不存在或已被删除');
    return { ...m, i, p, quantity: m.base ?? toBaseUnits(p, m.pieces ?? 0) };
  });
  // Lines in a fixed order of (store, product): two transactions lock the same rows in the same turn.
  const ordered = lines
    .filter((l) => l.quantity !== 0)
    .sort((a, b) => a.storeId - b.storeId || a.productId - b.productId || a.i - b.i);
  if (ordered.length === 0) return lines.map(() => 0);
  const keyOf = (l: { storeId: number; productId: number }) => `${l.storeId}:${l.productId}`;
  const keys = [...new Map(ordered.map((l) => [keyOf(l), { storeId: l.storeId, productId: l.productId }])).values()];

  // Every row exists and is locked by this statement; it answers what each holds now.
  const held = await tx
    .insert(storeStock)
    .values(keys.map((k) => ({ ...k, quantity: 0 })))
    .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.productId], set: { updatedAt: sql`now()` } })
    .returning({
      storeId: storeStock.storeId,
      productId: storeStock.productId,
      quantity: storeStock.quantity,
      // A row this statement inserted has no deleting transaction id (an updated one has ours).
      inserted: sql<boolean>`(xmax = 0)`,
    });
  const balance = new Map(held.map((h) => [keyOf(h), h.quantity]));
  const before = new Map(held.map((h) => [keyOf(h), h]));

  const balances: number[] = lines.map(() => 0);
  const rows: (typeof stockMovement.$inferInsert)[] = [];
  for (const l of ordered) {
    const now = balance.get(keyOf(l)) ?? 0;
    const after = now + l.quantity;
    if (after < 0) {
      throw new BizError(
        ERR.STOCK_SHORT,
        `「${l.p.name}」库存不足：现有 ${formatStock(l.p, now)}，需要 ${formatStock(l.p, -l.quantity)}`,
      );
    }
    balance.set(keyOf(l), after);
    balances[l.i] = after;
    rows.push({
      storeId: l.storeId,
      productId: l.productId,
      quantity: l.quantity,
      balanceAfter: after,
      kind: ref.kind,
      refType: ref.refType,
      refId: ref.refId,
      note: ref.note ?? null,
      createdBy: ref.userId,
    });
  }
  const values = sql.join(
    keys.map((k) => sql`(${k.storeId}::int, ${k.productId}::int, ${balance.get(keyOf(k))!}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${storeStock} set quantity = v.quantity
    from (values ${values}) as v(store_id, product_id, quantity)
    where ${storeStock.storeId} = v.store_id and ${storeStock.productId} = v.product_id`);
  await tx.insert(stockMovement).values(rows);
  await addToStockRollups(
    tx,
    keys.map((k) => {
      const was = before.get(keyOf(k))!;
      return {
        ...k,
        product: byId.get(k.productId)!,
        inserted: was.inserted === true || String(was.inserted) === 'true',
        before: was.quantity,
        after: balance.get(keyOf(k))!,
      };
    }),
  );
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
