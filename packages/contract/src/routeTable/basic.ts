import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

const ACCOUNTS = '账号与权限';
const NOTICES = '消息与模板';
const CHANNELS = '小程序与渠道';
const BUSINESS = '业务配置';
const SYSTEMS = '系统对接';

const EDIT = [BUTTONS.edit];

export default group('ZBHT-JCGL', [
  page('/accountManagement', '账号管理', {
    category: ACCOUNTS,
    tip: '后台账号的启停、角色与密码',
    keepAlive: true,
    buttons: [BUTTONS.add, BUTTONS.edit, BUTTONS.enable, BUTTONS.export],
  }),
  detail('/accountDetail', '账号详情', { of: '/accountManagement' }),
  page('/wxTemplate', '微信模板消息', { category: NOTICES, tip: '公众号模板消息的内容', buttons: CRUD_BUTTONS }),
  detail('/wxTemplatenext', '编辑模板消息', { of: '/wxTemplate' }),
  page('/SMSmessage', '短信管理', { category: NOTICES, tip: '短信模板与发送记录', buttons: CRUD_BUTTONS }),
  page('/homepageManagement', '小程序首页配置', {
    category: CHANNELS,
    tip: '小程序首页的轮播图与入口',
    buttons: CRUD_BUTTONS,
  }),
  page('/vipTemplate', '会员通知模板', { category: NOTICES, tip: '发给会员的通知内容', buttons: CRUD_BUTTONS }),
  page('/detetionConfig', '检测配置', { category: BUSINESS, tip: '头皮检测的项目与指标', buttons: CRUD_BUTTONS }),
  page('/basicProps', '基础属性', { category: BUSINESS, tip: '下拉选项等基础数据字典', buttons: CRUD_BUTTONS }),
  page('/storeLevel', '门店等级', { category: BUSINESS, tip: '门店等级的名称与排序', hidden: true, open: true }),
  page('/signBill', '店长签单额度', { category: BUSINESS, tip: '店长可签单的金额上限', buttons: EDIT }),
  page('/cooperativeConfig', '门店订货配置', { category: BUSINESS, tip: '门店可订货的范围与规则', buttons: EDIT }),
  page('/productOnlineRateConfig', '商品线上比例配置', {
    category: BUSINESS,
    tip: '各类线上商品的结算比例',
    buttons: [BUTTONS.add, BUTTONS.edit],
  }),
  page('/bankReceipt', '银行回单', {
    category: BUSINESS,
    tip: '门店打款的银行回单',
    buttons: [BUTTONS.add, BUTTONS.edit, BUTTONS.import, BUTTONS.export, { key: 'match', name: '匹配结算单' }],
  }),
  page('/otherConfig', '其他配置', { category: BUSINESS, tip: '其余的全局业务开关', buttons: EDIT }),
  page('/drawLimitConfig', '项目消耗限制', { category: BUSINESS, tip: '单次可消耗项目的数量上限', buttons: EDIT }),
  page('/crossSettlementConfig', '跨店结算配置', { category: BUSINESS, tip: '跨店消费的结算比例', buttons: EDIT }),
  page('/jointLabelConfig', '联合标签配置', {
    category: BUSINESS,
    tip: '会员标签与企业微信客户标签的关联与同步',
    buttons: CRUD_BUTTONS,
  }),
  page('/easConfig', 'EAS对接配置', { category: SYSTEMS, tip: '金蝶 EAS 的科目与费用对应', buttons: EDIT }),
  page('/shrConfig', 'SHR对接配置', { category: SYSTEMS, tip: 'SHR 人事系统的同步设置', buttons: EDIT }),
  page('/resourceList', '资源管理', { category: ACCOUNTS, tip: '菜单、页面与按钮资源', buttons: CRUD_BUTTONS }),
  page('/channelList', '推广渠道', { category: CHANNELS, tip: '会员来源的推广渠道', buttons: CRUD_BUTTONS }),
  page('/openPlatform', '团购开放平台', { category: CHANNELS, tip: '团购平台开放接口的授权', buttons: EDIT }),
  page('/protects', '公众号菜单', { category: CHANNELS, tip: '公众号底部菜单的配置', buttons: EDIT }),
  page('/storeQuickConfig', '门店快捷入口', { category: ACCOUNTS, tip: '门店端各角色的快捷入口', buttons: EDIT }),
  page('/douyinStoreList', '抖音门店', { category: CHANNELS, tip: '门店与抖音来客门店的绑定', buttons: CRUD_BUTTONS }),
  page('/stoIntentConfig', '门店意向金配置', { category: BUSINESS, tip: '门店收取意向金的金额与规则', buttons: EDIT }),
]);
