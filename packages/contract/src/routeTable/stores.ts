import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

const STORES = '门店';
const ORDERING = '订货';
const PAYMENT = '支付与设备';
const MIGRATION = '会员迁移';

const ORDER_BUTTONS = [BUTTONS.audit, BUTTONS.export];
/**
 * Store orders: 新增 submits (and lets the submitter edit or withdraw), 审核 approves or rejects,
 * 发货 ships, 收货 receives, 编辑 records payments, 导出 exports (docs/domain.md "Store orders").
 */
const STORE_ORDER_BUTTONS = [BUTTONS.add, BUTTONS.edit, BUTTONS.audit, BUTTONS.ship, BUTTONS.receive, BUTTONS.export];

export default group('ZBHT-MDGL', [
  page('/storeList', '门店列表', {
    category: STORES,
    tip: '直营与加盟门店的档案、状态与等级',
    keepAlive: true,
    buttons: [...CRUD_BUTTONS, BUTTONS.enable],
  }),
  detail('/storeDetail', '门店详情', { of: '/storeList' }),
  page('/bookProdLst', '订货记录（旧）', {
    category: ORDERING,
    tip: '旧版门店向总部订货的记录',
    keepAlive: true,
    buttons: [BUTTONS.export],
  }),
  page('/bookProdLstNew', '订货记录', {
    category: ORDERING,
    tip: '门店向总部订货的申请、审核与发货',
    keepAlive: true,
    buttons: STORE_ORDER_BUTTONS,
  }),
  detail('/bookProdDetail', '订货详情（旧）', { of: '/bookProdLst', approver: true }),
  detail('/bookProdDetailNew', '订货详情', { of: '/bookProdLstNew', approver: true }),
  detail('/bookProdPayDetail', '订货付款详情', { of: '/bookProdLstNew', approver: true }),
  detail('/aestheticProductDetail', '美业产品订货详情', { of: '/bookProdLstNew', approver: true }),
  page('/barCodeDatabase', '商品条码库', {
    category: ORDERING,
    tip: '维护订货与收货使用的商品条码',
    buttons: [...CRUD_BUTTONS, BUTTONS.import],
  }),
  page('/memberReceiveAudit', '会员领用审核', {
    category: ORDERING,
    tip: '审核门店为会员领用的产品',
    // 新增: headquarters (or the store's own role) records a 领用 on the store's behalf.
    buttons: [BUTTONS.add, ...ORDER_BUTTONS],
  }),
  page('/materialBookProdLstNew', '物料订货记录', {
    category: ORDERING,
    tip: '门店订购宣传物料与耗材的记录',
    keepAlive: true,
    buttons: STORE_ORDER_BUTTONS,
  }),
  detail('/materialBookProdDetail', '物料订货详情', { of: '/materialBookProdLstNew', approver: true }),
  page('/posList', 'POS机管理', {
    category: PAYMENT,
    tip: '门店收款终端的绑定与状态',
    buttons: CRUD_BUTTONS,
  }),
  page('/swiftpassStore', '威富通商户', {
    category: PAYMENT,
    tip: '门店的威富通收款商户号',
    buttons: [BUTTONS.add, BUTTONS.edit, BUTTONS.export],
  }),
  page('/close', '会员账户迁移记录', {
    category: MIGRATION,
    tip: '闭店或转店时会员账户的迁移记录',
    keepAlive: true,
    buttons: ORDER_BUTTONS,
  }),
  detail('/closeDetail', '账户迁移详情', { of: '/close', approver: true }),
  detail('/memAccountDetail', '会员账户详情', { of: '/close', approver: true }),
  page('/orderConfiguration', '订货配置', {
    category: ORDERING,
    tip: '订货周期、起订量与可订商品',
    // 编辑 changes the ordering rules and materials; 新增/删除 add and remove materials.
    buttons: [BUTTONS.add, BUTTONS.edit, BUTTONS.delete],
  }),
]);
