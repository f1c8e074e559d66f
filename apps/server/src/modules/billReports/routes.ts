/** 收银单上的财务与查询报表（大财务表、门店日结、销售明细、单据成本、月度退款、外卖排行）. */
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { BILL_FINANCE_BINDINGS } from './bindings';

export const billReportRoutes = async (app: FastifyInstance) => {
  for (const b of BILL_FINANCE_BINDINGS) registerReport(app, b);
};
