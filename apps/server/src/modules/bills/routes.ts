/**
 * Head office's bill pages (SPEC §2.9): the lists on the report engine (reports.ts), the bill's
 * detail and 关单 (view.ts), the abnormal bills' handling (abnormal.ts).
 */
import { BILL_API } from '@zb/contract/entities/billView';
import type { FastifyInstance } from 'fastify';
import { beforeReportRead } from '../../platform/report/query';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { confirmAbnormal, reverseAbnormal, supplementAbnormal } from './abnormal';
import { BILL_REPORT_BINDINGS } from './reports';
import { foldBillRollups } from './rollups';
import { closeBill, viewBill } from './view';

export const billRoutes = async (app: FastifyInstance) => {
  // The bill rollups' deltas (rollups.ts), folded before every report read.
  beforeReportRead(foldBillRollups);
  for (const b of BILL_REPORT_BINDINGS) registerReport(app, b);
  route(app, BILL_API.view, ({ params }, { db, signedIn }) => viewBill(db, signedIn(), (params as { id: number }).id));
  route(app, BILL_API.close, ({ body }, { db, signedIn }) => closeBill(db, signedIn(), body.id, body.reason));
  route(app, BILL_API.confirmAbnormal, ({ body }, { db, signedIn }) =>
    confirmAbnormal(db, signedIn(), body.id, body.reason),
  );
  route(app, BILL_API.reverseAbnormal, ({ body }, { db, signedIn }) =>
    reverseAbnormal(db, signedIn(), body.id, body.reason),
  );
  route(app, BILL_API.supplementAbnormal, ({ body }, { db, signedIn }) =>
    supplementAbnormal(db, signedIn(), body.id, body.reason, body.billNo),
  );
};
