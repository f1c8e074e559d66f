/**
 * 推广方案 (contract entities/promotion.ts): the plans on the resource engine with their rules, 提交审核
 * through the approval center, 停用, the job that ends plans past their end day, the open API's
 * referral registration, and the reward of a referral by its member's first bill (bills'
 * `billWritten` hook, in the bill's transaction).
 */
import {
  type OpenReferralAnswer,
  type OpenReferralBody,
  PROMOTION,
  PROMOTION_REFERRAL,
  type ReferralStatus,
} from '@zb/contract/entities/promotion';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { campaignLifecycle, campaignReads, checkCampaignDays } from '../approvals/campaigns';
import { issueCoupons } from '../coupons/ledger';
import { couponTemplate } from '../coupons/schema';
import { uniqueViolation } from '../hierarchy/dbErrors';
import { creditReward } from '../memberAccount/points';
import { member, memberConsume } from '../members/schema';
import type { OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { promotion, promotionReferral } from './schema';

const invalidReferral = (msg: string) => new BizError(ERR.REFERRAL_INVALID, msg);

/** The reward rule as the plan will be: its fields checked together. */
const checkRule = async (tx: Tx, row: Values) => {
  checkCampaignDays(row);
  if (row.referrerKind !== 'staff') {
    if (row.rewardKind === 'points' && !(Number(row.rewardPoints) > 0)) {
      throw fieldError('rewardPoints', '会员推荐奖励积分时，请填写大于 0 的奖励积分');
    }
    if (row.rewardKind === 'coupon') {
      if (!row.couponTemplateId) throw fieldError('couponTemplateId', '会员推荐奖励优惠券时，请选择奖励优惠券');
      const [t] = await tx
        .select({ id: couponTemplate.id })
        .from(couponTemplate)
        .where(eq(couponTemplate.id, Number(row.couponTemplateId)));
      if (!t) throw fieldError('couponTemplateId', '奖励优惠券不存在');
    }
  }
  if (row.referrerKind !== 'member' && !(Number(row.staffReward) > 0)) {
    throw fieldError('staffReward', '接受员工推荐时，请填写大于 0 的员工推荐奖励');
  }
};

export const promotionLifecycle = campaignLifecycle({
  type: 'promotion',
  title: '推广方案',
  detailPage: '/promotionDetail',
  stateCode: ERR.PROMOTION_STATE,
  ...campaignReads(promotion),
  setStatus: async (tx, id, status, approvalId) => {
    await tx
      .update(promotion)
      .set({ status, ...(approvalId ? { approvalId } : {}) })
      .where(eq(promotion.id, id));
  },
  check: async (tx, id) => {
    const [p] = await tx.select().from(promotion).where(eq(promotion.id, id));
    await checkRule(tx, p as unknown as Values);
  },
});
const editable = promotionLifecycle.editable;
export const submitPromotion = promotionLifecycle.submit;

export const promotionBinding = bindResource({
  decl: PROMOTION,
  table: promotion,
  id: promotion.id,
  columns: { couponName: couponTemplate.name },
  joins: [{ table: couponTemplate, on: eq(couponTemplate.id, promotion.couponTemplateId) }],
  service: {
    create: async ({ tx, auth }, values) => {
      await checkRule(tx, values);
      const [row] = await tx
        .insert(promotion)
        .values({ ...(values as typeof promotion.$inferInsert), createdBy: auth.user.id })
        .returning({ id: promotion.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await editable(tx, id);
      await checkRule(tx, { ...before, ...values });
      await tx.update(promotion).set(values).where(eq(promotion.id, id));
    },
    remove: async ({ tx }, id) => {
      await editable(tx, id);
      const [used] = await tx
        .select({ id: promotionReferral.id })
        .from(promotionReferral)
        .where(eq(promotionReferral.promotionId, id))
        .limit(1);
      if (used) throw new BizError(ERR.RECORD_IN_USE, '该推广方案已有推荐记录，不能删除');
      await tx.delete(promotion).where(eq(promotion.id, id));
    },
  },
});

const referee = alias(member, 'referee');
const referrerMember = alias(member, 'referrer_member');

export const referralBinding = bindResource({
  decl: PROMOTION_REFERRAL,
  table: promotionReferral,
  id: promotionReferral.id,
  columns: {
    memberName: referee.name,
    memberPhone: referee.phone,
    referrerName: sql<string>`coalesce(${referrerMember.name}, ${staff.name})`,
    reward: sql<string>`case
      when ${promotionReferral.status} <> 'rewarded' then null
      when ${promotionReferral.referrerKind} = 'staff'
        then '员工奖励 ' || to_char(${promotionReferral.staffReward} / 100.0, 'FM9999999990.00') || ' 元'
      when ${promotionReferral.rewardPoints} > 0 then '积分 ' || ${promotionReferral.rewardPoints}
      when ${promotionReferral.couponIssueId} is not null then '优惠券 1 张'
      else coalesce(${promotionReferral.rewardNote}, '未发放') end`,
  },
  joins: [
    { table: referee, on: eq(referee.id, promotionReferral.memberId), inner: true },
    { table: referrerMember, on: eq(referrerMember.id, promotionReferral.referrerMemberId) },
    { table: staff, on: eq(staff.id, promotionReferral.referrerStaffId) },
  ],
});

// ── 已结束 ──────────────────────────────────────────────────────────────────────

/** The scheduled job: plans past their end day end (their referrals stay, rewarded on a qualifying first bill). */
export const endPromotions = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(promotion)
    .set({ status: 'ended' })
    .where(and(eq(promotion.status, 'active'), lt(promotion.endDay, formatDate(now))))
    .returning({ id: promotion.id });
  return rows.length;
};

export const rewardCoupons = (db: Db) =>
  db
    .select({ id: couponTemplate.id, name: couponTemplate.name })
    .from(couponTemplate)
    .where(ne(couponTemplate.status, 'draft'))
    .orderBy(asc(couponTemplate.name));

// ── The open API: a referral ───────────────────────────────────────────────────

const answer = (r: { referralNo: string; status: string }, code: string, replayed: boolean): OpenReferralAnswer => ({
  referralNo: r.referralNo,
  promotionCode: code,
  status: r.status as ReferralStatus,
  replayed,
});

/** POST /open/v1/referrals: the same referralNo again answers the first result and writes nothing. */
export const registerReferral = async (
  db: Db,
  caller: OpenCaller,
  body: OpenReferralBody,
): Promise<OpenReferralAnswer> => {
  const replay = async () => {
    const [r] = await db
      .select({ referralNo: promotionReferral.referralNo, status: promotionReferral.status, code: promotion.code })
      .from(promotionReferral)
      .innerJoin(promotion, eq(promotion.id, promotionReferral.promotionId))
      .where(and(eq(promotionReferral.clientId, caller.clientId), eq(promotionReferral.referralNo, body.referralNo)));
    return r ? answer(r, r.code, true) : null;
  };
  const first = await replay();
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      const [p] = await tx.select().from(promotion).where(eq(promotion.code, body.promotionCode.toUpperCase()));
      if (!p) throw invalidReferral(`推广方案 ${body.promotionCode} 不存在`);
      const day = formatDate(new Date(body.at));
      if (p.status !== 'active' || day < p.startDay || day > p.endDay) {
        throw new BizError(ERR.PROMOTION_NOT_ACTIVE, `推广方案「${p.name}」未在进行中（${p.startDay} 至 ${p.endDay}）`);
      }
      if (p.referrerKind !== 'any' && p.referrerKind !== body.referrer.kind) {
        throw invalidReferral(p.referrerKind === 'member' ? '该方案只接受会员推荐' : '该方案只接受员工推荐');
      }
      const [m] = await tx.select({ id: member.id }).from(member).where(eq(member.phone, body.member));
      if (!m) throw invalidReferral('被推荐会员不存在，请先完成注册');
      const [bill] = await tx
        .select({ id: memberConsume.id })
        .from(memberConsume)
        .where(eq(memberConsume.memberId, m.id))
        .limit(1);
      if (bill) throw invalidReferral('该会员已有消费记录，不是新会员');
      let referrerMemberId: number | null = null;
      let referrerStaffId: number | null = null;
      if (body.referrer.kind === 'member') {
        const [r] = await tx.select({ id: member.id }).from(member).where(eq(member.phone, body.referrer.phone));
        if (!r) throw invalidReferral('推荐会员不存在');
        if (r.id === m.id) throw invalidReferral('不能推荐自己');
        referrerMemberId = r.id;
      } else {
        const [s] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(eq(staff.phone, body.referrer.phone), ne(staff.status, 'left')));
        if (!s) throw invalidReferral('推荐员工不存在或已离职');
        referrerStaffId = s.id;
      }
      const [made] = await tx
        .insert(promotionReferral)
        .values({
          promotionId: p.id,
          clientId: caller.clientId,
          referralNo: body.referralNo,
          memberId: m.id,
          referrerKind: body.referrer.kind,
          referrerMemberId,
          referrerStaffId,
          registeredAt: new Date(body.at),
        })
        .returning({ referralNo: promotionReferral.referralNo, status: promotionReferral.status });
      await tx
        .update(promotion)
        .set({ referrals: sql`${promotion.referrals} + 1` })
        .where(eq(promotion.id, p.id));
      return answer(made!, p.code, false);
    });
  } catch (e) {
    const key = uniqueViolation(e);
    if (key === 'promotion_referral_no_uq') {
      const again = await replay();
      if (again) return again;
    }
    if (key === 'promotion_referral_member_uq') throw invalidReferral('该会员已被推荐过');
    throw e;
  }
};

// ── The first bill ─────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

/**
 * bills' `billWritten` hook: the member's referral still waiting for its first bill is decided by
 * this bill — rewarded when it reaches the plan's threshold within its days, else 未达标 — in the
 * bill's transaction (the referral row locked: two bills at once decide it once). A coupon the
 * coupon side cannot give is noted on the referral, never a refusal of the bill.
 */
export const decideOnFirstBill = async (
  tx: Tx,
  bill: { consumeId: number; memberId: number; storeId: number; at: Date },
): Promise<void> => {
  const [r] = await tx
    .select()
    .from(promotionReferral)
    .where(and(eq(promotionReferral.memberId, bill.memberId), eq(promotionReferral.status, 'registered')))
    .for('update');
  // A bill dated before the referral (a late upload of an earlier visit) is no first bill after it.
  if (!r || bill.at.getTime() < r.registeredAt.getTime()) return;
  const [p] = await tx.select().from(promotion).where(eq(promotion.id, r.promotionId));
  const [b] = await tx
    .select({ total: memberConsume.total })
    .from(memberConsume)
    .where(eq(memberConsume.id, bill.consumeId));
  const total = b?.total ?? 0;
  const inTime = bill.at.getTime() <= r.registeredAt.getTime() + p!.firstWithinDays * DAY_MS;
  if (!inTime || total < p!.minFirstAmount) {
    await tx
      .update(promotionReferral)
      .set({ status: 'missed', firstBillId: bill.consumeId, firstAmount: total })
      .where(eq(promotionReferral.id, r.id));
    return;
  }
  let rewardPoints = 0;
  let couponIssueId: number | null = null;
  let staffReward = 0;
  let rewardNote: string | null = null;
  if (r.referrerKind === 'staff') {
    staffReward = p!.staffReward;
  } else if (p!.rewardKind === 'points') {
    rewardPoints = p!.rewardPoints;
    await creditReward(tx, {
      memberId: r.referrerMemberId!,
      points: rewardPoints,
      referralId: r.id,
      storeId: bill.storeId,
      remark: `推广奖励：${p!.name}`,
      at: bill.at,
    });
  } else if (p!.couponTemplateId) {
    try {
      // A savepoint: whatever the coupon side refuses leaves the bill whole.
      const issued = await tx.transaction((sp) =>
        issueCoupons(sp, {
          templateId: p!.couponTemplateId!,
          memberIds: [r.referrerMemberId!],
          source: 'promotion',
          label: p!.name,
          userId: null,
          at: bill.at,
        }),
      );
      couponIssueId = issued.issueId;
      if (issued.issued === 0) rewardNote = `优惠券未发放：${issued.failures[0]?.reason ?? '发放失败'}`;
    } catch (e) {
      rewardNote = `优惠券未发放：${e instanceof Error ? e.message : String(e)}`;
    }
  }
  await tx
    .update(promotionReferral)
    .set({
      status: 'rewarded',
      firstBillId: bill.consumeId,
      firstAmount: total,
      rewardPoints,
      couponIssueId,
      staffReward,
      rewardNote,
      rewardedAt: bill.at,
    })
    .where(eq(promotionReferral.id, r.id));
  await tx
    .update(promotion)
    .set({ rewarded: sql`${promotion.rewarded} + 1`, firstRevenue: sql`${promotion.firstRevenue} + ${total}` })
    .where(eq(promotion.id, p!.id));
};
