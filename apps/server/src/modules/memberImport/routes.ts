/** 会员迁入：模板、逐行校验、试运行、分批导入与回滚（/moveIn /moveInList /moveInDetailList /moveInDetail），issue 15. */
import type { FastifyInstance } from 'fastify';

export const memberImportRoutes = async (_app: FastifyInstance) => {};
