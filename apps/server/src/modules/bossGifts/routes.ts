/** 老板赠送 (/bossGiftActList, /bossGiftActDetail, /bossGiftRecordList, /storeGiftCal, /giftsProject; issue 16). */
import { BOSS_GIFT_API } from '@zb/contract/entities/bossGift';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { campaignRoutes } from '../approvals/campaigns';
import { memberGiftsView, storeGiftCalBinding } from './reports';
import {
  bossGiftActBinding,
  bossGiftBudgets,
  bossGiftCoupons,
  bossGiftLifecycle,
  bossGiftRecordBinding,
  giveBossGift,
} from './service';

export const bossGiftRoutes = async (app: FastifyInstance) => {
  registerResource(app, bossGiftActBinding);
  registerResource(app, bossGiftRecordBinding);
  campaignRoutes(app, BOSS_GIFT_API, bossGiftLifecycle, '老板赠送活动');
  route(app, BOSS_GIFT_API.coupons, (_i, { db }) => bossGiftCoupons(db));
  route(app, BOSS_GIFT_API.budgets, ({ query }, { db, signedIn }) => bossGiftBudgets(db, signedIn(), query.actId));
  route(app, BOSS_GIFT_API.give, async ({ body }, { db, signedIn }) => {
    const r = await giveBossGift(db, signedIn(), body);
    return new WithMessage(r, `已赠送 ${r.members} 位会员共 ${r.coupons} 张`);
  });
  registerReport(app, storeGiftCalBinding);
  registerReport(app, memberGiftsView);
};
