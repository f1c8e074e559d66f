/** /configUtils calls under /rest/configUtils/. */
import { CONFIG_API } from '@zb/contract/api/configUtils';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { listSettings, refreshPermissions, settingHistory, updateSetting } from './service';

export const configUtilsRoutes = async (app: FastifyInstance) => {
  route(app, CONFIG_API.list, (_input, { db }) => listSettings(db));
  route(app, CONFIG_API.update, ({ body }, { db, signedIn }) =>
    updateSetting(db, signedIn().user.id, body.key, body.value),
  );
  route(app, CONFIG_API.history, ({ query }, { db }) => settingHistory(db, query));
  route(app, CONFIG_API.refreshPermissions, (_input, { db, signedIn }) => refreshPermissions(db, signedIn().user.id));
};
