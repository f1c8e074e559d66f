/**
 * What products, projects and cards share: the sale status (在售/停售) with its batch 上架/下架,
 * the code rule, the money ceiling, and the access of the pickers that other goods pages use.
 */
import { type Access, codes } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import type { BatchActionDef, FieldDef } from '../resource/define';

export const SALE_STATUS = [
  { value: 'on', label: '在售', color: 'green' },
  { value: 'off', label: '停售', color: 'default' },
] as const;

export type SaleStatus = (typeof SALE_STATUS)[number]['value'];

/** The status field: new goods go on sale unless the form says otherwise. */
export const saleStatusField = (section?: string) =>
  ({
    label: '状态',
    type: 'enum',
    options: SALE_STATUS,
    required: true,
    default: 'on',
    list: { width: 80 },
    filter: 'eq',
    sort: true,
    section,
  }) satisfies FieldDef;

/** Batch 上架/下架 of a goods list, under the page's `button`. */
export const saleBatch = (title: string, button: string): readonly BatchActionDef[] => [
  { key: 'onSale', label: '批量上架', button },
  {
    key: 'offSale',
    label: '批量下架',
    button,
    danger: true,
    confirm: `下架后门店将不能再售卖这些${title}，确定下架？`,
  },
];

/** Largest price: 1,000,000.00 元 in 分. */
export const MONEY_MAX = 100_000_000;

export const goodsCodeField = (label: string) =>
  ({
    label,
    type: 'text',
    required: true,
    createOnly: true,
    max: 30,
    pattern: { regex: /^[A-Za-z0-9_-]+$/, message: `${label}只能包含字母、数字、下划线和短横线` },
    list: { width: 120, fixed: 'left' },
    filter: 'like',
    sort: true,
  }) satisfies FieldDef;

export const createdAtField = (section?: string) =>
  ({
    label: '创建时间',
    type: 'datetime',
    readOnly: true,
    list: { width: 170 },
    sort: true,
    section,
  }) satisfies FieldDef;

/** Whoever may open any of these pages (a picker several pages use). */
export const anyPageAccess = (...paths: string[]): Access =>
  codes(...new Set(paths.flatMap((p) => (pageAccess(p) as { codes?: string[] }).codes ?? [])));

/** One choice of a goods picker. */
export interface GoodsOption {
  id: number;
  code: string;
  name: string;
  /** Off-sale goods cannot go into a new package or course: the pickers show them disabled. */
  status: SaleStatus;
  /** List price in 分 (a product's retail price, a project's price). */
  price: number;
}

/** Pages whose forms pick products (their readers may load the product picker). */
export const PRODUCT_PICKER_PAGES = ['/productList', '/projectList', '/productPackageList', '/associatedList'] as const;

/** Pages whose forms pick projects (their readers may load the project picker). */
export const PROJECT_PICKER_PAGES = [
  '/projectList',
  '/couponList',
  '/projectLabelSetList',
  '/packageList',
  '/associatedProjectList',
  '/minorHealingProjectList',
] as const;

/**
 * 套餐名称, 套餐价, 原价合计 and 优惠金额 of a bundle sold at one price (a project package, a
 * product package); `listTotalHelp` says what the list prices are summed from.
 */
export const bundlePriceFields = (listTotalHelp: string) =>
  ({
    name: {
      label: '套餐名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    price: {
      label: '套餐价',
      type: 'money',
      required: true,
      max: MONEY_MAX,
      list: { width: 110 },
      filter: 'range',
      sort: true,
    },
    listTotal: {
      label: '原价合计',
      type: 'money',
      readOnly: true,
      list: { width: 110 },
      sort: true,
      help: listTotalHelp,
    },
    saving: { label: '优惠金额', type: 'money', readOnly: true, list: { width: 110 }, sort: true },
  }) satisfies Record<string, FieldDef>;
