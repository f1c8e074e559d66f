/**
 * /cooperativeConfig 门店订货配置 (SPEC §2.13): for a franchise store, which goods it may order
 * from head office (all, or the products listed) and at which price tier (a rate on the cost
 * price the order otherwise takes). It adds to /orderConfiguration's rules per order kind (days,
 * minimum, store types, 赊销), which still apply. A franchise store without an enabled row orders
 * as before: any goods on sale, at the cost price. Material orders are not concerned.
 */
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch } from '../resource/define';
import { createdAtField } from './goodsCommon';
import { enabledField } from './goodsRef';

/** Price tiers: the order's unit price is the product's cost price × rate (basis points), rounded to the 分. */
export const COOP_PRICE_TIERS = [
  { value: 'cost', label: '成本价', rate: 10_000 },
  { value: 'tier1', label: '一档（成本价×105%）', rate: 10_500 },
  { value: 'tier2', label: '二档（成本价×110%）', rate: 11_000 },
  { value: 'tier3', label: '三档（成本价×120%）', rate: 12_000 },
] as const;

export type CoopPriceTier = (typeof COOP_PRICE_TIERS)[number]['value'];

/** The unit price of a product of `costPrice` at `tier` (an unknown tier: the cost price). */
export const coopUnitPrice = (costPrice: number, tier: string): number => {
  const rate = COOP_PRICE_TIERS.find((t) => t.value === tier)?.rate ?? 10_000;
  return Math.round((costPrice * rate) / 10_000);
};

export const COOP_GOODS_SCOPES = [
  { value: 'all', label: '全部在售商品' },
  { value: 'listed', label: '指定商品' },
] as const;

/** Most products one store's list names. */
export const COOP_PRODUCTS_MAX = 200;

export const COOPERATIVE_CONFIG = defineResource({
  name: 'cooperativeConfig',
  title: '门店订货配置',
  page: '/cooperativeConfig',
  api: '/rest/cooperativeConfig',
  rowLabel: 'storeName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  // The page has only 编辑: it adds, changes and removes the stores' settings.
  buttons: { add: 'edit', delete: 'edit' },
  batch: enableDisableBatch('停用后这些门店按成本价订购全部在售商品，确定停用？'),
  fields: {
    storeCode: {
      label: '门店编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 20,
      list: { width: 100 },
      filter: 'like',
      help: '加盟门店的编码；每家门店一条配置',
    },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like', sort: true },
    storeId: { label: '门店ID', type: 'int', readOnly: true, hidden: true },
    priceTier: {
      label: '价格档位',
      type: 'enum',
      options: COOP_PRICE_TIERS.map(({ value, label }) => ({ value, label })),
      required: true,
      default: 'cost',
      list: { width: 170 },
      filter: 'eq',
      help: '订货单价 = 商品成本价 × 档位比例（四舍五入到分）',
    },
    goodsScope: {
      label: '可订商品',
      type: 'enum',
      options: COOP_GOODS_SCOPES,
      required: true,
      default: 'all',
      list: { width: 110 },
      filter: 'eq',
    },
    productCodes: {
      label: '指定商品编码',
      type: 'textarea',
      max: 4000,
      list: { width: 220 },
      help: '可订商品为「指定商品」时填写，多个编码用逗号、空格或换行分隔',
    },
    productCount: { label: '指定商品数', type: 'int', readOnly: true, list: { width: 100 } },
    enabled: enabledField(),
    remark: { label: '备注', type: 'textarea', max: 200 },
    createdAt: createdAtField(),
  },
});

export const COOPERATIVE_CONFIG_API = resourceApi(COOPERATIVE_CONFIG);
