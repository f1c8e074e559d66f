/**
 * Demo data of /easConfig and the ERP reports (issue 14): an EAS subject for every fee type, each
 * store's company code (all but one direct store with recent bills, whose vouchers then fail with 门店未配置 EAS 公司编码, as a
 * missing mapping would), the franchise stores' royalty rate, two deep-cooperation stores, and the
 * last days' vouchers made by the daily job itself.
 */
import { ERP_FEE_TYPES, type ErpFeeType, VOUCHER_JOB_BACKFILL_DAYS } from '@zb/contract/entities/erp';
import { asc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { easStore, easSubject } from '../modules/erp/schema';
import { runDailyVouchers } from '../modules/erp/voucher';
import { store } from '../modules/stores/schema';
import { rowsOf } from './generate';

/** The subjects of a small chain's chart of accounts (企业会计准则). */
export const DEMO_SUBJECTS: Record<ErpFeeType, [string, string]> = {
  cash: ['1001', '库存现金'],
  wechat: ['1012.01', '其他货币资金-微信'],
  alipay: ['1012.02', '其他货币资金-支付宝'],
  bankCard: ['1002.01', '银行存款-POS收款'],
  storedCard: ['2203.01', '预收账款-储值卡'],
  comboCard: ['2203.02', '预收账款-套餐卡'],
  signBill: ['1221.01', '其他应收款-签单'],
  intentDeposit: ['2203.02', '预收账款-意向金'],
  coupon: ['6601.05', '销售费用-优惠券'],
  otherPay: ['1001', '库存现金'],
  project: ['6001.01', '主营业务收入-项目'],
  product: ['6001.02', '主营业务收入-商品'],
  cardSale: ['2203.03', '预收账款-售卡'],
  topUp: ['2203.01', '预收账款-储值卡'],
  refund: ['6001.09', '主营业务收入-退款冲减'],
  refundPaid: ['1001', '库存现金'],
  refundToCard: ['2203.01', '预收账款-储值卡'],
};

export const seedErp = async (tx: Tx, now: Date, o: { vouchers: boolean }): Promise<void> => {
  await tx.insert(easSubject).values(
    ERP_FEE_TYPES.map((f) => ({
      feeType: f.value,
      subjectCode: DEMO_SUBJECTS[f.value][0],
      subjectName: DEMO_SUBJECTS[f.value][1],
      direction: f.side,
    })),
  );
  const stores = await tx
    .select({ id: store.id, code: store.code, ownership: store.ownership })
    .from(store)
    .orderBy(asc(store.code));
  const franchise = stores.filter((s) => s.ownership === 'franchise');
  const deep = new Set(franchise.slice(0, 2).map((s) => s.id));
  // The store left without a company code: the direct store with bills in the job's days that
  // comes last by code (so its failed vouchers show on /easConfig).
  const [left] = rowsOf<{ id: number }>(
    await tx.execute(sql`select c.store_id as id from member_consume c join store s on s.id = c.store_id
      where s.ownership = 'direct' and c.consumed_at > ${new Date(now.getTime() - VOUCHER_JOB_BACKFILL_DAYS * 86_400_000).toISOString()}::timestamptz
      group by c.store_id, s.code order by s.code desc limit 1`),
  );
  const rows = stores
    .filter((s) => s.id !== left?.id)
    .map((s) => ({
      storeId: s.id,
      companyCode: `ZB-${s.code}`,
      royaltyRate: s.ownership === 'franchise' ? 500 : 0,
      deepCoop: deep.has(s.id),
      shareRate: deep.has(s.id) ? 3000 : 0,
    }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(easStore).values(rows.slice(i, i + 500));
  // Kept: the job's transactions become savepoints of the seed's.
  if (o.vouchers) await runDailyVouchers(tx as unknown as Db, now);
};
