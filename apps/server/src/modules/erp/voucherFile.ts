/**
 * The voucher file of a store's day (下载凭证): a download-centre job whose sheet is the voucher
 * as EAS imports it — company, voucher number, day, each line's subject, direction and amount in
 * 元, and its summary (摘要).
 */
import { feeTypeLabel } from '@zb/contract/entities/erp';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { enqueueExport } from '../../platform/exports/enqueue';
import { type ExportSource, exportSourceOf, registerExportSource } from '../../platform/exports/registry';
import { storeScopeFilter } from '../../platform/scope';
import { store } from '../stores/schema';
import { erpVoucher, erpVoucherLine } from './schema';

const SOURCE = 'erpVoucherFile';
const params = z.object({ voucherId: z.number().int().positive() });
type Params = z.output<typeof params>;

const voucherSource: ExportSource<Params> = {
  name: SOURCE,
  title: 'EAS凭证',
  params,
  columns: () => [
    { key: 'companyCode', label: '公司编码', width: 14 },
    { key: 'voucherNo', label: '凭证号', width: 22 },
    { key: 'day', label: '业务日期', width: 12 },
    { key: 'seq', label: '分录号', width: 8 },
    { key: 'summary', label: '摘要', width: 30 },
    { key: 'subjectCode', label: '科目编码', width: 14 },
    { key: 'subjectName', label: '科目名称', width: 20 },
    { key: 'direction', label: '借贷方向', width: 10 },
    { key: 'debit', label: '借方金额（元）', width: 14 },
    { key: 'credit', label: '贷方金额（元）', width: 14 },
    { key: 'billCount', label: '单据数', width: 8 },
  ],
  count: async ({ db, scope }, p) => {
    const rows = await db
      .select({ id: erpVoucherLine.id })
      .from(erpVoucherLine)
      .where(and(eq(erpVoucherLine.voucherId, p.voucherId), storeScopeFilter(scope, erpVoucherLine.storeId)));
    return rows.length;
  },
  rows: async function* ({ db, scope }, p) {
    const rows = await db
      .select({
        line: erpVoucherLine,
        voucherNo: erpVoucher.voucherNo,
        companyCode: erpVoucher.companyCode,
        storeName: store.name,
      })
      .from(erpVoucherLine)
      .innerJoin(erpVoucher, eq(erpVoucher.id, erpVoucherLine.voucherId))
      .innerJoin(store, eq(store.id, erpVoucherLine.storeId))
      .where(and(eq(erpVoucherLine.voucherId, p.voucherId), storeScopeFilter(scope, erpVoucherLine.storeId)))
      .orderBy(asc(erpVoucherLine.seq));
    yield rows.map(({ line, voucherNo, companyCode, storeName }) => ({
      companyCode,
      voucherNo,
      day: line.day,
      seq: line.seq,
      summary: `${storeName} ${line.day} ${feeTypeLabel(line.feeType)}`,
      subjectCode: line.subjectCode,
      subjectName: line.subjectName,
      direction: line.direction === 'debit' ? '借' : '贷',
      debit: line.direction === 'debit' ? line.amount / 100 : 0,
      credit: line.direction === 'credit' ? line.amount / 100 : 0,
      billCount: line.billCount,
    }));
  },
};

export const registerVoucherFile = (): void => {
  if (!exportSourceOf(SOURCE)) registerExportSource(voucherSource);
};

/** 下载凭证: a made voucher of the caller's scope, queued in the download centre. */
export const downloadVoucher = async (db: Db, auth: Auth, id: number): Promise<{ jobId: number }> => {
  const [v] = await db
    .select({ status: erpVoucher.status, error: erpVoucher.error })
    .from(erpVoucher)
    .where(and(eq(erpVoucher.id, id), storeScopeFilter(auth.scope, erpVoucher.storeId)));
  if (!v) throw new BizError(ERR.ERP_VOUCHER_INVALID, '凭证不存在或不在您的数据范围内');
  if (v.status !== 'made')
    throw new BizError(ERR.ERP_VOUCHER_INVALID, `该凭证生成失败，没有可下载的分录：${v.error ?? ''}`);
  return enqueueExport(db, { userId: auth.user.id, scope: auth.scope, source: SOURCE, params: { voucherId: id } });
};
