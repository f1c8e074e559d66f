/** 会员资产迁移：闭店迁移（/close /closeDetail /memAccountDetail）、补卡注销（/supplementOrCancellation）、会员迁移记录，issue 15. */
import type { FastifyInstance } from 'fastify';

export const memberMoveRoutes = async (_app: FastifyInstance) => {};
