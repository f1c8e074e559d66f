/**
 * Reports of head-office offers (issue 16, SPEC §2.10): /transactionGiftDetail 交易赠送明细 — the
 * gifts 赠送方案 gave on bills (top-ups and cards sold), by plan, store and month; /storeGiftCal
 * 门店赠送统计 — what stores' bosses gave (老板赠送) against each store's budget; and the member's
 * /giftsProject tab — the coupons the member was given and what became of them.
 */
import { COUPON_ISSUE_SOURCES, COUPON_KINDS, MEMBER_COUPON_STATUSES } from '../entities/coupon';
import { GIFT_TRIGGERS } from '../entities/giftPlan';
import { defineReport } from '../report/define';
import { ratioOf, summed } from '../report/measures';
import { period, regionFilter, regionId, regionName, storeFilter, storeId, storeName } from './memberAssets';

export const TRANSACTION_GIFT_DETAIL = defineReport({
  name: 'transactionGiftDetail',
  title: '交易赠送明细',
  page: '/transactionGiftDetail',
  kind: 'summary',
  dimensions: {
    planId: { label: '方案ID', type: 'int', hidden: true },
    planCode: { label: '方案编号', type: 'text', width: 110, fixed: 'left' },
    planName: { label: '赠送方案', type: 'text', width: 180 },
    trigger: { label: '赠送类型', type: 'enum', options: GIFT_TRIGGERS, width: 100 },
    regionId,
    regionName: { ...regionName, fixed: undefined },
    storeId,
    storeName: { ...storeName, fixed: undefined },
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    times: summed('赠送次数', { summary: true }),
    amount: summed('充值/售卡金额', { type: 'money', width: 130, summary: true }),
    bonus: summed('赠送金额', { type: 'money', summary: true }),
    coupons: summed('赠送券数', { summary: true }),
    bonusRate: ratioOf('赠送比例', 'bonus', 'amount'),
  },
  groupings: [
    { key: 'plan', label: '按方案', dims: ['planId', 'planCode', 'planName', 'trigger'] },
    {
      key: 'planStore',
      label: '按方案和门店',
      dims: ['planId', 'planCode', 'planName', 'trigger', 'regionId', 'regionName', 'storeId', 'storeName'],
    },
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { ...period, label: '单据日期', preset: 'last30Days' },
    planName: { label: '赠送方案', type: 'text', filter: 'like' },
    trigger: { label: '赠送类型', type: 'enum', filter: 'eq', options: GIFT_TRIGGERS },
    storeId: storeFilter,
    regionId: regionFilter,
  },
  defaultSort: { field: 'bonus', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'planName', series: ['bonus'] },
  export: true,
  source: '赠送方案在收银单上的赠送记录（gift_record），按单据时间的北京日期计入期间，按单据门店计入数据范围',
});

/**
 * /storeGiftCal 门店赠送统计: per activity and store, the budget, what the store's boss gave, how many
 * members, and how many of the coupons were used — by the activity's start day.
 */
export const STORE_GIFT_CAL = defineReport({
  name: 'storeGiftCal',
  title: '门店赠送统计',
  page: '/storeGiftCal',
  kind: 'summary',
  dimensions: {
    actId: { label: '活动ID', type: 'int', hidden: true },
    actName: { label: '赠送活动', type: 'text', width: 180, fixed: 'left' },
    regionId,
    regionName: { ...regionName, fixed: undefined },
    storeId,
    storeName: { ...storeName, fixed: undefined },
  },
  measures: {
    budget: summed('门店预算', { type: 'money', summary: true }),
    given: summed('已赠金额', { type: 'money', summary: true }),
    budgetUse: ratioOf('预算使用率', 'given', 'budget', { width: 100 }),
    members: summed('受赠会员'),
    gifts: summed('赠送张数', { summary: true }),
    used: summed('已核销', { width: 80, summary: true }),
    useRate: ratioOf('核销率', 'used', 'gifts'),
  },
  groupings: [
    {
      key: 'actStore',
      label: '按活动和门店',
      dims: ['actId', 'actName', 'regionId', 'regionName', 'storeId', 'storeName'],
    },
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'act', label: '按活动', dims: ['actId', 'actName'] },
  ],
  filters: {
    period: { ...period, label: '活动开始日期', preset: 'last30Days' },
    actName: { label: '赠送活动', type: 'text', filter: 'like' },
    storeId: storeFilter,
    regionId: regionFilter,
  },
  defaultSort: { field: 'given', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['budget', 'given'] },
  export: true,
  source:
    '老板赠送记录（boss_gift_record）按活动与门店汇总，门店预算取活动设置；按活动开始日期计入期间，按赠送门店计入数据范围',
});

/** /giftsProject 赠送项目: the coupons the member was given (赠送方案, 老板赠送), newest first. */
export const MEMBER_GIFTS_VIEW = defineReport({
  name: 'memberGifts',
  title: '赠送项目',
  page: '/giftsProject',
  kind: 'detail',
  source: '会员受赠的优惠券（member_coupon 中来源为赠送方案、老板赠送的券）及其核销的收银单',
  dimensions: {
    id: { label: '券ID', type: 'int', hidden: true },
    issuedAt: { label: '赠送时间', type: 'datetime', width: 170 },
    source: { label: '来源', type: 'enum', options: COUPON_ISSUE_SOURCES, width: 90 },
    label: { label: '活动', type: 'text', width: 200 },
    templateName: { label: '赠品', type: 'text', width: 160 },
    kind: { label: '类型', type: 'enum', options: COUPON_KINDS, width: 100 },
    couponNo: { label: '券号', type: 'text', width: 140 },
    status: { label: '状态', type: 'enum', options: MEMBER_COUPON_STATUSES, width: 80 },
    validTo: { label: '失效日期', type: 'date', width: 110 },
    usedBillNo: { label: '使用单号', type: 'text', width: 160 },
    usedAt: { label: '使用时间', type: 'datetime', width: 170 },
  },
  measures: {
    usedValue: { label: '抵扣金额', type: 'money', agg: 'sum', summary: true },
  },
  filters: {
    memberId: { label: '会员', type: 'int', filter: 'eq', required: true, fixed: true },
    period: { label: '赠送日期', type: 'date', filter: 'range', period: true },
    status: { label: '状态', type: 'enum', filter: 'eq', options: MEMBER_COUPON_STATUSES },
  },
  defaultSort: { field: 'issuedAt', dir: 'desc', thenBy: 'id' },
  totals: true,
});

export const OFFER_REPORTS = [TRANSACTION_GIFT_DETAIL, STORE_GIFT_CAL, MEMBER_GIFTS_VIEW] as const;
