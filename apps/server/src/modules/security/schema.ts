/**
 * Business security (contract entities/security.ts): the card-use limits and the blacklist the
 * card ledger reads on every record.
 */
import {
  BLACKLIST_KINDS,
  USE_CARD_LIMIT_SCOPES,
  WARNING_FLOW,
  WARNING_RULE_KEYS,
} from '@zb/contract/entities/security';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { card } from '../goods/schema';
import { member, memberCard } from '../members/schema';
import { store } from '../stores/schema';

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

/** A limit on card use per card per Beijing day: the chain's default, a store's or a card product's. */
export const useCardLimit = pgTable(
  'use_card_limit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** USE_CARD_LIMIT_SCOPES: chain (store and card null), store (the card's selling store), card (the card product). */
    scope: text('scope').notNull(),
    storeId: integer('store_id').references(() => store.id),
    cardId: integer('card_id').references(() => card.id),
    maxDraws: integer('max_draws'),
    /** 分. */
    maxAmount: integer('max_amount'),
    maxStores: integer('max_stores'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One rule per target; the chain's (both null) once too.
    unique('use_card_limit_target_uq').on(t.scope, t.storeId, t.cardId).nullsNotDistinct(),
    oneOf('use_card_limit_scope_chk', t.scope, values(USE_CARD_LIMIT_SCOPES)),
    check(
      'use_card_limit_target_chk',
      sql`(${t.scope} = 'chain' and ${t.storeId} is null and ${t.cardId} is null) or (${t.scope} = 'store' and ${t.storeId} is not null and ${t.cardId} is null) or (${t.scope} = 'card' and ${t.cardId} is not null and ${t.storeId} is null)`,
    ),
    check(
      'use_card_limit_max_chk',
      sql`coalesce(${t.maxDraws}, 1) > 0 and coalesce(${t.maxAmount}, 1) > 0 and coalesce(${t.maxStores}, 1) > 0`,
    ),
  ],
);

/** Who may not open cards nor draw: a member, a phone, or a device (POS terminal SN). */
export const securityBlacklist = pgTable(
  'security_blacklist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** BLACKLIST_KINDS. */
    kind: text('kind').notNull(),
    /** The phone (member: the member's phone when added; phone: the phone) or the terminal's SN. */
    value: text('value').notNull(),
    /** kind member: the member. */
    memberId: integer('member_id').references(() => member.id),
    reason: text('reason').notNull(),
    /** The last Beijing day it applies (inclusive); null: no end. */
    expiresOn: date('expires_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('security_blacklist_uq').on(t.kind, t.value),
    index('security_blacklist_member_idx').on(t.memberId),
    oneOf('security_blacklist_kind_chk', t.kind, values(BLACKLIST_KINDS)),
    check('security_blacklist_member_chk', sql`(${t.kind} = 'member') = (${t.memberId} is not null)`),
  ],
);

/**
 * A warning of a rule of contract WARNING_RULES, found by the scheduled scan (security/warnings.ts),
 * with the ledger rows it rests on, and its handling (WARNING_FLOW through runStep: flow_event
 * keeps the history). `key` names what it is about (rule, card, day …), so a rerun adds it once.
 */
export const securityWarning = pgTable(
  'security_warning',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rule: text('rule').notNull(),
    key: text('key').notNull(),
    /** The store of the evidence (the data scope reads it). */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    memberCardId: integer('member_card_id').references(() => memberCard.id),
    /** The Beijing day it happened. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Why, in Chinese, with the figures that broke the rule. */
    summary: text('summary').notNull(),
    /** card_ledger ids of the evidence. */
    ledgerIds: jsonb('ledger_ids').$type<number[]>().notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    /** WARNING_FLOW's states. */
    status: text('status').notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => userAccount.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => userAccount.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeNote: text('close_note'),
  },
  (t) => [
    unique('security_warning_key_uq').on(t.key),
    index('security_warning_detected_idx').on(t.detectedAt, t.id),
    index('security_warning_store_idx').on(t.storeId, t.day),
    oneOf('security_warning_rule_chk', t.rule, WARNING_RULE_KEYS),
    oneOf(
      'security_warning_status_chk',
      t.status,
      WARNING_FLOW.states.map((s) => s.value),
    ),
  ],
);

/** The warning scan's watermark: the last card_ledger id it read. */
export const securityScanState = pgTable('security_scan_state', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
});
