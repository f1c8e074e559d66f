/**
 * /productOnlineRateConfig (商品线上比例配置): for each online product type, how an online sale is
 * settled between headquarters and the store. SPEC §7.3 names its calls getConfigList,
 * addProductOnlineType and editProductOnlineType; they sit under /rest/productOnlineRate/ (`paths`).
 */
import { defineResource } from '../resource/define';

export const PRODUCT_ONLINE_RATE = defineResource({
  name: 'productOnlineRate',
  title: '线上结算比例',
  page: '/productOnlineRateConfig',
  api: '/rest/productOnlineRate',
  paths: {
    list: { method: 'GET', path: '/rest/productOnlineRate/getConfigList' },
    create: { method: 'POST', path: '/rest/productOnlineRate/addProductOnlineType' },
    update: { method: 'POST', path: '/rest/productOnlineRate/editProductOnlineType' },
  },
  rowLabel: 'onlineTypeName',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  actions: { create: true, update: true },
  fields: {
    onlineType: {
      label: '线上商品类型',
      type: 'lookup',
      lookup: 'productOnlineType',
      required: true,
      createOnly: true,
      list: { width: 140 },
      filter: 'eq',
    },
    onlineTypeName: { label: '类型名称', type: 'text', readOnly: true, hidden: true },
    hqRate: { label: '总部结算比例', type: 'percent', required: true, list: { width: 130 }, sort: true },
    storeRate: {
      label: '门店结算比例',
      type: 'percent',
      required: true,
      list: { width: 130 },
      sort: true,
      help: '总部与门店的比例合计须为 100%',
    },
    remark: { label: '备注', type: 'text', max: 100, list: true },
    updatedAt: { label: '更新时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});
