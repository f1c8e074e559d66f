/**
 * Store levels (/storeLevel): a binding over master_item limited to category `storeLevel`, so a
 * level is one row whether /basicProps or this page edits it. A level that stores, card products
 * (适用门店), advance-verification settings or cross-level rules (跨级划卡) use can be neither
 * deleted nor disabled: the refusal says what uses it. A new level goes last unless given a place;
 * 上移/下移 renumber the order.
 */
import { STORE_LEVEL, STORE_LEVEL_CATEGORY } from '@zb/contract/entities/billConfig';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { bindResource, type WriteContext } from '../../platform/resource/binding';
import { advanceVerification, card, crossLevelDraw } from '../goods/schema';
import { store } from '../stores/schema';
import { masterItem } from './schema';
import { moveItem, orderedItemWrites } from './service';

const isLevel = eq(masterItem.category, STORE_LEVEL_CATEGORY);

const storeCount = sql<number>`(select count(*)::int from store s where s.level_id = "master_item"."id")`;
const cardCount = sql<number>`(select count(*)::int from card c where c.usable_scope = 'levels' and c.store_level_ids @> array["master_item"."id"])`;
const crossLevelCount = sql<number>`(select count(*)::int from cross_level_draw x where x.sold_level_id = "master_item"."id" or x.draw_level_id = "master_item"."id")`;

/** What uses each level, in words (none: not used). */
const usesOf = async (tx: Tx, ids: readonly number[]): Promise<Map<number, string[]>> => {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  const add = (id: number, n: number, what: string) => {
    if (n > 0) out.get(id)?.push(`${n} ${what}`);
  };
  const list = [...ids];
  for (const r of await tx
    .select({ id: store.levelId, n: sql<number>`count(*)::int` })
    .from(store)
    .where(inArray(store.levelId, list))
    .groupBy(store.levelId)) {
    add(r.id!, Number(r.n), '家门店');
  }
  for (const id of list) {
    const [c] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(card)
      .where(and(eq(card.usableScope, 'levels'), sql`${card.storeLevelIds} @> array[${id}]::int[]`));
    add(id, Number(c?.n ?? 0), '个卡项（适用门店）');
    const [a] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(advanceVerification)
      .where(sql`${advanceVerification.storeLevelIds} @> array[${id}]::int[]`);
    add(id, Number(a?.n ?? 0), '条提前核销配置');
    const [x] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(crossLevelDraw)
      .where(sql`${crossLevelDraw.soldLevelId} = ${id} or ${crossLevelDraw.drawLevelId} = ${id}`);
    add(id, Number(x?.n ?? 0), '条跨级划卡规则');
  }
  return out;
};

/** Refuses (RECORD_IN_USE) to delete or disable levels something uses, naming the level and what. */
export const refuseStoreLevelInUse = async (tx: Tx, ids: readonly number[], verb: string): Promise<void> => {
  const uses = await usesOf(tx, ids);
  for (const [id, what] of uses) {
    if (what.length === 0) continue;
    const [row] = await tx.select({ name: masterItem.name }).from(masterItem).where(eq(masterItem.id, id));
    throw new BizError(
      ERR.RECORD_IN_USE,
      `门店等级「${row?.name ?? id}」正被 ${what.join('、')} 使用，不能${verb}；请先改用其他等级`,
    );
  }
};

const setEnabled =
  (enabled: boolean) =>
  async ({ tx }: WriteContext, ids: readonly number[]): Promise<number> => {
    const chosen = (
      await tx
        .select({ id: masterItem.id })
        .from(masterItem)
        .where(and(isLevel, inArray(masterItem.id, [...ids]), ne(masterItem.enabled, enabled)))
    ).map((r) => r.id);
    if (!enabled && chosen.length) await refuseStoreLevelInUse(tx, chosen, '停用');
    if (chosen.length === 0) return 0;
    await tx.update(masterItem).set({ enabled }).where(inArray(masterItem.id, chosen));
    return chosen.length;
  };

export const storeLevelBinding = bindResource({
  decl: STORE_LEVEL,
  table: masterItem,
  id: masterItem.id,
  where: isLevel,
  columns: { storeCount, cardCount, crossLevelCount },
  uniques: { master_item_category_code_uq: 'code' },
  service: {
    ...orderedItemWrites(STORE_LEVEL_CATEGORY),
    remove: async ({ tx }, id) => {
      await refuseStoreLevelInUse(tx, [id], '删除');
      await tx.delete(masterItem).where(eq(masterItem.id, id));
    },
    batch: { enable: setEnabled(true), disable: setEnabled(false) },
  },
});

/** 上移/下移 of a store level. */
export const moveStoreLevel = (db: Db, auth: Auth, id: number, dir: 'up' | 'down'): Promise<{ count: number }> =>
  moveItem(db, auth, isLevel, id, dir, {
    what: '门店等级',
    missing: '该门店等级不存在或已被删除',
    prefix: 'storeLevel',
  });
