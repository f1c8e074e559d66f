/** 员工业绩与提成报表（门店员工业绩、业绩提成、售卡排行、体验转化）. */
import type { FastifyInstance } from 'fastify';

export const performanceRoutes = async (_app: FastifyInstance) => {};
