/**
 * 老板赠送 (/bossGiftActList, /bossGiftActDetail, /bossGiftRecordList, issue 16): head office sets up
 * an activity — the gifts a store's boss may give (coupon templates; a 项目体验券 gives sessions of
 * its project), what each counts against the budget, each store's budget and how often one member
 * may be given — and reviews it as every plan (entities/campaign.ts). While it runs, a store's boss
 * (a user whose data scope holds the store) gives chosen members gifts on /bossGiftActDetail: the
 * coupons are issued to the members in the same transaction, and the store's budget holds under
 * concurrency (the activity's store locked while the gift is counted). Every gift is a record;
 * /bossGiftRecordList lists them with how many of their coupons were used, /storeGiftCal sums
 * them by store against the budget, and the member's /giftsProject tab shows what they were given.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { campaignFields, campaignStepsApi, campaignStoreFields } from './campaign';
import { createdAtField, MONEY_MAX } from './goodsCommon';

export const BOSS_GIFT_ITEMS_MAX = 20;
/** Most coupons of one gift, and most members given at once. */
export const BOSS_GIFT_COUNT_MAX = 10;
export const BOSS_GIFT_MEMBERS_MAX = 50;

export const bossGiftItemRow = z.object({
  couponTemplateId: idOf('赠品', '请选择赠品优惠券'),
  value: z
    .number({ error: '请填写计入预算的金额' })
    .int('计入预算的金额须为整数分')
    .min(1, '计入预算的金额须大于 0')
    .max(MONEY_MAX, '计入预算的金额超出上限'),
});
export type BossGiftItemRow = z.output<typeof bossGiftItemRow>;

export const BOSS_GIFT_ACT = defineResource({
  name: 'bossGiftAct',
  title: '老板赠送活动',
  page: '/bossGiftActList',
  detailPage: '/bossGiftActDetail',
  api: '/rest/bossGift',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '赠品', '预算与门店'],
  fields: {
    ...campaignFields(),
    items: {
      label: '赠品',
      type: 'json',
      formOnly: true,
      schema: z
        .array(bossGiftItemRow, { error: '赠品格式无效' })
        .max(BOSS_GIFT_ITEMS_MAX, `最多 ${BOSS_GIFT_ITEMS_MAX} 种赠品`),
      section: '赠品',
      help: '老板可赠送的优惠券（项目体验券即赠送项目次数），及每张计入门店预算的金额',
    },
    itemsText: { label: '赠品', type: 'text', readOnly: true, list: { width: 240 }, section: '赠品' },
    storeBudget: {
      label: '每店预算',
      type: 'money',
      required: true,
      min: 1,
      max: MONEY_MAX,
      list: { width: 100 },
      section: '预算与门店',
      help: '活动期间每家门店可赠送的总金额（按赠品计入预算的金额）',
    },
    perMemberMax: {
      label: '每位会员最多受赠',
      type: 'int',
      required: true,
      min: 1,
      max: 100,
      default: 3,
      section: '预算与门店',
      help: '同一会员在本活动中最多受赠的张数',
    },
    ...campaignStoreFields('预算与门店', '参与门店'),
    // 赠送效果: the list's columns; the detail shows them in its result panel.
    stores: { label: '已赠门店', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    gifts: { label: '赠送张数', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    given: { label: '已用预算', type: 'money', readOnly: true, list: { width: 100 }, hidden: true },
    used: { label: '已核销', type: 'int', readOnly: true, list: { width: 80 }, hidden: true },
    createdAt: createdAtField(),
  },
});

/** The gifts given (/bossGiftRecordList, and under an activity), read-only, in the caller's data scope. */
export const BOSS_GIFT_RECORD = defineResource({
  name: 'bossGiftRecord',
  title: '老板赠送记录',
  page: '/bossGiftRecordList',
  api: '/rest/bossGift/record',
  rowLabel: 'memberName',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: { export: true },
  fields: {
    actId: { label: '活动ID', type: 'int', readOnly: true, filter: 'eq' },
    at: { label: '赠送时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true, filter: 'range' },
    actName: { label: '赠送活动', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 } },
    memberPhone: { label: '会员手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    giftName: { label: '赠品', type: 'text', readOnly: true, list: { width: 160 } },
    count: { label: '张数', type: 'int', readOnly: true, list: { width: 70 } },
    value: { label: '计入预算', type: 'money', readOnly: true, list: { width: 100 } },
    used: { label: '已核销', type: 'int', readOnly: true, list: { width: 80 } },
    givenByName: { label: '赠送人', type: 'text', readOnly: true, list: { width: 100 } },
    remark: { label: '备注', type: 'text', readOnly: true, list: { width: 160 } },
  },
});

/** 赠送: a store's boss gives members one of the activity's gifts. */
export const bossGiveBody = z.object({
  actId: idOf('老板赠送活动'),
  storeId: idOf('门店', '请选择门店'),
  couponTemplateId: idOf('赠品', '请选择赠品'),
  count: z
    .number({ error: '请填写赠送张数' })
    .int('赠送张数须为整数')
    .min(1, '赠送张数至少为 1')
    .max(BOSS_GIFT_COUNT_MAX, `每次最多赠送 ${BOSS_GIFT_COUNT_MAX} 张`),
  phones: z
    .array(
      z
        .string({ error: '请填写会员手机号' })
        .trim()
        .regex(/^\d{6,15}$/, '会员手机号为 6 到 15 位数字'),
      { error: '请填写会员手机号' },
    )
    .min(1, '请至少填写一位会员的手机号')
    .max(BOSS_GIFT_MEMBERS_MAX, `每次最多赠送 ${BOSS_GIFT_MEMBERS_MAX} 位会员`)
    .refine((a) => new Set(a).size === a.length, '会员手机号重复'),
  remark: z.string().trim().max(100, '备注最多 100 个字').optional(),
});
export type BossGiveBody = z.output<typeof bossGiveBody>;

export interface BossGiveAnswer {
  /** Members given, and the coupons issued. */
  members: number;
  coupons: number;
  /** The store's budget left after the gift (分). */
  budgetLeft: number;
}

/** What a store may still give in an activity (the detail's 赠送 form). */
export interface BossGiftBudget {
  storeId: number;
  storeName: string;
  budget: number;
  given: number;
  left: number;
}

export const BOSS_GIFT_API = {
  ...resourceApi(BOSS_GIFT_ACT),
  record: resourceApi(BOSS_GIFT_RECORD),
  ...campaignStepsApi('/bossGiftActList', '/rest/bossGift', '老板赠送活动'),
  coupons: endpoint<undefined, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: '/rest/bossGift/coupons',
    access: pageAccess('/bossGiftActList'),
    read: true,
    summary: '可作赠品的优惠券',
  }),
  budgets: endpoint<{ actId: number }, undefined, BossGiftBudget[]>({
    method: 'GET',
    path: '/rest/bossGift/budgets',
    access: pageAccess('/bossGiftActList'),
    query: z.object({ actId: idParamOf('老板赠送活动') }),
    read: true,
    summary: '本人数据范围内参与门店的预算与已赠',
  }),
  give: endpoint<undefined, BossGiveBody, BossGiveAnswer>({
    method: 'POST',
    path: '/rest/bossGift/give',
    access: buttonAccess('/bossGiftActList', 'add'),
    body: bossGiveBody,
    summary: '老板赠送：向会员赠送活动赠品',
  }),
} as const;
