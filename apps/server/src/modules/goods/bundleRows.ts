/**
 * What packages, product packages, associations and courses share: the goods their rows name must
 * exist, appear once, and — when newly put in — be on sale; a product or project they name cannot
 * be deleted (the guards products.ts and projects.ts call).
 */
import { ERR } from '@zb/contract/errcodes';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import {
  cardProjectDiscount,
  minorCourse,
  packageProject,
  product,
  productAssociation,
  productAssociationItem,
  productPackageItem,
  project,
} from './schema';

type Kind = 'product' | 'project';

const TABLE = { product, project } as const;
const WHAT: Record<Kind, string> = { product: '商品', project: '项目' };

/**
 * Checks the ids a form's rows name: each once, each existing, and each one not already in the
 * row (`kept`) on sale — `kept: 'any'` takes goods of either status. Throws a field error on `field`.
 */
export const checkPicked = async (
  tx: Tx,
  kind: Kind,
  field: string,
  ids: readonly number[],
  kept: ReadonlySet<number> | 'any' = new Set(),
): Promise<void> => {
  const what = WHAT[kind];
  if (new Set(ids).size !== ids.length) throw fieldError(field, `同一${what}只能出现一次`);
  if (ids.length === 0) return;
  const t = TABLE[kind];
  const found = await tx
    .select({ id: t.id, name: t.name, status: t.status })
    .from(t)
    .where(inArray(t.id, [...ids]));
  if (found.length !== ids.length) throw fieldError(field, `所选${what}不存在或已被删除`);
  const off = kept === 'any' ? undefined : found.find((r) => r.status !== 'on' && !kept.has(r.id));
  if (off) throw fieldError(field, `${what}「${off.name}」已停售，不能加入`);
};

const countWhere = async (tx: Tx, table: PgTable, where: SQL): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
};

/** Refuses to delete a product that a product package or an association names. */
export const refuseProductInBundles = async (tx: Tx, id: number, name: string): Promise<void> => {
  const packages = await countWhere(tx, productPackageItem, eq(productPackageItem.productId, id));
  if (packages > 0) {
    throw new BizError(ERR.GOODS_IN_USE, `商品「${name}」包含在 ${packages} 个产品套餐中，不能删除`);
  }
  const main = await countWhere(tx, productAssociation, eq(productAssociation.mainProductId, id));
  const linked = await countWhere(tx, productAssociationItem, eq(productAssociationItem.productId, id));
  if (main + linked > 0) {
    throw new BizError(ERR.GOODS_IN_USE, `商品「${name}」设置在 ${main + linked} 组关联商品中，不能删除`);
  }
};

/** Refuses to delete a project that a package, a course or a stored-value card's discount names. */
export const refuseProjectInBundles = async (tx: Tx, id: number, name: string): Promise<void> => {
  const checks: [number, string][] = [
    [await countWhere(tx, packageProject, eq(packageProject.projectId, id)), '个套餐中'],
    [await countWhere(tx, minorCourse, eq(minorCourse.projectId, id)), '个小疗程中'],
    [await countWhere(tx, cardProjectDiscount, eq(cardProjectDiscount.projectId, id)), '张储值卡的关联项目中'],
  ];
  for (const [n, where] of checks) {
    if (n > 0) throw new BizError(ERR.GOODS_IN_USE, `项目「${name}」包含在 ${n} ${where}，不能删除`);
  }
};
