/**
 * 赠送方案 (/giftsList, /giftsDetail, issue 16): what a member is given on top when a bill tops up a
 * stored card (充值赠送: the top-up reaches the plan's 门槛) or sells one of the plan's cards
 * (购卡赠送) at a store the plan covers, on a day within its dates — 赠送金额 onto that stored card,
 * and coupons (any template; a 项目体验券 gives sessions of its project) to the member. A plan lives
 * as every head-office plan does (entities/campaign.ts).
 *
 * Rule: each top-up or card-sale line takes at most one plan — of the 进行中 plans it qualifies
 * for, the one with the highest 门槛, then the newest. The bonus is part of the line's own ledger
 * entry (the card's 赠送余额, in the bill's transaction); the coupons are issued in the same
 * transaction, and a coupon the coupon side cannot give (sold out, the member's limit) is noted on
 * the record, never a refusal of the bill. Every gift is a record (交易赠送明细).
 */
import { endpoint } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { campaignFields, campaignStepsApi, campaignStoreFields } from './campaign';
import { createdAtField, MONEY_MAX } from './goodsCommon';

export const GIFT_TRIGGERS = [
  { value: 'topUp', label: '充值赠送', color: 'gold' },
  { value: 'cardSale', label: '购卡赠送', color: 'purple' },
] as const satisfies readonly EnumOption[];
export type GiftTrigger = (typeof GIFT_TRIGGERS)[number]['value'];

/** Most coupons one gift gives. */
export const GIFT_COUPONS_MAX = 10;

export const GIFT_PLAN = defineResource({
  name: 'giftPlan',
  title: '赠送方案',
  page: '/giftsList',
  detailPage: '/giftsDetail',
  api: '/rest/giftPlan',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '赠送条件', '赠送内容', '适用门店'],
  fields: {
    ...campaignFields(),
    trigger: {
      label: '赠送类型',
      type: 'enum',
      options: GIFT_TRIGGERS,
      required: true,
      default: 'topUp',
      list: { width: 100 },
      filter: 'eq',
      section: '赠送条件',
    },
    minAmount: {
      label: '充值门槛',
      type: 'money',
      min: 0,
      max: MONEY_MAX,
      default: 0,
      list: { width: 100 },
      section: '赠送条件',
      help: '充值赠送：单笔充值达到此金额才赠送（须大于 0）',
    },
    cardCodes: {
      label: '卡项编码',
      type: 'textarea',
      max: 1000,
      section: '赠送条件',
      help: '购卡赠送：购买这些卡项时赠送，卡项编码逗号分隔',
    },
    giftBonus: {
      label: '赠送金额',
      type: 'money',
      min: 0,
      max: MONEY_MAX,
      default: 0,
      list: { width: 100 },
      section: '赠送内容',
      help: '计入所充值或所购储值卡的赠送余额（套餐卡不能赠送金额）',
    },
    couponTemplateId: {
      label: '赠送优惠券ID',
      type: 'int',
      min: 1,
      formOnly: true,
      section: '赠送内容',
      help: '可选：项目体验券即赠送该项目的次数；发放时须为进行中的券',
    },
    couponName: { label: '赠送优惠券', type: 'text', readOnly: true, list: { width: 140 }, section: '赠送内容' },
    couponCount: {
      label: '赠送张数',
      type: 'int',
      min: 0,
      max: GIFT_COUPONS_MAX,
      default: 0,
      section: '赠送内容',
      help: `每次赠送的张数（最多 ${GIFT_COUPONS_MAX} 张）`,
    },
    ...campaignStoreFields('适用门店'),
    // 赠送效果: the list's columns; the detail shows them in its result panel.
    times: { label: '赠送次数', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    members: { label: '受赠会员', type: 'int', readOnly: true, hidden: true },
    bonusGiven: { label: '已赠金额', type: 'money', readOnly: true, list: { width: 100 }, hidden: true },
    couponsGiven: { label: '已赠券数', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    revenue: { label: '带动充值/售卡', type: 'money', readOnly: true, list: { width: 120 }, hidden: true },
    createdAt: createdAtField(),
  },
});

/** The gifts a plan gave (/giftsDetail 赠送记录), read-only. */
export const GIFT_RECORD = defineResource({
  name: 'giftRecord',
  title: '赠送记录',
  page: '/giftsList',
  api: '/rest/giftPlan/record',
  rowLabel: 'billNo',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: {},
  fields: {
    planId: { label: '方案ID', type: 'int', readOnly: true, filter: 'eq' },
    at: { label: '单据时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    billNo: { label: '单号', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 } },
    trigger: { label: '赠送类型', type: 'enum', options: GIFT_TRIGGERS, readOnly: true, list: { width: 90 } },
    amount: { label: '充值/售卡金额', type: 'money', readOnly: true, list: { width: 120 } },
    bonus: { label: '赠送金额', type: 'money', readOnly: true, list: { width: 100 } },
    coupons: { label: '赠送券数', type: 'int', readOnly: true, list: { width: 90 } },
    note: { label: '说明', type: 'text', readOnly: true, list: { width: 200 } },
  },
});

export const GIFT_PLAN_API = {
  ...resourceApi(GIFT_PLAN),
  record: resourceApi(GIFT_RECORD),
  ...campaignStepsApi('/giftsList', '/rest/giftPlan', '赠送方案'),
  coupons: endpoint<undefined, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: '/rest/giftPlan/coupons',
    access: pageAccess('/giftsList'),
    read: true,
    summary: '可赠送的优惠券',
  }),
} as const;
