/** 对接 EAS：费用类型与科目（/easConfig）、每日凭证任务，ERP 与加盟核算报表. */
import { EAS_API } from '@zb/contract/entities/erp';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { storePicks } from '../stores/service';
import { ERP_REPORT_BINDINGS } from './reports';
import { easStoreBinding, easSubjectBinding, erpVoucherBinding } from './resources';
import { generateVouchers } from './voucher';
import { downloadVoucher, registerVoucherFile } from './voucherFile';

export const erpRoutes = async (app: FastifyInstance) => {
  registerVoucherFile();
  route(app, EAS_API.stores, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, EAS_API.generate, async ({ body }, { db, signedIn }) => {
    const r = await generateVouchers(db, signedIn(), body);
    const msg =
      r.failed > 0
        ? `生成凭证 ${r.made} 张，失败 ${r.failed} 张，请查看失败原因`
        : r.made === 0
          ? '所选范围内没有需要生成凭证的单据'
          : `生成凭证 ${r.made} 张`;
    return new WithMessage(r, msg);
  });
  route(app, EAS_API.download, ({ body }, { db, signedIn }) => downloadVoucher(db, signedIn(), body.id));
  registerResource(app, easSubjectBinding);
  registerResource(app, easStoreBinding);
  registerResource(app, erpVoucherBinding);
  for (const b of ERP_REPORT_BINDINGS) registerReport(app, b);
};
