/** 会员账户页签：消费记录、积分与积分兑换（/purchaseHistory /points /creditsExchange），issue 15. */
import type { FastifyInstance } from 'fastify';

export const memberAccountRoutes = async (_app: FastifyInstance) => {};
