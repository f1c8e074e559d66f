/**
 * Jobs are claimed under a lease: `FOR UPDATE SKIP LOCKED` lets every instance's worker look for
 * work at once without two taking the same job, and `locked_until` tells the others when a
 * claimed job's worker has gone (a restart in the middle): the job is claimed again and re-run
 * from the start, at most MAX_EXPORT_ATTEMPTS times.
 */
import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { exportJob } from './schema';

export const MAX_EXPORT_ATTEMPTS = 3;
export const DEFAULT_LEASE_MS = 30_000;
export const TOO_MANY_RESTARTS = '导出中断：服务重启次数过多';

export type ExportJobRow = typeof exportJob.$inferSelect;

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;
const leaseGone = and(eq(exportJob.status, 'running'), lt(exportJob.lockedUntil, sql`now()`));

/** Jobs whose worker vanished once too often end 'failed' (never stuck 'running'). */
export const failAbandonedExports = async (db: Db): Promise<number> => {
  const rows = await db
    .update(exportJob)
    .set({
      status: 'failed',
      error: TOO_MANY_RESTARTS,
      finishedAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(leaseGone, gte(exportJob.attempts, MAX_EXPORT_ATTEMPTS)))
    .returning({ id: exportJob.id });
  return rows.length;
};

/** Takes the oldest queued job (or one whose lease ran out) for this instance; null when none. */
export const claimExport = async (db: Db, instanceId: string, leaseMs: number): Promise<ExportJobRow | null> =>
  db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: exportJob.id })
      .from(exportJob)
      .where(or(eq(exportJob.status, 'queued'), and(leaseGone, lt(exportJob.attempts, MAX_EXPORT_ATTEMPTS))))
      .orderBy(asc(exportJob.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [job] = await tx
      .update(exportJob)
      .set({
        status: 'running',
        attempts: sql`${exportJob.attempts} + 1`,
        lockedBy: instanceId,
        lockedUntil: leaseEnd(leaseMs),
        startedAt: sql`now()`,
        progress: 0,
        rowCount: 0,
        error: null,
      })
      .where(eq(exportJob.id, next.id))
      .returning();
    return job ?? null;
  });

const mine = (jobId: number, instanceId: string) =>
  and(eq(exportJob.id, jobId), eq(exportJob.lockedBy, instanceId), eq(exportJob.status, 'running'));

/** Renews the lease and records progress; false when the job is no longer this worker's. */
export const heartbeat = async (
  db: Db,
  jobId: number,
  instanceId: string,
  leaseMs: number,
  values: Partial<Pick<ExportJobRow, 'progress' | 'rowCount' | 'totalRows' | 'fileId' | 'fileName'>>,
): Promise<boolean> => {
  const rows = await db
    .update(exportJob)
    .set({ ...values, lockedUntil: leaseEnd(leaseMs) })
    .where(mine(jobId, instanceId))
    .returning({ id: exportJob.id });
  return rows.length > 0;
};

/** Ends the job as this worker's last word; false when it was no longer this worker's. */
export const finishJob = async (
  db: Db,
  jobId: number,
  instanceId: string,
  values: PgUpdateSetSource<typeof exportJob>,
): Promise<boolean> => {
  const rows = await db
    .update(exportJob)
    .set({ ...values, lockedBy: null, lockedUntil: null })
    .where(mine(jobId, instanceId))
    .returning({ id: exportJob.id });
  return rows.length > 0;
};

/** A worker stopping (server shutdown) hands its job back: queued again, the attempt not counted. */
export const releaseJob = async (db: Db, jobId: number, instanceId: string): Promise<void> => {
  await finishJob(db, jobId, instanceId, {
    status: 'queued',
    attempts: sql`greatest(${exportJob.attempts} - 1, 0)`,
    progress: 0,
    rowCount: 0,
  });
};
