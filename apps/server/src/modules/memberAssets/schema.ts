/**
 * A member card's handlings (contract api/memberAssets.ts): 冻结 and 解冻 (done at once) and 调整 (an
 * application in the approval center, written to the card ledger as 调整 under this record's
 * reference `card_handling:<id>` when approved). The card's handling history is its rows.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { project } from '../goods/schema';
import { memberCard } from '../members/schema';

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
