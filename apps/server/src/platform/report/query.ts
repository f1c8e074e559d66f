/**
 * A report's request as ONE SQL statement: the facts (a table with joins, or a module's bound
 * query) narrowed by the binding's condition, the caller's data scope and the request's filters
 * (the resource engine's filter SQL); for a summary, grouped by the chosen grouping's dimensions;
 * the page in the chosen order (then a stable tie-break), with the total count and the totals row
 * side by side:
 *
 *   with g as (select <dims>, <measures> from <facts> where <W> group by <dims>),
 *        t as (select count(*), sum(g.m) … from g)
 *   select * from (select t.*, p.* from t left join lateral
 *     (select * from g order by … limit $l offset $o) p on true) x order by …
 *
 * A detail view pages the facts themselves (its order can read an index) and adds its totals
 * over the same WHERE. Period-over-period measures group the previous period (the same length,
 * just before) in a CTE joined by the grouping's dimensions. Statements are prepared once per
 * shape (the grouping, sort, filters given, scope) and later requests bind their values.
 */
import {
  type AnyReport,
  columnsOf,
  type DimensionDef,
  type GroupingDef,
  groupingOf,
  type MeasureDef,
  periodFilter,
} from '@zb/contract/report/define';
import { REPORT_CHART_ROWS_MAX } from '@zb/contract/report/schemas';
import type { FieldDef } from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { and, getTableColumns, is, Param, Placeholder, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bindPlaceholders, filterOf, filterValues } from '../resource/filters';
import { type DataScope, storeScopeFilter } from '../scope';
import { type Expr, isBoundQuery, type QueryInput, type ReportBinding, type Values } from './binding';

type Dir = 'asc' | 'desc';

/** Measures the engine derives from others. */
const DERIVED = new Set(['ratio', 'previous', 'growth']);

/** A binding's expressions, defaults filled in and checked: worked out once per binding. */
interface Resolved {
  dims: Record<string, Expr>;
  /** Base measures (not derived). */
  measures: Record<string, Expr>;
  filters: Record<string, { f: FieldDef; e: Expr } | 'query'>;
}

const resolvedKept = new WeakMap<ReportBinding, Resolved>();

/** Whether an expression binds a value (a parameter, a placeholder, a plain value interpolated). */
const hasParam = (e: unknown): boolean => {
  if (is(e, Param) || is(e, Placeholder)) return true;
  if (is(e, SQL)) return e.queryChunks.some(hasParam);
  if (is(e, SQL.Aliased)) return hasParam(e.sql);
  if (Array.isArray(e)) return e.some(hasParam);
  return e !== null && typeof e !== 'object' && typeof e !== 'function';
};

/** A bound query's column summed (or its min, max, distinct count) by the measure's kind. */
const rollupOf = (m: MeasureDef, c: SQL): SQL => {
  switch (m.agg) {
    case 'min':
      return sql`min(${c})`;
    case 'max':
      return sql`max(${c})`;
    case 'countDistinct':
      return sql`count(distinct ${c})`;
    default:
      return sql`sum(${c})`;
  }
};

const colOf = (alias: string, key: string) => sql`${sql.identifier(alias)}.${sql.identifier(key)}`;

export const resolve = (b: ReportBinding): Resolved => {
  const kept = resolvedKept.get(b);
  if (kept) return kept;
  const { decl } = b;
  const where = `report ${decl.name}`;
  const q = isBoundQuery(b.from) ? b.from.alias : null;
  const own = q ? {} : (getTableColumns(b.from as PgTable) as Record<string, Expr>);
  const dims: Record<string, Expr> = {};
  for (const key of Object.keys(decl.dimensions)) {
    const e = (b.dims as Record<string, Expr> | undefined)?.[key] ?? (q ? colOf(q, key) : own[key]);
    if (!e) throw new Error(`${where}: dimension ${key} has no expression`);
    if (hasParam(e)) throw new Error(`${where}: dimension ${key} binds a value (GROUP BY repeats it: use sql.raw)`);
    dims[key] = e;
  }
  const measures: Record<string, Expr> = {};
  for (const [key, m] of Object.entries(decl.measures)) {
    if (DERIVED.has(m.agg)) continue;
    const given = (b.measures as Record<string, Expr> | undefined)?.[key];
    const e =
      given ??
      (q
        ? decl.kind === 'summary'
          ? rollupOf(m, colOf(q, key))
          : colOf(q, key)
        : decl.kind === 'detail'
          ? own[key]
          : undefined);
    if (!e) throw new Error(`${where}: measure ${key} has no expression`);
    measures[key] = e;
  }
  const filters: Resolved['filters'] = {};
  for (const [key, f] of Object.entries(decl.filters)) {
    const given = (b.filters as Record<string, unknown> | undefined)?.[key];
    if (given === 'query') {
      if (!q) throw new Error(`${where}: filter ${key} is read by a query, but the source is a table`);
      filters[key] = 'query';
      continue;
    }
    if (given && typeof given === 'object' && 'instant' in given) {
      filters[key] = { f: { ...f, type: 'datetime' }, e: (given as { instant: Expr }).instant };
      continue;
    }
    const e = (given as Expr | undefined) ?? (q ? colOf(q, key) : own[key]);
    if (!e) throw new Error(`${where}: filter ${key} has no expression`);
    filters[key] = { f, e };
  }
  if (decl.kind === 'detail' && !b.id) throw new Error(`${where}: a detail view names its facts' key (id)`);
  if (b.ungrouped?.length) {
    if (!q) throw new Error(`${where}: only a bound query's rows can be its groups (ungrouped)`);
    if (Object.values(decl.measures).some((m) => m.agg === 'previous' || m.agg === 'growth')) {
      throw new Error(`${where}: an ungrouped grouping cannot compare with the previous period`);
    }
  }
  const out = { dims, measures, filters };
  resolvedKept.set(b, out);
  return out;
};

/** The previous period's names of the period's values. */
const PREV = '__prev.';

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const dayOfNumber = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** The period just before [from, to], of the same length. */
export const previousPeriod = (from: string, to: string): { from: string; to: string } => {
  const a = dayNumber(from);
  const days = dayNumber(to) - a + 1;
  return { from: dayOfNumber(a - days), to: dayOfNumber(a - 1) };
};

/** A request's values bound by name: the filters it applies (shape) and every value. */
const appliedOf = (b: ReportBinding, q: Values) => {
  const r = resolve(b);
  const values: Values = {};
  const applied: { key: string; f: FieldDef; e: Expr; given: Values }[] = [];
  /** The filters a bound query reads itself, given in the request. */
  const queried: Record<string, { f: FieldDef; given: Values }> = {};
  for (const [key, spec] of Object.entries(r.filters)) {
    const f = spec === 'query' ? (b.decl.filters[key] as FieldDef) : spec.f;
    const given = filterValues(key, f, q);
    if (!given) continue;
    Object.assign(values, given);
    if (spec !== 'query') applied.push({ key, f, e: spec.e, given });
    else queried[key] = { f, given };
  }
  return { applied, values, queried };
};

interface Shape {
  grouping: GroupingDef;
  /** Row columns: the grouping's dimensions (detail: all), then every measure. */
  columns: [string, DimensionDef | MeasureDef][];
  order: [string, Dir][];
  chart: boolean;
  firstPage: boolean;
  /** Previous-period measures apply (a summary with a period given and no bucket in the grouping). */
  previous: boolean;
}

const isMeasure = (c: DimensionDef | MeasureDef): c is MeasureDef => 'agg' in c;

const shapeOf = (decl: AnyReport, q: Values, values: Values): Shape => {
  const grouping = groupingOf(decl, q.groupBy as string | undefined);
  const columns = columnsOf(decl, grouping);
  const shown = new Set(columns.filter(([, c]) => !c.hidden).map(([k]) => k));
  const dims = decl.kind === 'detail' ? Object.keys(decl.dimensions) : grouping.dims;
  const chart = q.chart === true && !!decl.chart;
  let order: [string, Dir][] = [];
  if (chart && decl.chart && dims.includes(decl.chart.x)) {
    order = [[decl.chart.x, 'asc']];
  } else {
    // A column the grouping does not show is no order: the default one applies.
    const asked = q.sortBy !== undefined && shown.has(q.sortBy as string) ? (q.sortBy as string) : undefined;
    const field = asked ?? decl.defaultSort.field;
    if (shown.has(field)) {
      const given = q.sortBy === undefined || asked ? (q.sortDir as Dir | undefined) : undefined;
      const dir = given ?? (asked ? 'asc' : decl.defaultSort.dir);
      order.push([field, dir]);
      const then = decl.defaultSort.thenBy;
      if (!asked && then && then !== field && columns.some(([k]) => k === then)) {
        order.push([then, 'asc']);
      }
    }
  }
  // The tie-break: a group is one of its dimensions' values; a fact is its key.
  // It follows the sort's direction, so the descending order is the ascending one reversed.
  const tie: Dir = order[0]?.[1] ?? 'asc';
  if (decl.kind === 'summary') {
    for (const d of dims) if (!order.some(([k]) => k === d)) order.push([d, tie]);
  } else {
    order.push(['__id', tie]);
  }
  const period = periodFilter(decl);
  const previous =
    decl.kind === 'summary' &&
    !!period &&
    Object.values(decl.measures).some((m) => m.agg === 'previous' || m.agg === 'growth') &&
    rangeKeys(period[0]).from in values &&
    rangeKeys(period[0]).to in values &&
    !grouping.dims.some((d) => decl.dimensions[d]?.bucket);
  return { grouping, columns, order, chart, firstPage: chart || q.pageNo === 1, previous };
};

const id = (k: string) => sql.identifier(k);
const TOTAL = '__total';
const ROW = '__row';
const GROUPED = '__grouped';
const totalKey = (k: string) => `__t.${k}`;
const LIMIT = 'limit:';
const OFFSET = 'offset:';

/** A ratio's unit: basis points for a percent, 分 for an amount per unit (客单价). */
const ratioScale = (m: MeasureDef) => (m.type === 'percent' ? 10000 : 1);

/** `round(num × scale / den)` (basis points, or 分 per unit), null over 0. */
const ratioSql = (num: SQL | Expr, den: SQL | Expr, scale: number) =>
  sql`case when coalesce(${den}, 0) = 0 then null else round((${num}) * ${sql.raw(`${scale}.0`)} / (${den}))::bigint end`;

const growthSql = (cur: SQL, prev: SQL) =>
  sql`case when coalesce(${prev}, 0) = 0 then null else round(((${cur}) - (${prev})) * 10000.0 / (${prev}))::bigint end`;

const joined = (parts: SQL[], sep = ', ') => sql.join(parts, sql.raw(sep));

type Applied = ReturnType<typeof appliedOf>;

/** What a bound query (and a binding's totals) is given, with a bind that maps value names (the previous period's). */
const inputOf = (b: ReportBinding, scope: DataScope, s: Shape, applied: Applied, rename?: string) => {
  const period = periodFilter(b.decl);
  const periodNames: string[] = period ? Object.values(rangeKeys(period[0])) : [];
  const nameOf = (n: string) => (rename && periodNames.includes(n) ? `${rename}${n}` : n);
  const bind = (name: string, e?: Expr) => bindPlaceholders(nameOf(name), e);
  const bound = new Set(Object.keys(applied.values));
  const input: QueryInput = {
    bind: (name: string) => sql`${bind(name)}`,
    has: (name: string) => bound.has(name),
    scope,
    grouping: b.decl.kind === 'summary' ? s.grouping.key : '',
    dims: s.grouping.dims,
    order: s.order,
    top: s.chart
      ? sql.raw(String(REPORT_CHART_ROWS_MAX))
      : s.firstPage
        ? sql`${sql.placeholder(LIMIT)}::int`
        : sql`(${sql.placeholder(LIMIT)}::int + ${sql.placeholder(OFFSET)}::int)`,
    filter: (key, e) => {
      const q = applied.queried[key];
      return q ? filterOf(key, q.f, e, q.given, bind) : undefined;
    },
  };
  return { input, bind };
};

/** The facts and their WHERE. */
const factsOf = (b: ReportBinding, scope: DataScope, s: Shape, applied: Applied, rename?: string) => {
  const { input, bind } = inputOf(b, scope, s, applied, rename);
  let from: SQL;
  if (isBoundQuery(b.from)) {
    from = sql`(${b.from.query(input)}) as ${id(b.from.alias)}`;
  } else {
    from = sql`${b.from}`;
  }
  for (const j of b.joins ?? [])
    from = sql`${from} ${sql.raw(j.inner ? 'inner join' : 'left join')} ${j.table} on ${j.on}`;
  const where = and(
    b.where,
    b.scope && !b.scope.inQuery ? storeScopeFilter(scope, b.scope.store as never) : undefined,
    ...applied.applied.map(({ key, f, e, given }) => filterOf(key, f, e, given, bind)),
  );
  return where ? sql`${from} where ${where}` : from;
};

/** A column's value in the select: a date as YYYY-MM-DD text. */
const shown = (c: DimensionDef | MeasureDef, e: Expr | SQL) =>
  c.type === 'date' ? sql`to_char(${e}, 'YYYY-MM-DD')` : sql`${e}`;

/** The SQL of one request shape. */
const statementOf = (b: ReportBinding, scope: DataScope, s: Shape, applied: Applied): SQL => {
  const { decl } = b;
  const r = resolve(b);
  const facts = factsOf(b, scope, s, applied);
  const dimKeys = s.columns.filter(([, c]) => !isMeasure(c)).map(([k]) => k);
  const measureDefs = Object.entries(decl.measures);
  const base = measureDefs.filter(([, m]) => !DERIVED.has(m.agg));
  const ratioOf = (m: MeasureDef, exprOf: (k: string) => SQL | Expr) => {
    const of = m.of as { num: string; den: string };
    return ratioSql(exprOf(of.num), exprOf(of.den), ratioScale(m));
  };
  const pageOrder = (alias?: string) =>
    joined(
      s.order.map(([k, dir]) => sql`${alias ? sql`${id(alias)}.${id(k)}` : id(k)} ${sql.raw(dir)}`),
      ', ',
    );
  const limit = sql`limit ${s.chart ? REPORT_CHART_ROWS_MAX : sql.placeholder(LIMIT)}${
    s.firstPage ? sql.empty() : sql` offset ${sql.placeholder(OFFSET)}`
  }`;
  const totalParts: SQL[] = [sql`count(*) as ${id(TOTAL)}`];
  // A measure's total, where the totals row shows it or a ratio's total is made of it.
  const inTotals = (k: string, m: MeasureDef) =>
    m.total !== false || measureDefs.some(([, x]) => typeof x.of === 'object' && [x.of.num, x.of.den].includes(k));

  if (decl.kind === 'detail') {
    const cols: SQL[] = [sql`1 as ${id(ROW)}`, sql`${b.id} as ${id('__id')}`];
    for (const [k, c] of s.columns) {
      if (!isMeasure(c)) cols.push(sql`${shown(c, r.dims[k] as Expr)} as ${id(k)}`);
      else if (c.agg === 'ratio') cols.push(sql`${ratioOf(c, (x) => r.measures[x] as Expr)} as ${id(k)}`);
      else if (!DERIVED.has(c.agg)) cols.push(sql`${r.measures[k]} as ${id(k)}`);
      else cols.push(sql`null::bigint as ${id(k)}`);
    }
    // The binding's own totals (over rollups) replace the count and sums over the facts; when it
    // gives every one, the totals read no fact and the page alone reads the facts, by its index.
    const own = b.totals?.(inputOf(b, scope, s, applied).input) as Partial<Record<string, SQL>> | undefined;
    if (own?.count) totalParts[0] = sql`(${own.count}) as ${id(TOTAL)}`;
    let allOwn = !!own?.count;
    for (const [k, m] of base) {
      if (!inTotals(k, m)) continue;
      const mine = own?.[k];
      if (!mine) allOwn = false;
      totalParts.push(sql`${mine ? sql`(${mine})` : rollupOf(m, sql`${r.measures[k]}`)} as ${id(totalKey(k))}`);
    }
    return sql`select * from (select t.*, p.* from (select ${joined(totalParts)}${allOwn ? sql.empty() : sql` from ${facts}`}) t
      left join lateral (select ${joined(cols)} from ${facts} order by ${pageOrder()} ${limit}) p on true) x
      order by ${pageOrder('x')}`;
  }

  // summary
  // The rows of an ungrouped grouping are its groups: each measure is the query's column.
  const ungrouped = isBoundQuery(b.from) && !!b.ungrouped?.includes(s.grouping.key);
  const measureOf = (k: string): Expr =>
    ungrouped ? colOf((b.from as { alias: string }).alias, k) : (r.measures[k] as Expr);
  // The binding's own totals (over rollups), each replacing the engine's aggregate over the groups.
  const given = b.totals?.(inputOf(b, scope, s, applied).input) as Partial<Record<string, SQL>> | undefined;
  const ownTotal = (k: string) => given?.[k];
  const dimExprs = dimKeys.map((k) => r.dims[k] as Expr);
  const gCols: SQL[] = [sql`1 as ${id(ROW)}`];
  for (const k of dimKeys) gCols.push(sql`${shown(decl.dimensions[k] as DimensionDef, r.dims[k] as Expr)} as ${id(k)}`);
  for (const [k, m] of measureDefs) {
    if (m.agg === 'ratio') gCols.push(sql`${ratioOf(m, measureOf)} as ${id(k)}`);
    else if (!DERIVED.has(m.agg)) gCols.push(sql`${measureOf(k)} as ${id(k)}`);
  }
  const dimList = joined(dimExprs.map((e) => sql`${e}`));
  const group = dimExprs.length && !ungrouped ? sql` group by ${dimList}` : sql.empty();
  // A distinct count's total is counted over all the facts: in the same scan, as the grand total
  // of GROUPING SETS ((dims), ()), its row told apart by grouping().
  const recount =
    dimExprs.length > 0 &&
    !ungrouped &&
    base.some(([k, m]) => m.agg === 'countDistinct' && inTotals(k, m) && !ownTotal(k));
  const ctes: SQL[] = recount
    ? [
        sql`g0 as (select ${joined([...gCols, sql`grouping(${dimList}) as ${id(GROUPED)}`])} from ${facts}
          group by grouping sets ((${dimList}), ()))`,
        sql`g as (select * from g0 where ${id(GROUPED)} = 0)`,
      ]
    : [sql`g as (select ${joined(gCols)} from ${facts}${group})`];

  // The previous period: the compared measures grouped the same way, joined by the dimensions.
  const prevMeasures = measureDefs.filter(([, m]) => m.agg === 'previous' || m.agg === 'growth');
  const compared = [...new Set(prevMeasures.map(([, m]) => m.of as string))];
  let rowSource = 'g';
  if (prevMeasures.length) {
    const rCols: SQL[] = [sql`g.*`];
    if (s.previous) {
      const prevFacts = factsOf(b, scope, s, applied, PREV);
      const pCols: SQL[] = [
        ...dimKeys.map((k) => sql`${shown(decl.dimensions[k] as DimensionDef, r.dims[k] as Expr)} as ${id(k)}`),
        ...compared.map((k) => sql`${r.measures[k]} as ${id(k)}`),
      ];
      ctes.push(sql`gp as (select ${joined(pCols)} from ${prevFacts}${group})`);
      const on = dimKeys.length
        ? joined(
            dimKeys.map((k) => sql`gp.${id(k)} is not distinct from g.${id(k)}`),
            ' and ',
          )
        : sql`true`;
      for (const [k, m] of prevMeasures) {
        const prev = sql`gp.${id(m.of as string)}`;
        rCols.push(sql`${m.agg === 'previous' ? prev : growthSql(sql`g.${id(m.of as string)}`, prev)} as ${id(k)}`);
      }
      ctes.push(sql`r as (select ${joined(rCols)} from g left join gp on ${on})`);
      for (const k of compared)
        totalParts.push(sql`(select sum(gp.${id(k)}) from gp) as ${id(totalKey(`${PREV}${k}`))}`);
    } else {
      for (const [k] of prevMeasures) rCols.push(sql`null::bigint as ${id(k)}`);
      ctes.push(sql`r as (select ${joined(rCols)} from g)`);
    }
    rowSource = 'r';
  }
  const own = given?.count;
  if (own) totalParts[0] = sql`(${own}) as ${id(TOTAL)}`;
  let allOwn = !!own;
  for (const [k, m] of base) {
    if (!inTotals(k, m)) continue;
    // A distinct count is counted again over the facts; the others add up (or min, max) the groups.
    const mine = ownTotal(k);
    if (!mine) allOwn = false;
    const agg = mine
      ? sql`(${mine})`
      : m.agg === 'countDistinct'
        ? recount
          ? sql`(select g0.${id(k)} from g0 where ${id(GROUPED)} <> 0)`
          : sql`(select ${ungrouped ? sql`count(distinct ${measureOf(k)})` : r.measures[k]} from ${facts})`
        : rollupOf(m, sql`${id(rowSource)}.${id(k)}`);
    totalParts.push(sql`${agg} as ${id(totalKey(k))}`);
  }
  // Totals of their own read no group: the groups are read once, by the page, in its order.
  ctes.push(sql`t as (select ${joined(totalParts)}${allOwn ? sql.empty() : sql` from ${id(rowSource)}`})`);
  return sql`select * from (with ${joined(ctes)} select t.*, p.* from t left join lateral
    (select * from ${id(rowSource)} order by ${pageOrder()} ${limit}) p on true) x order by ${pageOrder('x')}`;
};

interface Prepared {
  execute(values: Values): Promise<Values[]>;
}

const MAX_KEPT = 256;
const kept = new WeakMap<Db, WeakMap<ReportBinding, Map<string, Prepared>>>();

/** The statement of a request's shape, prepared on its first use and kept. */
const preparedOf = (db: Db, b: ReportBinding, scope: DataScope, s: Shape, applied: Applied): Prepared => {
  const byBinding = kept.get(db) ?? new WeakMap<ReportBinding, Map<string, Prepared>>();
  kept.set(db, byBinding);
  const byShape = byBinding.get(b) ?? new Map<string, Prepared>();
  byBinding.set(b, byShape);
  const shape = JSON.stringify([
    scope,
    s.grouping.key,
    s.order,
    s.chart,
    s.firstPage,
    s.previous,
    Object.keys(applied.values),
  ]);
  let p = byShape.get(shape);
  if (!p) {
    const statement = statementOf(b, scope, s, applied);
    // The select builder over the statement as a subquery: drizzle prepares it like any list.
    p = db
      .select({ x: sql<Values>`to_jsonb(x)` })
      .from(sql`(${statement}) as x`)
      .prepare(`report:${b.decl.name}:${byShape.size}`) as unknown as Prepared;
    if (byShape.size >= MAX_KEPT) byShape.clear();
    byShape.set(shape, p);
  }
  return p;
};

/** The SQL text and parameters of a request (the bench's EXPLAIN). */
export const reportStatement = (db: Db, b: ReportBinding, scope: DataScope, q: Values) => {
  const applied = appliedOf(b, q);
  const s = shapeOf(b.decl, q, applied.values);
  const statement = statementOf(b, scope, s, applied);
  const built = db.select({ x: sql<Values>`to_jsonb(x)` }).from(sql`(${statement}) as x`).toSQL();
  return { ...built, values: valuesOf(b, q, s, applied.values) };
};

const valuesOf = (b: ReportBinding, q: Values, s: Shape, values: Values): Values => {
  const out: Values = { ...values };
  const pageSize = Number(q.pageSize ?? 10);
  out[LIMIT] = pageSize;
  out[OFFSET] = (Number(q.pageNo ?? 1) - 1) * pageSize;
  const period = periodFilter(b.decl);
  if (s.previous && period) {
    const { from, to } = rangeKeys(period[0]);
    const prev = previousPeriod(String(values[from]), String(values[to]));
    out[`${PREV}${from}`] = prev.from;
    out[`${PREV}${to}`] = prev.to;
  }
  return out;
};

const numeric = (c: DimensionDef | MeasureDef) => c.type === 'int' || c.type === 'money' || c.type === 'percent';

const cellOf = (c: DimensionDef | MeasureDef, v: unknown): string | number | null => {
  if (v === null || v === undefined) return null;
  if (numeric(c)) return Number(v);
  if (c.type === 'datetime') return new Date(String(v)).toISOString();
  return v as string;
};

export interface ReportAnswer {
  list: Values[];
  total: number;
  totals?: Values;
  groupBy?: string;
}

/** What runs before every report read (a module's rollups brought up to date: modules/members/rollups.ts foldRollupDeltas). */
const beforeRead = new Set<(db: Db) => Promise<unknown>>();

/** Registers `fn` to run before every report read (once, however often it is registered). */
export const beforeReportRead = (fn: (db: Db) => Promise<unknown>): void => {
  beforeRead.add(fn);
};

/** One request: the page (or the chart's rows), the total and the totals row. */
export const reportPage = async (db: Db, b: ReportBinding, scope: DataScope, q: Values): Promise<ReportAnswer> => {
  for (const fn of beforeRead) await fn(db);
  await b.before?.(db);
  const { decl } = b;
  const applied = appliedOf(b, q);
  const s = shapeOf(decl, q, applied.values);
  const prepared = preparedOf(db, b, scope, s, applied);
  const rows = (await prepared.execute(valuesOf(b, q, s, applied.values))).map(
    (r) => (typeof r.x === 'string' ? JSON.parse(r.x) : r.x) as Values,
  );
  const first = rows[0] ?? {};
  const list = rows
    .filter((r) => r[ROW] !== null && r[ROW] !== undefined)
    .map((r) => Object.fromEntries(s.columns.map(([k, c]) => [k, cellOf(c, r[k])])));
  const answer: ReportAnswer = { list, total: Number(first[TOTAL] ?? 0) };
  if (decl.kind === 'summary') answer.groupBy = s.grouping.key;
  if (decl.totals) answer.totals = totalsOf(decl, first, s.previous);
  return answer;
};

/** The totals row: each measure's total, ratios and growths recomputed from totals. */
const totalsOf = (decl: AnyReport, first: Values, previous: boolean): Values => {
  const totals: Values = {};
  const num = (k: string) => {
    const v = first[totalKey(k)];
    return v === null || v === undefined ? null : Number(v);
  };
  for (const [k, m] of Object.entries(decl.measures)) {
    if (DERIVED.has(m.agg)) continue;
    // An empty result adds up to 0.
    totals[k] = num(k) ?? (m.agg === 'min' || m.agg === 'max' ? null : 0);
  }
  for (const [k, m] of Object.entries(decl.measures)) {
    if (m.agg === 'ratio') {
      const of = m.of as { num: string; den: string };
      const n = totals[of.num] as number | null;
      const d = totals[of.den] as number | null;
      totals[k] = n === null || !d ? null : Math.round((n * ratioScale(m)) / d);
    } else if (m.agg === 'previous' || m.agg === 'growth') {
      const prev = previous ? (num(`${PREV}${m.of as string}`) ?? 0) : null;
      const cur = totals[m.of as string] as number | null;
      totals[k] =
        m.agg === 'previous'
          ? prev
          : prev === null || cur === null || prev === 0
            ? null
            : Math.round(((cur - prev) * 10000) / prev);
    }
  }
  for (const [k, m] of Object.entries(decl.measures)) if (m.total === false) delete totals[k];
  return totals;
};
