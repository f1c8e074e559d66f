/**
 * Associated products (关联商品) on the resource engine. Rules: the main product exists and is the
 * main product of no other association; the linked products exist, appear once, and are not the
 * main product; each has a recommended quantity. Associations have no sale status: deleting one
 * only removes the recommendation.
 */
import { PRODUCT_ASSOCIATION } from '@zb/contract/entities/productAssociation';
import type { ProductQuantityRow } from '@zb/contract/entities/productPackage';
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { checkPicked } from './bundleRows';
import { without } from './common';
import { product, productAssociation, productAssociationItem } from './schema';

const main = alias(product, 'main');

/** The main product must exist and head no other association. */
const checkMain = async (tx: Tx, mainProductId: number, self: number | null): Promise<void> => {
  const [found] = await tx.select({ id: product.id }).from(product).where(eq(product.id, mainProductId));
  if (!found) throw fieldError('mainProductId', '所选商品不存在或已被删除');
  const [other] = await tx
    .select({ id: productAssociation.id })
    .from(productAssociation)
    .where(
      and(
        eq(productAssociation.mainProductId, mainProductId),
        self === null ? undefined : ne(productAssociation.id, self),
      ),
    );
  if (other) throw fieldError('mainProductId', '该商品已设置关联商品，请编辑原有设置');
};

const writeItems = async (
  tx: Tx,
  associationId: number,
  mainProductId: number,
  rows: readonly ProductQuantityRow[],
) => {
  const ids = rows.map((r) => r.productId);
  if (ids.includes(mainProductId)) throw fieldError('items', '关联商品不能包含主商品本身');
  await checkPicked(tx, 'product', 'items', ids, 'any');
  await tx.delete(productAssociationItem).where(eq(productAssociationItem.associationId, associationId));
  if (rows.length) {
    await tx.insert(productAssociationItem).values(rows.map((r, line) => ({ associationId, ...r, line })));
  }
};

const itemsJson = sql`(select coalesce(json_agg(json_build_object('productId', i.product_id, 'quantity', i.quantity) order by i.line), '[]'::json)
  from product_association_item i where i.association_id = "product_association"."id")`;

const itemsText = sql<string | null>`(select string_agg(p.name || ' ×' || i.quantity || p.unit, '、' order by i.line)
  from product_association_item i join product p on p.id = i.product_id where i.association_id = "product_association"."id")`;

export const associationBinding = bindResource({
  decl: PRODUCT_ASSOCIATION,
  table: productAssociation,
  id: productAssociation.id,
  columns: {
    mainProductCode: main.code,
    mainProductName: main.name,
    items: itemsJson,
    itemsText,
    itemCount: sql<number>`(select count(*)::int from product_association_item i where i.association_id = "product_association"."id")`,
  },
  joins: [{ table: main, on: eq(main.id, productAssociation.mainProductId) }],
  uniques: { product_association_main_uq: 'mainProductId' },
  service: {
    create: async ({ tx }, values) => {
      const mainProductId = values.mainProductId;
      await checkMain(tx, mainProductId, null);
      const [row] = await tx
        .insert(productAssociation)
        .values(without(values, 'items'))
        .returning({ id: productAssociation.id });
      await writeItems(tx, row!.id, mainProductId, values.items);
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const mainProductId = values.mainProductId ?? before.mainProductId;
      if (values.mainProductId !== undefined) await checkMain(tx, mainProductId, id);
      const row = without(values, 'items');
      if (Object.keys(row).length) await tx.update(productAssociation).set(row).where(eq(productAssociation.id, id));
      if (values.items !== undefined) {
        await writeItems(tx, id, mainProductId, values.items);
      } else if (values.mainProductId !== undefined) {
        // A new main product may not be one of the linked products already there.
        const [clash] = await tx
          .select({ id: productAssociationItem.productId })
          .from(productAssociationItem)
          .where(
            and(eq(productAssociationItem.associationId, id), eq(productAssociationItem.productId, mainProductId)),
          );
        if (clash) throw fieldError('items', '关联商品不能包含主商品本身');
      }
    },
  },
});
