/**
 * The endpoints a report declaration implies: `GET ${api}/list` (the page's codes) and, when the
 * report exports, `GET ${api}/export` (the page's 导出 button), which queues a job in the
 * download centre.
 */
import type { ExportQueued } from '../api/downloads';
import { type Endpoint, endpoint } from '../api/endpoint';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { type AnyReport, apiBaseOf, type ReportRowOf } from './define';
import { reportExportQuery, reportListQuery } from './schemas';

/**
 * A report's answer: the page of rows, how many rows the whole result has, and the totals row
 * (合计, over the whole result, not the page) when the report has one. A chart query
 * (`chart=1`) answers up to REPORT_CHART_ROWS_MAX rows in the chart's x order in `list`.
 */
export interface ReportPage<Row> {
  list: Row[];
  total: number;
  totals?: Partial<Row>;
  /** The grouping the rows are grouped by (summary reports). */
  groupBy?: string;
}

export interface ReportApi<R extends AnyReport = AnyReport> {
  list: Endpoint<Record<string, unknown>, undefined, ReportPage<ReportRowOf<R>>>;
  export?: Endpoint<Record<string, unknown>, undefined, ExportQueued>;
}

const cache = new WeakMap<AnyReport, ReportApi>();

/** The endpoints of a report (the same records every time for a declaration). */
export const reportApi = <R extends AnyReport>(decl: R): ReportApi<R> => {
  const kept = cache.get(decl);
  if (kept) return kept as ReportApi<R>;
  const base = apiBaseOf(decl);
  const api: ReportApi = {
    list: endpoint({
      method: 'GET',
      path: `${base}/list`,
      access: pageAccess(decl.page),
      query: reportListQuery(decl) as never,
      summary: decl.title,
    }),
  };
  if (decl.export) {
    api.export = endpoint({
      method: 'GET',
      path: `${base}/export`,
      access: buttonAccess(decl.page, 'export'),
      query: reportExportQuery(decl) as never,
      summary: `导出${decl.title}`,
    });
  }
  cache.set(decl, api);
  return api as ReportApi<R>;
};
