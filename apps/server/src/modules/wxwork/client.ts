/**
 * HTTP client of WeCom's (企业微信) web-login protocol: gettoken (cached until it expires) and
 * auth/getuserinfo. The same code talks to the real WeCom and to the local simulator.
 */
import { ERR, WXWORK_LOGIN_ABNORMAL } from '@zb/contract/errcodes';
import { BizError } from '../../platform/errors';

/** WeCom's own errcodes this client tells apart. */
export const WECOM = {
  OK: 0,
  BAD_SECRET: 40001,
  INVALID_CORPID: 40013,
  INVALID_TOKEN: 40014,
  INVALID_CODE: 40029,
  TOKEN_EXPIRED: 42001,
  /** Not WeCom's: the call did not get an answer (network, timeout, not JSON). */
  UNREACHABLE: -1,
} as const;

export class WecomError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeCom ${errcode}: ${errmsg}`);
    this.name = 'WecomError';
  }
}

export interface WecomClientOptions {
  /** The API base, e.g. https://qyapi.weixin.qq.com or http://127.0.0.1:8080/wxsim; read per call. */
  base: () => string;
  corpId: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

interface WecomAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  userid?: string;
}

/** A token is refetched this long before WeCom says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class WecomClient {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: WecomClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
  }

  private async get(path: string, query: Record<string, string>): Promise<WecomAnswer> {
    const url = `${this.opts.base()}${path}?${new URLSearchParams(query).toString()}`;
    let body: unknown;
    try {
      const res = await this.fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5_000) });
      body = await res.json();
    } catch (e) {
      throw new WecomError(WECOM.UNREACHABLE, e instanceof Error ? e.message : String(e));
    }
    if (!body || typeof body !== 'object') throw new WecomError(WECOM.UNREACHABLE, 'answer is not a JSON object');
    const answer = body as WecomAnswer;
    const errcode = typeof answer.errcode === 'number' ? answer.errcode : WECOM.OK;
    if (errcode !== WECOM.OK) throw new WecomError(errcode, answer.errmsg ?? '');
    return answer;
  }

  /** The access token, fetched once and kept until shortly before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const answer = await this.get('/cgi-bin/gettoken', { corpid: this.opts.corpId, corpsecret: this.opts.secret });
    if (!answer.access_token) throw new WecomError(WECOM.UNREACHABLE, 'gettoken answered no access_token');
    const lifetimeMs = (answer.expires_in ?? 7200) * 1000;
    this.token = { value: answer.access_token, expiresAt: this.now() + lifetimeMs - TOKEN_MARGIN_MS };
    return this.token.value;
  }

  /** The WeCom userid a QR sign-in code names; the token is refetched once if WeCom says it is stale. */
  async userIdOf(code: string): Promise<string> {
    const ask = async () => this.get('/cgi-bin/auth/getuserinfo', { access_token: await this.accessToken(), code });
    let answer: WecomAnswer;
    try {
      answer = await ask();
    } catch (e) {
      const stale = e instanceof WecomError && (e.errcode === WECOM.INVALID_TOKEN || e.errcode === WECOM.TOKEN_EXPIRED);
      if (!stale) throw e;
      this.token = null;
      answer = await ask();
    }
    // A person outside the corp's directory gets an openid, never a userid.
    if (!answer.userid) throw new WecomError(WECOM.INVALID_CODE, 'no userid: not a member of the corp');
    return answer.userid;
  }
}

const ABNORMAL = (detail: string) => `${WXWORK_LOGIN_ABNORMAL}：${detail}`;

/** What the user is told for a WeCom failure; every one carries 企业微信登录异常 (SPEC §8). */
export const wecomFailureText = (errcode: number): string => {
  switch (errcode) {
    case WECOM.INVALID_CODE:
      return ABNORMAL('二维码已失效，请重新扫码');
    case WECOM.BAD_SECRET:
      return ABNORMAL('应用 Secret 配置有误，请联系管理员（40001）');
    case WECOM.INVALID_CORPID:
      return ABNORMAL('企业 ID 配置有误，请联系管理员（40013）');
    case WECOM.INVALID_TOKEN:
    case WECOM.TOKEN_EXPIRED:
      return ABNORMAL(`访问凭证无效，请稍后重试（${errcode}）`);
    case WECOM.UNREACHABLE:
      return ABNORMAL('无法连接企业微信，请稍后重试');
    default:
      return ABNORMAL(`企业微信返回错误（${errcode}），请稍后重试`);
  }
};

export const wecomFailure = (e: WecomError): BizError =>
  new BizError(ERR.WXWORK_LOGIN_FAILED, wecomFailureText(e.errcode));
