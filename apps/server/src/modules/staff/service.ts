/**
 * Staff on the resource engine (/staffManager, /staffDetail) and its two views (/increaseHairStaff,
 * /medicalSupervisor), with their real rules: the store must be one of the caller's data scope;
 * the phone follows its area code (SPEC §5); a level hangs under its position (the engine's
 * lookup check); a member who left has a leave date on or after the entry date; certificates are
 * a short list of name, number, valid until; a linked account is an enabled store-side account.
 */
import {
  certificatesSchema,
  HAIR_GROWTH_STAFF,
  MEDICAL_SUPERVISOR,
  STAFF,
  STAFF_STATUSES,
  type StaffStatusDto,
} from '@zb/contract/entities/staff';
import { validatePhone } from '@zb/contract/phone';
import type { AnyResource } from '@zb/contract/resource/define';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import type { ResourceBinding, ResourceService, Values, WriteContext } from '../../platform/resource/binding';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { region, store } from '../stores/schema';
import { STAFF_PHONE_KEY, staff } from './schema';

const accountName = sql<string | null>`(
  select a.nickname || '（' || a.login_name || '）' from user_account a where a.id = "staff"."account_id"
)`;

const checkAccount = async (tx: Tx, accountId: unknown): Promise<void> => {
  if (typeof accountId !== 'number') return;
  const [row] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(
      and(eq(userAccount.id, accountId), eq(userAccount.enabled, true), inArray(userAccount.kind, ['store', 'boss'])),
    );
  if (!row) throw fieldError('accountId', '关联账号须为启用中的门店员工或门店老板账号');
};

/** Checks the row as it will be (`before` merged with the values given); normalizes certificates. */
const checkRow = async (ctx: WriteContext, values: Values, before: Values = {}): Promise<Values> => {
  const row: Values = { ...before, ...values };
  if (values.phone !== undefined || values.areaCode !== undefined) {
    const msg = validatePhone(String(row.areaCode ?? ''), String(row.phone ?? ''));
    if (msg) throw fieldError('phone', msg);
  }
  if (row.status === 'left' && !row.leaveDate) throw fieldError('leaveDate', '离职员工请填写离职日期');
  if (row.leaveDate && row.entryDate && String(row.leaveDate) < String(row.entryDate)) {
    throw fieldError('leaveDate', '离职日期不能早于入职日期');
  }
  await checkAccount(ctx.tx, values.accountId);
  const out = { ...values };
  if (values.certificates !== undefined) {
    const parsed = certificatesSchema.safeParse(values.certificates ?? []);
    if (!parsed.success) throw fieldError('certificates', parsed.error.issues[0]?.message ?? '证书格式无效');
    out.certificates = parsed.data.map((c) => ({ ...c, validUntil: c.validUntil ?? null }));
  }
  return out;
};

/** The service of staff, or of a view that sets `flag` on create and clears it on delete. */
const serviceOf = (flag?: 'hairGrowth' | 'medicalSupervisor'): ResourceService => ({
  create: async (ctx, values) => {
    const checked = await checkRow(ctx, values);
    const [row] = await ctx.tx
      .insert(staff)
      // Kept: checkRow answers Values (it serves the staff views' untyped shared service too).
      .values({ ...(checked as typeof staff.$inferInsert), ...(flag ? { [flag]: true } : {}) })
      .returning({ id: staff.id });
    return row!.id;
  },
  update: async (ctx, id, values, before) => {
    const checked = await checkRow(ctx, values, before);
    if (Object.keys(checked).length) await ctx.tx.update(staff).set(checked).where(eq(staff.id, id));
  },
  remove: async (ctx, id) => {
    if (flag)
      await ctx.tx
        .update(staff)
        .set({ [flag]: false })
        .where(eq(staff.id, id));
    else await ctx.tx.delete(staff).where(eq(staff.id, id));
  },
});

const bindingOf = (decl: AnyResource, flag?: 'hairGrowth' | 'medicalSupervisor'): ResourceBinding => ({
  decl,
  table: staff,
  id: staff.id,
  columns: { storeName: store.name, regionName: region.name, accountName },
  joins: [
    { table: store, on: eq(store.id, staff.storeId) },
    { table: region, on: eq(region.id, store.regionId) },
  ],
  where: flag ? eq(staff[flag] as AnyPgColumn, true) : undefined,
  scope: { store: staff.storeId },
  // Two saves of one phone, even at the same instant: the database keeps one, the other hears 手机号已存在.
  uniques: { [STAFF_PHONE_KEY]: 'phone' },
  service: serviceOf(flag),
});

export const staffBinding = bindingOf(STAFF);

/**
 * Staff written by the SHR sync (modules/shr): the HR system's fields only, in the caller's
 * transaction. The table's CHECKs and the phone's unique key hold as for the form; the caller
 * turns their refusals into the sync's reasons.
 */
export const insertSyncedStaff = async (tx: Tx, values: typeof staff.$inferInsert): Promise<number> => {
  const [row] = await tx.insert(staff).values(values).returning({ id: staff.id });
  return row!.id;
};

export const updateSyncedStaff = async (
  tx: Tx,
  id: number,
  values: Partial<
    Pick<typeof staff.$inferInsert, 'name' | 'phone' | 'storeId' | 'positionId' | 'status' | 'entryDate' | 'leaveDate'>
  >,
): Promise<void> => {
  if (Object.keys(values).length) await tx.update(staff).set(values).where(eq(staff.id, id));
};
export const hairGrowthBinding = bindingOf(HAIR_GROWTH_STAFF, 'hairGrowth');
export const medicalSupervisorBinding = bindingOf(MEDICAL_SUPERVISOR, 'medicalSupervisor');

export const staffStatuses = (): StaffStatusDto[] => STAFF_STATUSES.map((s) => ({ code: s.value, name: s.label }));

/** Stores of the caller's scope, for the staff form. */
export const storeOptions = (db: Db, scope: DataScope) =>
  db
    .select({ id: store.id, name: sql<string>`${store.name} || '（' || ${store.code} || '）'` })
    .from(store)
    .where(storeTableScope(scope))
    .orderBy(asc(store.code));

export const accountOptions = (db: Db) =>
  db
    .select({
      id: userAccount.id,
      name: sql<string>`${userAccount.nickname} || '（' || ${userAccount.loginName} || '）'`,
    })
    .from(userAccount)
    .where(and(eq(userAccount.enabled, true), inArray(userAccount.kind, ['store', 'boss'])))
    .orderBy(asc(userAccount.id));
