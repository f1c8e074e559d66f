/** The boss-permission calls (SPEC §4, §7.1), loaded with the 申请老板权限 button's first use. */
import { AUTH_API, type BossAuthorityHint } from '@zb/contract/api/auth';
import { STORE_AUTH_CODES } from '@zb/contract/errcodes';
import { isApiError } from '../../platform/apiError';
import { call } from '../../platform/http';

const QUIET = { success: false } as const;

/** Submits the application; answers its approval number (errmsg and data carry the spNo). */
export const applyForBoss = async (hint: BossAuthorityHint): Promise<string> =>
  (await call(AUTH_API.getStoreAuthority, { query: hint }, QUIET)).spNo;

/**
 * The poll: 204 pending, 200 approved, 505 rejected. These answers are exempt from the generic
 * alert (SPEC §8); anything else was alerted by the http client and rejects.
 */
export const bossResult = async (spNo: string, n: number): Promise<string> => {
  try {
    await call(AUTH_API.getStoreAuthorityResult, { query: { spNo, n } }, QUIET);
  } catch (e) {
    if (isApiError(e) && STORE_AUTH_CODES.includes(e.errcode)) return e.errcode;
    throw e;
  }
  throw new Error('getStoreAuthorityResult answered without a result code');
};

export const authorizeLogin = (userId: number, spNo: string) =>
  call(AUTH_API.authorizeLogin, { query: { userId, spNo } }, QUIET);
