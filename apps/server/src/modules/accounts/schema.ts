/** The user accounts: everyone who signs in to the console (headquarters staff, store bosses, store employees). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const userAccount = pgTable(
  'user_account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    loginName: text('login_name').notNull().unique(),
    phone: text('phone'),
    nickname: text('nickname').notNull(),
    /** argon2id; the clear password is never stored. */
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** hq: headquarters staff; boss: a store owner; store: a store employee. */
    kind: text('kind').notNull().default('hq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Wrong passwords in a row since the last success or lock. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The person's WeCom (企业微信) userid, for the QR sign-in; null when not bound. */
    wxworkUserid: text('wxwork_userid').unique(),
  },
  (t) => [
    index('user_account_phone_idx').on(t.phone),
    check('user_account_kind_chk', sql`${t.kind} in ('hq', 'boss', 'store')`),
  ],
);
