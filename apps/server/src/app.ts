/** Builds the Fastify app: platform plugins first, then the modules, then the web app. No listen. */
import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { accountRoutes } from './modules/accounts/routes';
import { ACT_COUPON_OPEN_ROUTES, actCouponRoutes } from './modules/actCoupons/routes';
import { approvalRoutes } from './modules/approvals/routes';
import { authRoutes } from './modules/auth/routes';
import { billConfigRoutes } from './modules/billConfig/routes';
import { billReportRoutes } from './modules/billReports/routes';
import { billOpenRoutes } from './modules/bills/openRoutes';
import { billRoutes } from './modules/bills/routes';
import { bossGiftRoutes } from './modules/bossGifts/routes';
import { CHANNEL_OPEN_ROUTES } from './modules/channels/open';
import { channelRoutes } from './modules/channels/routes';
import { configUtilsRoutes } from './modules/configUtils/routes';
import { CONTENT_OPEN_ROUTES } from './modules/content/open';
import { contentRoutes } from './modules/content/routes';
import { couponRoutes } from './modules/coupons/routes';
import { crowdRoutes } from './modules/crowds/routes';
import { downloadRoutes } from './modules/downloads/routes';
import { erpRoutes } from './modules/erp/routes';
import { EVALUATION_OPEN_ROUTES } from './modules/evaluations/open';
import { evaluationRoutes } from './modules/evaluations/routes';
import { EXAMINATION_OPEN_ROUTES } from './modules/examinations/open';
import { examinationRoutes } from './modules/examinations/routes';
import { FISSION_OPEN_ROUTES, fissionRoutes } from './modules/fission/routes';
import { giftPlanRoutes } from './modules/giftPlans/routes';
import { goodsRoutes } from './modules/goods/routes';
import { groupBuyOpenRoutes, groupBuyRoutes } from './modules/groupBuy/routes';
import { hierarchyRoutes } from './modules/hierarchy/routes';
import { HOMEPAGE_OPEN_ROUTES, homepageRoutes } from './modules/homepage/routes';
import { INTENT_OPEN_ROUTES } from './modules/intents/open';
import { intentRoutes } from './modules/intents/routes';
import { logRoutes } from './modules/logs/routes';
import { mallOpenRoutes } from './modules/mall/open';
import { mallRoutes } from './modules/mall/routes';
import { marketingRoutes } from './modules/marketing/routes';
import { masterRoutes } from './modules/master/routes';
import { memberAccountRoutes } from './modules/memberAccount/routes';
import { memberAssetRoutes } from './modules/memberAssets/routes';
import { MEMBER_CARE_OPEN_ROUTES } from './modules/memberCare/open';
import { memberCareRoutes } from './modules/memberCare/routes';
import { memberImportRoutes } from './modules/memberImport/routes';
import { memberLifecycleRoutes } from './modules/memberLifecycle/routes';
import { memberMoveRoutes } from './modules/memberMoves/routes';
import { memberOpsRoutes } from './modules/memberOps/routes';
import { memberRoutes } from './modules/members/routes';
import { noticeRoutes } from './modules/notices/routes';
import { NOTIFY_OPEN_ROUTES, notifyRoutes } from './modules/notify/routes';
import { openApiPlugin } from './modules/openApi/plugin';
import { openKeyRoutes } from './modules/openApi/routes';
import { performanceRoutes } from './modules/performance/routes';
import { productOnlineRateRoutes } from './modules/productOnlineRate/routes';
import { PROMOTION_OPEN_ROUTES, promotionRoutes } from './modules/promotion/routes';
import { refundOpenRoutes } from './modules/refunds/open';
import { refundRoutes } from './modules/refunds/routes';
import { regionRoutes } from './modules/regions/routes';
import { reportPickerRoutes } from './modules/reportPickers/routes';
import { resourceRoutes } from './modules/resources/routes';
import { salesRoutes } from './modules/sales/routes';
import { JOBS } from './modules/schedule/jobs';
import { scheduleRoutes } from './modules/schedule/routes';
import { scrmRoutes } from './modules/scrm/routes';
import { SECONDMENT_OPEN_ROUTES } from './modules/secondments/open';
import { secondmentRoutes } from './modules/secondments/routes';
import { securityRoutes } from './modules/security/routes';
import { settlementRoutes } from './modules/settlement/routes';
import { shrRoutes } from './modules/shr/routes';
import { staffRoutes } from './modules/staff/routes';
import { stockRoutes } from './modules/stock/routes';
import { STOCKTAKE_OPEN_ROUTES, stocktakingRoutes } from './modules/stocktaking/routes';
import { storeOrderRoutes } from './modules/storeOrders/routes';
import { storeQuickRoutes } from './modules/storeQuick/routes';
import { storeRoutes } from './modules/stores/routes';
import { storesMoreRoutes } from './modules/storesMore/routes';
import { TASK_OPEN_ROUTES } from './modules/taskCenter/open';
import { taskCenterRoutes } from './modules/taskCenter/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { wxworkRoutes } from './modules/wxwork/routes';
import { apiLogPlugin } from './platform/audit';
import { createCipher, loadCipherSecret } from './platform/crypto';
import { clientErrorHandler, envelopePlugin, frameworkErrors } from './platform/envelope';
import { eventsPlugin } from './platform/events/plugin';
import { exportWorkerPlugin } from './platform/exports/worker';
import { guardPlugin } from './platform/guard';
import { livePlugin } from './platform/live/plugin';
import { requestLogPlugin } from './platform/requestLog';
import { routeRegistryPlugin } from './platform/route';
import { schedulePlugin } from './platform/schedule/plugin';
import { securityHeadersPlugin } from './platform/securityHeaders';
import { webPlugin } from './platform/web';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: Writable;
}

const BODY_LIMIT = 1024 * 1024;

export const buildApp = async ({ config, db, logStream }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: ['req.headers.cookie', 'req.headers["account-version"]', 'res.headers["set-cookie"]'],
        censor: '***',
      },
    },
    // One line per request, written by the request-log plugin instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Requests during shutdown answer the envelope (platform/envelope.ts), not Fastify's own JSON.
    return503OnClosing: false,
    // Errors answered before the envelope plugin's handlers run still answer an envelope.
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('cipher', createCipher(await loadCipherSecret(db, config.secret)));

  await app.register(securityHeadersPlugin);
  await app.register(routeRegistryPlugin);
  await app.register(eventsPlugin);
  await app.register(envelopePlugin);
  await app.register(fastifyCookie);
  await app.register(guardPlugin);
  await app.register(apiLogPlugin);
  await app.register(requestLogPlugin);
  await app.register(schedulePlugin, { jobs: JOBS });
  await app.register(livePlugin);

  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(approvalRoutes);
  await app.register(noticeRoutes);
  await app.register(masterRoutes);
  await app.register(logRoutes);
  await app.register(productOnlineRateRoutes);
  await app.register(regionRoutes);
  await app.register(wxworkRoutes);
  await app.register(scheduleRoutes);
  await app.register(configUtilsRoutes);
  await app.register(downloadRoutes);
  await app.register(uploadRoutes);
  await app.register(exportWorkerPlugin, { enabled: config.exportWorker });
  await app.register(resourceRoutes);
  await app.register(storeQuickRoutes);
  await app.register(hierarchyRoutes);
  await app.register(goodsRoutes);
  await app.register(storeRoutes);
  await app.register(staffRoutes);
  await app.register(stockRoutes);
  await app.register(storeOrderRoutes);
  await app.register(mallRoutes);
  await app.register(storesMoreRoutes);
  await app.register(memberRoutes);
  await app.register(billRoutes);
  await app.register(reportPickerRoutes);
  await app.register(marketingRoutes);
  await app.register(intentRoutes);
  await app.register(refundRoutes);
  await app.register(openKeyRoutes);
  await app.register(settlementRoutes);
  await app.register(billConfigRoutes);
  await app.register(erpRoutes);
  await app.register(billReportRoutes);
  await app.register(performanceRoutes);
  await app.register(memberAccountRoutes);
  await app.register(memberAssetRoutes);
  await app.register(memberMoveRoutes);
  await app.register(memberImportRoutes);
  await app.register(memberLifecycleRoutes);
  await app.register(securityRoutes);
  await app.register(memberOpsRoutes);
  await app.register(crowdRoutes);
  await app.register(couponRoutes);
  await app.register(channelRoutes);
  await app.register(contentRoutes);
  await app.register(groupBuyRoutes);
  await app.register(secondmentRoutes);
  await app.register(taskCenterRoutes);
  await app.register(evaluationRoutes);
  await app.register(memberCareRoutes);
  await app.register(examinationRoutes);
  await app.register(shrRoutes);
  await app.register(homepageRoutes);
  await app.register(promotionRoutes);
  await app.register(salesRoutes);
  await app.register(giftPlanRoutes);
  await app.register(bossGiftRoutes);
  await app.register(fissionRoutes);
  await app.register(notifyRoutes);
  await app.register(scrmRoutes);
  await app.register(actCouponRoutes);
  await app.register(stocktakingRoutes);
  // The open API (/open/v1): every module's OpenRoute declarations, served signed.
  await app.register(openApiPlugin, {
    routes: [
      ...billOpenRoutes,
      ...refundOpenRoutes,
      ...mallOpenRoutes,
      ...INTENT_OPEN_ROUTES,
      ...HOMEPAGE_OPEN_ROUTES,
      ...PROMOTION_OPEN_ROUTES,
      ...FISSION_OPEN_ROUTES,
      ...NOTIFY_OPEN_ROUTES,
      ...ACT_COUPON_OPEN_ROUTES,
      ...STOCKTAKE_OPEN_ROUTES,
      ...EXAMINATION_OPEN_ROUTES,
      ...CHANNEL_OPEN_ROUTES,
      ...CONTENT_OPEN_ROUTES,
      ...TASK_OPEN_ROUTES,
      ...EVALUATION_OPEN_ROUTES,
      ...groupBuyOpenRoutes(app),
      ...SECONDMENT_OPEN_ROUTES,
      ...MEMBER_CARE_OPEN_ROUTES,
    ],
  });

  await app.register(webPlugin);
  return app;
};
