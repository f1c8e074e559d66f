import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

const MEMBERS = '会员';
const ASSETS = '资产与迁移';
const REVIEWS = '评价';

const AUDIT_BUTTONS = [BUTTONS.audit, BUTTONS.export];

/** Tabs of the member detail page; each opens from /personalAccount with the member's id. */
const memberTab = (path: string, title: string, approver = false) =>
  detail(path, title, { of: '/personalAccount', approver });

export default group('ZBHT-HYGL', [
  page('/memberList', '会员列表', {
    category: MEMBERS,
    tip: '查询会员资料、持卡与消费情况',
    keepAlive: true,
    buttons: [BUTTONS.edit, BUTTONS.export],
  }),
  page('/tabsManagement', '会员标签', {
    category: MEMBERS,
    tip: '维护给会员打的标签',
    buttons: CRUD_BUTTONS,
  }),
  page('/wxSubscribeConfig', '订阅消息配置', {
    category: MEMBERS,
    tip: '设置推送给会员的微信订阅消息',
    buttons: [BUTTONS.edit],
  }),
  detail('/personalAccount', '会员详情', { of: '/memberList' }),
  memberTab('/comboCard', '套餐卡'),
  memberTab('/storedValueCard', '储值卡'),
  memberTab('/memberFile', '会员档案'),
  memberTab('/coupon', '优惠券'),
  memberTab('/creditsExchange', '积分兑换'),
  memberTab('/points', '积分明细'),
  memberTab('/purchaseHistory', '消费记录'),
  memberTab('/examiningReport', '检测报告'),
  memberTab('/memberMigration', '会员迁移', true),
  memberTab('/giftsProject', '赠送项目'),
  memberTab('/userIntention', '意向记录'),
  memberTab('/follow', '跟进记录'),
  detail('/examiningDetail', '检测报告详情', { of: '/examiningReport' }),
  detail('/orderDetail', '订单详情', { of: '/purchaseHistory', approver: true }),
  page('/asstes', '会员资产', {
    category: ASSETS,
    tip: '会员卡项与余额资产的查询与转移',
    keepAlive: true,
    buttons: AUDIT_BUTTONS,
  }),
  detail('/asstesDetail', '资产详情', { of: '/asstes', approver: true }),
  page('/abnormalCardList', '异常卡', {
    category: ASSETS,
    tip: '处理余额或次数异常的会员卡',
    keepAlive: true,
    buttons: AUDIT_BUTTONS,
  }),
  detail('/supplementOrCancellation', '补卡注销', { of: '/abnormalCardList', approver: true }),
  page('/moveIn', '会员迁入', {
    category: ASSETS,
    tip: '把旧系统或其他门店的会员资产迁入',
    buttons: [BUTTONS.add, BUTTONS.import, BUTTONS.export],
  }),
  page('/moveInList', '迁入记录', {
    category: ASSETS,
    tip: '会员迁入申请的审核与结果',
    keepAlive: true,
    buttons: AUDIT_BUTTONS,
  }),
  detail('/moveInDetailList', '迁入明细', { of: '/moveInList', approver: true }),
  detail('/moveInDetail', '迁入详情', { of: '/moveInDetailList', approver: true }),
  page('/evaluationList', '评价列表', {
    category: REVIEWS,
    tip: '会员对门店服务的评价',
    keepAlive: true,
    buttons: [BUTTONS.export],
  }),
  page('/evaManagement', '差评处理', {
    category: REVIEWS,
    tip: '分派、回复并关闭会员的差评，保留处理记录',
    buttons: [BUTTONS.edit, BUTTONS.export],
  }),
  detail('/evaluationDetailList', '评价明细', { of: '/evaluationList' }),
  page('/satisfactionRateList', '满意度统计', {
    category: REVIEWS,
    tip: '按门店统计服务满意度',
    buttons: [BUTTONS.export],
  }),
  page('/nurseReviewCnt', '护理师评价统计', {
    category: REVIEWS,
    tip: '按护理师统计评价数量与好评率',
    buttons: [BUTTONS.export],
  }),
  page('/satisfactionRateListCharts', '满意度趋势', {
    category: REVIEWS,
    tip: '以图表查看满意度的变化',
    buttons: [BUTTONS.export],
  }),
  page('/evaluateSetting', '评价设置', {
    category: REVIEWS,
    tip: '评价维度、分制、邀请时机与差评标准',
    buttons: [BUTTONS.edit],
  }),
]);
