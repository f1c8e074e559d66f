/**
 * The session and permission guard. Runs before the body is read, per the route's declared
 * access: public, session, open (a role chosen), codes (a role holding one of them), admin.
 */
import type { Access } from '@zb/contract/api/endpoint';
import { ACCOUNT_VERSION_HEADER, accountVersion, type HierLevel, TAB_ROLE_HEADER } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { Auth, ChosenRole } from './context';
import { BizError } from './errors';
import { codesOfRole } from './roleCodes';
import { type DataScope, HQ_SCOPE, scopeOfContent } from './scope';
import { hashToken, isExpired, lookupSession, readSessionToken, type SessionRow, touchSession } from './session';

/** The account-version value of a user, as login answered it. */
export const accountVersionOf = (user: { loginName: string; createdAt: Date }): string =>
  accountVersion(user.loginName, formatDateTime(user.createdAt));

const headerMatches = (raw: string | string[] | undefined, expected: string): boolean => {
  if (typeof raw !== 'string') return false;
  if (raw === expected) return true;
  try {
    return decodeURIComponent(raw) === expected;
  } catch {
    return false;
  }
};

/** The tab's userRoleId from its header; null when absent or not a plain positive integer. */
const tabUserRoleId = (raw: string | string[] | undefined): number | null => {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
};

const chosenRole = (row: SessionRow): ChosenRole | null => {
  if (row.userRoleId === null || row.roleId === null || row.hierId === null || row.contentId === null) return null;
  return {
    userRoleId: row.userRoleId,
    roleId: row.roleId,
    roleCode: row.roleCode ?? '',
    roleName: row.roleName ?? '',
    hierId: row.hierId,
    level: (row.level ?? 'hq') as HierLevel,
    contentId: row.contentId,
    regionId: row.regionId,
    storeId: row.storeId,
  };
};

/** No role chosen and not an administrator: no data at all. */
const NO_DATA: DataScope = { level: 'store', storeIds: [] };

/** The caller, and the permissions version of the moment (the role codes are checked at it). */
interface Authenticated {
  auth: Auth;
  permissionsVersion: string;
}

const authenticate = async (db: Db, req: FastifyRequest, needAccountVersion: boolean): Promise<Authenticated> => {
  const token = readSessionToken(req);
  if (!token) throw new BizError(ERR.NO_SESSION);
  const tabRole = tabUserRoleId(req.headers[TAB_ROLE_HEADER]);
  const now = new Date();
  const { row, versions } = await lookupSession(db, hashToken(token), tabRole, now);
  if (!row) throw new BizError(ERR.NO_SESSION);
  if (row.revokedAt !== null || !row.user.enabled) throw new BizError(ERR.SESSION_REVOKED);
  if (isExpired(row, now)) throw new BizError(ERR.SESSION_EXPIRED);
  if (needAccountVersion && !headerMatches(req.headers[ACCOUNT_VERSION_HEADER], accountVersionOf(row.user))) {
    throw new BizError(ERR.ACCOUNT_VERSION_MISMATCH);
  }
  // The tab's role was taken away (or never was the user's): its menu no longer holds.
  if (tabRole !== null && row.userRoleId === null) throw new BizError(ERR.USER_INFO_FAILED);
  await touchSession(db, row, now);
  const role = chosenRole(row);
  const scope = row.user.isAdmin ? HQ_SCOPE : role ? scopeOfContent(role) : NO_DATA;
  return {
    auth: { sessionId: row.id, user: row.user, role, scope, codes: null },
    permissionsVersion: versions.permissions,
  };
};

const authorize = async (db: Db, { auth, permissionsVersion }: Authenticated, access: Access): Promise<Auth> => {
  const { isAdmin } = auth.user;
  switch (access.kind) {
    case 'public':
    case 'session':
      return auth;
    case 'admin':
      if (!isAdmin) throw new BizError(ERR.FORBIDDEN);
      return auth;
    case 'open':
      if (!isAdmin && !auth.role) throw new BizError(ERR.ROLE_REQUIRED);
      return auth;
    case 'codes': {
      if (isAdmin) return auth;
      if (!auth.role) throw new BizError(ERR.ROLE_REQUIRED);
      const codes = await codesOfRole(db, auth.role.roleId, permissionsVersion);
      if (!access.codes.some((c) => codes.has(c))) throw new BizError(ERR.FORBIDDEN);
      return { ...auth, codes };
    }
  }
};

export const guardPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('actorId', null);
    app.addHook('onRequest', async (req) => {
      const { access, accountVersion: needAccountVersion } = req.routeOptions.config;
      if (!access || access.kind === 'public') return;
      const authenticated = await authenticate(app.db, req, needAccountVersion ?? true);
      req.actorId = authenticated.auth.user.id;
      req.auth = await authorize(app.db, authenticated, access);
    });
  },
  { name: 'guard' },
);
