/** What the store pages of this module share: the store and product pickers. */
import type { ProductPick, StorePick } from '@zb/contract/entities/storesCommon';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Values } from '../../platform/resource/binding';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { product } from '../goods/schema';
import { store } from '../stores/schema';

/** Stores of the caller's scope, by code. */
export const storePicks = (db: Db, scope: DataScope): Promise<StorePick[]> =>
  db
    .select({ id: store.id, name: sql<string>`${store.name} || '（' || ${store.code} || '）'` })
    .from(store)
    .where(storeTableScope(scope))
    .orderBy(asc(store.code));

/** Every product, by name. */
export const productPicks = (db: Db): Promise<ProductPick[]> =>
  db
    .select({ id: product.id, code: product.code, name: product.name, spec: product.spec, unit: product.unit })
    .from(product)
    .orderBy(asc(product.name), asc(product.id));

/** The values without the given keys (child rows, values a service writes itself). */
export const without = (values: Values, ...keys: string[]): Values =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !keys.includes(k)));
