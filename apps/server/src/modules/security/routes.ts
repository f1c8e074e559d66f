/** 业务安全：用卡限制（/useCardLimit）、预警（/earlyWarning）、黑名单（/blacklistAdmin），issue 15. */
import type { FastifyInstance } from 'fastify';

export const securityRoutes = async (_app: FastifyInstance) => {};
