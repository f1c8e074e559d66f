/**
 * Bulk loading with COPY, for the data generator: rows of a drizzle table, keyed by its property
 * names like an insert, streamed in PostgreSQL's text format. On PostgreSQL the rows stream
 * through COPY … FROM STDIN; on PGlite they go in blocks through its /dev/blob device. Identity
 * columns take the values given (COPY writes them as OVERRIDING SYSTEM VALUE does); call
 * `resetIdentity` afterwards so later inserts continue after them.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const escapeText = (s: string) =>
  s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

const arrayElement = (v: unknown): string =>
  v === null || v === undefined
    ? 'NULL'
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** One value in COPY's text format. */
export const copyValue = (v: unknown, json: boolean): string => {
  if (v === null || v === undefined) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (json) return escapeText(JSON.stringify(v));
  if (Array.isArray(v)) return escapeText(`{${v.map(arrayElement).join(',')}}`);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  return escapeText(String(v));
};

export interface CopyPlan {
  table: string;
  columns: string[];
  line: (row: Record<string, unknown>) => string;
}

/** The table's name, the columns the rows give, and how one row becomes one line. */
export const copyPlan = (table: PgTable, keys: readonly string[]): CopyPlan => {
  const cols = getTableColumns(table);
  const picked = keys.map((k) => {
    const col = cols[k];
    if (!col) throw new Error(`copy: ${getTableName(table)} has no column ${k}`);
    return { key: k, name: col.name, json: col.getSQLType().startsWith('json') };
  });
  return {
    table: getTableName(table),
    columns: picked.map((p) => p.name),
    line: (row) => `${picked.map((p) => copyValue(row[p.key], p.json)).join('\t')}\n`,
  };
};

/** The COPY statement of a plan (identifiers quoted). */
export const copyStatement = (plan: CopyPlan, source: string): string =>
  `copy "${plan.table}" (${plan.columns.map((c) => `"${c}"`).join(', ')}) from ${source}`;

export type Rows = Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;

/** Lines of text, grouped into chunks of about `bytes` characters. */
export async function* chunks(plan: CopyPlan, rows: Rows, bytes = 1 << 20): AsyncGenerator<string> {
  let buf: string[] = [];
  let size = 0;
  for await (const row of rows) {
    const line = plan.line(row);
    buf.push(line);
    size += line.length;
    if (size >= bytes) {
      yield buf.join('');
      buf = [];
      size = 0;
    }
  }
  if (buf.length) yield buf.join('');
}
