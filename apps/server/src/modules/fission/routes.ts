/** 裂变活动 (/fissionActList, /fissionActDetail, issue 16): the activities, their tree, and the open API's registration. */
import { FISSION_API, openFissionBody } from '@zb/contract/entities/fission';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { campaignRoutes } from '../approvals/campaigns';
import { openRoute } from '../openApi/types';
import {
  fissionActBinding,
  fissionCoupons,
  fissionLifecycle,
  fissionNodeBinding,
  fissionTree,
  registerFission,
} from './service';

export const fissionRoutes = async (app: FastifyInstance) => {
  registerResource(app, fissionActBinding);
  registerResource(app, fissionNodeBinding);
  campaignRoutes(app, FISSION_API, fissionLifecycle, '裂变活动');
  route(app, FISSION_API.coupons, (_i, { db }) => fissionCoupons(db));
  route(app, FISSION_API.tree, ({ query }, { db }) => fissionTree(db, query.actId));
};

export const FISSION_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.fissions,
    body: openFissionBody,
    kinds: ['mini'],
    handle: (db, caller, body) => registerFission(db, caller, body),
  }),
];
