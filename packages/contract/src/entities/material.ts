/**
 * Materials (物料): promotional materials and consumables a store orders from headquarters on
 * /materialBookProdLstNew — posters, price cards, gift bags — which are not retail goods, so they
 * are a small catalogue of their own, kept on /orderConfiguration (订货配置: 可订商品). A material
 * that orders refer to cannot be deleted, only stopped (停订).
 */
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { createdAtField, goodsCodeField, MONEY_MAX } from './goodsCommon';

export const MATERIAL_STATUSES = [
  { value: 'on', label: '可订购', color: 'green' },
  { value: 'off', label: '停订', color: 'default' },
] as const satisfies readonly EnumOption[];

export const MATERIAL = defineResource({
  name: 'material',
  title: '物料',
  page: '/orderConfiguration',
  api: '/rest/material',
  rowLabel: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  fields: {
    code: goodsCodeField('物料编码'),
    name: {
      label: '物料名称',
      type: 'text',
      required: true,
      max: 40,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    spec: { label: '规格', type: 'text', max: 40, list: { width: 140 } },
    unit: {
      label: '单位',
      type: 'text',
      required: true,
      max: 6,
      default: '个',
      list: { width: 70 },
      help: '张、个、套、本、箱……',
    },
    price: { label: '单价', type: 'money', required: true, max: MONEY_MAX, list: { width: 100 }, sort: true },
    status: {
      label: '状态',
      type: 'enum',
      options: MATERIAL_STATUSES,
      required: true,
      default: 'on',
      list: { width: 80 },
      filter: 'eq',
    },
    createdAt: createdAtField(),
  },
});

export const MATERIAL_API = resourceApi(MATERIAL);
