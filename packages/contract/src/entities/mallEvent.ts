/**
 * 商城活动 (issue 16, SPEC §2.8 /mallEventsList, /mallEventsDetail; §2.9 /activityOrderList,
 * /activityOrderDetail) and the templates new ones start from (/activityModelList,
 * /activityModelDetail).
 *
 * An event sells chosen mall goods in the mini-program at its own price, from its own stock
 * (活动库存, taken from the goods' stock as well), with a per-member limit, between two days:
 * 秒杀 (flash sale), 限时折扣 (timed discount) or 拼团 (group buying: the first order opens a group,
 * friends join it with its number; the group forms when it has 成团人数 members within 成团时限,
 * else it fails and its orders are cancelled and paid back). It lives as every head-office plan
 * (entities/campaign.ts): 草稿 → 待审核 → 进行中 → 已结束/已停用. Anyone signed in sees the events;
 * /mallEventsDetail's 编辑 creates, changes and submits them, its 审核 stops one.
 *
 * Rules an order in an event keeps (server mall/orders.ts): the event is 进行中 on the order's day
 * (Beijing); every line's goods is in it; the event's stock and the goods' stock are both taken by
 * conditional updates (never oversold, also under concurrency); the member's pieces of the goods
 * in the event, orders not cancelled, stay within its limit; a 拼团 order joins a group that is
 * forming, not full and not past its time, once per member. A 拼团 order is shipped or picked up
 * only once its group formed. Cancelling an order gives its event stock back (and its place in a
 * forming group).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { anyPageAccess, buttonAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { campaignFields, campaignStepsApi } from './campaign';
import { createdAtField, MONEY_MAX } from './goodsCommon';
import { MALL_LIMIT_MAX, MALL_STOCK_MAX, mallOrderFields } from './mall';

export const MALL_EVENT_KINDS = [
  { value: 'seckill', label: '秒杀', color: 'red' },
  { value: 'group', label: '拼团', color: 'purple' },
  { value: 'timed', label: '限时折扣', color: 'orange' },
] as const satisfies readonly EnumOption[];
export type MallEventKind = (typeof MALL_EVENT_KINDS)[number]['value'];
export const mallEventKindLabel = (k: string): string => MALL_EVENT_KINDS.find((o) => o.value === k)?.label ?? k;

export const MALL_GROUP_STATUSES = [
  { value: 'forming', label: '拼团中', color: 'blue' },
  { value: 'formed', label: '已成团', color: 'green' },
  { value: 'failed', label: '未成团', color: 'default' },
] as const satisfies readonly EnumOption[];
export type MallGroupStatus = (typeof MALL_GROUP_STATUSES)[number]['value'];

export const MALL_GROUP_SIZE_MIN = 2;
export const MALL_GROUP_SIZE_MAX = 20;
export const MALL_GROUP_HOURS_MIN = 1;
export const MALL_GROUP_HOURS_MAX = 72;
export const MALL_EVENT_ITEMS_MAX = 50;
export const MALL_EVENT_DAYS_MAX = 90;
/** Event codes: HD and the id in six digits; group numbers: PT + Beijing day + six digits. */
export const MALL_EVENT_CODE_PREFIX = 'HD';
export const MALL_GROUP_NO_PREFIX = 'PT';

/** A 折扣 in tenths of the price kept: 85 is 8.5 折; the price it gives, rounded to the 分 (half up). */
export const MALL_RATE_MIN = 1;
export const MALL_RATE_MAX = 99;
export const ratedPrice = (price: number, rate: number): number => Math.max(1, Math.round((price * rate) / 100));

const int = (what: string, min: number, max: number) =>
  z
    .number({ error: `请填写${what}` })
    .int(`${what}须为整数`)
    .min(min, `${what}不能小于 ${min}`)
    .max(max, `${what}不能大于 ${max}`);

export const mallEventItemRow = z.object({
  goodsId: idOf('商城商品', '请选择商城商品'),
  price: int('活动价', 1, MONEY_MAX),
  stock: int('活动库存', 1, MALL_STOCK_MAX),
  limitPerMember: int('每人限购', 0, MALL_LIMIT_MAX),
});
export type MallEventItemRow = z.output<typeof mallEventItemRow>;

const groupFields = (section: string) =>
  ({
    groupSize: {
      label: '成团人数',
      type: 'int',
      min: MALL_GROUP_SIZE_MIN,
      max: MALL_GROUP_SIZE_MAX,
      section,
      help: `拼团活动填写（${MALL_GROUP_SIZE_MIN}–${MALL_GROUP_SIZE_MAX} 人）：凑满人数即成团`,
    },
    groupHours: {
      label: '成团时限（小时）',
      type: 'int',
      min: MALL_GROUP_HOURS_MIN,
      max: MALL_GROUP_HOURS_MAX,
      section,
      help: '拼团活动填写：开团后在此时限内未凑满人数，订单自动取消并退款',
    },
  }) as const;

// The list is open to anyone signed in; /mallEventsDetail's 编辑 writes, its 审核 stops.
const DETAIL_BUTTONS = { page: '/mallEventsDetail', add: 'edit', delete: 'edit' } as const;

export const MALL_EVENT = defineResource({
  name: 'mallEvent',
  title: '商城活动',
  page: '/mallEventsList',
  detailPage: '/mallEventsDetail',
  api: '/rest/mallEvent',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  buttons: DETAIL_BUTTONS,
  sections: ['基本信息', '活动规则', '活动商品'],
  fields: {
    ...campaignFields('活动'),
    kind: {
      label: '活动类型',
      type: 'enum',
      options: MALL_EVENT_KINDS,
      required: true,
      default: 'seckill',
      list: { width: 90 },
      filter: 'eq',
      section: '活动规则',
    },
    ...groupFields('活动规则'),
    modelName: { label: '活动模板', type: 'text', readOnly: true, section: '活动规则' },
    items: {
      label: '活动商品',
      type: 'json',
      formOnly: true,
      schema: z
        .array(mallEventItemRow, { error: '活动商品格式无效' })
        .max(MALL_EVENT_ITEMS_MAX, `最多 ${MALL_EVENT_ITEMS_MAX} 个商品`),
      section: '活动商品',
      help: '每个商城商品一行：活动价（元）须低于商城价；活动库存从商品库存中占用；每人限购 0 为不限',
    },
    itemsText: { label: '活动商品', type: 'text', readOnly: true, list: { width: 280 }, section: '活动商品' },
    // 活动效果: the list's columns; the detail shows them in its result panel.
    orders: { label: '订单数', type: 'int', readOnly: true, list: { width: 80 }, hidden: true },
    pieces: { label: '售出件数', type: 'int', readOnly: true, hidden: true },
    revenue: { label: '成交金额', type: 'money', readOnly: true, list: { width: 110 }, hidden: true },
    discount: { label: '让利金额', type: 'money', readOnly: true, hidden: true },
    groupsFormed: { label: '成团数', type: 'int', readOnly: true, hidden: true },
    createdAt: createdAtField(),
  },
});

/**
 * A 拼团 event's groups (/mallEventsDetail 拼团记录), read-only. They name members, so they need
 * /activityOrderList's code and keep to the caller's data scope by the leader's home store.
 */
export const MALL_EVENT_GROUP = defineResource({
  name: 'mallEventGroup',
  title: '拼团记录',
  page: '/activityOrderList',
  api: '/rest/mallEvent/group',
  rowLabel: 'groupNo',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: {},
  fields: {
    eventId: { label: '活动ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
    groupNo: { label: '团号', type: 'text', readOnly: true, list: { width: 170 }, filter: 'eq' },
    leaderName: { label: '团长', type: 'text', readOnly: true, list: { width: 100 } },
    size: { label: '成团人数', type: 'int', readOnly: true, list: { width: 90 } },
    joined: { label: '已参团', type: 'int', readOnly: true, list: { width: 80 } },
    status: {
      label: '状态',
      type: 'enum',
      options: MALL_GROUP_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    createdAt: { label: '开团时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    expiresAt: { label: '截止时间', type: 'datetime', readOnly: true, list: { width: 170 } },
    formedAt: { label: '成团时间', type: 'datetime', readOnly: true, list: { width: 170 } },
  },
});

/** /activityOrderList: the mall orders bought in an event; read-only, every change is a flow step. */
export const MALL_EVENT_ORDER = defineResource({
  name: 'mallEventOrder',
  title: '商城活动订单',
  page: '/activityOrderList',
  detailPage: '/activityOrderDetail',
  api: '/rest/mallEventOrder',
  rowLabel: 'orderNo',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    ...mallOrderFields,
    eventCode: { label: '活动编号', type: 'text', readOnly: true, list: { width: 110 }, filter: 'eq' },
    eventName: { label: '活动名称', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    eventKind: {
      label: '活动类型',
      type: 'enum',
      options: MALL_EVENT_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    groupNo: { label: '团号', type: 'text', readOnly: true, list: { width: 170 }, filter: 'eq' },
    groupStatus: {
      label: '拼团状态',
      type: 'enum',
      options: MALL_GROUP_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    discount: { label: '活动让利', type: 'money', readOnly: true, list: { width: 100 } },
    // The event's detail lists its orders by it (last: the search form's 展开 holds it).
    eventId: { label: '活动ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
  },
});

/** The templates a new 商城活动 starts from (/activityModelList, /activityModelDetail). */
export const ACTIVITY_MODEL = defineResource({
  name: 'activityModel',
  title: '活动模板',
  page: '/activityModelList',
  detailPage: '/activityModelDetail',
  api: '/rest/activityModel',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '活动规则', '活动商品'],
  fields: {
    name: {
      label: '模板名称',
      type: 'text',
      required: true,
      max: 40,
      list: { width: 180, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    kind: {
      label: '活动类型',
      type: 'enum',
      options: MALL_EVENT_KINDS,
      required: true,
      default: 'seckill',
      list: { width: 90 },
      filter: 'eq',
    },
    days: {
      label: '活动天数',
      type: 'int',
      required: true,
      min: 1,
      max: MALL_EVENT_DAYS_MAX,
      default: 7,
      list: { width: 90 },
      help: '用模板新建活动时，从次日起连续的天数',
    },
    remark: { label: '说明', type: 'textarea', max: 200 },
    rate: {
      label: '活动折扣',
      type: 'int',
      required: true,
      min: MALL_RATE_MIN,
      max: MALL_RATE_MAX,
      default: 80,
      list: { width: 90 },
      section: '活动规则',
      help: '85 即 8.5 折：活动价 = 商城价 × 折扣',
    },
    stock: {
      label: '每个商品活动库存',
      type: 'int',
      required: true,
      min: 1,
      max: MALL_STOCK_MAX,
      default: 100,
      section: '活动规则',
    },
    limitPerMember: {
      label: '每人限购',
      type: 'int',
      required: true,
      min: 0,
      max: MALL_LIMIT_MAX,
      default: 1,
      list: { width: 90 },
      section: '活动规则',
      help: '0 为不限',
    },
    ...groupFields('活动规则'),
    goods: {
      label: '活动商品',
      type: 'json',
      formOnly: true,
      schema: z
        .array(idOf('商城商品', '请选择商城商品'), { error: '活动商品格式无效' })
        .max(MALL_EVENT_ITEMS_MAX, `最多 ${MALL_EVENT_ITEMS_MAX} 个商品`),
      section: '活动商品',
      help: '新建活动时带入的商城商品（可不选，新建后再添加）',
    },
    goodsText: { label: '活动商品', type: 'text', readOnly: true, list: { width: 240 }, section: '活动商品' },
    uses: { label: '已用于活动', type: 'int', readOnly: true, list: { width: 100 } },
    createdAt: createdAtField(),
  },
});

export interface ActivityStartAnswer {
  /** The new 商城活动 (草稿). */
  id: number;
  code: string;
}

export const ACTIVITY_MODEL_API = {
  ...resourceApi(ACTIVITY_MODEL),
  /** 用模板新建活动: a 草稿 商城活动 from the template, for /mallEventsDetail to finish and submit. */
  start: endpoint<undefined, { id: number }, ActivityStartAnswer>({
    method: 'POST',
    path: '/rest/activityModel/start',
    access: buttonAccess('/mallEventsDetail', 'edit'),
    body: z.object({ id: idOf('活动模板', '请选择活动模板') }),
    summary: '用活动模板新建商城活动（草稿）',
  }),
};

/** A mall goods an event or template may sell (定金 goods never). */
export interface MallEventGoodsOption {
  id: number;
  code: string;
  name: string;
  price: number;
  stock: number;
  enabled: boolean;
}

export const MALL_EVENT_API = {
  ...resourceApi(MALL_EVENT),
  goods: endpoint<undefined, undefined, MallEventGoodsOption[]>({
    method: 'GET',
    path: '/rest/mallEvent/goods',
    access: anyPageAccess('/mallEventsDetail', '/activityModelDetail'),
    summary: '可参加商城活动的商城商品',
  }),
  group: resourceApi(MALL_EVENT_GROUP),
  ...campaignStepsApi('/mallEventsDetail', '/rest/mallEvent', '商城活动'),
} as const;

export const MALL_EVENT_ORDER_API = resourceApi(MALL_EVENT_ORDER);

/** What the mini-program reads of the events running today (POST /open/v1/mallEvents). */
export interface OpenMallEvent {
  code: string;
  name: string;
  kind: MallEventKind;
  startDay: string;
  endDay: string;
  groupSize: number | null;
  groupHours: number | null;
  items: {
    goodsCode: string;
    goodsName: string;
    /** The goods' own price and the event's, 分. */
    price: number;
    eventPrice: number;
    /** Event stock left. */
    left: number;
    limitPerMember: number;
  }[];
}
export const openMallEventsBody = z.object({}).passthrough();
