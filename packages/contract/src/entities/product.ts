/**
 * Products (/productList, /productDetail, /productSort): retail goods sold or consumed in a
 * store. A product consumed by the millilitre carries its unit's volume (1 瓶 = 500 ml). Prices are
 * integer 分. A product on sale, or one a project consumes, cannot be deleted.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { chosenIdOf } from '../api/ids';
import { buttonAccess, buttonCodeOf, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import {
  anyPageAccess,
  createdAtField,
  type GoodsOption,
  goodsCodeField,
  MONEY_MAX,
  PRODUCT_PICKER_PAGES,
  type SaleStatus,
  saleBatch,
  saleStatusField,
} from './goodsCommon';

export const PRODUCT_UNITS = ['瓶', '支', '盒', '袋', '罐', '套', '片', '个'].map((u) => ({ value: u, label: u }));

/** Most millilitres one unit may hold (a 20 L drum). */
export const ML_PER_UNIT_MAX = 20_000;

export const PRODUCT = defineResource({
  name: 'product',
  // Packages and associations show the product's name.
  stale: ['productPackage', 'productAssociation'],
  title: '商品',
  page: '/productList',
  detailPage: '/productDetail',
  api: '/rest/product',
  rowLabel: 'name',
  defaultSort: { field: 'sort', dir: 'asc' },
  sections: ['基本信息', '价格与单位', '上架与展示'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: saleBatch('商品', 'edit'),
  fields: {
    code: goodsCodeField('商品编码'),
    barcode: {
      label: '条形码',
      type: 'text',
      max: 14,
      pattern: { regex: /^\d{8,14}$/, message: '条形码应为 8 到 14 位数字' },
      list: { width: 140 },
      filter: 'like',
    },
    name: {
      label: '商品名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 200 },
      filter: 'like',
      sort: true,
    },
    brand: { label: '品牌', type: 'text', max: 30, list: { width: 110 }, filter: 'like', sort: true },
    spec: { label: '规格', type: 'text', max: 30, list: { width: 110 }, placeholder: '例如 500ml/瓶' },
    unit: {
      label: '单位',
      type: 'enum',
      options: PRODUCT_UNITS,
      required: true,
      default: '瓶',
      list: { width: 70 },
      section: '价格与单位',
    },
    mlPerUnit: {
      label: '每单位毫升数',
      type: 'int',
      min: 1,
      max: ML_PER_UNIT_MAX,
      list: { width: 110 },
      section: '价格与单位',
      help: '按毫升消耗的商品填写，例如 1 瓶 = 500 毫升；不按毫升消耗的留空',
    },
    retailPrice: {
      label: '零售价',
      type: 'money',
      required: true,
      max: MONEY_MAX,
      list: { width: 110 },
      filter: 'range',
      sort: true,
      section: '价格与单位',
    },
    costPrice: {
      label: '成本价',
      type: 'money',
      required: true,
      max: MONEY_MAX,
      list: { width: 110 },
      sort: true,
      section: '价格与单位',
    },
    onlineTypeId: {
      label: '线上商品类型',
      type: 'lookup',
      lookup: 'productOnlineType',
      list: { width: 120 },
      filter: 'eq',
      section: '上架与展示',
    },
    status: saleStatusField('上架与展示'),
    images: { label: '商品图片', type: 'images', max: 9, section: '上架与展示', help: '最多 9 张，第一张为主图' },
    sort: { label: '排序', type: 'int', readOnly: true, list: { width: 70 }, sort: true, section: '上架与展示' },
    projectCount: {
      label: '使用项目数',
      type: 'int',
      readOnly: true,
      list: { width: 100 },
      sort: true,
      section: '上架与展示',
    },
    createdAt: createdAtField('上架与展示'),
  },
});

/** One product of /productSort, in display order. */
export interface ProductSortItem {
  id: number;
  code: string;
  name: string;
  status: SaleStatus;
  sort: number;
}

/** Most products /productSort orders at once. */
export const PRODUCT_SORT_MAX = 20_000;

export const saveSortBody = z.object({
  ids: z
    .array(chosenIdOf('商品编号无效'), {
      error: '请提交商品顺序',
    })
    .min(1, '请提交商品顺序')
    .max(PRODUCT_SORT_MAX, `一次最多排序 ${PRODUCT_SORT_MAX} 个商品`),
});

export const PRODUCT_API = {
  ...resourceApi(PRODUCT),
  /** Every product in display order (/productSort). */
  sortList: endpoint<undefined, undefined, ProductSortItem[]>({
    method: 'GET',
    path: '/rest/product/sortList',
    access: pageAccess('/productSort'),
    summary: '商品排序列表',
  }),
  /** Rewrites the display order: `ids` is every product, first shown first. */
  saveSort: endpoint<undefined, z.infer<typeof saveSortBody>, { count: number }>({
    method: 'POST',
    path: '/rest/product/saveSort',
    access: buttonAccess('/productSort', 'edit'),
    body: saveSortBody,
    summary: '保存商品排序',
  }),
  /** The product picker (a project's consumption, product packages, associations): every product, by name. */
  options: endpoint<undefined, undefined, (GoodsOption & { unit: string; mlPerUnit: number | null })[]>({
    method: 'GET',
    path: '/rest/product/options',
    access: anyPageAccess(...PRODUCT_PICKER_PAGES),
    summary: '商品选项',
  }),
};

export const PRODUCT_SORT_BUTTONS = { edit: buttonCodeOf('/productSort', 'edit') };
