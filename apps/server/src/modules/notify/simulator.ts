/**
 * The built-in SMS provider (/smssim) and WeChat (/wxmpsim) simulators: the calls of client.ts in
 * the providers' own protocols. They accept what the real ones would, record each message they
 * accept in notifysim_message (what a phone or a WeChat user received), and refuse as the real
 * ones do: a wrong key or signature, a malformed phone, openid or template id. A test or the demo
 * makes one refuse its next calls as an outage would with `failNextSends`. Public routes, as the
 * providers' are; WeChat tokens are signed, so the simulator keeps no token state.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PUBLIC } from '@zb/contract/api/endpoint';
import type { NotifyChannel } from '@zb/contract/entities/notify';
import {
  nameWidth,
  WX_MENU_SUB_MAX,
  WX_MENU_SUB_WIDTH,
  WX_MENU_TOP_MAX,
  WX_MENU_TOP_WIDTH,
} from '@zb/contract/entities/wxMenu';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotifyConfig } from '../../config';
import type { Db } from '../../db/client';
import { smsSignature } from './client';
import { notifysimFault, notifysimMenu, notifysimMessage } from './schema';

export const SMSSIM_PREFIX = '/smssim';
export const WXSIM_PREFIX = '/wxmpsim';
/** The bases the in-process fetch answers on (the job and the seed have no listening server). */
export const SMSSIM_IN_PROCESS_BASE = `http://smssim.local${SMSSIM_PREFIX}`;
export const WXSIM_IN_PROCESS_BASE = `http://wxmpsim.local${WXSIM_PREFIX}`;

const TOKEN_SECONDS = 7200;
const PHONE = /^1[3-9]\d{9}$/;
const OPENID = /^o[A-Za-z0-9_-]{20,40}$/;
const WX_TEMPLATE_ID = /^[A-Za-z0-9_-]{10,64}$/;

type Answer = { status: number; json: Record<string, unknown> };
const ok = (json: Record<string, unknown>): Answer => ({ status: 200, json });

const asRecord = (body: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** One fault of the channel used, if one is set: the code to answer. */
const takeFault = async (db: Db, channel: NotifyChannel): Promise<string | null> => {
  const [row] = await db
    .update(notifysimFault)
    .set({ failNext: sql`${notifysimFault.failNext} - 1` })
    .where(sql`${notifysimFault.channel} = ${channel} and ${notifysimFault.failNext} > 0`)
    .returning({ code: notifysimFault.code });
  return row?.code ?? null;
};

/** The next `count` sends of a channel are refused with `code` (an outage), for tests and the demo. */
export const failNextSends = async (db: Db, channel: NotifyChannel, count: number, code: string) => {
  await db
    .insert(notifysimFault)
    .values({ channel, failNext: count, code })
    .onConflictDoUpdate({ target: notifysimFault.channel, set: { failNext: count, code } });
};

const record = async (db: Db, channel: NotifyChannel, recipient: string, templateId: string, params: unknown) => {
  const [row] = await db
    .insert(notifysimMessage)
    .values({ channel, recipient, templateId, params })
    .returning({ id: notifysimMessage.id });
  return row!.id;
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const simulateSms = async (
  db: Db,
  cfg: NotifyConfig,
  call: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<Answer> => {
  const refuse = (Code: string, Message: string) => ok({ Code, Message, RequestId: 'SIM' });
  if (call !== 'sms/send') return { status: 404, json: { Code: 'InvalidAction.NotFound', Message: '接口不存在' } };
  if (headers['x-acs-accesskey-id'] !== cfg.smsAccessKeyId)
    return refuse('InvalidAccessKeyId.NotFound', 'AccessKeyId 不存在');
  if (!sameText(headers['x-acs-signature'] ?? '', smsSignature(cfg.smsAccessKeySecret, rawBody))) {
    return refuse('SignatureDoesNotMatch', '签名不正确');
  }
  const body = asRecord(rawBody);
  if (!body) return refuse('isv.INVALID_PARAMETERS', '请求体不是 JSON 对象');
  const { PhoneNumbers: phone, SignName: sign, TemplateCode: code, TemplateParam: param } = body;
  if (typeof phone !== 'string' || !PHONE.test(phone)) return refuse('isv.MOBILE_NUMBER_ILLEGAL', '手机号码格式错误');
  if (typeof sign !== 'string' || !/^[\u4e00-\u9fa5A-Za-z0-9]{2,12}$/.test(sign)) {
    return refuse('isv.SMS_SIGNATURE_ILLEGAL', '签名不合法');
  }
  if (typeof code !== 'string' || !/^SMS_\d{4,20}$/.test(code)) return refuse('isv.SMS_TEMPLATE_ILLEGAL', '模板不合法');
  const params = typeof param === 'string' ? asRecord(param) : null;
  if (!params) return refuse('isv.INVALID_JSON_PARAM', 'TemplateParam 不是 JSON 对象');
  const fault = await takeFault(db, 'sms');
  if (fault) return refuse(fault, '模拟的服务商故障');
  const id = await record(db, 'sms', phone, code, { sign, ...params });
  return ok({ Code: 'OK', Message: 'OK', BizId: `SIM${id}`, RequestId: `SIM-${id}` });
};

const tokenSign = (secret: string, appId: string, expires: number) =>
  createHmac('sha256', secret).update(`${appId}.${expires}`).digest('hex');

/** The app of a token, when it is one the simulator gave and still good. */
const tokenApp = (cfg: NotifyConfig, token: string | undefined, nowMs: number): 'mp' | 'mini' | null => {
  const m = /^([A-Za-z0-9]+)\.(\d+)\.([0-9a-f]{64})$/.exec(token ?? '');
  if (!m) return null;
  const expires = Number(m[2]);
  if (expires * 1000 <= nowMs) return null;
  const app = m[1] === cfg.mpAppId ? 'mp' : m[1] === cfg.miniAppId ? 'mini' : null;
  if (!app) return null;
  const secret = app === 'mp' ? cfg.mpSecret : cfg.miniSecret;
  return sameText(m[3]!, tokenSign(secret, m[1]!, expires)) ? app : null;
};

export const simulateWx = async (
  db: Db,
  cfg: NotifyConfig,
  call: string,
  query: URLSearchParams,
  rawBody: string,
  nowMs = Date.now(),
): Promise<Answer> => {
  const err = (errcode: number, errmsg: string) => ok({ errcode, errmsg });
  if (call === 'cgi-bin/token') {
    const appid = query.get('appid');
    const app = appid === cfg.mpAppId ? 'mp' : appid === cfg.miniAppId ? 'mini' : null;
    if (!app) return err(40013, 'invalid appid');
    if (query.get('secret') !== (app === 'mp' ? cfg.mpSecret : cfg.miniSecret)) return err(40125, 'invalid appsecret');
    const secret = app === 'mp' ? cfg.mpSecret : cfg.miniSecret;
    const expires = Math.floor(nowMs / 1000) + TOKEN_SECONDS;
    return ok({ access_token: `${appid}.${expires}.${tokenSign(secret, appid!, expires)}`, expires_in: TOKEN_SECONDS });
  }
  if (call === 'cgi-bin/menu/create') {
    if (tokenApp(cfg, query.get('access_token') ?? undefined, nowMs) !== 'mp') return err(40001, 'invalid credential');
    const menu = asRecord(rawBody);
    const problem = menu ? menuProblem(menu) : ([47001, 'data format error'] as const);
    if (problem) return err(problem[0], problem[1]);
    await db
      .insert(notifysimMenu)
      .values({ id: 1, menu })
      .onConflictDoUpdate({ target: notifysimMenu.id, set: { menu, createdAt: new Date(nowMs) } });
    return err(0, 'ok');
  }
  const want =
    call === 'cgi-bin/message/template/send' ? 'mp' : call === 'cgi-bin/message/subscribe/send' ? 'mini' : null;
  if (!want) return { status: 404, json: { errcode: 404, errmsg: 'api not found' } };
  if (tokenApp(cfg, query.get('access_token') ?? undefined, nowMs) !== want) return err(40001, 'invalid credential');
  const body = asRecord(rawBody);
  if (!body) return err(47001, 'data format error');
  const { touser, template_id: templateId, data } = body;
  if (typeof touser !== 'string' || !OPENID.test(touser)) return err(40003, 'invalid openid');
  if (typeof templateId !== 'string' || !WX_TEMPLATE_ID.test(templateId)) return err(40037, 'invalid template_id');
  if (!data || typeof data !== 'object' || Array.isArray(data)) return err(47003, 'argument invalid! data');
  const channel: NotifyChannel = want === 'mp' ? 'wxTemplate' : 'wxSubscribe';
  if (await takeFault(db, channel)) return err(-1, 'system error');
  const id = await record(db, channel, touser, templateId, data);
  return ok({ errcode: 0, errmsg: 'ok', msgid: id });
};

/** What WeChat refuses in a menu (its own limits and codes), or null. */
const menuProblem = (menu: Record<string, unknown>): readonly [number, string] | null => {
  const buttons = menu.button;
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > WX_MENU_TOP_MAX) {
    return [40016, 'invalid button size'];
  }
  const action = (b: Record<string, unknown>): readonly [number, string] | null => {
    if (b.type === 'click')
      return typeof b.key === 'string' && b.key.length > 0 && b.key.length <= 128
        ? null
        : [40019, 'invalid button key size'];
    if (b.type === 'view')
      return typeof b.url === 'string' && /^https?:\/\//.test(b.url) ? null : [40055, 'invalid button url domain'];
    if (b.type === 'miniprogram') {
      return typeof b.appid === 'string' && typeof b.pagepath === 'string' && typeof b.url === 'string'
        ? null
        : [40027, 'invalid sub button url size'];
    }
    return [40017, 'invalid button type'];
  };
  for (const raw of buttons) {
    const b = (raw ?? {}) as Record<string, unknown>;
    if (typeof b.name !== 'string' || !b.name || nameWidth(b.name) > WX_MENU_TOP_WIDTH)
      return [40018, 'invalid button name size'];
    if (Array.isArray(b.sub_button) && b.sub_button.length > 0) {
      if (b.sub_button.length > WX_MENU_SUB_MAX) return [40023, 'invalid sub button size'];
      for (const rawSub of b.sub_button) {
        const sub = (rawSub ?? {}) as Record<string, unknown>;
        if (typeof sub.name !== 'string' || !sub.name || nameWidth(sub.name) > WX_MENU_SUB_WIDTH) {
          return [40025, 'invalid sub button name size'];
        }
        const p = action(sub);
        if (p) return p;
      }
    } else {
      const p = action(b);
      if (p) return p;
    }
  }
  return null;
};

/** The menu WeChat holds now (tests, the demo). */
export const simMenu = async (db: Db): Promise<unknown> =>
  (await db.select().from(notifysimMenu).where(eq(notifysimMenu.id, 1)))[0]?.menu ?? null;

/** The simulators as a `fetch`, in process: for the job and the seed, which have no listening server. */
export const notifySimulatorFetch =
  (db: Db, cfg: NotifyConfig): typeof fetch =>
  async (input, init) => {
    const url = new URL(String(input));
    const body = String(init?.body ?? '');
    const out = url.pathname.startsWith(SMSSIM_PREFIX)
      ? await simulateSms(
          db,
          cfg,
          url.pathname.slice(SMSSIM_PREFIX.length + 1),
          Object.fromEntries(new Headers(init?.headers).entries()),
          body,
        )
      : await simulateWx(db, cfg, url.pathname.slice(WXSIM_PREFIX.length + 1), url.searchParams, body);
    return new Response(JSON.stringify(out.json), {
      status: out.status,
      headers: { 'content-type': 'application/json' },
    });
  };

/** What the simulators accepted for a recipient, newest first (tests, the demo). */
export const simInbox = (db: Db, recipient: string) =>
  db
    .select()
    .from(notifysimMessage)
    .where(eq(notifysimMessage.recipient, recipient))
    .orderBy(sql`${notifysimMessage.id} desc`);

const config = { access: PUBLIC, accountVersion: false };

export const notifySimulators = async (app: FastifyInstance) => {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const headersOf = (h: Record<string, string | string[] | undefined>) =>
      Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])) as Record<
        string,
        string | undefined
      >;
    scope.post(`${SMSSIM_PREFIX}/*`, { config }, async (req, reply) => {
      const { '*': call } = req.params as { '*': string };
      const body = typeof req.body === 'string' ? req.body : '';
      const out = await simulateSms(app.db, app.config.notify, call, headersOf(req.headers), body);
      return reply.code(out.status).header('cache-control', 'no-store').send(out.json);
    });
    const wx = async (req: { params: unknown; url: string; body: unknown }) => {
      const { '*': call } = req.params as { '*': string };
      const query = new URL(req.url, 'http://x').searchParams;
      return simulateWx(app.db, app.config.notify, call, query, typeof req.body === 'string' ? req.body : '');
    };
    scope.get(`${WXSIM_PREFIX}/*`, { config }, async (req, reply) => {
      const out = await wx(req);
      return reply.code(out.status).header('cache-control', 'no-store').send(out.json);
    });
    scope.post(`${WXSIM_PREFIX}/*`, { config }, async (req, reply) => {
      const out = await wx(req);
      return reply.code(out.status).header('cache-control', 'no-store').send(out.json);
    });
  });
};
