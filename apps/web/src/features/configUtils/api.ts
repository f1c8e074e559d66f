/** A settings page's calls (/configUtils or /otherConfig) and their TanStack Query keys. */
import { CONFIG_API, type SettingsApi } from '@zb/contract/api/configUtils';
import { call } from '../../platform/http';

export const settingKeys = (api: SettingsApi) => ({
  all: ['settings', api.page] as const,
  list: ['settings', api.page, 'list'] as const,
  history: (pageNo: number, pageSize: number) => ['settings', api.page, 'history', pageNo, pageSize] as const,
});

export const listSettings = (api: SettingsApi) => call(api.list);

export const updateSetting = (api: SettingsApi, key: string, value: number | string) =>
  call(api.update, { body: { key, value } as never });

export const settingHistory = (api: SettingsApi, pageNo: number, pageSize: number) =>
  call(api.history, { query: { pageNo, pageSize } });

export const refreshPermissions = () => call(CONFIG_API.refreshPermissions);
