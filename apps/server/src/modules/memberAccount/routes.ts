/** 会员账户页签：消费记录、积分与积分兑换（/purchaseHistory /points /creditsExchange），issue 15. */
import { POINTS_API } from '@zb/contract/entities/points';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { billWritten } from '../bills/service';
import { refundExecuted } from '../refunds/service';
import { earnOnBill, exchangePoints, memberPointsOf, takeBackOnRefund } from './points';
import { MEMBER_ACCOUNT_BINDINGS } from './reports';
import { orderDetail } from './service';

/** The points a bill earns and a refund takes back, in their transactions (idempotent per record). */
export const registerPointsHooks = () => {
  billWritten.register(earnOnBill);
  refundExecuted.register(takeBackOnRefund);
};

export const memberAccountRoutes = async (app: FastifyInstance) => {
  registerPointsHooks();
  for (const b of MEMBER_ACCOUNT_BINDINGS) registerReport(app, b);
  route(app, POINTS_API.balance, ({ query }, { db, signedIn }) => memberPointsOf(db, signedIn(), query.memberId));
  route(app, POINTS_API.exchange, ({ body }, { db, signedIn }) => exchangePoints(db, signedIn(), body));
  route(app, POINTS_API.orderDetail, ({ query }, { db, signedIn }) => orderDetail(db, signedIn(), query.id));
};
