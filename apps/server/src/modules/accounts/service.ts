/**
 * Accounts (SPEC §7.7) on the resource engine, with their real rules: a password is stored only
 * as its hash and follows SPEC §5; a phone number names one account (it signs in with it); a
 * headquarters or boss account cannot take the store-employee prefix; nobody disables or
 * un-admins themselves, and the last enabled administrator stays; a disabled account or a reset
 * password ends the account's sessions at once.
 */

import { STORE_EMPLOYEE_ACCOUNT_PREFIX } from '@zb/contract/constants';
import { ACCOUNT, ACCOUNT_INFO } from '@zb/contract/entities/account';
import { ERR } from '@zb/contract/errcodes';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { bindResource, type WriteContext } from '../../platform/resource/binding';
import { session } from '../../platform/schema';
import { revokeUserSessions } from '../../platform/session';
import { userAccount } from './schema';

// Drizzle leaves column names unqualified in a single-table select, so the correlated
// subqueries spell theirs out.
const roleNames = sql<string | null>`(
  select string_agg(distinct r.name, '、' order by r.name)
  from user_role ur
  join hier_content_role hcr on hcr.id = ur.content_role_id
  join role r on r.id = hcr.role_id
  where ur.user_id = "user_account"."id"
)`;

const checkLoginName = (loginName: string, kind: string) => {
  const storePrefix = loginName.toUpperCase().startsWith(STORE_EMPLOYEE_ACCOUNT_PREFIX);
  if (storePrefix && kind !== 'store') {
    throw fieldError('loginName', `只有门店员工账号以 ${STORE_EMPLOYEE_ACCOUNT_PREFIX} 开头`);
  }
};

/** A phone signs in like a login name, so it may name only one account. */
const checkPhone = async (tx: Tx, phone: unknown, selfId: number | null) => {
  if (typeof phone !== 'string' || !phone) return;
  const [other] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(
      and(
        sql`(${userAccount.phone} = ${phone} or ${userAccount.loginName} = ${phone})`,
        selfId === null ? undefined : ne(userAccount.id, selfId),
      ),
    )
    .limit(1);
  if (other) throw fieldError('phone', '该手机号已被其他账号使用');
};

const enabledAdmins = async (tx: Tx, except: readonly number[]): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(userAccount)
    .where(
      and(
        eq(userAccount.isAdmin, true),
        eq(userAccount.enabled, true),
        except.length ? sql`${userAccount.id} not in ${except}` : undefined,
      ),
    );
  return row?.n ?? 0;
};

const setEnabled =
  (enabled: boolean) =>
  async ({ tx, auth }: WriteContext, ids: readonly number[]): Promise<number> => {
    if (!enabled) {
      if (ids.includes(auth.user.id)) throw new BizError(ERR.PARAM_INVALID, '不能停用自己的账号');
      const admins = await tx
        .select({ id: userAccount.id })
        .from(userAccount)
        .where(and(inArray(userAccount.id, [...ids]), eq(userAccount.isAdmin, true), eq(userAccount.enabled, true)));
      if (admins.length && (await enabledAdmins(tx, ids)) === 0) {
        throw new BizError(ERR.PARAM_INVALID, '至少保留一个启用的管理员账号');
      }
    }
    const rows = await tx
      .update(userAccount)
      .set(enabled ? { enabled, failedLogins: 0, lockedUntil: null } : { enabled })
      .where(and(inArray(userAccount.id, [...ids]), ne(userAccount.enabled, enabled)))
      .returning({ id: userAccount.id });
    if (!enabled) for (const r of rows) await revokeUserSessions(tx, r.id);
    return rows.length;
  };

export const accountBinding = bindResource({
  decl: ACCOUNT,
  table: userAccount,
  id: userAccount.id,
  columns: { roleNames },
  uniques: { user_account_login_name_unique: 'loginName', user_account_wxwork_userid_unique: 'wxworkUserid' },
  service: {
    create: async ({ tx }, values) => {
      const { password, ...rest } = values;
      checkLoginName(rest.loginName, rest.kind);
      await checkPhone(tx, rest.phone, null);
      const [row] = await tx
        .insert(userAccount)
        .values({ ...rest, passwordHash: await hashPassword(password) })
        .returning({ id: userAccount.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      if (values.kind !== undefined) checkLoginName(String(before.loginName), String(values.kind));
      if (values.phone !== undefined) await checkPhone(tx, values.phone, id);
      if (Object.keys(values).length) await tx.update(userAccount).set(values).where(eq(userAccount.id, id));
    },
    batch: { enable: setEnabled(true), disable: setEnabled(false) },
  },
});

const mustExist = async (tx: Tx, id: number) => {
  const [row] = await tx
    .select({ id: userAccount.id, isAdmin: userAccount.isAdmin, loginName: userAccount.loginName })
    .from(userAccount)
    .where(eq(userAccount.id, id));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '该账号不存在');
  return row;
};

/** setCa: grants or takes away the administrator flag. */
export const setAdmin = (db: Db, auth: Auth, id: number, admin: boolean): Promise<void> =>
  db.transaction(async (tx) => {
    const before = await mustExist(tx, id);
    if (before.isAdmin === admin) return;
    if (!admin) {
      if (id === auth.user.id) throw new BizError(ERR.PARAM_INVALID, '不能取消自己的管理员身份');
      if ((await enabledAdmins(tx, [id])) === 0) throw new BizError(ERR.PARAM_INVALID, '至少保留一个启用的管理员账号');
    }
    await tx.update(userAccount).set({ isAdmin: admin }).where(eq(userAccount.id, id));
    // The account's open sessions were granted on the old flag: they sign in again.
    await revokeUserSessions(tx, id);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'account.setCa',
      target: `account:${id}`,
      before: { isAdmin: before.isAdmin },
      after: { isAdmin: admin },
    });
  });

/** Sets a new password (SPEC §5), unlocks the account and ends its sessions. */
export const resetPassword = (
  db: Db,
  auth: Auth,
  id: number,
  password: string,
  confirmPassword: string,
): Promise<void> => {
  if (password !== confirmPassword) throw new BizError(ERR.NEW_PASSWORD_MISMATCH);
  return db.transaction(async (tx) => {
    await mustExist(tx, id);
    await tx
      .update(userAccount)
      .set({ passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: null })
      .where(eq(userAccount.id, id));
    await revokeUserSessions(tx, id);
    // The password itself never reaches the log.
    await recordOperation(tx, { userId: auth.user.id, action: 'account.resetPassword', target: `account:${id}` });
  });
};

export const accountInfoBinding = bindResource({
  decl: ACCOUNT_INFO,
  table: userAccount,
  id: userAccount.id,
  columns: {
    wxworkBound: sql<boolean>`(${userAccount.wxworkUserid} is not null)`,
    roleCount: sql<number>`(select count(*)::int from user_role ur where ur.user_id = "user_account"."id")`,
    lastLoginAt: sql`(select max(s.created_at) from session s where s.user_id = "user_account"."id")`.mapWith(
      session.createdAt,
    ),
    locked: sql<boolean>`coalesce(${userAccount.lockedUntil} > now(), false)`,
  },
});

/** The sign-in state of an account (modules/auth): wrong passwords in a row and the lock they set. */
export const setSignInState = async (
  tx: Tx,
  userId: number,
  state: { failedLogins: number; lockedUntil: Date | null },
): Promise<void> => {
  await tx.update(userAccount).set(state).where(eq(userAccount.id, userId));
};

/** A new password the account's holder chose (modules/auth, 修改密码); the caller logs it and ends sessions. */
export const setOwnPasswordHash = async (tx: Tx, userId: number, passwordHash: string): Promise<void> => {
  await tx.update(userAccount).set({ passwordHash }).where(eq(userAccount.id, userId));
};
