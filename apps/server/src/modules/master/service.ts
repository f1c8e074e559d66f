/** Lookup lists: the enabled items of a category (or of one parent), in display order. */
import { MASTER_CATEGORIES, MASTER_PARENT, type MasterCategory, type MasterItem } from '@zb/contract/api/master';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import type { WriteContext } from '../../platform/resource/binding';
import { masterItem } from './schema';

const columns = { id: masterItem.id, code: masterItem.code, name: masterItem.name };

const select = (db: Db, where: SQL): Promise<MasterItem[]> =>
  db
    .select(columns)
    .from(masterItem)
    .where(and(where, eq(masterItem.enabled, true)))
    .orderBy(asc(masterItem.sort), asc(masterItem.id));

export const isMasterCategory = (code: string): code is MasterCategory => Object.hasOwn(MASTER_CATEGORIES, code);

/** Every enabled item of a category (sub-types of every parent included). */
export const listCategory = (db: Db, category: MasterCategory): Promise<MasterItem[]> =>
  select(db, eq(masterItem.category, category));

/** findMaster/:code: an unknown category code is a PARAM error. */
export const listByCode = (db: Db, code: string): Promise<MasterItem[]> => {
  if (!isMasterCategory(code)) throw new BizError(ERR.PARAM_INVALID, '字典类型不存在');
  return listCategory(db, code);
};

/** The sub-items of one parent; the parent must be an item of the sub-type's parent category. */
export const listChildren = async (db: Db, category: MasterCategory, parentId: number): Promise<MasterItem[]> => {
  const parentCategory = MASTER_PARENT[category];
  if (!parentCategory) throw new Error(`master: ${category} has no parent category`);
  const [parent] = await db
    .select({ id: masterItem.id })
    .from(masterItem)
    .where(and(eq(masterItem.id, parentId), eq(masterItem.category, parentCategory)));
  if (!parent) throw new BizError(ERR.PARAM_INVALID, `${MASTER_CATEGORIES[parentCategory]}不存在`);
  return select(db, and(eq(masterItem.category, category), eq(masterItem.parentId, parentId)) as SQL);
};

/** 批量启用/停用 of master items (among those `where` allows: the labels' page its labels only); answers how many changed. */
export const setItemsEnabled =
  (enabled: boolean, where?: SQL) =>
  async (ctx: WriteContext, ids: readonly number[]): Promise<number> => {
    const rows = await ctx.tx
      .update(masterItem)
      .set({ enabled })
      .where(and(where, inArray(masterItem.id, [...ids]), ne(masterItem.enabled, enabled)))
      .returning({ id: masterItem.id });
    return rows.length;
  };
