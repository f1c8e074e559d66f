/**
 * 门店在途库存 (contract reports/stock.ts): the lines of store orders shipped and not yet
 * received, by store and product. Bound here, beside the orders (stock may not read this module).
 */
import { STOCK_IN_TRANSIT } from '@zb/contract/reports/stock';
import { eq, sql } from 'drizzle-orm';
import { bindReport } from '../../platform/report/binding';
import { product } from '../goods/schema';
import { store } from '../stores/schema';
import { storeOrder, storeOrderLine } from './schema';

export const stockInTransitBinding = bindReport({
  decl: STOCK_IN_TRANSIT,
  from: storeOrderLine,
  joins: [
    { table: storeOrder, on: eq(storeOrder.id, storeOrderLine.orderId), inner: true },
    { table: product, on: eq(product.id, storeOrderLine.productId), inner: true },
    { table: store, on: eq(store.id, storeOrder.storeId) },
  ],
  where: eq(storeOrder.status, 'shipped'),
  dims: {
    storeId: storeOrder.storeId,
    storeName: store.name,
    productId: storeOrderLine.productId,
    productCode: product.code,
    productName: product.name,
    unit: product.unit,
  },
  measures: {
    quantity: sql`sum(${storeOrderLine.quantity})`,
    amount: sql`sum(${storeOrderLine.amount})`,
    orders: sql`count(distinct ${storeOrderLine.orderId})`,
  },
  filters: {
    storeId: storeOrder.storeId,
    productName: product.name,
    kind: storeOrder.kind,
    shippedAt: { instant: storeOrder.shippedAt },
  },
  scope: { store: storeOrder.storeId },
});
