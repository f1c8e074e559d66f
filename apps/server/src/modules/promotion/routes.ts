/** 推广方案 (/promotionList, /promotionDetail, issue 16): the plans, their referrals, 提交审核, 停用, and the open API's referral. */
import { openReferralBody, PROMOTION_API } from '@zb/contract/entities/promotion';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { campaignRoutes } from '../approvals/campaigns';
import { billWritten } from '../bills/service';
import { openRoute } from '../openApi/types';
import {
  decideOnFirstBill,
  promotionBinding,
  promotionLifecycle,
  referralBinding,
  registerReferral,
  rewardCoupons,
} from './service';

export const promotionRoutes = async (app: FastifyInstance) => {
  billWritten.register(decideOnFirstBill);
  registerResource(app, promotionBinding);
  registerResource(app, referralBinding);
  campaignRoutes(app, PROMOTION_API, promotionLifecycle, '推广方案');
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
