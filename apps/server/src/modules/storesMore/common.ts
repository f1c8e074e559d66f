/** What the store pages of this module share: the product picker (stores/service.ts has the store picker). */
import type { ProductPick } from '@zb/contract/entities/storesCommon';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { product } from '../goods/schema';

/** Every product, by name. */
export const productPicks = (db: Db): Promise<ProductPick[]> =>
  db
    .select({ id: product.id, code: product.code, name: product.name, spec: product.spec, unit: product.unit })
    .from(product)
    .orderBy(asc(product.name), asc(product.id));

export { without } from '../../platform/resource/binding';
