/**
 * 折扣方案 (/salesList, /salesDetail, issue 16): special prices (特价) and discounts (折扣) on chosen
 * projects, products and cards, at all stores or chosen ones, between two days. It lives as every
 * head-office plan does (entities/campaign.ts): 草稿 → 待审核 → 进行中 → 已结束/已停用.
 *
 * Pricing rule (the bill prices by it): a bill's project or product line paid otherwise than by a
 * member card, and its card sale, is priced at the lowest price any 进行中 plan gives the goods at
 * the bill's store on the bill's day (Beijing), when that is below the goods' list price; the line
 * records the plan it was priced by (销售记录). A line a member card pays is priced by the card
 * (its 关联项目 price or its sessions), never by a plan. A coupon then takes off the price paid.
 */
import { z } from 'zod';
import { idOf } from '../api/ids';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { campaignFields, campaignStepsApi, campaignStoreFields } from './campaign';
import { createdAtField, MONEY_MAX } from './goodsCommon';
import { GOODS_KINDS } from './goodsRef';

export const SALE_MODES = [
  { value: 'price', label: '特价' },
  { value: 'rate', label: '折扣' },
] as const satisfies readonly EnumOption[];
export type SaleMode = (typeof SALE_MODES)[number]['value'];

/** A 折扣 in tenths of the list price kept: 85 is 8.5 折 (85%), 1 is 0.1 折. */
export const SALE_RATE_MIN = 1;
export const SALE_RATE_MAX = 99;
export const SALE_ITEMS_MAX = 200;

/** 8.5 折 of a rate. */
export const saleRateText = (rate: number): string => `${rate / 10} 折`;

/** A line price by a mode: the special price, or the list price times the rate, rounded to the 分 (half up). */
export const salePrice = (listPrice: number, mode: SaleMode, value: number): number =>
  mode === 'price' ? value : Math.round((listPrice * value) / 100);

export const saleItemRow = z.object({
  kind: z.enum(['project', 'product', 'card'], { error: '商品类别须为项目、商品或卡项' }),
  goodsId: idOf('商品', '请选择商品'),
  mode: z.enum(['price', 'rate'], { error: '优惠方式须为特价或折扣' }),
  value: z
    .number({ error: '请填写特价或折扣' })
    .int('特价须为整数分，折扣须为整数')
    .min(0, '特价或折扣不能为负')
    .max(MONEY_MAX, '特价超出上限'),
});
export type SaleItemRow = z.output<typeof saleItemRow>;

export const SALE = defineResource({
  name: 'sale',
  title: '折扣方案',
  page: '/salesList',
  detailPage: '/salesDetail',
  api: '/rest/sale',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '优惠商品', '适用门店'],
  fields: {
    ...campaignFields(),
    items: {
      label: '优惠商品',
      type: 'json',
      formOnly: true,
      schema: z.array(saleItemRow, { error: '优惠商品格式无效' }).max(SALE_ITEMS_MAX, `最多 ${SALE_ITEMS_MAX} 个商品`),
      section: '优惠商品',
      help: '每个项目、商品或卡项一行：特价填写折后单价（元），折扣填写 1 到 99（85 即 8.5 折）',
    },
    itemsText: { label: '优惠商品', type: 'text', readOnly: true, list: { width: 260 }, section: '优惠商品' },
    ...campaignStoreFields('适用门店'),
    // 活动效果: the list's columns; the detail shows them in its result panel.
    bills: { label: '成交单数', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    quantity: { label: '成交件数', type: 'int', readOnly: true, hidden: true },
    revenue: { label: '成交金额', type: 'money', readOnly: true, list: { width: 110 }, hidden: true },
    discount: { label: '让利金额', type: 'money', readOnly: true, list: { width: 110 }, hidden: true },
    createdAt: createdAtField(),
  },
});

/** The bill lines a plan priced (/salesDetail 销售记录), read-only. */
export const SALE_USE = defineResource({
  name: 'saleUse',
  title: '销售记录',
  page: '/salesList',
  api: '/rest/sale/use',
  rowLabel: 'billNo',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: {},
  fields: {
    saleId: { label: '方案ID', type: 'int', readOnly: true, filter: 'eq' },
    at: { label: '单据时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    billNo: { label: '单号', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 } },
    goodsKind: { label: '类别', type: 'enum', options: GOODS_KINDS, readOnly: true, list: { width: 70 } },
    goodsName: { label: '商品', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    quantity: { label: '数量', type: 'int', readOnly: true, list: { width: 70 } },
    listPrice: { label: '原价', type: 'money', readOnly: true, list: { width: 90 } },
    unitPrice: { label: '成交价', type: 'money', readOnly: true, list: { width: 90 } },
    discount: { label: '让利', type: 'money', readOnly: true, list: { width: 90 } },
  },
});

export const SALE_API = {
  ...resourceApi(SALE),
  use: resourceApi(SALE_USE),
  ...campaignStepsApi('/salesList', '/rest/sale', '折扣方案'),
} as const;
