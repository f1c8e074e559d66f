/** Sign-in, session and account calls of SPEC §7.1, at their exact methods and paths. */
import { AUTH_API } from '@zb/contract/api/auth';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requestEvent } from '../../platform/events/plugin';
import { type RequestContext, route } from '../../platform/route';
import { clearSessionCookie, deleteSession, readSessionToken } from '../../platform/session';
import { adminResources, loginInfo, modifyPassword, scrmStoreCount, selectRole } from './account';
import { type LoginInput, passwordLogin } from './login';
import { areaCode } from './schema';
import { saveShortcuts, shortcutList, shortcutTree } from './shortcuts';
import { sessionUser, withSignInEvent } from './signInEvents';
import { ticketRoutes } from './ticketRoutes';
import { answerSignedIn } from './ticketSession';

/** Signs in with account and password, sets the session cookie and answers the login result. */
export const signIn = (input: LoginInput, ctx: RequestContext, how = '账号密码') =>
  withSignInEvent(ctx, input.user, how, async () =>
    answerSignedIn(await passwordLogin(ctx.db, input, readSessionToken(ctx.req), ctx.req.server.cipher), ctx),
  );

export const authRoutes = async (app: FastifyInstance) => {
  route(app, AUTH_API.login, ({ body }, ctx) => signIn(body, ctx));

  route(app, AUTH_API.logout, async (_input, { db, req, reply }) => {
    const token = readSessionToken(req);
    if (token) {
      const user = await sessionUser(db, token);
      await deleteSession(db, token);
      if (user) {
        req.actorId = user.id;
        await requestEvent(req, {
          level: 'info',
          kind: 'logout',
          message: '退出登录',
          userId: user.id,
          loginName: user.loginName,
        });
      }
    }
    clearSessionCookie(reply);
    return null;
  });

  route(app, AUTH_API.loginInfo, (_input, { db, signedIn }) => loginInfo(db, signedIn()));

  route(app, AUTH_API.getRResources, (_input, { db }) => adminResources(db));

  route(app, AUTH_API.selectHierRole, ({ params }, { db, signedIn }) =>
    selectRole(db, signedIn(), (params as { userRoleId: number }).userRoleId),
  );

  route(app, AUTH_API.synDWRole, (_input, { db, signedIn }) => scrmStoreCount(db, signedIn().scope));

  route(app, AUTH_API.modifyPassword, ({ body }, { db, signedIn }) => modifyPassword(db, signedIn(), body));

  route(app, AUTH_API.shortcutTree, ({ query }, { db, signedIn }) => shortcutTree(db, signedIn(), query.roleId));

  route(app, AUTH_API.shortcutList, ({ query }, { db, signedIn }) => shortcutList(db, signedIn(), query.roleId));

  route(app, AUTH_API.saveShortcuts, ({ body }, { db, signedIn }) => saveShortcuts(db, signedIn(), body));

  ticketRoutes(app);

  route(app, AUTH_API.areaCodes, (_input, { db }) =>
    db
      .select({ areaCode: areaCode.areaCode, name: areaCode.name, def: areaCode.def })
      .from(areaCode)
      .orderBy(asc(areaCode.id)),
  );
};
