/**
 * POS terminals on the resource engine (/posList) and SPEC §7.3 paymentTerminalList. A terminal
 * is bound to at most one store of the caller's scope. Creating it with a store, changing its
 * store (rebind) or clearing it (unbind) closes the open pos_terminal_binding row and opens a new
 * one, in the engine's transaction. An 在用 terminal needs a store. A bound terminal is not
 * deleted (unbind it first); an unbound one is marked deleted and keeps its history.
 */
import {
  PAYMENT_TERMINAL_LIST_MAX,
  type PaymentTerminal,
  POS_STATUSES,
  POS_TERMINAL,
  type PosBinding,
  type PosStatus,
  type paymentTerminalListQuery,
} from '@zb/contract/entities/posTerminal';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { containing } from '../../platform/resource/filters';
import { findRow } from '../../platform/resource/query';
import { type DataScope, storeScopeFilter, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { region, store } from '../stores/schema';
import { posTerminal, posTerminalBinding } from './schema';

const checkActiveHasStore = (values: Values): void => {
  if (values.status === 'active' && (values.storeId === null || values.storeId === undefined)) {
    throw fieldError('storeId', '在用的终端须绑定门店；未绑定的终端请选择停用或维修');
  }
};

/** Closes the terminal's open binding (if any) and opens one at `storeId` (if given). */
const rebind = async (tx: Tx, terminalId: number, storeId: number | null, userId: number): Promise<Date | null> => {
  await tx
    .update(posTerminalBinding)
    .set({ unboundAt: sql`now()`, unboundBy: userId })
    .where(and(eq(posTerminalBinding.terminalId, terminalId), isNull(posTerminalBinding.unboundAt)));
  if (storeId === null) return null;
  const [row] = await tx
    .insert(posTerminalBinding)
    .values({ terminalId, storeId, boundBy: userId })
    .returning({ boundAt: posTerminalBinding.boundAt });
  return row!.boundAt;
};

export const posTerminalResource = bindResource({
  decl: POS_TERMINAL,
  table: posTerminal,
  id: posTerminal.id,
  columns: { storeName: store.name, regionName: region.name },
  joins: [
    { table: store, on: eq(store.id, posTerminal.storeId) },
    { table: region, on: eq(region.id, store.regionId) },
  ],
  // An unbound terminal belongs to headquarters: only an unrestricted scope sees it.
  scope: {
    store: posTerminal.storeId,
    clearMessage: '解绑后终端将不在您的数据范围内，请由总部解绑或改绑到您范围内的门店',
  },
  softDelete: posTerminal.deletedAt,
  uniques: { pos_terminal_sn_uq: 'sn' },
  service: {
    create: async ({ tx, auth }, values) => {
      checkActiveHasStore(values);
      const storeId = typeof values.storeId === 'number' ? values.storeId : null;
      // now() is the transaction's start, so the row and its first binding carry the same time.
      const [row] = await tx
        .insert(posTerminal)
        .values({
          ...values,
          storeId,
          boundAt: storeId === null ? null : sql`now()`,
        })
        .returning({ id: posTerminal.id });
      const id = row!.id;
      if (storeId !== null) await rebind(tx, id, storeId, auth.user.id);
      return id;
    },
    update: async ({ tx, auth }, id, values, before) => {
      const storeGiven = 'storeId' in values;
      const storeId = (storeGiven ? values.storeId : before.storeId) ?? null;
      checkActiveHasStore({ status: values.status ?? before.status, storeId });
      const moved = storeGiven && storeId !== before.storeId;
      const row: Values = { ...values };
      delete row.storeId;
      if (moved) {
        row.storeId = storeId;
        row.boundAt = await rebind(tx, id, storeId, auth.user.id);
      }
      if (Object.keys(row).length) await tx.update(posTerminal).set(row).where(eq(posTerminal.id, id));
    },
    remove: async ({ tx }, id, before) => {
      if (before.storeId !== null && before.storeId !== undefined) {
        throw new BizError(
          ERR.RECORD_IN_USE,
          `终端 ${String(before.sn)} 仍绑定在「${String(before.storeName)}」，请先解绑再删除`,
        );
      }
      await tx.update(posTerminal).set({ deletedAt: sql`now()` }).where(eq(posTerminal.id, id));
    },
  },
});

const boundBy = alias(userAccount, 'bound_by_user');
const unboundBy = alias(userAccount, 'unbound_by_user');

/** A terminal's binding history, newest first (the terminal must be in the caller's scope). */
export const terminalBindings = async (db: Db, scope: DataScope, id: number): Promise<PosBinding[]> => {
  const terminal = await findRow(db, posTerminalResource, scope, id);
  if (!terminal) throw new BizError(ERR.RECORD_NOT_FOUND, '该POS终端不存在或不在您的数据范围内');
  const rows = await db
    .select({
      storeId: posTerminalBinding.storeId,
      storeName: store.name,
      boundAt: posTerminalBinding.boundAt,
      unboundAt: posTerminalBinding.unboundAt,
      boundByName: boundBy.nickname,
      unboundByName: unboundBy.nickname,
    })
    .from(posTerminalBinding)
    .innerJoin(store, eq(store.id, posTerminalBinding.storeId))
    .leftJoin(boundBy, eq(boundBy.id, posTerminalBinding.boundBy))
    .leftJoin(unboundBy, eq(unboundBy.id, posTerminalBinding.unboundBy))
    .where(eq(posTerminalBinding.terminalId, id))
    .orderBy(desc(posTerminalBinding.boundAt), desc(posTerminalBinding.id));
  return rows.map((r) => ({
    ...r,
    boundAt: r.boundAt.toISOString(),
    unboundAt: r.unboundAt ? r.unboundAt.toISOString() : null,
  }));
};

const STATUS_NAME = new Map<string, string>(POS_STATUSES.map((s) => [s.value, s.label]));

/** SPEC §7.3 paymentTerminalList: see the contract for its query. */
export const paymentTerminalList = async (
  db: Db,
  auth: Auth,
  q: z.infer<typeof paymentTerminalListQuery>,
): Promise<PaymentTerminal[]> => {
  if (q.storeId !== undefined) {
    const [found] = await db
      .select({ id: store.id })
      .from(store)
      .where(and(eq(store.id, q.storeId), storeTableScope(auth.scope)));
    if (!found) throw new BizError(ERR.RECORD_NOT_FOUND, '门店不存在或不在您的数据范围内');
  }
  const rows = await db
    .select({
      id: posTerminal.id,
      sn: posTerminal.sn,
      brand: posTerminal.brand,
      model: posTerminal.model,
      merchantNo: posTerminal.merchantNo,
      status: posTerminal.status,
      storeId: posTerminal.storeId,
      storeCode: store.code,
      storeName: store.name,
      boundAt: posTerminal.boundAt,
    })
    .from(posTerminal)
    .leftJoin(store, eq(store.id, posTerminal.storeId))
    .where(
      and(
        isNull(posTerminal.deletedAt),
        storeScopeFilter(auth.scope, posTerminal.storeId),
        q.storeId === undefined ? undefined : eq(posTerminal.storeId, q.storeId),
        q.status === undefined ? undefined : eq(posTerminal.status, q.status),
        q.sn ? ilike(posTerminal.sn, containing(q.sn)) : undefined,
      ),
    )
    .orderBy(sql`${store.code} asc nulls last`, asc(posTerminal.sn))
    .limit(PAYMENT_TERMINAL_LIST_MAX);
  return rows.map((r) => ({
    ...r,
    status: r.status as PosStatus,
    statusName: STATUS_NAME.get(r.status) ?? r.status,
    boundAt: r.boundAt ? r.boundAt.toISOString() : null,
  }));
};
