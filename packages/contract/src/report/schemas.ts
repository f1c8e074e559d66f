/**
 * The query a report declaration implies: paging, sort, the grouping, its filters (the resource
 * engine's filter schemas, so a filter is checked the same way on every page) and, for the
 * chart, `chart=1`. Required filters must be given; a period's two ends both, from ≤ to, and
 * no longer than REPORT_PERIOD_DAYS_MAX.
 */
import { z } from 'zod';
import { pagingQuery } from '../api/paging';
import { filterEntries, rangeKeys } from '../resource/schemas';
import { type AnyReport, groupingsOf, sortableColumns } from './define';

/** The longest period a report answers for, in days (two years and a day). */
export const REPORT_PERIOD_DAYS_MAX = 732;
/** Most rows the chart draws (a chart query answers the first of them in its x order). */
export const REPORT_CHART_ROWS_MAX = 500;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The filters of a report, with its required ones and its period's rules. */
export const reportFilterSchema = (decl: AnyReport) => {
  const entries = Object.entries(decl.filters);
  const base = z.object(Object.fromEntries(entries.flatMap(([k, f]) => filterEntries(k, f))));
  return base.superRefine((q: Record<string, unknown>, ctx) => {
    for (const [key, f] of entries) {
      const keys = f.filter === 'range' ? Object.values(rangeKeys(key)) : [key];
      for (const k of keys) {
        if (f.required && (q[k] === undefined || (Array.isArray(q[k]) && q[k].length === 0))) {
          ctx.addIssue({ code: 'custom', path: [k], message: `请选择${f.label}` });
        }
      }
      if (f.filter === 'range') {
        const { from, to } = rangeKeys(key);
        const a = q[from];
        const b = q[to];
        if (a !== undefined && b !== undefined && String(a) > String(b) && f.type === 'date') {
          ctx.addIssue({ code: 'custom', path: [to], message: `${f.label}止不能早于起` });
        } else if (typeof a === 'number' && typeof b === 'number' && a > b) {
          ctx.addIssue({ code: 'custom', path: [to], message: `${f.label}止不能小于起` });
        }
        if (f.period && typeof a === 'string' && typeof b === 'string') {
          if (dayNumber(b) - dayNumber(a) + 1 > REPORT_PERIOD_DAYS_MAX) {
            ctx.addIssue({ code: 'custom', path: [to], message: `${f.label}最长 ${REPORT_PERIOD_DAYS_MAX} 天` });
          }
        }
      }
    }
  });
};

const groupingQuery = (decl: AnyReport) => {
  const keys = groupingsOf(decl).map((g) => g.key) as [string, ...string[]];
  return z.object({
    groupBy: z.preprocess(blankToUndefined, z.enum(keys, { error: '统计维度无效' }).optional()),
  });
};

const sortSchema = (decl: AnyReport) => {
  const sortable = sortableColumns(decl) as [string, ...string[]];
  return z.object({
    sortBy: z.preprocess(blankToUndefined, z.enum(sortable, { error: '不能按该列排序' }).optional()),
    sortDir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: '排序方向无效' }).optional()),
  });
};

/** The list query: paging, sort, grouping, filters, and `chart=1` for the chart's rows. */
export const reportListQuery = (decl: AnyReport) =>
  pagingQuery
    .extend(sortSchema(decl).shape)
    .extend(groupingQuery(decl).shape)
    .extend({
      chart: z.preprocess(
        (v) => (v === '1' || v === 'true' || v === true ? true : blankToUndefined(v) === undefined ? undefined : v),
        z.literal(true, { error: 'chart 只能是 1' }).optional(),
      ),
    })
    .and(reportFilterSchema(decl));

/** The export query: the list's filters, grouping and sort, no paging. */
export const reportExportQuery = (decl: AnyReport) =>
  sortSchema(decl).extend(groupingQuery(decl).shape).and(reportFilterSchema(decl));
