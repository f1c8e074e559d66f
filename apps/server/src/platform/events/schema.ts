/** The system event log behind /systemLog: starts and stops, sign-ins, job failures, unexpected errors. */
import { EVENT_LEVELS, SYSTEM_EVENT_KINDS } from '@zb/contract/entities/logs';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

export const systemEvent = pgTable(
  'system_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'info' | 'warn' | 'error' */
    level: text('level').notNull(),
    /** 'server_start', 'server_stop', 'login', 'login_failed', 'logout', 'job_failed', 'unhandled_error' */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    userId: integer('user_id'),
    loginName: text('login_name'),
    ip: text('ip'),
    detail: jsonb('detail'),
    instance: text('instance').notNull(),
  },
  // Newest first, optionally filtered by kind, level or user.
  (t) => [
    index('system_event_at_idx').on(t.at.desc(), t.id.desc()),
    index('system_event_kind_idx').on(t.kind, t.at.desc()),
    index('system_event_level_idx').on(t.level, t.at.desc()),
    index('system_event_user_idx').on(t.userId, t.at.desc()),
    oneOf('system_event_level_chk', t.level, Object.keys(EVENT_LEVELS)),
    oneOf('system_event_kind_chk', t.kind, Object.keys(SYSTEM_EVENT_KINDS)),
  ],
);
