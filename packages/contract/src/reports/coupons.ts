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

export const COUPON_REPORTS = [MEMBER_COUPONS_VIEW];
