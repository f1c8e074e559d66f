/**
 * Open-platform commodity relation (/openCommodityRelation 开放平台商品关联): a group-buy platform's
 * goods (a 美团 or 抖音 voucher…) and the project or card of ours it stands for. Verifying (核销) one
 * voucher in a store gives the member `sessionsPerVoucher` sessions of the project, or opens the
 * card. A platform's goods id is related once. The verification service asks server
 * goods/openCommodity.ts `findOpenCommodity`.
 */
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch } from '../resource/define';
import { createdAtField, MONEY_MAX } from './goodsCommon';
import { enabledField, goodsIdField, goodsInfoFields, goodsKindField } from './goodsRef';

export const OPEN_PLATFORMS = [
  { value: 'meituan', label: '美团/大众点评', color: 'gold' },
  { value: 'douyin', label: '抖音', color: 'magenta' },
  { value: 'koubei', label: '口碑', color: 'blue' },
  { value: 'kuaishou', label: '快手', color: 'orange' },
] as const;

export type OpenPlatform = (typeof OPEN_PLATFORMS)[number]['value'];

/** Most sessions of a project one voucher gives. */
export const SESSIONS_PER_VOUCHER_MAX = 99;

export const OPEN_COMMODITY = defineResource({
  name: 'openCommodity',
  title: '开放平台商品关联',
  page: '/openCommodityRelation',
  api: '/rest/openCommodity',
  rowLabel: 'platformGoodsName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['平台商品', '本系统商品'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: enableDisableBatch('停用后门店不能再核销这些平台券，确定停用？'),
  fields: {
    platform: {
      label: '平台',
      type: 'enum',
      options: OPEN_PLATFORMS,
      required: true,
      list: { width: 120 },
      filter: 'eq',
      sort: true,
    },
    platformGoodsId: {
      label: '平台商品ID',
      type: 'text',
      required: true,
      max: 64,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '平台商品ID只能包含字母、数字、下划线和短横线' },
      list: { width: 160 },
      filter: 'like',
    },
    platformGoodsName: {
      label: '平台商品名称',
      type: 'text',
      required: true,
      max: 100,
      list: { width: 200 },
      filter: 'like',
      sort: true,
    },
    voucherPrice: {
      label: '团购售价',
      type: 'money',
      max: MONEY_MAX,
      list: { width: 100 },
      sort: true,
      help: '平台上的售价，用于对账；可不填',
    },
    goodsKind: goodsKindField(['project', 'card'], '本系统商品'),
    goodsId: goodsIdField('关联项目/卡项', '本系统商品'),
    ...goodsInfoFields('本系统商品'),
    sessionsPerVoucher: {
      label: '每券次数',
      type: 'int',
      required: true,
      min: 1,
      max: SESSIONS_PER_VOUCHER_MAX,
      default: 1,
      list: { width: 90 },
      section: '本系统商品',
      help: '关联项目：每张券可做的次数；关联卡项：每张券开一张卡，次数为 1',
    },
    enabled: enabledField('本系统商品'),
    createdAt: createdAtField('本系统商品'),
  },
});

export const OPEN_COMMODITY_API = resourceApi(OPEN_COMMODITY);
