/** Store quick channels (SPEC §7.6) at their exact methods and paths, parameters in the query. */
import { STORE_QUICK_API } from '@zb/contract/api/storeQuick';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { quickBase, quickConfig, quickOptions, setRoleQuicks, setStoreQuicks } from './service';

export const storeQuickRoutes = async (app: FastifyInstance) => {
  route(app, STORE_QUICK_API.findStoreQuickBase, (_input, { db }) => quickBase(db));
  route(app, STORE_QUICK_API.findStoreQuickConfig, ({ query }, { db }) => quickConfig(db, query.roleId, query.storeId));
  route(app, STORE_QUICK_API.addRoleQuicks, ({ query }, { db, signedIn }) => setRoleQuicks(db, signedIn(), query));
  route(app, STORE_QUICK_API.addStoreQuicks, ({ query }, { db, signedIn }) => setStoreQuicks(db, signedIn(), query));
  route(app, STORE_QUICK_API.findStoreQuickOptions, (_input, { db }) => quickOptions(db));
};
