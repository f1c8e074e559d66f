/**
 * Clean-up the scheduled jobs run: each deletes what can no longer be used and keeps the rest,
 * and answers how many rows went. Big tables are deleted in batches, so one run never holds a
 * long lock or reads every doomed row into memory.
 */
import { SESSION_IDLE_MINUTES } from '@zb/contract/constants';
import { and, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { apiLog, operationLog, session, usedTicket } from '../schema';
import { scheduleRun } from './schema';

const BATCH = 5000;
const DAY_MS = 86_400_000;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Deletes the rows matching `where` by id, BATCH at a time; answers how many. */
const deleteInBatches = async (db: Db, table: PgTable, id: PgColumn, where: SQL): Promise<number> => {
  let total = 0;
  for (;;) {
    const doomed = db.select({ id }).from(table).where(where).limit(BATCH);
    const gone = await db.delete(table).where(inArray(id, doomed)).returning({ id });
    total += gone.length;
    if (gone.length < BATCH) return total;
  }
};

/**
 * Sessions that can no longer be used: past their absolute expiry, idle past the idle timeout,
 * or revoked a day ago (a revoked session is kept a while so its tab hears why it ended).
 */
export const purgeSessions = async (db: Db, now: Date): Promise<number> => {
  const gone = await db
    .delete(session)
    .where(
      or(
        lt(session.expiresAt, now),
        lt(session.lastSeenAt, ago(now, SESSION_IDLE_MINUTES * 60_000)),
        and(isNotNull(session.revokedAt), lt(session.revokedAt, ago(now, DAY_MS))),
      ),
    )
    .returning({ id: session.id });
  return gone.length;
};

/** Used tickets past their expiry: an expired ticket is refused anyway. */
export const purgeUsedTickets = async (db: Db, now: Date): Promise<number> =>
  (await db.delete(usedTicket).where(lt(usedTicket.expiresAt, now)).returning({ jti: usedTicket.jti })).length;

/** Operation-log and API-log rows older than the retention (days). */
export const purgeLogs = async (db: Db, now: Date, retentionDays: number): Promise<{ op: number; api: number }> => {
  const before = ago(now, retentionDays * DAY_MS);
  const op = await deleteInBatches(db, operationLog, operationLog.id, lt(operationLog.at, before));
  const api = await deleteInBatches(db, apiLog, apiLog.id, lt(apiLog.at, before));
  return { op, api };
};

/** Finished runs beyond the newest `keep` of each job. */
export const purgeRuns = async (db: Db, keep: number): Promise<number> => {
  const ranked = db
    .select({
      id: scheduleRun.id,
      rank: sql<number>`row_number() over (partition by ${scheduleRun.job} order by ${scheduleRun.startedAt} desc, ${scheduleRun.id} desc)`.as(
        'rank',
      ),
    })
    .from(scheduleRun)
    .as('ranked');
  const old = db.select({ id: ranked.id }).from(ranked).where(sql`${ranked.rank} > ${keep}`);
  const gone = await db
    .delete(scheduleRun)
    .where(and(inArray(scheduleRun.id, old), ne(scheduleRun.status, 'running')))
    .returning({ id: scheduleRun.id });
  return gone.length;
};
