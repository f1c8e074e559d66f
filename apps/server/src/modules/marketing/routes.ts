/**
 * Marketing activities (SPEC §2.8 /activityList, /activityDetail): the list on the resource engine,
 * SPEC §7.3's saveActivityRealCard and qrcodePackDownloadRealCard, the review steps, the cards
 * of an activity and their 作废.
 */
import { REAL_CARD_API } from '@zb/contract/entities/marketingActivity';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { ledgerRefNames } from '../members/service';
import {
  activityBinding,
  activityCardOptions,
  moveActivity,
  saveRealCardActivity,
  viewActivity,
  voidRealCards,
} from './activities';
import { qrcodePack } from './qrcodePack';
import { listCards, realCardLedgerName } from './realCards';

export const marketingRoutes = async (app: FastifyInstance) => {
  ledgerRefNames.register(realCardLedgerName);
  const api = REAL_CARD_API;
  route(app, api.save, ({ body }, { db, signedIn }) => saveRealCardActivity(db, signedIn(), body));
  route(app, api.qrcodePack, ({ query }, { db, req }) => qrcodePack(db, query.id, req.log));
  // The fixed paths before the engine's /detail/:id.
  route(app, api.view, ({ params }, { db }) => viewActivity(db, (params as { id: number }).id));
  route(app, api.cards, ({ query }, { db, signedIn }) => listCards(db, signedIn().scope, query));
  route(app, api.cardOptions, (_input, { db }) => activityCardOptions(db));
  route(app, api.voidCards, ({ body }, { db, signedIn }) => voidRealCards(db, signedIn(), body));
  route(app, api.submit, ({ body }, { db, signedIn }) => moveActivity(db, signedIn(), 'submit', body.id));
  route(app, api.approve, ({ body }, { db, signedIn }) => moveActivity(db, signedIn(), 'approve', body.id));
  route(app, api.reject, ({ body }, { db, signedIn }) => moveActivity(db, signedIn(), 'reject', body.id, body.reason));
  route(app, api.disable, ({ body }, { db, signedIn }) => moveActivity(db, signedIn(), 'disable', body.id));
  registerResource(app, activityBinding);
};
