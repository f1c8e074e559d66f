import { CRUD_BUTTONS, detail, group, page } from './define';

export default group('ZBHT-SPGL', [
  page('/productList', '商品列表', {
    category: '商品',
    tip: '零售商品档案、价格与上下架',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/productDetail', '商品详情', { of: '/productList' }),
]);
