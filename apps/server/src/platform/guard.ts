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
import { readVersions, type Versions, versionsCounted } from './authVersion';
import type { Auth, ChosenRole } from './context';
import { BizError } from './errors';
import { codesOfRole, keptCodesOfRole } from './roleCodes';
import { type DataScope, HQ_SCOPE, scopeOfContent } from './scope';
import {
  hashToken,
  isExpired,
  keptSession,
  lookupSession,
  readSessionToken,
  type SessionRow,
  touchSession,
} from './session';

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

/** What a session row allows the calling tab, judged on the row alone (no statement). */
const admit = (
  req: FastifyRequest,
  row: SessionRow | null,
  tabRole: number | null,
  now: Date,
  needAccountVersion: boolean,
): Auth => {
  if (!row) throw new BizError(ERR.NO_SESSION);
  if (row.revokedAt !== null || !row.user.enabled) throw new BizError(ERR.SESSION_REVOKED);
  if (isExpired(row, now)) throw new BizError(ERR.SESSION_EXPIRED);
  if (needAccountVersion && !headerMatches(req.headers[ACCOUNT_VERSION_HEADER], accountVersionOf(row.user))) {
    throw new BizError(ERR.ACCOUNT_VERSION_MISMATCH);
  }
  // The tab's role was taken away (or never was the user's): its menu no longer holds.
  if (tabRole !== null && row.userRoleId === null) throw new BizError(ERR.USER_INFO_FAILED);
  const role = chosenRole(row);
  const scope = row.user.isAdmin ? HQ_SCOPE : role ? scopeOfContent(role) : NO_DATA;
  return { sessionId: row.id, user: row.user, role, scope, codes: null };
};

const authenticate = async (
  db: Db,
  req: FastifyRequest,
  needAccountVersion: boolean,
  versionsNow?: Versions,
): Promise<Authenticated> => {
  const token = readSessionToken(req);
  if (!token) throw new BizError(ERR.NO_SESSION);
  const tabRole = tabUserRoleId(req.headers[TAB_ROLE_HEADER]);
  const now = new Date();
  const { row, versions } = await lookupSession(db, hashToken(token), tabRole, now, versionsNow);
  const auth = admit(req, row, tabRole, now, needAccountVersion);
  if (row) await touchSession(db, row, now);
  return { auth, permissionsVersion: versions.permissions };
};

/** Whether the caller may call the route; the codes of a codes route are those kept at `permissionsVersion`. */
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

/** A read call answered from what this instance keeps, until the versions read at its start say whether it holds. */
interface Unconfirmed {
  versions: Promise<Versions>;
  /** The auth version the session row is kept under. */
  auth: string;
  /** The permissions version the role's codes are kept at; null when the route checked none. */
  permissions: string | null;
  access: Access;
  needAccountVersion: boolean;
}

const unconfirmed = new WeakMap<FastifyRequest, Unconfirmed>();

/**
 * A read call (an endpoint declared `read`) on PostgreSQL, of a session this instance keeps:
 * the versions are read from the call's start, side by side with the route's own statements,
 * and the route runs on what is kept meanwhile. Null when nothing usable is kept (the kept row
 * would refuse the call, or is due for its touch, or the role's codes are not kept): the call
 * then waits for the versions as any other.
 */
const runAhead = async (
  db: Db,
  req: FastifyRequest,
  access: Access,
  needAccountVersion: boolean,
  versions: Promise<Versions>,
): Promise<Auth | null> => {
  const token = readSessionToken(req);
  if (!token) return null;
  const tabRole = tabUserRoleId(req.headers[TAB_ROLE_HEADER]);
  const now = new Date();
  const kept = keptSession(db, hashToken(token), tabRole, now);
  if (!kept) return null;
  let auth: Auth;
  try {
    auth = admit(req, kept.row, tabRole, now, needAccountVersion);
  } catch {
    return null; // the fresh answer says why, once the versions are read
  }
  const codesKept =
    access.kind === 'codes' && !auth.user.isAdmin && auth.role ? keptCodesOfRole(db, auth.role.roleId) : null;
  if (access.kind === 'codes' && !auth.user.isAdmin && !codesKept) return null;
  try {
    auth = await authorize(db, { auth, permissionsVersion: codesKept?.version ?? '' }, access);
  } catch {
    return null;
  }
  unconfirmed.set(req, {
    versions,
    auth: kept.version,
    permissions: codesKept?.version ?? null,
    access,
    needAccountVersion,
  });
  return auth;
};

/**
 * For a call the guard let run ahead of its versions read (`runAhead`): waits for that read and
 * answers whether what the call was given still holds. If the versions moved, the caller is
 * looked up again as any call would be — a refusal (401/403) is thrown, else the request's
 * caller is replaced by the fresh one and false answers: the route's answer must be made again.
 * True at once for every other call.
 */
export const confirmCaller = async (req: FastifyRequest): Promise<boolean> => {
  const pending = unconfirmed.get(req);
  if (!pending) return true;
  unconfirmed.delete(req);
  const versions = await pending.versions;
  if (
    versions.auth === pending.auth &&
    (pending.permissions === null || versions.permissions === pending.permissions)
  ) {
    return true;
  }
  const db = req.server.db;
  const fresh = await authorize(db, await authenticate(db, req, pending.needAccountVersion, versions), pending.access);
  req.auth = fresh;
  req.actorId = fresh.user.id;
  return false;
};

export const guardPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('actorId', null);
    app.addHook('onRequest', async (req) => {
      const { access, accountVersion: needAccountVersion, endpoint } = req.routeOptions.config;
      if (!access || access.kind === 'public') return;
      const needVersion = needAccountVersion ?? true;
      if (endpoint?.read && !versionsCounted(app.db)) {
        const versions = readVersions(app.db);
        versions.catch(() => {}); // awaited by whoever uses it; never left unhandled
        const ahead = await runAhead(app.db, req, access, needVersion, versions);
        if (ahead) {
          req.actorId = ahead.user.id;
          req.auth = ahead;
          return;
        }
        const authenticated = await authenticate(app.db, req, needVersion, await versions);
        req.actorId = authenticated.auth.user.id;
        req.auth = await authorize(app.db, authenticated, access);
        return;
      }
      const authenticated = await authenticate(app.db, req, needVersion);
      req.actorId = authenticated.auth.user.id;
      req.auth = await authorize(app.db, authenticated, access);
    });
  },
  { name: 'guard' },
);
