/**
 * The mall (SPEC §2.7, §2.9): mall goods on the resource engine, the order lists (/onlineOrderList,
 * /wscEarnestOrder, /returnList), an order's view and the console's steps. The mini-program's
 * calls are open-API routes (open.ts), served by the open API's plugin.
 */
import { MALL_API } from '@zb/contract/entities/mall';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { mallEarnestBinding, mallOrderBinding, mallReturnBinding } from './bindings';
import { mallGoodsBinding } from './goods';
import {
  consoleCancel,
  consoleCancelRefund,
  consolePickup,
  consoleReturnStep,
  consoleShip,
  viewMallOrder,
} from './service';

export const mallRoutes = async (app: FastifyInstance) => {
  // The fixed paths before the engine's /detail/:id.
  route(app, MALL_API.view, ({ params }, { db, signedIn }) =>
    viewMallOrder(db, signedIn(), (params as { id: number }).id),
  );
  route(app, MALL_API.ship, ({ body }, { db, signedIn }) => consoleShip(db, signedIn(), body));
  route(app, MALL_API.pickup, ({ body }, { db, signedIn }) => consolePickup(db, signedIn(), body));
  route(app, MALL_API.cancel, ({ body }, { db, signedIn }) => consoleCancel(db, signedIn(), body));
  route(app, MALL_API.cancelRefund, ({ body }, { db, signedIn }) => consoleCancelRefund(db, signedIn(), body));
  route(app, MALL_API.approveReturn, ({ body }, { db, signedIn }) =>
    consoleReturnStep(db, signedIn(), 'approve', body),
  );
  route(app, MALL_API.rejectReturn, ({ body }, { db, signedIn }) => consoleReturnStep(db, signedIn(), 'reject', body));
  route(app, MALL_API.refundReturn, ({ body }, { db, signedIn }) => consoleReturnStep(db, signedIn(), 'refund', body));
  registerResource(app, mallGoodsBinding);
  registerResource(app, mallOrderBinding);
  registerResource(app, mallEarnestBinding);
  registerResource(app, mallReturnBinding);
};
