/** /configUtils calls under /rest/configUtils/, /otherConfig's under /rest/otherConfig/, /shrConfig's switches under /rest/shrConfig/. */
import {
  CONFIG_API,
  OTHER_CONFIG_API,
  type SettingsApi,
  SHR_SETTINGS_API,
  SMS_SETTINGS_API,
} from '@zb/contract/api/configUtils';
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
  settingsRoutes(app, SHR_SETTINGS_API);
  settingsRoutes(app, SMS_SETTINGS_API);
  route(app, CONFIG_API.refreshPermissions, (_input, { db, signedIn }) => refreshPermissions(db, signedIn().user.id));
};
