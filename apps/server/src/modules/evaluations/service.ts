/**
 * 评价 (contract entities/evaluation.ts): the settings, a member's evaluation arriving through the
 * open API (checked against the bill and the settings, graded, a 差评 raising 差评通知 in the same
 * transaction), an evaluation's detail, and a 差评's handling (分派, 回复, 关闭) through
 * BAD_REVIEW_FLOW, each step in the record's history and the operation log.
 */
import type { EvaHandlerOption, EvaluationDetailDto } from '@zb/contract/api/evaluations';
import { NOTICE_TYPE_BAD_REVIEW } from '@zb/contract/constants';
import {
  BAD_REVIEW_FLOW,
  EVA_SETTING_DEFAULTS,
  type EvaHandleStatus,
  type EvaLevel,
  type EvaSetting,
  type EvaSettingDto,
  gradeEvaluation,
  type OpenEvaluationAnswer,
  type OpenEvaluationBody,
} from '@zb/contract/entities/evaluation';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { flowHistory, recordCreated, runStep } from '../../platform/flow';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { billShare } from '../bills/schema';
import { member, memberConsume } from '../members/schema';
import { raiseNotices } from '../notices/service';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { region, store } from '../stores/schema';
import { evaDimension, evaluation, evaluationScore, evaSetting } from './schema';

// ---------------------------------------------------------------- settings

export const loadSetting = async (db: Db | Tx): Promise<EvaSetting> => {
  const [row] = await db.select().from(evaSetting).where(eq(evaSetting.id, 1));
  if (!row) return EVA_SETTING_DEFAULTS;
  return {
    scaleMax: row.scaleMax,
    goodMin: row.goodMin,
    badMax: row.badMax,
    badAnyDimension: row.badAnyDimension,
    inviteTiming: row.inviteTiming as EvaSetting['inviteTiming'],
    inviteDelayHours: row.inviteDelayHours,
    validDays: row.validDays,
    notifyUserIds: row.notifyUserIds,
  };
};

export const getSetting = async (db: Db | Tx): Promise<EvaSettingDto> => {
  const s = await loadSetting(db);
  const [meta] = await db
    .select({ updatedAt: evaSetting.updatedAt, updatedByName: userAccount.nickname })
    .from(evaSetting)
    .leftJoin(userAccount, eq(userAccount.id, evaSetting.updatedBy))
    .where(eq(evaSetting.id, 1));
  const users =
    s.notifyUserIds.length === 0
      ? []
      : await db
          .select({ id: userAccount.id, name: userAccount.nickname })
          .from(userAccount)
          .where(inArray(userAccount.id, s.notifyUserIds));
  return {
    ...s,
    notifyUsers: users,
    updatedAt: meta?.updatedAt ? formatDateTime(meta.updatedAt) : null,
    updatedByName: meta?.updatedByName ?? null,
  };
};

/** Saves the settings whole; the users notified must be enabled accounts. */
export const saveSetting = (db: Db, auth: Auth, values: EvaSetting): Promise<EvaSettingDto> =>
  db.transaction(async (tx) => {
    if (values.notifyUserIds.length > 0) {
      const found = await tx
        .select({ id: userAccount.id })
        .from(userAccount)
        .where(and(inArray(userAccount.id, values.notifyUserIds), eq(userAccount.enabled, true)));
      if (found.length !== values.notifyUserIds.length) {
        throw fieldError('notifyUserIds', '通知人员须为启用的账号');
      }
    }
    const before = await loadSetting(tx);
    await tx
      .insert(evaSetting)
      .values({ id: 1, ...values, updatedAt: new Date(), updatedBy: auth.user.id })
      .onConflictDoUpdate({
        target: evaSetting.id,
        set: { ...values, updatedAt: new Date(), updatedBy: auth.user.id },
      });
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'evaSetting.save',
      target: 'eva_setting:1',
      before,
      after: values,
    });
    return getSetting(tx);
  });

// ---------------------------------------------------------------- the open API

const invalid = (msg: string) => new BizError(ERR.EVAL_INVALID, msg);

const answerOf = (
  r: { evaNo: string; outerNo: string | null; level: string; scoreRate: number },
  billNo: string,
  replayed: boolean,
): OpenEvaluationAnswer => ({
  evaNo: r.evaNo,
  outerNo: r.outerNo ?? '',
  billNo,
  level: r.level as EvaLevel,
  scoreRate: r.scoreRate,
  replayed,
});

const bySender = (db: Db | Tx, clientId: number, outerNo: string) =>
  db
    .select({
      evaNo: evaluation.evaNo,
      outerNo: evaluation.outerNo,
      level: evaluation.level,
      scoreRate: evaluation.scoreRate,
      billNo: memberConsume.billNo,
    })
    .from(evaluation)
    .innerJoin(memberConsume, eq(memberConsume.id, evaluation.consumeId))
    .where(and(eq(evaluation.clientId, clientId), eq(evaluation.outerNo, outerNo)));

const DAY_MS = 86_400_000;

/**
 * A member's evaluation of a bill: the bill must exist, stand (not 关单) and be at a store the
 * sender may send for; it is evaluated once, not before the bill nor later than the settings'
 * days after it; the staff rated served the bill; the scores name every enabled dimension once,
 * each within the scale. A 差评 starts its handling (待处理) and notifies the settings' users.
 */
export const openEvaluate = async (
  db: Db,
  caller: OpenCaller,
  body: OpenEvaluationBody,
): Promise<OpenEvaluationAnswer> => {
  const [seen] = await bySender(db, caller.clientId, body.outerNo);
  if (seen) return answerOf(seen, seen.billNo, true);
  return db.transaction(async (tx) => {
    const [bill] = await tx
      .select({
        id: memberConsume.id,
        billNo: memberConsume.billNo,
        storeId: memberConsume.storeId,
        memberId: memberConsume.memberId,
        staffId: memberConsume.staffId,
        consumedAt: memberConsume.consumedAt,
        status: memberConsume.status,
        storeName: store.name,
        memberName: member.name,
      })
      .from(memberConsume)
      .innerJoin(store, eq(store.id, memberConsume.storeId))
      .innerJoin(member, eq(member.id, memberConsume.memberId))
      .where(eq(memberConsume.billNo, body.billNo))
      .for('update', { of: memberConsume });
    if (!bill) throw invalid(`收银单 ${body.billNo} 不存在`);
    assertStoreAllowed(caller, bill.storeId);
    if (bill.status !== 'completed') throw invalid(`收银单 ${body.billNo} 已关单，不能评价`);

    const [again] = await bySender(tx, caller.clientId, body.outerNo);
    if (again) return answerOf(again, again.billNo, true);
    const [taken] = await tx
      .select({ evaNo: evaluation.evaNo })
      .from(evaluation)
      .where(eq(evaluation.consumeId, bill.id));
    if (taken) throw new BizError(ERR.EVAL_DUPLICATE, `收银单 ${body.billNo} 已评价（${taken.evaNo}）`);

    const s = await loadSetting(tx);
    const at = new Date(body.at);
    if (at.getTime() < bill.consumedAt.getTime()) throw invalid('评价时间不能早于收银单时间');
    if (at.getTime() > bill.consumedAt.getTime() + s.validDays * DAY_MS) {
      throw invalid(`收银单已超过 ${s.validDays} 天的评价期限`);
    }
    if (at.getTime() > Date.now() + 5 * 60_000) throw invalid('评价时间不能晚于当前时间');

    // The staff rated: one who served the bill (its shares or its staff), or its first.
    const served = await tx
      .select({ id: staff.id, phone: staff.phone })
      .from(staff)
      .where(
        or(
          sql`${staff.id} in (select ${billShare.staffId} from ${billShare} where ${billShare.consumeId} = ${bill.id})`,
          bill.staffId === null ? sql`false` : eq(staff.id, bill.staffId),
        ),
      )
      .orderBy(asc(staff.id));
    let staffId: number | null = served[0]?.id ?? null;
    if (body.staffPhone !== undefined) {
      const hit = served.find((x) => x.phone === body.staffPhone);
      if (!hit) throw invalid(`员工 ${body.staffPhone} 未服务该收银单`);
      staffId = hit.id;
    }

    const dims = await tx
      .select({ id: evaDimension.id, code: evaDimension.code, name: evaDimension.name })
      .from(evaDimension)
      .where(eq(evaDimension.enabled, true))
      .orderBy(asc(evaDimension.sort), asc(evaDimension.id));
    if (dims.length === 0) throw invalid('尚未设置评价维度');
    const byCode = new Map(dims.map((d) => [d.code, d]));
    const given = new Map<string, number>();
    for (const sc of body.scores) {
      const d = byCode.get(sc.dimension);
      if (!d) throw invalid(`评价维度 ${sc.dimension} 不存在或已停用`);
      if (given.has(d.code)) throw invalid(`评价维度「${d.name}」重复评分`);
      if (sc.score < 1 || sc.score > s.scaleMax) throw invalid(`「${d.name}」的评分须在 1 到 ${s.scaleMax} 之间`);
      given.set(d.code, sc.score);
    }
    const missing = dims.filter((d) => !given.has(d.code));
    if (missing.length > 0) throw invalid(`请为「${missing.map((d) => d.name).join('、')}」评分`);

    const scores = dims.map((d) => given.get(d.code)!);
    const grade = gradeEvaluation(scores, s);
    const isBad = grade.level === 'bad';
    const [row] = await tx
      .insert(evaluation)
      .values({
        clientId: caller.clientId,
        outerNo: body.outerNo,
        consumeId: bill.id,
        storeId: bill.storeId,
        memberId: bill.memberId,
        staffId,
        scaleMax: s.scaleMax,
        scoreSum: grade.scoreSum,
        scoreCount: scores.length,
        scoreRate: grade.scoreRate,
        level: grade.level,
        comment: body.comment ?? '',
        images: body.images,
        evaluatedAt: at,
        status: isBad ? BAD_REVIEW_FLOW.initial : 'none',
      })
      .onConflictDoNothing()
      .returning({
        id: evaluation.id,
        evaNo: evaluation.evaNo,
        outerNo: evaluation.outerNo,
        level: evaluation.level,
        scoreRate: evaluation.scoreRate,
      });
    if (!row) {
      // Another request with the same number got in first: answer its evaluation.
      const [first] = await bySender(tx, caller.clientId, body.outerNo);
      if (first) return answerOf(first, first.billNo, true);
      throw new BizError(ERR.EVAL_DUPLICATE);
    }
    await tx
      .insert(evaluationScore)
      .values(dims.map((d) => ({ evaluationId: row.id, dimensionId: d.id, score: given.get(d.code)! })));
    if (isBad) {
      await recordCreated(tx, BAD_REVIEW_FLOW, row.id, { kind: 'open', clientId: caller.clientId }, '会员提交差评', at);
      await notifyBadReview(tx, s.notifyUserIds, {
        storeId: bill.storeId,
        title: `${bill.storeName} 收到差评 ${row.evaNo}`,
        content: `会员${bill.memberName}对收银单 ${bill.billNo} 的评价为差评（得分率 ${(grade.scoreRate / 100).toFixed(0)}%）${
          body.comment ? `：${body.comment.slice(0, 100)}` : ''
        }。请在「差评处理」中分派并回复。`,
      });
    }
    return answerOf(row, bill.billNo, false);
  });
};

/** 差评通知 for the enabled users among `userIds`. */
const notifyBadReview = async (
  tx: Tx,
  userIds: readonly number[],
  n: { storeId: number; title: string; content: string },
): Promise<void> => {
  if (userIds.length === 0) return;
  const users = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(and(inArray(userAccount.id, [...userIds]), eq(userAccount.enabled, true)));
  await raiseNotices(
    tx,
    users.map((u) => ({
      userId: u.id,
      storeId: n.storeId,
      type: NOTICE_TYPE_BAD_REVIEW,
      msgName: n.title,
      content: n.content,
      amount: null,
    })),
  );
};

// ---------------------------------------------------------------- the console

const scoreText = sql<string>`to_char(${evaluation.scoreSum}::numeric / ${evaluation.scoreCount}, 'FM990.0') || ' / ' || ${evaluation.scaleMax}`;

/** An evaluation in the caller's stores, whole. */
export const viewEvaluation = async (db: Db, scope: DataScope, id: number): Promise<EvaluationDetailDto> => {
  const replier = sql`(select nickname from user_account where id = ${evaluation.repliedBy})`;
  const handler = sql`(select nickname from user_account where id = ${evaluation.handlerId})`;
  const [r] = await db
    .select({
      id: evaluation.id,
      evaNo: evaluation.evaNo,
      billNo: memberConsume.billNo,
      billId: memberConsume.id,
      billTotal: memberConsume.total,
      consumedAt: memberConsume.consumedAt,
      storeId: evaluation.storeId,
      storeName: store.name,
      regionName: region.name,
      memberId: evaluation.memberId,
      memberName: member.name,
      memberPhone: member.phone,
      staffName: staff.name,
      scaleMax: evaluation.scaleMax,
      scoreText,
      scoreRate: evaluation.scoreRate,
      level: evaluation.level,
      comment: evaluation.comment,
      images: evaluation.images,
      reply: evaluation.reply,
      repliedAt: evaluation.repliedAt,
      repliedByName: sql<string | null>`${replier}`,
      status: evaluation.status,
      handlerId: evaluation.handlerId,
      handlerName: sql<string | null>`${handler}`,
      evaluatedAt: evaluation.evaluatedAt,
    })
    .from(evaluation)
    .innerJoin(memberConsume, eq(memberConsume.id, evaluation.consumeId))
    .innerJoin(store, eq(store.id, evaluation.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .innerJoin(member, eq(member.id, evaluation.memberId))
    .leftJoin(staff, eq(staff.id, evaluation.staffId))
    .where(and(eq(evaluation.id, id), storeScopeFilter(scope, evaluation.storeId)));
  if (!r) throw new BizError(ERR.RECORD_NOT_FOUND);
  const scores = await db
    .select({
      dimensionId: evaDimension.id,
      code: evaDimension.code,
      name: evaDimension.name,
      score: evaluationScore.score,
    })
    .from(evaluationScore)
    .innerJoin(evaDimension, eq(evaDimension.id, evaluationScore.dimensionId))
    .where(eq(evaluationScore.evaluationId, id))
    .orderBy(asc(evaDimension.sort), asc(evaDimension.id));
  const history = r.level === 'bad' ? await flowHistory(db, BAD_REVIEW_FLOW, id) : [];
  return {
    ...r,
    consumedAt: formatDateTime(r.consumedAt),
    level: r.level as EvaLevel,
    status: r.status as EvaHandleStatus,
    repliedAt: r.repliedAt ? formatDateTime(r.repliedAt) : null,
    evaluatedAt: formatDateTime(r.evaluatedAt),
    scores,
    history: history.map((h) => ({ ...h, at: formatDateTime(h.at) })),
  };
};

/** Enabled accounts a 差评 may be assigned to (at most 50, by name or login). */
export const evaHandlers = async (db: Db, keyword: string | undefined): Promise<EvaHandlerOption[]> => {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ id: userAccount.id, name: userAccount.nickname })
    .from(userAccount)
    .where(
      and(
        eq(userAccount.enabled, true),
        like ? or(ilike(userAccount.nickname, like), ilike(userAccount.loginName, like)) : undefined,
      ),
    )
    .orderBy(asc(userAccount.id))
    .limit(50);
};

/** The evaluation in the caller's stores, locked; RECORD_NOT_FOUND otherwise. */
const lockEvaluation = async (tx: Tx, scope: DataScope, id: number) => {
  const [row] = await tx
    .select({ id: evaluation.id, level: evaluation.level, status: evaluation.status, storeId: evaluation.storeId })
    .from(evaluation)
    .where(and(eq(evaluation.id, id), storeScopeFilter(scope, evaluation.storeId)))
    .for('update');
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND);
  return row;
};

const notBad = () => new BizError(ERR.STATE_CHANGED, '该评价不是差评，无需分派或关闭');

/** 分派: a 差评 to an enabled account, who is notified. */
export const assignEvaluation = (
  db: Db,
  auth: Auth,
  body: { id: number; handlerId: number; note?: string | undefined },
): Promise<{ status: EvaHandleStatus }> =>
  db.transaction(async (tx) => {
    const ev = await lockEvaluation(tx, auth.scope, body.id);
    if (ev.level !== 'bad') throw notBad();
    const [handler] = await tx
      .select({ id: userAccount.id, name: userAccount.nickname })
      .from(userAccount)
      .where(and(eq(userAccount.id, body.handlerId), eq(userAccount.enabled, true)));
    if (!handler) throw fieldError('handlerId', '处理人须为启用的账号');
    const note = body.note?.trim() ?? '';
    const done = await runStep(tx, {
      flow: BAD_REVIEW_FLOW,
      table: evaluation,
      id: body.id,
      step: 'assign',
      by: { kind: 'console', userId: auth.user.id },
      reason: note ? `分派给 ${handler.name}：${note}` : `分派给 ${handler.name}`,
      set: { handlerId: handler.id },
      where: storeScopeFilter(auth.scope, evaluation.storeId),
    });
    if (handler.id !== auth.user.id) {
      const [info] = await tx
        .select({ evaNo: evaluation.evaNo, storeName: store.name })
        .from(evaluation)
        .innerJoin(store, eq(store.id, evaluation.storeId))
        .where(eq(evaluation.id, body.id));
      await notifyBadReview(tx, [handler.id], {
        storeId: ev.storeId,
        title: `${info!.storeName} 差评 ${info!.evaNo} 已分派给您`,
        content: `${auth.user.nickname} 将差评 ${info!.evaNo} 分派给您处理${note ? `：${note}` : ''}。`,
      });
    }
    return { status: done.to };
  });

/** 回复: the store's reply to any evaluation; a 差评's reply is its flow's step. */
export const replyEvaluation = (
  db: Db,
  auth: Auth,
  body: { id: number; reply: string },
): Promise<{ status: EvaHandleStatus }> =>
  db.transaction(async (tx) => {
    const ev = await lockEvaluation(tx, auth.scope, body.id);
    const set = { reply: body.reply, repliedAt: new Date(), repliedBy: auth.user.id };
    if (ev.level === 'bad') {
      const done = await runStep(tx, {
        flow: BAD_REVIEW_FLOW,
        table: evaluation,
        id: body.id,
        step: 'reply',
        by: { kind: 'console', userId: auth.user.id },
        reason: body.reply,
        set,
        where: storeScopeFilter(auth.scope, evaluation.storeId),
      });
      return { status: done.to };
    }
    const [before] = await tx.select({ reply: evaluation.reply }).from(evaluation).where(eq(evaluation.id, body.id));
    await tx.update(evaluation).set(set).where(eq(evaluation.id, body.id));
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'evaluation.reply',
      target: `evaluation:${body.id}`,
      before: { reply: before?.reply ?? null },
      after: { reply: body.reply },
    });
    return { status: ev.status as EvaHandleStatus };
  });

/** 关闭: a 差评 handled, with its result. */
export const closeEvaluation = (
  db: Db,
  auth: Auth,
  body: { id: number; reason: string },
): Promise<{ status: EvaHandleStatus }> =>
  db.transaction(async (tx) => {
    const ev = await lockEvaluation(tx, auth.scope, body.id);
    if (ev.level !== 'bad') throw notBad();
    const done = await runStep(tx, {
      flow: BAD_REVIEW_FLOW,
      table: evaluation,
      id: body.id,
      step: 'close',
      by: { kind: 'console', userId: auth.user.id },
      reason: body.reason,
      set: { closedAt: new Date() },
      where: storeScopeFilter(auth.scope, evaluation.storeId),
    });
    return { status: done.to };
  });
