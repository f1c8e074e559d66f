/** 退款 on the console (contract api/refunds.ts) and through the open API (open.ts). */
import { REFUND_API } from '@zb/contract/api/refunds';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { storePicks } from '../stores/service';
import { applyConsoleRefund, listRefunds, refundDetail, stepRefund } from './service';

export const refundRoutes = async (app: FastifyInstance) => {
  route(app, REFUND_API.stores, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, REFUND_API.list, ({ query }, { db, signedIn }) => listRefunds(db, signedIn(), query));
  route(app, REFUND_API.detail, ({ params }, { db, signedIn }) =>
    refundDetail(db, signedIn(), (params as { id: number }).id),
  );
  route(app, REFUND_API.apply, ({ body }, { db, signedIn }) => applyConsoleRefund(db, signedIn(), body));
  route(app, REFUND_API.step, ({ body }, { db, signedIn }) => stepRefund(db, signedIn(), body));
};
