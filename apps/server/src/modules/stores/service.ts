/**
 * Stores on the resource engine (/storeList, /storeDetail) with their real rules: the region,
 * boss and province/city/district must exist (a boss is a 门店老板 account; a division is a
 * district, or a city without districts); a sub-type hangs under its type (checked by the
 * engine's lookups); a store with staff, or that anything else refers to, is never deleted —
 * the delete is refused with RECORD_IN_USE, and 闭店 is how a store leaves business.
 */
import { STORE, STORE_STATUSES, type StoreStatusDto } from '@zb/contract/entities/store';
import type { StorePick } from '@zb/contract/entities/storesCommon';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { findRow } from '../../platform/resource/query';
import type { DataScope } from '../../platform/scope';
import { storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { regionDivision } from '../regions/schema';
import { staff } from '../staff/schema';
import { region, store } from './schema';

const boss = alias(userAccount, 'boss');

// Correlated subqueries spell the outer table out (drizzle leaves single-table columns unqualified).
const areaName = sql<string | null>`(
  select string_agg(d.name, ' ' order by d.level)
  from region_division d
  where d.code in (left("store"."division_code", 2), left("store"."division_code", 4), "store"."division_code")
    and d.name <> '市辖区'
)`;

const staffCount = sql<number>`(select count(*)::int from staff s where s.store_id = "store"."id")`;

const checkRefs = async (tx: Tx, values: Values): Promise<void> => {
  if (typeof values.regionId === 'number') {
    const [row] = await tx.select({ id: region.id }).from(region).where(eq(region.id, values.regionId));
    if (!row) throw fieldError('regionId', '请选择有效的大区');
  }
  if (typeof values.bossUserId === 'number') {
    const [row] = await tx
      .select({ id: userAccount.id })
      .from(userAccount)
      .where(and(eq(userAccount.id, values.bossUserId), eq(userAccount.kind, 'boss')));
    if (!row) throw fieldError('bossUserId', '门店老板须为一个门店老板账号');
  }
  if (typeof values.divisionCode === 'string') {
    const code = values.divisionCode;
    const [row] = await tx
      .select({
        level: regionDivision.level,
        children: sql<number>`(select count(*)::int from region_division c where c.parent_code = ${code})`,
      })
      .from(regionDivision)
      .where(eq(regionDivision.code, code));
    if (!row || row.level === 1 || (row.level === 2 && row.children > 0)) {
      throw fieldError('divisionCode', '请选择到区县');
    }
  }
};

/** A region role creates and moves stores inside its own regions only. */
const checkScope = (scope: DataScope, values: Values): void => {
  if (typeof values.regionId !== 'number' || scope.level === 'hq') return;
  if (scope.level === 'region' && scope.regionIds.includes(values.regionId)) return;
  throw fieldError('regionId', '只能选择您数据范围内的大区');
};

export const storeBinding = bindResource({
  decl: STORE,
  table: store,
  id: store.id,
  columns: { regionName: region.name, bossName: boss.nickname, areaName, staffCount },
  joins: [
    { table: region, on: eq(region.id, store.regionId) },
    { table: boss, on: eq(boss.id, store.bossUserId) },
  ],
  scope: { store: store.id },
  uniques: { store_code_unique: 'code' },
  service: {
    create: async (ctx, values) => {
      checkScope(ctx.auth.scope, values);
      if (ctx.auth.scope.level === 'store') throw new BizError(ERR.FORBIDDEN, '门店角色不能新增门店');
      await checkRefs(ctx.tx, values);
      const [row] = await ctx.tx.insert(store).values(values).returning({ id: store.id });
      return row!.id;
    },
    update: async (ctx, id, values, before) => {
      if (values.regionId !== before.regionId) checkScope(ctx.auth.scope, values);
      await checkRefs(ctx.tx, values);
      if (Object.keys(values).length) await ctx.tx.update(store).set(values).where(eq(store.id, id));
    },
    remove: async (ctx, id) => {
      const [row] = await ctx.tx.select({ n: count() }).from(staff).where(eq(staff.storeId, id));
      if (row && row.n > 0)
        throw new BizError(ERR.RECORD_IN_USE, `该门店还有 ${row.n} 名员工，不能删除；可将状态改为闭店`);
      await ctx.tx.delete(store).where(eq(store.id, id));
    },
  },
});

/** findByCode: a store by code within the caller's scope. */
export const findStoreByCode = async (db: Db, scope: DataScope, code: string): Promise<Values> => {
  const [row] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.code, code), storeTableScope(scope)));
  const found = row ? await findRow(db, storeBinding, scope, row.id) : undefined;
  if (!found) throw new BizError(ERR.RECORD_NOT_FOUND, '门店不存在或不在您的数据范围内');
  return found;
};

export const storeStatuses = (): StoreStatusDto[] => STORE_STATUSES.map((s) => ({ code: s.value, name: s.label }));

/** The regions a caller may put a store in. */
export const regionOptions = (db: Db, scope: DataScope) =>
  db
    .select({ id: region.id, name: region.name })
    .from(region)
    .where(scope.level === 'region' ? inArray(region.id, [...scope.regionIds]) : undefined)
    .orderBy(asc(region.sort), asc(region.id));

export const bossOptions = (db: Db) =>
  db
    .select({
      id: userAccount.id,
      name: sql<string>`${userAccount.nickname} || '（' || ${userAccount.loginName} || '）'`,
    })
    .from(userAccount)
    .where(and(eq(userAccount.kind, 'boss'), eq(userAccount.enabled, true)))
    .orderBy(asc(userAccount.id));

/** Stores of the caller's scope, by code: the store picker of the member, POS, 威富通 and member receive pages. */
export const storePicks = (db: Db, scope: DataScope): Promise<StorePick[]> =>
  db
    .select({ id: store.id, name: sql<string>`${store.name} || '（' || ${store.code} || '）'` })
    .from(store)
    .where(storeTableScope(scope))
    .orderBy(asc(store.code));

/** Marks a store 闭店 (the end of its closure, modules/memberMoves), in the caller's transaction. */
export const markStoreClosed = async (tx: Tx, storeId: number): Promise<void> => {
  await tx.update(store).set({ status: 'closed' }).where(eq(store.id, storeId));
};
