/** /configUtils calls and their TanStack Query keys. */
import { CONFIG_API } from '@zb/contract/api/configUtils';
import { call } from '../../platform/http';

export const CONFIG_KEYS = {
  all: ['configUtils'] as const,
  list: ['configUtils', 'list'] as const,
  history: (pageNo: number, pageSize: number) => ['configUtils', 'history', pageNo, pageSize] as const,
};

export const listSettings = () => call(CONFIG_API.list);

export const updateSetting = (key: string, value: number | string) => call(CONFIG_API.update, { body: { key, value } });

export const settingHistory = (pageNo: number, pageSize: number) =>
  call(CONFIG_API.history, { query: { pageNo, pageSize } });

export const refreshPermissions = () => call(CONFIG_API.refreshPermissions);
