/** 会员资产：/asstes /asstesDetail 资产负债与变动，/abnormalCardList 异常卡，issue 15. */
import type { FastifyInstance } from 'fastify';

export const memberAssetRoutes = async (_app: FastifyInstance) => {};
