/**
 * Helpers of report tests: read a report's every row through its API (page by page), and the
 * Beijing day of an instant, so a test's independent count over the facts reads days the way
 * the reports do.
 */

import { ERR } from '@zb/contract/errcodes';
import { type ReportPage, reportApi } from '@zb/contract/report/api';
import type { AnyReport, ReportRow } from '@zb/contract/report/define';
import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { rowsOf } from '../seed/generate';
import type { TestClient } from './testClient';

type Query = Record<string, string | number | undefined>;

const PAGE = 100;

/** Every row of the report for the query (all pages), its total and its totals row. */
export const reportAll = async (
  client: TestClient,
  decl: AnyReport,
  query: Query = {},
): Promise<{ list: ReportRow[]; total: number; totals?: ReportRow }> => {
  const list: ReportRow[] = [];
  let total = 0;
  let totals: ReportRow | undefined;
  for (let pageNo = 1; ; pageNo++) {
    const res = await client.call(reportApi(decl).list, { query: { ...query, pageNo, pageSize: PAGE } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const page = res.body.data as unknown as ReportPage<ReportRow>;
    list.push(...page.list);
    total = page.total;
    totals = page.totals as ReportRow | undefined;
    if (list.length >= total || page.list.length === 0) break;
  }
  expect(list).toHaveLength(total);
  return { list, total, totals };
};

/** The report's answer to one request as it came (for refusals). */
export const reportCall = (client: TestClient, decl: AnyReport, query: Query = {}) =>
  client.call(reportApi(decl).list, { query: { pageNo: 1, pageSize: 10, ...query } });

const BEIJING_MS = 8 * 3_600_000;

/** The Beijing day (YYYY-MM-DD) of an instant in ms. */
export const beijingDay = (ms: number): string => new Date(ms + BEIJING_MS).toISOString().slice(0, 10);

/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Today in Beijing. */
export const todayBeijing = (): string => beijingDay(Date.now());

/** round(num × 10000 / den) in basis points, null over 0: a ratio measure. */
export const bp = (num: number, den: number): number | null => (den ? Math.round((num * 10000) / den) : null);

/** Sums `pick` over rows into groups by `key`. */
export const groupSum = <T>(
  rows: readonly T[],
  key: (r: T) => string,
  pick: Record<string, (r: T) => number>,
): Map<string, Record<string, number>> => {
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const k = key(r);
    const g = out.get(k) ?? Object.fromEntries(Object.keys(pick).map((p) => [p, 0]));
    for (const [p, f] of Object.entries(pick)) g[p] = (g[p] ?? 0) + f(r);
    out.set(k, g);
  }
  return out;
};

/** The rows of a raw statement over the facts (the independent count a report is held to). */
export const factRows = async <T>(db: Db, query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));
