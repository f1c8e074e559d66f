/**
 * 产品借调: the report /ProductSecondmentReport (contract reports/stock.ts PRODUCT_SECONDMENT) over
 * the transfers' lines; the transfers themselves arrive through the open API (open.ts).
 */
import { PRODUCT_SECONDMENT } from '@zb/contract/reports/stock';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { bindReport } from '../../platform/report/binding';
import { registerReport } from '../../platform/report/register';
import { product } from '../goods/schema';
import { store } from '../stores/schema';
import { stockSecondmentLine } from './schema';

/** A store's name by its id (the engine joins each table once: the two stores of a line are read so). */
const storeNameOf = (id: AnyPgColumn) => sql`(select s.name from ${store} s where s.id = ${id})`;
const owed = sql`${stockSecondmentLine.lentQty} - ${stockSecondmentLine.returnedQty}`;

/** 产品借调: the transfers' lines as the lender's claim; a region sees what its stores lent. */
export const productSecondmentBinding = bindReport({
  decl: PRODUCT_SECONDMENT,
  from: stockSecondmentLine,
  joins: [{ table: product, on: eq(product.id, stockSecondmentLine.productId), inner: true }],
  dims: {
    lenderName: storeNameOf(stockSecondmentLine.lenderStoreId),
    borrowerName: storeNameOf(stockSecondmentLine.borrowerStoreId),
    productCode: product.code,
    productName: product.name,
    unit: product.unit,
  },
  measures: {
    lentQty: sql`sum(${stockSecondmentLine.lentQty})::int`,
    returnedQty: sql`sum(${stockSecondmentLine.returnedQty})::int`,
    owedQty: sql`sum(${owed})::int`,
    owedAmount: sql`sum((${owed})::bigint * ${product.costPrice})::bigint`,
    documents: sql`count(distinct ${stockSecondmentLine.secondmentId})::int`,
  },
  filters: {
    period: { instant: stockSecondmentLine.at },
    productName: product.name,
  },
  scope: { store: stockSecondmentLine.lenderStoreId },
});

export const secondmentRoutes = async (app: FastifyInstance) => {
  registerReport(app, productSecondmentBinding);
};
