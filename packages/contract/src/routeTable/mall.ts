import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

export default group('ZBHT-SCGL', [
  page('/mall_goodsList', '商城商品', {
    category: '商城',
    tip: '小程序商城上架的商品与价格',
    keepAlive: true,
    buttons: [...CRUD_BUTTONS, BUTTONS.enable],
  }),
  detail('/mall_goodDetail', '商城商品详情', { of: '/mall_goodsList' }),
  page('/tpl', '团购平台管理', {
    category: '团购平台',
    tip: '美团、抖音等团购平台的接入与门店',
    buttons: CRUD_BUTTONS,
  }),
]);
