/**
 * The coupon ledger's writers (contract entities/coupon.ts): every change of a member coupon is
 * one coupon_ledger row with an idempotency key, written in the caller's transaction together with
 * the coupon's new state. Issuing, using on a bill (核销), giving back on a refund (退回), 作废,
 * 延期 and 过期 all come through here; nothing else changes member_coupon.
 *
 * Using: the coupons a bill names are locked (FOR UPDATE, id order), so two bills racing for one
 * coupon queue on its row and the second finds it 已核销. Each coupon's value is computed here from
 * its template and the bill's lines paid otherwise; any refusal throws and the bill writes nothing.
 */
import {
  addDays,
  type CouponIssueResult,
  type CouponIssueSource,
  couponStatusLabel,
  splitCodes,
} from '@zb/contract/entities/coupon';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { member } from '../members/schema';
import { blacklistedMembers } from '../security/enforce';
import { couponIssue, couponIssueFailure, couponLedger, couponTemplate, memberCoupon } from './schema';

type LedgerRow = typeof couponLedger.$inferInsert;

/** Rows per statement when many coupons are written at once. */
const SLICE = 1000;
const slices = <T>(xs: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += SLICE) out.push(xs.slice(i, i + SLICE));
  return out;
};

// ── 发放 ──────────────────────────────────────────────────────────────────────

export interface IssueInput {
  templateId: number;
  /** The members to issue one coupon each to, in order (a crowd's snapshot, a store's members, a file). */
  memberIds: readonly number[];
  source: CouponIssueSource;
  /** What the source was (a store's name, a crowd, a file), kept on the issue. */
  label?: string | null;
  userId: number | null;
  at?: Date;
  /** Failures being retried (/couponsResend): each one resolved by this issue, or counted again. */
  retrying?: readonly { failureId: number; memberId: number }[];
  /**
   * A batch of an issue already open (a crowd's job): its counts grow by the batch; members it has
   * already issued to or failed are skipped, so a re-run of a batch writes nothing more.
   */
  issueId?: number;
}

/**
 * Issues one coupon of an active template to each member given, in the caller's transaction, the
 * template locked (so the total quantity holds under concurrency): a member not found, blacklisted
 * (member or phone, /blacklistAdmin), at the template's per-member limit, or past the quantity left
 * gets none, and the failure is recorded with its reason. Answers the issue's counts.
 */
export const issueCoupons = async (tx: Tx, input: IssueInput): Promise<CouponIssueResult> => {
  const at = input.at ?? new Date();
  const day = formatDate(at);
  const t = await activeTemplate(tx, input.templateId, day);
  const validFrom = t.validityMode === 'fixed' ? t.validFrom! : day;
  const validTo = t.validityMode === 'fixed' ? t.validTo! : addDays(day, (t.validDays ?? 1) - 1);

  let ids = [...new Set(input.memberIds)];
  let issueId: number;
  if (input.issueId !== undefined) {
    // A batch of a job's issue: members this issue already went through (a re-run) are left alone.
    issueId = input.issueId;
    const seen = ids.length
      ? await tx
          .select({ id: memberCoupon.memberId })
          .from(memberCoupon)
          .where(and(eq(memberCoupon.issueId, issueId), inArray(memberCoupon.memberId, ids)))
          .union(
            tx
              .select({ id: sql<number>`${couponIssueFailure.memberId}` })
              .from(couponIssueFailure)
              .where(and(eq(couponIssueFailure.issueId, issueId), inArray(couponIssueFailure.memberId, ids))),
          )
      : [];
    const done = new Set(seen.map((r) => r.id));
    ids = ids.filter((id) => !done.has(id));
  } else {
    const [issue] = await tx
      .insert(couponIssue)
      .values({
        templateId: t.id,
        source: input.source,
        label: input.label ?? null,
        requested: ids.length,
        done: ids.length,
        createdBy: input.userId,
        createdAt: at,
      })
      .returning({ id: couponIssue.id });
    issueId = issue!.id;
  }

  const found = ids.length
    ? await tx
        .select({ id: member.id, phone: member.phone, code: member.code, storeId: member.storeId })
        .from(member)
        .where(inArray(member.id, ids))
    : [];
  const byId = new Map(found.map((m) => [m.id, m]));
  const black = await blacklistedMembers(
    tx,
    found.map((m) => ({ memberId: m.id, phone: m.phone })),
    day,
    '领取优惠券',
  );
  const held = new Map<number, number>();
  if (found.length) {
    const rows = await tx
      .select({ memberId: memberCoupon.memberId, n: sql<number>`count(*)::int` })
      .from(memberCoupon)
      .where(and(eq(memberCoupon.templateId, t.id), inArray(memberCoupon.memberId, [...byId.keys()])))
      .groupBy(memberCoupon.memberId);
    for (const r of rows) held.set(r.memberId, r.n);
  }

  let left = t.totalQuantity - t.issuedQuantity;
  const give: { memberId: number; storeId: number }[] = [];
  const failures: { memberId: number | null; target: string; reason: string }[] = [];
  for (const id of ids) {
    const m = byId.get(id);
    if (!m) {
      failures.push({ memberId: null, target: `会员ID ${Math.abs(id)}`, reason: '会员不存在或不在您的数据范围内' });
      continue;
    }
    const target = m.phone || m.code;
    const why = black.get(id);
    const n = held.get(id) ?? 0;
    if (why) failures.push({ memberId: id, target, reason: why });
    else if (n >= t.perMemberLimit) {
      failures.push({ memberId: id, target, reason: `已领 ${n} 张，达到每人限领 ${t.perMemberLimit} 张` });
    } else if (left <= 0) {
      failures.push({ memberId: id, target, reason: `发行总量 ${t.totalQuantity} 张已发完` });
    } else {
      give.push({ memberId: id, storeId: m.storeId });
      held.set(id, n + 1);
      left--;
    }
  }

  const created: { id: number; memberId: number }[] = [];
  for (const part of slices(give)) {
    created.push(
      ...(await tx
        .insert(memberCoupon)
        .values(
          part.map((g) => ({
            templateId: t.id,
            memberId: g.memberId,
            storeId: g.storeId,
            issueId,
            source: input.source,
            validFrom,
            validTo,
            issuedAt: at,
          })),
        )
        .returning({ id: memberCoupon.id, memberId: memberCoupon.memberId })),
    );
  }
  await writeRows(
    tx,
    created.map((c) => ({
      couponId: c.id,
      templateId: t.id,
      memberId: c.memberId,
      kind: 'issue',
      statusAfter: 'unused',
      refType: 'coupon_issue',
      refId: issueId,
      key: `issue:${issueId}:${c.memberId}`,
      userId: input.userId,
      at,
    })),
  );
  if (created.length) {
    await tx
      .update(couponTemplate)
      .set({ issuedQuantity: sql`${couponTemplate.issuedQuantity} + ${created.length}` })
      .where(eq(couponTemplate.id, t.id));
  }
  // Failures being retried: those resolved now are 已补发; the others stay, one attempt more.
  const retried = new Map((input.retrying ?? []).map((r) => [r.memberId, r.failureId]));
  const newFailures = failures.filter((f) => f.memberId === null || !retried.has(f.memberId));
  for (const part of slices(newFailures)) {
    await tx
      .insert(couponIssueFailure)
      .values(part.map((f) => ({ issueId, templateId: t.id, source: input.source, createdAt: at, ...f })));
  }
  for (const c of created) {
    const failureId = retried.get(c.memberId);
    if (failureId === undefined) continue;
    await tx
      .update(couponIssueFailure)
      .set({
        status: 'resent',
        resentCouponId: c.id,
        attempts: sql`${couponIssueFailure.attempts} + 1`,
        updatedAt: at,
      })
      .where(eq(couponIssueFailure.id, failureId));
  }
  for (const f of failures) {
    const failureId = f.memberId === null ? undefined : retried.get(f.memberId);
    if (failureId === undefined) continue;
    await tx
      .update(couponIssueFailure)
      .set({ reason: f.reason, attempts: sql`${couponIssueFailure.attempts} + 1`, updatedAt: at })
      .where(eq(couponIssueFailure.id, failureId));
  }
  await tx
    .update(couponIssue)
    .set({
      issued: sql`${couponIssue.issued} + ${created.length}`,
      failed: sql`${couponIssue.failed} + ${failures.length}`,
    })
    .where(eq(couponIssue.id, issueId));
  if (input.issueId !== undefined) {
    return { issueId, issued: created.length, failed: failures.length, failures: [], ...DONE };
  }
  await recordOperation(tx, {
    userId: input.userId,
    action: 'couponTemplate.issueCoupons',
    target: `couponTemplate:${t.id}`,
    after: { source: input.source, label: input.label ?? null, issued: created.length, failed: failures.length },
  });
  return {
    issueId,
    issued: created.length,
    failed: failures.length,
    failures: failures.slice(0, 20),
    ...DONE,
    total: ids.length,
    done: ids.length,
  };
};

const DONE = { state: 'done', total: 0, done: 0, failure: null } as const;

/**
 * The template to issue from, locked (the total quantity holds under concurrency): it must be
 * 进行中 and, with fixed dates, not past its last day.
 */
export const activeTemplate = async (tx: Tx, templateId: number, day: string) => {
  const [t] = await tx.select().from(couponTemplate).where(eq(couponTemplate.id, templateId)).for('update');
  if (!t) throw new BizError(ERR.RECORD_NOT_FOUND, '该优惠券不存在或已被删除');
  if (t.status !== 'active') throw new BizError(ERR.COUPON_STATE_CHANGED, `优惠券「${t.name}」不在进行中，不能发放`);
  if (t.validityMode === 'fixed' && t.validTo! < day) {
    throw new BizError(ERR.COUPON_STATE_CHANGED, `优惠券「${t.name}」已于 ${t.validTo} 到期，不能发放`);
  }
  return t;
};

const writeRows = async (tx: Tx, rows: readonly LedgerRow[]) => {
  for (const part of slices(rows)) await tx.insert(couponLedger).values(part);
};

// ── 核销 on a bill ────────────────────────────────────────────────────────────

/** A bill line a coupon may pay: a project or product line, with the part no member card paid. */
export interface CouponBillLine {
  line: number;
  kind: 'project' | 'product';
  code: string;
  quantity: number;
  /** 分 of the line paid otherwise (amount less what a card paid). */
  amount: number;
}

export interface CouponCredit {
  amount: number;
  payments: { method: 'coupon'; amount: number; tradeNo: string }[];
}

const invalid = (no: string, why: string) => new BizError(ERR.COUPON_INVALID, `优惠券${no}${why}`);

/**
 * 核销: the coupons a bill names pay part of its lines paid otherwise, in the bill's transaction.
 * Each must be the member's, 未使用, within its validity on the bill's Beijing day, at a store its
 * template allows, reach its threshold on its goods, and stack when more than one is used. Its
 * value: 满减/代金 the amount, 折扣 the rate of its goods' amount (capped), 体验券/兑换券 one unit of
 * the named project/product — never more than what is left of its goods after the coupons before
 * it. Any refusal throws (COUPON_INVALID / COUPON_USED naming the coupon).
 */
export const redeemCoupons = async (
  tx: Tx,
  c: {
    consumeId: number;
    couponNos: readonly string[] | undefined;
    memberId: number;
    storeId: number;
    storeCode: string;
    at: Date;
    lines: readonly CouponBillLine[];
  },
): Promise<CouponCredit> => {
  const nos = c.couponNos ?? [];
  if (nos.length === 0) return { amount: 0, payments: [] };
  const coupons = await tx
    .select({
      id: memberCoupon.id,
      no: memberCoupon.couponNo,
      memberId: memberCoupon.memberId,
      templateId: memberCoupon.templateId,
      status: memberCoupon.status,
      validFrom: memberCoupon.validFrom,
      validTo: memberCoupon.validTo,
    })
    .from(memberCoupon)
    .where(inArray(memberCoupon.couponNo, [...nos]))
    .orderBy(asc(memberCoupon.id))
    .for('update');
  const templates = coupons.length
    ? await tx
        .select()
        .from(couponTemplate)
        .where(inArray(couponTemplate.id, [...new Set(coupons.map((x) => x.templateId))]))
    : [];
  const day = formatDate(c.at);
  const left = new Map(c.lines.map((l) => [l.line, l.amount]));
  const payments: CouponCredit['payments'] = [];
  for (const no of nos) {
    const cp = coupons.find((x) => x.no === no);
    if (!cp || cp.memberId !== c.memberId) throw invalid(no, '不存在或不属于该会员');
    if (cp.status !== 'unused') {
      throw new BizError(ERR.COUPON_USED, `优惠券${no}${couponStatusLabel(cp.status)}，不能使用`);
    }
    const t = templates.find((x) => x.id === cp.templateId)!;
    if (day < cp.validFrom) throw invalid(no, `尚未生效（${cp.validFrom} 起可用）`);
    if (day > cp.validTo) throw invalid(no, `已过期（有效期至 ${cp.validTo}）`);
    if (t.storeScope === 'chosen' && !splitCodes(t.storeCodes).includes(c.storeCode.toUpperCase())) {
      throw invalid(no, `不适用于本门店（${c.storeCode}）`);
    }
    if (nos.length > 1 && !t.stackable) throw invalid(no, '不可与其他优惠券同时使用');
    const codes = t.goodsScope === 'chosen' ? splitCodes(t.goodsCodes) : null;
    const wantKind = t.kind === 'projectTrial' ? 'project' : t.kind === 'exchange' ? 'product' : null;
    const fits = c.lines.filter(
      (l) =>
        (left.get(l.line) ?? 0) > 0 &&
        (!codes || codes.includes(l.code.toUpperCase())) &&
        (!wantKind || l.kind === wantKind),
    );
    const pool = fits.reduce((n, l) => n + (left.get(l.line) ?? 0), 0);
    if (pool === 0) throw invalid(no, '在本单没有可使用的适用商品（会员卡支付的行不能用券）');
    if (pool < t.threshold) {
      throw invalid(no, `未达到使用门槛：适用商品满 ${formatYuan(t.threshold)} 元可用，本单 ${formatYuan(pool)} 元`);
    }
    let value: number;
    if (t.kind === 'discount') {
      value = Math.floor((pool * (t.discountRate ?? 0)) / 10000);
      if (t.maxDiscount !== null && t.maxDiscount > 0) value = Math.min(value, t.maxDiscount);
    } else if (wantKind) {
      const l = fits[0]!;
      value = Math.min(Math.round(l.amount / l.quantity), left.get(l.line) ?? 0);
    } else {
      value = Math.min(t.amount ?? 0, pool);
    }
    if (value <= 0) throw invalid(no, '在本单抵扣金额为 0');
    // Taken from its goods' lines in line order, so the next coupon sees what is left.
    let take = value;
    for (const l of fits) {
      const has = left.get(l.line) ?? 0;
      const part = Math.min(has, take);
      left.set(l.line, has - part);
      take -= part;
      if (take === 0) break;
    }
    await tx
      .update(memberCoupon)
      .set({ status: 'used', usedConsumeId: c.consumeId, usedValue: value, usedAt: c.at })
      .where(eq(memberCoupon.id, cp.id));
    await tx.insert(couponLedger).values({
      couponId: cp.id,
      templateId: t.id,
      memberId: cp.memberId,
      kind: 'use',
      statusAfter: 'used',
      consumeId: c.consumeId,
      storeId: c.storeId,
      value,
      refType: 'member_consume',
      refId: c.consumeId,
      key: `use:${cp.id}:${c.consumeId}`,
      at: c.at,
    });
    payments.push({ method: 'coupon', amount: value, tradeNo: no });
  }
  return { amount: payments.reduce((n, p) => n + p.amount, 0), payments };
};

// ── 退回 on a refund ──────────────────────────────────────────────────────────

/**
 * 退回: a bill's coupons are 未使用 again (usable until their own expiry) — those named (a refund's
 * coupon payments) or all it used (关单) — in the caller's transaction, each with its 退回 row under
 * the record that gave it back. Idempotent per (coupon, bill): a coupon no longer used on that bill
 * is left alone.
 */
export const returnCoupons = async (
  tx: Tx,
  r: {
    consumeId: number;
    couponNos?: readonly string[];
    refType: 'refund' | 'member_consume_close';
    refId: number;
    userId: number | null;
    at: Date;
  },
): Promise<number> => {
  const used = await tx
    .select()
    .from(memberCoupon)
    .where(
      and(
        eq(memberCoupon.usedConsumeId, r.consumeId),
        eq(memberCoupon.status, 'used'),
        r.couponNos ? inArray(memberCoupon.couponNo, [...r.couponNos]) : undefined,
      ),
    )
    .orderBy(asc(memberCoupon.id))
    .for('update');
  for (const cp of used) {
    await tx
      .update(memberCoupon)
      .set({ status: 'unused', usedConsumeId: null, usedValue: null, usedAt: null })
      .where(eq(memberCoupon.id, cp.id));
    await tx.insert(couponLedger).values({
      couponId: cp.id,
      templateId: cp.templateId,
      memberId: cp.memberId,
      kind: 'return',
      statusAfter: 'unused',
      consumeId: r.consumeId,
      value: -(cp.usedValue ?? 0),
      refType: r.refType,
      refId: r.refId,
      key: `return:${cp.id}:${r.consumeId}`,
      userId: r.userId,
      at: r.at,
    });
  }
  return used.length;
};

// ── 作废, 延期, 过期 ───────────────────────────────────────────────────────────

/**
 * Ends the 未使用 coupons `where` picks (作废 or 过期): their new status and one ledger row each,
 * keyed by `keyOf`. Answers how many.
 */
const endCoupons = async (
  tx: Tx,
  where: SQL,
  to: { status: 'voided' | 'expired'; kind: 'void' | 'expire'; refType: string },
  keyOf: (couponId: number) => string,
  userId: number | null,
  at: Date,
): Promise<number> => {
  const rows = await tx
    .update(memberCoupon)
    .set({ status: to.status })
    .where(and(eq(memberCoupon.status, 'unused'), where))
    .returning({ id: memberCoupon.id, templateId: memberCoupon.templateId, memberId: memberCoupon.memberId });
  await writeRows(
    tx,
    rows.map((c) => ({
      couponId: c.id,
      templateId: c.templateId,
      memberId: c.memberId,
      kind: to.kind,
      statusAfter: to.status,
      refType: to.refType,
      key: keyOf(c.id),
      userId,
      at,
    })),
  );
  return rows.length;
};

/** 作废 of the coupons named that are 未使用; answers how many. */
export const voidCoupons = (tx: Tx, ids: readonly number[], userId: number | null, at = new Date()) =>
  endCoupons(
    tx,
    inArray(memberCoupon.id, [...ids]),
    { status: 'voided', kind: 'void', refType: 'member_coupon' },
    (id) => `void:${id}`,
    userId,
    at,
  );

/** 延期 of the coupons named that are 未使用 by `days`, under a decided application. */
export const extendCoupons = async (
  tx: Tx,
  d: { delayId: number; couponIds: readonly number[]; days: number; userId: number | null; at: Date },
) => {
  const rows = await tx
    .select({
      id: memberCoupon.id,
      templateId: memberCoupon.templateId,
      memberId: memberCoupon.memberId,
      validTo: memberCoupon.validTo,
    })
    .from(memberCoupon)
    .where(and(inArray(memberCoupon.id, [...d.couponIds]), eq(memberCoupon.status, 'unused')))
    .orderBy(asc(memberCoupon.id))
    .for('update');
  for (const c of rows) {
    const after = addDays(c.validTo, d.days);
    await tx.update(memberCoupon).set({ validTo: after }).where(eq(memberCoupon.id, c.id));
    await tx.insert(couponLedger).values({
      couponId: c.id,
      templateId: c.templateId,
      memberId: c.memberId,
      kind: 'extend',
      statusAfter: 'unused',
      validToBefore: c.validTo,
      validToAfter: after,
      refType: 'coupon_delay',
      refId: d.delayId,
      key: `extend:${c.id}:${d.delayId}`,
      userId: d.userId,
      at: d.at,
    });
  }
  return rows.length;
};

/**
 * The nightly job: every 未使用 coupon whose last day is before `now`'s Beijing day becomes 已过期,
 * each with its 过期 ledger row (key by coupon and day: once). Answers how many.
 */
export const expireCoupons = (tx: Tx, now: Date): Promise<number> => {
  const day = formatDate(now);
  return endCoupons(
    tx,
    sql`${memberCoupon.validTo} < ${day}::date`,
    { status: 'expired', kind: 'expire', refType: 'expire' },
    (id) => `expire:${id}:${day}`,
    null,
    now,
  );
};
