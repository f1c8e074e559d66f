/**
 * Marketing activities (docs/domain.md "Marketing"): one table for every kind of activity (only
 * 实体卡 `realCard` so far), and the printed cards of a real-card activity. A card's claim code is
 * not stored: it is an HMAC of its number under a server key (realCards.ts), so a copy of this
 * table does not let anyone claim a card.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { card } from '../goods/schema';
import { member, memberCard } from '../members/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const who = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });

export const marketingActivity = pgTable(
  'marketing_activity',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** realCard 实体卡 (contract ACTIVITY_KINDS). */
    kind: text('kind').notNull(),
    /** HD + the id, six digits or more; set in the creating transaction. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** draft, pending, approved, rejected, disabled (contract ACTIVITY_STATUSES). */
    status: text('status').notNull().default('draft'),
    /** Real cards: the goods card a claim hands out and how many cards were made. */
    cardId: integer('card_id').references(() => card.id),
    quantity: integer('quantity'),
    /** The claiming period, Beijing dates, both days included. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: who('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    submittedBy: who('submitted_by'),
    submittedAt: at('submitted_at'),
    approvedBy: who('approved_by'),
    approvedAt: at('approved_at'),
    rejectedBy: who('rejected_by'),
    rejectedAt: at('rejected_at'),
    disabledBy: who('disabled_by'),
    disabledAt: at('disabled_at'),
  },
  (t) => [
    unique('marketing_activity_code_uq').on(t.code),
    index('marketing_activity_created_idx').on(t.createdAt, t.id),
    index('marketing_activity_status_idx').on(t.status, t.createdAt),
    check('marketing_activity_kind_chk', sql`${t.kind} in ('realCard')`),
    check(
      'marketing_activity_status_chk',
      sql`${t.status} in ('draft', 'pending', 'approved', 'rejected', 'disabled')`,
    ),
    check(
      'marketing_activity_real_card_chk',
      sql`${t.kind} <> 'realCard' or (${t.cardId} is not null and ${t.quantity} between 1 and 20000)`,
    ),
    check('marketing_activity_period_chk', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const marketingRealCard = pgTable(
  'marketing_real_card',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => marketingActivity.id, { onDelete: 'cascade' }),
    /** The goods card a claim hands out (the activity's, kept per card for the member ledger). */
    cardId: integer('card_id')
      .notNull()
      .references(() => card.id),
    /** 1 … quantity within the activity. */
    seq: integer('seq').notNull(),
    /** contract realCardNumber: activity id, sequence, Luhn digit. */
    number: text('number').notNull(),
    /** unclaimed, claimed, voided (contract REAL_CARD_STATUSES). */
    status: text('status').notNull().default('unclaimed'),
    /** The claiming member's phone at the claim. */
    memberPhone: text('member_phone'),
    /** The member who claimed it. */
    memberId: integer('member_id').references(() => member.id),
    /** The member card the claim opened (in the claim's transaction, through the ledger's openCard). */
    memberCardId: integer('member_card_id').references(() => memberCard.id),
    claimedAt: at('claimed_at'),
    voidedBy: who('voided_by'),
    voidedAt: at('voided_at'),
  },
  (t) => [
    unique('marketing_real_card_number_uq').on(t.number),
    unique('marketing_real_card_seq_uq').on(t.activityId, t.seq),
    unique('marketing_real_card_member_card_uq').on(t.memberCardId),
    index('marketing_real_card_status_idx').on(t.activityId, t.status, t.seq),
    check('marketing_real_card_status_chk', sql`${t.status} in ('unclaimed', 'claimed', 'voided')`),
    check(
      'marketing_real_card_claim_chk',
      sql`(${t.status} = 'claimed') = (${t.claimedAt} is not null and ${t.memberPhone} is not null)`,
    ),
    // NOT VALID in the migration: cards claimed before claims opened member cards keep neither id.
    check(
      'marketing_real_card_claim_member_chk',
      sql`(${t.status} = 'claimed') = (${t.memberId} is not null and ${t.memberCardId} is not null)`,
    ),
  ],
);
