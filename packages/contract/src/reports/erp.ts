/**
 * ERP 与加盟核算报表（SPEC §2.10，issue 14）.
 * - /a0002 收入对账: the voucher lines sent to EAS (entities/erp.ts), each tracing to its bills.
 * - /consumeDetail 消耗明细: the project and product lines of the completed bills.
 * - /settlement 结算报表: per store per day, the takings by payment method against the voucher.
 * - /consumptionSummaryTable 消费汇总表: consumption per franchise store per month and the royalty.
 * - /deepCooperationProfit 深度合作分润: consumption of the deep-cooperation stores and their share.
 * Consumption (消耗额) is the same figure everywhere: Σ (amount − refunded) of the project and
 * product lines of the completed (not closed) bills, so each summary drills into /consumeDetail
 * and adds up to its rows.
 */
import { ERP_FEE_TYPES, TAKING_METHODS, VOUCHER_DIRECTIONS } from '../entities/erp';
import { defineReport, type ReportFilterDef } from '../report/define';

const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
const period = (label: string, preset: 'thisMonth' | 'lastMonth' | 'last7Days'): ReportFilterDef => ({
  label,
  type: 'date',
  filter: 'range',
  period: true,
  preset,
  required: true,
});
const storeDims = {
  storeId: { label: '门店ID', type: 'int', hidden: true },
  storeCode: { label: '门店编码', type: 'text', width: 100, fixed: 'left' },
  storeName: { label: '门店', type: 'text', width: 140, fixed: 'left' },
} as const;

/** The bills of a store's day: /billingList, completed bills only (as the voucher counts them). */
const toStoreDayBills = {
  to: '/billingList',
  query: {
    storeId: { row: 'storeId' },
    periodFrom: { row: 'day' },
    periodTo: { row: 'day' },
    status: { value: 'completed' },
  },
} as const;

/** /a0002 收入对账: the voucher lines, one row each. */
export const A0002_REPORT = defineReport({
  name: 'a0002',
  title: '收入对账',
  page: '/a0002',
  kind: 'detail',
  dimensions: {
    lineId: { label: '分录ID', type: 'int', hidden: true },
    voucherNo: { label: '凭证号', type: 'text', width: 170, fixed: 'left' },
    day: { label: '业务日期', type: 'date', width: 110 },
    ...storeDims,
    companyCode: { label: 'EAS公司编码', type: 'text', width: 120 },
    feeType: { label: '费用类型', type: 'enum', options: ERP_FEE_TYPES, width: 120 },
    subjectCode: { label: '科目编码', type: 'text', width: 120 },
    subjectName: { label: '科目名称', type: 'text', width: 160, sort: false },
    direction: { label: '借贷', type: 'enum', options: VOUCHER_DIRECTIONS, width: 70 },
  },
  measures: {
    debit: { label: '借方金额', type: 'money', agg: 'sum', width: 120, summary: true },
    credit: { label: '贷方金额', type: 'money', agg: 'sum', width: 120, summary: true },
    billCount: { label: '单据数', type: 'int', agg: 'sum', width: 80 },
  },
  filters: {
    period: period('业务日期', 'thisMonth'),
    storeId: storeFilter,
    feeType: { label: '费用类型', type: 'enum', filter: 'eq', options: ERP_FEE_TYPES },
    direction: { label: '借贷', type: 'enum', filter: 'eq', options: VOUCHER_DIRECTIONS },
    subjectCode: { label: '科目编码', type: 'text', filter: 'like', max: 40 },
  },
  defaultSort: { field: 'day', dir: 'desc' },
  totals: true,
  drill: { debit: toStoreDayBills, credit: toStoreDayBills },
  export: true,
  source: '每日凭证（定时任务或生成凭证写入的 erp_voucher_line），每条分录记录其来源单据',
});

/** /consumeDetail 消耗明细: each project or product line of a completed bill. */
export const CONSUME_DETAIL_REPORT = defineReport({
  name: 'consumeDetail',
  title: '消耗明细',
  page: '/consumeDetail',
  kind: 'detail',
  dimensions: {
    lineId: { label: '行ID', type: 'int', hidden: true },
    id: { label: '单据ID', type: 'int', hidden: true },
    billNo: { label: '单号', type: 'text', width: 140, fixed: 'left' },
    consumedAt: { label: '开单时间', type: 'datetime', width: 170 },
    ...storeDims,
    memberName: { label: '会员', type: 'text', width: 100, sort: false },
    memberPhone: { label: '会员手机', type: 'text', width: 120, sort: false },
    itemKind: {
      label: '类型',
      type: 'enum',
      options: [
        { value: 'project', label: '项目' },
        { value: 'product', label: '商品' },
      ],
      width: 70,
    },
    goodsCode: { label: '编码', type: 'text', width: 110 },
    goodsName: { label: '项目/商品', type: 'text', width: 160 },
    cardNo: { label: '划卡卡号', type: 'text', width: 130, sort: false },
  },
  measures: {
    quantity: { label: '数量', type: 'int', agg: 'sum', width: 70 },
    amount: { label: '金额', type: 'money', agg: 'sum', width: 110, summary: true },
    cardAmount: { label: '储值卡划扣', type: 'money', agg: 'sum', width: 110 },
    refunded: { label: '已退款', type: 'money', agg: 'sum', width: 100 },
    consumption: { label: '消耗额', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  filters: {
    period: period('开单日期', 'thisMonth'),
    storeId: storeFilter,
    itemKind: {
      label: '类型',
      type: 'enum',
      filter: 'eq',
      options: [
        { value: 'project', label: '项目' },
        { value: 'product', label: '商品' },
      ],
    },
    goodsName: { label: '项目/商品', type: 'text', filter: 'like', max: 40 },
  },
  defaultSort: { field: 'consumedAt', dir: 'desc' },
  totals: true,
  drill: { billNo: { to: '/orderDetails', query: { id: { row: 'id' } } } },
  export: true,
  source: '已完成收银单（关单除外）的项目行与商品行；消耗额 = 金额 − 已退款',
});

const payMeasures = Object.fromEntries(
  TAKING_METHODS.map((m) => [m.value, { label: m.label, type: 'money', agg: 'sum', width: 100, group: '收款' }]),
) as Record<
  (typeof TAKING_METHODS)[number]['value'],
  { label: string; type: 'money'; agg: 'sum'; width: number; group: string }
>;

/** /settlement 结算报表: per store per day, takings by payment method against the voucher. */
export const SETTLEMENT_REPORT = defineReport({
  name: 'erpSettlement',
  title: '结算报表',
  page: '/settlement',
  kind: 'summary',
  dimensions: {
    ...storeDims,
    day: { label: '营业日期', type: 'date', width: 110 },
  },
  measures: {
    billCount: { label: '单据数', type: 'int', agg: 'sum', width: 80 },
    ...payMeasures,
    takings: { label: '收款合计', type: 'money', agg: 'sum', width: 120, summary: true },
    refund: { label: '当日退款', type: 'money', agg: 'sum', width: 100 },
    expectedDebit: { label: '应记借方', type: 'money', agg: 'sum', width: 120, group: '凭证' },
    voucherDebit: { label: '凭证借方', type: 'money', agg: 'sum', width: 120, group: '凭证', summary: true },
    difference: { label: '差额', type: 'money', agg: 'sum', width: 100, group: '凭证', summary: true },
  },
  groupings: [{ key: 'storeDay', label: '按门店和日期', dims: ['storeId', 'storeCode', 'storeName', 'day'] }],
  filters: { period: period('营业日期', 'last7Days'), storeId: storeFilter },
  defaultSort: { field: 'day', dir: 'desc' },
  totals: true,
  drill: {
    takings: toStoreDayBills,
    voucherDebit: {
      to: '/a0002',
      query: { storeId: { row: 'storeId' }, periodFrom: { row: 'day' }, periodTo: { row: 'day' } },
    },
  },
  export: true,
  source:
    '已完成收银单的支付（bill_payment；未记录支付方式的历史单据按划卡与其他收款计）与当日执行的退款，对照已生成的 EAS 凭证；应记借方 = 收款合计 + 当日退款，差额 = 应记借方 − 凭证借方（未生成凭证时为应记借方）',
});

const monthDims = {
  ...storeDims,
  month: { label: '月份', type: 'date', width: 100, bucket: 'month' },
  /** The days of the month inside the period: the drill-down's range. */
  dayFrom: { label: '起始日', type: 'date', hidden: true },
  dayTo: { label: '截止日', type: 'date', hidden: true },
} as const;

const toConsumeDetail = {
  to: '/consumeDetail',
  query: { storeId: { row: 'storeId' }, periodFrom: { row: 'dayFrom' }, periodTo: { row: 'dayTo' } },
} as const;

/** What the two franchise reports share: one row per store and month (with its rate), the drill. */
const storeMonthParts = <R extends string>(rate: R) => ({
  groupings: [
    {
      key: 'storeMonth',
      label: '按门店和月份',
      dims: ['storeId', 'storeCode', 'storeName', 'month', 'dayFrom', 'dayTo', rate] as const,
    },
  ],
  filters: { period: period('消费日期', 'lastMonth'), storeId: storeFilter },
  defaultSort: { field: 'month', dir: 'desc' } as const,
  totals: true,
  drill: { consumption: toConsumeDetail },
  export: true,
});

/** /consumptionSummaryTable 消费汇总表: franchise stores' consumption per month and the royalty. */
export const CONSUMPTION_SUMMARY_REPORT = defineReport({
  name: 'consumptionSummaryTable',
  title: '消费汇总表',
  page: '/consumptionSummaryTable',
  kind: 'summary',
  dimensions: {
    ...monthDims,
    royaltyRate: { label: '提成比例', type: 'percent', width: 90 },
  },
  measures: {
    billCount: { label: '单据数', type: 'int', agg: 'sum', width: 80 },
    consumption: { label: '消耗额', type: 'money', agg: 'sum', width: 120, summary: true },
    royalty: { label: '加盟提成', type: 'money', agg: 'sum', width: 120, summary: true },
  },
  ...storeMonthParts('royaltyRate'),
  source:
    '加盟门店已完成收银单的项目行与商品行（同消耗明细）；加盟提成 = 消耗额 × EAS门店配置的加盟提成比例（四舍五入到分）',
});

/** /deepCooperationProfit 深度合作分润: the deep-cooperation stores' consumption and their share. */
export const DEEP_COOP_PROFIT_REPORT = defineReport({
  name: 'deepCooperationProfit',
  title: '深度合作分润',
  page: '/deepCooperationProfit',
  kind: 'summary',
  dimensions: {
    ...monthDims,
    shareRate: { label: '分润比例', type: 'percent', width: 90 },
  },
  measures: {
    billCount: { label: '单据数', type: 'int', agg: 'sum', width: 80 },
    consumption: { label: '消耗额', type: 'money', agg: 'sum', width: 120, summary: true },
    share: { label: '门店分润', type: 'money', agg: 'sum', width: 120, summary: true },
    retained: { label: '总部留存', type: 'money', agg: 'sum', width: 120 },
  },
  ...storeMonthParts('shareRate'),
  source: 'EAS门店配置中标为深度合作的门店：门店分润 = 消耗额 × 分润比例（四舍五入到分），总部留存 = 消耗额 − 门店分润',
});

export const ERP_REPORTS = [
  A0002_REPORT,
  CONSUME_DETAIL_REPORT,
  SETTLEMENT_REPORT,
  CONSUMPTION_SUMMARY_REPORT,
  DEEP_COOP_PROFIT_REPORT,
];
