/**
 * 对接 SHR (contract entities/shr.ts): the organisation and job mappings, the link of each SHR
 * person to our staff member, every sync run and every change it made; and the state of the
 * built-in SHR simulator (shrsim_person), which stands where SHR's own database would be.
 */
import { SHR_CHANGE_ACTIONS, SHR_RUN_STATUSES, SHR_RUN_TRIGGERS } from '@zb/contract/entities/shr';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { masterItem } from '../master/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An SHR organisation is one store. */
export const shrOrg = pgTable(
  'shr_org',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgCode: text('org_code').notNull(),
    orgName: text('org_name'),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('shr_org_code_uq').on(t.orgCode), index('shr_org_store_idx').on(t.storeId)],
);

/** An SHR 职位 is one of our 岗位 (a master item of kind position). */
export const shrJob = pgTable(
  'shr_job',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobCode: text('job_code').notNull(),
    jobName: text('job_name'),
    positionId: integer('position_id')
      .notNull()
      .references(() => masterItem.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('shr_job_code_uq').on(t.jobCode)],
);

/** Which staff member an SHR person is: one each way. */
export const shrStaffLink = pgTable(
  'shr_staff_link',
  {
    personNo: text('person_no').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** SHR's updatedAt of the person as last applied. */
    shrUpdatedAt: at('shr_updated_at').notNull(),
    linkedAt: at('linked_at').notNull().defaultNow(),
  },
  (t) => [unique('shr_staff_link_staff_uq').on(t.staffId)],
);

/** A sync run: what it asked, what it found, how it ended. At most one runs at a time. */
export const shrRun = pgTable(
  'shr_run',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('running'),
    /** Changes after this instant were asked for; null: everyone (the first run, or 全量). */
    since: at('since'),
    /** The watermark the next run starts from; set when the run ends well enough to move it. */
    until: at('until'),
    fetched: integer('fetched').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    leftCount: integer('left_count').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    unmappedOrgs: text('unmapped_orgs').array().notNull().default(sql`'{}'::text[]`),
    operatorId: integer('operator_id').references(() => userAccount.id, { onDelete: 'set null' }),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    oneOf(
      'shr_run_trigger_chk',
      t.trigger,
      SHR_RUN_TRIGGERS.map((x) => x.value),
    ),
    oneOf(
      'shr_run_status_chk',
      t.status,
      SHR_RUN_STATUSES.map((x) => x.value),
    ),
    index('shr_run_started_idx').on(t.startedAt, t.id),
    // Two syncs at once: the second insert fails on this index and answers SHR-40901.
    uniqueIndex('shr_run_one_running_uq').on(t.status).where(sql`${t.status} = 'running'`),
  ],
);

/** What a run did to one person. */
export const shrChange = pgTable(
  'shr_change',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => shrRun.id, { onDelete: 'cascade' }),
    personNo: text('person_no').notNull(),
    name: text('name').notNull(),
    action: text('action').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => store.id, { onDelete: 'set null' }),
    detail: text('detail').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    oneOf(
      'shr_change_action_chk',
      t.action,
      SHR_CHANGE_ACTIONS.map((x) => x.value),
    ),
    index('shr_change_run_idx').on(t.runId, t.id),
    index('shr_change_at_idx').on(t.at, t.id),
    index('shr_change_person_idx').on(t.personNo),
  ],
);

/** The SHR simulator's people (its own state, not ours): what SHR would answer. */
export const shrsimPerson = pgTable(
  'shrsim_person',
  {
    personNo: text('person_no').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    orgCode: text('org_code').notNull(),
    orgName: text('org_name').notNull(),
    jobCode: text('job_code').notNull(),
    jobName: text('job_name').notNull(),
    /** 试用, 在职 or 离职. */
    status: text('status').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    leaveDate: date('leave_date', { mode: 'string' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('shrsim_person_updated_idx').on(t.updatedAt, t.personNo),
    check('shrsim_person_status_chk', sql`${t.status} in ('试用', '在职', '离职')`),
  ],
);
