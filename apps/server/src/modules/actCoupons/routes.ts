/** 活动券 (issue 16): /actCouponsM's batches, /actCouponAllot's runs and codes, and the POS's redemption. */
import { ACT_COUPON_API, openActCouponBody } from '@zb/contract/entities/actCoupon';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { openRoute } from '../openApi/types';
import { storePicks } from '../stores/service';
import { ACT_COUPON_BINDINGS, activeTemplatePicks, batchPicks, redeemActCoupon } from './service';

export const actCouponRoutes = async (app: FastifyInstance) => {
  for (const b of ACT_COUPON_BINDINGS) registerResource(app, b);
  route(app, ACT_COUPON_API.templates, (_i, { db }) => activeTemplatePicks(db));
  route(app, ACT_COUPON_API.batches, (_i, { db }) => batchPicks(db));
  route(app, ACT_COUPON_API.stores, (_i, { db, signedIn }) => storePicks(db, signedIn().scope));
};

export const ACT_COUPON_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.actCouponRedeem,
    body: openActCouponBody,
    kinds: ['pos'],
    handle: (db, caller, body) => redeemActCoupon(db, caller, body),
  }),
];
