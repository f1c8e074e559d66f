/**
 * A member card's handlings (contract api/memberAssets.ts): 冻结 and 解冻 (done at once) and 调整 (an
 * application in the approval center, written to the card ledger as 调整 under this record's
 * reference `card_handling:<id>` when approved). The card's handling history is its rows.
 */
import { CARD_CLOSURE_KINDS, CARD_CLOSURE_STATUSES } from '@zb/contract/api/memberAssets';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { project } from '../goods/schema';
import { member, memberCard } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const cardHandling = pgTable(
  'card_handling',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id),
    /** CARD_HANDLING_ACTIONS. */
    action: text('action').notNull(),
    /** CARD_HANDLING_STATUSES: done (冻结, 解冻), pending → approved | rejected (调整). */
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    /** 调整: signed 分 of the principal and bonus (储值卡), or one project's signed sessions (套餐卡). */
    amount: integer('amount').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    projectId: integer('project_id').references(() => project.id),
    sessions: integer('sessions').notNull().default(0),
    approvalId: integer('approval_id').references(() => approval.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('card_handling_card_idx').on(t.memberCardId, t.id),
    index('card_handling_approval_idx').on(t.approvalId),
    check('card_handling_action_chk', sql`${t.action} in ('freeze', 'unfreeze', 'adjust')`),
    check('card_handling_status_chk', sql`${t.status} in ('done', 'pending', 'approved', 'rejected')`),
  ],
);

/**
 * /abnormalCardList's findings (anomalies.ts): one row per card and rule it breaks
 * (ABNORMAL_RULES), with its evidence and the card's figures as of the check, so the list, its
 * count and its totals read this table alone (the names by key). A trigger on member_card queues
 * every card whose balances, sessions, status or expiry change (card_anomaly_dirty); before each
 * read of the list the queued cards, and those that expired since, are checked again; the whole
 * chain is checked again nightly (the rules' recent-days windows move on) and when never checked.
 */
export const cardAnomaly = pgTable(
  'card_anomaly',
  {
    /** No foreign keys: a derived table, kept by checking its cards again (a deleted card is queued too). */
    memberCardId: integer('member_card_id').notNull(),
    /** ABNORMAL_RULES' value, and its place in that list (the row's id: card × 10 + place). */
    rule: text('rule').notNull(),
    place: smallint('place').notNull(),
    evidence: text('evidence').notNull(),
    cardNo: text('card_no').notNull(),
    memberId: integer('member_id').notNull(),
    cardId: integer('card_id').notNull(),
    kind: text('kind').notNull(),
    storeId: integer('store_id').notNull(),
    status: text('status').notNull(),
    expiresAt: at('expires_at'),
    balance: integer('balance'),
    bonusBalance: integer('bonus_balance'),
    sessionsLeft: integer('sessions_left').notNull(),
    foundAt: at('found_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberCardId, t.place] }),
    index('card_anomaly_card_no_idx').on(t.cardNo, t.place),
    index('card_anomaly_store_idx').on(t.storeId, t.cardNo),
    index('card_anomaly_rule_idx').on(t.rule, t.cardNo),
  ],
);

/** Cards to check again (queued by the member_card trigger card_anomaly_touch). */
export const cardAnomalyDirty = pgTable('card_anomaly_dirty', {
  memberCardId: integer('member_card_id').primaryKey(),
});

/** The last whole check, and the expiry time up to which expired cards have been checked. */
export const cardAnomalyState = pgTable(
  'card_anomaly_state',
  {
    id: smallint('id').primaryKey().default(1),
    scannedAt: at('scanned_at').notNull(),
    expiriesTo: at('expiries_to').notNull(),
  },
  (t) => [check('card_anomaly_state_one_chk', sql`${t.id} = 1`)],
);

/**
 * 补卡 and 注销 applications (contract api/memberAssets.ts CARD_CLOSURE_KINDS): one row each, pending
 * until the approval center decides it; approving it writes the card ledger under this row's id
 * (`card_reissue_out` / `card_reissue_in` for 补卡, `card_cancel` for 注销) in the decision's
 * transaction and marks it executed. amount / bonus / sessions: the card's 本金, 赠金 and sessions
 * left when applied, then what the ledger moved (补卡) or cleared (注销) when executed.
 */
export const cardClosure = pgTable(
  'card_closure',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id),
    /** The card's selling store (the scope of the application) and member, when applied. */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    reason: text('reason').notNull(),
    /** 补卡: the new card's number as given (卡面号), unique among applications not rejected. */
    newCardNo: text('new_card_no'),
    /** 补卡, once executed: the new member card (its predecessor_id is member_card_id). */
    newMemberCardId: integer('new_member_card_id').references(() => memberCard.id),
    /** 注销: CARD_CANCEL_RULES, and the 分 paid back to the member (退还本金; 0 when forfeited). */
    rule: text('rule'),
    refundAmount: integer('refund_amount').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    approvalId: integer('approval_id').references(() => approval.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Who decided and when: for an executed 注销, who approved the refund and when it was recorded. */
    decidedBy: integer('decided_by').references(() => userAccount.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('card_closure_card_idx').on(t.memberCardId, t.id),
    index('card_closure_approval_idx').on(t.approvalId),
    index('card_closure_created_idx').on(t.createdAt, t.id),
    // One application of a card waits at a time; a new card number is given once.
    uniqueIndex('card_closure_pending_uq').on(t.memberCardId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('card_closure_new_no_uq').on(t.newCardNo).where(sql`${t.status} <> 'rejected'`),
    oneOf(
      'card_closure_kind_chk',
      t.kind,
      CARD_CLOSURE_KINDS.map((k) => k.value),
    ),
    oneOf(
      'card_closure_status_chk',
      t.status,
      CARD_CLOSURE_STATUSES.map((k) => k.value),
    ),
    check(
      'card_closure_fields_chk',
      sql`(${t.kind} = 'reissue' and ${t.newCardNo} is not null and ${t.rule} is null and ${t.refundAmount} = 0)
        or (${t.kind} = 'cancel' and ${t.newCardNo} is null and ((${t.rule} = 'refund' and ${t.refundAmount} >= 0) or (${t.rule} = 'forfeit' and ${t.refundAmount} = 0)))`,
    ),
  ],
);
