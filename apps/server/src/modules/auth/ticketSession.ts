/**
 * Sign-in on a single-use ticket (role switch, quick login): the ticket is consumed in the
 * transaction that opens the session, so a ticket signs in once even when two tabs race, and the
 * operation log records the sign-in in the same transaction.
 */
import { ERR } from '@zb/contract/errcodes';
import type { OperationAction } from '@zb/contract/operationLog';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import type { RequestContext } from '../../platform/route';
import { createSession, deleteSession, hashToken, setSessionCookie, setSessionRole } from '../../platform/session';
import { consumeTicket, type OpenedTicket } from '../../platform/tickets';
import { userAccount } from '../accounts/schema';
import { loginResult } from './account';
import type { SignedIn } from './login';

export type AccountRow = typeof userAccount.$inferSelect;

export const findAccountById = async (db: Db, userId: number): Promise<AccountRow | null> => {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.id, userId)).limit(1);
  return row ?? null;
};

export interface TicketSignIn {
  ticket: OpenedTicket<unknown>;
  user: AccountRow;
  /** The role the session starts in; null leaves the choice to the user. */
  userRoleId: number | null;
  /** The cookie the browser came with: that session ends. */
  previousToken: string | null;
  /** Operation-log action, e.g. 'ticketLogin'. */
  action: OperationAction;
  /** The refusal when the ticket was already used. */
  used: () => BizError;
}

export const signInWithTicket = async (db: Db, s: TicketSignIn): Promise<SignedIn> => {
  const token = await db.transaction(async (tx) => {
    if (!(await consumeTicket(tx, s.ticket))) throw s.used();
    if (s.previousToken) await deleteSession(tx, s.previousToken);
    const token = await createSession(tx, s.user.id);
    if (s.userRoleId !== null) await setSessionRole(tx, hashToken(token), s.userRoleId);
    await recordOperation(tx, {
      userId: s.user.id,
      action: s.action,
      target: `user_account:${s.user.id}`,
      after: { userRoleId: s.userRoleId },
    });
    return token;
  });
  return { user: s.user, token };
};

/** Sets the session cookie and answers the login result, as the password login does. */
export const answerSignedIn = async ({ user, token }: SignedIn, { db, req, reply }: RequestContext) => {
  req.actorId = user.id;
  setSessionCookie(reply, token);
  return loginResult(db, user);
};

/** A disabled account cannot use a ticket any more than a password. */
export const assertEnabled = (user: AccountRow): void => {
  if (!user.enabled) throw new BizError(ERR.LOGIN_DISABLED);
};
