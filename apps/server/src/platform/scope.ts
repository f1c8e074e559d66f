/**
 * Data scope: which stores a request may read, from the chosen role's hierarchy content.
 * Headquarters (and administrators) see every store, a region role its regions' stores, a store
 * role its own stores. Store-keyed queries add `storeScopeFilter`; queries on the store table
 * itself add `storeTableScope`.
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { store } from '../modules/stores/schema';

export type DataScope =
  | { level: 'hq' }
  | { level: 'region'; regionIds: readonly number[] }
  | { level: 'store'; storeIds: readonly number[] };

export const HQ_SCOPE: DataScope = { level: 'hq' };

/** The scope a hierarchy content covers: its store, else its region, else everything. */
export const scopeOfContent = (content: { regionId: number | null; storeId: number | null }): DataScope => {
  if (content.storeId !== null) return { level: 'store', storeIds: [content.storeId] };
  if (content.regionId !== null) return { level: 'region', regionIds: [content.regionId] };
  return HQ_SCOPE;
};

/** Filter for a query on the store table; undefined means no restriction. */
export const storeTableScope = (scope: DataScope): SQL | undefined => {
  if (scope.level === 'hq') return undefined;
  if (scope.level === 'region') return inArray(store.regionId, [...scope.regionIds]);
  return inArray(store.id, [...scope.storeIds]);
};

/** Filter for a query on any table keyed by store id; undefined means no restriction. */
export const storeScopeFilter = (scope: DataScope, storeIdColumn: AnyPgColumn): SQL | undefined => {
  if (scope.level === 'hq') return undefined;
  if (scope.level === 'store') return inArray(storeIdColumn, [...scope.storeIds]);
  return sql`${storeIdColumn} in (select ${store.id} from ${store} where ${inArray(store.regionId, [...scope.regionIds])})`;
};
