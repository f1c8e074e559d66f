/**
 * Sessions live only in the database, so any number of server instances serve one user. The
 * browser holds a random 32-byte token in an HttpOnly cookie; the table holds its sha256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '@zb/contract/constants';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { hier, hierContent, hierContentRole, role, userRole } from '../modules/hierarchy/schema';
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

/** Records activity at most once a minute, so a busy user costs no extra write per request. */
export const touchSession = async (db: Db, row: Pick<SessionRow, 'id' | 'lastSeenAt'>, now: Date): Promise<void> => {
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db.update(session).set({ lastSeenAt: now }).where(eq(session.id, row.id));
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
