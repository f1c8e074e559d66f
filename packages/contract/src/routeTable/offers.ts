import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

const PLANS = '优惠方案';
const CAMPAIGNS = '营销活动';
const COUPONS = '卡券';
const CONTENT = '内容与推广';

/** Offers and activities go through approval before they take effect. */
const PLAN_BUTTONS = [...CRUD_BUTTONS, BUTTONS.audit];

export default group('ZBHT-YHFA-PAG', [
  page('/salesList', '折扣方案', {
    category: PLANS,
    tip: '项目与卡项的折扣价方案',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  detail('/salesDetail', '折扣方案详情', { of: '/salesList', approver: true }),
  page('/giftsList', '赠送方案', {
    category: PLANS,
    tip: '购卡或消费时赠送项目与商品的方案',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  detail('/giftsDetail', '赠送方案详情', { of: '/giftsList', approver: true }),
  page('/promotionList', '推广方案', {
    category: PLANS,
    tip: '会员或员工推荐新会员，首单达标后奖励推荐人',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  detail('/promotionDetail', '推广方案详情', { of: '/promotionList', approver: true }),
  page('/mallEventsList', '商城活动', {
    category: PLANS,
    tip: '查看小程序商城正在进行的活动',
    keepAlive: true,
    open: true,
  }),
  page('/mallEventsDetail', '商城活动详情', {
    category: PLANS,
    tip: '设置商城活动的商品与规则',
    hidden: true,
    // 编辑 creates, changes and submits an event; 审核 stops a running one.
    buttons: [BUTTONS.edit, BUTTONS.audit],
  }),
  page('/activityList', '营销活动', {
    category: CAMPAIGNS,
    tip: '线上线下营销活动的创建与审核',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  detail('/activityDetail', '营销活动详情', { of: '/activityList', approver: true }),
  page('/activityModelList', '活动模板', {
    category: CAMPAIGNS,
    tip: '常用营销活动的模板',
    buttons: CRUD_BUTTONS,
  }),
  detail('/activityModelDetail', '活动模板详情', { of: '/activityModelList' }),
  page('/couponsManagement', '优惠券管理', {
    category: COUPONS,
    tip: '优惠券的创建、发放与核销',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  detail('/couponsResend', '优惠券补发', { of: '/couponsManagement' }),
  page('/actCouponsM', '活动券管理', {
    category: COUPONS,
    tip: '实体活动券的制作与门店分配',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/actCouponAllot', '活动券分配', { of: '/actCouponsM' }),
  page('/fissionActList', '裂变活动', {
    category: CAMPAIGNS,
    tip: '老带新的分享裂变活动',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  detail('/fissionActDetail', '裂变活动详情', { of: '/fissionActList', approver: true }),
  page('/crowdManagement', '人群管理', {
    category: CAMPAIGNS,
    tip: '按条件圈选活动的目标会员',
    buttons: CRUD_BUTTONS,
  }),
  detail('/crowdDetail', '人群详情', { of: '/crowdManagement' }),
  page('/bossGiftActList', '老板赠送活动', {
    category: CAMPAIGNS,
    tip: '门店老板赠送项目或卡项的活动',
    keepAlive: true,
    buttons: PLAN_BUTTONS,
  }),
  page('/bossGiftRecordList', '老板赠送记录', {
    category: CAMPAIGNS,
    tip: '老板赠送活动的发放记录',
    buttons: [BUTTONS.export],
  }),
  detail('/bossGiftActDetail', '老板赠送活动详情', { of: '/bossGiftActList', approver: true }),
  detail('/couponDelayManage', '优惠券延期', {
    of: '/couponsManagement',
    approver: true,
    visible: true,
    tip: '申请并审核已发优惠券的延期',
  }),
  page('/stManagement', '软文管理', {
    category: CONTENT,
    tip: '小程序与公众号推送的软文',
    buttons: CRUD_BUTTONS,
  }),
  detail('/newSoftText', '编辑软文', { of: '/stManagement' }),
  page('/qrCodeManage', '二维码管理', {
    category: CONTENT,
    tip: '推广二维码的生成与扫码统计',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/qrCodeDetail', '二维码详情', { of: '/qrCodeManage', open: true }),
  detail('/qrEstablish', '新建二维码', { of: '/qrCodeManage' }),
]);
