/** Routes of the role switch (switchRoleTicket, ticketLogin) and the quick login (ql=1). */
import { AUTH_API } from '@zb/contract/api/auth';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { readSessionToken } from '../../platform/session';
import { clearQuickLoginCookie, quickLogin, readQuickLoginCookie, setQuickLoginCookie } from './quickLogin';
import { issueSwitchTicket, ticketLogin } from './switch';
import { answerSignedIn } from './ticketSession';

export const ticketRoutes = (app: FastifyInstance): void => {
  route(app, AUTH_API.switchRoleTicket, ({ body }, { db, signedIn }) =>
    issueSwitchTicket(db, app.cipher, signedIn(), body.userRoleId),
  );

  route(app, AUTH_API.ticketLogin, async ({ body }, ctx) =>
    answerSignedIn(await ticketLogin(ctx.db, app.cipher, body, readSessionToken(ctx.req)), ctx),
  );

  route(app, AUTH_API.quickLoginCookie, (_input, { db, signedIn, reply }) =>
    setQuickLoginCookie(db, app.cipher, signedIn(), reply),
  );

  route(app, AUTH_API.quickLogin, async (_input, ctx) => {
    const cookie = readQuickLoginCookie(ctx.req);
    // Cleared before anything can fail: the cookie is good for one attempt, whatever its outcome.
    clearQuickLoginCookie(ctx.reply);
    return answerSignedIn(await quickLogin(ctx.db, app.cipher, cookie, readSessionToken(ctx.req)), ctx);
  });
};
