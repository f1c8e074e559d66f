/**
 * The write side of a resource: create, update, delete and batch actions, each in one
 * transaction with its operation-log row (who, what, before, after). A unique violation becomes
 * RECORD_DUPLICATE on its field, a delete of a referenced row RECORD_IN_USE (or a soft delete
 * where the binding has one).
 */
import { ERR } from '@zb/contract/errcodes';
import type { OperationAction } from '@zb/contract/operationLog';
import type { ResourceRow } from '@zb/contract/resource/api';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation, recordOperations } from '../audit';
import type { Auth } from '../context';
import { BizError, fieldError } from '../errors';
import { checkStoreInScope, OUT_OF_SCOPE_STORE } from '../scope';
import type { ResourceBinding, Values, WriteContext } from './binding';
import { checkLookups } from './lookups';
import { findRow, findRows } from './query';

export interface PgError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
}

/** The PostgreSQL error under a driver's or drizzle's wrapper. */
export const pgErrorOf = (err: unknown): PgError | null => {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const c = e as PgError & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    e = c.cause;
  }
  return null;
};

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const duplicateError = (b: ResourceBinding, pg: PgError): BizError => {
  const constraint = pg.constraint ?? pg.constraint_name ?? '';
  const field = b.uniques?.[constraint];
  const label = field ? b.decl.fields[field]?.label : undefined;
  const msg = label ? `${label}已存在` : `该${b.decl.title}已存在`;
  return new BizError(ERR.RECORD_DUPLICATE, msg, field ? { fields: { [field]: msg } } : null);
};

/** Runs a write; database refusals become Chinese business errors. */
const translating = async <T>(b: ResourceBinding, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    const pg = pgErrorOf(err);
    if (pg?.code === UNIQUE_VIOLATION) throw duplicateError(b, pg);
    if (pg?.code === FOREIGN_KEY_VIOLATION) {
      throw new BizError(ERR.RECORD_IN_USE, `该${b.decl.title}已被其他记录引用，不能删除`);
    }
    throw err;
  }
};

const target = (b: ResourceBinding, id: number) => `${b.decl.name}:${id}`;

const notFound = (b: ResourceBinding) => new BizError(ERR.RECORD_NOT_FOUND, `该${b.decl.title}不存在或已被删除`);

/** Every row of `ids` as the caller sees it; one missing refuses the whole call. */
const mustFindAll = async (tx: Tx, b: ResourceBinding, auth: Auth, ids: readonly number[]) => {
  const rows = await findRows(tx, b, auth.scope, ids);
  if (ids.some((id) => !rows.has(id))) throw notFound(b);
  return rows;
};

const mustFind = async (tx: Tx, b: ResourceBinding, auth: Auth, id: number): Promise<ResourceRow> => {
  const row = await findRow(tx, b, auth.scope, id);
  if (!row) throw notFound(b);
  return row;
};

/** The key of a column of the binding's table (the key a write's values use). */
const columnKey = (b: ResourceBinding, column: unknown): string | undefined =>
  Object.entries(getTableColumns(b.table)).find(([, c]) => c === column)?.[0];

/**
 * The store a write's new values give the row must be one of the caller's scope; a caller
 * limited to some stores may not leave it empty either (the row would leave their scope). An
 * update that does not give the store keeps the row's, which the caller already sees.
 */
const checkScopeOf = async (tx: Tx, b: ResourceBinding, auth: Auth, values: Values, mode: 'create' | 'update') => {
  // The store table's own rows: its service checks the region a write gives.
  const key = b.scope && b.scope.store !== b.id ? columnKey(b, b.scope.store) : undefined;
  if (!key || (mode === 'update' && values[key] === undefined)) return;
  const storeId = values[key];
  if ((storeId === null || storeId === undefined) && auth.scope.level !== 'hq') {
    throw fieldError(key, (mode === 'update' && b.scope?.clearMessage) || OUT_OF_SCOPE_STORE);
  }
  await checkStoreInScope(tx, auth.scope, storeId, key);
};

export const createRow = (db: Db, b: ResourceBinding, auth: Auth, values: Values): Promise<number> =>
  translating(b, () =>
    db.transaction(async (tx) => {
      const ctx: WriteContext = { tx, auth };
      await checkScopeOf(tx, b, auth, values, 'create');
      await checkLookups(tx, b.decl, values);
      const id = b.service?.create
        ? await b.service.create(ctx, values)
        : Number((await tx.insert(b.table).values(values).returning({ id: b.id }))[0]?.id);
      const after = await mustFind(tx, b, auth, id);
      await recordOperation(tx, {
        userId: auth.user.id,
        action: `${b.decl.name}.create`,
        target: target(b, id),
        after,
      });
      return id;
    }),
  );

export const updateRow = (db: Db, b: ResourceBinding, auth: Auth, id: number, values: Values): Promise<void> =>
  translating(b, () =>
    db.transaction(async (tx) => {
      const ctx: WriteContext = { tx, auth };
      const before = await mustFind(tx, b, auth, id);
      const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await checkScopeOf(tx, b, auth, given, 'update');
      await checkLookups(tx, b.decl, given, before);
      if (b.service?.update) await b.service.update(ctx, id, given, before);
      else if (Object.keys(given).length > 0) await tx.update(b.table).set(given).where(eq(b.id, id));
      const after = await mustFind(tx, b, auth, id);
      await recordOperation(tx, {
        userId: auth.user.id,
        action: `${b.decl.name}.update`,
        target: target(b, id),
        before,
        after,
      });
    }),
  );

/** Marks a row deleted through the binding's soft-delete column. */
const markDeleted = async (tx: Tx, b: ResourceBinding, id: number): Promise<void> => {
  const key = columnKey(b, b.softDelete);
  if (!key) throw new Error(`resource ${b.decl.name}: softDelete is not a column of its table`);
  await tx
    .update(b.table)
    .set({ [key]: sql`now()` })
    .where(eq(b.id, id));
};

const removeOne = async (ctx: WriteContext, b: ResourceBinding, id: number, before: ResourceRow): Promise<void> => {
  const { tx } = ctx;
  if (b.service?.remove) return b.service.remove(ctx, id, before);
  const soft = b.softDelete;
  if (soft && b.decl.actions.delete === 'soft') return markDeleted(tx, b, id);
  // A referenced row is kept and marked deleted when the binding can; else the delete is refused.
  try {
    await tx.transaction(async (sp) => {
      await sp.delete(b.table).where(eq(b.id, id));
    });
  } catch (err) {
    if (!soft || pgErrorOf(err)?.code !== FOREIGN_KEY_VIOLATION) throw err;
    await markDeleted(tx, b, id);
  }
};

/** Deletes each row (all or none), one operation-log row each. */
export const deleteRows = (db: Db, b: ResourceBinding, auth: Auth, ids: readonly number[]): Promise<number> =>
  translating(b, () =>
    db.transaction(async (tx) => {
      const ctx: WriteContext = { tx, auth };
      const unique = [...new Set(ids)];
      const before = await mustFindAll(tx, b, auth, unique);
      for (const id of unique) await removeOne(ctx, b, id, before.get(id)!);
      await recordOperations(
        tx,
        unique.map((id) => ({
          userId: auth.user.id,
          action: `${b.decl.name}.delete`,
          target: target(b, id),
          before: before.get(id),
        })),
      );
      return unique.length;
    }),
  );

/** A batch action over rows the caller may see; every row's before/after goes to the log. */
export const batchRows = (
  db: Db,
  b: ResourceBinding,
  auth: Auth,
  action: string,
  ids: readonly number[],
): Promise<number> =>
  translating(b, () =>
    db.transaction(async (tx) => {
      const run = b.service?.batch?.[action];
      if (!run) throw new BizError(ERR.PARAM_INVALID, '未知的批量操作');
      const unique = [...new Set(ids)];
      const before = await mustFindAll(tx, b, auth, unique);
      const changed = await run({ tx, auth }, unique);
      const after = await findRows(tx, b, auth.scope, unique);
      // The action may not move a row out of the caller's stores.
      if (b.scope && auth.scope.level !== 'hq' && unique.some((id) => !after.has(id))) {
        throw new BizError(ERR.PARAM_INVALID, `操作后该${b.decl.title}将不在您的数据范围内，未执行`);
      }
      await recordOperations(
        tx,
        unique.map((id) => ({
          userId: auth.user.id,
          // a batch key of the declaration; operationNames.test.ts checks each has a Chinese verb
          action: `${b.decl.name}.${action}` as OperationAction,
          target: target(b, id),
          before: before.get(id),
          after: after.get(id) ?? null,
        })),
      );
      return changed;
    }),
  );
