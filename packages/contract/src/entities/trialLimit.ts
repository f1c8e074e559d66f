/**
 * Trial-project limits (/projectConstraints 体验项目限制, /projectConstraintsDetail): which projects
 * are trial (体验) projects and how many times one member may take each — per member, over a
 * lifetime or per natural year, counted across all stores or per store. Any signed-in user reads
 * them (the list page has no code); changing them needs /projectConstraintsDetail's 编辑 button.
 * The service that sells a trial checks and records each use (server goods/trialLimits.ts).
 */
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch } from '../resource/define';
import { createdAtField } from './goodsCommon';
import { enabledField, goodsIdField } from './goodsRef';

export const TRIAL_PERIODS = [
  { value: 'lifetime', label: '终身', color: 'purple' },
  { value: 'year', label: '每自然年', color: 'blue' },
] as const;

export type TrialPeriod = (typeof TRIAL_PERIODS)[number]['value'];

export const TRIAL_STORE_SCOPES = [
  { value: 'all', label: '全部门店合计' },
  { value: 'store', label: '每家门店分别计' },
] as const;

export type TrialStoreScope = (typeof TRIAL_STORE_SCOPES)[number]['value'];

/** Most times one member may take a trial project within its period. */
export const TRIAL_TIMES_MAX = 99;

export const TRIAL_LIMIT = defineResource({
  name: 'trialLimit',
  title: '体验项目限制',
  page: '/projectConstraints',
  detailPage: '/projectConstraintsDetail',
  api: '/rest/projectConstraints',
  rowLabel: 'projectName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  // /projectConstraints is open to everyone and has no buttons; its detail page's 编辑 changes it.
  buttons: { page: '/projectConstraintsDetail', add: 'edit', delete: 'edit' },
  batch: enableDisableBatch('停用后这些项目不再限制体验次数，确定停用？'),
  fields: {
    projectId: { ...goodsIdField('体验项目'), createOnly: true, help: '每个项目只能设置一条限制' },
    projectCode: { label: '项目编码', type: 'text', readOnly: true, list: { width: 110 } },
    projectName: {
      label: '体验项目',
      type: 'text',
      readOnly: true,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    maxTimes: {
      label: '每人限做次数',
      type: 'int',
      required: true,
      min: 1,
      max: TRIAL_TIMES_MAX,
      default: 1,
      list: { width: 110 },
      sort: true,
    },
    period: {
      label: '统计周期',
      type: 'enum',
      options: TRIAL_PERIODS,
      required: true,
      default: 'lifetime',
      list: { width: 100 },
      filter: 'eq',
      help: '每自然年：1 月 1 日起重新计数（北京时间）',
    },
    storeScope: {
      label: '统计范围',
      type: 'enum',
      options: TRIAL_STORE_SCOPES,
      required: true,
      default: 'all',
      list: { width: 130 },
      filter: 'eq',
      help: '全部门店合计：会员在任一门店体验都计入；每家门店分别计：每家门店各自计数',
    },
    enabled: enabledField(),
    usedCount: { label: '已体验人次', type: 'int', readOnly: true, list: { width: 100 }, sort: true },
    remark: { label: '备注', type: 'textarea', max: 200 },
    createdAt: createdAtField(),
  },
});

export const TRIAL_LIMIT_API = resourceApi(TRIAL_LIMIT);

/** The words of a limit, e.g. 每位会员终身限做 1 次 / 每位会员每自然年在每家门店限做 2 次. */
export const trialLimitText = (limit: { maxTimes: number; period: string; storeScope: string }): string =>
  `每位会员${limit.period === 'year' ? '每自然年' : '终身'}${limit.storeScope === 'store' ? '在每家门店' : ''}限做 ${
    limit.maxTimes
  } 次`;
