/** 盘点通知 (issue 17): SPEC §7.2's stocktaking calls under /rest/taskCenterRest, and the stores' open API. */
import { openCountBody, openStocktakesBody, STOCKTAKE_API } from '@zb/contract/api/stocktaking';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route, WithMessage } from '../../platform/route';
import { openRoute } from '../openApi/types';
import { STOCKTAKE_REPORT_BINDINGS } from './reports';
import {
  countStocktakes,
  deleteStocktakes,
  listStocktakes,
  openStocktakes,
  saveStocktake,
  stocktakeDetail,
  stocktakeProducts,
  stocktakeTypes,
  submitCount,
} from './service';

export const stocktakingRoutes = async (app: FastifyInstance) => {
  for (const b of STOCKTAKE_REPORT_BINDINGS) registerReport(app, b);
  route(app, STOCKTAKE_API.searchStocktakingMsg, ({ query }, { db, signedIn }) =>
    listStocktakes(db, signedIn(), query),
  );
  route(app, STOCKTAKE_API.searchCountStocktakingMsg, ({ query }, { db, signedIn }) =>
    countStocktakes(db, signedIn(), query),
  );
  route(
    app,
    STOCKTAKE_API.saveUpdateStocktakingMsg,
    async ({ body }, { db, signedIn }) =>
      new WithMessage(await saveStocktake(db, signedIn(), body), body.id ? '盘点通知已修改' : '盘点通知已发送'),
  );
  route(app, STOCKTAKE_API.findStocktakingMsgType, () => stocktakeTypes());
  route(app, STOCKTAKE_API.deleteStocktakingMsg, async ({ body }, { db, signedIn }) => {
    const n = await deleteStocktakes(db, signedIn(), body.ids);
    return new WithMessage(n, `已删除 ${n} 条盘点通知`);
  });
  route(app, STOCKTAKE_API.getStocktakingMsgDetail, ({ query }, { db, signedIn }) =>
    stocktakeDetail(db, signedIn(), query.id),
  );
  route(app, STOCKTAKE_API.products, (_i, { db }) => stocktakeProducts(db));
};

export const STOCKTAKE_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.stocktakings,
    body: openStocktakesBody,
    kinds: ['pos'],
    handle: (db, caller) => openStocktakes(db, caller),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.stocktakingCounts,
    body: openCountBody,
    kinds: ['pos'],
    handle: (db, caller, body) => submitCount(db, caller, body),
  }),
];
