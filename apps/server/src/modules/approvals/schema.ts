/** Approvals (审批): an application with its decision, and the history of what happened to it. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';

export const approval = pgTable(
  'approval',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Approval number (spNo): SP + the day (yyyymmdd) + a 4-digit sequence of that day. */
    spNo: text('sp_no').notNull().unique(),
    /** A key of the contract's APPROVAL_TYPES. */
    type: text('type').notNull(),
    /**
     * The console user who applied; null for an application a store sent through the open API
     * (a refund from a POS): the record it decides names its sender (refund.approval_id).
     */
    applicantId: integer('applicant_id').references(() => userAccount.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => store.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    status: text('status').notNull().default('pending'),
    deciderId: integer('decider_id').references(() => userAccount.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the applicant signed in with the approved application (authorizeLogin); once only. */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  },
  (t) => [
    check('approval_status_chk', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('approval_created_idx').on(t.createdAt, t.id),
    index('approval_status_created_idx').on(t.status, t.createdAt, t.id),
    index('approval_applicant_idx').on(t.applicantId, t.status),
    // At most one pending 老板权限 application per applicant, even when two requests race (a user
    // may have several refund applications pending: each decides its own record).
    uniqueIndex('approval_one_pending_uq')
      .on(t.applicantId, t.type)
      .where(sql`${t.status} = 'pending' and ${t.type} = 'bossAuthority'`),
  ],
);

export const approvalEvent = pgTable(
  'approval_event',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    approvalId: integer('approval_id')
      .notNull()
      .references(() => approval.id, { onDelete: 'cascade' }),
    /** submit, approve, reject, authorize. */
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => userAccount.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_event_approval_idx').on(t.approvalId, t.at),
    check('approval_event_action_chk', sql`${t.action} in ('submit', 'approve', 'reject', 'authorize')`),
  ],
);

/**
 * The columns every head-office plan (contract entities/campaign.ts) has: its code (`prefix` and
 * the id in six digits), name, state, dates, remark, the application that reviews it, and who made
 * it when. A plan's table spreads them and adds its own.
 */
export const campaignColumns = (prefix: string) => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code')
    .notNull()
    .generatedAlwaysAs(sql.raw(`'${prefix}' || lpad(id::text, 6, '0')`)),
  name: text('name').notNull(),
  status: text('status').notNull().default('draft'),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  endDay: date('end_day', { mode: 'string' }).notNull(),
  remark: text('remark'),
  approvalId: integer('approval_id').references(() => approval.id, { onDelete: 'set null' }),
  createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
