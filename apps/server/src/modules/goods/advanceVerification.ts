/**
 * Advance verification rules (/advanceVerification) on the resource engine: one rule per project
 * or card, how many days before the booked date it may be verified, in every store or in stores of
 * given levels. `advanceDaysAllowed` is what the verification service asks.
 */
import { ADVANCE_VERIFICATION } from '@zb/contract/entities/advanceVerification';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { store } from '../stores/schema';
import { mergedRef, refColumns, refJoins, resolveRef, setEnabled, touchesRef } from './goodsRef';
import { advanceVerification as av } from './schema';

/** The scope made consistent: 指定门店等级 needs levels, 全部门店 keeps none. */
const settleScope = (merged: Values): Values => {
  if (merged.storeScope !== 'levels') return { storeLevelIds: [] };
  if (!Array.isArray(merged.storeLevelIds) || merged.storeLevelIds.length === 0) {
    throw fieldError('storeLevelIds', '请选择适用门店等级');
  }
  return {};
};

/** The id columns of the goods chosen; refuses a second rule for the same goods. */
const settleGoods = async (tx: Tx, values: Values, before?: Values & { id: number }) => {
  const { kind, id } = mergedRef(values, before);
  const { ids, goods } = await resolveRef(tx, kind, id);
  const column = kind === 'project' ? av.projectId : av.cardId;
  const [taken] = await tx
    .select({ id: av.id })
    .from(av)
    .where(and(eq(column, goods.id), before ? ne(av.id, before.id) : undefined) as SQL);
  if (taken) {
    const msg = `「${goods.name}」已有提前核销规则，请直接编辑`;
    throw new BizError(ERR.RECORD_DUPLICATE, msg, { fields: { goodsId: msg } });
  }
  return { goodsKind: kind, ...ids };
};

const without = (values: Values): Values => {
  const { goodsId: _, ...rest } = values;
  return rest;
};

export const advanceVerificationBinding = bindResource({
  decl: ADVANCE_VERIFICATION,
  table: av,
  id: av.id,
  joins: refJoins(av),
  columns: refColumns(av),
  uniques: { advance_verification_project_uq: 'goodsId', advance_verification_card_uq: 'goodsId' },
  service: {
    create: async ({ tx }, values) => {
      const row = { ...without(values), ...settleScope(values), ...(await settleGoods(tx, values)) };
      const [created] = await tx
        .insert(av)
        // Kept: settleScope/settleGoods/without here answer Values (untyped), not the declaration's.
        .values(row as typeof av.$inferInsert)
        .returning({ id: av.id });
      return created!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const row: Values = { ...without(values), ...settleScope({ ...before, ...values }) };
      if (touchesRef(values)) Object.assign(row, await settleGoods(tx, values, before));
      if (Object.keys(row).length) await tx.update(av).set(row).where(eq(av.id, id));
    },
    batch: { enable: setEnabled(av, true), disable: setEnabled(av, false) },
  },
});

/**
 * How many days before the booked date the project or card may be verified in the store: the
 * enabled rule's days when it applies to the store's level, else 0 (only on the day).
 */
export const advanceDaysAllowed = async (
  tx: Tx,
  q: { kind: 'project' | 'card'; goodsId: number; storeId: number },
): Promise<number> => {
  const [rule] = await tx
    .select({ days: av.maxDaysEarly })
    .from(av)
    .innerJoin(store, eq(store.id, q.storeId))
    .where(
      and(
        eq(q.kind === 'project' ? av.projectId : av.cardId, q.goodsId),
        eq(av.enabled, true),
        sql`(${av.storeScope} = 'all' or ${store.levelId} = any(${av.storeLevelIds}))`,
      ),
    );
  return rule?.days ?? 0;
};
