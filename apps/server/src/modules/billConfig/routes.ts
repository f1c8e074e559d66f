/** 单据读取的配置：签单额度（/signBill）、划卡限制（/drawLimitConfig）、门店等级（/storeLevel）、门店订货配置（/cooperativeConfig）. */
import type { FastifyInstance } from 'fastify';

export const billConfigRoutes = async (_app: FastifyInstance) => {};
