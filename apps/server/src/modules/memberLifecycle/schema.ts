/**
 * 会员生命周期 (contract entities/memberLifecycle.ts): the versioned definition, the stages computed
 * from it, and the recomputations a new version starts.
 *
 * member_stage keeps a row only where a member's stage changes: [valid_from, valid_to) in Beijing
 * days, valid_to null for the last one. The stage of every member on day D is one query
 * (valid_from ≤ D < valid_to), and so is the flow between two days (two of those joined by
 * member). A member's rows are computed whole from their events (lifecycle.ts), including the
 * changes their events already decide for the days ahead (活跃 turns 沉睡 60 days after the last
 * visit unless another comes): a new event recomputes the member.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Every version of the definition; the highest is current. */
export const memberLifecycleDef = pgTable('member_lifecycle_def', {
  version: integer('version').primaryKey(),
  /** LifecycleParams. */
  params: jsonb('params').notNull(),
  note: text('note'),
  createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A member's stage over a span of days, per basis (LIFECYCLE_BASES). */
export const memberStage = pgTable(
  'member_stage',
  {
    basis: text('basis').notNull(),
    memberId: integer('member_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Exclusive; null: until a new event changes it. */
    validTo: date('valid_to', { mode: 'string' }),
    stage: text('stage').notNull(),
    /** The member's home store when computed (the reports' 门店 and data scope). */
    storeId: integer('store_id').notNull(),
  },
  (t) => [
    // By member first: the job replaces a batch of members' rows by their ids.
    primaryKey({ columns: [t.memberId, t.basis, t.validFrom] }),
    index('member_stage_store_idx').on(t.storeId, t.basis),
    check('member_stage_basis_chk', sql`${t.basis} in ('visit', 'buyCard', 'drawCard')`),
    check('member_stage_stage_chk', sql`${t.stage} in ('new', 'active', 'general', 'sleeping', 'lost', 'returned')`),
    check('member_stage_span_chk', sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
  ],
);

/** A recomputation of every member under one version (queued by a save, run by the job). */
export const memberLifecycleRun = pgTable(
  'member_lifecycle_run',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull(),
    /** LIFECYCLE_RUN_STATUSES. */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** The last member id computed: a run cut short resumes after it. */
    cursor: integer('cursor').notNull().default(0),
    message: text('message'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('member_lifecycle_run_status_idx').on(t.status, t.id),
    check('member_lifecycle_run_status_chk', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * The job's watermarks (one row): the version the stages were computed under, the last bill and
 * ledger row seen, and when bills were last looked at for 关单 (a closed bill drops out).
 */
export const memberLifecycleState = pgTable('member_lifecycle_state', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(-1),
  billId: integer('bill_id').notNull().default(0),
  ledgerId: bigint('ledger_id', { mode: 'number' }).notNull().default(0),
  closedSince: at('closed_since'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
