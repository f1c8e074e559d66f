/**
 * Projects (/projectList, /projectDetail): the services a store performs. A project has a type
 * and a sub-type under it, a duration, a price in 分, labels, the fee it books to accounting, and
 * the products each session consumes (by the millilitre or by the piece). A project on sale, or
 * one a card includes, cannot be deleted.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { chosenIdOf } from '../api/ids';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import {
  anyPageAccess,
  createdAtField,
  type GoodsOption,
  goodsCodeField,
  MONEY_MAX,
  PROJECT_PICKER_PAGES,
  saleBatch,
  saleStatusField,
} from './goodsCommon';

export const CONSUME_UNITS = [
  { value: 'ml', label: '毫升' },
  { value: 'piece', label: '件' },
] as const;

export type ConsumeUnit = (typeof CONSUME_UNITS)[number]['value'];

/** Most products one project consumes. */
export const PROJECT_PRODUCTS_MAX = 30;

export const projectProductRow = z.object({
  productId: chosenIdOf('请选择商品'),
  quantity: z
    .number({ error: '请输入消耗数量' })
    .int('消耗数量须为整数')
    .min(1, '消耗数量至少为 1')
    .max(100_000, '消耗数量不能大于 100000'),
  unit: z.enum(['ml', 'piece'], { error: '请选择消耗单位' }),
});

export type ProjectProductRow = z.infer<typeof projectProductRow>;

export const PROJECT = defineResource({
  name: 'project',
  // Labels count their projects; packages, courses and discounts show the project's name.
  stale: ['projectLabel', 'package', 'minorCourse', 'cardProjectDiscount'],
  title: '项目',
  page: '/projectList',
  detailPage: '/projectDetail',
  api: '/rest/project',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['基本信息', '价格与核算', '消耗商品'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: saleBatch('项目', 'edit'),
  fields: {
    code: goodsCodeField('项目编码'),
    name: {
      label: '项目名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    typeId: {
      label: '项目类型',
      type: 'lookup',
      lookup: 'projectType',
      required: true,
      list: { width: 110 },
      filter: 'eq',
    },
    subTypeId: {
      label: '项目子类型',
      type: 'lookup',
      lookup: 'projectSubType',
      list: { width: 140 },
      filter: 'eq',
      help: '须为所选项目类型下的子类型',
    },
    durationMin: {
      label: '时长（分钟）',
      type: 'int',
      required: true,
      min: 1,
      max: 600,
      list: { width: 100 },
      sort: true,
    },
    labelIds: { label: '标签', type: 'lookups', lookup: 'label', max: 10, list: { width: 160 }, filter: 'eq' },
    price: {
      label: '价格',
      type: 'money',
      required: true,
      max: MONEY_MAX,
      list: { width: 110 },
      filter: 'range',
      sort: true,
      section: '价格与核算',
    },
    feeTypeId: {
      label: '核算费用类型',
      type: 'lookup',
      lookup: 'toEasFee',
      list: { width: 120 },
      section: '价格与核算',
    },
    status: saleStatusField('价格与核算'),
    products: {
      label: '消耗商品',
      type: 'json',
      formOnly: true,
      schema: z
        .array(projectProductRow, { error: '消耗商品格式无效' })
        .max(PROJECT_PRODUCTS_MAX, `最多 ${PROJECT_PRODUCTS_MAX} 种消耗商品`),
      section: '消耗商品',
      help: '每做一次项目消耗的商品与数量；按毫升消耗的商品须填写每单位毫升数',
    },
    productsText: { label: '每次消耗', type: 'text', readOnly: true, export: true, section: '消耗商品' },
    cardCount: { label: '所属卡项数', type: 'int', readOnly: true, list: { width: 100 }, section: '价格与核算' },
    createdAt: createdAtField('价格与核算'),
  },
});

export const PROJECT_API = {
  ...resourceApi(PROJECT),
  /** The project picker (cards, packages, courses, labels, card discounts): every project, by name. */
  options: endpoint<undefined, undefined, GoodsOption[]>({
    method: 'GET',
    path: '/rest/project/options',
    access: anyPageAccess(...PROJECT_PICKER_PAGES),
    summary: '项目选项',
  }),
};
