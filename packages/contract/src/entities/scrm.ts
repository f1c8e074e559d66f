/**
 * 企业微信客户 (SCRM, issue 17): the stores with SCRM on (/storeList 的 SCRM) serve members through
 * WeCom: each of their staff is a WeCom member (userid = the staff's phone) who adds customers as
 * external contacts. A sync (the job `scrmSync`, or 立即同步 on /jointLabelConfig) reads every
 * such contact, links it to the member with the phone the staff noted (remark_mobiles), and keeps
 * member tags and WeCom customer tags in step as /jointLabelConfig (联合标签配置) links them:
 *
 * - 双向: a tag changed in WeCom since the last sync changes the member's tag; otherwise the
 *   member's tag is written to WeCom (a manual member tag only: a rule tag is its rule's).
 * - 会员标签→企业微信: WeCom follows the member tag (rule tags too).
 * - 企业微信→会员标签: the member tag follows WeCom.
 *
 * The SCRM reports (/newCustomer, /oldCustomer, /customerFollow, /memberTag) read the contacts,
 * the bills and the follow-ups. docs/scrm.md gives the WeCom calls.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';

export const SCRM_DIRECTIONS = [
  { value: 'both', label: '双向同步', color: 'blue' },
  { value: 'toWecom', label: '会员标签→企业微信', color: 'green' },
  { value: 'fromWecom', label: '企业微信→会员标签', color: 'orange' },
] as const satisfies readonly EnumOption[];
export type ScrmDirection = (typeof SCRM_DIRECTIONS)[number]['value'];

export const SCRM_RUN_STATUSES = [
  { value: 'succeeded', label: '成功', color: 'green' },
  { value: 'failed', label: '失败', color: 'red' },
] as const satisfies readonly EnumOption[];

/** /jointLabelConfig 联合标签: a member tag and the WeCom customer tag it is kept in step with. */
export const SCRM_TAG_LINK = defineResource({
  name: 'scrmTagLink',
  title: '联合标签',
  page: '/jointLabelConfig',
  api: '/rest/jointLabelConfig/link',
  rowLabel: 'wecomTagName',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: {
    memberTagId: {
      label: '会员标签',
      type: 'int',
      required: true,
      formOnly: true,
      help: '每个会员标签只能关联一个企业微信标签',
    },
    memberTagName: {
      label: '会员标签',
      type: 'text',
      readOnly: true,
      list: { width: 150, fixed: 'left' },
      filter: 'like',
    },
    memberTagKind: {
      label: '标签类型',
      type: 'enum',
      options: [
        { value: 'manual', label: '手动标签' },
        { value: 'rule', label: '规则标签' },
      ],
      readOnly: true,
      list: { width: 90 },
    },
    wecomGroup: {
      label: '企业微信标签组',
      type: 'text',
      required: true,
      max: 30,
      default: '会员标签',
      list: { width: 140 },
      filter: 'like',
      help: '企业微信「客户标签」中的标签组，不存在时同步时创建',
    },
    wecomTagName: {
      label: '企业微信标签',
      type: 'text',
      required: true,
      max: 30,
      list: { width: 140 },
      filter: 'like',
      sort: true,
    },
    wecomTagId: { label: '企业微信标签ID', type: 'text', readOnly: true, list: { width: 200 } },
    direction: {
      label: '同步方向',
      type: 'enum',
      options: SCRM_DIRECTIONS,
      required: true,
      default: 'both',
      list: { width: 150 },
      filter: 'eq',
      help: '规则标签由规则计算，只能同步到企业微信',
    },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
    },
    contacts: { label: '企微客户数', type: 'int', readOnly: true, list: { width: 100 } },
    updatedAt: { label: '修改时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /jointLabelConfig 企业微信客户: the WeCom contacts of the SCRM stores, as the last sync read them. */
export const SCRM_CONTACT = defineResource({
  name: 'scrmContact',
  title: '企业微信客户',
  page: '/jointLabelConfig',
  api: '/rest/jointLabelConfig/contact',
  rowLabel: 'name',
  defaultSort: { field: 'addedAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    name: { label: '客户昵称', type: 'text', readOnly: true, list: { width: 120, fixed: 'left' }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
    memberPhone: { label: '会员手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    staffName: { label: '添加员工', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
    tagsText: { label: '企业微信标签', type: 'text', readOnly: true, list: { width: 220 } },
    addedAt: { label: '添加时间', type: 'datetime', readOnly: true, list: { width: 170 }, filter: 'range', sort: true },
    removedAt: { label: '删除时间', type: 'datetime', readOnly: true, list: { width: 170 } },
  },
});

/** 立即同步's answer, and the job's. */
export interface ScrmRunResult {
  contacts: number;
  linked: number;
  added: number;
  removed: number;
  tagsToMembers: number;
  tagsToWecom: number;
  tagsCreated: number;
}

export const scrmRunText = (r: ScrmRunResult): string =>
  `企业微信客户 ${r.contacts} 人（关联会员 ${r.linked}，新增 ${r.added}，删除 ${r.removed}）；` +
  `标签同步到会员 ${r.tagsToMembers} 次，同步到企业微信 ${r.tagsToWecom} 次，新建企业微信标签 ${r.tagsCreated} 个`;

export interface ScrmStatus {
  /** '企业微信模拟器（内置）' or the configured address. */
  endpoint: string;
  /** Stores with SCRM on, and their staff (the WeCom members whose customers are read). */
  stores: number;
  staff: number;
  lastRun: { at: string; status: 'succeeded' | 'failed'; text: string } | null;
}

export interface ScrmTagPick {
  value: number;
  label: string;
  kind: 'manual' | 'rule';
}

export const SCRM_API = {
  link: resourceApi(SCRM_TAG_LINK),
  contact: resourceApi(SCRM_CONTACT),
  status: endpoint<undefined, undefined, ScrmStatus>({
    method: 'GET',
    path: '/rest/jointLabelConfig/status',
    access: pageAccess('/jointLabelConfig'),
    read: true,
    summary: '企业微信客户同步状态',
  }),
  tags: endpoint<undefined, undefined, ScrmTagPick[]>({
    method: 'GET',
    path: '/rest/jointLabelConfig/tags',
    access: pageAccess('/jointLabelConfig'),
    read: true,
    summary: '可关联的会员标签',
  }),
  sync: endpoint<undefined, Record<string, never>, ScrmRunResult>({
    method: 'POST',
    path: '/rest/jointLabelConfig/sync',
    access: buttonAccess('/jointLabelConfig', 'edit'),
    body: z.object({}),
    summary: '立即同步企业微信客户与标签',
  }),
} as const;
