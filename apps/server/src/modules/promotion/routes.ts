/** 推广方案 (/promotionList, /promotionDetail, issue 16): the plans, their referrals, 提交审核, 停用, and the open API's referral. */
import { openReferralBody, PROMOTION_API } from '@zb/contract/entities/promotion';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { billWritten } from '../bills/service';
import { openRoute } from '../openApi/types';
import {
  decideOnFirstBill,
  disablePromotion,
  promotionBinding,
  referralBinding,
  registerReferral,
  rewardCoupons,
  submitPromotion,
} from './service';

export const promotionRoutes = async (app: FastifyInstance) => {
  billWritten.register(decideOnFirstBill);
  registerResource(app, promotionBinding);
  registerResource(app, referralBinding);
  route(app, PROMOTION_API.submit, async ({ body }, { db, signedIn }) => {
    const r = await submitPromotion(db, signedIn(), body.id);
    return new WithMessage(r, `已提交审核（${r.spNo}），请在审批中心处理`);
  });
  route(
    app,
    PROMOTION_API.disable,
    async ({ body }, { db, signedIn }) =>
      new WithMessage(await disablePromotion(db, signedIn(), body.id), '推广方案已停用'),
  );
  route(app, PROMOTION_API.coupons, (_i, { db }) => rewardCoupons(db));
};

export const PROMOTION_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.referrals,
    body: openReferralBody,
    kinds: ['mini'],
    handle: (db, caller, body) => registerReferral(db, caller, body),
  }),
];
