/**
 * Cards (/couponList, /couponDetail): prepaid entitlements a store sells. A 套餐卡 (combo card)
 * holds sessions of given projects; a 储值卡 (stored-value card) holds an amount and a bonus in 分.
 * Each has a price, a validity in days and the stores where it may be used (all, or stores of
 * given levels). A card on sale cannot be deleted.
 */
import { z } from 'zod';
import { chosenIdOf } from '../api/ids';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { createdAtField, goodsCodeField, MONEY_MAX, saleBatch, saleStatusField } from './goodsCommon';

export const CARD_KINDS = [
  { value: 'combo', label: '套餐卡', color: 'blue' },
  { value: 'stored', label: '储值卡', color: 'gold' },
] as const;

export const CARD_SCOPES = [
  { value: 'all', label: '全部门店' },
  { value: 'levels', label: '指定门店等级' },
] as const;

/** Most projects one combo card holds. */
export const CARD_PROJECTS_MAX = 30;

export const cardProjectRow = z.object({
  projectId: chosenIdOf('请选择项目'),
  sessions: z.number({ error: '请输入次数' }).int('次数须为整数').min(1, '次数至少为 1').max(999, '次数不能大于 999'),
});

export type CardProjectRow = z.infer<typeof cardProjectRow>;

export const CARD = defineResource({
  name: 'card',
  stale: ['cardProjectDiscount'],
  title: '卡项',
  page: '/couponList',
  detailPage: '/couponDetail',
  api: '/rest/card',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['基本信息', '卡内权益', '使用范围'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: saleBatch('卡项', 'enable'),
  fields: {
    code: goodsCodeField('卡项编码'),
    name: {
      label: '卡项名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    kind: {
      label: '卡类型',
      type: 'enum',
      options: CARD_KINDS,
      required: true,
      createOnly: true,
      default: 'combo',
      list: { width: 90 },
      filter: 'eq',
    },
    price: {
      label: '售价',
      type: 'money',
      required: true,
      max: MONEY_MAX,
      list: { width: 110 },
      filter: 'range',
      sort: true,
    },
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
    amount: {
      label: '储值金额',
      type: 'money',
      max: MONEY_MAX,
      list: { width: 110 },
      section: '卡内权益',
      help: '储值卡必填',
    },
    bonus: { label: '赠送金额', type: 'money', max: MONEY_MAX, list: { width: 110 }, section: '卡内权益' },
    projects: {
      label: '包含项目',
      type: 'json',
      formOnly: true,
      schema: z
        .array(cardProjectRow, { error: '包含项目格式无效' })
        .max(CARD_PROJECTS_MAX, `最多 ${CARD_PROJECTS_MAX} 个项目`),
      section: '卡内权益',
      help: '套餐卡必填：每个项目及其次数',
    },
    projectsText: { label: '包含项目', type: 'text', readOnly: true, list: { width: 220 }, section: '卡内权益' },
    usableScope: {
      label: '适用门店',
      type: 'enum',
      options: CARD_SCOPES,
      required: true,
      default: 'all',
      list: { width: 110 },
      filter: 'eq',
      section: '使用范围',
    },
    storeLevelIds: {
      label: '适用门店等级',
      type: 'lookups',
      lookup: 'storeLevel',
      max: 10,
      list: { width: 130 },
      section: '使用范围',
      help: '适用门店为“指定门店等级”时必选',
    },
    createdAt: createdAtField('使用范围'),
  },
});

export const CARD_API = resourceApi(CARD);
