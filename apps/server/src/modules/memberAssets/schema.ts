/**
 * A member card's handlings (contract api/memberAssets.ts): 冻结 and 解冻 (done at once) and 调整 (an
 * application in the approval center, written to the card ledger as 调整 under this record's
 * reference `card_handling:<id>` when approved). The card's handling history is its rows.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
