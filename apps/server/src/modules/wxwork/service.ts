/**
 * WeCom (企业微信) QR sign-in: the QR parameters the login page draws, the sign-in with the code
 * WeCom hands back (the same rules and answer as the password path once the person is known),
 * and the full login information of the session.
 */
import type { LoginResult, WxworkInfo } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import type { WxworkConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/context';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { loginResult } from '../auth/account';
import { admitAccount, type SignedIn } from '../auth/login';
import { type WecomClient, WecomError, wecomFailure } from './client';
import { SIM_PATHS, SIM_PREFIX } from './simulator';

/** WeCom's own QR-connect page, when the API base is the real WeCom rather than a simulator. */
export const WECOM_QR_CONNECT_URL = 'https://open.work.weixin.qq.com/wwopen/sso/qrConnect';

const isSimulator = (base: string) => base.endsWith(SIM_PREFIX);

/**
 * The QR parameters. With the built-in simulator (no API base configured) the browser reaches it
 * at the origin it came from; a configured simulator base is used as is; the real WeCom has its
 * own QR page and no status call.
 */
export const wxworkInfo = (cfg: WxworkConfig, origin: string): WxworkInfo => {
  const ids = { appid: cfg.corpId, agentid: cfg.agentId };
  if (cfg.apiBase === null) {
    return { ...ids, qrConnectUrl: origin + SIM_PATHS.qrConnect, qrStatusUrl: origin + SIM_PATHS.qrStatus };
  }
  if (isSimulator(cfg.apiBase)) {
    const root = cfg.apiBase.slice(0, -SIM_PREFIX.length);
    return { ...ids, qrConnectUrl: root + SIM_PATHS.qrConnect, qrStatusUrl: root + SIM_PATHS.qrStatus };
  }
  return { ...ids, qrConnectUrl: WECOM_QR_CONNECT_URL, qrStatusUrl: null };
};

export interface CodeLogin {
  code: string;
  previousToken: string | null;
  cipher: Cipher;
  /** Told about WeCom failures (the user only sees 企业微信登录异常). */
  onWecomError?: (e: WecomError) => void;
}

/** Signs in the person a WeCom code names: code → userid → bound account → the usual rules. */
export const codeLogin = async (db: Db, wecom: WecomClient, c: CodeLogin): Promise<SignedIn> => {
  let userid: string;
  try {
    userid = await wecom.userIdOf(c.code);
  } catch (e) {
    if (!(e instanceof WecomError)) throw e;
    c.onWecomError?.(e);
    throw wecomFailure(e);
  }
  const [user] = await db.select().from(userAccount).where(eq(userAccount.wxworkUserid, userid)).limit(1);
  if (!user) throw new BizError(ERR.WXWORK_NOT_BOUND);
  return admitAccount(db, user, { previousToken: c.previousToken, cipher: c.cipher, refresh: false });
};

/** The session's login result, with the role it is in marked checked. */
export const loginAllInfo = async (db: Db, auth: Auth): Promise<LoginResult> => {
  const result = await loginResult(db, auth.user);
  const current = auth.role?.userRoleId ?? null;
  return { ...result, roles: result.roles.map((r) => ({ ...r, checked: r.userRoleId === current })) };
};
