/**
 * A reference from a goods setting (advance verification, open-platform relation, mini-program
 * item) to one of our goods: its kind (商品/项目/卡项) and id. The form picks the kind, then the
 * goods of that kind; the list shows the goods' code, name and sale status beside the setting.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import type { EnumOption, FieldDef } from '../resource/define';
import { anyPageAccess, type GoodsOption, SALE_STATUS, type SaleStatus } from './goodsCommon';

export const GOODS_KINDS = [
  { value: 'product', label: '商品', color: 'cyan' },
  { value: 'project', label: '项目', color: 'blue' },
  { value: 'card', label: '卡项', color: 'gold' },
] as const;

export type GoodsKind = (typeof GOODS_KINDS)[number]['value'];

export const goodsKindLabel = (kind: string): string => GOODS_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** The kind field of a setting that may refer to these kinds. */
export const goodsKindField = (kinds: readonly GoodsKind[], section?: string) =>
  ({
    label: '商品类别',
    type: 'enum',
    options: GOODS_KINDS.filter((k) => kinds.includes(k.value)) as EnumOption[],
    required: true,
    default: kinds[0],
    list: { width: 90 },
    filter: 'eq',
    section,
  }) satisfies FieldDef;

/** The goods chosen (an id of the kind's table): in the form only; the list and view show its name. */
export const goodsIdField = (label: string, section?: string) =>
  ({
    label,
    type: 'int',
    required: true,
    min: 1,
    formOnly: true,
    section,
  }) satisfies FieldDef;

/** Read-only columns about the goods referred to. */
export const goodsInfoFields = (section?: string) =>
  ({
    goodsCode: { label: '编码', type: 'text', readOnly: true, list: { width: 110 }, section },
    goodsName: {
      label: '名称',
      type: 'text',
      readOnly: true,
      list: { width: 180 },
      filter: 'like',
      sort: true,
      section,
    },
    goodsStatus: {
      label: '售卖状态',
      type: 'enum',
      options: SALE_STATUS,
      readOnly: true,
      list: { width: 90 },
      section,
    },
  }) satisfies Record<string, FieldDef>;

/** A setting's on/off switch (启用/停用), filterable. */
export const enabledField = (section?: string) =>
  ({
    label: '状态',
    type: 'bool',
    boolLabels: { yes: '启用', no: '停用', color: 'green' },
    required: true,
    default: true,
    list: { width: 80 },
    filter: 'eq',
    section,
  }) satisfies FieldDef;

/** The goods of one kind a setting may refer to, with their sale status. */
export interface GoodsRefOption extends GoodsOption {
  status: SaleStatus;
}

export const goodsOptionsQuery = z.object({
  kind: z.enum(['product', 'project', 'card'], { error: '请选择商品类别' }),
});

/** The pages whose settings refer to goods: whoever may open one may list the goods to pick. */
export const GOODS_REF_PAGES = [
  '/projectConstraintsDetail',
  '/advanceVerification',
  '/openCommodityRelation',
  '/XCXConfig',
  '/mall_goodsList',
  '/mall_goodDetail',
  '/homepageManagement',
  '/salesList',
] as const;

export const GOODS_REF_API = {
  /** Every product, project or card (by `kind`), by name, with its sale status. */
  options: endpoint<z.infer<typeof goodsOptionsQuery>, undefined, GoodsRefOption[]>({
    method: 'GET',
    path: '/rest/goods/refOptions',
    access: anyPageAccess(...GOODS_REF_PAGES),
    query: goodsOptionsQuery,
    summary: '可关联的商品、项目或卡项',
  }),
};
