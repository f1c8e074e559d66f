/**
 * Advance verification (/advanceVerification 提前核销): which projects and cards a store may verify
 * (核销) before the booked date, and by how many days at most — in every store or only in stores
 * of given levels. One rule per project or card; a rule may be switched off without deleting it.
 * The verification service asks server goods/advanceVerification.ts `advanceDaysAllowed`.
 */
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch } from '../resource/define';
import { CARD_SCOPES } from './card';
import { createdAtField } from './goodsCommon';
import { enabledField, goodsIdField, goodsInfoFields, goodsKindField } from './goodsRef';

/** Most days a verification may come before the booked date. */
export const ADVANCE_DAYS_MAX = 365;

export const ADVANCE_VERIFICATION = defineResource({
  name: 'advanceVerification',
  title: '提前核销规则',
  page: '/advanceVerification',
  api: '/rest/advanceVerification',
  rowLabel: 'goodsName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['核销对象', '提前规则'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: enableDisableBatch('停用后门店不能再提前核销这些项目或卡项，确定停用？'),
  fields: {
    goodsKind: goodsKindField(['project', 'card']),
    goodsId: { ...goodsIdField('项目/卡项'), help: '每个项目或卡项只能设置一条规则' },
    ...goodsInfoFields(),
    maxDaysEarly: {
      label: '最多提前天数',
      type: 'int',
      required: true,
      min: 1,
      max: ADVANCE_DAYS_MAX,
      default: 3,
      list: { width: 110 },
      sort: true,
      section: '提前规则',
      help: '预约日期前最多可提前几天核销',
    },
    storeScope: {
      label: '适用门店',
      type: 'enum',
      options: CARD_SCOPES,
      required: true,
      default: 'all',
      list: { width: 110 },
      filter: 'eq',
      section: '提前规则',
    },
    storeLevelIds: {
      label: '适用门店等级',
      type: 'lookups',
      lookup: 'storeLevel',
      max: 10,
      list: { width: 130 },
      filter: 'eq',
      section: '提前规则',
      help: '适用门店为“指定门店等级”时必选',
    },
    enabled: enabledField('提前规则'),
    remark: { label: '备注', type: 'textarea', max: 200, section: '提前规则' },
    createdAt: createdAtField('提前规则'),
  },
});

export const ADVANCE_VERIFICATION_API = resourceApi(ADVANCE_VERIFICATION);
