/**
 * 人群 (docs/domain.md "Crowds"): a crowd's rule (contract entities/crowd.ts CrowdRule, as jsonb),
 * its words and its last count; the snapshots that froze its members at a moment, and their
 * member ids. A snapshot is never changed after it is written.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const who = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });

export const crowd = pgTable(
  'crowd',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    /** The contract's CrowdRule: groups (或) of conditions (且). */
    rule: jsonb('rule').notNull(),
    /** The rule in words as saved (names of stores, levels … at that moment). */
    summary: text('summary').notNull(),
    /** The members it selected at the last save or snapshot, in the saver's data scope. */
    lastCount: integer('last_count'),
    lastCountedAt: at('last_counted_at'),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: who('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('crowd_created_idx').on(t.createdAt, t.id)],
);

export const crowdSnapshot = pgTable(
  'crowd_snapshot',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    crowdId: integer('crowd_id')
      .notNull()
      .references(() => crowd.id, { onDelete: 'cascade' }),
    /** The rule and its words as they were when frozen. */
    rule: jsonb('rule').notNull(),
    summary: text('summary').notNull(),
    /** How many members it froze (its crowd_snapshot_member rows). */
    count: integer('count').notNull(),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('crowd_snapshot_crowd_idx').on(t.crowdId, t.id),
    check('crowd_snapshot_count_chk', sql`${t.count} >= 0`),
  ],
);

/** The members a snapshot froze; read in member-id order (crowdMemberIds pages by it). */
export const crowdSnapshotMember = pgTable(
  'crowd_snapshot_member',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => crowdSnapshot.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.memberId] }),
    index('crowd_snapshot_member_member_idx').on(t.memberId),
  ],
);
