/**
 * Export files expire `exportRetentionDays` (a setting, read at each purge) after they were
 * finished: the purge deletes their files and marks their jobs 'expired'. The scheduler calls it;
 * it is safe to run on several instances at once. Files left half-written by a worker that died
 * go too.
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFile } from '../files/schema';
import { deleteFile } from '../files/store';
import { readSetting } from '../settings';
import { exportJob } from './schema';

const DAY_MS = 24 * 60 * 60_000;
const BATCH = 500;

/** Before this moment a finished export has expired, by the current setting. */
export const exportExpiryCutoff = async (db: Db, now = new Date()): Promise<Date> =>
  new Date(now.getTime() - (await readSetting(db, 'exportRetentionDays')) * DAY_MS);

/** Answers how many exports expired. */
export const purgeExpiredExports = async (db: Db, now = new Date()): Promise<number> => {
  const cutoff = await exportExpiryCutoff(db, now);
  let expired = 0;
  for (;;) {
    const batch = await db
      .select({ id: exportJob.id, fileId: exportJob.fileId })
      .from(exportJob)
      .where(and(eq(exportJob.status, 'done'), lt(exportJob.finishedAt, cutoff)))
      .orderBy(asc(exportJob.finishedAt))
      .limit(BATCH);
    for (const job of batch) {
      const marked = await db.transaction(async (tx) => {
        const rows = await tx
          .update(exportJob)
          .set({ status: 'expired', fileId: null })
          .where(and(eq(exportJob.id, job.id), eq(exportJob.status, 'done')))
          .returning({ id: exportJob.id });
        if (rows.length && job.fileId) await deleteFile(tx, job.fileId);
        return rows.length;
      });
      expired += marked;
    }
    if (batch.length < BATCH) break;
  }
  // Half-written export files (size still null) a day old belong to no living worker.
  await db
    .delete(storedFile)
    .where(
      and(
        eq(storedFile.kind, 'export'),
        isNull(storedFile.size),
        lt(storedFile.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return expired;
};
