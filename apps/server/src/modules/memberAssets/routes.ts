/** 会员资产：/asstes /asstesDetail 资产负债与变动，/abnormalCardList 异常卡，issue 15. */
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { MEMBER_ASSET_BINDINGS } from './reports';

export const memberAssetRoutes = async (app: FastifyInstance) => {
  for (const b of MEMBER_ASSET_BINDINGS) registerReport(app, b);
};
