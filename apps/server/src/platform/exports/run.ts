/**
 * Runs one claimed export: reads the source page by page and writes the .xlsx with exceljs's
 * streaming WorkbookWriter straight into the file store, so memory stays flat at any row count.
 * Progress and the lease are renewed as it goes.
 */
import { once } from 'node:events';
import { formatDateTime } from '@zb/contract/time';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BizError } from '../errors';
import { createFileWriter, deleteFile, type FileWriter } from '../files/store';
import { type ExportJobRow, finishJob, heartbeat, releaseJob } from './claim';
import { type ExportColumn, exportSourceOf, isFooter } from './registry';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How often (at most) progress and the lease are written while rows stream. */
const BEAT_MS = 1000;

/** The job is no longer this worker's (its lease ran out and another took it, or it was failed). */
class LeaseLost extends Error {}
/** The worker is stopping: the job goes back to the queue. */
class Stopping extends Error {}

export interface RunOptions {
  instanceId: string;
  leaseMs: number;
  signal?: AbortSignal;
  log?: FastifyBaseLogger;
}

/** `账号列表_20261122093015.xlsx`, in Beijing time. */
export const exportFileName = (title: string, at: Date, ext = 'xlsx'): string =>
  `${title}_${formatDateTime(at).replace(/\D/g, '')}.${ext}`;

/** A value as an Excel cell: Dates in Beijing time, nothing else but text and numbers. */
const cell = (v: unknown): string | number | boolean | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return formatDateTime(v);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return v.toString();
  return JSON.stringify(v);
};

const reasonOf = (err: unknown): string => {
  if (err instanceof BizError) return `导出失败：${err.message}`;
  return '导出失败：系统异常，请稍后重试';
};

/**
 * The header row of the labels; where columns are grouped, a row of the groups above it, each
 * group's cells merged across its columns and a column without a group merged down.
 */
const writeHeader = (sheet: ExcelJS.Worksheet, columns: readonly ExportColumn[]) => {
  if (!columns.some((c) => c.group)) {
    sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.width ?? 18 }));
    sheet.getRow(1).commit();
    return;
  }
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
  const top = sheet.getRow(1);
  const bottom = sheet.getRow(2);
  columns.forEach((c, i) => {
    top.getCell(i + 1).value = c.group ?? c.label;
    bottom.getCell(i + 1).value = c.group ? c.label : null;
  });
  for (let i = 0; i < columns.length; ) {
    const g = columns[i]!.group;
    let j = i;
    while (g && columns[j + 1]?.group === g) j++;
    if (!g) sheet.mergeCells(1, i + 1, 2, i + 1);
    else if (j > i) sheet.mergeCells(1, i + 1, 1, j + 1);
    i = j + 1;
  }
  top.commit();
  bottom.commit();
};

export const runExportJob = async (db: Db, job: ExportJobRow, opts: RunOptions): Promise<void> => {
  const { instanceId, leaseMs, signal, log } = opts;
  const fail = (error: string) =>
    finishJob(db, job.id, instanceId, { status: 'failed', error, finishedAt: new Date(), fileId: null });

  const source = exportSourceOf(job.source);
  if (!source) {
    await fail('导出失败：该导出类型已不存在');
    return;
  }
  const parsed = source.params.safeParse(job.params);
  if (!parsed.success) {
    await fail(`导出失败：导出条件无效（${parsed.error.issues[0]?.message ?? '参数错误'}）`);
    return;
  }
  // A file left half-written by an earlier attempt goes first.
  if (job.fileId) await deleteFile(db, job.fileId);

  const params = parsed.data;
  const ctx = { db, userId: job.userId, scope: job.scope };
  const fileName = exportFileName(source.title, new Date(), source.file?.ext);
  let writer: FileWriter | null = null;
  try {
    const columns = source.columns(params);
    const total = await source.count(ctx, params);
    const mime = source.file?.mime ?? XLSX_MIME;
    writer = createFileWriter(db, { ownerUserId: job.userId, kind: 'export', name: fileName, mime });
    const out = writer;
    const writeFailed = new Promise<never>((_, reject) => out.once('error', reject));
    writeFailed.catch(() => {});
    if (!(await heartbeat(db, job.id, instanceId, leaseMs, { totalRows: total, fileId: out.id, fileName }))) {
      throw new LeaseLost();
    }

    let rowCount = 0;
    let lastBeat = Date.now();
    const beat = async (done: number) => {
      if (signal?.aborted) throw new Stopping();
      rowCount = done;
      if (Date.now() - lastBeat < BEAT_MS) return;
      lastBeat = Date.now();
      const progress = total > 0 ? Math.min(99, Math.floor((rowCount * 100) / total)) : 99;
      if (!(await heartbeat(db, job.id, instanceId, leaseMs, { progress, rowCount }))) throw new LeaseLost();
    };
    if (source.file) rowCount = await Promise.race([source.file.write(ctx, params, out, beat), writeFailed]);
    else {
      // No styles, no shared strings: half the time, and nothing kept per row (dates are text already).
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(source.title.slice(0, 31));
      writeHeader(sheet, columns);

      let rows = 0;
      for await (const page of source.rows(ctx, params)) {
        for (const row of page) sheet.addRow(columns.map((c) => cell(row[c.key]))).commit();
        if (!isFooter(page)) rows += page.length;
        // Wait for the store to take what was written: the database sets the pace, not the source.
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), writeFailed]);
        await beat(rows);
      }
      sheet.commit();
      await Promise.race([workbook.commit(), writeFailed]);
    }

    const done = await finishJob(db, job.id, instanceId, {
      status: 'done',
      progress: 100,
      rowCount,
      size: out.size,
      fileId: out.id,
      fileName,
      finishedAt: new Date(),
    });
    if (!done) throw new LeaseLost();
  } catch (err) {
    if (writer) {
      // Destroyed with an error, the writer deletes its file once its row is written (a destroy
      // before its construction finished would otherwise leave the row behind, as a loaded
      // database showed); waited for, then deleted again to be sure.
      const w = writer;
      w.on('error', () => {});
      const closed = once(w, 'close').catch(() => {});
      w.destroy(new Error('导出中止'));
      await closed;
      await deleteFile(db, w.id).catch(() => {});
    }
    if (err instanceof LeaseLost) {
      log?.warn({ jobId: job.id }, 'export job lease lost');
      return;
    }
    if (err instanceof Stopping) {
      await releaseJob(db, job.id, instanceId);
      return;
    }
    log?.error({ err, jobId: job.id, source: job.source }, 'export job failed');
    await fail(reasonOf(err));
  }
};
