/**
 * System events of signing in and out: a sign-in that opens a session is 'login', one refused
 * for any reason 'login_failed' (with the errcode and message the caller got). The sign-in
 * itself is unchanged: its answer or error passes through.
 */
import type { LoginResult } from '@zb/contract/api/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { requestEvent } from '../../platform/events/plugin';
import type { RequestContext } from '../../platform/route';
import { session } from '../../platform/schema';
import { hashToken } from '../../platform/session';
import { userAccount } from '../accounts/schema';

export const withSignInEvent = async (
  ctx: RequestContext,
  /** What the caller typed (login name or phone), or null for a WeCom code. */
  typed: string | null,
  how: string,
  signIn: () => Promise<LoginResult>,
): Promise<LoginResult> => {
  try {
    const result = await signIn();
    await requestEvent(ctx.req, {
      level: 'info',
      kind: 'login',
      message: `${how}登录成功`,
      userId: ctx.req.actorId,
      loginName: result.loginName,
    });
    return result;
  } catch (err) {
    const errcode = err instanceof BizError ? err.errcode : null;
    await requestEvent(ctx.req, {
      level: 'warn',
      kind: 'login_failed',
      message: `${how}登录失败：${err instanceof Error ? err.message : String(err)}`,
      userId: ctx.req.actorId,
      loginName: typed,
      detail: { errcode },
    });
    throw err;
  }
};

/** The account of a session cookie's token, for the logout event. */
export const sessionUser = async (db: Db, token: string): Promise<{ id: number; loginName: string } | null> => {
  const [row] = await db
    .select({ id: userAccount.id, loginName: userAccount.loginName })
    .from(session)
    .innerJoin(userAccount, eq(userAccount.id, session.userId))
    .where(eq(session.id, hashToken(token)))
    .limit(1);
  return row ?? null;
};
