/**
 * Packages (/packageList, /packageDetail 套餐): sessions of several projects sold together at one
 * package price (分), valid for a number of days after the sale. The list shows the projects'
 * list prices summed (原价合计) next to the package price and the saving. Off-sale projects cannot
 * be put into a package; a package on sale cannot be deleted, only taken off sale.
 */
import { z } from 'zod';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { cardProjectRow } from './card';
import { bundlePriceFields, createdAtField, goodsCodeField, saleBatch, saleStatusField } from './goodsCommon';

/** Most projects one package holds. */
export const PACKAGE_PROJECTS_MAX = 30;

/** One project of a package and its sessions (the same row as a combo card's). */
export const packageProjectRow = cardProjectRow;

export type PackageProjectRow = z.infer<typeof packageProjectRow>;

export const PROJECT_PACKAGE = defineResource({
  name: 'package',
  title: '套餐',
  page: '/packageList',
  detailPage: '/packageDetail',
  api: '/rest/package',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['基本信息', '包含项目'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: saleBatch('套餐', 'edit'),
  fields: {
    code: goodsCodeField('套餐编码'),
    ...bundlePriceFields('各项目价格 × 次数之和'),
    validityDays: {
      label: '有效期（天）',
      type: 'int',
      required: true,
      min: 1,
      max: 3650,
      default: 365,
      list: { width: 100 },
      sort: true,
    },
    status: saleStatusField(),
    note: { label: '说明', type: 'textarea', max: 200 },
    projects: {
      label: '包含项目',
      type: 'json',
      required: true,
      formOnly: true,
      schema: z
        .array(packageProjectRow, { error: '包含项目格式无效' })
        .min(1, '请至少添加一个项目')
        .max(PACKAGE_PROJECTS_MAX, `最多 ${PACKAGE_PROJECTS_MAX} 个项目`),
      section: '包含项目',
      help: '每个项目及其次数；停售的项目不能加入套餐',
    },
    projectsText: { label: '包含项目', type: 'text', readOnly: true, list: { width: 240 }, section: '包含项目' },
    createdAt: createdAtField('包含项目'),
  },
});

export const PROJECT_PACKAGE_API = resourceApi(PROJECT_PACKAGE);
