/** The signed-in account: its roles, the chosen role's pages and buttons, its data, its password. */
import type { LoginInfo, LoginResult, MenuResource, QuickEntry, RoleEntry, RoleResources } from '@zb/contract/api/auth';
import { ADMIN_ROLE_NAME, HIER_LEVELS } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import type { PasswordChange } from '@zb/contract/rules';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { codesOfRoles } from '../../platform/roleCodes';
import { type DataScope, HQ_SCOPE, scopeOfContent, storeTableScope } from '../../platform/scope';
import { revokeUserSessions, setSessionRole } from '../../platform/session';
import { userAccount } from '../accounts/schema';
import { setOwnPasswordHash } from '../accounts/service';
import { type HeldRole, rolesOfUser } from '../hierarchy/queries';
import { allResources, type ResourceRow, resourcesOfRole } from '../resources/queries';
import { resource, roleResource, userQuick } from '../resources/schema';
import { store } from '../stores/schema';

export const MAX_LOGIN_STORES = 50;

/** Saved shortcuts of a user for each of the roles, keeping only pages the role still holds. */
export const quicksOfUser = async (db: Db, userId: number, roleIds: readonly number[]) => {
  const out = new Map<number, QuickEntry[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db
    .select({ roleId: userQuick.roleId, name: resource.name, rsrc: resource.code, resourcesId: resource.id })
    .from(userQuick)
    .innerJoin(resource, eq(resource.id, userQuick.resourceId))
    .innerJoin(
      roleResource,
      and(eq(roleResource.roleId, userQuick.roleId), eq(roleResource.resourceId, userQuick.resourceId)),
    )
    .where(and(eq(userQuick.userId, userId), inArray(userQuick.roleId, [...roleIds])))
    .orderBy(asc(userQuick.sort), asc(userQuick.id));
  for (const { roleId, ...quick } of rows) out.get(roleId)?.push(quick);
  return out;
};

/** The roles as the browser lists them (SPEC §3 role entry); three queries whatever the count. */
export const roleEntries = async (
  db: Db,
  user: { id: number; loginName: string },
  held: readonly HeldRole[],
  checkedUserRoleId: number | null,
): Promise<RoleEntry[]> => {
  const roleIds = [...new Set(held.map((r) => r.roleId))];
  const [codes, quicks] = await Promise.all([codesOfRoles(db, roleIds), quicksOfUser(db, user.id, roleIds)]);
  return held.map((r) => ({
    hierId: r.hierId,
    hier: HIER_LEVELS[r.level],
    role: r.roleCode,
    roleId: r.roleId,
    roleName: r.roleName,
    description: r.description,
    userRoleId: r.userRoleId,
    userAccount: user.loginName,
    userpwd: null,
    allRsrc: codes.get(r.roleId) ?? [],
    quicks: quicks.get(r.roleId) ?? [],
    checked: r.userRoleId === checkedUserRoleId,
  }));
};

const storesInScope = (db: Db, scope: DataScope) =>
  db
    .select({ id: store.id, code: store.code, name: store.name })
    .from(store)
    .where(storeTableScope(scope))
    .orderBy(asc(store.id))
    .limit(MAX_LOGIN_STORES);

/** What login answers: the account, its roles and the stores its first role covers. */
export const loginResult = async (
  db: Db,
  user: Pick<typeof userAccount.$inferSelect, 'id' | 'loginName' | 'nickname' | 'createdAt' | 'enabled' | 'isAdmin'>,
): Promise<LoginResult> => {
  const held = await rolesOfUser(db, user.id);
  const first = held[0];
  const [roles, stores] = await Promise.all([
    roleEntries(db, user, held, null),
    first ? storesInScope(db, user.isAdmin ? HQ_SCOPE : scopeOfContent(first)) : Promise.resolve([]),
  ]);
  return {
    loginName: user.loginName,
    nickname: user.nickname,
    createdDate: formatDateTime(user.createdAt),
    enabled: user.enabled,
    propertyEx: { admin: user.isAdmin ? 1 : 0 },
    roles,
    stores,
  };
};

export const loginInfo = async (db: Db, auth: Auth): Promise<LoginInfo> => {
  const { user } = auth;
  const [held, owned] = await Promise.all([
    rolesOfUser(db, user.id),
    db.select({ name: store.name }).from(store).where(eq(store.bossUserId, user.id)).orderBy(asc(store.id)),
  ]);
  return {
    userName: user.nickname,
    phone: user.phone ?? '',
    storeName: owned.map((s) => s.name).join('、'),
    userId: user.id,
    roles: await roleEntries(db, user, held, auth.role?.userRoleId ?? null),
  };
};

const menuOf = (rows: readonly ResourceRow[]): Pick<RoleResources, 'pages' | 'buttons'> => ({
  pages: rows
    .filter((r) => r.kind !== 'button')
    .map((r): MenuResource => ({ code: r.code, name: r.name, description: r.description })),
  buttons: rows.filter((r) => r.kind === 'button').map((r) => r.code),
});

/** An administrator's menu: every group, page and button, as 系统管理员. */
export const adminResources = async (db: Db): Promise<RoleResources> => ({
  ...menuOf(await allResources(db)),
  roleName: ADMIN_ROLE_NAME,
  hierId: null,
  userRoleId: null,
});

/** Puts the session in one of the user's roles and answers that role's menu. */
export const selectRole = async (db: Db, auth: Auth, userRoleId: number): Promise<RoleResources> => {
  const [held] = await rolesOfUser(db, auth.user.id, userRoleId);
  if (!held) throw new BizError(ERR.ROLE_NOT_OWNED);
  const [, rows] = await Promise.all([
    setSessionRole(db, auth.sessionId, userRoleId),
    resourcesOfRole(db, held.roleId),
  ]);
  return { ...menuOf(rows), roleName: held.roleName, hierId: held.hierId, userRoleId };
};

/** Stores with SCRM enabled in the chosen role's data scope: the store-count flag. */
export const scrmStoreCount = async (db: Db, scope: DataScope): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(store)
    .where(and(eq(store.scrmEnabled, true), storeTableScope(scope)));
  return Number(row?.n ?? 0);
};

/** Changes the password and ends the account's other sessions; the operation log records it. */
export const modifyPassword = async (db: Db, auth: Auth, form: PasswordChange): Promise<null> => {
  const userId = auth.user.id;
  const [row] = await db
    .select({ passwordHash: userAccount.passwordHash })
    .from(userAccount)
    .where(eq(userAccount.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, form.oldPassword))) throw new BizError(ERR.OLD_PASSWORD_WRONG);
  if (form.newPassword !== form.confirmPassword) throw new BizError(ERR.NEW_PASSWORD_MISMATCH);
  const passwordHash = await hashPassword(form.newPassword);
  await db.transaction(async (tx) => {
    await setOwnPasswordHash(tx, userId, passwordHash);
    const ended = await revokeUserSessions(tx, userId, auth.sessionId);
    await recordOperation(tx, {
      userId,
      action: 'modifyPassword',
      target: `user_account:${userId}`,
      after: { otherSessionsEnded: ended },
    });
  });
  return null;
};
