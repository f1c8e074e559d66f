/**
 * Quick login (SPEC §4, ql=1): a signed-in user leaves an encrypted, HttpOnly cookie holding a
 * single-use ticket; a later /login?ql=1 signs in with it once (in the role it recorded) and the
 * cookie is cleared whatever the outcome.
 */
import { QUICK_LOGIN_COOKIE, QUICK_LOGIN_TTL_SECONDS } from '@zb/contract/constants';
import { ERR, QUICK_LOGIN_INVALID_TEXT } from '@zb/contract/errcodes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { issueTicket, openTicket } from '../../platform/tickets';
import { rolesOfUser } from '../hierarchy/queries';
import type { SignedIn } from './login';
import { assertEnabled, findAccountById, signInWithTicket } from './ticketSession';

interface QuickClaim {
  userId: number;
  userRoleId: number | null;
}

const MAX_COOKIE_CHARS = 2048;

const invalid = () => new BizError(ERR.TICKET_INVALID, QUICK_LOGIN_INVALID_TEXT);

const cookieOptions = (reply: FastifyReply) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: reply.server.config.secureCookie,
});

export const readQuickLoginCookie = (req: FastifyRequest): string | null => {
  const value = req.cookies[QUICK_LOGIN_COOKIE];
  return value && value.length <= MAX_COOKIE_CHARS ? value : null;
};

export const clearQuickLoginCookie = (reply: FastifyReply): void => {
  reply.clearCookie(QUICK_LOGIN_COOKIE, cookieOptions(reply));
};

/** Writes the quick-login cookie for the caller, in the role the session is in. */
export const setQuickLoginCookie = async (db: Db, cipher: Cipher, auth: Auth, reply: FastifyReply): Promise<null> => {
  const claim: QuickClaim = { userId: auth.user.id, userRoleId: auth.role?.userRoleId ?? null };
  const ticket = issueTicket(cipher, 'quickLogin', claim, QUICK_LOGIN_TTL_SECONDS);
  await recordOperation(db, {
    userId: auth.user.id,
    action: 'quickLoginCookie',
    target: `user_account:${auth.user.id}`,
    after: { userRoleId: claim.userRoleId },
  });
  reply.setCookie(QUICK_LOGIN_COOKIE, ticket, { ...cookieOptions(reply), maxAge: QUICK_LOGIN_TTL_SECONDS });
  return null;
};

/** Signs in with the cookie's ticket; a role no longer held is left for the user to choose. */
export const quickLogin = async (
  db: Db,
  cipher: Cipher,
  cookie: string | null,
  previousToken: string | null,
): Promise<SignedIn> => {
  const ticket = cookie ? openTicket<QuickClaim>(cipher, cookie, 'quickLogin') : null;
  if (!ticket) throw invalid();
  const user = await findAccountById(db, ticket.data.userId);
  if (!user) throw invalid();
  assertEnabled(user);
  const { userRoleId } = ticket.data;
  const stillHeld = userRoleId !== null && (await rolesOfUser(db, user.id, userRoleId)).length > 0;
  return signInWithTicket(db, {
    ticket,
    user,
    userRoleId: stillHeld ? userRoleId : null,
    previousToken,
    action: 'quickLogin',
    used: invalid,
  });
};
