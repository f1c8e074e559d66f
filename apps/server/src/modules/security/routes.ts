/** 业务安全：用卡限制（/useCardLimit）、预警（/earlyWarning）、黑名单（/blacklistAdmin），issue 15. */
import { WARNING_CALLS } from '@zb/contract/entities/security';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { cardUseChecks, openChecks } from '../members/ledger';
import { blacklistBinding } from './blacklist';
import { checkCardUses, checkOpen } from './enforce';
import { useCardLimitBinding } from './limits';
import { assignWarning, closeWarning, warningBinding, warningDetail } from './warnings';

export const securityRoutes = async (app: FastifyInstance) => {
  // The card ledger calls these in each record's transaction.
  openChecks.register(checkOpen);
  cardUseChecks.register(checkCardUses);
  registerResource(app, useCardLimitBinding);
  registerResource(app, blacklistBinding);
  registerResource(app, warningBinding);
  route(app, WARNING_CALLS.detail, ({ params }, { db, signedIn }) =>
    warningDetail(db, signedIn(), (params as { id: number }).id),
  );
  route(app, WARNING_CALLS.assign, ({ body }, { db, signedIn }) =>
    assignWarning(db, signedIn(), body.id, body.assignee),
  );
  route(app, WARNING_CALLS.close, ({ body }, { db, signedIn }) => closeWarning(db, signedIn(), body.id, body.note));
};
