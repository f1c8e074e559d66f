/**
 * The local WeCom simulator under /wxsim: the same endpoints and wire protocol as WeCom's web
 * login (gettoken, auth/getuserinfo, the qrConnect page) plus the confirm and qrStatus calls that
 * stand in for scanning with a phone. Answers are WeCom's (`{errcode: number, errmsg}`), not the
 * envelope. Public routes, declared like every route.
 */
import { PUBLIC } from '@zb/contract/api/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WECOM } from './client';
import { type ConfirmFields, directoryPage, messagePage } from './simulatorPage';
import { checkToken, confirmState, directory, issueToken, redeemCode, statusOf, touchState } from './simulatorStore';

export const SIM_PREFIX = '/wxsim';
export const SIM_PATHS = {
  gettoken: `${SIM_PREFIX}/cgi-bin/gettoken`,
  getuserinfo: `${SIM_PREFIX}/cgi-bin/auth/getuserinfo`,
  qrConnect: `${SIM_PREFIX}/wwopen/sso/qrConnect`,
  confirm: `${SIM_PREFIX}/wwopen/sso/confirm`,
  qrStatus: `${SIM_PREFIX}/wwopen/sso/qrStatus`,
} as const;

const config = { access: PUBLIC, accountVersion: false };

const STATE = /^[A-Za-z0-9_-]{1,128}$/;

/** A single string parameter from the query or a form body; '' when absent or repeated. */
const param = (source: unknown, name: string): string => {
  const v = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : '';
};

const wecom = (reply: FastifyReply, errcode: number, errmsg: string, extra: Record<string, unknown> = {}) =>
  reply.header('cache-control', 'no-store').send({ errcode, errmsg, ...extra });

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

export const wxworkSimulator = async (app: FastifyInstance) => {
  const { corpId, agentId, secret } = app.config.wxwork;
  const db = app.db;

  // The confirm buttons post a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(SIM_PATHS.gettoken, { config }, async (req, reply) => {
    if (param(req.query, 'corpid') !== corpId) return wecom(reply, WECOM.INVALID_CORPID, 'invalid corpid');
    if (param(req.query, 'corpsecret') !== secret) return wecom(reply, WECOM.BAD_SECRET, 'invalid credential');
    const token = await issueToken(db, corpId);
    return wecom(reply, WECOM.OK, 'ok', { access_token: token, expires_in: 7200 });
  });

  app.get(SIM_PATHS.getuserinfo, { config }, async (req, reply) => {
    const check = await checkToken(db, param(req.query, 'access_token'), corpId);
    if (check === 'invalid') return wecom(reply, WECOM.INVALID_TOKEN, 'invalid access_token');
    if (check === 'expired') return wecom(reply, WECOM.TOKEN_EXPIRED, 'access_token expired');
    const code = param(req.query, 'code');
    const userid = code ? await redeemCode(db, code) : null;
    if (!userid) return wecom(reply, WECOM.INVALID_CODE, 'invalid code');
    return wecom(reply, WECOM.OK, 'ok', { userid });
  });

  const fieldsOf = (source: unknown): ConfirmFields | string => {
    const f: ConfirmFields = {
      appid: param(source, 'appid'),
      agentid: param(source, 'agentid'),
      redirectUri: param(source, 'redirect_uri'),
      state: param(source, 'state'),
    };
    if (f.appid !== corpId || f.agentid !== agentId) return '参数错误：appid 或 agentid 与企业应用不符';
    if (!STATE.test(f.state)) return '参数错误：state 无效';
    return f;
  };

  app.get(SIM_PATHS.qrConnect, { config }, async (req: FastifyRequest, reply) => {
    const fields = fieldsOf(req.query);
    if (typeof fields === 'string') return html(reply, 400, messagePage(fields, 'err'));
    const status = statusOf(await touchState(db, fields.state));
    if (status.status === 'expired') return html(reply, 200, messagePage('二维码已失效，请在登录页刷新二维码', 'err'));
    if (status.status === 'confirmed') return html(reply, 200, messagePage('已确认，请回到登录页', 'ok'));
    return html(reply, 200, directoryPage(await directory(db), SIM_PATHS.confirm, fields));
  });

  app.post(SIM_PATHS.confirm, { config }, async (req, reply) => {
    const fields = fieldsOf(req.body);
    if (typeof fields === 'string') return html(reply, 400, messagePage(fields, 'err'));
    const outcome = await confirmState(db, fields.state, param(req.body, 'userid'));
    switch (outcome) {
      case 'confirmed':
        return html(reply, 200, messagePage('已确认，请回到登录页', 'ok'));
      case 'alreadyConfirmed':
        return html(reply, 200, messagePage('该二维码已确认过，请回到登录页', 'ok'));
      case 'expired':
        return html(reply, 200, messagePage('二维码已失效，请在登录页刷新二维码', 'err'));
      case 'unknownPerson':
        return html(reply, 400, messagePage('通讯录中没有该成员', 'err'));
    }
  });

  // Asked by the login page, which may be served from another origin than the simulator.
  app.get(SIM_PATHS.qrStatus, { config }, async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    const state = param(req.query, 'state');
    if (!STATE.test(state)) return reply.code(400).send({ errcode: 40058, errmsg: 'invalid state' });
    return reply.header('cache-control', 'no-store').send(statusOf(await touchState(db, state)));
  });
};
