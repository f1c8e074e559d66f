/**
 * 推广方案 (contract entities/promotion.ts): the plans and the referrals registered under them,
 * each rewarded at most once by its member's first bill.
 */
import {
  PROMOTION_REFERRERS,
  PROMOTION_REWARDS,
  PROMOTION_STATUSES,
  REFERRAL_STATUSES,
  REFERRER_KINDS,
} from '@zb/contract/entities/promotion';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { campaignColumns } from '../approvals/schema';
import { couponIssue, couponTemplate } from '../coupons/schema';
import { member, memberConsume } from '../members/schema';
import { openClient } from '../openApi/schema';
import { staff } from '../staff/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const promotion = pgTable(
  'promotion',
  {
    /** TG and the id in six digits: what the share link carries. */
    ...campaignColumns('TG'),
    referrerKind: text('referrer_kind').notNull(),
    minFirstAmount: integer('min_first_amount').notNull().default(0),
    firstWithinDays: integer('first_within_days').notNull().default(30),
    rewardKind: text('reward_kind').notNull().default('points'),
    rewardPoints: integer('reward_points').notNull().default(0),
    couponTemplateId: integer('coupon_template_id').references(() => couponTemplate.id),
    staffReward: integer('staff_reward').notNull().default(0),
    /** Kept by the referrals' writers in their transactions. */
    referrals: integer('referrals').notNull().default(0),
    rewarded: integer('rewarded').notNull().default(0),
    firstRevenue: integer('first_revenue').notNull().default(0),
  },
  (t) => [
    unique('promotion_code_uq').on(t.code),
    index('promotion_created_idx').on(t.createdAt, t.id),
    oneOf(
      'promotion_status_chk',
      t.status,
      PROMOTION_STATUSES.map((s) => s.value),
    ),
    oneOf(
      'promotion_referrer_chk',
      t.referrerKind,
      PROMOTION_REFERRERS.map((x) => x.value),
    ),
    oneOf(
      'promotion_reward_chk',
      t.rewardKind,
      PROMOTION_REWARDS.map((x) => x.value),
    ),
    check(
      'promotion_amounts_chk',
      sql`${t.minFirstAmount} >= 0 and ${t.rewardPoints} >= 0 and ${t.staffReward} >= 0 and ${t.firstWithinDays} > 0 and ${t.endDay} >= ${t.startDay}`,
    ),
  ],
);

export const promotionReferral = pgTable(
  'promotion_referral',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotion.id),
    clientId: integer('client_id').references(() => openClient.id),
    referralNo: text('referral_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    referrerKind: text('referrer_kind').notNull(),
    referrerMemberId: integer('referrer_member_id').references(() => member.id),
    referrerStaffId: integer('referrer_staff_id').references(() => staff.id),
    status: text('status').notNull().default('registered'),
    registeredAt: at('registered_at').notNull(),
    firstBillId: integer('first_bill_id').references(() => memberConsume.id),
    firstAmount: integer('first_amount'),
    rewardPoints: integer('reward_points').notNull().default(0),
    couponIssueId: integer('coupon_issue_id').references(() => couponIssue.id),
    staffReward: integer('staff_reward').notNull().default(0),
    /** Why a coupon reward could not be given (the coupon side's reason); the referral is rewarded otherwise. */
    rewardNote: text('reward_note'),
    rewardedAt: at('rewarded_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('promotion_referral_no_uq').on(t.clientId, t.referralNo),
    // A member is referred once, whoever refers them.
    unique('promotion_referral_member_uq').on(t.memberId),
    index('promotion_referral_promotion_idx').on(t.promotionId, t.registeredAt),
    oneOf(
      'promotion_referral_status_chk',
      t.status,
      REFERRAL_STATUSES.map((s) => s.value),
    ),
    oneOf(
      'promotion_referral_kind_chk',
      t.referrerKind,
      REFERRER_KINDS.map((x) => x.value),
    ),
    check(
      'promotion_referral_referrer_chk',
      sql`(${t.referrerKind} = 'member' and ${t.referrerMemberId} is not null and ${t.referrerStaffId} is null)
        or (${t.referrerKind} = 'staff' and ${t.referrerStaffId} is not null and ${t.referrerMemberId} is null)`,
    ),
  ],
);
