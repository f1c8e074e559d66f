/**
 * The open API's callers (contract open/protocol.ts): each POS terminal and each mini-program
 * app holds a key and a secret. The secret is shown once when issued and kept sealed with the
 * server's cipher (platform/crypto.ts), since verifying an HMAC needs it back; a revoked key
 * answers nothing. Nonces are kept per key for twice the allowed clock skew.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { posTerminal } from '../storesMore/schema';

export const openClient = pgTable(
  'open_client',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** OPEN_CLIENT_KINDS: pos (bound to a terminal and through it to a store) or mini. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    appKey: text('app_key').notNull(),
    /** The secret sealed with the server's cipher. */
    secretSealed: text('secret_sealed').notNull(),
    posTerminalId: integer('pos_terminal_id').references(() => posTerminal.id),
    /** OPEN_CLIENT_STATUSES: active, revoked. */
    status: text('status').notNull().default('active'),
    issuedBy: integer('issued_by').references(() => userAccount.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    unique('open_client_key_uq').on(t.appKey),
    index('open_client_terminal_idx').on(t.posTerminalId),
    check('open_client_kind_chk', sql`${t.kind} in ('pos', 'mini')`),
    check('open_client_status_chk', sql`${t.status} in ('active', 'revoked')`),
    check('open_client_terminal_chk', sql`(${t.kind} = 'pos') = (${t.posTerminalId} is not null)`),
  ],
);

export const openNonce = pgTable(
  'open_nonce',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => openClient.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.nonce] }), index('open_nonce_at_idx').on(t.at)],
);
