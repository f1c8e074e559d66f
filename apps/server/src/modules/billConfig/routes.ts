/** 单据读取的配置：签单额度（/signBill）、划卡限制（/drawLimitConfig）、门店等级（/storeLevel, in modules/master）、签单报表（/StoreWrittenReport）. */
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { billPaymentChecks } from '../bills/service';
import { drawChecks } from '../members/ledger';
import { checkDrawLimits } from './drawEnforce';
import { drawLimitBinding } from './drawLimits';
import { storeWrittenBinding } from './reports';
import { assertSignQuota, signQuotaBinding } from './signQuota';

export const billConfigRoutes = async (app: FastifyInstance) => {
  // The bill service and the card ledger call these in their transactions.
  billPaymentChecks.register(assertSignQuota);
  drawChecks.register(checkDrawLimits);
  registerResource(app, signQuotaBinding);
  registerResource(app, drawLimitBinding);
  registerReport(app, storeWrittenBinding);
};
