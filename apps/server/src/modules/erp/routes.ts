/** 对接 EAS：费用类型与科目（/easConfig）、每日凭证任务，ERP 与加盟核算报表. */
import type { FastifyInstance } from 'fastify';

export const erpRoutes = async (_app: FastifyInstance) => {};
