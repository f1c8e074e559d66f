/**
 * Sessions live only in the database, so any number of server instances serve one user. The
 * browser holds a random 32-byte token in an HttpOnly cookie; the table holds its sha256.
 *
 * Every signed-in call looks its session up (`lookupSession`). Each instance keeps what it
 * looked up, together with the auth version it was read at (platform/authVersion.ts): triggers
 * (migration 0026) set a new version in the same transaction as any write a lookup depends on
 * (logout, revocation, password change, a failed sign-in or lockout, account disable, a role
 * given or taken, the hierarchy), so one cheap read per call on PostgreSQL — which also answers
 * the permissions version the role codes are kept at — and none on PGlite tells whether what is
 * kept still holds, on every instance, from the commit on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '@zb/contract/constants';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { hier, hierContent, hierContentRole, role, userRole } from '../modules/hierarchy/schema';
import { authVersionColumn, readVersions, type Versions } from './authVersion';
import { session } from './schema';

const TOUCH_EVERY_MS = 60_000;
const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
const MAX_MS = SESSION_MAX_HOURS * 3_600_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Opens a session for the user and returns the cookie token (shown once, never stored). */
export const createSession = async (db: Db, userId: number, now = new Date()): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(session).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + MAX_MS),
  });
  return token;
};

export const deleteSession = async (db: Db, token: string): Promise<void> => {
  await db.delete(session).where(eq(session.id, hashToken(token)));
};

/** Ends every live session of a user except the one kept (password change, login with refresh). */
export const revokeUserSessions = async (db: Db, userId: number, keepSessionId?: string): Promise<number> => {
  const rows = await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(session.userId, userId),
        isNull(session.revokedAt),
        keepSessionId ? ne(session.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: session.id });
  return rows.length;
};

export const setSessionRole = async (db: Db, sessionId: string, userRoleId: number): Promise<void> => {
  await db.update(session).set({ userRoleId }).where(eq(session.id, sessionId));
};

/**
 * The session, its user and its role with the role's hierarchy content: one query. The role is
 * the one the calling tab acts in (TAB_ROLE_HEADER) when given, else the session's last choice;
 * either way only a role the user holds joins.
 */
export const findSession = async (db: Db, sessionId: string, tabUserRoleId: number | null = null) => {
  const rows = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      revokedAt: session.revokedAt,
      user: {
        id: userAccount.id,
        loginName: userAccount.loginName,
        nickname: userAccount.nickname,
        phone: userAccount.phone,
        isAdmin: userAccount.isAdmin,
        enabled: userAccount.enabled,
        kind: userAccount.kind,
        createdAt: userAccount.createdAt,
      },
      userRoleId: userRole.id,
      roleId: role.id,
      roleCode: role.code,
      roleName: role.name,
      hierId: hier.id,
      level: hier.level,
      contentId: hierContent.id,
      regionId: hierContent.regionId,
      storeId: hierContent.storeId,
      // Read in the same statement (one snapshot), so the row is kept under the version it is of.
      authVersion: authVersionColumn,
    })
    .from(session)
    .innerJoin(userAccount, eq(userAccount.id, session.userId))
    .leftJoin(userRole, and(eq(userRole.id, tabUserRoleId ?? session.userRoleId), eq(userRole.userId, session.userId)))
    .leftJoin(hierContentRole, eq(hierContentRole.id, userRole.contentRoleId))
    .leftJoin(role, eq(role.id, hierContentRole.roleId))
    .leftJoin(hier, eq(hier.id, role.hierId))
    .leftJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
    .where(eq(session.id, sessionId))
    .limit(1);
  return rows[0] ?? null;
};

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export const isExpired = (row: Pick<SessionRow, 'expiresAt' | 'lastSeenAt'>, now: Date): boolean =>
  now.getTime() >= row.expiresAt.getTime() || now.getTime() - row.lastSeenAt.getTime() >= IDLE_MS;

const needsTouch = (row: Pick<SessionRow, 'lastSeenAt'>, now: Date): boolean =>
  now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS;

/** Records activity at most once a minute, so a busy user costs no extra write per request. */
export const touchSession = async (db: Db, row: Pick<SessionRow, 'id' | 'lastSeenAt'>, now: Date): Promise<void> => {
  if (!needsTouch(row, now)) return;
  await db.update(session).set({ lastSeenAt: now }).where(eq(session.id, row.id));
};

interface Kept {
  version: string;
  rows: Map<string, SessionRow>;
}

/** Looked-up sessions per database handle (tests run many databases in one process). */
const kept = new WeakMap<Db, Kept>();
/** A bound on what one instance keeps; past it, it starts again (a lookup costs one query). */
const KEEP_MAX = 10_000;

/** Where a call's session row is kept: the session and the role its tab acts in. */
const keyOf = (sessionId: string, tabUserRoleId: number | null) => `${sessionId}/${tabUserRoleId ?? ''}`;

/**
 * The row this instance keeps for the session and tab, with the auth version it is kept under,
 * without reading anything: for a read call that checks the version side by side with its own
 * statements (platform/guard.ts). None when nothing is kept or the row is due for its touch.
 */
export const keptSession = (
  db: Db,
  sessionId: string,
  tabUserRoleId: number | null,
  now: Date,
): { row: SessionRow; version: string } | null => {
  const cache = kept.get(db);
  const row = cache?.rows.get(keyOf(sessionId, tabUserRoleId));
  return cache && row && !needsTouch(row, now) ? { row, version: cache.version } : null;
};

/**
 * The session of a call (as findSession answers it) and the permissions version of the moment.
 * A kept row answers only while the auth version is the one it was read at and its last
 * activity is under a minute old: older, it is read again (another instance may have recorded
 * activity since), so the idle timeout is judged on the database's own record. The versions are
 * read here unless the caller has read them at the call's start (`versionsNow`).
 */
export const lookupSession = async (
  db: Db,
  sessionId: string,
  tabUserRoleId: number | null,
  now: Date,
  versionsNow?: Versions,
): Promise<{ row: SessionRow | null; versions: Versions }> => {
  const versions = versionsNow ?? (await readVersions(db));
  const key = keyOf(sessionId, tabUserRoleId);
  const cache = kept.get(db);
  const hit = versions.auth !== null && cache?.version === versions.auth ? cache.rows.get(key) : undefined;
  if (hit && !needsTouch(hit, now)) return { row: hit, versions };
  const row = await findSession(db, sessionId, tabUserRoleId);
  // Read from the database, the version is the row's own (one snapshot); counted here, the one
  // of before the read (a notification heard meanwhile leaves the row kept under a past count).
  const version = versions.local ? versions.auth : row?.authVersion;
  if (!row || !version) return { row, versions };
  let into = kept.get(db);
  if (!into || into.version !== version || into.rows.size >= KEEP_MAX) {
    into = { version, rows: new Map() };
    kept.set(db, into);
  }
  // A row due for its touch is kept as read: the next call reads it again, touched.
  into.rows.set(key, row);
  return { row, versions };
};

export const readSessionToken = (req: FastifyRequest): string | null => {
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length <= 128 ? token : null;
};

export const setSessionCookie = (reply: FastifyReply, token: string): void => {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: reply.server.config.secureCookie,
    maxAge: MAX_MS / 1000,
  });
};

export const clearSessionCookie = (reply: FastifyReply): void => {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: reply.server.config.secureCookie,
  });
};
