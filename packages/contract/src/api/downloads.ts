/**
 * The download centre (/downloadhistory, open to any signed-in user): my exports and their
 * status, and the finished file. Exports themselves are asked for by each list's export call,
 * which answers `ExportQueued`.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParamOf } from './ids';
import { pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export const EXPORT_STATUS = {
  queued: '排队中',
  running: '导出中',
  done: '已完成',
  failed: '失败',
  expired: '已过期',
} as const;
export type ExportStatus = keyof typeof EXPORT_STATUS;

/** A job still moving: the download centre refreshes while one is shown. */
export const isExportActive = (status: ExportStatus): boolean => status === 'queued' || status === 'running';

/** How often the download centre refreshes while a job is queued or running. */
export const EXPORT_POLL_MS = 2_000;

/** What every export call (a list's 导出 button) answers. */
export interface ExportQueued {
  jobId: number;
}

export interface ExportJobView {
  id: number;
  /** What was exported, e.g. 账号列表. */
  title: string;
  /** The file's name, e.g. 账号列表_20261122093015.xlsx; null until it is written. */
  fileName: string | null;
  status: ExportStatus;
  /** 0–100. */
  progress: number;
  rowCount: number;
  totalRows: number;
  /** Bytes; null until done. */
  size: number | null;
  /** Why it failed, in Chinese. */
  error: string | null;
  /** Who asked (shown to an administrator listing everyone's). */
  userName: string;
  createdAt: string;
  finishedAt: string | null;
  /** When the file stops being downloadable; null unless done. */
  expiresAt: string | null;
}

export interface ExportStatusView {
  id: number;
  status: ExportStatus;
  progress: number;
  rowCount: number;
  totalRows: number;
  error: string | null;
}

export const exportHistoryQuery = pagingQuery.extend({
  /** An administrator's "everyone's exports"; refused for anyone else. */
  all: z.enum(['0', '1'], { error: 'all 只能是 0 或 1' }).optional(),
});

const jobId = idParamOf('导出任务');

const ACCESS = pageAccess('/downloadhistory');

export const DOWNLOAD_API = {
  historys: endpoint<z.output<typeof exportHistoryQuery>, undefined, Page<ExportJobView>>({
    method: 'GET',
    path: '/rest/exceldownload/historys',
    access: ACCESS,
    query: exportHistoryQuery,
    summary: '下载中心：我的导出记录',
  }),
  findStatus: endpoint<{ id: number }, undefined, ExportStatusView>({
    method: 'GET',
    path: '/api/v1/exceldownload/findStatus',
    access: ACCESS,
    query: z.object({ id: jobId }),
    summary: '导出任务状态与进度',
  }),
  /** The .xlsx itself (not an envelope; the browser gets a Blob): only for the user who asked, or an administrator. */
  file: endpoint<undefined, undefined, unknown>({
    method: 'GET',
    path: '/rest/exceldownload/file/:id',
    access: ACCESS,
    params: z.object({ id: jobId }),
    summary: '下载导出文件',
  }),
} as const;
