/** Stores (SPEC §2.4 /storeList, §7.3 findByCode and storeStatus). */
import { STORE_API } from '@zb/contract/entities/store';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { bossOptions, findStoreByCode, regionOptions, storeBinding, storeStatuses } from './service';

export const storeRoutes = async (app: FastifyInstance) => {
  registerResource(app, storeBinding);
  route(app, STORE_API.findByCode, ({ params }, { db, signedIn }) =>
    findStoreByCode(db, signedIn().scope, (params as { code: string }).code),
  );
  route(app, STORE_API.storeStatus, () => storeStatuses());
  route(app, STORE_API.regions, (_input, { db, signedIn }) => regionOptions(db, signedIn().scope));
  route(app, STORE_API.bosses, (_input, { db }) => bossOptions(db));
};
