/**
 * 团购平台 (issue 16, Channels): the group-buy platforms 美团/大众点评 and 抖音.
 *
 * - /openPlatform 团购开放平台: one app per platform (app key, secret kept encrypted and never read
 *   back, API base — empty: the built-in simulator —, 启用/停用).
 * - /tpl 团购平台管理: 美团 shops mapped to our stores and every platform's deals (团购商品) mapped to
 *   our projects or products; /douyinStoreList the same for 抖音 shops. Shops and deals are pulled
 *   from the platform (同步门店/同步商品) and then mapped.
 * - /onlineCouponList 团购券订单: the vouchers verified (核销) at our stores through the open API
 *   (OPEN_PATHS.groupBuyVerify), each checked with its platform first.
 *
 * The wire protocols of the platforms are modules/groupBuy/client.ts (server side).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption, type FieldDef } from '../resource/define';
import type { StorePick } from './storesCommon';

export const GROUPBUY_PLATFORMS = [
  { value: 'meituan', label: '美团/大众点评', color: 'gold' },
  { value: 'douyin', label: '抖音', color: 'geekblue' },
] as const satisfies readonly EnumOption[];
export type GroupBuyPlatform = (typeof GROUPBUY_PLATFORMS)[number]['value'];
export const GROUPBUY_PLATFORM_VALUES = GROUPBUY_PLATFORMS.map((p) => p.value) as GroupBuyPlatform[];

export const GROUPBUY_GOODS_KINDS = [
  { value: 'project', label: '项目' },
  { value: 'product', label: '商品' },
] as const satisfies readonly EnumOption[];

export const GROUPBUY_VOUCHER_STATES = [
  { value: 'verified', label: '已核销', color: 'green' },
  { value: 'cancelled', label: '已撤销核销', color: 'default' },
  { value: 'refunded', label: '已退款', color: 'red' },
] as const satisfies readonly EnumOption[];

/** A platform's voucher code as the store's POS reads it: 8 to 32 letters and digits. */
export const GROUPBUY_CODE_PATTERN = /^[A-Za-z0-9]{8,32}$/;

const platformField = {
  label: '平台',
  type: 'enum',
  options: GROUPBUY_PLATFORMS,
  required: true,
  createOnly: true,
  list: { width: 120 },
  filter: 'eq',
} as const satisfies FieldDef;

const updatedAtField = {
  label: '修改时间',
  type: 'datetime',
  readOnly: true,
  list: { width: 170 },
  sort: true,
} as const satisfies FieldDef;

/** /openPlatform: one app per platform. The page has only 编辑, which also adds. */
export const GROUPBUY_APP = defineResource({
  name: 'groupBuyApp',
  title: '团购开放平台应用',
  page: '/openPlatform',
  api: '/rest/groupBuy/apps',
  rowLabel: 'name',
  defaultSort: { field: 'platform', dir: 'asc' },
  actions: { create: true, update: true, delete: false, export: false },
  buttons: { add: 'edit' },
  fields: {
    platform: { ...platformField, help: '每个平台一个应用', sort: true },
    name: { label: '应用名称', type: 'text', required: true, max: 40, list: { width: 160 }, filter: 'like' },
    appKey: {
      label: 'App Key',
      type: 'text',
      required: true,
      max: 64,
      pattern: { regex: /^[A-Za-z0-9_-]{4,64}$/, message: 'App Key 为 4 到 64 位字母、数字、下划线或短横线' },
      list: { width: 180 },
    },
    appSecret: {
      label: 'App Secret',
      type: 'text',
      writeOnly: true,
      min: 8,
      max: 128,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'App Secret 只能包含字母、数字、下划线和短横线' },
      placeholder: '保存后不再显示；编辑时留空则不修改',
      help: '平台分配的密钥，用于请求签名',
    },
    secretSet: {
      label: '密钥状态',
      type: 'bool',
      readOnly: true,
      boolLabels: { yes: '已设置', no: '未设置', color: 'green' },
      list: { width: 90 },
    },
    apiBase: {
      label: '接口地址',
      type: 'text',
      max: 200,
      pattern: { regex: /^https?:\/\/[^\s]+$/, message: '接口地址须以 http:// 或 https:// 开头' },
      placeholder: '留空则使用内置模拟器',
      list: { width: 220 },
    },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
    },
    updatedAt: updatedAtField,
  },
});

const shopFields = {
  platformShopId: {
    label: '平台门店ID',
    type: 'text',
    required: true,
    createOnly: true,
    max: 40,
    pattern: { regex: /^[A-Za-z0-9_-]{1,40}$/, message: '平台门店ID只能包含字母、数字、下划线和短横线' },
    list: { width: 150 },
    filter: 'like',
  },
  platformShopName: {
    label: '平台门店名称',
    type: 'text',
    required: true,
    max: 60,
    list: { width: 200 },
    filter: 'like',
    sort: true,
  },
  storeId: { label: '绑定门店', type: 'int', formOnly: true, filter: 'eq', help: '核销该平台门店的券时记入此门店' },
  storeName: { label: '绑定门店', type: 'text', readOnly: true, list: { width: 140 } },
  mapped: {
    label: '绑定状态',
    type: 'bool',
    readOnly: true,
    boolLabels: { yes: '已绑定', no: '未绑定', color: 'green' },
    list: { width: 90 },
    filter: 'eq',
  },
  syncedAt: { label: '同步时间', type: 'datetime', readOnly: true, list: { width: 170 } },
  updatedAt: updatedAtField,
} as const satisfies Record<string, FieldDef>;

/** /tpl 美团门店: 美团/点评 shops and the store each is bound to. */
export const MEITUAN_SHOP = defineResource({
  name: 'meituanShop',
  title: '美团门店',
  page: '/tpl',
  api: '/rest/groupBuy/meituanShops',
  rowLabel: 'platformShopName',
  defaultSort: { field: 'platformShopName', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: shopFields,
});

/** /douyinStoreList 抖音门店: 抖音来客 shops and the store each is bound to. */
export const DOUYIN_SHOP = defineResource({
  name: 'douyinShop',
  title: '抖音门店',
  page: '/douyinStoreList',
  api: '/rest/groupBuy/douyinShops',
  rowLabel: 'platformShopName',
  defaultSort: { field: 'platformShopName', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: shopFields,
});

/** /tpl 团购商品: the platforms' deals and the project or product each stands for. */
export const GROUPBUY_DEAL = defineResource({
  name: 'groupBuyDeal',
  title: '团购商品',
  page: '/tpl',
  api: '/rest/groupBuy/deals',
  rowLabel: 'title',
  defaultSort: { field: 'title', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: {
    platform: platformField,
    platformDealId: {
      label: '平台商品ID',
      type: 'text',
      required: true,
      createOnly: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9_-]{1,40}$/, message: '平台商品ID只能包含字母、数字、下划线和短横线' },
      list: { width: 150 },
      filter: 'like',
    },
    title: {
      label: '团购名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 220 },
      filter: 'like',
      sort: true,
    },
    price: { label: '团购价', type: 'money', required: true, max: 100_000_00, list: { width: 100 }, sort: true },
    goodsKind: { label: '对应类型', type: 'enum', options: GROUPBUY_GOODS_KINDS, list: { width: 90 }, filter: 'eq' },
    projectId: { label: '对应项目', type: 'int', formOnly: true },
    productId: { label: '对应商品', type: 'int', formOnly: true },
    goodsName: { label: '对应项目/商品', type: 'text', readOnly: true, list: { width: 160 } },
    mapped: {
      label: '对应状态',
      type: 'bool',
      readOnly: true,
      boolLabels: { yes: '已对应', no: '未对应', color: 'green' },
      list: { width: 90 },
      filter: 'eq',
    },
    syncedAt: { label: '同步时间', type: 'datetime', readOnly: true, list: { width: 170 } },
    updatedAt: updatedAtField,
  },
});

/** /onlineCouponList 团购券订单: the vouchers verified at our stores. Read only. */
export const GROUPBUY_VOUCHER = defineResource({
  name: 'groupBuyVoucher',
  title: '团购券',
  page: '/onlineCouponList',
  api: '/rest/groupBuy/vouchers',
  rowLabel: 'code',
  defaultSort: { field: 'verifiedAt', dir: 'desc', thenBy: 'id' },
  actions: { create: false, update: false, delete: false, export: true },
  fields: {
    id: { label: 'ID', type: 'int', readOnly: true, hidden: true },
    code: { label: '券码', type: 'text', readOnly: true, list: { width: 160, fixed: 'left' }, filter: 'like' },
    platform: { ...platformField, readOnly: true },
    dealTitle: { label: '团购名称', type: 'text', readOnly: true, list: { width: 200 }, filter: 'like' },
    goodsName: { label: '对应项目/商品', type: 'text', readOnly: true, list: { width: 150 } },
    storeId: { label: '核销门店', type: 'int', readOnly: true, hidden: true, filter: 'eq' },
    storeName: { label: '核销门店', type: 'text', readOnly: true, list: { width: 140 } },
    paidAmount: { label: '用户实付', type: 'money', readOnly: true, list: { width: 100 }, sort: true },
    verifiedAt: {
      label: '核销时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
    state: {
      label: '状态',
      type: 'enum',
      options: GROUPBUY_VOUCHER_STATES,
      readOnly: true,
      list: { width: 100 },
      filter: 'eq',
    },
    verifyId: { label: '平台核销单号', type: 'text', readOnly: true, list: { width: 180 } },
    clientName: { label: '核销终端', type: 'text', readOnly: true, list: { width: 160 } },
  },
});

const platformBody = z.object({
  platform: z.enum(GROUPBUY_PLATFORM_VALUES as [GroupBuyPlatform, ...GroupBuyPlatform[]], {
    error: '请选择平台',
  }),
});
export type GroupBuyPlatformBody = z.infer<typeof platformBody>;

/** What a 同步 answered: rows the platform listed, new ones among them. */
export interface GroupBuySyncResult {
  listed: number;
  added: number;
}

/** A project or product of a deal's mapping. */
export interface GoodsPick {
  id: number;
  name: string;
}

/** 拉取评价's answer (and the job's). */
export interface GroupBuyReviewPull {
  shops: number;
  added: number;
}

/** 拉取评价's result in a sentence (the server's message, the page's, the job's). */
export const reviewPullText = (r: GroupBuyReviewPull): string =>
  r.shops === 0 ? '没有已接入平台并绑定门店的团购门店' : `拉取 ${r.shops} 家团购门店的评价，新增 ${r.added} 条`;

export const GROUPBUY_API = {
  /** 拉取评价 now (the job groupBuyReviews does it hourly). */
  pullReviews: endpoint<undefined, undefined, GroupBuyReviewPull>({
    method: 'POST',
    path: '/rest/groupBuy/reviews/pull',
    access: buttonAccess('/openPlatform', 'edit'),
    summary: '拉取团购平台的门店评价',
  }),
  apps: resourceApi(GROUPBUY_APP),
  meituanShops: resourceApi(MEITUAN_SHOP),
  douyinShops: resourceApi(DOUYIN_SHOP),
  deals: resourceApi(GROUPBUY_DEAL),
  vouchers: resourceApi(GROUPBUY_VOUCHER),
  syncMeituanShops: endpoint<undefined, undefined, GroupBuySyncResult>({
    method: 'POST',
    path: '/rest/groupBuy/meituanShops/sync',
    access: buttonAccess('/tpl', 'add'),
    summary: '同步美团门店',
  }),
  syncDouyinShops: endpoint<undefined, undefined, GroupBuySyncResult>({
    method: 'POST',
    path: '/rest/groupBuy/douyinShops/sync',
    access: buttonAccess('/douyinStoreList', 'add'),
    summary: '同步抖音门店',
  }),
  syncDeals: endpoint<undefined, GroupBuyPlatformBody, GroupBuySyncResult>({
    method: 'POST',
    path: '/rest/groupBuy/deals/sync',
    access: buttonAccess('/tpl', 'add'),
    body: platformBody,
    summary: '同步团购商品',
  }),
  tplStores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/groupBuy/tpl/stores',
    access: pageAccess('/tpl'),
    summary: '可绑定的门店（美团）',
  }),
  douyinStores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/groupBuy/douyinShops/stores',
    access: pageAccess('/douyinStoreList'),
    summary: '可绑定的门店（抖音）',
  }),
  projects: endpoint<undefined, undefined, GoodsPick[]>({
    method: 'GET',
    path: '/rest/groupBuy/deals/projects',
    access: pageAccess('/tpl'),
    summary: '可对应的项目',
  }),
  products: endpoint<undefined, undefined, GoodsPick[]>({
    method: 'GET',
    path: '/rest/groupBuy/deals/products',
    access: pageAccess('/tpl'),
    summary: '可对应的商品',
  }),
};

/** The open API's 核销 (OPEN_PATHS.groupBuyVerify): a POS terminal verifies a code for its store. */
export const openGroupBuyVerifyBody = z.object({
  platform: platformBody.shape.platform,
  code: z.string({ error: '请输入券码' }).regex(GROUPBUY_CODE_PATTERN, '券码为 8 到 32 位字母或数字'),
  storeCode: z.string({ error: '请填写门店编码' }).trim().min(1).max(20),
});
export type OpenGroupBuyVerifyBody = z.infer<typeof openGroupBuyVerifyBody>;

/** What a successful 核销 answers. */
export interface OpenGroupBuyVerified {
  voucherId: number;
  code: string;
  platform: GroupBuyPlatform;
  dealTitle: string;
  goodsKind: 'project' | 'product' | null;
  projectId: number | null;
  productId: number | null;
  paidAmount: number;
  verifiedAt: string;
}

export const GROUPBUY_REFUND_KINDS = [
  { value: 'cancel', label: '撤销核销', color: 'orange' },
  { value: 'refund', label: '平台退款', color: 'red' },
] as const satisfies readonly EnumOption[];
export type GroupBuyRefundKind = (typeof GROUPBUY_REFUND_KINDS)[number]['value'];

/**
 * /onlineCouponRefundList 团购券退款 and /onlineCouponRefundDetail: a verified voucher's 撤销核销
 * (asked of the platform within its window; the code can be used again) or 平台退款 (the platform
 * refunded the member after 核销; recorded here). The voucher's state follows. Written by the
 * 登记退款 call (GROUPBUY_API.applyRefund), read here.
 */
export const GROUPBUY_REFUND = defineResource({
  name: 'groupBuyRefund',
  title: '团购券退款',
  page: '/onlineCouponRefundList',
  detailPage: '/onlineCouponRefundDetail',
  api: '/rest/groupBuy/refunds',
  rowLabel: 'code',
  defaultSort: { field: 'createdAt', dir: 'desc', thenBy: 'id' },
  actions: { create: false, update: false, delete: false, export: true },
  fields: {
    id: { label: 'ID', type: 'int', readOnly: true, hidden: true },
    code: { label: '券码', type: 'text', readOnly: true, list: { width: 160, fixed: 'left' }, filter: 'like' },
    platform: { ...platformField, readOnly: true },
    kind: {
      label: '退款方式',
      type: 'enum',
      options: GROUPBUY_REFUND_KINDS,
      readOnly: true,
      list: { width: 100 },
      filter: 'eq',
    },
    dealTitle: { label: '团购名称', type: 'text', readOnly: true, list: { width: 200 } },
    storeId: { label: '核销门店', type: 'int', readOnly: true, hidden: true, filter: 'eq' },
    storeName: { label: '核销门店', type: 'text', readOnly: true, list: { width: 140 } },
    amount: { label: '退款金额', type: 'money', readOnly: true, list: { width: 100 }, sort: true },
    voucherState: {
      label: '券状态',
      type: 'enum',
      options: GROUPBUY_VOUCHER_STATES,
      readOnly: true,
      list: { width: 100 },
      filter: 'eq',
    },
    verifiedAt: { label: '核销时间', type: 'datetime', readOnly: true, list: { width: 170 } },
    reason: { label: '退款原因', type: 'text', readOnly: true, list: { width: 200 } },
    createdByName: { label: '登记人', type: 'text', readOnly: true, list: { width: 100 } },
    createdAt: {
      label: '登记时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
  },
});

export const applyGroupBuyRefundBody = z.object({
  voucherId: idOf('团购券', '请选择团购券'),
  kind: z.enum(['cancel', 'refund'], { error: '请选择退款方式' }),
  reason: z.string({ error: '请填写退款原因' }).trim().min(1, '请填写退款原因').max(200, '退款原因最多 200 个字符'),
});
export type ApplyGroupBuyRefund = z.infer<typeof applyGroupBuyRefundBody>;

export const GROUPBUY_REFUND_API = {
  ...resourceApi(GROUPBUY_REFUND),
  /** 登记退款: 撤销核销 at the platform, or a 平台退款 recorded; the voucher's state follows. */
  apply: endpoint<undefined, ApplyGroupBuyRefund, { id: number }>({
    method: 'POST',
    path: '/rest/groupBuy/refunds/apply',
    access: buttonAccess('/onlineCouponRefundList', 'audit'),
    body: applyGroupBuyRefundBody,
    summary: '登记团购券退款',
  }),
  /** The verified vouchers of the caller's stores a refund may be registered for. */
  vouchers: endpoint<undefined, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: '/rest/groupBuy/refunds/vouchers',
    access: pageAccess('/onlineCouponRefundList'),
    summary: '可退款的团购券',
  }),
};
