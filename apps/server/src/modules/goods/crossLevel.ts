/**
 * Cross-level draw (/crossLevelDrawConfig): which store levels may draw (划卡) a card sold at a
 * store of another level. The page reads and saves the whole matrix; saving replaces every pair in
 * one transaction with one operation-log row. `mayDrawBetween` (over `crossLevelPairs`; by store
 * `mayDrawAtStores`) is the rule the member ledger consults.
 */
import type { MasterItem } from '@zb/contract/api/master';
import type { CrossLevelMatrix, CrossLevelPair } from '@zb/contract/entities/crossLevel';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { masterItem } from '../master/schema';
import { store } from '../stores/schema';
import { crossLevelDraw } from './schema';

const levels = (db: Db | Tx): Promise<MasterItem[]> =>
  db
    .select({ id: masterItem.id, code: masterItem.code, name: masterItem.name })
    .from(masterItem)
    .where(eq(masterItem.category, 'storeLevel'))
    .orderBy(asc(masterItem.sort), asc(masterItem.id));

const pairs = (db: Db | Tx): Promise<CrossLevelPair[]> =>
  db
    .select({ soldLevelId: crossLevelDraw.soldLevelId, drawLevelId: crossLevelDraw.drawLevelId })
    .from(crossLevelDraw)
    .orderBy(asc(crossLevelDraw.soldLevelId), asc(crossLevelDraw.drawLevelId));

export const crossLevelMatrix = async (db: Db | Tx): Promise<CrossLevelMatrix> => ({
  levels: await levels(db),
  allowed: await pairs(db),
});

/** The pairs as a person reads them in the operation log: A级→B级. */
const named = (list: readonly CrossLevelPair[], byId: Map<number, string>): string[] =>
  list.map((p) => `${byId.get(p.soldLevelId) ?? p.soldLevelId}→${byId.get(p.drawLevelId) ?? p.drawLevelId}`);

/**
 * Replaces the matrix with `allowed` (pairs of different store levels; a pair listed twice counts
 * once). A pair of one level with itself, or an id that is not a store level, is refused.
 */
export const saveCrossLevelMatrix = (db: Db, auth: Auth, allowed: readonly CrossLevelPair[]) =>
  db.transaction(async (tx) => {
    const all = await levels(tx);
    const byId = new Map(all.map((l) => [l.id, l.name]));
    const unique = new Map<string, CrossLevelPair>();
    for (const p of allowed) {
      if (!byId.has(p.soldLevelId) || !byId.has(p.drawLevelId)) throw fieldError('allowed', '门店等级不存在或已被删除');
      if (p.soldLevelId === p.drawLevelId) throw fieldError('allowed', '同等级门店之间始终可以划卡，无需设置');
      unique.set(`${p.soldLevelId}:${p.drawLevelId}`, { soldLevelId: p.soldLevelId, drawLevelId: p.drawLevelId });
    }
    const before = await pairs(tx);
    await tx.delete(crossLevelDraw);
    if (unique.size) await tx.insert(crossLevelDraw).values([...unique.values()]);
    const after = await pairs(tx);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'crossLevelDraw.save',
      target: 'crossLevelDraw',
      before: { allowed: named(before, byId) },
      after: { allowed: named(after, byId) },
    });
    return { levels: all, allowed: after };
  });

/**
 * Whether a card sold at a store of level `soldLevelId` may be drawn at a store of level
 * `drawLevelId`, given the matrix's pairs: always within one level, otherwise when the matrix
 * allows the pair. A store without a level draws only cards of its own store (the caller's
 * same-store rule), so a missing level is false here.
 */
export const mayDrawBetween = (
  allowed: readonly CrossLevelPair[],
  soldLevelId: number | null,
  drawLevelId: number | null,
): boolean => {
  if (soldLevelId === null || drawLevelId === null) return false;
  if (soldLevelId === drawLevelId) return true;
  return allowed.some((p) => p.soldLevelId === soldLevelId && p.drawLevelId === drawLevelId);
};

/** The matrix's pairs, for mayDrawBetween. */
export const crossLevelPairs = pairs;

/** mayDrawBetween over the saved matrix (read only when the two levels differ). */
export const mayDrawAcrossLevels = async (
  tx: Db | Tx,
  soldLevelId: number | null,
  drawLevelId: number | null,
): Promise<boolean> => {
  const needsMatrix = soldLevelId !== null && drawLevelId !== null && soldLevelId !== drawLevelId;
  return mayDrawBetween(needsMatrix ? await pairs(tx) : [], soldLevelId, drawLevelId);
};

/** The same rule by store: the selling store itself always draws; other stores by their levels. */
export const mayDrawAtStores = async (tx: Db | Tx, soldStoreId: number, drawStoreId: number): Promise<boolean> => {
  if (soldStoreId === drawStoreId) return true;
  const rows = await tx
    .select({ id: store.id, levelId: store.levelId })
    .from(store)
    .where(inArray(store.id, [soldStoreId, drawStoreId]));
  const level = (id: number) => rows.find((r) => r.id === id)?.levelId ?? null;
  return mayDrawAcrossLevels(tx, level(soldStoreId), level(drawStoreId));
};
