/**
 * A store's stock as its detail page shows it: what it holds of each product now, and the latest
 * movements (订货收货, 会员领用, 盘点调整 …) with the balance after each. Quantities are in the
 * product's base unit (contract stock.ts) and also as a person reads them (2瓶 300ml).
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParamOf } from './ids';
import { pageAccess } from './pageAccess';

/** Most movements the store's detail lists (the inventory reports hold the whole history). */
export const STOCK_MOVEMENTS_SHOWN = 50;

export interface StoreStockRow {
  productId: number;
  productCode: string;
  productName: string;
  spec: string | null;
  /** Base units (ml for goods consumed by the millilitre). */
  quantity: number;
  /** As a person reads it, e.g. 2瓶 300ml. */
  display: string;
  updatedAt: string;
}

export interface StockMovementRow {
  id: number;
  productName: string;
  kind: string;
  kindName: string;
  quantity: number;
  display: string;
  balanceAfter: number;
  balanceDisplay: string;
  refType: string;
  refId: number;
  note: string | null;
  createdAt: string;
}

export const storeStockQuery = z.object({ storeId: idParamOf('门店') });

const READ = pageAccess('/storeList');

export const STOCK_API = {
  storeStock: endpoint<z.infer<typeof storeStockQuery>, undefined, StoreStockRow[]>({
    method: 'GET',
    path: '/rest/shop/stock',
    access: READ,
    query: storeStockQuery,
    summary: '门店库存',
  }),
  storeMovements: endpoint<z.infer<typeof storeStockQuery>, undefined, StockMovementRow[]>({
    method: 'GET',
    path: '/rest/shop/stockMovements',
    access: READ,
    query: storeStockQuery,
    summary: '门店最近的出入库',
  }),
};
