/**
 * The mini-program mall (issue 14, SPEC §2.7 and §2.9): our goods on sale online (/mall_goodsList,
 * /mall_goodDetail), the orders the mini-program sends for them through the open API
 * (/onlineOrderList, /onlineOrderDetail), their after-sale requests (/returnList) and the 定金
 * orders of goods sold by deposit (/wscEarnestOrder).
 *
 * A mall good sells one product, project or card at an online price (分) from its own stock;
 * 上架/下架 switches it on the shelves. An order reserves stock when it is created (a conditional
 * update: never below zero) and gives it back when cancelled or refunded after a return. Goods
 * with a 定金 (deposit) are ordered alone, picked up in a store: the member pays the deposit online
 * and the rest in the store at pick-up.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { anyPageAccess, buttonAccess } from '../api/pageAccess';
import { defineFlow } from '../flow';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { idParams } from '../resource/schemas';
import { outerNoSchema } from './bill';
import { createdAtField, MONEY_MAX } from './goodsCommon';
import { goodsIdField, goodsInfoFields, goodsKindField } from './goodsRef';
import type { PaymentRefundDto } from './paymentRefund';

// ---------------------------------------------------------------------------------------------
// Mall goods.

export const MALL_GOODS_SORT_MAX = 9999;
export const MALL_STOCK_MAX = 1_000_000;
export const MALL_LIMIT_MAX = 999;

export const MALL_GOODS = defineResource({
  name: 'mallGoods',
  title: '商城商品',
  page: '/mall_goodsList',
  detailPage: '/mall_goodDetail',
  api: '/rest/mallGoods',
  rowLabel: 'name',
  defaultSort: { field: 'sort', dir: 'asc' },
  sections: ['基本信息', '售卖商品', '价格与库存', '上架与展示'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: [
    { key: 'onSale', label: '批量上架', button: 'enable' },
    {
      key: 'offSale',
      label: '批量下架',
      button: 'enable',
      danger: true,
      confirm: '下架后小程序不能再购买这些商品（已下的订单不受影响），确定下架？',
    },
  ],
  fields: {
    code: {
      label: '商城编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 30,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '商城编码只能包含字母、数字、下划线和短横线' },
      list: { width: 120, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    name: {
      label: '商城名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 200 },
      filter: 'like',
      sort: true,
    },
    goodsKind: goodsKindField(['product', 'project', 'card'], '售卖商品'),
    goodsId: goodsIdField('售卖的商品/项目/卡项', '售卖商品'),
    ...goodsInfoFields('售卖商品'),
    price: {
      label: '线上售价',
      type: 'money',
      required: true,
      min: 1,
      max: MONEY_MAX,
      list: { width: 100 },
      sort: true,
      section: '价格与库存',
    },
    earnest: {
      label: '定金',
      type: 'money',
      min: 1,
      max: MONEY_MAX,
      list: { width: 90 },
      section: '价格与库存',
      help: '填写后按定金售卖：小程序先付定金，余款到店自提时支付；须小于线上售价',
    },
    stock: {
      label: '库存',
      type: 'int',
      required: true,
      min: 0,
      max: MALL_STOCK_MAX,
      default: 0,
      list: { width: 80 },
      sort: true,
      section: '价格与库存',
      help: '可售数量；下单即占用，取消或退货退款后退回',
    },
    sold: { label: '已售', type: 'int', readOnly: true, list: { width: 70 }, sort: true, section: '价格与库存' },
    limitPerMember: {
      label: '每人限购',
      type: 'int',
      min: 0,
      max: MALL_LIMIT_MAX,
      default: 0,
      required: true,
      list: { width: 80 },
      section: '价格与库存',
      help: '每位会员最多购买的件数（未取消的订单合计），0 为不限',
    },
    enabled: {
      label: '上架状态',
      type: 'bool',
      boolLabels: { yes: '已上架', no: '已下架', color: 'green' },
      required: true,
      default: false,
      list: { width: 90 },
      filter: 'eq',
      section: '上架与展示',
    },
    sort: {
      label: '排序',
      type: 'int',
      required: true,
      min: 0,
      max: MALL_GOODS_SORT_MAX,
      default: 0,
      list: { width: 70 },
      sort: true,
      section: '上架与展示',
      help: '数字小的排在前面',
    },
    images: { label: '商品图片', type: 'images', max: 9, section: '上架与展示', help: '最多 9 张，第一张为主图' },
    description: { label: '商品介绍', type: 'textarea', max: 2000, section: '上架与展示' },
    createdAt: createdAtField('上架与展示'),
  },
});

export const MALL_GOODS_API = resourceApi(MALL_GOODS);

// ---------------------------------------------------------------------------------------------
// Mall orders and their flow.

export const MALL_ORDER_KINDS = [
  { value: 'normal', label: '普通订单', color: 'blue' },
  { value: 'earnest', label: '定金订单', color: 'gold' },
] as const satisfies readonly EnumOption[];
export type MallOrderKind = (typeof MALL_ORDER_KINDS)[number]['value'];

export const MALL_DELIVERIES = [
  { value: 'express', label: '快递', color: 'blue' },
  { value: 'pickup', label: '到店自提', color: 'purple' },
] as const satisfies readonly EnumOption[];
export type MallDelivery = (typeof MALL_DELIVERIES)[number]['value'];

export const MALL_PAY_METHODS = [
  { value: 'wechat', label: '微信支付' },
  { value: 'alipay', label: '支付宝' },
] as const satisfies readonly EnumOption[];
export type MallPayMethod = (typeof MALL_PAY_METHODS)[number]['value'];

/**
 * 待付款 → 已付款 → 待发货 / 待自提 → 已发货 → 已完成; 已取消 before payment; 售后 after delivery
 * (an after-sale request, MALL_RETURN_FLOW, 审核 → 退款: the order ends 已退款, or goes back to
 * 已完成 when the request is refused).
 */
export const MALL_ORDER_FLOW = defineFlow({
  name: 'mallOrder',
  title: '商城订单',
  page: '/onlineOrderList',
  states: [
    { value: 'pendingPay', label: '待付款', color: 'orange' },
    { value: 'paid', label: '已付款', color: 'cyan' },
    { value: 'toShip', label: '待发货', color: 'blue' },
    { value: 'toPickup', label: '待自提', color: 'purple' },
    { value: 'shipped', label: '已发货', color: 'geekblue' },
    { value: 'completed', label: '已完成', color: 'green' },
    { value: 'cancelled', label: '已取消', color: 'default' },
    { value: 'afterSale', label: '售后中', color: 'magenta' },
    { value: 'refunded', label: '已退款', color: 'red' },
  ],
  initial: 'pendingPay',
  steps: {
    pay: { label: '支付', from: ['pendingPay'], to: 'paid', by: ['open', 'system'] },
    awaitShip: { label: '转待发货', from: ['paid'], to: 'toShip', by: ['system'] },
    awaitPickup: { label: '转待自提', from: ['paid'], to: 'toPickup', by: ['system'] },
    ship: { label: '发货', from: ['toShip'], to: 'shipped', button: 'ship' },
    pickup: { label: '确认自提', from: ['toPickup'], to: 'completed', button: 'ship', confirm: '确认会员已到店提货？' },
    receive: { label: '确认收货', from: ['shipped'], to: 'completed', by: ['open', 'system'] },
    cancel: {
      label: '取消订单',
      from: ['pendingPay'],
      to: 'cancelled',
      by: ['open', 'console', 'system'],
      button: 'ship',
      reason: 'optional',
      confirm: '取消后占用的库存将退回，确定取消？',
    },
    /** A paid order that has not left: cancelled with everything paid going back and its pieces to stock. */
    cancelRefund: {
      label: '取消并退款',
      from: ['toShip', 'toPickup'],
      to: 'refunded',
      // system: a 拼团 group that did not form (entities/mallEvent.ts).
      by: ['open', 'console', 'system'],
      button: 'ship',
      reason: 'required',
      confirm: '取消订单并按原支付方式全额退回会员已付金额，占用的库存将退回，确定吗？',
    },
    applyAfterSale: {
      label: '申请售后',
      from: ['shipped', 'completed'],
      to: 'afterSale',
      by: ['open', 'system'],
      reason: 'required',
    },
    closeAfterSale: { label: '售后驳回', from: ['afterSale'], to: 'completed', by: ['system'] },
    refund: { label: '退款', from: ['afterSale'], to: 'refunded', by: ['system'] },
  },
});
export type MallOrderStatus = (typeof MALL_ORDER_FLOW.states)[number]['value'];
export type MallOrderStep = keyof typeof MALL_ORDER_FLOW.steps;

export const MALL_RETURN_KINDS = [
  { value: 'refundOnly', label: '仅退款', color: 'orange' },
  { value: 'returnRefund', label: '退货退款', color: 'red' },
] as const satisfies readonly EnumOption[];
export type MallReturnKind = (typeof MALL_RETURN_KINDS)[number]['value'];

/** An after-sale request (售后单): 待审核 → 待退款 (审核通过) → 已退款; or 已驳回. */
export const MALL_RETURN_FLOW = defineFlow({
  name: 'mallReturn',
  title: '售后单',
  page: '/returnList',
  states: [
    { value: 'applied', label: '待审核', color: 'orange' },
    { value: 'approved', label: '待退款', color: 'blue' },
    { value: 'refunded', label: '已退款', color: 'green' },
    { value: 'rejected', label: '已驳回', color: 'red' },
  ],
  initial: 'applied',
  steps: {
    approve: { label: '审核通过', from: ['applied'], to: 'approved', button: 'audit', reason: 'optional' },
    reject: { label: '驳回', from: ['applied'], to: 'rejected', button: 'audit', reason: 'required' },
    refund: {
      label: '退款',
      from: ['approved'],
      to: 'refunded',
      button: 'audit',
      confirm: '将按原支付方式退回会员实付金额，退货退款的商品库存退回，确定退款？',
    },
  },
});
export type MallReturnStatus = (typeof MALL_RETURN_FLOW.states)[number]['value'];
export type MallReturnStep = keyof typeof MALL_RETURN_FLOW.steps;

/** Order numbers: SC + Beijing day (yyyymmdd) + 6 digits; after-sale numbers: SH + the same. */
export const MALL_ORDER_NO_PREFIX = 'SC';
export const MALL_RETURN_NO_PREFIX = 'SH';
export const MALL_LINES_MAX = 20;
export const MALL_QTY_MAX = 99;
export const MALL_TEXT_MAX = 200;

/** The columns every mall order list shows (also /activityOrderList's, entities/mallEvent.ts). */
export const mallOrderFields = {
  orderNo: {
    label: '订单号',
    type: 'text',
    readOnly: true,
    list: { width: 170, fixed: 'left' },
    filter: 'eq',
    sort: true,
  },
  outerNo: { label: '小程序单号', type: 'text', readOnly: true, export: true },
  storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like' },
  regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 } },
  memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 90 } },
  memberPhone: { label: '会员手机', type: 'text', readOnly: true, list: { width: 120 }, filter: 'eq' },
  status: {
    label: '状态',
    type: 'enum',
    options: MALL_ORDER_FLOW.states,
    readOnly: true,
    list: { width: 90 },
    filter: 'eq',
    sort: true,
  },
  delivery: {
    label: '配送方式',
    type: 'enum',
    options: MALL_DELIVERIES,
    readOnly: true,
    list: { width: 90 },
    filter: 'eq',
  },
  goodsSummary: { label: '商品', type: 'text', readOnly: true, list: { width: 200 } },
  goodsAmount: { label: '商品金额', type: 'money', readOnly: true, list: { width: 100 } },
  freight: { label: '运费', type: 'money', readOnly: true, export: true },
  total: { label: '订单金额', type: 'money', readOnly: true, list: { width: 100 }, sort: true },
  paidAmount: { label: '实付金额', type: 'money', readOnly: true, list: { width: 100 } },
  refundedAmount: { label: '已退金额', type: 'money', readOnly: true, export: true },
  payMethod: { label: '支付方式', type: 'enum', options: MALL_PAY_METHODS, readOnly: true, export: true },
  tradeNo: { label: '支付流水号', type: 'text', readOnly: true, export: true },
  paidAt: { label: '支付时间', type: 'datetime', readOnly: true, export: true },
  trackingNo: { label: '快递单号', type: 'text', readOnly: true, export: true },
  createdAt: {
    label: '下单时间',
    type: 'datetime',
    readOnly: true,
    list: { width: 170 },
    filter: 'range',
    sort: true,
  },
} as const;

/** /onlineOrderList: every mall order (both kinds); read-only, every change is a flow step. */
export const MALL_ORDER = defineResource({
  name: 'mallOrder',
  title: '商城订单',
  page: '/onlineOrderList',
  detailPage: '/onlineOrderDetail',
  api: '/rest/mallOrder',
  rowLabel: 'orderNo',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    ...mallOrderFields,
    kind: {
      label: '订单类型',
      type: 'enum',
      options: MALL_ORDER_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
  },
});

/** /wscEarnestOrder: the 定金 orders, with the deposit paid online and the balance paid in the store. */
export const MALL_EARNEST_ORDER = defineResource({
  name: 'mallEarnestOrder',
  title: '微商城定金订单',
  page: '/wscEarnestOrder',
  detailPage: '/onlineOrderDetail',
  api: '/rest/mallEarnestOrder',
  rowLabel: 'orderNo',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    ...mallOrderFields,
    earnestAmount: { label: '定金', type: 'money', readOnly: true, list: { width: 90 } },
    balanceAmount: { label: '到店尾款', type: 'money', readOnly: true, list: { width: 100 } },
    balancePaidAt: { label: '尾款支付时间', type: 'datetime', readOnly: true, export: true },
  },
});

/** /returnList: after-sale requests with their audit. */
export const MALL_RETURN = defineResource({
  name: 'mallReturn',
  title: '售后单',
  page: '/returnList',
  api: '/rest/mallReturn',
  rowLabel: 'returnNo',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    returnNo: {
      label: '售后单号',
      type: 'text',
      readOnly: true,
      list: { width: 170, fixed: 'left' },
      filter: 'eq',
      sort: true,
    },
    orderNo: { label: '订单号', type: 'text', readOnly: true, list: { width: 170 }, filter: 'eq' },
    orderId: { label: '订单ID', type: 'int', readOnly: true, hidden: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 90 } },
    memberPhone: { label: '会员手机', type: 'text', readOnly: true, list: { width: 120 }, filter: 'eq' },
    kind: {
      label: '售后类型',
      type: 'enum',
      options: MALL_RETURN_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    status: {
      label: '状态',
      type: 'enum',
      options: MALL_RETURN_FLOW.states,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
      sort: true,
    },
    amount: { label: '退款金额', type: 'money', readOnly: true, list: { width: 100 } },
    reason: { label: '申请原因', type: 'text', readOnly: true, list: { width: 180 } },
    auditRemark: { label: '审核意见', type: 'text', readOnly: true, list: { width: 160 } },
    createdAt: {
      label: '申请时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
    refundedAt: { label: '退款时间', type: 'datetime', readOnly: true, export: true },
  },
});

// ---------------------------------------------------------------------------------------------
// The open API's documents (POST /open/v1/mallOrders and /mallOrders/:outerNo/steps).

const text = (what: string, max = MALL_TEXT_MAX) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}最多 ${max} 个字符`);

const moneyOf = (what: string) =>
  z
    .number({ error: `${what}须为整数分` })
    .int(`${what}须为整数分`)
    .min(0, `${what}不能为负`)
    .max(MONEY_MAX, `${what}超出上限`);

export const openMallOrderBody = z
  .object({
    outerNo: outerNoSchema,
    /** The member: phone or 会员编号. */
    member: text('会员手机号或会员编号', 20),
    /** The store that fulfils the order (pick-up store, or the store an express order is booked to). */
    storeCode: text('门店编码', 20),
    delivery: z.enum(['express', 'pickup'], { error: '配送方式须为 express 或 pickup' }),
    lines: z
      .array(
        z.object({
          goodsCode: text('商城商品编码', 30),
          quantity: z
            .number({ error: '数量须为整数' })
            .int('数量须为整数')
            .min(1, '数量至少为 1')
            .max(MALL_QTY_MAX, `数量最多 ${MALL_QTY_MAX}`),
        }),
      )
      .min(1, '订单至少一件商品')
      .max(MALL_LINES_MAX, `订单最多 ${MALL_LINES_MAX} 种商品`),
    freight: moneyOf('运费').default(0),
    /** The total the mini-program showed the member: checked against the server's (分). */
    total: moneyOf('订单金额'),
    receiver: z
      .object({
        name: text('收货人', 30),
        phone: z.string().regex(/^\d{6,15}$/, '收货电话格式不正确'),
        address: text('收货地址'),
      })
      .optional(),
    remark: z.string().trim().max(MALL_TEXT_MAX).optional(),
    /** A 商城活动 the order buys in (entities/mallEvent.ts): its lines are priced at the event's prices. */
    eventCode: z.string().trim().toUpperCase().max(20, '活动编号最多 20 个字符').optional(),
    /** 拼团: the group joined; none opens a new group with this member as its leader. */
    groupNo: z.string().trim().toUpperCase().max(30, '团号最多 30 个字符').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.groupNo && !v.eventCode)
      ctx.addIssue({ code: 'custom', path: ['groupNo'], message: '参加拼团须同时填写活动编号' });
    if (v.delivery === 'express' && !v.receiver)
      ctx.addIssue({ code: 'custom', path: ['receiver'], message: '快递订单须填写收货人、电话和地址' });
    if (v.delivery === 'pickup' && v.freight > 0)
      ctx.addIssue({ code: 'custom', path: ['freight'], message: '到店自提的订单没有运费' });
  });
export type OpenMallOrderBody = z.output<typeof openMallOrderBody>;

export const openMallOrderStepBody = z.discriminatedUnion(
  'step',
  [
    z.object({
      step: z.literal('pay'),
      method: z.enum(['wechat', 'alipay'], { error: '支付方式须为 wechat 或 alipay' }),
      tradeNo: text('支付流水号', 64),
      amount: moneyOf('支付金额'),
    }),
    z.object({ step: z.literal('cancel'), reason: z.string().trim().max(MALL_TEXT_MAX).optional() }),
    z.object({ step: z.literal('cancelRefund'), reason: text('取消原因') }),
    z.object({ step: z.literal('receive') }),
    z.object({
      step: z.literal('applyAfterSale'),
      kind: z.enum(['refundOnly', 'returnRefund'], { error: '售后类型须为 refundOnly 或 returnRefund' }),
      reason: text('售后原因'),
    }),
  ],
  { error: 'step 须为 pay、cancel、cancelRefund、receive 或 applyAfterSale' },
);
export type OpenMallOrderStepBody = z.output<typeof openMallOrderStepBody>;

/** What the open API answers for an order (creation, a replay, a step). */
export interface MallOrderAnswer {
  orderNo: string;
  outerNo: string;
  kind: MallOrderKind;
  status: MallOrderStatus;
  goodsAmount: number;
  freight: number;
  total: number;
  /** What the member pays online: the total, or the deposit of a 定金 order. */
  payable: number;
  paidAmount: number;
  /** True when this answers an earlier request with the same outerNo. */
  replayed: boolean;
  /** The 商城活动 it was bought in, and a 拼团 order's group (its number is what the member shares). */
  event?: { code: string; kind: string; groupNo: string | null; groupStatus: string | null };
}

// ---------------------------------------------------------------------------------------------
// The console's calls beyond the lists.

export interface MallOrderLineView {
  id: number;
  goodsCode: string;
  goodsName: string;
  price: number;
  quantity: number;
  amount: number;
  earnest: number | null;
  /** A 商城活动 line: the goods' own price when ordered (price is the event's). */
  listPrice: number | null;
}

/** A 商城活动 order's event, and a 拼团 order's group with everyone in it. */
export interface MallOrderEventView {
  id: number;
  code: string;
  name: string;
  kind: string;
  group: {
    groupNo: string;
    status: string;
    size: number;
    joined: number;
    expiresAt: string;
    formedAt: string | null;
    members: { orderNo: string; memberName: string; leader: boolean; status: MallOrderStatus; createdAt: string }[];
  } | null;
}

export interface MallHistoryRow {
  at: string;
  label: string;
  from: string;
  to: string;
  actor: string;
  reason: string;
}

export interface MallReturnView {
  id: number;
  returnNo: string;
  kind: MallReturnKind;
  status: MallReturnStatus;
  amount: number;
  reason: string;
  auditRemark: string | null;
  createdAt: string;
  refundedAt: string | null;
}

export interface MallOrderView {
  order: {
    id: number;
    orderNo: string;
    outerNo: string;
    kind: MallOrderKind;
    status: MallOrderStatus;
    storeName: string;
    storeCode: string;
    memberName: string;
    memberPhone: string | null;
    delivery: MallDelivery;
    goodsAmount: number;
    freight: number;
    total: number;
    earnestAmount: number;
    paidAmount: number;
    balancePaid: number;
    refundedAmount: number;
    payMethod: MallPayMethod | null;
    tradeNo: string | null;
    paidAt: string | null;
    balancePaidAt: string | null;
    receiverName: string | null;
    receiverPhone: string | null;
    address: string | null;
    trackingCompany: string | null;
    trackingNo: string | null;
    shippedAt: string | null;
    completedAt: string | null;
    remark: string | null;
    createdAt: string;
  };
  lines: MallOrderLineView[];
  returns: MallReturnView[];
  /** The money its after-sale refunds paid back (退款支付记录), by channel. */
  payouts: (PaymentRefundDto & { returnNo: string })[];
  history: MallHistoryRow[];
  event: MallOrderEventView | null;
}

const orderId = idOf('订单', '请选择订单');
const reasonText = z.string().trim().max(MALL_TEXT_MAX, `原因最多 ${MALL_TEXT_MAX} 个字符`).optional();

export const mallShipBody = z.object({
  id: orderId,
  trackingCompany: text('快递公司', 30),
  trackingNo: z
    .string({ error: '请填写快递单号' })
    .trim()
    .regex(/^[A-Za-z0-9-]{6,30}$/, '快递单号为 6 到 30 位字母、数字或短横线'),
});
export const mallOrderStepBody = z.object({ id: orderId, reason: reasonText });
export const mallCancelRefundBody = z.object({ id: orderId, reason: text('取消原因', MALL_TEXT_MAX) });
export const mallReturnStepBody = z.object({ id: idOf('售后单', '请选择售后单'), reason: reasonText });

export interface MallStepDone {
  id: number;
  status: string;
}

/** Console steps: the order's by its page's 发货 button, the after-sale request's by /returnList's 审核. */
export const MALL_API = {
  view: endpoint<undefined, undefined, MallOrderView>({
    method: 'GET',
    path: '/rest/mallOrder/view/:id',
    // A mall event's order opens from /activityOrderList too.
    access: anyPageAccess('/onlineOrderDetail', '/activityOrderDetail'),
    params: idParams,
    summary: '商城订单详情',
  }),
  ship: endpoint<undefined, z.infer<typeof mallShipBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallOrder/ship',
    access: buttonAccess('/onlineOrderList', 'ship'),
    body: mallShipBody,
    summary: '商城订单发货',
  }),
  pickup: endpoint<undefined, z.infer<typeof mallOrderStepBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallOrder/pickup',
    access: buttonAccess('/onlineOrderList', 'ship'),
    body: mallOrderStepBody,
    summary: '商城订单确认自提',
  }),
  cancel: endpoint<undefined, z.infer<typeof mallOrderStepBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallOrder/cancel',
    access: buttonAccess('/onlineOrderList', 'ship'),
    body: mallOrderStepBody,
    summary: '取消商城订单',
  }),
  cancelRefund: endpoint<undefined, z.infer<typeof mallCancelRefundBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallOrder/cancelRefund',
    access: buttonAccess('/onlineOrderList', 'ship'),
    body: mallCancelRefundBody,
    summary: '取消已付款商城订单并全额退款',
  }),
  approveReturn: endpoint<undefined, z.infer<typeof mallReturnStepBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallReturn/approve',
    access: buttonAccess('/returnList', 'audit'),
    body: mallReturnStepBody,
    summary: '售后审核通过',
  }),
  rejectReturn: endpoint<undefined, z.infer<typeof mallReturnStepBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallReturn/reject',
    access: buttonAccess('/returnList', 'audit'),
    body: mallReturnStepBody,
    summary: '售后驳回',
  }),
  refundReturn: endpoint<undefined, z.infer<typeof mallReturnStepBody>, MallStepDone>({
    method: 'POST',
    path: '/rest/mallReturn/refund',
    access: buttonAccess('/returnList', 'audit'),
    body: mallReturnStepBody,
    summary: '售后退款',
  }),
};

export const MALL_ORDER_API = resourceApi(MALL_ORDER);
export const MALL_EARNEST_API = resourceApi(MALL_EARNEST_ORDER);
export const MALL_RETURN_API = resourceApi(MALL_RETURN);
