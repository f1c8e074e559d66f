/**
 * The local WeCom simulator's rules, over its tables: access tokens, QR states and the one-time
 * codes minted when a person confirms. Time limits follow WeCom: a token 7200 s, a code 5 minutes.
 */
import { randomBytes } from 'node:crypto';
import type { WxworkQrStatus } from '@zb/contract/api/wxwork';
import { WXWORK_QR_TTL_SECONDS } from '@zb/contract/constants';
import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userAccount } from '../accounts/schema';
import { wxsimLogin, wxsimToken } from './schema';
import type { DirectoryPerson } from './simulatorPage';

export const SIM_TOKEN_SECONDS = 7200;
export const SIM_CODE_SECONDS = 300;

const secondsAgo = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** A new access token for the corp; expired ones are forgotten on the way. */
export const issueToken = async (db: Db, corpId: string, now = new Date()): Promise<string> => {
  const token = randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    await tx.delete(wxsimToken).where(lt(wxsimToken.expiresAt, now));
    await tx
      .insert(wxsimToken)
      .values({ token, corpId, expiresAt: new Date(now.getTime() + SIM_TOKEN_SECONDS * 1000) });
  });
  return token;
};

export type TokenCheck = 'valid' | 'invalid' | 'expired';

export const checkToken = async (db: Db, token: string, corpId: string, now = new Date()): Promise<TokenCheck> => {
  const [row] = await db.select().from(wxsimToken).where(eq(wxsimToken.token, token)).limit(1);
  if (!row || row.corpId !== corpId) return 'invalid';
  return row.expiresAt > now ? 'valid' : 'expired';
};

/** The WeCom userid of a confirmed, fresh, unused code, marking it used; null otherwise. */
export const redeemCode = async (db: Db, code: string, now = new Date()): Promise<string | null> => {
  const rows = await db
    .update(wxsimLogin)
    .set({ usedAt: now })
    .where(
      and(
        eq(wxsimLogin.code, code),
        isNull(wxsimLogin.usedAt),
        isNotNull(wxsimLogin.userid),
        gt(wxsimLogin.confirmedAt, secondsAgo(now, SIM_CODE_SECONDS)),
      ),
    )
    .returning({ userid: wxsimLogin.userid });
  return rows[0]?.userid ?? null;
};

type LoginRow = typeof wxsimLogin.$inferSelect;

/** The state's row, created the first time the state is seen. */
export const touchState = async (db: Db, state: string, now = new Date()): Promise<LoginRow> => {
  await db.insert(wxsimLogin).values({ state, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(wxsimLogin).where(eq(wxsimLogin.state, state)).limit(1);
  if (!row) throw new Error(`wxsim state ${state} vanished`);
  return row;
};

const stateExpired = (row: LoginRow, now: Date) => row.createdAt <= secondsAgo(now, WXWORK_QR_TTL_SECONDS);

export const statusOf = (row: LoginRow, now = new Date()): WxworkQrStatus => {
  if (row.code && row.confirmedAt && row.confirmedAt > secondsAgo(now, SIM_CODE_SECONDS)) {
    return { status: 'confirmed', code: row.code };
  }
  if (row.code || stateExpired(row, now)) return { status: 'expired' };
  return { status: 'waiting' };
};

/** The corp's directory: accounts bound to a WeCom userid. */
export const directory = (db: Db): Promise<DirectoryPerson[]> =>
  db
    .select({ userid: userAccount.wxworkUserid, name: userAccount.nickname })
    .from(userAccount)
    .where(isNotNull(userAccount.wxworkUserid))
    .orderBy(asc(userAccount.id)) as Promise<DirectoryPerson[]>;

export type ConfirmOutcome = 'confirmed' | 'expired' | 'alreadyConfirmed' | 'unknownPerson';

/** A person confirms the QR state: the state gets its one-time code. */
export const confirmState = async (
  db: Db,
  state: string,
  userid: string,
  now = new Date(),
): Promise<ConfirmOutcome> => {
  const person = await db
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.wxworkUserid, userid))
    .limit(1);
  if (person.length === 0) return 'unknownPerson';
  const row = await touchState(db, state, now);
  if (row.code) return 'alreadyConfirmed';
  if (stateExpired(row, now)) return 'expired';
  const code = randomBytes(24).toString('base64url');
  const updated = await db
    .update(wxsimLogin)
    .set({ userid, code, confirmedAt: now })
    .where(and(eq(wxsimLogin.state, state), isNull(wxsimLogin.code)))
    .returning({ state: wxsimLogin.state });
  return updated.length === 1 ? 'confirmed' : 'alreadyConfirmed';
};

/**
 * Forgets QR states whose code can no longer be used (the QR expired, and any code minted on it
 * too) and expired tokens; answers how many rows went. Run by the scheduled clean-up.
 */
export const purgeSimulatorState = async (db: Db, now = new Date()): Promise<number> => {
  const logins = await db
    .delete(wxsimLogin)
    .where(lt(wxsimLogin.createdAt, secondsAgo(now, WXWORK_QR_TTL_SECONDS + SIM_CODE_SECONDS)))
    .returning({ state: wxsimLogin.state });
  const tokens = await db
    .delete(wxsimToken)
    .where(lt(wxsimToken.expiresAt, now))
    .returning({ token: wxsimToken.token });
  return logins.length + tokens.length;
};
