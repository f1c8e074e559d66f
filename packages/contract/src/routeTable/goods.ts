import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

const GOODS = '商品';
const PROJECTS = '项目与卡项';
const PACKAGES = '套餐';
const LINKS = '关联与限制';
const CONFIG = '配置';

export default group('ZBHT-SPGL', [
  page('/productList', '商品列表', {
    category: GOODS,
    tip: '零售商品档案、价格与上下架',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/productDetail', '商品详情', { of: '/productList' }),
  page('/productSort', '商品排序', {
    category: GOODS,
    tip: '调整商品在门店与小程序中的展示顺序',
    buttons: [BUTTONS.edit],
  }),
  page('/projectList', '项目列表', {
    category: PROJECTS,
    tip: '门店服务项目的档案、价格与疗程',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/projectDetail', '项目详情', { of: '/projectList' }),
  page('/couponList', '卡项管理', {
    category: PROJECTS,
    tip: '套餐卡、储值卡、年卡的售卖规则',
    keepAlive: true,
    buttons: [...CRUD_BUTTONS, BUTTONS.enable],
  }),
  detail('/couponDetail', '卡项详情', { of: '/couponList' }),
  page('/projectLabelSetList', '项目标签', { category: PROJECTS, tip: '为项目设置分类标签', buttons: CRUD_BUTTONS }),
  page('/packageList', '套餐列表', {
    category: PACKAGES,
    tip: '项目套餐的组合与定价',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/packageDetail', '套餐详情', { of: '/packageList' }),
  page('/productPackageList', '产品套餐', {
    category: PACKAGES,
    tip: '零售商品组合成套餐出售',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/productPackageDetail', '产品套餐详情', { of: '/productPackageList' }),
  page('/associatedList', '关联商品', {
    category: LINKS,
    tip: '商品的搭配推荐：售卖主商品时一并推荐的商品及建议数量',
    buttons: CRUD_BUTTONS,
  }),
  detail('/associatedDetail', '关联商品详情', { of: '/associatedList' }),
  page('/associatedProjectList', '关联项目', {
    category: LINKS,
    tip: '储值卡可支付的项目及其折扣',
    buttons: CRUD_BUTTONS,
  }),
  detail('/associatedProjectDetail', '关联项目详情', { of: '/associatedProjectList' }),
  page('/projectConstraints', '体验项目限制', { category: LINKS, tip: '查看体验项目的可做次数限制', open: true }),
  page('/projectConstraintsDetail', '体验项目限制详情', {
    category: LINKS,
    tip: '设置体验项目的可做次数',
    hidden: true,
    buttons: [BUTTONS.edit],
  }),
  page('/advanceVerification', '提前核销', {
    category: CONFIG,
    tip: '配置可提前核销的项目与卡项',
    buttons: CRUD_BUTTONS,
  }),
  page('/minorHealingProjectList', '小疗程项目', {
    category: PROJECTS,
    tip: '维护小疗程包含的项目与次数',
    buttons: CRUD_BUTTONS,
  }),
  page('/crossLevelDrawConfig', '跨级划卡配置', {
    category: CONFIG,
    tip: '设置不同等级门店之间能否划卡',
    buttons: [BUTTONS.edit],
  }),
  page('/openCommodityRelation', '开放平台商品关联', {
    category: LINKS,
    tip: '团购平台商品与本系统项目的对应关系',
    buttons: CRUD_BUTTONS,
  }),
  page('/XCXConfig', '小程序商品配置', { category: CONFIG, tip: '小程序展示的商品与项目', buttons: [BUTTONS.edit] }),
]);
