/**
 * 会员运营 (issue 15, SPEC §2.10 member analysis): /memberReport, /memberOprationDataReport,
 * /customerAnaly, /memberOperation and the /OperationManagement dashboard's reads — declared
 * reports (contract reports/memberOps.ts) bound in reports.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { MEMBER_OPS_BINDINGS } from './reports';

export const memberOpsRoutes = async (app: FastifyInstance) => {
  for (const b of MEMBER_OPS_BINDINGS) registerReport(app, b);
};
