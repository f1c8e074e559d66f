/**
 * What follows a successful sign-in, whichever way it came (password, quick login, WeCom, a
 * role-switch ticket): the login result signs the next calls; an administrator enters at once
 * with every resource; anyone else enters a role — chosen on /login, or given by /xxbLogin.
 */
import type { LoginResult, RoleEntry } from '@zb/contract/api/auth';
import { clearSession, setLoginResult, setSessionUser } from '../../platform/session';
import { loadApi } from './deferred';
import { adminSessionUser, roleSessionUser } from './sessionUser';

/** Starts the session of a login result; 'entered' for an administrator, else a role is needed. */
export const startSession = async (result: LoginResult): Promise<'entered' | 'chooseRole'> => {
  clearSession();
  setLoginResult(result);
  if (result.propertyEx.admin !== 1) return 'chooseRole';
  const api = await loadApi();
  const resources = await api.adminResources();
  const [storeCount, info] = await Promise.all([api.storeCount(), api.loginInfo()]);
  setSessionUser(adminSessionUser(result, resources, { storeCount, userId: info.userId }));
  return 'entered';
};

/**
 * Enters one of the user's roles: its pages and buttons, the store-count flag and the user id
 * make the session user. `switchUserId` is set when a role switch (/xxbLogin) brought the user.
 */
export const enterRole = async (login: LoginResult, role: RoleEntry, switchUserId: number | null = null) => {
  const api = await loadApi();
  const resources = await api.selectRole(role.userRoleId);
  const [storeCount, info] = await Promise.all([api.storeCount(), api.loginInfo()]);
  setSessionUser({ ...roleSessionUser(login, role, resources, { storeCount, userId: info.userId }), switchUserId });
};
