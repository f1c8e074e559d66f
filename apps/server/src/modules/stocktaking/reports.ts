/**
 * The stocktaking reports (contract reports/stock.ts): /inventoryList, /inventoryDetail and
 * /profitLossDifferences over the counts' lines; a region sees its stores' counts.
 */
import { INVENTORY_DETAIL, INVENTORY_LIST, PROFIT_LOSS_DIFFERENCES } from '@zb/contract/reports/stock';
import { eq, sql } from 'drizzle-orm';
import { bindReport } from '../../platform/report/binding';
import { product } from '../goods/schema';
import { store } from '../stores/schema';
import { stocktakeCount, stocktakeLine, stocktakeNotice } from './schema';

const joins = [
  { table: stocktakeCount, on: eq(stocktakeCount.id, stocktakeLine.countId), inner: true },
  { table: stocktakeNotice, on: eq(stocktakeNotice.id, stocktakeCount.noticeId), inner: true },
  { table: store, on: eq(store.id, stocktakeCount.storeId), inner: true },
  { table: product, on: eq(product.id, stocktakeLine.productId), inner: true },
];
const unit = sql<string>`case when ${product.mlPerUnit} is not null then 'ml' else ${product.unit} end`;
const gain = (col: typeof stocktakeLine.diffQty | typeof stocktakeLine.diffAmount) =>
  sql`sum(greatest(${col}, 0))::bigint`;
const loss = (col: typeof stocktakeLine.diffQty | typeof stocktakeLine.diffAmount) =>
  sql`sum(least(${col}, 0))::bigint`;

export const inventoryListBinding = bindReport({
  decl: INVENTORY_LIST,
  from: stocktakeLine,
  joins,
  dims: {
    noticeId: stocktakeNotice.id,
    noticeTitle: stocktakeNotice.title,
    storeId: stocktakeCount.storeId,
    storeName: store.name,
  },
  measures: {
    counts: sql`count(distinct ${stocktakeCount.id})::int`,
    lines: sql`count(*)::int`,
    gainQty: gain(stocktakeLine.diffQty),
    gainAmount: gain(stocktakeLine.diffAmount),
    lossQty: loss(stocktakeLine.diffQty),
    lossAmount: loss(stocktakeLine.diffAmount),
    netAmount: sql`sum(${stocktakeLine.diffAmount})::bigint`,
  },
  filters: {
    period: { instant: stocktakeCount.countedAt },
    storeId: stocktakeCount.storeId,
    noticeTitle: stocktakeNotice.title,
  },
  scope: { store: stocktakeCount.storeId },
});

export const inventoryDetailBinding = bindReport({
  decl: INVENTORY_DETAIL,
  from: stocktakeLine,
  joins,
  id: stocktakeLine.id,
  dims: {
    countedAt: stocktakeCount.countedAt,
    noticeId: stocktakeNotice.id,
    noticeTitle: stocktakeNotice.title,
    storeId: stocktakeCount.storeId,
    storeName: store.name,
    productId: stocktakeLine.productId,
    productCode: product.code,
    productName: product.name,
    unit,
  },
  measures: {
    // A detail view's measures are each row's own; the engine sums them for the totals.
    bookQty: stocktakeLine.bookQty,
    countedQty: stocktakeLine.countedQty,
    diffQty: stocktakeLine.diffQty,
    diffAmount: stocktakeLine.diffAmount,
  },
  filters: {
    period: { instant: stocktakeCount.countedAt },
    noticeId: stocktakeNotice.id,
    storeId: stocktakeCount.storeId,
    productName: product.name,
  },
  scope: { store: stocktakeCount.storeId },
});

export const profitLossBinding = bindReport({
  decl: PROFIT_LOSS_DIFFERENCES,
  from: stocktakeLine,
  joins,
  dims: {
    storeId: stocktakeCount.storeId,
    storeName: store.name,
    productId: stocktakeLine.productId,
    productCode: product.code,
    productName: product.name,
    unit,
  },
  measures: {
    counts: sql`count(distinct ${stocktakeCount.id})::int`,
    bookQty: sql`sum(${stocktakeLine.bookQty})::bigint`,
    countedQty: sql`sum(${stocktakeLine.countedQty})::bigint`,
    diffQty: sql`sum(${stocktakeLine.diffQty})::bigint`,
    gainAmount: gain(stocktakeLine.diffAmount),
    lossAmount: loss(stocktakeLine.diffAmount),
    diffAmount: sql`sum(${stocktakeLine.diffAmount})::bigint`,
  },
  filters: {
    period: { instant: stocktakeCount.countedAt },
    storeId: stocktakeCount.storeId,
    productName: product.name,
  },
  scope: { store: stocktakeCount.storeId },
});

export const STOCKTAKE_REPORT_BINDINGS = [inventoryListBinding, inventoryDetailBinding, profitLossBinding] as const;
