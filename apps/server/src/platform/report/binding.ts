/**
 * How a declared report or view (contract/report) meets its data: the source (a table with joins,
 * or a module's bound query for figures with their own rules, e.g. balances as of a day), the SQL
 * expression of each dimension, measure and filter, and the data scope. See docs/report-engine.md.
 */
import type { AnyReport } from '@zb/contract/report/define';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Expr, Join, Values } from '../resource/binding';
import type { DataScope } from '../scope';

export type { Expr, Join, Values };

/** What a bound query is given: how to bind a request's value, which values it has, the scope. */
export interface QueryInput {
  /**
   * A request value as a bound parameter, by its query key (`periodFrom`, `periodTo`, `storeId`):
   * the statement is prepared once per shape, so a value is read only through here.
   */
  bind(name: string): SQL;
  /** Whether the request gives the value (part of the statement's shape). */
  has(name: string): boolean;
  /** The caller's data scope (the engine applies it on `scope.store` too; a query may narrow early). */
  scope: DataScope;
  /**
   * The grouping asked for (its key; a detail view's is ''), part of the statement's shape: a
   * query over rollups answers at the grain the grouping needs (a distinct count per store is a
   * sum over the store's rows, not over all the stores').
   */
  grouping: string;
  /** The page's order, by column key (the sort asked for, then the tie-break). */
  order: readonly (readonly [string, 'asc' | 'desc'])[];
  /**
   * How many rows from the top of that order the page needs (its offset and size, bound): an
   * ungrouped grouping's query may answer only the rows that can be among them (what it reads
   * in the page's order, cut there) when the binding gives every total.
   */
  top: SQL;
  /**
   * A request's filter (one the binding marks 'query') applied to an expression, as the engine
   * would apply it: undefined when the request does not give it.
   */
  filter(key: string, e: Expr): SQL | undefined;
  /**
   * The dimensions of the chosen grouping (part of the statement's shape): a query may read a
   * coarser rollup when the grouping needs no finer key.
   */
  dims: readonly string[];
}

/**
 * A module's query whose columns are the report's dimensions and measures (by key) at the grain
 * of its facts; the engine groups it by the chosen grouping. Its alias names its columns in the
 * binding's expressions: `col('q', 'storeId')`.
 */
export interface BoundQuery {
  alias: string;
  query(input: QueryInput): SQL;
}

/**
 * A filter's expression: compared as the filter kind says; `{ instant }` a timestamp compared by
 * Beijing days (a date-range filter over a timestamptz column, index-friendly); 'query' when the
 * bound query reads the value itself (a balance's as-of day).
 */
export type FilterExpr = Expr | { instant: Expr } | 'query';

type Keys<T> = Extract<keyof T, string>;

export interface ReportBinding<R extends AnyReport = AnyReport> {
  decl: R;
  from: PgTable | BoundQuery;
  /** Runs before each read of this report (its kept facts brought up to date), after beforeReportRead's. */
  before?: (db: Db) => Promise<unknown>;
  joins?: readonly Join[];
  /** Always applied. */
  where?: SQL;
  /**
   * Each dimension's expression, a plain value of the fact row (a bucket: `bucketOf(instant,
   * 'month')`). It must bind no value (write constants with sql.raw): GROUP BY repeats it. A
   * bound query's column of the same key by default.
   */
  dims?: Partial<Record<Keys<R['dimensions']>, Expr>>;
  /**
   * Each measure's expression, but ratio, previous and growth, which the engine derives. summary:
   * an aggregate (`sum(x)`, `count(distinct y)`); detail: a plain value. A bound query's column
   * of the same key by default (summed, or its min, max or distinct count, by the measure's kind).
   */
  measures?: Partial<Record<Keys<R['measures']>, Expr>>;
  /**
   * Summary groupings whose groups are the bound query's rows themselves (one row per group, e.g.
   * per store and product over store_stock): the engine pages those rows without grouping them,
   * so an index can give the order and the LIMIT ends the read. A measure is then the query's
   * column of its key.
   */
  ungrouped?: readonly string[];
  /**
   * The totals row from the module's own scalar expressions (over rollups), by measure key and
   * `count` for 共 N 条: each one given replaces the engine's aggregate over the groups (all of
   * them do for an ungrouped grouping, or the engine's apply; answer undefined for a request the
   * rollups cannot answer).
   */
  totals?: (input: QueryInput) => Partial<Record<Keys<R['measures']> | 'count', SQL>> | undefined;
  /** Each filter's expression (a bound query's column of the same key by default). */
  filters?: Partial<Record<Keys<R['filters']>, FilterExpr>>;
  /** detail: the fact's key, the last tie-break of the order. */
  id?: Expr;
  /**
   * The data scope, by the store a fact belongs to: the same filter as every store-keyed list.
   * `inQuery`: the bound query narrows to the scope itself (its rows by type over several stores
   * name no store), and the engine does not filter its rows again.
   */
  scope?: { store: Expr; inQuery?: boolean };
  /**
   * Values of the required filters other than the period (a member a view is embedded for) that
   * find rows in the demo data: the conformance test and the bench query with them.
   */
  example?: (db: Db) => Promise<Values>;
}

/** A binding typed by its declaration. */
export const bindReport = <R extends AnyReport>(b: ReportBinding<R>): ReportBinding<R> => b;

export const isBoundQuery = (from: ReportBinding['from']): from is BoundQuery =>
  typeof (from as BoundQuery).query === 'function';

/** A column of a bound query, by alias and key. */
export const col = (alias: string, key: string): SQL => sql`${sql.identifier(alias)}.${sql.identifier(key)}`;

const SHANGHAI = sql.raw(`'Asia/Shanghai'`);

/** The Beijing day of an instant, a date. */
export const dayOf = (instant: Expr): SQL => sql`((${instant}) at time zone ${SHANGHAI})::date`;

/** The period bucket of an instant: its Beijing day, its ISO week's Monday, its month's first day. */
export const bucketOf = (instant: Expr, unit: 'day' | 'week' | 'month'): SQL =>
  unit === 'day' ? dayOf(instant) : sql`date_trunc(${sql.raw(`'${unit}'`)}, ${dayOf(instant)})::date`;
