/**
 * Declarations for the report page's tests: a summary report with every feature (a period with
 * its preset, a store picker, groupings, grouped headers, a ratio, totals, a chart, drill-down,
 * export) and a detail view embedded with a fixed member id.
 */
import { defineReport } from '@zb/contract/report/define';

export const SALES = defineReport({
  name: 'testSales',
  title: '测试销售报表',
  page: '/stockDetail',
  kind: 'summary',
  source: 'test facts',
  dimensions: {
    month: { label: '月份', type: 'date', bucket: 'month', width: 110 },
    storeId: { label: '门店ID', type: 'int', hidden: true },
    storeName: { label: '门店', type: 'text', width: 160 },
    kind: {
      label: '类型',
      type: 'enum',
      options: [
        { value: 'in', label: '入库' },
        { value: 'out', label: '出库' },
      ],
    },
  },
  measures: {
    openQty: { label: '数量', type: 'int', agg: 'asOf', group: '期初' },
    openAmount: { label: '金额', type: 'money', agg: 'asOf', group: '期初' },
    inAmount: { label: '入库金额', type: 'money', agg: 'sum', group: '本期变动', summary: true },
    outAmount: { label: '出库金额', type: 'money', agg: 'sum', group: '本期变动', summary: true },
    rate: { label: '出库率', type: 'percent', agg: 'ratio', of: { num: 'outAmount', den: 'inAmount' } },
    bills: { label: '单数', type: 'int', agg: 'count', total: false },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
    { key: 'storeMonth', label: '按门店和月份', dims: ['storeId', 'storeName', 'month'] },
  ],
  filters: {
    day: { label: '日期', type: 'date', filter: 'range', period: true, preset: 'thisMonth', required: true },
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    kind: {
      label: '类型',
      type: 'enum',
      filter: 'eq',
      options: [
        { value: 'in', label: '入库' },
        { value: 'out', label: '出库' },
      ],
    },
    goods: { label: '商品', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'inAmount', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'month', series: ['inAmount', 'outAmount'] },
  drill: {
    inAmount: {
      to: '/stockDetail',
      query: {
        storeId: { row: 'storeId' },
        dayFrom: { filter: 'dayFrom' },
        dayTo: { filter: 'dayTo' },
        kind: { value: 'in' },
      },
    },
  },
  export: true,
});

export const MEMBER_CARDS = defineReport({
  name: 'testMemberCards',
  title: '测试会员卡',
  page: '/comboCard',
  kind: 'detail',
  source: 'test facts',
  dimensions: {
    cardNo: { label: '卡号', type: 'text' },
    cardName: { label: '卡项', type: 'text' },
  },
  measures: { balance: { label: '余额', type: 'money', agg: 'sum' } },
  filters: {
    memberId: { label: '会员', type: 'int', filter: 'eq', fixed: true, required: true },
    cardNo: { label: '卡号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'cardNo', dir: 'asc' },
  totals: true,
});
