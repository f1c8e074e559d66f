/**
 * Associated projects (/associatedProjectList, /associatedProjectDetail 关联项目): which projects a
 * stored-value card (储值卡) may pay for, and at what discount of the project's price. One row per
 * (card, project). The discount is a percentage in basis points: 8500 = 85% = 8.5 折, 10000 = 不打折.
 * The member ledger asks this table (server `projectPriceOnCard`) when a stored-value card pays for
 * a project: no row, no payment with that card.
 */
import { endpoint } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { createdAtField, type GoodsOption } from './goodsCommon';

/** Full price: 100% in basis points. */
export const DISCOUNT_FULL = 10_000;

/** A discount in basis points as a Chinese shopper reads it: 8500 → 8.5折, 10000 → 不打折. */
export const discountText = (bp: number): string => {
  if (bp >= DISCOUNT_FULL) return '不打折';
  return `${Number((bp / 1000).toFixed(3))}折`; // 8500 → 8.5折, 8750 → 8.75折
};

/** The price after a discount, in 分 (half a 分 rounds up). */
export const discounted = (price: number, bp: number): number => Math.round((price * bp) / DISCOUNT_FULL);

export const CARD_PROJECT_DISCOUNT = defineResource({
  name: 'cardProjectDiscount',
  title: '关联项目',
  page: '/associatedProjectList',
  detailPage: '/associatedProjectDetail',
  api: '/rest/associatedProject',
  rowLabel: 'projectName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: {
    cardId: { label: '储值卡', type: 'int', required: true, min: 1, formOnly: true, createOnly: true },
    cardName: { label: '储值卡', type: 'text', readOnly: true, list: { width: 180 }, filter: 'like', sort: true },
    projectId: { label: '项目', type: 'int', required: true, min: 1, formOnly: true, createOnly: true },
    projectCode: { label: '项目编码', type: 'text', readOnly: true, list: { width: 110 } },
    projectName: { label: '项目', type: 'text', readOnly: true, list: { width: 180 }, filter: 'like', sort: true },
    discount: {
      label: '折扣',
      type: 'percent',
      required: true,
      min: 1,
      max: DISCOUNT_FULL,
      default: DISCOUNT_FULL,
      list: { width: 90 },
      sort: true,
      help: '按项目价格的百分比收取：85% 即 8.5 折，100% 为不打折',
    },
    discountText: { label: '折扣说明', type: 'text', readOnly: true, list: { width: 90 } },
    projectPrice: { label: '项目价格', type: 'money', readOnly: true, list: { width: 110 } },
    cardPrice: { label: '折后价', type: 'money', readOnly: true, list: { width: 110 }, sort: true },
    note: { label: '备注', type: 'textarea', max: 200 },
    createdAt: createdAtField(),
  },
});

/** A stored-value card of the picker. */
export type StoredCardOption = GoodsOption;

export const CARD_PROJECT_DISCOUNT_API = {
  ...resourceApi(CARD_PROJECT_DISCOUNT),
  /** The stored-value cards the form may pick, by name. */
  cardOptions: endpoint<undefined, undefined, StoredCardOption[]>({
    method: 'GET',
    path: '/rest/associatedProject/cardOptions',
    access: pageAccess('/associatedProjectList'),
    summary: '储值卡选项',
  }),
};
