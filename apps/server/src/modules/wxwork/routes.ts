/**
 * WeCom (企业微信) sign-in calls (SPEC §7.1 centerWxwork) and the local simulator. The WeCom
 * client is shared by the app: its token cache serves every sign-in.
 */
import { AUTH_API, loginBody } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { fieldErrors } from '@zb/contract/rules';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BizError } from '../../platform/errors';
import { type RequestContext, route } from '../../platform/route';
import { readSessionToken } from '../../platform/session';
import { signIn } from '../auth/routes';
import { withSignInEvent } from '../auth/signInEvents';
import { answerSignedIn } from '../auth/ticketSession';
import { WECOM, WecomClient, WecomError } from './client';
import { codeLogin, loginAllInfo, wxworkInfo } from './service';
import { SIM_PREFIX, wxworkSimulator } from './simulator';

declare module 'fastify' {
  interface FastifyInstance {
    wecom: WecomClient;
  }
}

/** The built-in simulator's base on this server, known once it listens. */
const ownSimulatorBase = (app: FastifyInstance): string => {
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    throw new WecomError(WECOM.UNREACHABLE, 'the server is not listening: no built-in simulator to call');
  }
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${SIM_PREFIX}`;
};

/** wxworkLogin with a code. */
const wxworkCodeSignIn = async (code: string, ctx: RequestContext) => {
  const { req } = ctx;
  const signedIn = await codeLogin(ctx.db, req.server.wecom, {
    code,
    previousToken: readSessionToken(req),
    cipher: req.server.cipher,
    onWecomError: (e) => req.log.warn({ wecomErrcode: e.errcode, wecomErrmsg: e.errmsg }, 'wecom sign-in failed'),
  });
  return answerSignedIn(signedIn, ctx);
};

export const wxworkRoutes = fp(
  async (app) => {
    const cfg = app.config.wxwork;
    app.decorate(
      'wecom',
      new WecomClient({ base: () => cfg.apiBase ?? ownSimulatorBase(app), corpId: cfg.corpId, secret: cfg.secret }),
    );

    // WeCom sign-in: a QR code's `code`, or the account and password (auth's password sign-in).
    route(app, AUTH_API.wxworkLogin, ({ query }, ctx) => {
      if (query.code) return withSignInEvent(ctx, null, '企业微信扫码', () => wxworkCodeSignIn(query.code!, ctx));
      if (query.user === undefined || query.password === undefined) {
        throw new BizError(ERR.PARAM_INVALID, '请提供企业微信登录码（code）或账号密码');
      }
      const parsed = loginBody.safeParse({
        user: query.user,
        password: query.password,
        refresh: query.refresh === 'true',
      });
      if (!parsed.success) {
        throw new BizError(ERR.PARAM_INVALID, parsed.error.issues[0]?.message, { fields: fieldErrors(parsed.error) });
      }
      return signIn(parsed.data, ctx, '企业微信账号密码');
    });

    route(app, AUTH_API.wxworkInfo, (_input, { req }) => wxworkInfo(cfg, `${req.protocol}://${req.host}`));
    route(app, AUTH_API.loginAllInfo, (_input, { db, signedIn }) => loginAllInfo(db, signedIn()));

    // The real WeCom needs no simulator here; any simulator base (this instance's or another's) keeps it.
    if (cfg.apiBase === null || cfg.apiBase.endsWith(SIM_PREFIX)) await app.register(wxworkSimulator);
  },
  { name: 'wxwork' },
);
