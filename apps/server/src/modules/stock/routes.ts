/** A store's stock and latest movements (GET /rest/shop/stock, /rest/shop/stockMovements). */
import { STOCK_API } from '@zb/contract/api/stock';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { storeMovementsOf, storeStockOf } from './reads';

export const stockRoutes = async (app: FastifyInstance) => {
  route(app, STOCK_API.storeStock, ({ query }, { db, signedIn }) => storeStockOf(db, signedIn().scope, query.storeId));
  route(app, STOCK_API.storeMovements, ({ query }, { db, signedIn }) =>
    storeMovementsOf(db, signedIn().scope, query.storeId),
  );
};
