/**
 * 意向金 (contract entities/intentDeposit.ts): the stores' configuration, recording a paid
 * deposit (the open API, the seed), using it toward a card bill, its refund (申请 → 审核 → 执行)
 * and its expiry. Every state change is a step of INTENT_FLOW or INTENT_REFUND_FLOW run by
 * platform/flow.ts runStep, in the caller's transaction, with its history and log rows.
 *
 * For the bill service: `useIntentDeposit(tx, { depositNo | depositId | outerNo+clientId,
 * consumeId })` credits a paid deposit toward a 收银单 that opens or tops up a card for the same
 * member at the same store; it answers the deposit's amount, which the bill counts as paid.
 */
import type {
  FlowHistoryDto,
  IntentConfigDto,
  IntentConfigUpdate,
  IntentDepositDetail,
  IntentDepositDto,
  IntentRefundDetail,
  IntentRefundDto,
  UserIntentCount,
} from '@zb/contract/api/intents';
import type { Page } from '@zb/contract/api/paging';
import {
  INTENT_FLOW,
  INTENT_REFUND_FLOW,
  INTENT_VALIDITY_DAYS_DEFAULT,
  type IntentConfigValues,
  type IntentPayMethod,
  type IntentStatus,
  intentAmountProblem,
  type OpenIntentDepositAnswer,
  type OpenIntentDepositBody,
} from '@zb/contract/entities/intentDeposit';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { type FlowHistoryRow, flowHistory, recordCreated, runStep, type StepTaker } from '../../platform/flow';
import { checkStoreInScope, type DataScope, storeScopeFilter, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { decideIn, openApproval, registerApprovalKind } from '../approvals/service';
import { member, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { paymentRefundsOf, recordPaymentRefund, setPaymentRefundTradeNo } from '../payRefunds/service';
import { region, store } from '../stores/schema';
import { intentConfig, intentDeposit, intentRefund } from './schema';

const DAY_MS = 86_400_000;
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const invalid = (msg: string) => new BizError(ERR.INTENT_INVALID, msg);

// ─── Configuration ──────────────────────────────────────────────────────────────────────────

/** What a store without a saved configuration shows: no deposits taken. */
export const DEFAULT_INTENT_CONFIG: IntentConfigValues = {
  enabled: false,
  amountMode: 'fixed',
  fixedAmounts: [],
  minAmount: null,
  maxAmount: null,
  validityDays: INTENT_VALIDITY_DAYS_DEFAULT,
  refundable: true,
  refundBy: 'hq',
  crossStore: false,
};

type ConfigRow = typeof intentConfig.$inferSelect;
const valuesOf = (r: ConfigRow | null | undefined): IntentConfigValues =>
  r
    ? {
        enabled: r.enabled,
        amountMode: r.amountMode as IntentConfigValues['amountMode'],
        fixedAmounts: r.fixedAmounts,
        minAmount: r.minAmount,
        maxAmount: r.maxAmount,
        validityDays: r.validityDays,
        refundable: r.refundable,
        refundBy: r.refundBy as IntentConfigValues['refundBy'],
        crossStore: r.crossStore,
      }
    : DEFAULT_INTENT_CONFIG;

/** A store's configuration (the defaults when it has none). */
export const storeIntentConfig = async (db: Db | Tx, storeId: number): Promise<IntentConfigValues> => {
  const [r] = await db.select().from(intentConfig).where(eq(intentConfig.storeId, storeId));
  return valuesOf(r);
};

interface ConfigFilter {
  storeName?: string;
  regionId?: number;
  enabled?: boolean;
}

const configWhere = (scope: DataScope, q: ConfigFilter): SQL | undefined =>
  and(
    storeTableScope(scope),
    q.storeName ? or(ilike(store.name, `%${q.storeName}%`), ilike(store.code, `%${q.storeName}%`)) : undefined,
    q.regionId ? eq(store.regionId, q.regionId) : undefined,
    q.enabled === undefined ? undefined : sql`coalesce(${intentConfig.enabled}, false) = ${q.enabled}`,
  );

const configSelect = {
  storeId: store.id,
  storeCode: store.code,
  storeName: store.name,
  regionName: region.name,
  cfg: intentConfig,
  updatedByName: userAccount.nickname,
};

const configBase = (db: Db | Tx) =>
  db
    .select(configSelect)
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .leftJoin(intentConfig, eq(intentConfig.storeId, store.id))
    .leftJoin(userAccount, eq(userAccount.id, intentConfig.updatedBy));

type ConfigListRow = Awaited<ReturnType<ReturnType<typeof configBase>['execute']>>[number];

const configDto = (r: ConfigListRow): IntentConfigDto => ({
  storeId: r.storeId,
  storeCode: r.storeCode,
  storeName: r.storeName,
  regionName: r.regionName,
  configured: r.cfg !== null,
  ...valuesOf(r.cfg),
  updatedAt: iso(r.cfg?.updatedAt ?? null),
  updatedByName: r.updatedByName,
});

/** GET /jeecg-boot/stoIntentConfig/list: the stores of the caller's scope, by code. */
export const configList = async (
  db: Db,
  scope: DataScope,
  q: ConfigFilter & { pageNo: number; pageSize: number },
): Promise<Page<IntentConfigDto>> => {
  const where = configWhere(scope, q);
  const [rows, total] = await Promise.all([
    configBase(db)
      .where(where)
      .orderBy(asc(store.code))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    configCount(db, scope, q),
  ]);
  return { list: rows.map(configDto), total };
};

/** GET /jeecg-boot/stoIntentConfig/count. */
export const configCount = async (db: Db, scope: DataScope, q: ConfigFilter): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(store)
    .leftJoin(intentConfig, eq(intentConfig.storeId, store.id))
    .where(configWhere(scope, q));
  return r?.n ?? 0;
};

/** GET /jeecg-boot/stoIntentConfig/update: saves one store's configuration whole. */
export const configUpdate = (db: Db, auth: Auth, q: IntentConfigUpdate): Promise<IntentConfigDto> =>
  db.transaction(async (tx) => {
    await checkStoreInScope(tx, auth.scope, q.storeId);
    const values = {
      enabled: q.enabled,
      amountMode: q.amountMode,
      fixedAmounts: q.amountMode === 'fixed' ? q.fixedAmounts : [],
      minAmount: q.amountMode === 'range' ? (q.minAmount ?? null) : null,
      maxAmount: q.amountMode === 'range' ? (q.maxAmount ?? null) : null,
      validityDays: q.validityDays,
      refundable: q.refundable,
      refundBy: q.refundBy,
      crossStore: q.crossStore,
    };
    const before = await storeIntentConfig(tx, q.storeId);
    await tx
      .insert(intentConfig)
      .values({ storeId: q.storeId, ...values, updatedBy: auth.user.id })
      .onConflictDoUpdate({
        target: intentConfig.storeId,
        set: { ...values, updatedBy: auth.user.id, updatedAt: new Date() },
      });
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'intentConfig.save',
      target: `intent_config:${q.storeId}`,
      before: { ...before },
      after: { ...values },
    });
    const [row] = await configBase(tx).where(eq(store.id, q.storeId));
    return configDto(row!);
  });

// ─── Deposits ───────────────────────────────────────────────────────────────────────────────

export interface NewDeposit {
  memberId: number;
  storeId: number;
  amount: number;
  payMethod: IntentPayMethod;
  tradeNo?: string | null;
  paidAt: Date;
  source: 'pos' | 'mini' | 'console';
  clientId?: number | null;
  outerNo?: string | null;
  remark?: string | null;
  by: StepTaker;
}

type DepositRecord = typeof intentDeposit.$inferSelect;

/**
 * Records a paid deposit after checking the store's configuration (taking deposits, the
 * amount); its expiry is the store's validity from the payment. Answers null when a deposit
 * with the same sender's number exists already (the caller answers that one).
 */
export const recordDeposit = async (tx: Tx, d: NewDeposit): Promise<DepositRecord | null> => {
  const cfg = await storeIntentConfig(tx, d.storeId);
  const problem = intentAmountProblem(cfg, d.amount);
  if (problem) throw invalid(problem);
  const [row] = await tx
    .insert(intentDeposit)
    .values({
      memberId: d.memberId,
      storeId: d.storeId,
      amount: d.amount,
      payMethod: d.payMethod,
      tradeNo: d.tradeNo || null,
      paidAt: d.paidAt,
      expiresAt: new Date(d.paidAt.getTime() + cfg.validityDays * DAY_MS),
      source: d.source,
      clientId: d.clientId ?? null,
      outerNo: d.outerNo ?? null,
      remark: d.remark || null,
      createdBy: d.by.userId ?? null,
    })
    .onConflictDoNothing({ target: [intentDeposit.clientId, intentDeposit.outerNo] })
    .returning();
  if (!row) return null;
  await recordCreated(tx, INTENT_FLOW, row.id, d.by, '支付意向金', d.paidAt);
  return row;
};

const answerOf = (r: DepositRecord, replayed: boolean): OpenIntentDepositAnswer => ({
  depositNo: r.depositNo,
  outerNo: r.outerNo ?? '',
  amount: r.amount,
  status: r.status as IntentStatus,
  expiresAt: r.expiresAt.toISOString(),
  replayed,
});

const bySender = (db: Db | Tx, clientId: number, outerNo: string) =>
  db
    .select()
    .from(intentDeposit)
    .where(and(eq(intentDeposit.clientId, clientId), eq(intentDeposit.outerNo, outerNo)));

/** The member a sender names: phone or 会员编号. */
export const memberByKey = async (db: Db | Tx, key: string): Promise<{ id: number } | undefined> => {
  const [m] = await db
    .select({ id: member.id })
    .from(member)
    .where(or(eq(member.phone, key), eq(member.code, key.toUpperCase())))
    .limit(1);
  return m;
};

/**
 * POST /open/v1/intentDeposits. Idempotent by the sender's number: the same outerNo again (even
 * at the same moment) answers the first deposit and records nothing.
 */
export const openIntentDeposit = async (
  db: Db,
  caller: OpenCaller,
  body: OpenIntentDepositBody,
): Promise<OpenIntentDepositAnswer> => {
  const [seen] = await bySender(db, caller.clientId, body.outerNo);
  if (seen) return answerOf(seen, true);
  return db.transaction(async (tx) => {
    const [st] = await tx.select({ id: store.id }).from(store).where(eq(store.code, body.storeCode));
    if (!st) throw new BizError(ERR.OPEN_DOCUMENT_INVALID, `门店编码 ${body.storeCode} 不存在`);
    assertStoreAllowed(caller, st.id);
    const m = await memberByKey(tx, body.member);
    if (!m) throw new BizError(ERR.OPEN_DOCUMENT_INVALID, `会员 ${body.member} 不存在`);
    const row = await recordDeposit(tx, {
      memberId: m.id,
      storeId: st.id,
      amount: body.amount,
      payMethod: body.payMethod,
      tradeNo: body.tradeNo,
      paidAt: new Date(body.paidAt),
      source: caller.kind,
      clientId: caller.clientId,
      outerNo: body.outerNo,
      remark: body.remark,
      by: { kind: 'open', clientId: caller.clientId },
    });
    if (!row) {
      // Another request with the same number got in first: answer its deposit.
      const [first] = await bySender(tx, caller.clientId, body.outerNo);
      return answerOf(first!, true);
    }
    return answerOf(row, false);
  });
};

export interface UseDeposit {
  /** Which deposit: its id, its number (YX…), or the sender's number with the sender. */
  depositId?: number;
  depositNo?: string;
  outerNo?: string;
  clientId?: number;
  /** The 收银单 it is credited to: the same member and store, with a card-sale or top-up line. */
  consumeId: number;
  by?: StepTaker;
}

export interface UsedDeposit {
  depositId: number;
  depositNo: string;
  /** 分 credited to the bill. */
  amount: number;
  memberCardId: number | null;
}

/**
 * Credits a paid deposit toward a bill (a 收银单 that sells a card or tops one up), in the bill's
 * transaction: the deposit moves 已支付 → 已使用 and records the bill and its card. Refused with
 * INTENT_INVALID when the deposit is unknown, belongs to another member, was paid at another
 * store whose configuration does not allow 通店使用, was paid after the bill's time or is past its
 * expiry at it, or the bill opens no card; with STATE_CHANGED when it is no longer paid (used already, being refunded,
 * refunded or expired) — a second use of one deposit is always refused.
 */
export const useIntentDeposit = async (tx: Tx, u: UseDeposit): Promise<UsedDeposit> => {
  const key =
    u.depositId !== undefined
      ? eq(intentDeposit.id, u.depositId)
      : u.depositNo !== undefined
        ? eq(intentDeposit.depositNo, u.depositNo)
        : u.outerNo !== undefined && u.clientId !== undefined
          ? and(eq(intentDeposit.outerNo, u.outerNo), eq(intentDeposit.clientId, u.clientId))
          : undefined;
  if (!key) throw invalid('请指明要使用的意向金');
  const [d] = await tx.select().from(intentDeposit).where(key);
  if (!d) throw invalid('意向金不存在');
  const [bill] = await tx
    .select({ memberId: memberConsume.memberId, storeId: memberConsume.storeId, at: memberConsume.consumedAt })
    .from(memberConsume)
    .where(eq(memberConsume.id, u.consumeId));
  if (!bill) throw invalid('抵扣的收银单不存在');
  if (bill.memberId !== d.memberId) throw invalid('意向金只能抵扣本人的开卡或充值');
  if (bill.storeId !== d.storeId && !(await storeIntentConfig(tx, d.storeId)).crossStore) {
    throw invalid('意向金只能在支付的门店使用（该门店未开通通店使用）');
  }
  if (bill.at.getTime() < d.paidAt.getTime()) {
    throw invalid(`意向金${d.depositNo}支付于${formatDateTime(d.paidAt)}，晚于收银单时间，不能抵扣`);
  }
  if (d.status === 'paid' && bill.at.getTime() >= d.expiresAt.getTime()) {
    throw invalid(`意向金${d.depositNo}已于${formatDateTime(d.expiresAt)}过期，不能使用`);
  }
  const [line] = await tx
    .select({ memberCardId: memberConsumeLine.memberCardId })
    .from(memberConsumeLine)
    .where(
      and(eq(memberConsumeLine.consumeId, u.consumeId), inArray(memberConsumeLine.itemKind, ['cardSale', 'topUp'])),
    )
    .orderBy(asc(memberConsumeLine.line))
    .limit(1);
  if (!line) throw invalid('意向金只能抵扣开卡或充值的收银单');
  await runStep(tx, {
    flow: INTENT_FLOW,
    table: intentDeposit,
    id: d.id,
    step: 'use',
    by: u.by ?? { kind: 'system' },
    set: { consumeId: u.consumeId, memberCardId: line.memberCardId, usedAt: bill.at },
    at: bill.at,
  });
  return { depositId: d.id, depositNo: d.depositNo, amount: d.amount, memberCardId: line.memberCardId };
};

/**
 * 退单退回: a refund of the bill `consumeId` gave its 意向金 payment back whole, so the deposit
 * `depositNo` credited to it is paid again (usable, or refundable, until its own expiry); the
 * bill's link is cleared and the history row names the bill. In the refund's transaction.
 */
export const restoreIntentDeposit = async (
  tx: Tx,
  r: { depositNo: string; consumeId: number; billNo: string; userId: number | null; at: Date },
): Promise<void> => {
  const [d] = await tx
    .select({ id: intentDeposit.id })
    .from(intentDeposit)
    .where(and(eq(intentDeposit.depositNo, r.depositNo), eq(intentDeposit.consumeId, r.consumeId)));
  if (!d) throw invalid(`收银单${r.billNo}没有使用意向金${r.depositNo}`);
  await runStep(tx, {
    flow: INTENT_FLOW,
    table: intentDeposit,
    id: d.id,
    step: 'restore',
    by: { kind: 'system', userId: r.userId },
    reason: `收银单${r.billNo}退款，意向金退回`,
    set: { consumeId: null, memberCardId: null, usedAt: null },
    at: r.at,
  });
};

/**
 * The expiry job: every deposit still 已支付 past its expiry moves to 已过期 (a system step with
 * its history), in batches. Answers how many expired and their sum.
 */
export const expireIntentDeposits = async (
  db: Db,
  now: Date,
  batch = 200,
): Promise<{ count: number; amount: number }> => {
  let n = 0;
  let amount = 0;
  for (;;) {
    const due = await db
      .select({ id: intentDeposit.id, amount: intentDeposit.amount })
      .from(intentDeposit)
      .where(and(eq(intentDeposit.status, 'paid'), lte(intentDeposit.expiresAt, now)))
      .orderBy(asc(intentDeposit.expiresAt))
      .limit(batch);
    if (due.length === 0) break;
    let moved = 0;
    await db.transaction(async (tx) => {
      for (const d of due) {
        try {
          await tx.transaction(async (sp) => {
            await runStep(sp, {
              flow: INTENT_FLOW,
              table: intentDeposit,
              id: d.id,
              step: 'expire',
              by: { kind: 'system' },
              at: now,
            });
          });
          moved++;
          n++;
          amount += d.amount;
        } catch (e) {
          // Used or refunded meanwhile: not due any more.
          if (!(e instanceof BizError && e.errcode === ERR.STATE_CHANGED)) throw e;
        }
      }
    });
    if (moved === 0 || due.length < batch) break;
  }
  return { count: n, amount };
};

// ─── Reading ────────────────────────────────────────────────────────────────────────────────

const billOf = alias(memberConsume, 'used_bill');

const depositSelect = {
  d: intentDeposit,
  memberCode: member.code,
  memberName: member.name,
  memberPhone: member.phone,
  storeName: store.name,
  billNo: billOf.billNo,
  memberCardNo: memberCard.cardNo,
};

const depositBase = (db: Db | Tx) =>
  db
    .select(depositSelect)
    .from(intentDeposit)
    .innerJoin(member, eq(member.id, intentDeposit.memberId))
    .innerJoin(store, eq(store.id, intentDeposit.storeId))
    .leftJoin(billOf, eq(billOf.id, intentDeposit.consumeId))
    .leftJoin(memberCard, eq(memberCard.id, intentDeposit.memberCardId));

type DepositRow = Awaited<ReturnType<ReturnType<typeof depositBase>['execute']>>[number];

const depositDto = (r: DepositRow): IntentDepositDto => ({
  id: r.d.id,
  depositNo: r.d.depositNo,
  memberId: r.d.memberId,
  memberCode: r.memberCode,
  memberName: r.memberName,
  memberPhone: r.memberPhone,
  storeId: r.d.storeId,
  storeName: r.storeName,
  amount: r.d.amount,
  payMethod: r.d.payMethod,
  tradeNo: r.d.tradeNo,
  source: r.d.source,
  outerNo: r.d.outerNo,
  paidAt: r.d.paidAt.toISOString(),
  expiresAt: r.d.expiresAt.toISOString(),
  status: r.d.status as IntentStatus,
  consumeId: r.d.consumeId,
  billNo: r.billNo,
  memberCardNo: r.memberCardNo,
  usedAt: iso(r.d.usedAt),
  remark: r.d.remark,
});

const historyDto = (rows: FlowHistoryRow[]): FlowHistoryDto[] => rows.map((h) => ({ ...h, at: h.at.toISOString() }));

const loadDeposit = async (db: Db | Tx, scope: DataScope, id: number): Promise<DepositRow> => {
  const [r] = await depositBase(db).where(
    and(eq(intentDeposit.id, id), storeScopeFilter(scope, intentDeposit.storeId)),
  );
  if (!r) throw new BizError(ERR.RECORD_NOT_FOUND);
  return r;
};

const applier = alias(userAccount, 'applier');
const decider = alias(userAccount, 'decider');

const refundRows = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select({
      r: intentRefund,
      amount: intentDeposit.amount,
      appliedByName: applier.nickname,
      decidedByName: decider.nickname,
      spNo: approval.spNo,
    })
    .from(intentRefund)
    .innerJoin(intentDeposit, eq(intentDeposit.id, intentRefund.depositId))
    .leftJoin(approval, eq(approval.id, intentRefund.approvalId))
    .leftJoin(applier, eq(applier.id, intentRefund.appliedBy))
    .leftJoin(decider, eq(decider.id, intentRefund.decidedBy))
    .where(where)
    .orderBy(desc(intentRefund.id));

type RefundRow = Awaited<ReturnType<typeof refundRows>>[number];

const refundDto = (x: RefundRow): IntentRefundDto => ({
  id: x.r.id,
  refundNo: x.r.refundNo,
  depositId: x.r.depositId,
  amount: x.amount,
  reason: x.r.reason,
  status: x.r.status as IntentRefundDto['status'],
  appliedAt: x.r.appliedAt.toISOString(),
  appliedByName: x.appliedByName,
  decidedAt: iso(x.r.decidedAt),
  decidedByName: x.decidedByName,
  refundTradeNo: x.r.refundTradeNo,
  refundedAt: iso(x.r.refundedAt),
  approvalId: x.r.approvalId,
  spNo: x.spNo,
});

export const depositDetail = async (db: Db, scope: DataScope, id: number): Promise<IntentDepositDetail> => {
  const d = await loadDeposit(db, scope, id);
  const [history, refunds] = await Promise.all([
    flowHistory(db, INTENT_FLOW, id),
    refundRows(db, eq(intentRefund.depositId, id)),
  ]);
  return { deposit: depositDto(d), history: historyDto(history), refunds: refunds.map(refundDto) };
};

export const refundDetail = async (db: Db, scope: DataScope, id: number): Promise<IntentRefundDetail> => {
  const [x] = await refundRows(db, and(eq(intentRefund.id, id), storeScopeFilter(scope, intentDeposit.storeId)));
  if (!x) throw new BizError(ERR.RECORD_NOT_FOUND);
  const d = await loadDeposit(db, scope, x.r.depositId);
  const [history, depositHistory, payouts] = await Promise.all([
    flowHistory(db, INTENT_REFUND_FLOW, id),
    flowHistory(db, INTENT_FLOW, x.r.depositId),
    paymentRefundsOf(db, 'intentRefund', id),
  ]);
  return {
    refund: refundDto(x),
    deposit: depositDto(d),
    history: historyDto(history),
    depositHistory: historyDto(depositHistory),
    payouts,
  };
};

/** The member within the caller's scope (their home store), else RECORD_NOT_FOUND. */
const memberInScope = async (db: Db, scope: DataScope, memberId: number): Promise<void> => {
  const [m] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), storeScopeFilter(scope, member.storeId)));
  if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '会员不存在或不在您的数据范围内');
};

/** findStoUserIntentListByUserId: the member's deposits, newest first. */
export const userIntentList = async (
  db: Db,
  scope: DataScope,
  q: { userId: number; status?: IntentStatus; pageNo: number; pageSize: number },
): Promise<Page<IntentDepositDto>> => {
  await memberInScope(db, scope, q.userId);
  const where = and(eq(intentDeposit.memberId, q.userId), q.status ? eq(intentDeposit.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    depositBase(db)
      .where(where)
      .orderBy(desc(intentDeposit.paidAt), desc(intentDeposit.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(intentDeposit).where(where),
  ]);
  return { list: rows.map(depositDto), total: total?.n ?? 0 };
};

/** findStoUserIntentCountByUserId: the member's deposits by state, counts and sums. */
export const userIntentCount = async (db: Db, scope: DataScope, userId: number): Promise<UserIntentCount> => {
  await memberInScope(db, scope, userId);
  const rows = await db
    .select({
      status: intentDeposit.status,
      count: count(),
      amount: sql<number>`coalesce(sum(${intentDeposit.amount}), 0)::int`,
    })
    .from(intentDeposit)
    .where(eq(intentDeposit.memberId, userId))
    .groupBy(intentDeposit.status);
  const byStatus = INTENT_FLOW.states.map((s) => {
    const r = rows.find((x) => x.status === s.value);
    return { status: s.value, count: r?.count ?? 0, amount: Number(r?.amount ?? 0) };
  });
  return {
    total: byStatus.reduce((a, s) => a + s.count, 0),
    totalAmount: byStatus.reduce((a, s) => a + s.amount, 0),
    byStatus,
  };
};

// ─── Refunds ────────────────────────────────────────────────────────────────────────────────

const console_ = (auth: Auth): StepTaker => ({ kind: 'console', userId: auth.user.id });

/**
 * 申请退款: the whole deposit, when its store's configuration lets it be refunded and lets the
 * caller apply (refundBy 'hq': head office only). The deposit moves to 退款中 and the refund
 * waits for 审核 in the approval center (意向金退款申请, linked to /refundIntentionDetail).
 */
export const applyIntentRefund = (db: Db, auth: Auth, depositId: number, reason: string): Promise<IntentRefundDto> =>
  db.transaction(async (tx) => {
    const d = await loadDeposit(tx, auth.scope, depositId);
    const cfg = await storeIntentConfig(tx, d.d.storeId);
    if (!cfg.refundable) throw invalid('该门店的意向金不可退款');
    if (cfg.refundBy === 'hq' && auth.scope.level !== 'hq') throw invalid('该门店的意向金退款只能由总部申请');
    await runStep(tx, {
      flow: INTENT_FLOW,
      table: intentDeposit,
      id: depositId,
      step: 'applyRefund',
      by: console_(auth),
      reason,
      where: storeScopeFilter(auth.scope, intentDeposit.storeId),
    });
    const ap = await openApproval(tx, {
      type: 'intentRefund',
      applicantId: auth.user.id,
      storeId: d.d.storeId,
      reason: `${d.storeName}意向金${d.d.depositNo}（会员${d.memberName}）申请退款 ${formatYuan(d.d.amount)} 元：${reason}`,
    });
    const [r] = await tx
      .insert(intentRefund)
      .values({ depositId, reason, appliedBy: auth.user.id, approvalId: ap.id })
      .returning({ id: intentRefund.id });
    await recordCreated(tx, INTENT_REFUND_FLOW, r!.id, console_(auth), reason);
    const [x] = await refundRows(tx, eq(intentRefund.id, r!.id));
    return refundDto(x!);
  });

/**
 * 执行退款 in the caller's transaction: the refund moves 待退款 → 已退款 (a second executor waits
 * on its lock and is refused), the deposit 退款中 → 已退款, and the money paid back is recorded
 * (a payment-refund record of the deposit's whole amount by the channel it was paid with).
 */
const executeIntentRefund = async (
  tx: Tx,
  refundId: number,
  userId: number,
  o: { reason?: string; refundTradeNo?: string; where?: SQL; at: Date },
): Promise<void> => {
  await runStep(tx, {
    flow: INTENT_REFUND_FLOW,
    table: intentRefund,
    id: refundId,
    step: 'execute',
    by: { kind: 'console', userId },
    reason: o.reason,
    set: { executedBy: userId, refundedAt: o.at, refundTradeNo: o.refundTradeNo || null },
    where: o.where,
    at: o.at,
  });
  const [x] = await tx
    .select({ d: intentDeposit })
    .from(intentRefund)
    .innerJoin(intentDeposit, eq(intentDeposit.id, intentRefund.depositId))
    .where(eq(intentRefund.id, refundId));
  const d = x!.d;
  await runStep(tx, {
    flow: INTENT_FLOW,
    table: intentDeposit,
    id: d.id,
    step: 'refund',
    by: { kind: 'system', userId },
    reason: o.reason,
    at: o.at,
  });
  await recordPaymentRefund(tx, {
    kind: 'intentRefund',
    refId: refundId,
    storeId: d.storeId,
    memberId: d.memberId,
    method: d.payMethod as IntentPayMethod,
    amount: d.amount,
    tradeNo: d.tradeNo,
    refundTradeNo: o.refundTradeNo,
    at: o.at,
    userId,
  });
};

/**
 * A decision on a deposit refund's application (the approval center's and
 * /refundIntentionDetail's are the same): approving runs 审核通过 and 执行退款 at once; rejecting
 * runs 驳回 and gives the deposit back its 已支付 state. All in the decision's transaction.
 */
const decideIntentRefund = async (
  tx: Tx,
  refundId: number,
  d: { decision: 'approve' | 'reject'; deciderId: number; comment: string; refundTradeNo?: string; at: Date },
): Promise<void> => {
  const by: StepTaker = { kind: 'console', userId: d.deciderId };
  await runStep(tx, {
    flow: INTENT_REFUND_FLOW,
    table: intentRefund,
    id: refundId,
    step: d.decision,
    by,
    reason: d.comment,
    set: { decidedBy: d.deciderId, decidedAt: d.at },
    at: d.at,
  });
  if (d.decision === 'approve') {
    await executeIntentRefund(tx, refundId, d.deciderId, { refundTradeNo: d.refundTradeNo, at: d.at });
    return;
  }
  const [r] = await tx
    .select({ depositId: intentRefund.depositId })
    .from(intentRefund)
    .where(eq(intentRefund.id, refundId));
  await runStep(tx, {
    flow: INTENT_FLOW,
    table: intentDeposit,
    id: r!.depositId,
    step: 'refundRejected',
    by: { kind: 'system', userId: d.deciderId },
    reason: d.comment,
    at: d.at,
  });
};

registerApprovalKind({
  type: 'intentRefund',
  decided: async (tx, d) => {
    const [r] = await tx
      .select({ id: intentRefund.id })
      .from(intentRefund)
      .where(eq(intentRefund.approvalId, d.approvalId));
    if (!r) return;
    await decideIntentRefund(tx, r.id, { ...d, at: new Date() });
  },
  link: async (db, approvalId) => {
    const [r] = await db
      .select({ id: intentRefund.id })
      .from(intentRefund)
      .where(eq(intentRefund.approvalId, approvalId));
    return r ? `/refundIntentionDetail?id=${r.id}` : null;
  },
});

/**
 * 审核通过 / 驳回 / 执行退款 of a deposit refund from /refundIntentionDetail. A refund with a pending
 * application is decided through it (approving executes the refund at once, see
 * decideIntentRefund); 执行退款 pays out a refund left 待退款 by an earlier approval.
 */
export const intentRefundStep = (
  db: Db,
  auth: Auth,
  refundId: number,
  body: { step: 'approve' | 'reject' | 'execute'; reason?: string; refundTradeNo?: string },
): Promise<IntentRefundDto> =>
  db.transaction(async (tx) => {
    const scope = storeScopeFilter(auth.scope, intentDeposit.storeId);
    const [x] = await refundRows(tx, and(eq(intentRefund.id, refundId), scope));
    if (!x) throw new BizError(ERR.RECORD_NOT_FOUND);
    const now = new Date();
    const inScope = sql`${intentRefund.depositId} in (select ${intentDeposit.id} from ${intentDeposit} where ${scope ?? sql`true`})`;
    if (body.step === 'execute') {
      await executeIntentRefund(tx, refundId, auth.user.id, { ...body, where: inScope, at: now });
    } else {
      if (body.step === 'reject' && !body.reason?.trim()) throw new BizError(ERR.PARAM_INVALID, '请填写驳回的原因');
      const [ap] = x.r.approvalId
        ? await tx.select({ status: approval.status }).from(approval).where(eq(approval.id, x.r.approvalId))
        : [];
      if (ap?.status === 'pending') {
        // Deciding the application moves the refund (registerApprovalKind above).
        await decideIn(
          tx,
          auth.user.id,
          { id: x.r.approvalId!, decision: body.step, comment: body.reason?.trim() ?? '' },
          undefined,
          now,
        );
        if (body.step === 'approve' && body.refundTradeNo) {
          // The channel's refund number typed on /refundIntentionDetail, on the refund and its payout.
          await tx.update(intentRefund).set({ refundTradeNo: body.refundTradeNo }).where(eq(intentRefund.id, refundId));
          await setPaymentRefundTradeNo(tx, 'intentRefund', refundId, body.refundTradeNo);
        }
      } else {
        // Decided already (or applied before the approval center): runStep refuses by the refund's state.
        await decideIntentRefund(tx, refundId, {
          decision: body.step,
          deciderId: auth.user.id,
          comment: body.reason?.trim() ?? '',
          refundTradeNo: body.refundTradeNo,
          at: now,
        });
      }
    }
    const [y] = await refundRows(tx, eq(intentRefund.id, refundId));
    return refundDto(y!);
  });
