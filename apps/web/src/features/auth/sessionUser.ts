/** Builds the session user of SPEC §3 from the login result and the chosen role's resources. */
import type { LoginResult, RoleEntry, RoleResources } from '@zb/contract/api/auth';
import { ADMIN_ROLE_NAME, HIER_LEVELS } from '@zb/contract/constants';
import type { SessionUser } from '../../platform/session';

export interface SessionExtras {
  userId: number | null;
  storeCount: number | null;
}

const base = (login: LoginResult, res: RoleResources, extras: SessionExtras) => ({
  loginName: login.loginName,
  nickname: login.nickname,
  createdDate: login.createdDate,
  enabled: login.enabled,
  menu: res.pages,
  btn: res.buttons,
  hierId: res.hierId,
  userRoleId: res.userRoleId,
  userId: extras.userId,
  switchUserId: null,
  storeCount: extras.storeCount,
});

/** An administrator: every resource, as 系统管理员, seeing headquarters-wide data. */
export const adminSessionUser = (login: LoginResult, res: RoleResources, extras: SessionExtras): SessionUser => ({
  ...base(login, res, extras),
  roleName: ADMIN_ROLE_NAME,
  hierName: HIER_LEVELS.hq,
  admin: 1,
});

/** A user who chose one of their roles. */
export const roleSessionUser = (
  login: LoginResult,
  role: RoleEntry,
  res: RoleResources,
  extras: SessionExtras,
): SessionUser => ({
  ...base(login, res, extras),
  roleName: res.roleName || role.roleName,
  hierId: res.hierId ?? role.hierId,
  userRoleId: res.userRoleId ?? role.userRoleId,
  hierName: role.hier,
  admin: 0,
});
