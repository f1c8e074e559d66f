/** The download centre: a user's exports, their status, and the finished file (own, or any for an administrator). */
import type { ExportJobView, ExportStatus, ExportStatusView } from '@zb/contract/api/downloads';
import type { Page } from '@zb/contract/api/paging';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { exportExpiryCutoff } from '../../platform/exports/purge';
import { XLSX_MIME } from '../../platform/exports/run';
import { exportJob } from '../../platform/exports/schema';
import { readFile, statFile } from '../../platform/files/store';
import { Streamed } from '../../platform/route';
import { readSetting } from '../../platform/settings';
import { userAccount } from '../accounts/schema';

type JobRow = typeof exportJob.$inferSelect;

const DAY_MS = 24 * 60 * 60_000;

/** A done job past its retention is expired even before the purge has run. */
const statusOf = (job: Pick<JobRow, 'status' | 'finishedAt'>, cutoff: Date): ExportStatus =>
  job.status === 'done' && job.finishedAt && job.finishedAt < cutoff ? 'expired' : job.status;

export const listExports = async (
  db: Db,
  auth: Auth,
  q: { pageNo: number; pageSize: number; all?: '0' | '1' },
): Promise<Page<ExportJobView>> => {
  const all = q.all === '1';
  if (all && !auth.user.isAdmin) throw new BizError(ERR.FORBIDDEN, '只有管理员可以查看全部导出记录');
  const where = all ? undefined : eq(exportJob.userId, auth.user.id);
  const [rows, [total], days] = await Promise.all([
    db
      .select({ job: exportJob, userName: userAccount.nickname })
      .from(exportJob)
      .leftJoin(userAccount, eq(userAccount.id, exportJob.userId))
      .where(where)
      .orderBy(desc(exportJob.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(exportJob).where(where),
    readSetting(db, 'exportRetentionDays'),
  ]);
  const cutoff = new Date(Date.now() - days * DAY_MS);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(({ job, userName }) => {
      const status = statusOf(job, cutoff);
      return {
        id: job.id,
        title: job.title,
        fileName: job.fileName,
        status,
        progress: job.progress,
        rowCount: job.rowCount,
        totalRows: job.totalRows,
        size: status === 'done' ? job.size : null,
        error: job.error,
        userName: userName ?? '',
        createdAt: formatDateTime(job.createdAt),
        finishedAt: job.finishedAt ? formatDateTime(job.finishedAt) : null,
        expiresAt:
          status === 'done' && job.finishedAt
            ? formatDateTime(new Date(job.finishedAt.getTime() + days * DAY_MS))
            : null,
      };
    }),
  };
};

/** The job, if the caller may see it (their own, or any for an administrator). */
const visibleJob = async (db: Db, auth: Auth, id: number, refusal: string): Promise<JobRow> => {
  const [job] = await db.select().from(exportJob).where(eq(exportJob.id, id));
  if (!job) throw new BizError(ERR.EXPORT_NOT_FOUND);
  if (job.userId !== auth.user.id && !auth.user.isAdmin) throw new BizError(ERR.FORBIDDEN, refusal);
  return job;
};

export const exportStatus = async (db: Db, auth: Auth, id: number): Promise<ExportStatusView> => {
  const job = await visibleJob(db, auth, id, '只能查看本人的导出记录');
  return {
    id: job.id,
    status: statusOf(job, await exportExpiryCutoff(db)),
    progress: job.progress,
    rowCount: job.rowCount,
    totalRows: job.totalRows,
    error: job.error,
  };
};

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but attr-char forbids. */
const rfc5987 = (s: string): string =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment` with an ASCII fallback name and the real (Chinese) name for every current browser. */
export const contentDisposition = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'download';
  const fallback = ascii.startsWith('_') || ascii.startsWith('.') ? `export${ascii}` : ascii;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
};

export const downloadExport = async (db: Db, auth: Auth, id: number): Promise<Streamed> => {
  const job = await visibleJob(db, auth, id, '只能下载本人导出的文件');
  const status = statusOf(job, await exportExpiryCutoff(db));
  if (status === 'expired') throw new BizError(ERR.EXPORT_EXPIRED);
  if (status === 'failed')
    throw new BizError(ERR.EXPORT_NOT_READY, `该导出已失败，没有可下载的文件：${job.error ?? ''}`);
  if (status !== 'done' || !job.fileId) throw new BizError(ERR.EXPORT_NOT_READY);
  const file = await statFile(db, job.fileId);
  if (!file) throw new BizError(ERR.EXPORT_EXPIRED);
  return new Streamed(readFile(db, file.id), {
    'content-type': file.mime || XLSX_MIME,
    'content-length': String(file.size),
    'content-disposition': contentDisposition(job.fileName ?? file.name),
    'cache-control': 'private, no-store',
  });
};
