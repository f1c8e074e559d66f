/**
 * Real-card activities: saveActivityRealCard (create, and update within what the state allows),
 * the steps 提交审核 → 通过 / 驳回, 停用, 作废 of cards, and the list on the resource engine.
 * Every write is one transaction with its operation-log row. A step or edit is a conditional update
 * on the state it starts from: of two users acting at once one wins, the other gets ACT-40901 naming
 * the state the activity is in now.
 *
 * Activities are head office's: they hold no store, so there is no data scope; the codes of
 * /activityList decide who reads and writes them.
 */

import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  ACTIVITY_EDITABLE,
  ACTIVITY_STEPS,
  type ActivityCardOption,
  type ActivitySaved,
  type ActivityStatus,
  type ActivityStep,
  activityStatusLabel,
  MARKETING_ACTIVITY,
  type RealCardActivityForm,
  type RealCardActivityView,
} from '@zb/contract/entities/marketingActivity';
import { ERR } from '@zb/contract/errcodes';
import type { OperationVerb } from '@zb/contract/operationLog';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { findRow } from '../../platform/resource/query';
import { HQ_SCOPE } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { card } from '../goods/schema';
import { countCards, generateCards } from './realCards';
import { marketingActivity, marketingRealCard } from './schema';

const NOT_FOUND = '该营销活动不存在或已被删除';

const creator = alias(userAccount, 'creator');

const cardCount = (status: string) =>
  sql<number>`(select count(*)::int from marketing_real_card c where c.activity_id = "marketing_activity"."id" and c.status = ${status})`;

/** /activityList: read, 导出, and 删除 of activities whose cards cannot have been printed. */
export const activityBinding = bindResource({
  decl: MARKETING_ACTIVITY,
  table: marketingActivity,
  id: marketingActivity.id,
  columns: {
    cardName: card.name,
    claimedCount: cardCount('claimed'),
    voidedCount: cardCount('voided'),
    createdByName: creator.nickname,
  },
  joins: [
    { table: card, on: eq(card.id, marketingActivity.cardId) },
    { table: creator, on: eq(creator.id, marketingActivity.createdBy) },
  ],
  service: {
    remove: async ({ tx }, id, before) => {
      const rows = await tx
        .delete(marketingActivity)
        .where(and(eq(marketingActivity.id, id), inArray(marketingActivity.status, ['draft', 'rejected'])))
        .returning({ id: marketingActivity.id });
      if (rows.length === 0) {
        throw new BizError(
          ERR.ACTIVITY_STATE_CHANGED,
          `活动「${String(before.name)}」${activityStatusLabel(String(before.status))}，不能删除（只有草稿或已驳回的活动可以删除）`,
        );
      }
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Reading.

interface ActivityRow {
  id: number;
  code: string;
  name: string;
  status: ActivityStatus;
  cardId: number | null;
  quantity: number | null;
  startDate: string;
  endDate: string;
  remark: string | null;
}

const loadActivity = async (tx: Db | Tx, id: number): Promise<ActivityRow> => {
  const [row] = await tx
    .select({
      id: marketingActivity.id,
      code: marketingActivity.code,
      name: marketingActivity.name,
      status: marketingActivity.status,
      cardId: marketingActivity.cardId,
      quantity: marketingActivity.quantity,
      startDate: marketingActivity.startDate,
      endDate: marketingActivity.endDate,
      remark: marketingActivity.remark,
    })
    .from(marketingActivity)
    .where(and(eq(marketingActivity.id, id), eq(marketingActivity.kind, 'realCard')));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  return row as ActivityRow;
};

export const stateError = (status: string | undefined, doing: string): BizError =>
  new BizError(
    ERR.ACTIVITY_STATE_CHANGED,
    status ? `活动状态已变化：当前为「${activityStatusLabel(status)}」，不能${doing}` : `活动状态已变化，不能${doing}`,
  );

const snapshot = (tx: Tx, id: number) => findRow(tx, activityBinding, HQ_SCOPE, id);

const log = async (
  tx: Tx,
  auth: Auth,
  id: number,
  action: OperationVerb,
  before: Values | undefined,
  extra?: Values,
) => {
  const after = await snapshot(tx, id);
  await recordOperation(tx, {
    userId: auth.user.id,
    action: `marketingActivity.${action}`,
    target: `marketing_activity:${id}`,
    before: before ?? null,
    after: extra ? { ...after, ...extra } : after,
  });
};

export const viewActivity = async (db: Db, id: number): Promise<RealCardActivityView> => {
  const approver = alias(userAccount, 'approver');
  const [row] = await db
    .select({
      a: marketingActivity,
      cardName: card.name,
      cardKind: card.kind,
      createdByName: creator.nickname,
      approvedByName: approver.nickname,
    })
    .from(marketingActivity)
    .leftJoin(card, eq(card.id, marketingActivity.cardId))
    .leftJoin(creator, eq(creator.id, marketingActivity.createdBy))
    .leftJoin(approver, eq(approver.id, marketingActivity.approvedBy))
    .where(and(eq(marketingActivity.id, id), eq(marketingActivity.kind, 'realCard')));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  const { a } = row;
  return {
    id: a.id,
    code: a.code,
    kind: 'realCard',
    name: a.name,
    status: a.status as ActivityStatus,
    cardId: a.cardId ?? 0,
    cardName: row.cardName ?? '',
    cardKind: row.cardKind ?? '',
    quantity: a.quantity ?? 0,
    startDate: a.startDate,
    endDate: a.endDate,
    remark: a.remark,
    rejectReason: a.rejectReason,
    counts: await countCards(db, a.id),
    createdByName: row.createdByName,
    createdAt: formatDateTime(a.createdAt),
    approvedByName: row.approvedByName,
    approvedAt: a.approvedAt ? formatDateTime(a.approvedAt) : null,
  };
};

/** Goods cards on sale, and the one an activity already holds even if it went off sale. */
export const activityCardOptions = (db: Db): Promise<ActivityCardOption[]> =>
  db
    .select({ id: card.id, code: card.code, name: card.name, kind: card.kind })
    .from(card)
    .where(eq(card.status, 'on'))
    .orderBy(asc(card.code));

// ---------------------------------------------------------------------------------------------
// saveActivityRealCard.

const may = (auth: Auth, button: string): boolean =>
  auth.user.isAdmin || !!auth.codes?.has(buttonCodeOf('/activityList', button));

/** The card must exist and be on sale (one already chosen may stay after it went off sale). */
const checkCard = async (tx: Tx, cardId: number, current: number | null): Promise<void> => {
  const [row] = await tx.select({ status: card.status, name: card.name }).from(card).where(eq(card.id, cardId));
  if (!row) throw fieldError('cardId', '所选卡项不存在或已被删除');
  if (row.status !== 'on' && cardId !== current) throw fieldError('cardId', `卡项「${row.name}」已停售，不能选择`);
};

const createActivity = async (tx: Tx, auth: Auth, body: RealCardActivityForm): Promise<ActivitySaved> => {
  await checkCard(tx, body.cardId, null);
  const [row] = await tx
    .insert(marketingActivity)
    .values({
      kind: 'realCard',
      // The code is the id's: written right after the insert, in the same transaction.
      code: sql`'HD-' || gen_random_uuid()::text`,
      name: body.name,
      status: 'draft',
      cardId: body.cardId,
      quantity: body.quantity,
      startDate: body.startDate,
      endDate: body.endDate,
      remark: body.remark || null,
      createdBy: auth.user.id,
      updatedBy: auth.user.id,
    })
    .returning({ id: marketingActivity.id });
  const id = row!.id;
  const code = `HD${String(id).padStart(6, '0')}`;
  await tx.update(marketingActivity).set({ code }).where(eq(marketingActivity.id, id));
  await generateCards(tx, id, body.cardId, body.quantity);
  await log(tx, auth, id, 'create', undefined);
  return { id, code, status: 'draft' };
};

const updateActivity = async (tx: Tx, auth: Auth, id: number, body: RealCardActivityForm): Promise<ActivitySaved> => {
  const act = await loadActivity(tx, id);
  const editable = ACTIVITY_EDITABLE[act.status];
  if (!editable) throw stateError(act.status, '修改');
  if (editable !== 'all') {
    // Once approved the cards may be printed: their goods, their number and the start stay.
    if (body.cardId !== act.cardId) throw fieldError('cardId', '活动已审核通过，不能更换卡项');
    if (body.quantity !== act.quantity) throw fieldError('quantity', '活动已审核通过，不能修改制卡数量');
    if (body.startDate !== act.startDate) throw fieldError('startDate', '活动已审核通过，不能修改领取开始日期');
  }
  if (body.cardId !== act.cardId) await checkCard(tx, body.cardId, act.cardId);
  const before = await snapshot(tx, id);
  const rows = await tx
    .update(marketingActivity)
    .set({
      name: body.name,
      cardId: body.cardId,
      quantity: body.quantity,
      startDate: body.startDate,
      endDate: body.endDate,
      remark: body.remark || null,
      updatedBy: auth.user.id,
      updatedAt: sql`now()`,
    })
    .where(and(eq(marketingActivity.id, id), eq(marketingActivity.status, act.status)))
    .returning({ id: marketingActivity.id });
  if (rows.length === 0) {
    const [now] = await tx
      .select({ status: marketingActivity.status })
      .from(marketingActivity)
      .where(eq(marketingActivity.id, id));
    throw stateError(now?.status, '修改');
  }
  const regenerate = body.cardId !== act.cardId || body.quantity !== act.quantity;
  if (regenerate) {
    // Only before approval (checked above): no card of it can have been printed or claimed.
    await tx.delete(marketingRealCard).where(eq(marketingRealCard.activityId, id));
    await generateCards(tx, id, body.cardId, body.quantity);
  }
  await log(tx, auth, id, 'update', before, regenerate ? { cardsRegenerated: body.quantity } : undefined);
  return { id, code: act.code, status: act.status };
};

export const saveRealCardActivity = (db: Db, auth: Auth, body: RealCardActivityForm) => {
  const button = body.id ? 'edit' : 'add';
  if (!may(auth, button)) {
    throw new BizError(ERR.FORBIDDEN, body.id ? '您没有编辑营销活动的权限' : '您没有新增营销活动的权限');
  }
  return db.transaction((tx) => (body.id ? updateActivity(tx, auth, body.id, body) : createActivity(tx, auth, body)));
};

// ---------------------------------------------------------------------------------------------
// Steps.

const who = (step: ActivityStep, auth: Auth) => {
  const now = sql`now()`;
  const id = auth.user.id;
  switch (step) {
    case 'submit':
      return { submittedBy: id, submittedAt: now, rejectReason: null };
    case 'approve':
      return { approvedBy: id, approvedAt: now };
    case 'reject':
      return { rejectedBy: id, rejectedAt: now };
    case 'disable':
      return { disabledBy: id, disabledAt: now };
  }
};

export const moveActivity = (db: Db, auth: Auth, step: ActivityStep, id: number, reason?: string) =>
  db.transaction(async (tx): Promise<ActivitySaved> => {
    const s = ACTIVITY_STEPS[step];
    const act = await loadActivity(tx, id);
    if (!(s.from as readonly string[]).includes(act.status)) throw stateError(act.status, s.label);
    const before = await snapshot(tx, id);
    const rows = await tx
      .update(marketingActivity)
      .set({
        ...who(step, auth),
        ...(step === 'reject' ? { rejectReason: reason ?? null } : {}),
        status: s.to,
        updatedAt: sql`now()`,
      })
      .where(and(eq(marketingActivity.id, id), inArray(marketingActivity.status, [...s.from])))
      .returning({ id: marketingActivity.id });
    if (rows.length === 0) {
      const [now] = await tx
        .select({ status: marketingActivity.status })
        .from(marketingActivity)
        .where(eq(marketingActivity.id, id));
      throw stateError(now?.status, s.label);
    }
    await log(tx, auth, id, step, before);
    return { id, code: act.code, status: s.to };
  });

// ---------------------------------------------------------------------------------------------
// 作废.

/**
 * Voids the unclaimed cards named (or all unclaimed ones) of an approved or stopped activity;
 * before approval the quantity is simply changed. A claimed card is never voided: naming only
 * cards that are no longer unclaimed answers REALCARD-40901/40902.
 */
export const voidRealCards = (
  db: Db,
  auth: Auth,
  body: { activityId: number; cardIds?: number[] | undefined; all?: boolean | undefined },
) =>
  db.transaction(async (tx): Promise<{ count: number }> => {
    const act = await loadActivity(tx, body.activityId);
    if (act.status !== 'approved' && act.status !== 'disabled') {
      throw stateError(act.status, '作废卡片（审核通过前请直接修改制卡数量）');
    }
    const named = body.all ? undefined : [...new Set(body.cardIds ?? [])];
    const rows = await tx
      .update(marketingRealCard)
      .set({ status: 'voided', voidedBy: auth.user.id, voidedAt: sql`now()` })
      .where(
        and(
          eq(marketingRealCard.activityId, act.id),
          eq(marketingRealCard.status, 'unclaimed'),
          named ? inArray(marketingRealCard.id, named) : undefined,
        ),
      )
      .returning({ number: marketingRealCard.number });
    if (named && rows.length === 0) {
      const [cur] = await tx
        .select({ status: marketingRealCard.status })
        .from(marketingRealCard)
        .where(and(eq(marketingRealCard.activityId, act.id), inArray(marketingRealCard.id, named)))
        .limit(1);
      if (!cur) throw new BizError(ERR.RECORD_NOT_FOUND, '所选卡片不属于该活动');
      if (cur.status === 'claimed') throw new BizError(ERR.REAL_CARD_CLAIMED, '所选卡片已被领取，不能作废');
      throw new BizError(ERR.REAL_CARD_VOIDED, '所选卡片已作废');
    }
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'marketingActivity.voidCards',
      target: `marketing_activity:${act.id}`,
      before: { status: 'unclaimed' },
      after: {
        status: 'voided',
        count: rows.length,
        all: !!body.all,
        // The numbers themselves while the list stays readable; a 作废全部 of thousands logs its count.
        numbers: rows.length <= 100 ? rows.map((r) => r.number) : undefined,
      },
    });
    return { count: rows.length };
  });
