/**
 * 会员迁入 (contract entities/memberImport.ts): an uploaded file (member_import, a 迁入批次) and its
 * rows (member_import_row) with each row's parsed values, outcome and what it created. The rows
 * are written at the upload (the dry run); the import job writes members, cards and the card
 * ledger's 迁入 rows and marks each row created, batch by batch, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { card } from '../goods/schema';
import { member, memberCard } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const count = (name: string) => integer(name).notNull().default(0);

export const memberImport = pgTable(
  'member_import',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 迁入批次号: QR and the id in eight digits. */
    batchNo: text('batch_no').notNull().generatedAlwaysAs(sql`'QR' || lpad(id::text, 8, '0')`),
    fileName: text('file_name').notNull(),
    /** sha256 of the file's bytes: the same file again is told apart (its card numbers are skipped). */
    fileHash: text('file_hash').notNull(),
    /** MEMBER_IMPORT_STATES. */
    state: text('state').notNull().default('checked'),
    totalRows: count('total_rows'),
    errorRows: count('error_rows'),
    readyRows: count('ready_rows'),
    skippedRows: count('skipped_rows'),
    /** The dry run's figures (what the ready rows would create). */
    newMembers: count('new_members'),
    existingMembers: count('existing_members'),
    cards: count('cards'),
    principal: bigint('principal', { mode: 'number' }).notNull().default(0),
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
    /** The job's progress: ready rows dealt with, and of them created. */
    processedRows: count('processed_rows'),
    createdRows: count('created_rows'),
    failure: text('failure'),
    /**
     * The run's lease: the process running the batches (lease_holder) renews lease_until with each
     * batch; a run whose lease has passed (its process stopped) is resumed by another process from
     * its last committed batch, at most MEMBER_IMPORT_MAX_RESUMES times (resumes counts them).
     */
    leaseHolder: text('lease_holder'),
    leaseUntil: at('lease_until'),
    resumes: count('resumes'),
    /** Who started the run (the ledger rows name them; a resumed run writes as them). */
    startedBy: integer('started_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    rolledBackAt: at('rolled_back_at'),
    rolledBackBy: integer('rolled_back_by').references(() => userAccount.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('member_import_batch_uq').on(t.batchNo),
    index('member_import_created_idx').on(t.createdAt, t.id),
    index('member_import_hash_idx').on(t.fileHash),
    index('member_import_running_idx').on(t.leaseUntil).where(sql`${t.state} = 'running'`),
    check('member_import_state_chk', sql`${t.state} in ('checked', 'running', 'done', 'failed', 'rolledBack')`),
  ],
);

export const memberImportRow = pgTable(
  'member_import_row',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => memberImport.id, { onDelete: 'cascade' }),
    /** The row's number in the sheet (the header is row 1). */
    rowNo: integer('row_no').notNull(),
    /** Each column's text as the file had it (MemberImportRaw): the error report writes it back. */
    raw: jsonb('raw').notNull(),
    /** MEMBER_IMPORT_ROW_OUTCOMES. */
    outcome: text('outcome').notNull(),
    /** Why the row is wrong or skipped, in Chinese. */
    message: text('message'),
    // The parsed values (null on a wrong row).
    name: text('name'),
    phone: text('phone'),
    storeId: integer('store_id').references(() => store.id),
    levelId: integer('level_id'),
    cardId: integer('card_id').references(() => card.id),
    cardNo: text('card_no'),
    principal: integer('principal').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    /** 套餐卡: [{ projectId, sessions }]. */
    sessions: jsonb('sessions').notNull().default(sql`'[]'::jsonb`),
    openedAt: at('opened_at'),
    expiresAt: at('expires_at'),
    /** What it became. */
    memberId: integer('member_id').references(() => member.id),
    memberCreated: boolean('member_created').notNull().default(false),
    memberCardId: integer('member_card_id').references(() => memberCard.id),
  },
  (t) => [
    unique('member_import_row_uq').on(t.importId, t.rowNo),
    index('member_import_row_import_idx').on(t.importId, t.outcome, t.storeId, t.id),
    index('member_import_row_card_idx').on(t.memberCardId),
    index('member_import_row_member_idx').on(t.memberId),
    // An old system's card number is imported once: a re-run of the file finds it and skips it.
    uniqueIndex('member_import_row_card_no_uq').on(t.cardNo).where(sql`${t.outcome} = 'created'`),
    index('member_import_row_card_no_idx').on(t.cardNo),
    check('member_import_row_outcome_chk', sql`${t.outcome} in ('error', 'ready', 'created', 'skipped', 'rolledBack')`),
  ],
);
