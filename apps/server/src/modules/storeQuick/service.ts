/**
 * Store quick channels: each store-level role's default entries and a store's override of them.
 * Writes replace the whole ordered set in one transaction with its operation-log row.
 */
import type { StoreQuickConfig, StoreQuickEntry, StoreQuickOptions } from '@zb/contract/api/storeQuick';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { hier, role } from '../hierarchy/schema';
import { region, store } from '../stores/schema';
import { roleQuick, storeQuick, storeQuickBase } from './schema';

const entryColumns = {
  id: storeQuickBase.id,
  code: storeQuickBase.code,
  name: storeQuickBase.name,
  icon: storeQuickBase.icon,
  sort: storeQuickBase.sort,
};

const refuse = (field: string, msg: string): never => {
  throw fieldError(field, msg);
};

export const quickBase = (db: Db): Promise<StoreQuickEntry[]> =>
  db.select(entryColumns).from(storeQuickBase).orderBy(asc(storeQuickBase.sort), asc(storeQuickBase.id));

/** Only roles of the store-level box have store-side quick entries. */
const requireStoreRole = async (db: Db, roleId: number): Promise<void> => {
  const [row] = await db
    .select({ level: hier.level })
    .from(role)
    .innerJoin(hier, eq(hier.id, role.hierId))
    .where(eq(role.id, roleId));
  if (!row) refuse('roleId', '角色不存在');
  if (row!.level !== 'store') refuse('roleId', '只能为门店层级的角色设置快捷入口');
};

const requireStore = async (db: Db, storeId: number): Promise<void> => {
  const [row] = await db.select({ id: store.id }).from(store).where(eq(store.id, storeId));
  if (!row) refuse('storeId', '门店不存在');
};

/** The base ids of the codes, in the codes' order; an unknown code is refused. */
const baseIdsOf = async (db: Db, codes: readonly string[]): Promise<number[]> => {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: storeQuickBase.id, code: storeQuickBase.code })
    .from(storeQuickBase)
    .where(inArray(storeQuickBase.code, [...codes]));
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  const unknown = codes.filter((c) => !byCode.has(c));
  if (unknown.length > 0) refuse('codes', `快捷入口不存在：${unknown.join('、')}`);
  return codes.map((c) => byCode.get(c)!);
};

const roleEntriesOf = (db: Db, roleId: number): Promise<StoreQuickEntry[]> =>
  db
    .select(entryColumns)
    .from(roleQuick)
    .innerJoin(storeQuickBase, eq(storeQuickBase.id, roleQuick.baseId))
    .where(eq(roleQuick.roleId, roleId))
    .orderBy(asc(roleQuick.sort));

const storeEntriesOf = (db: Db, storeId: number, roleId: number): Promise<StoreQuickEntry[]> =>
  db
    .select(entryColumns)
    .from(storeQuick)
    .innerJoin(storeQuickBase, eq(storeQuickBase.id, storeQuick.baseId))
    .where(and(eq(storeQuick.storeId, storeId), eq(storeQuick.roleId, roleId)))
    .orderBy(asc(storeQuick.sort));

const overridingStores = async (db: Db, roleId: number): Promise<number[]> => {
  const rows = await db
    .selectDistinct({ storeId: storeQuick.storeId })
    .from(storeQuick)
    .where(eq(storeQuick.roleId, roleId))
    .orderBy(asc(storeQuick.storeId));
  return rows.map((r) => r.storeId);
};

const configOf = async (db: Db, roleId: number, storeId: number | null): Promise<StoreQuickConfig> => {
  const [roleEntries, own, overrideStoreIds] = await Promise.all([
    roleEntriesOf(db, roleId),
    storeId === null ? Promise.resolve([]) : storeEntriesOf(db, storeId, roleId),
    overridingStores(db, roleId),
  ]);
  const source = own.length > 0 ? 'store' : 'role';
  return { roleId, storeId, source, entries: source === 'store' ? own : roleEntries, roleEntries, overrideStoreIds };
};

/** The entries a role sees (in a store, when given) and where they come from. */
export const quickConfig = async (db: Db, roleId: number, storeId: number | undefined): Promise<StoreQuickConfig> => {
  await requireStoreRole(db, roleId);
  if (storeId !== undefined) await requireStore(db, storeId);
  return configOf(db, roleId, storeId ?? null);
};

const codesOf = (entries: readonly StoreQuickEntry[]) => entries.map((e) => e.code);

export const setRoleQuicks = async (
  db: Db,
  auth: Auth,
  q: { roleId: number; codes: string[] },
): Promise<StoreQuickConfig> => {
  await requireStoreRole(db, q.roleId);
  const ids = await baseIdsOf(db, q.codes);
  await db.transaction(async (tx) => {
    const before = await roleEntriesOf(tx, q.roleId);
    await tx.delete(roleQuick).where(eq(roleQuick.roleId, q.roleId));
    if (ids.length) await tx.insert(roleQuick).values(ids.map((baseId, sort) => ({ roleId: q.roleId, baseId, sort })));
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'addRoleQuicks',
      target: `role_quick:${q.roleId}`,
      before: codesOf(before),
      after: q.codes,
    });
  });
  return configOf(db, q.roleId, null);
};

/** A store's entries for a role; an empty list removes the override (the role's default applies). */
export const setStoreQuicks = async (
  db: Db,
  auth: Auth,
  q: { storeId: number; roleId: number; codes: string[] },
): Promise<StoreQuickConfig> => {
  await requireStoreRole(db, q.roleId);
  await requireStore(db, q.storeId);
  const ids = await baseIdsOf(db, q.codes);
  await db.transaction(async (tx) => {
    const before = await storeEntriesOf(tx, q.storeId, q.roleId);
    await tx.delete(storeQuick).where(and(eq(storeQuick.storeId, q.storeId), eq(storeQuick.roleId, q.roleId)));
    if (ids.length) {
      await tx
        .insert(storeQuick)
        .values(ids.map((baseId, sort) => ({ storeId: q.storeId, roleId: q.roleId, baseId, sort })));
    }
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'addStoreQuicks',
      target: `store_quick:${q.storeId}:${q.roleId}`,
      before: codesOf(before),
      after: q.codes,
    });
  });
  return configOf(db, q.roleId, q.storeId);
};

export const quickOptions = async (db: Db): Promise<StoreQuickOptions> => {
  const [roles, stores] = await Promise.all([
    db
      .select({ id: role.id, code: role.code, name: role.name, description: role.description })
      .from(role)
      .innerJoin(hier, eq(hier.id, role.hierId))
      .where(eq(hier.level, 'store'))
      .orderBy(asc(role.id)),
    db
      .select({ id: store.id, code: store.code, name: store.name, regionName: region.name })
      .from(store)
      .innerJoin(region, eq(region.id, store.regionId))
      .orderBy(asc(region.sort), asc(store.id)),
  ]);
  return { roles, stores };
};
