/**
 * 团购平台 (issue 16): /openPlatform, /tpl, /douyinStoreList and /onlineCouponList on the resource
 * engine, the 同步 calls, the pickers of the mapping forms, the built-in simulator (/gbsim) and
 * the open API's 核销 (groupBuyOpenRoutes, served by modules/openApi).
 */
import { GROUPBUY_API, GROUPBUY_REFUND_API, openGroupBuyVerifyBody } from '@zb/contract/entities/groupBuy';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listeningBase } from '../../platform/listening';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { product, project } from '../goods/schema';
import { openRoute } from '../openApi/types';
import { storePicks } from '../stores/service';
import { applyRefund, refundableVouchers, refundResource } from './refunds';
import { appResource, dealResource, douyinShopResource, meituanShopResource, voucherResource } from './resources';
import { pullReviews, reviewPullText, xmdReviewBinding } from './reviews';
import { type GroupBuyEnv, syncDeals, syncShops, verifyVoucher } from './service';
import { GBSIM_PREFIX, groupBuySimulator } from './simulator';

export const groupBuyEnv = (app: FastifyInstance): GroupBuyEnv => ({
  cipher: app.cipher,
  simulatorBase: () => listeningBase(app, GBSIM_PREFIX) ?? `http://127.0.0.1:0${GBSIM_PREFIX}`,
});

export const groupBuyRoutes = fp(
  async (app) => {
    const env = groupBuyEnv(app);
    registerResource(app, appResource(app.cipher));
    registerResource(app, meituanShopResource);
    registerResource(app, douyinShopResource);
    registerResource(app, dealResource);
    registerResource(app, voucherResource);
    registerResource(app, refundResource);
    route(app, GROUPBUY_REFUND_API.apply, ({ body }, { db, signedIn }) => applyRefund(db, env, signedIn(), body));
    route(app, GROUPBUY_REFUND_API.vouchers, (_i, { db, signedIn }) => refundableVouchers(db, signedIn()));
    route(app, GROUPBUY_API.syncMeituanShops, (_i, { db, signedIn }) => syncShops(db, env, signedIn(), 'meituan'));
    route(app, GROUPBUY_API.syncDouyinShops, (_i, { db, signedIn }) => syncShops(db, env, signedIn(), 'douyin'));
    registerReport(app, xmdReviewBinding);
    route(app, GROUPBUY_API.pullReviews, async (_i, { db }) => {
      const r = await pullReviews(db, env);
      return new WithMessage(r, reviewPullText(r));
    });
    route(app, GROUPBUY_API.syncDeals, ({ body }, { db, signedIn }) => syncDeals(db, env, signedIn(), body.platform));
    route(app, GROUPBUY_API.tplStores, (_i, { db, signedIn }) => storePicks(db, signedIn().scope));
    route(app, GROUPBUY_API.douyinStores, (_i, { db, signedIn }) => storePicks(db, signedIn().scope));
    route(app, GROUPBUY_API.projects, (_i, { db }) =>
      db.select({ id: project.id, name: project.name }).from(project).orderBy(asc(project.name)),
    );
    route(app, GROUPBUY_API.products, (_i, { db }) =>
      db.select({ id: product.id, name: product.name }).from(product).orderBy(asc(product.name)),
    );
    await app.register(groupBuySimulator);
  },
  { name: 'groupBuy' },
);

/** The open API's 核销 (needs the app: the cipher of the platforms' secrets and the simulator's base). */
export const groupBuyOpenRoutes = (app: FastifyInstance) => [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.groupBuyVerify,
    body: openGroupBuyVerifyBody,
    kinds: ['pos'],
    handle: (db, caller, body) => verifyVoucher(db, groupBuyEnv(app), caller, body),
  }),
];
