/**
 * Boss permission (getStoreAuthority, its result poll, authorizeLogin) and the approval center.
 * The browser that applied gets an HttpOnly cookie naming its application; authorizeLogin asks
 * for it, so knowing a user id and an approval number is not enough to sign in as a boss.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { AUTH_API } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BizError } from '../../platform/errors';
import { route, WithMessage } from '../../platform/route';
import { readSessionToken, setSessionCookie } from '../../platform/session';
import { issueTicket, openTicket } from '../../platform/tickets';
import { loginResult } from '../auth/account';
import { noRoleRefusals } from '../auth/login';
import { applyForBossAuthority, authorizeLogin, bossAuthorityResult, noRoleRefusal } from './bossAuthority';
import { approvalDetail, decideApproval, listApprovals, pendingCount } from './service';

/** The applying browser's proof, sent only to authorizeLogin. */
export const APPLICANT_COOKIE = 'zb_sp';
const APPLICANT_COOKIE_DAYS = 30;

interface ApplicantProof {
  userId: number;
  spNo: string;
}

const setApplicantCookie = (reply: FastifyReply, proof: ApplicantProof): void => {
  const ttl = APPLICANT_COOKIE_DAYS * 86_400;
  reply.setCookie(APPLICANT_COOKIE, issueTicket(reply.server.cipher, 'bossAuthority', proof, ttl), {
    httpOnly: true,
    sameSite: 'lax',
    path: AUTH_API.authorizeLogin.path,
    secure: reply.server.config.secureCookie,
    maxAge: ttl,
  });
};

const assertApplicant = (req: FastifyRequest, expected: ApplicantProof): void => {
  const raw = req.cookies[APPLICANT_COOKIE];
  const proof = raw ? openTicket<Partial<ApplicantProof>>(req.server.cipher, raw, 'bossAuthority') : null;
  if (proof?.data.userId !== expected.userId || proof.data.spNo !== expected.spNo) {
    throw new BizError(ERR.APPROVAL_NOT_USABLE, '请在提交申请的浏览器中登录，或使用账号密码重新登录');
  }
};

export const approvalRoutes = async (app: FastifyInstance) => {
  noRoleRefusals.register(noRoleRefusal);

  route(app, AUTH_API.getStoreAuthority, async ({ query }, { db, reply }) => {
    const { spNo } = await applyForBossAuthority(db, app.cipher, query);
    setApplicantCookie(reply, { userId: query.userId, spNo });
    return new WithMessage({ spNo }, spNo);
  });

  route(app, AUTH_API.getStoreAuthorityResult, ({ query }, { db }) => bossAuthorityResult(db, query.spNo));

  route(app, AUTH_API.authorizeLogin, async ({ query }, { db, req, reply }) => {
    assertApplicant(req, query);
    const { user, token } = await authorizeLogin(db, query, readSessionToken(req));
    req.actorId = user.id;
    setSessionCookie(reply, token);
    reply.clearCookie(APPLICANT_COOKIE, { path: AUTH_API.authorizeLogin.path });
    return loginResult(db, user);
  });

  route(app, APPROVAL_API.list, ({ query }, { db, signedIn }) => listApprovals(db, signedIn(), query));

  route(app, APPROVAL_API.detail, ({ params }, { db, signedIn }) =>
    approvalDetail(db, signedIn(), (params as { id: number }).id),
  );

  route(app, APPROVAL_API.decide, ({ body }, { db, signedIn }) => decideApproval(db, signedIn(), body));

  route(app, APPROVAL_API.pendingCount, (_input, { db, signedIn }) => pendingCount(db, signedIn()));
};
