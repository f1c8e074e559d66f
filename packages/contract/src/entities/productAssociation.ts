/**
 * Associated products (/associatedList, /associatedDetail 关联商品): a product and the products
 * sold with it (a shampoo and its conditioner), each with a recommended quantity, and a note. When
 * a store sells the main product, the till suggests the linked ones. A product is the main product
 * of one association at most; a product an association names cannot be deleted.
 */
import { z } from 'zod';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { createdAtField } from './goodsCommon';
import { PACKAGE_PRODUCTS_MAX, productQuantityRow } from './productPackage';

export const PRODUCT_ASSOCIATION = defineResource({
  name: 'productAssociation',
  title: '关联商品',
  page: '/associatedList',
  detailPage: '/associatedDetail',
  api: '/rest/associated',
  rowLabel: 'mainProductName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['主商品', '关联商品'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: {
    mainProductId: {
      label: '主商品',
      type: 'int',
      required: true,
      min: 1,
      formOnly: true,
      help: '一个商品只能设置一组关联商品',
    },
    mainProductCode: { label: '商品编码', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    mainProductName: {
      label: '主商品',
      type: 'text',
      readOnly: true,
      list: { width: 200 },
      filter: 'like',
      sort: true,
    },
    items: {
      label: '关联商品',
      type: 'json',
      required: true,
      formOnly: true,
      schema: z
        .array(productQuantityRow, { error: '关联商品格式无效' })
        .min(1, '请至少添加一个关联商品')
        .max(PACKAGE_PRODUCTS_MAX, `最多 ${PACKAGE_PRODUCTS_MAX} 个关联商品`),
      section: '关联商品',
      help: '与主商品一起推荐的商品及建议数量',
    },
    itemsText: { label: '关联商品', type: 'text', readOnly: true, list: { width: 260 }, section: '关联商品' },
    itemCount: { label: '关联数', type: 'int', readOnly: true, list: { width: 80 }, sort: true, section: '关联商品' },
    note: { label: '备注', type: 'textarea', max: 200, list: { width: 200 }, section: '关联商品' },
    createdAt: createdAtField('关联商品'),
  },
});

export const PRODUCT_ASSOCIATION_API = resourceApi(PRODUCT_ASSOCIATION);
