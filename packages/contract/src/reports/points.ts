/**
 * The member account's tabs of issue 15, each embedded in /personalAccount with the member's id
 * as its fixed, required filter: /purchaseHistory (消费记录: every 收银单 and 商城订单 of the member,
 * newest first, each number opening /orderDetail), /points (积分明细: the member's points ledger
 * with the balance after each row) and /creditsExchange (积分兑换: the member's exchanges). A
 * member is seen when their home store is in the caller's data scope.
 */
import { BILL_FLOW } from '../entities/bill';
import { MALL_ORDER_FLOW } from '../entities/mall';
import { POINTS_LEDGER_KINDS } from '../entities/points';
import { defineReport, type ReportFilterDef } from '../report/define';
import type { EnumOption } from '../resource/define';

const memberIdFilter: ReportFilterDef = { label: '会员', type: 'int', filter: 'eq', required: true, fixed: true };

export const PURCHASE_KINDS = [
  { value: 'bill', label: '门店收银', color: 'blue' },
  { value: 'mall', label: '商城订单', color: 'purple' },
] as const satisfies readonly EnumOption[];

/** A bill's (BILL_FLOW) and a mall order's (MALL_ORDER_FLOW) states, as one column shows them. */
export const PURCHASE_STATES: readonly EnumOption[] = [...BILL_FLOW.states, ...MALL_ORDER_FLOW.states].filter(
  (o, i, all) => all.findIndex((x) => x.value === o.value) === i,
);

/** /purchaseHistory 消费记录: the member's bills and mall orders, newest first. */
export const PURCHASE_HISTORY_VIEW = defineReport({
  name: 'purchaseHistory',
  title: '消费记录',
  page: '/purchaseHistory',
  kind: 'detail',
  source: '会员的收银单（member_consume 及其明细）与商城订单（mall_order 及其明细）',
  dimensions: {
    id: { label: '记录ID', type: 'int', hidden: true },
    no: { label: '单号', type: 'text', width: 170, fixed: 'left' },
    kind: { label: '类型', type: 'enum', options: PURCHASE_KINDS, width: 90 },
    at: { label: '时间', type: 'datetime', width: 170 },
    storeName: { label: '门店', type: 'text', width: 130 },
    items: { label: '消费内容', type: 'text', width: 260, sort: false },
    status: { label: '状态', type: 'enum', options: PURCHASE_STATES, width: 80 },
  },
  measures: {
    total: { label: '合计', type: 'money', agg: 'sum', summary: true },
    paidByCard: { label: '会员卡支付', type: 'money', agg: 'sum' },
    paidOther: { label: '其他支付', type: 'money', agg: 'sum' },
    refunded: { label: '已退款', type: 'money', agg: 'sum' },
  },
  filters: {
    memberId: memberIdFilter,
    period: { label: '日期', type: 'date', filter: 'range', period: true },
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    kind: { label: '类型', type: 'enum', filter: 'eq', options: PURCHASE_KINDS },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'id' },
  totals: true,
  drill: { no: { to: '/orderDetail', query: { id: { row: 'no' } } } },
});

/** /points 积分明细: the member's points ledger, newest first, the balance after each row. */
export const POINTS_VIEW = defineReport({
  name: 'memberPoints',
  title: '积分明细',
  page: '/points',
  kind: 'detail',
  source: '会员积分流水（points_ledger）',
  dimensions: {
    id: { label: '流水ID', type: 'int', hidden: true },
    at: { label: '时间', type: 'datetime', width: 170 },
    kind: { label: '类型', type: 'enum', options: POINTS_LEDGER_KINDS, width: 90 },
    refNo: { label: '业务单号', type: 'text', width: 160 },
    storeName: { label: '门店', type: 'text', width: 130 },
    remark: { label: '说明', type: 'text', width: 220, sort: false },
  },
  measures: {
    points: { label: '积分变动', type: 'int', agg: 'sum' },
    balanceAfter: { label: '变动后积分', type: 'int', agg: 'sum', total: false },
  },
  filters: {
    memberId: memberIdFilter,
    period: { label: '日期', type: 'date', filter: 'range', period: true },
    kind: { label: '类型', type: 'enum', filter: 'eq', options: POINTS_LEDGER_KINDS },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'id' },
  totals: true,
});

/** /creditsExchange 积分兑换: the member's exchanges, newest first. */
export const CREDITS_EXCHANGE_VIEW = defineReport({
  name: 'creditsExchange',
  title: '积分兑换',
  page: '/creditsExchange',
  kind: 'detail',
  source: '积分兑换记录（points_exchange）',
  dimensions: {
    id: { label: '兑换ID', type: 'int', hidden: true },
    exchangeNo: { label: '兑换单号', type: 'text', width: 150 },
    at: { label: '兑换时间', type: 'datetime', width: 170 },
    itemName: { label: '兑换物品', type: 'text', width: 180 },
    storeName: { label: '门店', type: 'text', width: 130 },
    createdByName: { label: '操作人', type: 'text', width: 100 },
    remark: { label: '备注', type: 'text', width: 180, sort: false },
  },
  measures: {
    quantity: { label: '数量', type: 'int', agg: 'sum' },
    unitPoints: { label: '单件积分', type: 'int', agg: 'sum', total: false },
    points: { label: '消耗积分', type: 'int', agg: 'sum', summary: true },
  },
  filters: {
    memberId: memberIdFilter,
    period: { label: '兑换日期', type: 'date', filter: 'range', period: true },
    itemName: { label: '兑换物品', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'id' },
  totals: true,
});

export const POINTS_REPORTS = [PURCHASE_HISTORY_VIEW, POINTS_VIEW, CREDITS_EXCHANGE_VIEW];
