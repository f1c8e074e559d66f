/**
 * 老板赠送 (contract entities/bossGift.ts): the activities, the gifts each offers with what one
 * counts against a store's budget, and every gift a store's boss gave a member.
 */
import { CAMPAIGN_STATUSES } from '@zb/contract/entities/campaign';
import { COUPON_SCOPES } from '@zb/contract/entities/coupon';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { campaignColumns } from '../approvals/schema';
import { couponTemplate } from '../coupons/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';

export const bossGiftAct = pgTable(
  'boss_gift_act',
  {
    /** LB and the id in six digits. */
    ...campaignColumns('LB'),
    storeBudget: integer('store_budget').notNull(),
    perMemberMax: integer('per_member_max').notNull().default(3),
    storeScope: text('store_scope').notNull().default('all'),
    storeCodes: text('store_codes'),
  },
  (t) => [
    unique('boss_gift_act_code_uq').on(t.code),
    index('boss_gift_act_created_idx').on(t.createdAt, t.id),
    oneOf(
      'boss_gift_act_status_chk',
      t.status,
      CAMPAIGN_STATUSES.map((s) => s.value),
    ),
    oneOf(
      'boss_gift_act_scope_chk',
      t.storeScope,
      COUPON_SCOPES.map((s) => s.value),
    ),
    check(
      'boss_gift_act_amounts_chk',
      sql`${t.storeBudget} > 0 and ${t.perMemberMax} > 0 and ${t.endDay} >= ${t.startDay}`,
    ),
  ],
);

export const bossGiftItem = pgTable(
  'boss_gift_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actId: integer('act_id')
      .notNull()
      .references(() => bossGiftAct.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    couponTemplateId: integer('coupon_template_id')
      .notNull()
      .references(() => couponTemplate.id),
    /** 分 one coupon counts against the store's budget. */
    value: integer('value').notNull(),
  },
  (t) => [
    unique('boss_gift_item_uq').on(t.actId, t.couponTemplateId),
    check('boss_gift_item_value_chk', sql`${t.value} > 0`),
  ],
);

export const bossGiftRecord = pgTable(
  'boss_gift_record',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actId: integer('act_id')
      .notNull()
      .references(() => bossGiftAct.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    couponTemplateId: integer('coupon_template_id')
      .notNull()
      .references(() => couponTemplate.id),
    count: integer('count').notNull(),
    /** count × the item's value: what the gift took of the store's budget. */
    value: integer('value').notNull(),
    /** The coupon issues of the gift (one per coupon of each member): the member's coupons among them are this gift's. */
    issueIds: integer('issue_ids').array().notNull(),
    givenBy: integer('given_by').references(() => userAccount.id, { onDelete: 'set null' }),
    remark: text('remark'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('boss_gift_record_act_store_idx').on(t.actId, t.storeId),
    index('boss_gift_record_member_idx').on(t.memberId, t.actId),
    index('boss_gift_record_at_idx').on(t.at),
    check('boss_gift_record_amounts_chk', sql`${t.count} > 0 and ${t.value} > 0`),
  ],
);
