/**
 * 裂变活动 (contract entities/fission.ts): the activities and every friend registered through a
 * share — their place in the sharing tree and the rewards their registration gave.
 */
import { CAMPAIGN_STATUSES } from '@zb/contract/entities/campaign';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { campaignColumns } from '../approvals/schema';
import { couponTemplate } from '../coupons/schema';
import { member } from '../members/schema';
import { openClient } from '../openApi/schema';

export const fissionAct = pgTable(
  'fission_act',
  {
    /** LX and the id in six digits: what the share link carries. */
    ...campaignColumns('LX'),
    friendCouponTemplateId: integer('friend_coupon_template_id').references(() => couponTemplate.id),
    sharerCouponTemplateId: integer('sharer_coupon_template_id').references(() => couponTemplate.id),
    sharerEvery: integer('sharer_every').notNull().default(1),
    sharerMax: integer('sharer_max').notNull().default(10),
  },
  (t) => [
    unique('fission_act_code_uq').on(t.code),
    index('fission_act_created_idx').on(t.createdAt, t.id),
    oneOf(
      'fission_act_status_chk',
      t.status,
      CAMPAIGN_STATUSES.map((s) => s.value),
    ),
    check('fission_act_rule_chk', sql`${t.sharerEvery} > 0 and ${t.sharerMax} > 0 and ${t.endDay} >= ${t.startDay}`),
  ],
);

export const fissionNode = pgTable(
  'fission_node',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actId: integer('act_id')
      .notNull()
      .references(() => fissionAct.id),
    clientId: integer('client_id').references(() => openClient.id),
    fissionNo: text('fission_no').notNull(),
    /** The friend registered. */
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    sharerId: integer('sharer_id')
      .notNull()
      .references(() => member.id),
    /** The sharer's own node when the sharer came through this activity too. */
    parentId: integer('parent_id').references((): AnyPgColumn => fissionNode.id),
    /** 1 under a first sharer, one more than the parent's under a friend who shared on. */
    level: integer('level').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    friendCoupon: boolean('friend_coupon').notNull().default(false),
    /** The sharer took a reward on this registration (their every-N-th friend). */
    sharerRewarded: boolean('sharer_rewarded').notNull().default(false),
    /** Why a coupon could not be given (the coupon side's reason). */
    note: text('note'),
  },
  (t) => [
    unique('fission_node_no_uq').on(t.clientId, t.fissionNo),
    unique('fission_node_member_uq').on(t.actId, t.memberId),
    index('fission_node_act_idx').on(t.actId, t.at),
    index('fission_node_sharer_idx').on(t.actId, t.sharerId),
    check('fission_node_level_chk', sql`${t.level} > 0 and ${t.memberId} <> ${t.sharerId}`),
  ],
);
