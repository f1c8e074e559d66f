/** Tables of the cross-cutting plugins: sessions, the operation log and the API log. */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userAccount } from '../modules/accounts/schema';
import { userRole } from '../modules/hierarchy/schema';

/** A signed-in browser. The id is the sha256 of the cookie token; the token itself is never stored. */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    userRoleId: integer('user_role_id').references(() => userRole.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the session was ended from elsewhere (password change, login with refresh). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_log_at_idx').on(t.at), index('operation_log_user_idx').on(t.userId, t.at)],
);

export const apiLog = pgTable(
  'api_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    userId: integer('user_id'),
    errcode: text('errcode'),
    status: integer('status').notNull(),
    ms: integer('ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_log_at_idx').on(t.at), index('api_log_user_idx').on(t.userId, t.at)],
);

/** Server-wide settings shared by every instance (the cipher secret when ZB_SECRET is not set). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tickets already used (role switch, quick login, approvals): a ticket signs in once, on any instance. */
export const usedTicket = pgTable(
  'used_ticket',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_ticket_expires_idx').on(t.expiresAt)],
);

/**
 * The history of every declared flow (contract flow.ts): one row per step taken, by whom (a
 * console user, an open-API client, or the system) and why. Written by platform/flow.ts's
 * runStep in the step's own transaction.
 */
export const flowEvent = pgTable(
  'flow_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The flow's name (FlowDecl.name) and the record's id in its table. */
    flow: text('flow').notNull(),
    recordId: integer('record_id').notNull(),
    step: text('step').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** console, open or system. */
    actorKind: text('actor_kind').notNull(),
    userId: integer('user_id'),
    /** The open-API client (open_client.id) for a step a POS or the mini-program took. */
    clientId: integer('client_id'),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flow_event_record_idx').on(t.flow, t.recordId, t.id)],
);
