/**
 * 优惠券 views (issue 16): the member's /coupon tab — every coupon issued to the member with its
 * state, validity and the bill it paid — embedded in /personalAccount with the member's id as its
 * fixed, required filter. A member is seen when their home store is in the caller's data scope.
 */
import { COUPON_KINDS, MEMBER_COUPON_STATUSES } from '../entities/coupon';
import { defineReport } from '../report/define';

/** /coupon 优惠券: the member's coupons, newest first. */
export const MEMBER_COUPONS_VIEW = defineReport({
  name: 'memberCoupons',
  title: '优惠券',
  page: '/coupon',
  kind: 'detail',
  source: '会员优惠券（member_coupon）及其核销的收银单',
  dimensions: {
    id: { label: '券ID', type: 'int', hidden: true },
    couponNo: { label: '券号', type: 'text', width: 140, fixed: 'left' },
    templateName: { label: '优惠券', type: 'text', width: 160 },
    kind: { label: '券类型', type: 'enum', options: COUPON_KINDS, width: 100 },
    status: { label: '状态', type: 'enum', options: MEMBER_COUPON_STATUSES, width: 80 },
    validFrom: { label: '生效日期', type: 'date', width: 110 },
    validTo: { label: '失效日期', type: 'date', width: 110 },
    issuedAt: { label: '发放时间', type: 'datetime', width: 170 },
    usedBillNo: { label: '核销单号', type: 'text', width: 170 },
    usedAt: { label: '核销时间', type: 'datetime', width: 170 },
  },
  measures: {
    usedValue: { label: '抵扣金额', type: 'money', agg: 'sum', summary: true },
  },
  filters: {
    memberId: { label: '会员', type: 'int', filter: 'eq', required: true, fixed: true },
    period: { label: '发放日期', type: 'date', filter: 'range', period: true },
    status: { label: '状态', type: 'enum', filter: 'eq', options: MEMBER_COUPON_STATUSES },
  },
  defaultSort: { field: 'issuedAt', dir: 'desc', thenBy: 'id' },
  totals: true,
});

const storeName = { label: '门店', type: 'text', width: 140 } as const;
const templateFilter = { label: '优惠券', type: 'text', filter: 'like' } as const;
const couponStoreFilter = { label: '门店', type: 'int', filter: 'eq', picker: 'store' } as const;
const couponRegionFilter = { label: '大区', type: 'int', filter: 'eq', picker: 'region' } as const;

/**
 * /couponDetailReport 优惠券明细: the coupons issued in the period by template and store (the
 * member's home store at the issue), what became of them, what they took off and the revenue of
 * the bills they were used on (a bill paid with two coupons counts for each).
 */
export const COUPON_DETAIL_REPORT = defineReport({
  name: 'couponDetailReport',
  title: '优惠券明细',
  page: '/couponDetailReport',
  kind: 'summary',
  dimensions: {
    templateId: { label: '优惠券ID', type: 'int', hidden: true },
    templateName: { label: '优惠券', type: 'text', width: 160, fixed: 'left' },
    kind: { label: '券类型', type: 'enum', options: COUPON_KINDS, width: 100 },
    regionId: { label: '大区ID', type: 'int', hidden: true },
    regionName: { label: '大区', type: 'text', width: 100 },
    storeId: { label: '门店ID', type: 'int', hidden: true },
    storeName,
    month: { label: '发放月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    issued: { label: '发放张数', type: 'int', agg: 'sum', width: 90, summary: true },
    used: { label: '已核销', type: 'int', agg: 'sum', width: 90, group: '使用情况', summary: true },
    unused: { label: '未使用', type: 'int', agg: 'sum', width: 90, group: '使用情况' },
    expired: { label: '已过期', type: 'int', agg: 'sum', width: 90, group: '使用情况' },
    voided: { label: '已作废', type: 'int', agg: 'sum', width: 90, group: '使用情况' },
    useRate: { label: '核销率', type: 'percent', agg: 'ratio', of: { num: 'used', den: 'issued' }, width: 90 },
    usedValue: { label: '抵扣金额', type: 'money', agg: 'sum', width: 110, summary: true },
    revenue: { label: '带动营收', type: 'money', agg: 'sum', width: 120, summary: true },
  },
  groupings: [
    { key: 'template', label: '按优惠券', dims: ['templateId', 'templateName', 'kind'] },
    {
      key: 'templateStore',
      label: '按优惠券和门店',
      dims: ['templateId', 'templateName', 'kind', 'regionId', 'regionName', 'storeId', 'storeName'],
    },
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { label: '发放日期', type: 'date', filter: 'range', period: true, preset: 'last30Days', required: true },
    templateName: templateFilter,
    kind: { label: '券类型', type: 'enum', filter: 'eq', options: COUPON_KINDS },
    storeId: couponStoreFilter,
    regionId: couponRegionFilter,
  },
  defaultSort: { field: 'issued', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'templateName', series: ['issued', 'used'] },
  drill: {
    issued: { to: '/couponDetailActivty', query: { templateId: { row: 'templateId' }, storeId: { row: 'storeId' } } },
  },
  export: true,
  source:
    '会员优惠券（member_coupon）按发放时间的北京日期计入期间，按会员发券时的所属门店计入数据范围；带动营收为核销该券的收银单金额',
});

/** /couponDetailActivty 活动券明细: the coupons one row each, drilled from /couponDetailReport. */
export const COUPON_DETAIL_ACTIVITY = defineReport({
  name: 'couponDetailActivty',
  title: '活动券明细',
  page: '/couponDetailActivty',
  kind: 'detail',
  dimensions: {
    couponNo: { label: '券号', type: 'text', width: 140, fixed: 'left' },
    templateId: { label: '优惠券ID', type: 'int', hidden: true },
    templateName: { label: '优惠券', type: 'text', width: 160 },
    memberName: { label: '会员', type: 'text', width: 100 },
    storeId: { label: '门店ID', type: 'int', hidden: true },
    storeName,
    status: { label: '状态', type: 'enum', options: MEMBER_COUPON_STATUSES, width: 80 },
    issuedAt: { label: '发放时间', type: 'datetime', width: 170 },
    validTo: { label: '失效日期', type: 'date', width: 110 },
    usedBillNo: { label: '核销单号', type: 'text', width: 150 },
    usedAt: { label: '核销时间', type: 'datetime', width: 170 },
  },
  measures: {
    usedValue: { label: '抵扣金额', type: 'money', agg: 'sum', width: 100 },
    revenue: { label: '单据金额', type: 'money', agg: 'sum', width: 110 },
  },
  filters: {
    period: { label: '发放日期', type: 'date', filter: 'range', period: true },
    templateId: { label: '优惠券', type: 'int', filter: 'eq' },
    storeId: couponStoreFilter,
    status: { label: '状态', type: 'enum', filter: 'eq', options: MEMBER_COUPON_STATUSES },
  },
  defaultSort: { field: 'issuedAt', dir: 'desc' },
  totals: true,
  // A detail route has no buttons: /couponDetailReport's export covers the coupons.
  export: false,
  source: '会员优惠券（member_coupon）与核销它的收银单',
});

/** 核对结果 of a coupon payment: what the bill took off against what the coupon ledger says. */
export const DISCOUNT_CHECKS = [
  { value: 'match', label: '一致', color: 'green' },
  { value: 'mismatch', label: '不一致', color: 'red' },
] as const;

/**
 * /discountVerify 优惠核销: every coupon payment on a bill checked against the coupon ledger — the
 * amount the bill took off less what a refund gave back must equal the ledger's 核销 less its 退回
 * for that coupon and bill, on a coupon of the bill's member.
 */
export const DISCOUNT_VERIFY = defineReport({
  name: 'discountVerify',
  title: '优惠核销',
  page: '/discountVerify',
  kind: 'detail',
  dimensions: {
    at: { label: '单据时间', type: 'datetime', width: 170, fixed: 'left' },
    billNo: { label: '单号', type: 'text', width: 140 },
    regionId: { label: '大区ID', type: 'int', hidden: true },
    storeId: { label: '门店ID', type: 'int', hidden: true },
    storeName,
    memberName: { label: '会员', type: 'text', width: 100 },
    couponNo: { label: '券号', type: 'text', width: 140 },
    templateName: { label: '优惠券', type: 'text', width: 150 },
    kind: { label: '券类型', type: 'enum', options: COUPON_KINDS, width: 100 },
    check: { label: '核对结果', type: 'enum', options: DISCOUNT_CHECKS, width: 90 },
  },
  measures: {
    paid: { label: '单据抵扣', type: 'money', agg: 'sum', width: 110, summary: true },
    refunded: { label: '已退回', type: 'money', agg: 'sum', width: 100 },
    ledger: { label: '券核销净额', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  filters: {
    period: { label: '单据日期', type: 'date', filter: 'range', period: true, preset: 'last30Days', required: true },
    storeId: couponStoreFilter,
    regionId: couponRegionFilter,
    check: { label: '核对结果', type: 'enum', filter: 'eq', options: DISCOUNT_CHECKS },
    couponNo: { label: '券号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'at', dir: 'desc' },
  totals: true,
  export: true,
  source:
    '收银单的优惠券支付（bill_payment）与优惠券台账（coupon_ledger 的核销与退回），按单据时间的北京日期计入期间，按单据门店计入数据范围',
});

export const COUPON_REPORTS = [MEMBER_COUPONS_VIEW, COUPON_DETAIL_REPORT, COUPON_DETAIL_ACTIVITY, DISCOUNT_VERIFY];
