/**
 * State of the local WeCom simulator, in the database so that any server instance answers:
 * one row per QR state (its code once a person confirmed), and the access tokens handed out.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const wxsimLogin = pgTable(
  'wxsim_login',
  {
    /** The `state` the login page drew its QR code with. */
    state: text('state').primaryKey(),
    /** First seen (qrConnect opened or qrStatus asked); the QR code expires from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The WeCom userid of the person who confirmed. */
    userid: text('userid'),
    /** One-time code minted on confirmation. */
    code: text('code').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set when auth/getuserinfo answered the code: a code is good once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('wxsim_login_created_idx').on(t.createdAt)],
);

export const wxsimToken = pgTable(
  'wxsim_token',
  {
    token: text('token').primaryKey(),
    corpId: text('corp_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wxsim_token_expires_idx').on(t.expiresAt)],
);
