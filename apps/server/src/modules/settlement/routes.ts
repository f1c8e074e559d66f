/** 跨店结算（/crossSettlement、/crossSettlementConfig）与银行回单（/bankReceipt）. */
import { SETTLEMENT_API } from '@zb/contract/api/settlement';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { crossstoreConsumptionBinding } from './reports';
import { bankReceiptBinding, settlementRuleBinding } from './resources';
import {
  generateMonth,
  listStatements,
  matchReceipt,
  monthNet,
  receiptMatches,
  statementDetail,
  statementStep,
  unmatchReceipt,
} from './service';

const idOf = (params: unknown) => (params as { id: number }).id;

export const settlementRoutes = async (app: FastifyInstance) => {
  registerResource(app, settlementRuleBinding);
  registerResource(app, bankReceiptBinding);
  registerReport(app, crossstoreConsumptionBinding);
  route(app, SETTLEMENT_API.generate, ({ body }, { db, signedIn }) =>
    generateMonth(db, body.month, { kind: 'console', userId: signedIn().user.id }),
  );
  route(app, SETTLEMENT_API.list, ({ query }, { db, signedIn }) => listStatements(db, signedIn().scope, query));
  route(app, SETTLEMENT_API.net, ({ query }, { db, signedIn }) => monthNet(db, signedIn().scope, query.month));
  route(app, SETTLEMENT_API.detail, ({ params }, { db, signedIn }) =>
    statementDetail(db, signedIn().scope, idOf(params)),
  );
  route(app, SETTLEMENT_API.step, ({ params, body }, { db, signedIn }) =>
    statementStep(db, signedIn(), idOf(params), body),
  );
  route(app, SETTLEMENT_API.receiptMatches, ({ params }, { db, signedIn }) =>
    receiptMatches(db, signedIn().scope, idOf(params)),
  );
  route(app, SETTLEMENT_API.match, ({ params, body }, { db, signedIn }) =>
    matchReceipt(db, signedIn(), idOf(params), body),
  );
  route(app, SETTLEMENT_API.unmatch, ({ params }, { db, signedIn }) => unmatchReceipt(db, signedIn(), idOf(params)));
};
