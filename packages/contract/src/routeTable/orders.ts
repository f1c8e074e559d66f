import { BUTTONS, detail, group, page } from './define';

const ORDERS = '订单';
const ONLINE = '线上订单';
const REFUNDS = '退款';
const ABNORMAL = '异常订单';

const EXPORT = [BUTTONS.export];
const AUDIT_BUTTONS = [BUTTONS.audit, BUTTONS.export];

export default group('ZBHT-DDGL', [
  page('/billingList', '开单记录', {
    category: ORDERS,
    tip: '门店开单、消费与划卡的明细',
    keepAlive: true,
    buttons: EXPORT,
  }),
  page('/onlineOrderList', '线上订单', {
    category: ONLINE,
    tip: '小程序商城与线上渠道的订单',
    keepAlive: true,
    buttons: [BUTTONS.ship, BUTTONS.export],
  }),
  page('/onlineCouponList', '团购券订单', { category: ONLINE, tip: '团购平台售出与核销的券', buttons: EXPORT }),
  page('/wscEarnestOrder', '微商城定金订单', { category: ONLINE, tip: '微商城支付定金的订单', buttons: EXPORT }),
  page('/payIntentionRecord', '意向金记录', {
    category: ONLINE,
    tip: '会员支付意向金的记录',
    keepAlive: true,
    buttons: [BUTTONS.export, { key: 'refund', name: '申请退款' }],
  }),
  detail('/onlineOrderDetail', '线上订单详情', { of: '/onlineOrderList' }),
  page('/crossSettlement', '跨店结算', {
    category: ORDERS,
    tip: '跨店消费在门店之间的结算',
    buttons: [
      BUTTONS.export,
      { key: 'generate', name: '生成月结单' },
      BUTTONS.audit,
      { key: 'settle', name: '标记已结算' },
    ],
  }),
  page('/activityOrderList', '商城活动订单', {
    category: ONLINE,
    tip: '商城活动产生的订单',
    keepAlive: true,
    buttons: EXPORT,
  }),
  page('/abnormalBillingList', '异常开单', {
    category: ABNORMAL,
    tip: '金额或划卡异常的开单及处理',
    buttons: AUDIT_BUTTONS,
  }),
  page('/refundList', '退款列表', {
    category: REFUNDS,
    tip: '门店退卡、退款申请的审核',
    keepAlive: true,
    buttons: AUDIT_BUTTONS,
  }),
  detail('/refundDetail', '退款详情', { of: '/refundList', approver: true }),
  detail('/refundIntentionDetail', '意向金退款详情', { of: '/refundList', approver: true }),
  page('/onlineCouponRefundList', '团购券退款', {
    category: REFUNDS,
    tip: '团购券的退款申请与审核',
    keepAlive: true,
    buttons: AUDIT_BUTTONS,
  }),
  detail('/onlineCouponRefundDetail', '团购券退款详情', { of: '/onlineCouponRefundList', approver: true }),
  page('/returnList', '退货列表', { category: REFUNDS, tip: '商品退货的申请与审核', buttons: AUDIT_BUTTONS }),
  detail('/orderDetails', '开单详情', { of: '/billingList' }),
  page('/billingListClose', '关单记录', { category: ABNORMAL, tip: '被关闭或作废的开单', buttons: EXPORT }),
  page('/refundIntentionList', '意向金退款', {
    category: REFUNDS,
    tip: '意向金的退款申请与审核',
    keepAlive: true,
    buttons: AUDIT_BUTTONS,
  }),
  page('/abnormalIntentionRecord', '意向金异常订单', {
    category: ABNORMAL,
    tip: '支付或退款异常的意向金订单',
    buttons: AUDIT_BUTTONS,
  }),
  detail('/payIntentionDetail', '意向金订单详情', { of: '/payIntentionRecord' }),
  detail('/activityOrderDetail', '商城活动订单详情', { of: '/activityOrderList' }),
]);
