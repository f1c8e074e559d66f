/**
 * Product packages (产品套餐) on the resource engine. Rules: a product package holds at least one
 * product, each once, with its quantity; a product put into it must be on sale (one already in it
 * may stay after it went off sale); the list shows the retail prices × quantities summed next to
 * the package price; a product package on sale cannot be deleted.
 */
import { PRODUCT_PACKAGE, type ProductQuantityRow } from '@zb/contract/entities/productPackage';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bindResource } from '../../platform/resource/binding';
import { checkPicked } from './bundleRows';
import { refuseOnSale, setStatus, without } from './common';
import { productPackage, productPackageItem } from './schema';

const writeItems = async (tx: Tx, packageId: number, rows: readonly ProductQuantityRow[], isNew: boolean) => {
  const kept = isNew
    ? new Set<number>()
    : new Set(
        (
          await tx
            .select({ id: productPackageItem.productId })
            .from(productPackageItem)
            .where(eq(productPackageItem.packageId, packageId))
        ).map((r) => r.id),
      );
  await checkPicked(
    tx,
    'product',
    'items',
    rows.map((r) => r.productId),
    kept,
  );
  await tx.delete(productPackageItem).where(eq(productPackageItem.packageId, packageId));
  if (rows.length) await tx.insert(productPackageItem).values(rows.map((r, line) => ({ packageId, ...r, line })));
};

// float8: a sum of prices × quantities may pass int4; it stays an exact integer of 分.
const listTotal = sql`(select coalesce(sum(p.retail_price::float8 * i.quantity), 0)
  from product_package_item i join product p on p.id = i.product_id where i.package_id = "product_package"."id")`;

const itemsJson = sql`(select coalesce(json_agg(json_build_object('productId', i.product_id, 'quantity', i.quantity) order by i.line), '[]'::json)
  from product_package_item i where i.package_id = "product_package"."id")`;

const itemsText = sql<string | null>`(select string_agg(p.name || ' ×' || i.quantity || p.unit, '、' order by i.line)
  from product_package_item i join product p on p.id = i.product_id where i.package_id = "product_package"."id")`;

export const productPackageBinding = bindResource({
  decl: PRODUCT_PACKAGE,
  table: productPackage,
  id: productPackage.id,
  columns: {
    listTotal,
    saving: sql`(${listTotal} - "product_package"."price")`,
    items: itemsJson,
    itemsText,
  },
  uniques: { product_package_code_uq: 'code' },
  service: {
    create: async ({ tx }, values) => {
      const [row] = await tx
        .insert(productPackage)
        .values(without(values, 'items'))
        .returning({ id: productPackage.id });
      await writeItems(tx, row!.id, values.items, true);
      return row!.id;
    },
    update: async ({ tx }, id, values) => {
      const row = without(values, 'items');
      if (Object.keys(row).length) await tx.update(productPackage).set(row).where(eq(productPackage.id, id));
      if (values.items !== undefined) await writeItems(tx, id, values.items, false);
    },
    remove: async ({ tx }, id, before) => {
      refuseOnSale('产品套餐', before);
      await tx.delete(productPackage).where(eq(productPackage.id, id));
    },
    batch: { onSale: setStatus(productPackage, 'on'), offSale: setStatus(productPackage, 'off') },
  },
});
