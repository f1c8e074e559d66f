/**
 * 优惠券 (issue 16): /couponsManagement's templates, steps and 发放, /couponsResend's failures,
 * /couponDelayManage's coupons and 延期 applications, and the member's /coupon tab (report view).
 */
import { COUPON_API } from '@zb/contract/entities/coupon';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { crowdChoices, crowdLiveCount, issueProgress } from './crowdIssue';
import { COUPON_REPORT_BINDINGS } from './reports';
import {
  applyDelay,
  couponFailureBinding,
  couponTemplateBinding,
  issueFromConsole,
  listDelays,
  memberCouponBinding,
  moveTemplate,
} from './service';

export const couponRoutes = async (app: FastifyInstance) => {
  const api = COUPON_API;
  route(app, api.submit, ({ body }, { db, signedIn }) => moveTemplate(db, signedIn(), 'submit', body.id));
  route(app, api.approve, ({ body }, { db, signedIn }) => moveTemplate(db, signedIn(), 'approve', body.id));
  route(app, api.reject, ({ body }, { db, signedIn }) => moveTemplate(db, signedIn(), 'reject', body.id, body.reason));
  route(app, api.disable, ({ body }, { db, signedIn }) => moveTemplate(db, signedIn(), 'disable', body.id));
  route(app, api.issue, ({ body }, { db, signedIn }) => issueFromConsole(db, signedIn(), body));
  route(app, api.progress, ({ query }, { db }) => issueProgress(db, query.id));
  route(app, api.crowds, (_, { db }) => crowdChoices(db));
  route(app, api.crowdCount, ({ query }, { db, signedIn }) => crowdLiveCount(db, signedIn(), query.crowdId));
  route(app, api.applyDelay, ({ body }, { db, signedIn }) => applyDelay(db, signedIn(), body));
  route(app, api.delays, ({ query }, { db }) => listDelays(db, query));
  registerResource(app, couponTemplateBinding);
  registerResource(app, memberCouponBinding);
  registerResource(app, couponFailureBinding);
  for (const b of COUPON_REPORT_BINDINGS) registerReport(app, b);
};
