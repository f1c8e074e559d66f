/**
 * Head office's bill lists (SPEC §2.9, issue 14), views on the report engine over the 收银单
 * (member_consume): /billingList (开单记录, every bill), /billingListClose (关单记录, the closed
 * ones with the close reason) and /abnormalBillingList (异常开单, the bills the declared rules
 * flagged, entities/abnormalBill.ts). A bill's number opens /orderDetails.
 */
import { ABNORMAL_FLOW, ABNORMAL_RULE_OPTIONS } from '../entities/abnormalBill';
import { BILL_FLOW, BILL_KINDS, BILL_PAY_METHODS, BILL_REFUND_STATES, BILL_SOURCES } from '../entities/bill';
import { defineReport, type ReportFilterDef } from '../report/define';

const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
const memberFilter: ReportFilterDef = { label: '会员', type: 'text', filter: 'eq', max: 20 };

/** A bill's columns in the bill lists (the bill finance reports show them too). */
export const BILL_COLUMNS = {
  id: { label: '单据ID', type: 'int', hidden: true },
  billNo: { label: '单号', type: 'text', width: 140, fixed: 'left' },
  consumedAt: { label: '开单时间', type: 'datetime', width: 170 },
  storeId: { label: '门店ID', type: 'int', hidden: true },
  storeName: { label: '门店', type: 'text', width: 140 },
  memberName: { label: '会员', type: 'text', width: 100, sort: false },
  memberPhone: { label: '会员手机', type: 'text', width: 120, sort: false },
  kind: { label: '类型', type: 'enum', options: BILL_KINDS, width: 80 },
} as const;

const money = {
  total: { label: '单据金额', type: 'money', agg: 'sum', width: 110, summary: true },
  paidByCard: { label: '划卡', type: 'money', agg: 'sum', width: 110, group: '支付' },
  paidOther: { label: '其他支付', type: 'money', agg: 'sum', width: 110, group: '支付' },
  refunded: { label: '已退款', type: 'money', agg: 'sum', width: 100 },
} as const;

const toDetail = { billNo: { to: '/orderDetails', query: { id: { row: 'id' } } } };

/** /billingList 开单记录: every bill of the stores in the caller's scope. */
export const BILLING_LIST = defineReport({
  name: 'billingList',
  title: '开单记录',
  page: '/billingList',
  kind: 'detail',
  dimensions: {
    ...BILL_COLUMNS,
    source: { label: '来源', type: 'enum', options: BILL_SOURCES, width: 90 },
    refundState: { label: '退款状态', type: 'enum', options: BILL_REFUND_STATES, width: 90, sort: false },
    status: { label: '状态', type: 'enum', options: BILL_FLOW.states, width: 80 },
  },
  measures: money,
  filters: {
    period: { label: '开单日期', type: 'date', filter: 'range', period: true, preset: 'thisMonth', required: true },
    storeId: storeFilter,
    member: memberFilter,
    staffId: { label: '员工', type: 'int', filter: 'eq', picker: 'staff' },
    payMethod: { label: '支付方式', type: 'enum', filter: 'eq', options: BILL_PAY_METHODS },
    kind: { label: '类型', type: 'enum', filter: 'eq', options: BILL_KINDS },
    source: { label: '来源', type: 'enum', filter: 'eq', options: BILL_SOURCES },
    refundState: { label: '退款状态', type: 'enum', filter: 'eq', options: BILL_REFUND_STATES },
    status: { label: '状态', type: 'enum', filter: 'eq', options: BILL_FLOW.states },
  },
  defaultSort: { field: 'consumedAt', dir: 'desc' },
  totals: true,
  drill: toDetail,
  export: true,
  source: '收银单（member_consume），实时；员工为开单员工或分享业绩的员工，支付方式为单据任一笔支付',
});

/** /billingListClose 关单记录: the closed bills, by the day they were closed. */
export const BILLING_CLOSE_LIST = defineReport({
  name: 'billingListClose',
  title: '关单记录',
  page: '/billingListClose',
  kind: 'detail',
  dimensions: {
    ...BILL_COLUMNS,
    closedAt: { label: '关单时间', type: 'datetime', width: 170 },
    closedByName: { label: '关单人', type: 'text', width: 100, sort: false },
    closeReason: { label: '关单原因', type: 'text', width: 220, sort: false },
  },
  measures: money,
  filters: {
    period: { label: '关单日期', type: 'date', filter: 'range', period: true, preset: 'thisMonth', required: true },
    storeId: storeFilter,
    member: memberFilter,
    kind: { label: '类型', type: 'enum', filter: 'eq', options: BILL_KINDS },
  },
  defaultSort: { field: 'closedAt', dir: 'desc' },
  totals: true,
  drill: toDetail,
  export: true,
  source: '已关单的收银单（BILL_FLOW 关单），关单原因为关单时填写的原因',
});

/** /abnormalBillingList 异常开单: one row per rule a bill broke, with its handling. */
export const ABNORMAL_BILL_LIST = defineReport({
  name: 'abnormalBillingList',
  title: '异常开单',
  page: '/abnormalBillingList',
  kind: 'detail',
  dimensions: {
    abnormalId: { label: '异常ID', type: 'int', hidden: true },
    id: BILL_COLUMNS.id,
    billNo: BILL_COLUMNS.billNo,
    detectedAt: { label: '发现时间', type: 'datetime', width: 170 },
    rule: { label: '异常类型', type: 'enum', options: ABNORMAL_RULE_OPTIONS, width: 120 },
    reason: { label: '异常原因', type: 'text', width: 260, sort: false },
    consumedAt: BILL_COLUMNS.consumedAt,
    storeId: BILL_COLUMNS.storeId,
    storeName: BILL_COLUMNS.storeName,
    memberName: BILL_COLUMNS.memberName,
    status: { label: '处理状态', type: 'enum', options: ABNORMAL_FLOW.states, width: 90 },
    handledByName: { label: '处理人', type: 'text', width: 100, sort: false },
    handleNote: { label: '处理说明', type: 'text', width: 200, sort: false },
  },
  measures: { total: money.total, paidByCard: { ...money.paidByCard, group: undefined } },
  filters: {
    period: { label: '发现日期', type: 'date', filter: 'range', period: true, preset: 'last30Days', required: true },
    storeId: storeFilter,
    rule: { label: '异常类型', type: 'enum', filter: 'eq', options: ABNORMAL_RULE_OPTIONS },
    status: { label: '处理状态', type: 'enum', filter: 'eq', options: ABNORMAL_FLOW.states },
  },
  defaultSort: { field: 'detectedAt', dir: 'desc' },
  totals: true,
  drill: toDetail,
  export: true,
  source: '异常规则（定时任务按水位扫描新单）标出的收银单，每条规则一行',
});

export const BILL_REPORTS = [BILLING_LIST, BILLING_CLOSE_LIST, ABNORMAL_BILL_LIST];
