/**
 * A report's state — its filters, the grouping (统计维度), sort and page — in the URL as the
 * resource lists keep theirs (listParams.ts), and the queries it sends: the list, the chart
 * (`chart=1`, no page) and the export (no page). A period filter with a preset is filled with it
 * when the URL gives neither end. Fixed filters (an embedded view's member id) are the caller's,
 * never in the URL or the form.
 */
import {
  type AnyReport,
  columnsOf,
  groupingOf,
  groupingsOf,
  type ReportFilterDef,
  sortableColumns,
} from '@zb/contract/report/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { type Paging, parsePaging, searchOf, writePaging } from '../list/paging';
import { parseFilters, type SortDir } from '../resource/listParams';
import { presetRange } from './presets';

export interface ReportParams extends Paging {
  /** Filter values by query key (a range gives `<key>From` and `<key>To`), as strings. */
  filters: Record<string, string>;
  /** A grouping key; none: the first grouping. */
  groupBy?: string;
  sortBy?: string;
  sortDir?: SortDir;
}

/** Values of fixed filters, given by the page that embeds a view. */
export type FixedFilters = Readonly<Record<string, string | number>>;

/** The filters the search form shows (not fixed), in declaration order. */
export const shownFilters = (decl: AnyReport): [string, ReportFilterDef][] =>
  Object.entries(decl.filters).filter(([, f]) => !f.fixed);

/** Whether the report has a filter that only an embedding page can give (not a page of its own). */
export const needsFixed = (decl: AnyReport): boolean => Object.values(decl.filters).some((f) => f.fixed);

/** The period filter's preset days, when the filters give neither end of it. */
export const withPreset = (decl: AnyReport, filters: Record<string, string>, today: string): Record<string, string> => {
  const period = Object.entries(decl.filters).find(([, f]) => f.period && f.preset && !f.fixed);
  if (!period) return filters;
  const [key, f] = period;
  const { from, to } = rangeKeys(key);
  if (filters[from] !== undefined || filters[to] !== undefined || !f.preset) return filters;
  const range = presetRange(f.preset, today);
  return { ...filters, [from]: range.from, [to]: range.to };
};

export const parseReportParams = (decl: AnyReport, search: URLSearchParams, today: string): ReportParams => {
  const filters = withPreset(decl, parseFilters(shownFilters(decl), search), today);
  const g = search.get('groupBy');
  const groupBy = g !== null && groupingsOf(decl).some((x) => x.key === g) ? g : undefined;
  const shown = new Set(columnsOf(decl, groupingOf(decl, groupBy)).map(([k]) => k));
  const sortBy = search.get('sortBy') ?? undefined;
  const sortDir = search.get('sortDir');
  const sortable = sortBy !== undefined && shown.has(sortBy) && sortableColumns(decl).includes(sortBy);
  return {
    filters,
    groupBy,
    sortBy: sortable ? sortBy : undefined,
    sortDir: sortable && (sortDir === 'asc' || sortDir === 'desc') ? sortDir : undefined,
    ...parsePaging(search),
  };
};

/** The query string of a state (pageNo always written, as resource lists do). */
export const reportSearch = (p: ReportParams): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') s.set(k, v);
  if (p.groupBy) s.set('groupBy', p.groupBy);
  if (p.sortBy) {
    s.set('sortBy', p.sortBy);
    if (p.sortDir) s.set('sortDir', p.sortDir);
  }
  writePaging(s, p, true);
  return searchOf(s);
};

type Query = Record<string, string | number>;

const filtersQuery = (p: ReportParams, fixed: FixedFilters = {}): Query => ({
  ...p.filters,
  ...fixed,
  ...(p.groupBy ? { groupBy: p.groupBy } : {}),
});

const sortQuery = (p: ReportParams): Query => (p.sortBy ? { sortBy: p.sortBy, sortDir: p.sortDir ?? 'asc' } : {});

/** What the list call sends: filters (fixed ones too), grouping, sort, page. */
export const reportListQuery = (p: ReportParams, fixed?: FixedFilters): Query => ({
  ...filtersQuery(p, fixed),
  ...sortQuery(p),
  pageNo: p.pageNo,
  pageSize: p.pageSize,
});

/** What the chart call sends: the list's filters and grouping, `chart=1`, no page or sort. */
export const reportChartQuery = (p: ReportParams, fixed?: FixedFilters): Query => ({
  ...filtersQuery(p, fixed),
  chart: 1,
});

/** What the export call sends: the list's filters, grouping and sort, no page. */
export const reportExportQuery = (p: ReportParams, fixed?: FixedFilters): Query => ({
  ...filtersQuery(p, fixed),
  ...sortQuery(p),
});

/** The labels of required filters the state does not give (fixed ones are the embedding page's). */
export const missingRequired = (decl: AnyReport, p: ReportParams): string[] =>
  shownFilters(decl)
    .filter(([key, f]) => {
      if (!f.required) return false;
      const keys = f.filter === 'range' ? Object.values(rangeKeys(key)) : [key];
      return keys.some((k) => p.filters[k] === undefined || p.filters[k] === '');
    })
    .map(([, f]) => f.label);
