/**
 * The export sources: one per exportable list (the resource engine registers one per entity).
 * A source says what its columns are, how many rows a request covers and how to read them page
 * by page; the worker turns that into an .xlsx in the file store.
 */
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { DataScope } from '../scope';

export interface ExportColumn {
  key: string;
  label: string;
  width?: number;
  /** A grouped header over the label (期初, 本期变动 …): the sheet then has two header rows. */
  group?: string;
}

export interface ExportContext {
  db: Db;
  userId: number;
  scope: DataScope;
}

/**
 * Marks a page of rows as the file's footer (a report's 合计): written like any row, not counted
 * among the rows the download centre says the file holds.
 */
const FOOTER = Symbol('export footer');
export const footerRows = <T extends readonly Record<string, unknown>[]>(rows: T): T =>
  Object.assign(rows, { [FOOTER]: true });
export const isFooter = (rows: readonly Record<string, unknown>[]): boolean => FOOTER in rows;

export interface ExportSource<P = unknown> {
  name: string; // unique, e.g. 'account'
  title: string; // Chinese, e.g. '账号列表' (file name: `${title}_${yyyyMMddHHmmss}.xlsx`)
  params: z.ZodType<P>; // validates the stored params when the job runs
  columns: (params: P) => readonly ExportColumn[];
  count: (ctx: ExportContext, params: P) => Promise<number>;
  /** Rows page by page (keyset paging, ~1000 a page), values ready for a cell (string|number|Date|null). */
  rows: (ctx: ExportContext, params: P) => AsyncIterable<readonly Record<string, unknown>[]>;
  /**
   * A file that is no sheet (a zip of QR images): the source writes it into `out` itself (and
   * ends it), calling `progress` with the entries written so far; answers how many it wrote.
   * `columns` and `rows` are then unused.
   */
  file?: {
    ext: string;
    mime: string;
    write: (ctx: ExportContext, params: P, out: Writable, progress: (done: number) => Promise<void>) => Promise<number>;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: sources of any params type live in one map
const sources = new Map<string, ExportSource<any>>();

// biome-ignore lint/suspicious/noExplicitAny: see above
export const registerExportSource = (source: ExportSource<any>): void => {
  if (sources.has(source.name)) throw new Error(`export source "${source.name}" is already registered`);
  sources.set(source.name, source);
};

export const exportSourceOf = (name: string): ExportSource<unknown> | undefined => sources.get(name);

/** Test helper: forget a source registered by a test. */
export const unregisterExportSource = (name: string): void => {
  sources.delete(name);
};
