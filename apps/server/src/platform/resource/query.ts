/**
 * The read side of a resource: the selection of its fields, the WHERE of its filters, scope and
 * soft delete, the ORDER BY of its sort, and the paged list, count, single row and id snapshot
 * (for exports) built from them.
 */
import { type AnyResource, type RowOf, readableFields } from '@zb/contract/resource/define';
import { lookupNameKey } from '@zb/contract/resource/format';
import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  is,
  isNull,
  type Placeholder,
  SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { masterItem } from '../../modules/master/schema';
import { type DataScope, storeScopeFilter, storeTableScope } from '../scope';
import type { Expr, ResourceBinding, Values } from './binding';
import { type Bind, bindPlaceholders, bindValues, filterOf, filterValues } from './filters';

/** A binding's expressions never change: worked out once, not on every call. */
const memo = <T>(build: (b: ResourceBinding) => T) => {
  const kept = new WeakMap<ResourceBinding, T>();
  return (b: ResourceBinding): T => {
    let v = kept.get(b);
    if (v === undefined) {
      v = build(b);
      kept.set(b, v);
    }
    return v;
  };
};

export const fieldExprs = memo((b: ResourceBinding): Record<string, Expr> => {
  const own = getTableColumns(b.table) as Record<string, Expr>;
  const out: Record<string, Expr> = {};
  for (const [key] of readableFields(b.decl)) {
    const expr = b.columns?.[key] ?? own[key];
    if (!expr) throw new Error(`resource ${b.decl.name}: field ${key} has no column or expression`);
    out[key] = expr;
  }
  return out;
});

/** What a row selects: id, every field, and the name beside each lookup id. */
export const selection = memo((b: ResourceBinding): Record<string, Expr> => {
  const exprs = fieldExprs(b);
  const out: Record<string, Expr> = { id: b.id, ...exprs };
  for (const [key, f] of readableFields(b.decl)) {
    if (f.type === 'lookup') {
      out[lookupNameKey(key)] = sql<
        string | null
      >`(select ${masterItem.name} from ${masterItem} where ${masterItem.id} = ${exprs[key]})`;
    }
    if (f.type === 'lookups') {
      out[lookupNameKey(key)] = sql<string | null>`(select string_agg(${masterItem.name}, '、' order by ${
        masterItem.sort
      }, ${masterItem.id}) from ${masterItem} where ${masterItem.id} = any(${exprs[key]}))`;
    }
  }
  return out;
});

/** The rows of the caller's stores; the store table itself is scoped by its own columns. */
const scopeWhere = (b: ResourceBinding, scope: DataScope): SQL | undefined => {
  if (!b.scope) return undefined;
  return b.scope.store === b.id ? storeTableScope(scope) : storeScopeFilter(scope, b.scope.store);
};

/** The rows a caller may see at all: the binding's own condition, soft delete, data scope. */
export const baseWhere = (b: ResourceBinding, scope: DataScope): SQL | undefined =>
  and(b.where, b.softDelete ? isNull(b.softDelete) : undefined, scopeWhere(b, scope));

/** The filters a binding declares, with their expressions: worked out once. */
const filtersOf = memo((b: ResourceBinding) => {
  const exprs = fieldExprs(b);
  return Object.entries(b.decl.fields)
    .filter(([, f]) => f.filter)
    .map(([key, f]) => ({ key, f, e: exprs[key] as Expr }));
});

/** The filters a query applies, each with the values it binds. */
const appliedFilters = (b: ResourceBinding, q: Values) =>
  filtersOf(b).flatMap(({ key, f, e }) => {
    const given = filterValues(key, f, q);
    return given ? [{ key, f, e, given }] : [];
  });

const whereOf = (b: ResourceBinding, scope: DataScope, applied: ReturnType<typeof appliedFilters>, bind: Bind) =>
  and(baseWhere(b, scope), ...applied.map(({ key, f, e, given }) => filterOf(key, f, e, given, bind)));

/** Base rows narrowed by the query's filters. */
export const listWhere = (b: ResourceBinding, scope: DataScope, q: Values): SQL | undefined => {
  const applied = appliedFilters(b, q);
  return whereOf(b, scope, applied, bindValues(Object.assign({}, ...applied.map((a) => a.given))));
};

export const orderOf = (b: ResourceBinding, q: Values): SQL[] => {
  const field = (q.sortBy as string | undefined) ?? b.decl.defaultSort.field;
  const dir = (q.sortDir as 'asc' | 'desc' | undefined) ?? (q.sortBy ? 'asc' : b.decl.defaultSort.dir);
  const e = fieldExprs(b)[field] as SQL;
  // PostgreSQL's own null order (last ascending, first descending), so a plain btree index on the
  // column serves the sort in both directions.
  const by = dir === 'asc' ? sql`${e} asc` : sql`${e} desc`;
  const then =
    !q.sortBy && b.decl.defaultSort.thenBy ? [sql`${fieldExprs(b)[b.decl.defaultSort.thenBy] as SQL} asc`] : [];
  // The id breaks ties, so paging never repeats or skips a row.
  return [by, ...then, dir === 'asc' ? asc(b.id) : desc(b.id)];
};

// Drizzle's select builder changes type with every join; the engine composes it from data, so
// it works on this one structural view of it.
interface Builder {
  leftJoin(table: unknown, on: SQL): Builder;
  innerJoin(table: unknown, on: SQL): Builder;
  where(w: SQL | undefined): Builder;
  orderBy(...o: SQL[]): Builder;
  limit(n: number | Placeholder): Builder;
  offset(n: number | Placeholder): Builder;
  prepare(name: string): { execute(values: Values): Promise<Values[]> };
  then: Promise<Values[]>['then'];
}

const from = (db: Db, b: ResourceBinding, fields: Record<string, Expr>, joins = b.joins ?? []): Builder => {
  let q = db
    .select(fields as never)
    .from(b.table)
    .$dynamic() as unknown as Builder;
  for (const j of joins) q = j.inner ? q.innerJoin(j.table, j.on) : q.leftJoin(j.table, j.on);
  return q;
};

/** The names of the tables whose columns an expression reads (subqueries included). */
const tablesIn = (e: unknown, into = new Set<string>()): Set<string> => {
  if (is(e, Column)) into.add(getTableName(e.table));
  else if (is(e, SQL)) for (const chunk of e.queryChunks) tablesIn(chunk, into);
  else if (is(e, SQL.Aliased)) tablesIn(e.sql, into);
  else if (Array.isArray(e)) for (const x of e) tablesIn(x, into);
  return into;
};

/**
 * The joins a total needs: every inner join (it can drop rows), and the left joins the WHERE
 * reads, with the joins those depend on. A left join matches at most one row, so leaving one out
 * never changes the count, and the count can then be read from an index of the table alone.
 */
const joinsForCount = (b: ResourceBinding, where: SQL | undefined) => {
  const joins = b.joins ?? [];
  const needed = tablesIn(where);
  const keep = new Set<number>();
  for (let i = joins.length - 1; i >= 0; i--) {
    const j = joins[i]!;
    if (j.inner || needed.has(getTableName(j.table))) {
      keep.add(i);
      tablesIn(j.on, needed);
    }
  }
  return joins.filter((_, i) => keep.has(i));
};

const countQuery = (db: Db, b: ResourceBinding, where: SQL | undefined) =>
  from(db, b, { n: count() as unknown as Expr }, joinsForCount(b, where)).where(where);

const totalOf = (rows: Values[]): number => Number(rows[0]?.n ?? 0);

const countOf = async (db: Db, b: ResourceBinding, where: SQL | undefined): Promise<number> =>
  totalOf(await countQuery(db, b, where));

/** Timestamps travel as ISO strings, whatever the driver answered. */
const normalize = (row: Values): Values => {
  for (const k in row) {
    const v = row[k];
    if (v instanceof Date) row[k] = v.toISOString();
  }
  return row;
};

const LIMIT = 'limit:';
const OFFSET = 'offset:';

interface ListStatements {
  rows: { execute(values: Values): Promise<Values[]> };
  total: { execute(values: Values): Promise<Values[]> };
}

/** Statements kept per database and binding; a bound on their number keeps a stray caller cheap. */
const MAX_KEPT = 256;
const kept = new WeakMap<Db, WeakMap<ResourceBinding, Map<string, ListStatements>>>();

/**
 * The page's and the total's statements for a query of this shape (the filters it applies, its
 * sort, the caller's scope), built by drizzle on the first call and kept: later calls only bind
 * their values as parameters, instead of running drizzle's builder and SQL writer again.
 */
const listStatements = (
  db: Db,
  b: ResourceBinding,
  scope: DataScope,
  q: Values,
  applied: ReturnType<typeof appliedFilters>,
): ListStatements => {
  const byBinding = kept.get(db) ?? new WeakMap<ResourceBinding, Map<string, ListStatements>>();
  kept.set(db, byBinding);
  const byShape = byBinding.get(b) ?? new Map<string, ListStatements>();
  byBinding.set(b, byShape);
  // The first page has no OFFSET, as drizzle leaves it out for 0: the statement stays the one it was.
  const firstPage = q.pageNo === 1;
  const shape = JSON.stringify([
    scope,
    q.sortBy ?? null,
    q.sortDir ?? null,
    firstPage,
    applied.map((a) => Object.keys(a.given)),
  ]);
  let s = byShape.get(shape);
  if (!s) {
    const where = whereOf(b, scope, applied, bindPlaceholders);
    const name = `${b.decl.name}:${byShape.size}`;
    const page = from(db, b, selection(b))
      .where(where)
      .orderBy(...orderOf(b, q))
      .limit(sql.placeholder(LIMIT));
    s = {
      rows: (firstPage ? page : page.offset(sql.placeholder(OFFSET))).prepare(`${name}:rows`),
      total: countQuery(db, b, where).prepare(`${name}:total`),
    };
    if (byShape.size >= MAX_KEPT) byShape.clear();
    byShape.set(shape, s);
  }
  return s;
};

export const listPage = async (db: Db, b: ResourceBinding, scope: DataScope, q: Values) => {
  const applied = appliedFilters(b, q);
  const statements = listStatements(db, b, scope, q, applied);
  const values: Values = Object.assign({}, ...applied.map((a) => a.given));
  // Kept: q is the declaration's listQuery parsed (paging defaults filled), typed Values for any declaration.
  const pageNo = q.pageNo as number;
  const pageSize = q.pageSize as number;
  // The page and the total are independent: on PostgreSQL they run side by side on the pool.
  const [total, rows] = await Promise.all([
    statements.total.execute(values),
    statements.rows.execute({ ...values, [LIMIT]: pageSize, [OFFSET]: (pageNo - 1) * pageSize }),
  ]);
  return { list: rows.map(normalize), total: totalOf(total) };
};

export const countRows = (db: Db, b: ResourceBinding, scope: DataScope, q: Values): Promise<number> =>
  countOf(db, b, listWhere(b, scope, q));

/** One row as the detail shows it, or undefined when it does not exist for this caller. */
export const findRow = async <D extends AnyResource>(
  db: Db,
  b: ResourceBinding<D>,
  scope: DataScope,
  id: number,
): Promise<RowOf<D> | undefined> => {
  const [row] = await from(db, b, selection(b))
    .where(and(baseWhere(b, scope), eq(b.id, id)))
    .limit(1);
  // The selection is the declaration's readable fields: the row its declaration implies.
  return row ? (normalize(row) as RowOf<D>) : undefined;
};

/** Rows the caller may see, by id, in one query. */
export const findRows = async <D extends AnyResource>(
  db: Db,
  b: ResourceBinding<D>,
  scope: DataScope,
  ids: readonly number[],
): Promise<Map<number, RowOf<D>>> => {
  if (ids.length === 0) return new Map();
  const rows = await from(db, b, selection(b)).where(and(baseWhere(b, scope), inArray(b.id, [...ids])));
  return new Map(rows.map((r) => [Number(r.id), normalize(r) as RowOf<D>]));
};

/** The ids of every row the query matches, in list order: an export's stable snapshot. */
export const matchingIds = async (db: Db, b: ResourceBinding, scope: DataScope, q: Values): Promise<number[]> => {
  const rows = await from(db, b, { id: b.id })
    .where(listWhere(b, scope, q))
    .orderBy(...orderOf(b, q));
  return rows.map((r) => Number(r.id));
};

/** Rows by id, in the order of `ids`. */
export const rowsByIds = async (db: Db, b: ResourceBinding, ids: readonly number[]): Promise<Values[]> => {
  if (ids.length === 0) return [];
  const rows = await from(db, b, selection(b)).where(inArray(b.id, [...ids]));
  const byId = new Map(rows.map((r) => [Number(r.id), normalize(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is Values => !!r);
};
