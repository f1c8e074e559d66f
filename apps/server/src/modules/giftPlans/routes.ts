/** 赠送方案 (/giftsList, /giftsDetail, issue 16): the plans, their gifts, 提交审核, 停用, and the gifts bills take. */
import { GIFT_PLAN_API } from '@zb/contract/entities/giftPlan';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { campaignRoutes } from '../approvals/campaigns';
import { billGifts } from '../bills/service';
import { transactionGiftBinding } from './reports';
import { giftCoupons, giftPlanBinding, giftPlanLifecycle, giftRecordBinding, planGifts, recordGifts } from './service';

/** The hook a bill's gifts come from (the app and the demo seed register it). */
export const GIFT_HOOK = { gifts: planGifts, given: recordGifts };

export const giftPlanRoutes = async (app: FastifyInstance) => {
  billGifts.register(GIFT_HOOK);
  registerResource(app, giftPlanBinding);
  registerResource(app, giftRecordBinding);
  campaignRoutes(app, GIFT_PLAN_API, giftPlanLifecycle, '赠送方案');
  route(app, GIFT_PLAN_API.coupons, (_i, { db }) => giftCoupons(db));
  registerReport(app, transactionGiftBinding);
};
