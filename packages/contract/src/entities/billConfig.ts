/**
 * Configuration the bill flows read (SPEC §2.13, issue 14):
 * - /signBill 店长签单额度: a store manager's monthly 签单 quota at a store; a bill's 签单 payment
 *   (bill_payment.method 'signBill') is refused whole past what is left of it this month
 *   (Beijing time), and a refunded 签单 gives its amount back.
 * - /drawLimitConfig 项目消耗限制: most sessions of a project one member may draw on cards per
 *   day and per month, over all stores or per store; the card ledger refuses a draw past it.
 * - /storeLevel 门店等级: the master lookup 'storeLevel' that 适用门店 and 跨级划卡 read, with its
 *   own rules (a level in use is neither deleted nor disabled). Anyone signed in opens it; changing
 *   it needs /basicProps's buttons (the same lookup rows).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch, LOOKUPS } from '../resource/define';
import { createdAtField, MONEY_MAX } from './goodsCommon';
import { enabledField } from './goodsRef';

// ── /signBill ────────────────────────────────────────────────────────────────

export const SIGN_QUOTA = defineResource({
  name: 'signQuota',
  title: '店长签单额度',
  page: '/signBill',
  api: '/rest/signBill',
  rowLabel: 'staffName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  // The page has only 编辑: it adds, changes and removes quotas.
  buttons: { add: 'edit', delete: 'edit' },
  batch: enableDisableBatch('停用后这些店长不能再签单，确定停用？'),
  fields: {
    staffPhone: {
      label: '店长手机号',
      type: 'text',
      required: true,
      createOnly: true,
      max: 11,
      pattern: { regex: /^1\d{10}$/, message: '请输入 11 位手机号' },
      list: { width: 120 },
      filter: 'like',
      help: '额度属于该员工所在门店；每位店长在每家门店一条额度',
    },
    staffName: { label: '店长', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like', sort: true },
    storeId: { label: '门店ID', type: 'int', readOnly: true, hidden: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like', sort: true },
    monthlyQuota: {
      label: '每月签单额度',
      type: 'money',
      required: true,
      min: 1,
      max: MONEY_MAX,
      list: { width: 120 },
      sort: true,
    },
    usedThisMonth: { label: '本月已签', type: 'money', readOnly: true, list: { width: 110 }, sort: true },
    leftThisMonth: { label: '本月剩余', type: 'money', readOnly: true, list: { width: 110 }, sort: true },
    enabled: enabledField(),
    remark: { label: '备注', type: 'textarea', max: 200 },
    createdAt: createdAtField(),
  },
});

export const SIGN_QUOTA_API = resourceApi(SIGN_QUOTA);

// ── /drawLimitConfig ─────────────────────────────────────────────────────────

export const DRAW_LIMIT_SCOPES = [
  { value: 'all', label: '全部门店合计' },
  { value: 'store', label: '每家门店分别计' },
] as const;

/** Most sessions a limit may allow per day or per month. */
export const DRAW_LIMIT_MAX = 999;

export const DRAW_LIMIT = defineResource({
  name: 'drawLimit',
  title: '项目消耗限制',
  page: '/drawLimitConfig',
  api: '/rest/drawLimitConfig',
  rowLabel: 'projectName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  buttons: { add: 'edit', delete: 'edit' },
  batch: enableDisableBatch('停用后这些项目不再限制划卡次数，确定停用？'),
  fields: {
    projectCode: {
      label: '项目编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 40,
      list: { width: 110 },
      filter: 'like',
      help: '每个项目只能设置一条限制',
    },
    projectName: { label: '项目', type: 'text', readOnly: true, list: { width: 180 }, filter: 'like', sort: true },
    dailyMax: {
      label: '每日最多（次）',
      type: 'int',
      min: 1,
      max: DRAW_LIMIT_MAX,
      list: { width: 110 },
      sort: true,
      help: '同一会员每天最多划卡消耗的次数；留空不限',
    },
    monthlyMax: {
      label: '每月最多（次）',
      type: 'int',
      min: 1,
      max: DRAW_LIMIT_MAX,
      list: { width: 110 },
      sort: true,
      help: '同一会员每个自然月最多划卡消耗的次数；留空不限',
    },
    storeScope: {
      label: '统计范围',
      type: 'enum',
      options: DRAW_LIMIT_SCOPES,
      required: true,
      default: 'all',
      list: { width: 130 },
      filter: 'eq',
      help: '全部门店合计：会员在任一门店划卡都计入；每家门店分别计：每家门店各自计数',
    },
    enabled: enabledField(),
    remark: { label: '备注', type: 'textarea', max: 200 },
    createdAt: createdAtField(),
  },
});

export const DRAW_LIMIT_API = resourceApi(DRAW_LIMIT);

/** The words of a limit, e.g. 每位会员每天最多 1 次、每月最多 4 次（每家门店分别计）. */
export const drawLimitText = (l: {
  dailyMax: number | null;
  monthlyMax: number | null;
  storeScope: string;
}): string => {
  const parts = [
    l.dailyMax !== null ? `每天最多 ${l.dailyMax} 次` : null,
    l.monthlyMax !== null ? `每月最多 ${l.monthlyMax} 次` : null,
  ].filter(Boolean);
  return `每位会员${parts.join('、')}${l.storeScope === 'store' ? '（每家门店分别计）' : ''}`;
};

// ── /storeLevel ──────────────────────────────────────────────────────────────

/** The master_item category of store levels. */
export const STORE_LEVEL_CATEGORY = 'storeLevel';

export const STORE_LEVEL = defineResource({
  name: 'storeLevel',
  // Levels feed every lookup select (门店等级, 适用门店等级) and the store list's column.
  stale: [LOOKUPS, 'store'],
  title: '门店等级',
  page: '/storeLevel',
  api: '/rest/storeLevel',
  rowLabel: 'name',
  defaultSort: { field: 'sort', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  // /storeLevel is open to everyone and has no buttons: levels are lookup rows, changed with /basicProps's.
  buttons: { page: '/basicProps' },
  batch: enableDisableBatch('停用后新建门店、卡项时不能再选这些等级，确定停用？'),
  fields: {
    name: {
      label: '等级名称',
      type: 'text',
      required: true,
      max: 20,
      list: { width: 140 },
      filter: 'like',
      sort: true,
    },
    code: {
      label: '等级编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '等级编码只能包含字母、数字、下划线和短横线' },
      list: { width: 120 },
      filter: 'like',
    },
    sort: {
      label: '排序',
      type: 'int',
      min: 0,
      max: 9999,
      list: { width: 80 },
      sort: true,
      help: '数字小的排在前面；留空排在最后',
    },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
    },
    storeCount: { label: '门店数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    cardCount: { label: '适用卡项数', type: 'int', readOnly: true, list: { width: 100 } },
    crossLevelCount: { label: '跨级划卡规则数', type: 'int', readOnly: true, list: { width: 120 } },
  },
});

export const moveStoreLevelBody = z.object({
  id: idOf('门店等级'),
  dir: z.enum(['up', 'down'], { error: '请选择上移或下移' }),
});

export const STORE_LEVEL_API = {
  ...resourceApi(STORE_LEVEL),
  /** Swaps a level with its neighbour in the display order (renumbered 1, 2, 3…). */
  move: endpoint<undefined, z.infer<typeof moveStoreLevelBody>, { count: number }>({
    method: 'POST',
    path: '/rest/storeLevel/move',
    access: buttonAccess('/basicProps', 'edit'),
    body: moveStoreLevelBody,
    summary: '调整门店等级顺序',
  }),
};
