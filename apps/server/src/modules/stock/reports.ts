/**
 * The inventory reports' bindings (contract reports/stock.ts): every movement, the balance as of a day (a bound query: today's stock less the
 * movements after the day), and the stock's cost.
 */
import { STOCK_BALANCE, STOCK_COST, STOCK_MOVEMENTS } from '@zb/contract/reports/stock';
import { eq, gt, sql } from 'drizzle-orm';
import { bindReport, col } from '../../platform/report/binding';
import { dayStart, nextDayStart } from '../../platform/resource/filters';
import { storeScopeFilter } from '../../platform/scope';
import { product } from '../goods/schema';
import { masterItem } from '../master/schema';
import { store } from '../stores/schema';
import { stockMovement, storeStock } from './schema';

/** The unit store stock counts a product in: ml for goods consumed by the millilitre. */
const baseUnit = sql`case when ${product.mlPerUnit} is not null then 'ml' else ${product.unit} end`;

export const stockMovementsBinding = bindReport({
  decl: STOCK_MOVEMENTS,
  from: stockMovement,
  joins: [
    { table: store, on: eq(store.id, stockMovement.storeId) },
    { table: product, on: eq(product.id, stockMovement.productId) },
  ],
  id: stockMovement.id,
  dims: {
    storeName: store.name,
    productCode: product.code,
    productName: product.name,
    unit: baseUnit,
  },
  measures: {
    inQty: sql`greatest(${stockMovement.quantity}, 0)`,
    outQty: sql`greatest(-${stockMovement.quantity}, 0)`,
  },
  filters: {
    period: { instant: stockMovement.createdAt },
    productName: product.name,
  },
  scope: { store: stockMovement.storeId },
});

/**
 * Each store's stock of each product as of the period's start (opening) and end (closing), and
 * what came in and went out between: today's stock less the movements since. A product a store
 * never held has no store_stock row and no movement: it is not in the report.
 */
export const stockBalanceBinding = bindReport({
  decl: STOCK_BALANCE,
  from: {
    alias: 'q',
    query: ({ bind, scope }) => {
      const from = dayStart(bind('periodFrom'));
      const after = nextDayStart(bind('periodTo'));
      const m = stockMovement;
      return sql`select ${storeStock.storeId} as "storeId", ${storeStock.productId} as "productId",
          ${storeStock.quantity} - coalesce(sum(${m.quantity}), 0) as "opening",
          coalesce(sum(${m.quantity}) filter (where ${m.createdAt} < ${after} and ${m.quantity} > 0), 0) as "inQty",
          coalesce(-sum(${m.quantity}) filter (where ${m.createdAt} < ${after} and ${m.quantity} < 0), 0) as "outQty",
          ${storeStock.quantity} - coalesce(sum(${m.quantity}) filter (where ${m.createdAt} >= ${after}), 0) as "closing"
        from ${storeStock}
        left join ${m} on ${m.storeId} = ${storeStock.storeId} and ${m.productId} = ${storeStock.productId}
          and ${m.createdAt} >= ${from}
        ${(() => {
          const w = storeScopeFilter(scope, storeStock.storeId);
          return w ? sql`where ${w}` : sql.empty();
        })()}
        group by ${storeStock.storeId}, ${storeStock.productId}, ${storeStock.quantity}`;
    },
  },
  joins: [
    { table: store, on: eq(store.id, col('q', 'storeId')) },
    { table: product, on: eq(product.id, col('q', 'productId')) },
  ],
  dims: {
    storeName: store.name,
    productCode: product.code,
    productName: product.name,
    unit: baseUnit,
  },
  filters: { period: 'query', productName: product.name },
  scope: { store: col('q', 'storeId') },
});

/** Stock at cost: base units × cost price per unit (÷ ml per unit for goods counted in ml), in 分. */
const atPrice = (price: typeof product.costPrice | typeof product.retailPrice) =>
  sql`sum(round(${storeStock.quantity}::numeric * ${price} / coalesce(${product.mlPerUnit}, 1)))`;

export const stockCostBinding = bindReport({
  decl: STOCK_COST,
  from: storeStock,
  joins: [
    { table: product, on: eq(product.id, storeStock.productId), inner: true },
    { table: store, on: eq(store.id, storeStock.storeId) },
    { table: masterItem, on: eq(masterItem.id, product.onlineTypeId) },
  ],
  where: gt(storeStock.quantity, 0),
  dims: {
    storeName: store.name,
    typeId: product.onlineTypeId,
    typeName: sql`coalesce(${masterItem.name}, '未分类')`,
  },
  measures: {
    products: sql`count(distinct ${storeStock.productId})`,
    costAmount: atPrice(product.costPrice),
    retailAmount: atPrice(product.retailPrice),
  },
  filters: { typeId: product.onlineTypeId, productName: product.name },
  scope: { store: storeStock.storeId },
});

/** In-transit stock (门店在途库存) reads store orders: modules/storeOrders binds it. */
export const STOCK_REPORT_BINDINGS = [stockMovementsBinding, stockBalanceBinding, stockCostBinding] as const;
