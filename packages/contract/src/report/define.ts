/**
 * Declared views and reports (docs/report-engine.md). One declaration per read-only page — a
 * report that groups facts (会员余额表 by store and period) or a view that lists them (每笔出入库,
 * a member's cards) — serves the server's API (platform/report: one SQL statement per request,
 * the caller's data scope, filters, sort, the total and the page side by side, the totals row,
 * the export through the download centre) and the browser's report page (web platform/report:
 * search form, summary figures, chart, table with grouped headers and totals, export,
 * drill-down; the same component embeds a view in a tab with fixed filters).
 *
 * Columns and filters are the resource engine's field definitions (labels, types, options,
 * filter kinds), so a value reads the same in a list, a report and a file, and a filter is
 * checked by the same schema. What a report adds: which columns are dimensions (what rows are
 * grouped by) and which are measures (how a group's figure is made), groupings the user may
 * switch between, the chart, the totals row, and drill-down.
 */
import type { FieldDef } from '../resource/define';

/** How a column reads: the resource engine's field types that a report shows. */
export type ColumnType = Extract<FieldDef['type'], 'text' | 'int' | 'money' | 'percent' | 'enum' | 'date' | 'datetime'>;

export interface ReportColumn extends Pick<FieldDef, 'label' | 'options' | 'boolLabels'> {
  type: ColumnType;
  /** px. */
  width?: number;
  fixed?: 'left' | 'right';
  /** A grouped header: columns with the same group sit under one header cell (期初, 本期变动 …). */
  group?: string;
  /**
   * Carried in every row but not shown (an id a drill-down or a link needs beside the name that
   * is shown).
   */
  hidden?: boolean;
  /** In the export; defaults to shown (not hidden). */
  export?: boolean;
  /** The user may sort by it (server-side); default true for shown columns. */
  sort?: boolean;
}

/** What the rows are grouped by (day, month, store, region, staff, goods, card product …). */
export interface DimensionDef extends ReportColumn {
  /**
   * The dimension is a period bucket of the report's period filter: its values are days
   * (YYYY-MM-DD), ISO weeks' Mondays or months' first days. A chart's time axis.
   */
  bucket?: 'day' | 'week' | 'month';
}

/**
 * How a measure is made from the facts of its group. The SQL of each is the server binding's;
 * the kind tells the engine how the totals row, the chart and period-over-period treat it.
 * - sum, count: added up; the totals row adds the groups.
 * - countDistinct, min, max: computed again over all rows for the totals row (never added).
 * - asOf: a balance as of a day (the period's end, or its start for an opening balance); the
 *   totals row adds the groups (balances of disjoint groups add up).
 * - ratio: `of.num / of.den` of two other measures, in basis points (a `percent` column) or in
 *   分 (a `money` column: an amount per unit, e.g. 客单价 = 业绩 ÷ 服务单数); the totals row
 *   divides the totals, never adds the ratios.
 * - previous: the measure `of` over the period just before the chosen one, of the same length.
 * - growth: (this − previous) / previous of the measure `of`, in basis points; null when the
 *   previous figure is 0.
 */
export type Aggregate = 'sum' | 'count' | 'countDistinct' | 'min' | 'max' | 'asOf' | 'ratio' | 'previous' | 'growth';

export interface MeasureDef extends ReportColumn {
  type: 'int' | 'money' | 'percent';
  agg: Aggregate;
  /** ratio: numerator and denominator measure keys; previous, growth: the measure compared. */
  of?: string | { num: string; den: string };
  /** In the totals row (default true). */
  total?: boolean;
  /** A summary figure above the chart (its value is the totals row's). */
  summary?: boolean;
}

/** The controls a filter needs beyond its field type. */
export type FilterPicker = 'store' | 'region' | 'staff' | 'product' | 'project' | 'card';

/** Preset values of a period filter: filled when the page opens, the user changes them. */
export type PeriodPreset = 'today' | 'yesterday' | 'last7Days' | 'last30Days' | 'thisMonth' | 'lastMonth' | 'thisYear';

/**
 * A filter: a field with a filter kind (like, eq, in, range), as in a resource's search form.
 * `required` filters must be given (a period, or a member id a view is embedded with).
 */
export interface ReportFilterDef extends FieldDef {
  filter: NonNullable<FieldDef['filter']>;
  /** A picker control (stores in the caller's data scope, regions, staff …) instead of a plain input. */
  picker?: FilterPicker;
  /**
   * The report's period: a date range (filter 'range' on a date). Period buckets, balances as of a
   * day and period-over-period measures read it. At most one per report.
   */
  period?: boolean;
  /** A period's value when the page opens. */
  preset?: PeriodPreset;
  /**
   * Given by the page that embeds the view (a member's id in a member tab), never shown in the
   * search form.
   */
  fixed?: boolean;
}

/** A named choice of what the rows are grouped by (按门店, 按月份, 按门店和月份). */
export interface GroupingDef {
  key: string;
  label: string;
  /** Dimension keys, in column order. */
  dims: readonly string[];
}

/** Where a value of the drill-down's target query comes from. */
export type DrillParam =
  /** A column of the clicked row (an id, a day bucket). */
  | { row: string }
  /** A filter value of the current query (its key in the query string, e.g. periodFrom). */
  | { filter: string }
  | { value: string | number };

/**
 * Clicking a cell of the column opens the rows behind it: another report or view, or an
 * existing list page, with the query built from the row and the current filters.
 */
export interface DrillDef {
  /** A route path of the route table. */
  to: string;
  query: Record<string, DrillParam>;
}

export interface ChartDef {
  type: 'line' | 'bar' | 'pie';
  /** The dimension on the x axis (a pie's slices). */
  x: string;
  /** Measures drawn (a pie draws the first). */
  series: readonly string[];
}

export interface ReportDecl<
  D extends Record<string, DimensionDef> = Record<string, DimensionDef>,
  M extends Record<string, MeasureDef> = Record<string, MeasureDef>,
  F extends Record<string, ReportFilterDef> = Record<string, ReportFilterDef>,
> {
  /** Unique, e.g. 'memberBalance'; the export source name. */
  name: string;
  /** Chinese title: '会员余额表'. */
  title: string;
  /** The route (a report page, or the detail/tab that embeds the view): its codes guard reads. */
  page: string;
  /** API base path; default `/rest/report/<name>`: `${api}/list`, `${api}/export`. */
  api?: string;
  /**
   * summary: rows are groups of facts (GROUP BY the grouping's dimensions); detail: rows are
   * the facts themselves (a view), dimensions and measures are its columns and the totals row
   * adds the measures.
   */
  kind: 'summary' | 'detail';
  dimensions: D;
  measures: M;
  /** summary: the groupings the user chooses from (the first is the default); default all dimensions. */
  groupings?: readonly GroupingDef[];
  filters: F;
  /** The order when the user picks none (a shown dimension or measure). */
  defaultSort: { field: string; dir: 'asc' | 'desc'; thenBy?: string };
  /** A totals row (合计) under the table. */
  totals?: boolean;
  /** The chart above the table; none: table only. */
  chart?: ChartDef;
  /** Drill-down by column key. */
  drill?: Record<string, DrillDef>;
  /** An export through the download centre (the page's 导出 button). */
  export?: boolean;
  /**
   * Where the figures come from, said for people (the server binding decides): the facts, or a
   * rollup table kept by its writers or by a scheduled job.
   */
  source: string;
}

export type AnyReport = ReportDecl;

/** The value of a column of type T as the API answers it. */
type ColumnValue<C extends ReportColumn> = C['type'] extends 'int' | 'money' | 'percent'
  ? number
  : C['options'] extends readonly { value: infer V }[]
    ? V
    : string;

type DimsOf<R> = R extends ReportDecl<infer D, infer _M, infer _F> ? D : never;
type MeasuresOf<R> = R extends ReportDecl<infer _D, infer M, infer _F> ? M : never;

/**
 * A row of a report: its dimensions (those of the chosen grouping; a dimension outside it is
 * absent) and measures (null where a figure has no value, a ratio over 0).
 */
export type ReportRowOf<R> = {
  -readonly [K in keyof DimsOf<R>]?: ColumnValue<DimsOf<R>[K]> | null;
} & {
  -readonly [K in keyof MeasuresOf<R>]: ColumnValue<MeasuresOf<R>[K]> | null;
};

export type ReportRow = Record<string, string | number | null>;

/** Dimensions then measures, in declaration order. */
export const reportColumns = (decl: AnyReport): [string, DimensionDef | MeasureDef][] => [
  ...Object.entries(decl.dimensions),
  ...Object.entries(decl.measures),
];

/** The groupings of a report: the declared ones, or one of every dimension. */
export const groupingsOf = (decl: AnyReport): readonly GroupingDef[] =>
  decl.groupings?.length ? decl.groupings : [{ key: 'all', label: '全部', dims: Object.keys(decl.dimensions) }];

/** The grouping a query chose (the first when none or an unknown one). */
export const groupingOf = (decl: AnyReport, key: string | undefined): GroupingDef => {
  const all = groupingsOf(decl);
  return all.find((g) => g.key === key) ?? (all[0] as GroupingDef);
};

/** Columns a row of the grouping carries: its dimensions (detail: every one), then every measure. */
export const columnsOf = (decl: AnyReport, grouping?: GroupingDef): [string, DimensionDef | MeasureDef][] => {
  const dims =
    decl.kind === 'detail' || !grouping
      ? Object.entries(decl.dimensions)
      : grouping.dims.map((k) => [k, decl.dimensions[k] as DimensionDef] as [string, DimensionDef]);
  return [...dims, ...Object.entries(decl.measures)];
};

export const sortableColumns = (decl: AnyReport): string[] =>
  reportColumns(decl)
    .filter(([, c]) => !c.hidden && c.sort !== false)
    .map(([k]) => k);

export const periodFilter = (decl: AnyReport): [string, ReportFilterDef] | undefined =>
  Object.entries(decl.filters).find(([, f]) => f.period);

export const apiBaseOf = (decl: AnyReport): string => decl.api ?? `/rest/report/${decl.name}`;

/** Declares a report or view; checks its internal references at load time. */
export const defineReport = <
  const D extends Record<string, DimensionDef>,
  const M extends Record<string, MeasureDef>,
  const F extends Record<string, ReportFilterDef>,
>(
  decl: ReportDecl<D, M, F>,
): ReportDecl<D, M, F> => {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`report ${decl.name}: ${what}`);
  };
  const dims = Object.keys(decl.dimensions);
  const measures = Object.keys(decl.measures);
  const columns = [...dims, ...measures];
  check(new Set(columns).size === columns.length, 'a key is both a dimension and a measure');
  check(columns.length > 0, 'no columns');
  check(
    sortableColumns(decl).includes(decl.defaultSort.field),
    `defaultSort ${decl.defaultSort.field} is not sortable`,
  );
  check(!decl.defaultSort.thenBy || columns.includes(decl.defaultSort.thenBy), 'thenBy is not a column');
  for (const g of decl.groupings ?? []) {
    check(decl.kind === 'summary', 'only a summary report has groupings');
    check(g.dims.length > 0 && g.dims.every((k) => dims.includes(k)), `grouping ${g.key} names an unknown dimension`);
  }
  const measureKey = (k: string | undefined) => !!k && measures.includes(k);
  for (const [key, m] of Object.entries(decl.measures)) {
    if (m.agg === 'ratio') {
      check(
        typeof m.of === 'object' &&
          measureKey(m.of.num) &&
          measureKey(m.of.den) &&
          (m.type === 'percent' || m.type === 'money'),
        `${key}: a ratio is a percent (or an amount per unit) of two measures`,
      );
    }
    if (m.agg === 'previous' || m.agg === 'growth') {
      check(typeof m.of === 'string' && measureKey(m.of), `${key}: ${m.agg} names the measure it compares`);
      check(!!periodFilter(decl), `${key}: ${m.agg} needs a period filter`);
      check(m.agg !== 'growth' || m.type === 'percent', `${key}: a growth is a percent`);
    }
    if (m.agg === 'asOf') check(!!periodFilter(decl), `${key}: a balance as of a day needs a period filter`);
  }
  for (const [key, d] of Object.entries(decl.dimensions)) {
    check(!d.bucket || !!periodFilter(decl), `${key}: a period bucket needs a period filter`);
    check(d.type !== 'enum' || !!d.options?.length, `${key}: an enum needs options`);
  }
  const periods = Object.values(decl.filters).filter((f) => f.period);
  check(periods.length <= 1, 'more than one period filter');
  for (const [key, f] of Object.entries(decl.filters)) {
    check(!f.period || (f.type === 'date' && f.filter === 'range'), `${key}: a period is a date range`);
    check(!f.preset || !!f.period, `${key}: only a period has a preset`);
    check(f.filter !== 'like' || f.type === 'text', `${key}: like filters text only`);
  }
  if (decl.chart) {
    check(dims.includes(decl.chart.x), `chart x ${decl.chart.x} is not a dimension`);
    check(decl.chart.series.length > 0 && decl.chart.series.every(measureKey), 'chart series must be measures');
  }
  for (const [key, d] of Object.entries(decl.drill ?? {})) {
    check(columns.includes(key), `drill ${key} is not a column`);
    for (const p of Object.values(d.query)) {
      if ('row' in p) check(columns.includes(p.row), `drill ${key}: row ${p.row} is not a column`);
    }
  }
  return decl;
};
