/**
 * Role switch (SPEC §4): the browser asks for a ticket for one of the user's own roles and opens
 * /xxbLogin with u, uid, userId and p. p is never a password: it is a signed, encrypted ticket
 * that lives SWITCH_TICKET_TTL_SECONDS and signs in once, straight into the chosen role.
 */
import type { SwitchTicket, switchTicketBody } from '@zb/contract/api/auth';
import { SWITCH_TICKET_TTL_SECONDS } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { issueTicket, openTicket } from '../../platform/tickets';
import { rolesOfUser } from '../hierarchy/queries';
import type { SignedIn } from './login';
import { assertEnabled, findAccountById, signInWithTicket } from './ticketSession';

/** What the ticket carries: who switches, and into which of their roles. */
interface SwitchClaim {
  userId: number;
  uid: number;
}

const invalid = () => new BizError(ERR.TICKET_INVALID);

const holds = async (db: Db, userId: number, userRoleId: number): Promise<boolean> =>
  (await rolesOfUser(db, userId, userRoleId)).length > 0;

/** A ticket for one of the caller's own roles; the operation log records who asked for which. */
export const issueSwitchTicket = async (
  db: Db,
  cipher: Cipher,
  auth: Auth,
  userRoleId: number,
): Promise<SwitchTicket> => {
  const { user } = auth;
  if (!(await holds(db, user.id, userRoleId))) throw new BizError(ERR.ROLE_NOT_OWNED);
  const claim: SwitchClaim = { userId: user.id, uid: userRoleId };
  const p = issueTicket(cipher, 'switchRole', claim, SWITCH_TICKET_TTL_SECONDS);
  await recordOperation(db, {
    userId: user.id,
    action: 'switchRoleTicket',
    target: `user_role:${userRoleId}`,
    before: { userRoleId: auth.role?.userRoleId ?? null },
    after: { userRoleId },
  });
  return { u: user.loginName, uid: userRoleId, userId: user.id, p };
};

/**
 * Signs in with a switch ticket. The ticket must be genuine, unexpired and unused, name the same
 * user and role as u/uid/userId, and the account must be enabled and still hold the role.
 */
export const ticketLogin = async (
  db: Db,
  cipher: Cipher,
  input: z.infer<typeof switchTicketBody>,
  previousToken: string | null,
): Promise<SignedIn> => {
  const ticket = openTicket<SwitchClaim>(cipher, input.p, 'switchRole');
  if (!ticket || ticket.data.userId !== input.userId || ticket.data.uid !== input.uid) throw invalid();
  const user = await findAccountById(db, input.userId);
  if (!user || user.loginName !== input.u) throw invalid();
  assertEnabled(user);
  if (!(await holds(db, user.id, input.uid))) throw invalid();
  return signInWithTicket(db, {
    ticket,
    user,
    userRoleId: input.uid,
    previousToken,
    action: 'ticketLogin',
    used: invalid,
  });
};
