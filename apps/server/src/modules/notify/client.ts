/**
 * HTTP clients of the two providers members are told through. The same code talks to the real
 * provider and to the built-in simulator (simulator.ts); docs/notify.md gives the protocols.
 *
 * SMS (阿里云短信's SendSms, as JSON): `POST {base}/sms/send` with the headers
 * `x-acs-accesskey-id` and `x-acs-signature` (hex HMAC-SHA256 of the body under the secret) and
 * `{ PhoneNumbers, SignName, TemplateCode, TemplateParam }` (TemplateParam a JSON string) answers
 * `{ Code: "OK", Message, BizId, RequestId }`, or another Code: `isp.*` is the provider's own
 * trouble (worth a retry), `isv.*` and `InvalidAccessKeyId.*` are refusals of this message.
 *
 * WeChat (公众号 and 小程序 alike): `GET {base}/cgi-bin/token?grant_type=client_credential&appid&secret`
 * answers `{ access_token, expires_in }`; `POST {base}/cgi-bin/message/template/send?access_token=`
 * with `{ touser, template_id, url?, data: { key: { value } } }` and
 * `POST {base}/cgi-bin/message/subscribe/send?access_token=` with `{ touser, template_id, page?, data }`
 * answer `{ errcode: 0, errmsg: "ok", msgid? }`. errcode -1 (busy) is worth a retry; 40001 and
 * 42001 (token) fetch a token again, once; anything else refuses the message.
 */
import { createHmac } from 'node:crypto';

/** What a provider made of one message. */
export type SendOutcome =
  | { ok: true; code: string; providerId: string | null }
  /** `retry`: the provider's own trouble or no answer, worth trying again later. */
  | { ok: false; code: string; detail: string; retry: boolean };

const UNREACHABLE = 'UNREACHABLE';

interface BaseOptions {
  base: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const unreachable = (e: unknown): SendOutcome => ({
  ok: false,
  code: UNREACHABLE,
  detail: `服务商无法连接：${e instanceof Error ? e.message : String(e)}`,
  retry: true,
});

const jsonOf = async (res: Response): Promise<Record<string, unknown> | null> => {
  try {
    const v = (await res.json()) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export interface SmsClientOptions extends BaseOptions {
  accessKeyId: string;
  accessKeySecret: string;
}

export const smsSignature = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export class SmsClient {
  private readonly fetch: typeof fetch;
  constructor(private readonly opts: SmsClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
  }

  async send(m: {
    phone: string;
    signName: string;
    templateCode: string;
    params: Record<string, string>;
  }): Promise<SendOutcome> {
    const body = JSON.stringify({
      PhoneNumbers: m.phone,
      SignName: m.signName,
      TemplateCode: m.templateCode,
      TemplateParam: JSON.stringify(m.params),
    });
    let res: Response;
    try {
      res = await this.fetch(`${this.opts.base}/sms/send`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-acs-accesskey-id': this.opts.accessKeyId,
          'x-acs-signature': smsSignature(this.opts.accessKeySecret, body),
        },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      return unreachable(e);
    }
    const a = await jsonOf(res);
    const code = typeof a?.Code === 'string' ? a.Code : `HTTP${res.status}`;
    if (code === 'OK') return { ok: true, code, providerId: typeof a?.BizId === 'string' ? a.BizId : null };
    const detail = typeof a?.Message === 'string' ? a.Message : '服务商未说明原因';
    return { ok: false, code, detail, retry: code.startsWith('isp.') || res.status >= 500 || a === null };
  }
}

export interface WxClientOptions extends BaseOptions {
  appId: string;
  secret: string;
  now?: () => number;
}

const TOKEN_MARGIN_MS = 60_000;
const WX_TOKEN_CODES = new Set([40001, 42001]);

export class WxClient {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: WxClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
  }

  private async call(url: string, init?: RequestInit): Promise<Record<string, unknown> | SendOutcome> {
    try {
      const res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
      const a = await jsonOf(res);
      if (!a) return { ok: false, code: `HTTP${res.status}`, detail: '微信返回的不是 JSON', retry: true };
      return a;
    } catch (e) {
      return unreachable(e);
    }
  }

  private async accessToken(): Promise<string | SendOutcome> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token.value;
    const q = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.opts.appId,
      secret: this.opts.secret,
    });
    const a = await this.call(`${this.opts.base}/cgi-bin/token?${q}`);
    if ('ok' in a && typeof a.ok === 'boolean') return a as SendOutcome;
    const r = a as Record<string, unknown>;
    if (typeof r.access_token !== 'string') {
      const code = Number(r.errcode ?? -1);
      return {
        ok: false,
        code: String(code),
        detail: `获取 access_token 失败：${String(r.errmsg ?? '')}`,
        retry: code === -1,
      };
    }
    this.token = { value: r.access_token, expiresAt: this.now() + Number(r.expires_in ?? 7200) * 1000 };
    return this.token.value;
  }

  private async post(path: string, payload: unknown, again = true): Promise<SendOutcome> {
    const token = await this.accessToken();
    if (typeof token !== 'string') return token;
    const a = await this.call(`${this.opts.base}${path}?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if ('ok' in a && typeof a.ok === 'boolean') return a as SendOutcome;
    const r = a as Record<string, unknown>;
    const code = Number(r.errcode ?? -1);
    if (code === 0) return { ok: true, code: '0', providerId: r.msgid === undefined ? null : String(r.msgid) };
    if (WX_TOKEN_CODES.has(code) && again) {
      this.token = null;
      return this.post(path, payload, false);
    }
    return { ok: false, code: String(code), detail: String(r.errmsg ?? '微信未说明原因'), retry: code === -1 };
  }

  /** 公众号模板消息. */
  sendTemplate(m: { openId: string; templateId: string; url: string | null; data: Record<string, string> }) {
    return this.post('/cgi-bin/message/template/send', {
      touser: m.openId,
      template_id: m.templateId,
      ...(m.url ? { url: m.url } : {}),
      data: Object.fromEntries(Object.entries(m.data).map(([k, value]) => [k, { value }])),
    });
  }

  /** The official account's menu (WeChat's own JSON: `button`, `sub_button`), replacing the one it has. */
  createMenu(menu: unknown) {
    return this.post('/cgi-bin/menu/create', menu);
  }

  /** 小程序订阅消息. */
  sendSubscribe(m: { openId: string; templateId: string; page: string | null; data: Record<string, string> }) {
    return this.post('/cgi-bin/message/subscribe/send', {
      touser: m.openId,
      template_id: m.templateId,
      ...(m.page ? { page: m.page } : {}),
      data: Object.fromEntries(Object.entries(m.data).map(([k, value]) => [k, { value }])),
    });
  }
}

/** The three adapters a send needs. */
export interface NotifyClients {
  sms: SmsClient;
  mp: WxClient;
  mini: WxClient;
}
