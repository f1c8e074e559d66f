/**
 * Password sign-in (SPEC §4, §7.1): match by login name or phone, five wrong passwords in a row
 * lock the account for fifteen minutes, a boss without headquarters roles is told to apply for
 * boss permission, a success opens a session.
 */

import type { loginBody } from '@zb/contract/api/auth';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@zb/contract/constants';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { formatClock } from '@zb/contract/time';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { hookPoint } from '../../platform/hooks';
import { burnPasswordCheck, verifyPassword } from '../../platform/password';
import { createSession, deleteSession, revokeUserSessions } from '../../platform/session';
import { userAccount } from '../accounts/schema';
import { setSignInState } from '../accounts/service';
import { rolesOfUser } from '../hierarchy/queries';

export type LoginInput = z.infer<typeof loginBody>;

type AccountRow = typeof userAccount.$inferSelect;

/** The account a login name or phone number names; an exact login name wins over a phone. */
const findAccount = async (db: Db, account: string): Promise<AccountRow | null> => {
  const rows = await db
    .select()
    .from(userAccount)
    .where(or(eq(userAccount.loginName, account), eq(userAccount.phone, account)))
    .orderBy(desc(sql`${userAccount.loginName} = ${account}`))
    .limit(1);
  return rows[0] ?? null;
};

/** Unlock time rounded up to the minute, so "after 14:35" is never early. */
const lockedMessage = (until: Date): string => {
  const rounded = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  return `${ERRMSG[ERR.LOGIN_LOCKED]}，请于 ${formatClock(rounded)} 后再试`;
};

/** Counts a wrong password; the fifth in a row locks the account (logged in the same transaction). */
const recordFailure = (db: Db, userId: number, now: Date): Promise<BizError> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ failedLogins: userAccount.failedLogins, lockedUntil: userAccount.lockedUntil })
      .from(userAccount)
      .where(eq(userAccount.id, userId))
      .for('update');
    // A lock that has passed starts the count again.
    const before = row?.lockedUntil && row.lockedUntil <= now ? 0 : (row?.failedLogins ?? 0);
    const failures = before + 1;
    if (failures < LOGIN_MAX_FAILURES) {
      await setSignInState(tx, userId, { failedLogins: failures, lockedUntil: null });
      const remaining = LOGIN_MAX_FAILURES - failures;
      return new BizError(ERR.LOGIN_BAD_CREDENTIALS, `${ERRMSG[ERR.LOGIN_BAD_CREDENTIALS]}，还可尝试 ${remaining} 次`);
    }
    const lockedUntil = new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000);
    await setSignInState(tx, userId, { failedLogins: failures, lockedUntil });
    await recordOperation(tx, {
      userId,
      action: 'loginLock',
      target: `user_account:${userId}`,
      before: { failedLogins: before },
      after: { failedLogins: failures, lockedUntil: lockedUntil.toISOString() },
    });
    return new BizError(ERR.LOGIN_LOCKED, lockedMessage(lockedUntil));
  });

export interface SignedIn {
  user: AccountRow;
  /** The new session's cookie token. */
  token: string;
}

/**
 * Checks the credentials and opens a session. `previousToken` is the cookie the browser came
 * with: that session is ended. `refresh` ends every other session of the account too.
 */
export const passwordLogin = async (
  db: Db,
  input: LoginInput,
  previousToken: string | null,
  cipher: Cipher,
): Promise<SignedIn> => {
  const user = await findAccount(db, input.user);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new BizError(ERR.LOGIN_BAD_CREDENTIALS);
  }
  const now = new Date();
  if (user.lockedUntil && user.lockedUntil > now) {
    await burnPasswordCheck(input.password);
    throw new BizError(ERR.LOGIN_LOCKED, lockedMessage(user.lockedUntil));
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw await recordFailure(db, user.id, now);
  return admitAccount(db, user, { previousToken, cipher, refresh: input.refresh === true, now });
};

export interface AdmitOptions {
  previousToken: string | null;
  /** Seals the boss-permission ticket of LOGIN-51005. */
  cipher: Cipher;
  refresh: boolean;
  now?: Date;
}

/**
 * Why a user who holds no role may not sign in, asked of the modules above sign-in in turn (the
 * approvals module: a store boss may apply for authority); the first answer wins, none answers
 * LOGIN-40106.
 */
export const noRoleRefusals = hookPoint<(db: Db, cipher: Cipher, userId: number) => Promise<BizError | null>>();

const noRoleRefusal = async (db: Db, cipher: Cipher, userId: number): Promise<BizError> => {
  for (const refusal of noRoleRefusals.registered()) {
    const answer = await refusal(db, cipher, userId);
    if (answer) return answer;
  }
  return new BizError(ERR.LOGIN_NO_ROLE);
};

/**
 * The sign-in rules once the account is proven (password, WeCom code, ticket): a disabled account
 * is refused, a boss without headquarters roles is told to apply, an account without roles is
 * refused; otherwise a session opens.
 */
export const admitAccount = async (
  db: Db,
  user: AccountRow,
  { previousToken, cipher, refresh, now = new Date() }: AdmitOptions,
): Promise<SignedIn> => {
  if (!user.enabled) throw new BizError(ERR.LOGIN_DISABLED);

  if (!user.isAdmin && (await rolesOfUser(db, user.id)).length === 0) throw await noRoleRefusal(db, cipher, user.id);

  const token = await db.transaction(async (tx) => {
    if (user.failedLogins !== 0 || user.lockedUntil !== null) {
      await setSignInState(tx, user.id, { failedLogins: 0, lockedUntil: null });
    }
    if (previousToken) await deleteSession(tx, previousToken);
    if (refresh) await revokeUserSessions(tx, user.id);
    return createSession(tx, user.id, now);
  });
  return { user, token };
};
