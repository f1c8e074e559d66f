/**
 * How a declared resource (contract/resource) meets its table: the table, the expression of any
 * field that is not a column of the same name, joins, the rows it always leaves out, the data
 * scope, soft delete, unique constraints, and — only where the entity has real rules — a
 * service that replaces the default insert, update, delete or runs a batch action.
 */
import type { AnyResource, CreateValuesOf, RowOf, ValuesOf } from '@zb/contract/resource/define';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { Auth } from '../context';

export type Expr = AnyPgColumn | SQL | SQL.Aliased;

export interface Join {
  table: PgTable;
  on: SQL;
  /**
   * Inner join; left join by default. A left join must match at most one row (a parent by its
   * key): the list's total leaves out the left joins its filters do not read. Prefer the left join
   * for a not-null foreign key too: the rows are the same and the total is cheaper.
   */
  inner?: boolean;
}

export interface WriteContext {
  tx: Tx;
  auth: Auth;
}

export type Values = Record<string, unknown>;

/** Values less some keys, keeping the types of the others (and the index signature). */
export type Without<V, K extends PropertyKey> = { [P in keyof V as P extends K ? never : P]: V[P] };

/** The values without the given keys (child rows, values a service writes itself). */
export const without = <V extends Values, K extends string = never>(values: V, ...keys: K[]): Without<V, K> =>
  // Object.fromEntries answers a plain record: the filter is what makes it Without<V, K>.
  Object.fromEntries(Object.entries(values).filter(([k]) => !(keys as string[]).includes(k))) as Without<V, K>;

/**
 * The rules of an entity, typed by its declaration: `values` are the fields a write gives (each
 * already checked against its contract rule), `before` the row as the detail reads it.
 */
export interface ResourceService<D extends AnyResource = AnyResource> {
  /** Inserts the row; answers its id. Default: insert the form values into the table. */
  create?(ctx: WriteContext, values: CreateValuesOf<D>): Promise<number>;
  /** Default: update the given values. */
  update?(ctx: WriteContext, id: number, values: ValuesOf<D>, before: RowOf<D>): Promise<void>;
  /** Default: delete the row (or mark it deleted with a soft delete). */
  remove?(ctx: WriteContext, id: number, before: RowOf<D>): Promise<void>;
  /** Batch actions by key (contract `batch`): answers how many rows changed. */
  batch?: Record<string, (ctx: WriteContext, ids: readonly number[]) => Promise<number>>;
}

export interface ResourceBinding<D extends AnyResource = AnyResource> {
  decl: D;
  table: PgTable;
  /** The primary key column (the row's `id`). */
  id: AnyPgColumn;
  /** Fields that are not a column of `table` with the same key: joined columns, computed SQL. */
  columns?: Record<string, Expr>;
  joins?: readonly Join[];
  /** Always applied: rows outside it do not exist for this resource. */
  where?: SQL;
  /**
   * The data scope, by the store a row belongs to; none means every scope sees every row. Reads
   * see only rows of the caller's stores; a write's new values must name one of them (create,
   * update: a field error on the store's field, OUT_OF_SCOPE_STORE), and no write may move a row
   * out of the caller's stores (a batch action included). `clearMessage`: the field error when a
   * caller limited to some stores empties a nullable store column (the row would leave them).
   * The store table itself names its `id`: its rows are scoped by their region, and its service
   * checks the region a write gives.
   */
  scope?: { store: AnyPgColumn; clearMessage?: string };
  /** A timestamp column marking a row deleted; such rows leave every list and detail. */
  softDelete?: AnyPgColumn;
  /** Unique constraint name → the field it concerns, for a duplicate's field error. */
  uniques?: Record<string, string>;
  service?: ResourceService<D>;
}

/** A binding whose service is typed by its declaration's row and values. */
export const bindResource = <D extends AnyResource>(b: ResourceBinding<D>): ResourceBinding<D> => b;
