/**
 * Store ordering (SPEC §2.4): goods orders and material orders (each a list on the resource
 * engine plus the hand-written steps of service.ts), the old system's orders, the ordering rules
 * and the material catalogue of /orderConfiguration.
 */
import { ORDER_CONFIG_API } from '@zb/contract/entities/orderConfig';
import {
  MATERIAL_ORDER_FAMILY,
  type OrderFamily,
  orderApiOf,
  STORE_ORDER_FAMILY,
} from '@zb/contract/entities/storeOrder';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { bindingOf, legacyOrderBinding, materialBinding } from './bindings';
import { listConfigs, saveConfig } from './config';
import { cooperativeConfigBinding } from './cooperative';
import { stockInTransitBinding } from './reports';
import {
  approveOrder,
  modifyOrder,
  orderItems,
  orderStores,
  payOrder,
  receiveOrder,
  rejectOrder,
  shipOrder,
  submitOrder,
  viewOrder,
  withdrawOrder,
} from './service';

const family = (app: FastifyInstance, f: OrderFamily) => {
  const api = orderApiOf(f);
  // The fixed paths before the engine's /detail/:id.
  route(app, api.stores, (_input, { db, signedIn }) => orderStores(db, signedIn().scope));
  route(app, api.items, ({ query }, { db, signedIn }) =>
    orderItems(db, f, signedIn().scope, (query as { storeId?: number }).storeId),
  );
  route(app, api.view, ({ params }, { db, signedIn }) => viewOrder(db, f, signedIn(), (params as { id: number }).id));
  route(app, api.submit, ({ body }, { db, signedIn }) => submitOrder(db, f, signedIn(), body));
  route(app, api.modify, ({ body }, { db, signedIn }) => modifyOrder(db, f, signedIn(), body));
  route(app, api.withdraw, ({ body }, { db, signedIn }) => withdrawOrder(db, f, signedIn(), body.id));
  route(app, api.approve, ({ body }, { db, signedIn }) => approveOrder(db, f, signedIn(), body.id));
  route(app, api.reject, ({ body }, { db, signedIn }) => rejectOrder(db, f, signedIn(), body.id, body.reason));
  route(app, api.ship, ({ body }, { db, signedIn }) => shipOrder(db, f, signedIn(), body.id));
  route(app, api.receive, ({ body }, { db, signedIn }) => receiveOrder(db, f, signedIn(), body));
  route(app, api.pay, ({ body }, { db, signedIn }) => payOrder(db, f, signedIn(), body));
  registerResource(app, bindingOf(f));
};

export const storeOrderRoutes = async (app: FastifyInstance) => {
  family(app, STORE_ORDER_FAMILY);
  family(app, MATERIAL_ORDER_FAMILY);
  registerResource(app, legacyOrderBinding);
  registerResource(app, materialBinding);
  // /cooperativeConfig: franchise stores' goods and price tier, which submissions follow.
  registerResource(app, cooperativeConfigBinding);
  registerReport(app, stockInTransitBinding);
  route(app, ORDER_CONFIG_API.list, (_input, { db }) => listConfigs(db));
  route(app, ORDER_CONFIG_API.save, ({ body }, { db, signedIn }) => saveConfig(db, signedIn(), body));
};
