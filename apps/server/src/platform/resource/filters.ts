/**
 * The SQL of the resource engine's filter kinds (like, eq, in, range), shared by the resource
 * lists (query.ts) and the report engine (platform/report): a filter's input values, bound as
 * they are or as placeholders of a statement built once, and its condition on an expression.
 */
import type { FieldDef } from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { and, Column, eq, gte, ilike, inArray, is, lt, lte, Param, type SQL, sql } from 'drizzle-orm';
import type { Expr, Values } from './binding';

const SHANGHAI = 'Asia/Shanghai';

/** `%` and `_` typed by the user match themselves. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const dayStart = (date: unknown) => sql`((${date})::date)::timestamp at time zone ${SHANGHAI}`;
export const nextDayStart = (date: unknown) => sql`((${date})::date + 1)::timestamp at time zone ${SHANGHAI}`;

/**
 * A filter's input, apart from its SQL: the values it binds, by name, or undefined when the query
 * does not apply it. The names a query binds are its shape: one statement serves every query of
 * that shape, its values bound as parameters.
 */
export const filterValues = (key: string, f: FieldDef, q: Values): Values | undefined => {
  const v = q[key];
  switch (f.filter) {
    case 'like':
      return typeof v === 'string' && v ? { [key]: containing(v) } : undefined;
    case 'eq':
      return v === undefined ? undefined : { [key]: v };
    case 'in':
      return Array.isArray(v) && v.length ? Object.fromEntries(v.map((x, i) => [`${key}.${i}`, x])) : undefined;
    case 'range': {
      const { from, to } = rangeKeys(key);
      const dated = f.type === 'datetime';
      const out: Values = {};
      if (q[from] !== undefined) out[from] = dated ? String(q[from]) : q[from];
      if (q[to] !== undefined) out[to] = dated ? String(q[to]) : q[to];
      return Object.keys(out).length ? out : undefined;
    }
    default:
      return undefined;
  }
};

/** A bound value: the value itself, or a placeholder for it in a statement built once. */
export type Bind = (name: string, e?: Expr) => unknown;

/** Binds a query's values into the SQL as they are (the statement serves this query only). */
export const bindValues =
  (values: Values): Bind =>
  (name) =>
    values[name];

/** Binds placeholders, encoded by the column they are compared with as a value would be. */
export const bindPlaceholders: Bind = (name, e) => {
  const p = sql.placeholder(name);
  return e && is(e, Column) ? new Param(p, e) : p;
};

export const filterOf = (key: string, f: FieldDef, e: Expr, given: Values, bind: Bind): SQL | undefined => {
  switch (f.filter) {
    case 'like':
      return ilike(e as SQL, bind(key) as SQL);
    case 'eq':
      // Several ids (labels): the row holds the id among them.
      return f.type === 'lookups' ? sql`${bind(key)}::int = any(${e})` : eq(e as SQL, bind(key, e));
    case 'in':
      return inArray(
        e as SQL,
        Object.keys(given).map((name) => bind(name, e)),
      );
    case 'range': {
      const { from, to } = rangeKeys(key);
      const lo = from in given;
      const hi = to in given;
      if (f.type === 'datetime') {
        return and(
          lo ? gte(e as SQL, dayStart(bind(from))) : undefined,
          hi ? lt(e as SQL, nextDayStart(bind(to))) : undefined,
        );
      }
      return and(lo ? gte(e as SQL, bind(from, e)) : undefined, hi ? lte(e as SQL, bind(to, e)) : undefined);
    }
    default:
      return undefined;
  }
};
