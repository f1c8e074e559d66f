/** What the store pages of this module share: the product picker, the store-in-scope check (stores/service.ts has the store picker). */
import type { ProductPick } from '@zb/contract/entities/storesCommon';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import type { Values } from '../../platform/resource/binding';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { product } from '../goods/schema';
import { store } from '../stores/schema';

/** Every product, by name. */
export const productPicks = (db: Db): Promise<ProductPick[]> =>
  db
    .select({ id: product.id, code: product.code, name: product.name, spec: product.spec, unit: product.unit })
    .from(product)
    .orderBy(asc(product.name), asc(product.id));

/** A store id given in a form must be a store of the caller's scope (field error on `field`). */
export const checkStoreInScope = async (tx: Tx, scope: DataScope, storeId: unknown, field = 'storeId') => {
  if (typeof storeId !== 'number') return;
  const [row] = await tx
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.id, storeId), storeTableScope(scope)));
  if (!row) throw fieldError(field, '请选择您数据范围内的门店');
};

/** The values without the given keys (child rows, values a service writes itself). */
export const without = (values: Values, ...keys: string[]): Values =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !keys.includes(k)));
