/** Lookup lists: the enabled items of a category (or of one parent), in display order. */
import { MASTER_CATEGORIES, MASTER_PARENT, type MasterCategory, type MasterItem } from '@zb/contract/api/master';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import type { Values, WriteContext } from '../../platform/resource/binding';
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

/**
 * 上移/下移 among the items `where` selects (a category's): swaps the item with its neighbour and
 * renumbers every one 1, 2, 3…; logged as `<prefix>.sort`. Answers how many items moved.
 */
/**
 * Create and update of a resource bound to one master_item category whose order the user keeps
 * (project labels, store levels): a new item goes last unless given a place, and so does an item
 * whose place is cleared.
 */
export const orderedItemWrites = (category: string) => {
  const lastPlace = sql`(select coalesce(max(${masterItem.sort}), 0) + 1 from ${masterItem} where ${masterItem.category} = ${category})`;
  return {
    create: async ({ tx }: WriteContext, values: Values): Promise<number> => {
      const [row] = await tx
        .insert(masterItem)
        .values({
          category,
          code: String(values.code),
          name: String(values.name),
          sort: typeof values.sort === 'number' ? values.sort : lastPlace,
        })
        .returning({ id: masterItem.id });
      return row!.id;
    },
    update: async ({ tx }: WriteContext, id: number, values: Values): Promise<void> => {
      const set: Values = { ...values };
      if ('sort' in set && set.sort === null) set.sort = lastPlace;
      if (Object.keys(set).length) await tx.update(masterItem).set(set).where(eq(masterItem.id, id));
    },
  };
};

export const moveItem = (
  db: Db,
  auth: Auth,
  where: SQL,
  id: number,
  dir: 'up' | 'down',
  words: { what: string; missing: string; prefix: string },
): Promise<{ count: number }> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: masterItem.id, sort: masterItem.sort })
      .from(masterItem)
      .where(where)
      .orderBy(asc(masterItem.sort), asc(masterItem.id));
    const order = rows.map((r) => r.id);
    const at = order.indexOf(id);
    if (at < 0) throw new BizError(ERR.RECORD_NOT_FOUND, words.missing);
    const to = dir === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) {
      throw new BizError(ERR.PARAM_INVALID, dir === 'up' ? `该${words.what}已在最前面` : `该${words.what}已在最后面`);
    }
    const next = [...order];
    [next[at], next[to]] = [next[to]!, next[at]!];
    const changed = rows.filter((r) => r.sort !== next.indexOf(r.id) + 1);
    for (const r of changed) {
      await tx
        .update(masterItem)
        .set({ sort: next.indexOf(r.id) + 1 })
        .where(eq(masterItem.id, r.id));
    }
    await recordOperation(tx, {
      userId: auth.user.id,
      action: `${words.prefix}.sort`,
      target: `${words.prefix}:${id}`,
      before: { order },
      after: { order: next },
    });
    return { count: changed.length };
  });
