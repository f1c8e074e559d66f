/** 跨店结算（/crossSettlement、/crossSettlementConfig）与银行回单（/bankReceipt）. */
import type { FastifyInstance } from 'fastify';

export const settlementRoutes = async (_app: FastifyInstance) => {};
