/**
 * A store's stock and latest movements (GET /rest/shop/stock, /rest/shop/stockMovements), and the
 * inventory reports (contract reports/stock.ts).
 */
import { STOCK_API } from '@zb/contract/api/stock';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { storeMovementsOf, storeStockOf } from './reads';
import { STOCK_REPORT_BINDINGS } from './reports';

export const stockRoutes = async (app: FastifyInstance) => {
  route(app, STOCK_API.storeStock, ({ query }, { db, signedIn }) => storeStockOf(db, signedIn().scope, query.storeId));
  route(app, STOCK_API.storeMovements, ({ query }, { db, signedIn }) =>
    storeMovementsOf(db, signedIn().scope, query.storeId),
  );
  for (const b of STOCK_REPORT_BINDINGS) registerReport(app, b);
};
