/**
 * Products on the resource engine. Rules: a new product goes last in the display order; a product
 * on sale, or one a project consumes or a product package or association names, cannot be deleted; 上架/下架 in batch; /productSort rewrites
 * the order of every product at once.
 */
import { PRODUCT, type ProductSortItem } from '@zb/contract/entities/product';
import { ERR } from '@zb/contract/errcodes';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { refuseProductInBundles } from './bundleRows';
import { refuseOnSale, setStatus } from './common';
import { product, projectProduct } from './schema';

export const productBinding = bindResource({
  decl: PRODUCT,
  table: product,
  id: product.id,
  columns: {
    projectCount: sql<number>`(select count(*)::int from ${projectProduct} where ${projectProduct.productId} = "product"."id")`,
  },
  uniques: { product_code_uq: 'code' },
  service: {
    create: async ({ tx }, values) => {
      const [row] = await tx
        .insert(product)
        .values({
          ...values,
          sort: sql`(select coalesce(max(${product.sort}), 0) + 1 from ${product})`,
        })
        .returning({ id: product.id });
      return row!.id;
    },
    remove: async ({ tx }, id, before) => {
      refuseOnSale('商品', before);
      const [used] = await tx.select({ n: count() }).from(projectProduct).where(eq(projectProduct.productId, id));
      if (used && used.n > 0) {
        throw new BizError(ERR.GOODS_IN_USE, `商品「${String(before.name)}」被 ${used.n} 个项目消耗，不能删除`);
      }
      await refuseProductInBundles(tx, id, String(before.name));
      await tx.delete(product).where(eq(product.id, id));
    },
    batch: { onSale: setStatus(product, 'on'), offSale: setStatus(product, 'off') },
  },
});

export const sortList = (db: Db): Promise<ProductSortItem[]> =>
  db
    .select({ id: product.id, code: product.code, name: product.name, status: product.status, sort: product.sort })
    .from(product)
    .orderBy(asc(product.sort), asc(product.id)) as Promise<ProductSortItem[]>;

/** Gives every product its place in `ids` (1, 2, 3…); `ids` must be every product once. */
export const saveSort = (db: Db, auth: Auth, ids: readonly number[]): Promise<{ count: number }> =>
  db.transaction(async (tx) => {
    const before = (await sortList(tx)).map((r) => r.id);
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== before.length || before.some((id) => !given.has(id))) {
      throw new BizError(ERR.GOODS_SORT_STALE);
    }
    await tx.execute(sql`
      update ${product} set sort = o.pos
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as o(id, pos)
      where ${product.id} = o.id and ${product.sort} <> o.pos`);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'product.sort',
      target: 'product',
      before: { order: before },
      after: { order: ids },
    });
    return { count: ids.length };
  });

export const productOptions = (db: Db) =>
  db
    .select({
      id: product.id,
      code: product.code,
      name: product.name,
      status: product.status,
      price: product.retailPrice,
      unit: product.unit,
      mlPerUnit: product.mlPerUnit,
    })
    .from(product)
    .orderBy(asc(product.name), asc(product.id));
