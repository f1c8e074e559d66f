/**
 * 赠送方案 (contract entities/giftPlan.ts): the plans, and each gift a bill's top-up or card sale
 * took (written in the bill's transaction through bills' `billGifts` hook).
 */
import { CAMPAIGN_STATUSES } from '@zb/contract/entities/campaign';
import { COUPON_SCOPES } from '@zb/contract/entities/coupon';
import { GIFT_TRIGGERS } from '@zb/contract/entities/giftPlan';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { campaignColumns } from '../approvals/schema';
import { couponTemplate } from '../coupons/schema';
import { member, memberCard, memberConsume } from '../members/schema';
import { store } from '../stores/schema';

export const giftPlan = pgTable(
  'gift_plan',
  {
    /** ZS and the id in six digits. */
    ...campaignColumns('ZS'),
    trigger: text('trigger').notNull(),
    /** 充值赠送: the least top-up (分) that takes the gift. */
    minAmount: integer('min_amount').notNull().default(0),
    /** 购卡赠送: the cards' codes, upper case, comma separated. */
    cardCodes: text('card_codes'),
    giftBonus: integer('gift_bonus').notNull().default(0),
    couponTemplateId: integer('coupon_template_id').references(() => couponTemplate.id),
    couponCount: integer('coupon_count').notNull().default(0),
    storeScope: text('store_scope').notNull().default('all'),
    storeCodes: text('store_codes'),
  },
  (t) => [
    unique('gift_plan_code_uq').on(t.code),
    index('gift_plan_created_idx').on(t.createdAt, t.id),
    index('gift_plan_active_idx').on(t.status, t.trigger, t.startDay, t.endDay),
    oneOf(
      'gift_plan_status_chk',
      t.status,
      CAMPAIGN_STATUSES.map((s) => s.value),
    ),
    oneOf(
      'gift_plan_trigger_chk',
      t.trigger,
      GIFT_TRIGGERS.map((s) => s.value),
    ),
    oneOf(
      'gift_plan_scope_chk',
      t.storeScope,
      COUPON_SCOPES.map((s) => s.value),
    ),
    check(
      'gift_plan_amounts_chk',
      sql`${t.minAmount} >= 0 and ${t.giftBonus} >= 0 and ${t.couponCount} between 0 and 10 and ${t.endDay} >= ${t.startDay}`,
    ),
  ],
);

export const giftRecord = pgTable(
  'gift_record',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => giftPlan.id),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id),
    line: integer('line').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** The stored card topped up or the card sold. */
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    trigger: text('trigger').notNull(),
    /** The top-up's amount or the card's price paid. */
    amount: integer('amount').notNull(),
    bonus: integer('bonus').notNull().default(0),
    /** Coupons issued (of the plan's template), and why fewer than the plan's when so. */
    coupons: integer('coupons').notNull().default(0),
    note: text('note'),
  },
  (t) => [
    unique('gift_record_line_uq').on(t.consumeId, t.line),
    index('gift_record_plan_idx').on(t.planId, t.at),
    index('gift_record_at_idx').on(t.at),
    oneOf(
      'gift_record_trigger_chk',
      t.trigger,
      GIFT_TRIGGERS.map((s) => s.value),
    ),
    check('gift_record_amounts_chk', sql`${t.amount} >= 0 and ${t.bonus} >= 0 and ${t.coupons} >= 0`),
  ],
);
