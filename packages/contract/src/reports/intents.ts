/**
 * The lists of 意向金 (entities/intentDeposit.ts) as views of the report engine: each row a
 * deposit, a refund or an abnormal finding, with the search form, paging, totals and export the
 * engine gives, and a link to its detail page. A deposit is seen when its store is in the
 * caller's data scope.
 */
import { INTENT_ABNORMAL_RULES, INTENT_FLOW, INTENT_PAY_METHODS, INTENT_REFUND_FLOW } from '../entities/intentDeposit';
import { defineReport } from '../report/define';

const STATES = INTENT_FLOW.states;
const REFUND_STATES = INTENT_REFUND_FLOW.states;

const depositColumns = {
  id: { label: '意向金ID', type: 'int', hidden: true },
  depositNo: { label: '意向金单号', type: 'text', width: 150, fixed: 'left' },
  storeName: { label: '门店', type: 'text', width: 130 },
  memberName: { label: '会员', type: 'text', width: 100 },
  memberPhone: { label: '手机号', type: 'text', width: 120 },
  payMethod: { label: '支付方式', type: 'enum', options: INTENT_PAY_METHODS, width: 90 },
  tradeNo: { label: '交易号', type: 'text', width: 180 },
  paidAt: { label: '支付时间', type: 'datetime', width: 170 },
  expiresAt: { label: '到期时间', type: 'datetime', width: 170 },
  status: { label: '状态', type: 'enum', options: STATES, width: 80 },
} as const;

/** /payIntentionRecord 意向金记录: every deposit paid, newest first. */
export const PAY_INTENTION_RECORD = defineReport({
  name: 'payIntentionRecord',
  title: '意向金记录',
  page: '/payIntentionRecord',
  kind: 'detail',
  source: '意向金（intent_deposit）',
  dimensions: {
    ...depositColumns,
    billNo: { label: '抵扣收银单', type: 'text', width: 150 },
  },
  measures: {
    amount: { label: '意向金金额', type: 'money', agg: 'sum', summary: true },
  },
  filters: {
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '支付日期', type: 'date', filter: 'range', period: true, preset: 'last30Days' },
    status: { label: '状态', type: 'enum', options: STATES, filter: 'eq' },
    member: { label: '会员姓名/手机号', type: 'text', filter: 'like' },
    depositNo: { label: '意向金单号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'paidAt', dir: 'desc', thenBy: 'id' },
  totals: true,
  drill: { depositNo: { to: '/payIntentionDetail', query: { id: { row: 'id' } } } },
  export: true,
});

/** /refundIntentionList 意向金退款: the refund applications with their audit state. */
export const REFUND_INTENTION_LIST = defineReport({
  name: 'refundIntentionList',
  title: '意向金退款',
  page: '/refundIntentionList',
  kind: 'detail',
  source: '意向金退款（intent_refund）与其意向金',
  dimensions: {
    id: { label: '退款ID', type: 'int', hidden: true },
    refundNo: { label: '退款单号', type: 'text', width: 150, fixed: 'left' },
    depositNo: { label: '意向金单号', type: 'text', width: 150 },
    storeName: { label: '门店', type: 'text', width: 130 },
    memberName: { label: '会员', type: 'text', width: 100 },
    memberPhone: { label: '手机号', type: 'text', width: 120 },
    reason: { label: '退款原因', type: 'text', width: 180, sort: false },
    spNo: { label: '审批编号', type: 'text', width: 150 },
    appliedAt: { label: '申请时间', type: 'datetime', width: 170 },
    status: { label: '状态', type: 'enum', options: REFUND_STATES, width: 80 },
    refundedAt: { label: '退款时间', type: 'datetime', width: 170 },
  },
  measures: {
    amount: { label: '退款金额', type: 'money', agg: 'sum', summary: true },
  },
  filters: {
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '申请日期', type: 'date', filter: 'range', period: true, preset: 'last30Days' },
    status: { label: '状态', type: 'enum', options: REFUND_STATES, filter: 'eq' },
    member: { label: '会员姓名/手机号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'appliedAt', dir: 'desc', thenBy: 'id' },
  totals: true,
  drill: { refundNo: { to: '/refundIntentionDetail', query: { id: { row: 'id' } } } },
  export: true,
});

/** /abnormalIntentionRecord 意向金异常订单: each deposit a declared rule flags, with the rule. */
export const ABNORMAL_INTENTION_RECORD = defineReport({
  name: 'abnormalIntentionRecord',
  title: '意向金异常订单',
  page: '/abnormalIntentionRecord',
  kind: 'detail',
  source: '意向金（intent_deposit）按 INTENT_ABNORMAL_RULES 的规则筛出',
  dimensions: {
    key: { label: '行ID', type: 'text', hidden: true },
    rule: { label: '异常规则', type: 'enum', options: INTENT_ABNORMAL_RULES, width: 150, fixed: 'left' },
    detail: { label: '说明', type: 'text', width: 240, sort: false },
    ...depositColumns,
  },
  measures: {
    amount: { label: '意向金金额', type: 'money', agg: 'sum', summary: true },
  },
  filters: {
    rule: { label: '异常规则', type: 'enum', options: INTENT_ABNORMAL_RULES, filter: 'eq' },
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '支付日期', type: 'date', filter: 'range', period: true, preset: 'thisYear' },
  },
  defaultSort: { field: 'paidAt', dir: 'desc', thenBy: 'key' },
  totals: true,
  drill: { depositNo: { to: '/payIntentionDetail', query: { id: { row: 'id' } } } },
  export: true,
});

export const INTENT_REPORTS = [PAY_INTENTION_RECORD, REFUND_INTENTION_LIST, ABNORMAL_INTENTION_RECORD];
