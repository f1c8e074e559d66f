/**
 * Swiftpass merchants (/swiftpassStore 威富通商户): per store, the configuration of its 威富通
 * payment merchant — merchant number, signing key, sub-merchant, enabled. One per store. The key
 * is write-only: no read answers it; the list shows 已设置/未设置, and an edit that leaves it
 * blank keeps it. No delete: a store that stops using it is 停用.
 */
import { endpoint } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { STORE_OWNERSHIPS } from './store';
import type { StorePick } from './storesCommon';

export const SWIFTPASS_MERCHANT = defineResource({
  name: 'swiftpassMerchant',
  title: '威富通商户',
  page: '/swiftpassStore',
  api: '/rest/swiftpassStore',
  rowLabel: 'storeName',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  actions: { create: true, update: true, delete: false, export: true },
  fields: {
    storeId: { label: '门店', type: 'int', required: true, createOnly: true, formOnly: true, help: '每个门店一条配置' },
    storeCode: {
      label: '门店编码',
      type: 'text',
      readOnly: true,
      list: { width: 100, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like', sort: true },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 } },
    ownership: {
      label: '经营方式',
      type: 'enum',
      options: STORE_OWNERSHIPS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    merchantNo: {
      label: '商户号',
      type: 'text',
      required: true,
      max: 20,
      pattern: { regex: /^\d{6,20}$/, message: '商户号为 6 到 20 位数字' },
      list: { width: 140 },
      filter: 'like',
    },
    signKey: {
      label: '密钥',
      type: 'text',
      writeOnly: true,
      min: 16,
      max: 64,
      pattern: { regex: /^[A-Za-z0-9]+$/, message: '密钥只能包含字母和数字' },
      placeholder: '保存后不再显示；编辑时留空则不修改',
      help: '威富通分配的签名密钥，16 到 64 位字母和数字',
    },
    keySet: {
      label: '密钥状态',
      type: 'bool',
      readOnly: true,
      boolLabels: { yes: '已设置', no: '未设置', color: 'green' },
      list: { width: 90 },
      filter: 'eq',
    },
    subMerchantNo: {
      label: '子商户号',
      type: 'text',
      max: 32,
      pattern: { regex: /^[A-Za-z0-9]{1,32}$/, message: '子商户号只能包含字母和数字' },
      list: { width: 130 },
    },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
    },
    updatedByName: { label: '最后修改人', type: 'text', readOnly: true, list: { width: 100 } },
    updatedAt: { label: '修改时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

export const SWIFTPASS_API = {
  ...resourceApi(SWIFTPASS_MERCHANT),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/swiftpassStore/stores',
    access: pageAccess('/swiftpassStore'),
    summary: '可选门店',
  }),
};
