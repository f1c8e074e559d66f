/** A store's stock and latest movements, for its detail page; a store outside the caller's scope is not found. */
import type { StockMovementRow, StoreStockRow } from '@zb/contract/api/stock';
import { STOCK_MOVEMENTS_SHOWN } from '@zb/contract/api/stock';
import { ERR } from '@zb/contract/errcodes';
import { formatStock, STOCK_MOVEMENT_KINDS } from '@zb/contract/stock';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { product } from '../goods/schema';
import { store } from '../stores/schema';
import { stockMovement, storeStock } from './schema';

const KIND_NAME = new Map<string, string>(STOCK_MOVEMENT_KINDS.map((k) => [k.value, k.label]));

const assertStoreInScope = async (db: Db, scope: DataScope, storeId: number): Promise<void> => {
  const [row] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.id, storeId), storeTableScope(scope)));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '该门店不存在或不在您的数据范围内');
};

export const storeStockOf = async (db: Db, scope: DataScope, storeId: number): Promise<StoreStockRow[]> => {
  await assertStoreInScope(db, scope, storeId);
  const rows = await db
    .select({
      productId: product.id,
      productCode: product.code,
      productName: product.name,
      spec: product.spec,
      unit: product.unit,
      mlPerUnit: product.mlPerUnit,
      quantity: storeStock.quantity,
      updatedAt: storeStock.updatedAt,
    })
    .from(storeStock)
    .innerJoin(product, eq(product.id, storeStock.productId))
    .where(eq(storeStock.storeId, storeId))
    .orderBy(asc(product.code));
  return rows.map(({ unit, mlPerUnit, ...r }) => ({
    ...r,
    display: formatStock({ unit, mlPerUnit }, r.quantity),
    updatedAt: r.updatedAt.toISOString(),
  }));
};

export const storeMovementsOf = async (db: Db, scope: DataScope, storeId: number): Promise<StockMovementRow[]> => {
  await assertStoreInScope(db, scope, storeId);
  const rows = await db
    .select({
      id: stockMovement.id,
      productName: product.name,
      unit: product.unit,
      mlPerUnit: product.mlPerUnit,
      kind: stockMovement.kind,
      quantity: stockMovement.quantity,
      balanceAfter: stockMovement.balanceAfter,
      refType: stockMovement.refType,
      refId: stockMovement.refId,
      note: stockMovement.note,
      createdAt: stockMovement.createdAt,
    })
    .from(stockMovement)
    .innerJoin(product, eq(product.id, stockMovement.productId))
    .where(eq(stockMovement.storeId, storeId))
    .orderBy(desc(stockMovement.createdAt), desc(stockMovement.id))
    .limit(STOCK_MOVEMENTS_SHOWN);
  return rows.map(({ unit, mlPerUnit, ...r }) => ({
    ...r,
    kindName: KIND_NAME.get(r.kind) ?? r.kind,
    display: `${r.quantity > 0 ? '+' : ''}${formatStock({ unit, mlPerUnit }, r.quantity)}`,
    balanceDisplay: formatStock({ unit, mlPerUnit }, r.balanceAfter),
    createdAt: r.createdAt.toISOString(),
  }));
};
