/** 员工业绩与提成报表（门店员工业绩、业绩提成、售卡排行、体验转化）: report bindings only (reports.ts). */
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { PERFORMANCE_REPORT_BINDINGS } from './reports';

export const performanceRoutes = async (app: FastifyInstance) => {
  for (const b of PERFORMANCE_REPORT_BINDINGS) registerReport(app, b);
};
