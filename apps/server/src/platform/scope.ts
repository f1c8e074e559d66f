/**
 * Data scope: which stores a request may read, from the chosen role's hierarchy content.
 * Headquarters (and administrators) see every store, a region role its regions' stores, a store
 * role its own stores. Store-keyed queries add `storeScopeFilter`; queries on the store table
 * itself add `storeTableScope`. A store id a caller writes must be one of their scope:
 * `checkStoreInScope` (the resource engine runs it on a binding's store column by itself).
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { store } from '../modules/stores/schema';
import { fieldError } from './errors';

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

/** The field error of a store outside the caller's data scope. */
export const OUT_OF_SCOPE_STORE = '请选择您数据范围内的门店';

/**
 * A store id given in a write (a form, a document) must be a store of the caller's scope, and
 * exist: a field error on `field` otherwise. No id (null, absent) passes: whether a row may go
 * without a store is the caller's rule.
 */
export const checkStoreInScope = async (
  tx: Db | Tx,
  scope: DataScope,
  storeId: unknown,
  field = 'storeId',
): Promise<void> => {
  if (storeId === null || storeId === undefined) return;
  if (typeof storeId !== 'number') throw fieldError(field, OUT_OF_SCOPE_STORE);
  const [row] = await tx
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.id, storeId), storeTableScope(scope)));
  if (!row) throw fieldError(field, OUT_OF_SCOPE_STORE);
};
