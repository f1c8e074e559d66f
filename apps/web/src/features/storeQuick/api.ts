/** /storeQuickConfig calls and their TanStack Query keys. */
import { STORE_QUICK_API } from '@zb/contract/api/storeQuick';
import { call } from '../../platform/http';

export const QUICK_KEYS = {
  all: ['storeQuick'] as const,
  base: ['storeQuick', 'base'] as const,
  options: ['storeQuick', 'options'] as const,
  config: (roleId: number, storeId: number | null) => ['storeQuick', 'config', roleId, storeId ?? 0] as const,
};

export const fetchQuickBase = () => call(STORE_QUICK_API.findStoreQuickBase);
export const fetchQuickOptions = () => call(STORE_QUICK_API.findStoreQuickOptions);
export const fetchQuickConfig = (roleId: number, storeId: number | null) =>
  call(STORE_QUICK_API.findStoreQuickConfig, { query: { roleId, ...(storeId ? { storeId } : {}) } });

/** Without a store: the role's default; with one: that store's own entries (empty = back to the default). */
export const saveQuicks = (roleId: number, storeId: number | null, codes: readonly string[]) =>
  storeId
    ? call(STORE_QUICK_API.addStoreQuicks, { query: { storeId, roleId, codes: [...codes] } })
    : call(STORE_QUICK_API.addRoleQuicks, { query: { roleId, codes: [...codes] } });
