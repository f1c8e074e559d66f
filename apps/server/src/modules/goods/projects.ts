/**
 * Projects on the resource engine. Rules: the sub-type hangs under the chosen type; the products
 * a session consumes exist, appear once, and are consumed by the millilitre only when the product
 * has a volume per unit; a project on sale, or one a card, package, course or stored-value card's
 * discount names, cannot be deleted.
 */
import { PROJECT, type ProjectProductRow } from '@zb/contract/entities/project';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { masterItem } from '../master/schema';
import { refuseProjectInBundles } from './bundleRows';
import { refuseOnSale, setStatus, without } from './common';
import { cardProject, product, project, projectProduct } from './schema';

/** The sub-type must be an item of projectSubType under the type. */
const checkSubType = async (tx: Tx, typeId: unknown, subTypeId: unknown): Promise<void> => {
  if (subTypeId === null || subTypeId === undefined) return;
  const [row] = await tx
    .select({ id: masterItem.id })
    .from(masterItem)
    .where(
      and(
        eq(masterItem.id, Number(subTypeId)),
        eq(masterItem.category, 'projectSubType'),
        eq(masterItem.parentId, Number(typeId)),
      ),
    );
  if (!row) throw fieldError('subTypeId', '项目子类型须为所选项目类型下的子类型');
};

/** Checks the consumption rows against the products and writes them in place of the old ones. */
const writeProducts = async (tx: Tx, projectId: number, rows: readonly ProjectProductRow[]): Promise<void> => {
  const ids = rows.map((r) => r.productId);
  if (new Set(ids).size !== ids.length) throw fieldError('products', '同一商品只能出现一次');
  const found = ids.length
    ? await tx
        .select({ id: product.id, name: product.name, mlPerUnit: product.mlPerUnit })
        .from(product)
        .where(inArray(product.id, ids))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const r of rows) {
    const p = byId.get(r.productId);
    if (!p) throw fieldError('products', '所选商品不存在或已被删除');
    if (r.unit === 'ml' && p.mlPerUnit === null) {
      throw fieldError('products', `商品「${p.name}」未设置每单位毫升数，只能按件消耗`);
    }
  }
  await tx.delete(projectProduct).where(eq(projectProduct.projectId, projectId));
  if (rows.length) {
    await tx.insert(projectProduct).values(rows.map((r, line) => ({ projectId, ...r, line })));
  }
};

const productsJson = sql`(select coalesce(json_agg(json_build_object('productId', pp.product_id, 'quantity', pp.quantity, 'unit', pp.unit) order by pp.line), '[]'::json)
  from project_product pp where pp.project_id = "project"."id")`;

const productsText = sql<
  string | null
>`(select string_agg(p.name || ' ' || pp.quantity || case pp.unit when 'ml' then '毫升' else p.unit end, '、' order by pp.line)
  from project_product pp join product p on p.id = pp.product_id where pp.project_id = "project"."id")`;

export const projectBinding = bindResource({
  decl: PROJECT,
  table: project,
  id: project.id,
  columns: {
    products: productsJson,
    productsText,
    cardCount: sql<number>`(select count(*)::int from card_project cp where cp.project_id = "project"."id")`,
  },
  uniques: { project_code_uq: 'code' },
  service: {
    create: async ({ tx }, values) => {
      await checkSubType(tx, values.typeId, values.subTypeId);
      const [row] = await tx.insert(project).values(without(values, 'products')).returning({ id: project.id });
      await writeProducts(tx, row!.id, values.products ?? []);
      return row!.id;
    },
    update: async ({ tx }, id, values, before: Values) => {
      const typeId = values.typeId ?? before.typeId;
      const subTypeId = 'subTypeId' in values ? values.subTypeId : before.subTypeId;
      if ('typeId' in values || 'subTypeId' in values) await checkSubType(tx, typeId, subTypeId);
      const row = without(values, 'products');
      if (Object.keys(row).length) await tx.update(project).set(row).where(eq(project.id, id));
      // An optional list sent empty (null) clears it.
      if (values.products !== undefined) await writeProducts(tx, id, values.products ?? []);
    },
    remove: async ({ tx }, id, before) => {
      refuseOnSale('项目', before);
      const [used] = await tx.select({ n: count() }).from(cardProject).where(eq(cardProject.projectId, id));
      if (used && used.n > 0) {
        throw new BizError(ERR.GOODS_IN_USE, `项目「${String(before.name)}」包含在 ${used.n} 个卡项中，不能删除`);
      }
      await refuseProjectInBundles(tx, id, String(before.name));
      await tx.delete(project).where(eq(project.id, id));
    },
    batch: { onSale: setStatus(project, 'on'), offSale: setStatus(project, 'off') },
  },
});

export const projectOptions = (db: Db) =>
  db
    .select({ id: project.id, code: project.code, name: project.name, status: project.status, price: project.price })
    .from(project)
    .orderBy(asc(project.name), asc(project.id));
