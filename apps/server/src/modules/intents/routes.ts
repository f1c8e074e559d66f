/** 意向金 in the console: SPEC §7.8's configuration and member calls, a deposit's and a refund's detail and steps, the lists as reports. */
import { INTENT_API } from '@zb/contract/api/intents';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { INTENT_REPORT_BINDINGS } from './reports';
import {
  applyIntentRefund,
  configCount,
  configList,
  configUpdate,
  depositDetail,
  intentRefundStep,
  refundDetail,
  userIntentCount,
  userIntentList,
} from './service';

const idOf = (params: unknown) => (params as { id: number }).id;

export const intentRoutes = async (app: FastifyInstance) => {
  route(app, INTENT_API.configList, ({ query }, { db, signedIn }) => configList(db, signedIn().scope, query));
  route(app, INTENT_API.configCount, ({ query }, { db, signedIn }) => configCount(db, signedIn().scope, query));
  route(app, INTENT_API.configUpdate, ({ query }, { db, signedIn }) => configUpdate(db, signedIn(), query));
  route(app, INTENT_API.userIntentList, ({ query }, { db, signedIn }) => userIntentList(db, signedIn().scope, query));
  route(app, INTENT_API.userIntentCount, ({ query }, { db, signedIn }) =>
    userIntentCount(db, signedIn().scope, query.userId),
  );
  route(app, INTENT_API.depositDetail, ({ params }, { db, signedIn }) =>
    depositDetail(db, signedIn().scope, idOf(params)),
  );
  route(app, INTENT_API.applyRefund, ({ params, body }, { db, signedIn }) =>
    applyIntentRefund(db, signedIn(), idOf(params), body.reason),
  );
  route(app, INTENT_API.refundDetail, ({ params }, { db, signedIn }) =>
    refundDetail(db, signedIn().scope, idOf(params)),
  );
  route(app, INTENT_API.refundStep, ({ params, body }, { db, signedIn }) =>
    intentRefundStep(db, signedIn(), idOf(params), body),
  );
  for (const b of INTENT_REPORT_BINDINGS) registerReport(app, b);
};
