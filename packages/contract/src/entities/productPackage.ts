/**
 * Product packages (/productPackageList, /productPackageDetail 产品套餐): retail products with
 * quantities sold together at one price (分). The list shows the products' retail prices summed
 * (原价合计) next to the package price. Off-sale products cannot be put into a package; a package
 * on sale cannot be deleted, only taken off sale.
 */
import { z } from 'zod';
import { chosenIdOf } from '../api/ids';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { bundlePriceFields, createdAtField, goodsCodeField, saleBatch, saleStatusField } from './goodsCommon';

/** Most products one product package or association holds. */
export const PACKAGE_PRODUCTS_MAX = 30;

/** A product and how many of it (a product package's line, an associated product). */
export const productQuantityRow = z.object({
  productId: chosenIdOf('请选择商品'),
  quantity: z.number({ error: '请输入数量' }).int('数量须为整数').min(1, '数量至少为 1').max(999, '数量不能大于 999'),
});

export type ProductQuantityRow = z.infer<typeof productQuantityRow>;

export const PRODUCT_PACKAGE = defineResource({
  name: 'productPackage',
  title: '产品套餐',
  page: '/productPackageList',
  detailPage: '/productPackageDetail',
  api: '/rest/productPackage',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['基本信息', '包含商品'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: saleBatch('产品套餐', 'edit'),
  fields: {
    code: goodsCodeField('套餐编码'),
    ...bundlePriceFields('各商品零售价 × 数量之和'),
    status: saleStatusField(),
    note: { label: '说明', type: 'textarea', max: 200 },
    items: {
      label: '包含商品',
      type: 'json',
      required: true,
      formOnly: true,
      schema: z
        .array(productQuantityRow, { error: '包含商品格式无效' })
        .min(1, '请至少添加一个商品')
        .max(PACKAGE_PRODUCTS_MAX, `最多 ${PACKAGE_PRODUCTS_MAX} 个商品`),
      section: '包含商品',
      help: '每个商品及其数量；停售的商品不能加入套餐',
    },
    itemsText: { label: '包含商品', type: 'text', readOnly: true, list: { width: 240 }, section: '包含商品' },
    createdAt: createdAtField('包含商品'),
  },
});

export const PRODUCT_PACKAGE_API = resourceApi(PRODUCT_PACKAGE);
