/** 签单报表（SPEC §2.10，issue 14）: /StoreWrittenReport, 签单 by store, manager and month against the quota. */

import type { AnyReport } from '../report/define';
import { defineReport } from '../report/define';

/**
 * /StoreWrittenReport 门店签单报表: each store manager's 签单 payments per month (Beijing) beside
 * the quota of /signBill — quota, signed, refunded, used (signed − refunded), remaining, bills.
 * 单数 and 已签 drill to the store's 签单 bills of the period on /billingList.
 */
export const STORE_WRITTEN_REPORT = defineReport({
  name: 'storeWritten',
  title: '门店签单报表',
  page: '/StoreWrittenReport',
  kind: 'summary',
  source: '收银单的签单支付（bill_payment 支付方式为签单，按签单店长、开单门店、开单月份）与店长签单额度（/signBill）',
  dimensions: {
    storeId: { label: '门店ID', type: 'int', hidden: true },
    storeName: { label: '门店', type: 'text', width: 160, fixed: 'left' },
    signerId: { label: '店长ID', type: 'int', hidden: true },
    signerName: { label: '签单店长', type: 'text', width: 100 },
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    quota: { label: '每月额度', type: 'money', agg: 'sum', width: 110, summary: true },
    signed: { label: '已签', type: 'money', agg: 'sum', width: 110, summary: true },
    refunded: { label: '已退', type: 'money', agg: 'sum', width: 100 },
    used: { label: '占用额度', type: 'money', agg: 'sum', width: 110, summary: true },
    remaining: { label: '剩余额度', type: 'money', agg: 'sum', width: 110, summary: true },
    bills: { label: '单数', type: 'int', agg: 'sum', width: 80 },
  },
  groupings: [
    {
      key: 'storeSigner',
      label: '按门店、店长和月份',
      dims: ['storeId', 'storeName', 'signerId', 'signerName', 'month'],
    },
  ],
  filters: {
    period: { label: '开单日期', type: 'date', filter: 'range', period: true, required: true, preset: 'thisMonth' },
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    signerName: { label: '签单店长', type: 'text', filter: 'like', max: 20 },
  },
  defaultSort: { field: 'used', dir: 'desc' },
  totals: true,
  drill: {
    bills: {
      to: '/billingList',
      query: {
        storeId: { row: 'storeId' },
        payMethod: { value: 'signBill' },
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
      },
    },
  },
  export: true,
});

export const BILL_CONFIG_REPORTS: readonly AnyReport[] = [STORE_WRITTEN_REPORT];
