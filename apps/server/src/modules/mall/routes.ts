/**
 * The mall (SPEC §2.7, §2.9): mall goods on the resource engine, the order lists (/onlineOrderList,
 * /wscEarnestOrder, /returnList), an order's view and the console's steps. The mini-program's
 * calls are open-API routes (open.ts), served by the open API's plugin. 商城活动, their orders and
 * the templates new ones start from (events.ts) sit here too: an event's stock and groups move with
 * the mall's orders.
 */
import { MALL_API } from '@zb/contract/entities/mall';
import { ACTIVITY_MODEL_API, MALL_EVENT_API } from '@zb/contract/entities/mallEvent';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { campaignRoutes } from '../approvals/campaigns';
import { mallEarnestBinding, mallOrderBinding, mallReturnBinding } from './bindings';
import {
  activityModelBinding,
  eventGoodsOptions,
  mallEventBinding,
  mallEventGroupBinding,
  mallEventLifecycle,
  mallEventOrderBinding,
  startFromModel,
} from './events';
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
  // 商城活动 (entities/mallEvent.ts): the events, their groups and orders, the templates.
  route(app, MALL_EVENT_API.goods, (_i, { db }) => eventGoodsOptions(db));
  registerResource(app, mallEventBinding);
  registerResource(app, mallEventGroupBinding);
  registerResource(app, mallEventOrderBinding);
  campaignRoutes(app, MALL_EVENT_API, mallEventLifecycle, '商城活动');
  route(app, ACTIVITY_MODEL_API.start, async ({ body }, { db, signedIn }) => {
    const r = await startFromModel(db, signedIn(), body.id);
    return new WithMessage(r, `已用模板新建商城活动 ${r.code}（草稿），请补充后提交审核`);
  });
  registerResource(app, activityModelBinding);
};
