/** 折扣方案 (/salesList, /salesDetail, issue 16): the plans, their sales, 提交审核, 停用, and the prices they give bills. */
import { SALE_API } from '@zb/contract/entities/sale';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { campaignRoutes } from '../approvals/campaigns';
import { billPricing } from '../bills/service';
import { recordSaleUses, saleBinding, saleLifecycle, saleOffers, saleUseBinding } from './service';

/** The hook a bill prices by (the app and the demo seed register it). */
export const SALE_PRICING = { offers: saleOffers, priced: recordSaleUses };

export const salesRoutes = async (app: FastifyInstance) => {
  billPricing.register(SALE_PRICING);
  registerResource(app, saleBinding);
  registerResource(app, saleUseBinding);
  campaignRoutes(app, SALE_API, saleLifecycle, '折扣方案');
};
