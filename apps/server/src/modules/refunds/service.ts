/**
 * 退款 (contract entities/refund.ts): a store applies through the open API, or head office on
 * the console; the application is decided in the approval center (or on /refundDetail, which
 * decides the same application) and executed by head office. Every state change goes through
 * runStep with REFUND_FLOW. Applying checks what is left of the bill, each line and each payment
 * after the refunds executed and those still under way (the bill is locked, so two applications
 * queue); executing gives the card lines back through the ledger (refundBillLines, which checks
 * again under the bill's lock) and records the money returned through the bill's payments.
 */

import type { Page } from '@zb/contract/api/paging';
import { BILL_PAY_METHODS } from '@zb/contract/entities/bill';
import {
  type consoleRefundBody,
  type OpenRefundAnswer,
  type OpenRefundBody,
  REFUND_FLOW,
  type RefundDetail,
  type RefundRow,
  type RefundSource,
  type RefundStatus,
  type RefundStep,
  type refundListQuery,
} from '@zb/contract/entities/refund';
import { ERR } from '@zb/contract/errcodes';
import { canStep, stateLabel } from '@zb/contract/flow';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { flowHistory, recordCreated, runStep, type StepTaker } from '../../platform/flow';
import { hookPoint } from '../../platform/hooks';
import { storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { decideIn, openApproval, registerApprovalKind } from '../approvals/service';
import { paymentsOf, refundBillPayments } from '../bills/paymentRefunds';
import { returnCoupons } from '../coupons/ledger';
import { card, product, project } from '../goods/schema';
import { restoreIntentDeposit } from '../intents/service';
import { openCardOf, refundBillLines } from '../members/ledger';
import { cardLedger, member, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { refund, refundLine, refundPayment } from './schema';

type ApplyLines = z.output<typeof consoleRefundBody>['lines'];
type ApplyPayments = z.output<typeof consoleRefundBody>['payments'];
export type RefundListQuery = z.output<typeof refundListQuery>;

/** The ledger's reference of a refund's card rows. */
export const REFUND_REF = 'refund';
const PENDING: RefundStatus[] = ['applied', 'approved'];
const CARD_METHODS = new Set(['storedCard', 'comboCard']);
const methodLabel = (m: string) => BILL_PAY_METHODS.find((x) => x.value === m)?.label ?? m;

const invalid = (msg: string) => new BizError(ERR.REFUND_INVALID, msg);

/** A refund just executed, in its transaction: modules above take part (memberAccount: 退款扣回积分). */
export const refundExecuted =
  hookPoint<(tx: Tx, r: { refundId: number; consumeId: number; userId: number | null; at: Date }) => Promise<void>>();
const exceeds = (msg: string) => new BizError(ERR.REFUND_EXCEEDS, msg);

type LineRow = typeof memberConsumeLine.$inferSelect;

/** A line whose money a member card paid goes back to that card (the rest goes back outside). */
const drawnByCard = (l: LineRow) =>
  l.memberCardId !== null && (l.itemKind === 'project' || l.itemKind === 'product') && l.cardAmount > 0;

export interface Application {
  consumeId: number;
  lines: ApplyLines;
  payments: ApplyPayments;
  reason: string;
  source: RefundSource;
  clientId?: number | null;
  outerNo?: string | null;
  applicantId?: number | null;
  at?: Date;
}

/**
 * Writes an application in the caller's transaction, the bill locked: checks it against what is
 * left (executed and pending refunds both count), then the refund, its lines and payments, its
 * first history row and its application in the approval center. Answers the refund's id.
 */
const apply = async (tx: Tx, a: Application): Promise<number> => {
  const [bill] = await tx.select().from(memberConsume).where(eq(memberConsume.id, a.consumeId)).for('update');
  if (!bill) throw new BizError(ERR.RECORD_NOT_FOUND, '收银单不存在');
  if (bill.status !== 'completed') throw new BizError(ERR.STATE_CHANGED, `收银单${bill.billNo}已关单，不能退款`);
  const lines = await tx.select().from(memberConsumeLine).where(eq(memberConsumeLine.consumeId, bill.id));
  const payments = await paymentsOf(tx, bill.id);
  const pendingLines = await tx
    .select({
      line: refundLine.line,
      amount: sql<number>`sum(${refundLine.amount})::int`,
      sessions: sql<number>`coalesce(sum(${refundLine.sessions}), 0)::int`,
    })
    .from(refundLine)
    .innerJoin(refund, eq(refund.id, refundLine.refundId))
    .where(and(eq(refund.consumeId, bill.id), inArray(refund.status, PENDING)))
    .groupBy(refundLine.line);
  const pendingPays = await tx
    .select({ seq: refundPayment.seq, amount: sql<number>`sum(${refundPayment.amount})::int` })
    .from(refundPayment)
    .innerJoin(refund, eq(refund.id, refundPayment.refundId))
    .where(and(eq(refund.consumeId, bill.id), inArray(refund.status, PENDING)))
    .groupBy(refundPayment.seq);
  const [pendingBill] = await tx
    .select({ amount: sql<number>`coalesce(sum(${refund.amount}), 0)::int` })
    .from(refund)
    .where(and(eq(refund.consumeId, bill.id), inArray(refund.status, PENDING)));

  const seenLines = new Set<number>();
  let outsideDue = 0;
  for (const r of a.lines) {
    const l = lines.find((x) => x.line === r.line);
    if (!l) throw invalid(`收银单${bill.billNo}没有第 ${r.line} 行`);
    if (seenLines.has(r.line)) throw invalid(`第 ${r.line} 行重复`);
    seenLines.add(r.line);
    const p = pendingLines.find((x) => x.line === r.line);
    const left = l.amount - l.refunded - (p?.amount ?? 0);
    if (r.amount > left) {
      throw exceeds(`第 ${r.line} 行最多还可退 ${formatYuan(Math.max(left, 0))} 元（含审批中的退款）`);
    }
    const combo = l.memberCardId !== null && l.sessions !== null;
    if (combo) {
      if (!r.sessions) throw invalid(`第 ${r.line} 行是套餐卡划次，请填写退回次数`);
      const sessionsLeft = l.sessions! - l.refundedSessions - (p?.sessions ?? 0);
      if (r.sessions > sessionsLeft) throw exceeds(`第 ${r.line} 行最多还可退 ${Math.max(sessionsLeft, 0)} 次`);
    } else if (r.sessions) {
      throw invalid(`第 ${r.line} 行不是套餐卡划次，不能退次数`);
    } else if (r.amount === 0) {
      throw invalid(`第 ${r.line} 行退款金额须大于 0`);
    }
    if (!drawnByCard(l)) outsideDue += r.amount;
    // The card the line goes back to (its successor once reissued); one 注销 refuses the application.
    if (l.memberCardId !== null) await openCardOf(tx, l.memberCardId);
  }
  const seenPays = new Set<number>();
  let paysTotal = 0;
  for (const r of a.payments) {
    const p = payments.find((x) => x.seq === r.seq);
    if (!p) throw invalid(`收银单${bill.billNo}没有第 ${r.seq} 笔支付`);
    if (seenPays.has(r.seq)) throw invalid(`第 ${r.seq} 笔支付重复`);
    seenPays.add(r.seq);
    if (CARD_METHODS.has(p.method)) {
      throw invalid(`第 ${r.seq} 笔是${methodLabel(p.method)}支付：卡内支付随行退回会员卡，请退对应的行`);
    }
    const pending = pendingPays.find((x) => x.seq === r.seq)?.amount ?? 0;
    const left = p.amount - p.refunded - pending;
    if ((p.method === 'intentDeposit' || p.method === 'coupon') && r.amount !== p.amount && left > 0) {
      // The rule of entities/bill.ts billIntentDepositsSchema and billCouponsSchema: 意向金 and 优惠券 go back whole.
      throw invalid(
        `第 ${r.seq} 笔是${methodLabel(p.method)}${p.tradeNo ?? ''}支付，须整笔退回 ${formatYuan(p.amount)} 元`,
      );
    }
    if (r.amount > left) {
      throw exceeds(
        `第 ${r.seq} 笔${methodLabel(p.method)}支付最多还可退 ${formatYuan(Math.max(left, 0))} 元（含审批中的退款）`,
      );
    }
    paysTotal += r.amount;
  }
  if (a.lines.length > 0 && paysTotal !== outsideDue) {
    throw invalid(
      `非卡内支付的行共退 ${formatYuan(outsideDue)} 元，须由支付方式退回同样的金额（已填写 ${formatYuan(paysTotal)} 元）`,
    );
  }
  const amount = a.lines.length > 0 ? a.lines.reduce((n, r) => n + r.amount, 0) : paysTotal;
  const billLeft = bill.total - bill.refunded - (pendingBill?.amount ?? 0);
  if (amount > billLeft) {
    throw exceeds(`收银单${bill.billNo}最多还可退 ${formatYuan(Math.max(billLeft, 0))} 元（含审批中的退款）`);
  }
  const at = a.at ?? new Date();
  const [s] = await tx.select({ name: store.name }).from(store).where(eq(store.id, bill.storeId));
  const ap = await openApproval(tx, {
    type: 'refund',
    applicantId: a.applicantId ?? null,
    storeId: bill.storeId,
    reason: `${s?.name ?? ''}申请退款 ${formatYuan(amount)} 元（收银单${bill.billNo}）：${a.reason}`,
    at,
  });
  const [created] = await tx
    .insert(refund)
    .values({
      consumeId: bill.id,
      storeId: bill.storeId,
      memberId: bill.memberId,
      amount,
      reason: a.reason,
      source: a.source,
      clientId: a.clientId ?? null,
      outerNo: a.outerNo ?? null,
      applicantId: a.applicantId ?? null,
      approvalId: ap.id,
      createdAt: at,
    })
    .returning({ id: refund.id });
  const id = created!.id;
  if (a.lines.length) {
    await tx
      .insert(refundLine)
      .values(a.lines.map((r) => ({ refundId: id, line: r.line, amount: r.amount, sessions: r.sessions ?? null })));
  }
  if (a.payments.length) {
    await tx.insert(refundPayment).values(
      a.payments.map((r) => ({
        refundId: id,
        seq: r.seq,
        method: payments.find((p) => p.seq === r.seq)!.method,
        amount: r.amount,
      })),
    );
  }
  const by: StepTaker =
    a.source === 'open' ? { kind: 'open', clientId: a.clientId } : { kind: 'console', userId: a.applicantId };
  await recordCreated(tx, REFUND_FLOW, id, by, a.source === 'open' ? '门店申请' : '总部申请', at);
  return id;
};

/** An application in the caller's transaction (the demo seed writes its refunds through it). */
export const applyRefundIn = (tx: Tx, a: Application): Promise<number> => apply(tx, a);

// ── Applying ──────────────────────────────────────────────────────────────────

const openAnswer = async (tx: Tx | Db, id: number, replayed: boolean): Promise<OpenRefundAnswer> => {
  const [r] = await tx
    .select({
      refundNo: refund.refundNo,
      outerNo: refund.outerNo,
      billNo: memberConsume.billNo,
      status: refund.status,
      amount: refund.amount,
    })
    .from(refund)
    .innerJoin(memberConsume, eq(memberConsume.id, refund.consumeId))
    .where(eq(refund.id, id));
  return { ...r!, outerNo: r!.outerNo ?? '', status: r!.status as RefundStatus, replayed };
};

/**
 * POST /open/v1/refunds: a store's POS applies for a refund of one of its store's bills. The same
 * outerNo again answers the first application and changes nothing, also when sent at once.
 */
export const applyOpenRefund = (db: Db, caller: OpenCaller, body: OpenRefundBody): Promise<OpenRefundAnswer> =>
  db.transaction(async (tx) => {
    const byOuter = async () =>
      (
        await tx
          .select({ id: refund.id })
          .from(refund)
          .where(and(eq(refund.clientId, caller.clientId), eq(refund.outerNo, body.outerNo)))
      )[0];
    const first = await byOuter();
    if (first) return openAnswer(tx, first.id, true);
    const [bill] = await tx
      .select({ id: memberConsume.id, storeId: memberConsume.storeId })
      .from(memberConsume)
      .where(
        body.billNo
          ? eq(memberConsume.billNo, body.billNo)
          : and(eq(memberConsume.clientId, caller.clientId), eq(memberConsume.outerNo, body.billOuterNo!)),
      );
    if (!bill) throw new BizError(ERR.OPEN_DOCUMENT_INVALID, '收银单不存在');
    assertStoreAllowed(caller, bill.storeId);
    // The bill's lock queues two identical applications; the second sees the first here.
    await tx.select({ id: memberConsume.id }).from(memberConsume).where(eq(memberConsume.id, bill.id)).for('update');
    const again = await byOuter();
    if (again) return openAnswer(tx, again.id, true);
    const id = await apply(tx, {
      consumeId: bill.id,
      lines: body.lines,
      payments: body.payments,
      reason: body.reason,
      source: 'open',
      clientId: caller.clientId,
      outerNo: body.outerNo,
    });
    return openAnswer(tx, id, false);
  });

/** A console user applies for a refund of a bill in their data scope. */
export const applyConsoleRefund = async (
  db: Db,
  auth: Auth,
  body: z.output<typeof consoleRefundBody>,
): Promise<RefundDetail> => {
  const [bill] = await db
    .select({ id: memberConsume.id })
    .from(memberConsume)
    .where(and(eq(memberConsume.id, body.consumeId), storeScopeFilter(auth.scope, memberConsume.storeId)));
  if (!bill) throw new BizError(ERR.RECORD_NOT_FOUND, '收银单不存在或不在您的数据范围内');
  const id = await db.transaction((tx) => apply(tx, { ...body, source: 'console', applicantId: auth.user.id }));
  return refundDetail(db, auth, id);
};

// ── Steps ─────────────────────────────────────────────────────────────────────

/**
 * 执行退款 in the caller's transaction: the refund moves approved → executed (runStep: a second
 * executor waits for the first and is refused), the card lines go back through the ledger, the
 * payments are marked returned, and the bill's, lines' and payments' refunded grow.
 */
export const executeRefund = async (tx: Tx, id: number, userId: number, where?: SQL, at = new Date()) => {
  // The refund first (a second executor waits here and is refused by its state), then the money,
  // then the step with what the money came to.
  const [cur] = await tx
    .select({ status: refund.status })
    .from(refund)
    .where(and(eq(refund.id, id), where))
    .for('update');
  if (!cur) throw new BizError(ERR.RECORD_NOT_FOUND, '退款单不存在或不在您的数据范围内');
  if (!canStep(REFUND_FLOW, 'execute', cur.status)) {
    throw new BizError(
      ERR.STATE_CHANGED,
      `退款单当前为「${stateLabel(REFUND_FLOW, cur.status)}」，不能执行退款，请刷新后重试`,
    );
  }
  const [r] = await tx.select().from(refund).where(eq(refund.id, id));
  const lines = await tx.select().from(refundLine).where(eq(refundLine.refundId, id)).orderBy(asc(refundLine.line));
  const pays = await tx
    .select()
    .from(refundPayment)
    .where(eq(refundPayment.refundId, id))
    .orderBy(asc(refundPayment.seq));
  const paysTotal = pays.reduce((n, p) => n + p.amount, 0);
  const done = await refundBillLines(tx, {
    consumeId: r!.consumeId,
    lines: lines.map((l) => ({ line: l.line, amount: l.amount, sessions: l.sessions ?? undefined })),
    extra: lines.length ? 0 : paysTotal,
    refType: REFUND_REF,
    refId: id,
    at,
    userId,
    reason: r!.reason,
  });
  if (done.outside !== paysTotal) {
    throw invalid(
      `该退款须由支付方式退回 ${formatYuan(done.outside)} 元，申请中填写的是 ${formatYuan(paysTotal)} 元，请驳回后重新申请`,
    );
  }
  // What went back to each card, for the bill's card payments.
  const billLines = await tx.select().from(memberConsumeLine).where(eq(memberConsumeLine.consumeId, r!.consumeId));
  const perCard = new Map<number, number>();
  for (const l of lines) {
    const b = billLines.find((x) => x.line === l.line);
    if (b && drawnByCard(b)) perCard.set(b.memberCardId!, (perCard.get(b.memberCardId!) ?? 0) + l.amount);
  }
  await refundBillPayments(
    tx,
    r!.consumeId,
    pays.map((p) => ({ seq: p.seq, amount: p.amount })),
    [...perCard].map(([memberCardId, amount]) => ({ memberCardId, amount })),
  );
  await tx.update(refundPayment).set({ refundedAt: at }).where(eq(refundPayment.refundId, id));
  await restoreBillDeposits(tx, r!.consumeId, pays, userId, at);
  // 优惠券 payments refunded (whole, see apply): their coupons are 未使用 again (coupons returnCoupon, 退回).
  const couponNos = (await paymentsOf(tx, r!.consumeId)).flatMap((p) =>
    p.method === 'coupon' && p.tradeNo && pays.some((x) => x.seq === p.seq) ? [p.tradeNo] : [],
  );
  if (couponNos.length) {
    await returnCoupons(tx, { consumeId: r!.consumeId, couponNos, refType: 'refund', refId: id, userId, at });
  }
  await runStep(tx, {
    flow: REFUND_FLOW,
    table: refund,
    id,
    step: 'execute',
    by: { kind: 'console', userId },
    set: { executedBy: userId, executedAt: at, toCards: done.toCards, outside: done.outside },
    where,
    at,
  });
  for (const fn of refundExecuted.registered()) await fn(tx, { refundId: id, consumeId: r!.consumeId, userId, at });
};

/** 意向金 payments refunded (whole, see apply): their deposits are paid again (intents restoreIntentDeposit). */
const restoreBillDeposits = async (
  tx: Tx,
  consumeId: number,
  pays: readonly { seq: number; method: string }[],
  userId: number,
  at: Date,
): Promise<void> => {
  const seqs = pays.filter((p) => p.method === 'intentDeposit').map((p) => p.seq);
  if (seqs.length === 0) return;
  const [bill] = await tx
    .select({ billNo: memberConsume.billNo })
    .from(memberConsume)
    .where(eq(memberConsume.id, consumeId));
  for (const p of await paymentsOf(tx, consumeId)) {
    if (!seqs.includes(p.seq) || !p.tradeNo) continue;
    await restoreIntentDeposit(tx, { depositNo: p.tradeNo, consumeId, billNo: bill!.billNo, userId, at });
  }
};

/** A decision on the refund's application: the approval center's and /refundDetail's are the same. */
registerApprovalKind({
  type: 'refund',
  decided: async (tx, d) => {
    const [r] = await tx.select({ id: refund.id }).from(refund).where(eq(refund.approvalId, d.approvalId));
    if (!r) return;
    await runStep(tx, {
      flow: REFUND_FLOW,
      table: refund,
      id: r.id,
      step: d.decision,
      by: { kind: 'console', userId: d.deciderId },
      reason: d.comment,
    });
  },
  link: async (db, approvalId) => {
    const [r] = await db.select({ id: refund.id }).from(refund).where(eq(refund.approvalId, approvalId));
    return r ? `/refundDetail?id=${r.id}` : null;
  },
});

/** A step from /refundList or /refundDetail on a refund in the caller's data scope. */
export const stepRefund = async (
  db: Db,
  auth: Auth,
  s: { id: number; step: RefundStep; reason?: string },
): Promise<RefundDetail> => {
  const scope = storeScopeFilter(auth.scope, refund.storeId);
  const [r] = await db
    .select({ id: refund.id, approvalId: refund.approvalId, status: refund.status })
    .from(refund)
    .where(and(eq(refund.id, s.id), scope));
  if (!r) throw new BizError(ERR.RECORD_NOT_FOUND, '退款单不存在或不在您的数据范围内');
  await db.transaction(async (tx) => {
    if (s.step === 'execute') return executeRefund(tx, r.id, auth.user.id, scope);
    if (s.step === 'reject' && !s.reason?.trim()) throw new BizError(ERR.PARAM_INVALID, '请填写驳回的原因');
    const [ap] = r.approvalId
      ? await tx.select({ status: approval.status }).from(approval).where(eq(approval.id, r.approvalId))
      : [];
    if (ap?.status === 'pending') {
      // Deciding the application moves the refund (registerApprovalKind above).
      await decideIn(
        tx,
        auth.user.id,
        { id: r.approvalId!, decision: s.step, comment: s.reason?.trim() ?? '' },
        undefined,
      );
    } else {
      // Decided already (or none): runStep refuses the step with the refund's state.
      await runStep(tx, {
        flow: REFUND_FLOW,
        table: refund,
        id: r.id,
        step: s.step,
        by: { kind: 'console', userId: auth.user.id },
        reason: s.reason,
        where: scope,
      });
    }
  });
  return refundDetail(db, auth, r.id);
};

// ── Reading ───────────────────────────────────────────────────────────────────

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowColumns = {
  id: refund.id,
  refundNo: refund.refundNo,
  status: refund.status,
  source: refund.source,
  storeName: store.name,
  billId: memberConsume.id,
  billNo: memberConsume.billNo,
  memberName: member.name,
  memberPhone: member.phone,
  amount: refund.amount,
  toCards: refund.toCards,
  outside: refund.outside,
  reason: refund.reason,
  applicantName: userAccount.nickname,
  createdAt: refund.createdAt,
  executedAt: refund.executedAt,
};

type Raw = {
  [K in keyof typeof rowColumns]: unknown;
};

const toRow = (r: Raw): RefundRow => ({
  id: r.id as number,
  refundNo: r.refundNo as string,
  status: r.status as RefundStatus,
  source: r.source as RefundSource,
  storeName: r.storeName as string,
  billId: r.billId as number,
  billNo: r.billNo as string,
  memberName: r.memberName as string,
  memberPhone: r.memberPhone as string,
  amount: r.amount as number,
  toCards: r.toCards as number,
  outside: r.outside as number,
  reason: r.reason as string,
  applicant: (r.applicantName as string | null) ?? (r.source === 'open' ? '门店（收银终端）' : ''),
  createdAt: formatDateTime(r.createdAt as Date),
  executedAt: r.executedAt ? formatDateTime(r.executedAt as Date) : null,
});

const listWhere = (auth: Auth, q: RefundListQuery): SQL | undefined => {
  const m = q.member?.trim();
  return and(
    storeScopeFilter(auth.scope, refund.storeId),
    q.storeId ? eq(refund.storeId, q.storeId) : undefined,
    q.from ? sql`${refund.createdAt} >= ${dayStart(q.from)}` : undefined,
    q.to ? sql`${refund.createdAt} < ${new Date(dayStart(q.to).getTime() + 86_400_000)}` : undefined,
    q.status ? eq(refund.status, q.status) : undefined,
    q.billNo?.trim() ? eq(memberConsume.billNo, q.billNo.trim()) : undefined,
    m ? or(ilike(member.name, containing(m)), eq(member.phone, m), eq(member.code, m)) : undefined,
  );
};

export const listRefunds = async (db: Db, auth: Auth, q: RefundListQuery): Promise<Page<RefundRow>> => {
  const where = listWhere(auth, q);
  const base = () =>
    db
      .select(rowColumns)
      .from(refund)
      .innerJoin(store, eq(store.id, refund.storeId))
      .innerJoin(memberConsume, eq(memberConsume.id, refund.consumeId))
      .innerJoin(member, eq(member.id, refund.memberId))
      .leftJoin(userAccount, eq(userAccount.id, refund.applicantId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(refund.createdAt), desc(refund.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(refund)
      .innerJoin(memberConsume, eq(memberConsume.id, refund.consumeId))
      .innerJoin(member, eq(member.id, refund.memberId))
      .where(where),
  ]);
  return { list: rows.map(toRow), total: Number(total?.n ?? 0) };
};

export const refundDetail = async (db: Db, auth: Auth, id: number): Promise<RefundDetail> => {
  const [head] = await db
    .select({
      ...rowColumns,
      billTotal: memberConsume.total,
      billRefunded: memberConsume.refunded,
      billAt: memberConsume.consumedAt,
      approvalId: refund.approvalId,
      spNo: approval.spNo,
    })
    .from(refund)
    .innerJoin(store, eq(store.id, refund.storeId))
    .innerJoin(memberConsume, eq(memberConsume.id, refund.consumeId))
    .innerJoin(member, eq(member.id, refund.memberId))
    .leftJoin(userAccount, eq(userAccount.id, refund.applicantId))
    .leftJoin(approval, eq(approval.id, refund.approvalId))
    .where(and(eq(refund.id, id), storeScopeFilter(auth.scope, refund.storeId)));
  if (!head) throw new BizError(ERR.RECORD_NOT_FOUND, '退款单不存在或不在您的数据范围内');
  const lines = await db
    .select({
      line: refundLine.line,
      amount: refundLine.amount,
      sessions: refundLine.sessions,
      itemKind: memberConsumeLine.itemKind,
      quantity: memberConsumeLine.quantity,
      lineAmount: memberConsumeLine.amount,
      lineSessions: memberConsumeLine.sessions,
      cardNo: memberCard.cardNo,
      project: project.name,
      product: product.name,
      card: card.name,
    })
    .from(refundLine)
    .innerJoin(
      memberConsumeLine,
      and(eq(memberConsumeLine.consumeId, head.billId), eq(memberConsumeLine.line, refundLine.line)),
    )
    .leftJoin(memberCard, eq(memberCard.id, memberConsumeLine.memberCardId))
    .leftJoin(project, eq(project.id, memberConsumeLine.projectId))
    .leftJoin(product, eq(product.id, memberConsumeLine.productId))
    .leftJoin(card, eq(card.id, memberConsumeLine.cardId))
    .where(eq(refundLine.refundId, id))
    .orderBy(asc(refundLine.line));
  const billPays = await paymentsOf(db, head.billId);
  const pays = await db
    .select()
    .from(refundPayment)
    .where(eq(refundPayment.refundId, id))
    .orderBy(asc(refundPayment.seq));
  const ledger = await db
    .select({
      cardNo: memberCard.cardNo,
      originCardNo: sql<string | null>`(select o.card_no from member_card o where o.id = ${cardLedger.originCardId})`,
      amount: cardLedger.amount,
      bonus: cardLedger.bonusAmount,
      sessions: cardLedger.sessions,
      balanceAfter: cardLedger.balanceAfter,
      bonusAfter: cardLedger.bonusAfter,
      sessionsAfter: cardLedger.sessionsAfter,
    })
    .from(cardLedger)
    .innerJoin(memberCard, eq(memberCard.id, cardLedger.memberCardId))
    .where(sql`${cardLedger.refType} = ${REFUND_REF} and ${cardLedger.refId} = ${id}`)
    .orderBy(asc(cardLedger.seq));
  const history = await flowHistory(db, REFUND_FLOW, id);
  return {
    ...toRow(head),
    billTotal: head.billTotal,
    billRefunded: head.billRefunded,
    billAt: formatDateTime(head.billAt),
    approvalId: head.approvalId,
    spNo: head.spNo,
    lines: lines.map((l) => ({
      line: l.line,
      item:
        l.project ??
        l.product ??
        (l.itemKind === 'topUp' ? '充值' : l.itemKind === 'cardSale' ? `售卡：${l.card ?? ''}` : ''),
      itemKind: l.itemKind,
      quantity: l.quantity,
      lineAmount: l.lineAmount,
      cardNo: l.cardNo,
      lineSessions: l.lineSessions,
      amount: l.amount,
      sessions: l.sessions,
    })),
    payments: pays.map((p) => ({
      seq: p.seq,
      method: p.method,
      paid: billPays.find((b) => b.seq === p.seq)?.amount ?? 0,
      amount: p.amount,
      tradeNo: billPays.find((b) => b.seq === p.seq)?.tradeNo ?? null,
    })),
    history: history.map((h) => ({
      at: formatDateTime(h.at),
      label: h.label,
      to: h.to,
      by: h.userName ?? (h.actorKind === 'open' ? '门店（收银终端）' : h.actorKind === 'system' ? '系统' : ''),
      reason: h.reason,
    })),
    ledger,
  };
};
