/** /configUtils calls under /rest/configUtils/, /otherConfig calls under /rest/otherConfig/. */
import { CONFIG_API, OTHER_CONFIG_API, type SettingsApi } from '@zb/contract/api/configUtils';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { listSettings, refreshPermissions, settingHistory, updateSetting } from './service';

const settingsRoutes = (app: FastifyInstance, api: SettingsApi) => {
  route(app, api.list, (_input, { db }) => listSettings(db, api.page));
  route(app, api.update, ({ body }, { db, signedIn }) => updateSetting(db, signedIn().user.id, body.key, body.value));
  route(app, api.history, ({ query }, { db }) => settingHistory(db, api.page, query));
};

export const configUtilsRoutes = async (app: FastifyInstance) => {
  settingsRoutes(app, CONFIG_API);
  settingsRoutes(app, OTHER_CONFIG_API);
  route(app, CONFIG_API.refreshPermissions, (_input, { db, signedIn }) => refreshPermissions(db, signedIn().user.id));
};
