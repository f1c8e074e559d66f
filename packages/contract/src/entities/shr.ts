/**
 * 对接 SHR (金蝶 s-HR 人事系统; /shrConfig and /shrUserLog, SPEC §2.13 and §2.14, issue 17).
 *
 * Staff are kept in step with SHR: a run asks SHR for the people changed since the last good
 * run (the watermark) and, per person, creates, updates or marks left the staff member it is
 * linked to (by SHR's 人员编号; a first sync links by phone). Where a person works is SHR's 组织,
 * mapped to our store on /shrConfig (组织对应); their 职位 to our 岗位 (职位对应). A person whose
 * organisation is not mapped is skipped with the reason, never guessed. Every run is logged with
 * its counts (/shrUserLog 同步记录) and every change with what it changed (变更明细).
 *
 * Runs are made by the scheduled job `shrSync` while 定时同步 (shrSyncEnabled) is on, or by
 * 立即同步. SHR sits behind an adapter (apps/server/src/modules/shr/client.ts) with a simulator
 * speaking the same protocol (docs/shr.md).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import type { StorePick } from './storesCommon';

/** SHR's own 人员状态, and the staff status each becomes. */
export const SHR_PERSON_STATUSES = [
  { value: '试用', status: 'probation' },
  { value: '在职', status: 'active' },
  { value: '离职', status: 'left' },
] as const;
export type ShrPersonStatus = (typeof SHR_PERSON_STATUSES)[number]['value'];

export const SHR_RUN_STATUSES = [
  { value: 'running', label: '同步中', color: 'blue' },
  { value: 'succeeded', label: '成功', color: 'green' },
  { value: 'partial', label: '部分失败', color: 'orange' },
  { value: 'failed', label: '失败', color: 'red' },
] as const satisfies readonly EnumOption[];
export type ShrRunStatus = (typeof SHR_RUN_STATUSES)[number]['value'];

export const SHR_RUN_TRIGGERS = [
  { value: 'job', label: '定时同步' },
  { value: 'manual', label: '立即同步' },
] as const satisfies readonly EnumOption[];
export type ShrRunTrigger = (typeof SHR_RUN_TRIGGERS)[number]['value'];

export const SHR_CHANGE_ACTIONS = [
  { value: 'created', label: '新增员工', color: 'green' },
  { value: 'linked', label: '关联员工', color: 'cyan' },
  { value: 'updated', label: '更新员工', color: 'blue' },
  { value: 'left', label: '离职', color: 'default' },
  { value: 'skipped', label: '跳过', color: 'orange' },
  { value: 'failed', label: '失败', color: 'red' },
] as const satisfies readonly EnumOption[];
export type ShrChangeAction = (typeof SHR_CHANGE_ACTIONS)[number]['value'];

/** People asked of SHR per page of a run. */
export const SHR_PAGE_SIZE = 100;

/** The staff fields SHR owns; a change names each with its label. */
export const SHR_OWNED_FIELDS = {
  name: '姓名',
  phone: '手机号',
  storeId: '门店',
  positionId: '岗位',
  status: '状态',
  entryDate: '入职日期',
  leaveDate: '离职日期',
} as const;

/** /shrConfig 组织对应: an SHR organisation (组织编码) is one of our stores. */
export const SHR_ORG = defineResource({
  name: 'shrOrg',
  title: 'SHR组织对应',
  page: '/shrConfig',
  api: '/rest/shrConfig/org',
  rowLabel: 'orgCode',
  defaultSort: { field: 'orgCode', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  // The page has only 编辑: it adds and removes mappings with it.
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    orgCode: {
      label: 'SHR组织编码',
      type: 'text',
      required: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9._-]{2,40}$/, message: '组织编码为 2 到 40 位字母、数字、点、下划线或短横线' },
      list: { width: 150, fixed: 'left' },
      filter: 'like',
      sort: true,
      help: 'SHR 中门店所在组织的编码；每个组织对应一个门店',
    },
    orgName: { label: 'SHR组织名称', type: 'text', max: 60, list: { width: 180 }, filter: 'like' },
    storeId: { label: '门店', type: 'int', required: true, formOnly: true, help: '该组织的员工同步到此门店' },
    storeCode: { label: '门店编码', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like', sort: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    updatedAt: { label: '修改时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /shrConfig 职位对应: an SHR 职位 (职位编码) is one of our 岗位; unmapped, the staff keep theirs. */
export const SHR_JOB = defineResource({
  name: 'shrJob',
  title: 'SHR职位对应',
  page: '/shrConfig',
  api: '/rest/shrConfig/job',
  rowLabel: 'jobCode',
  defaultSort: { field: 'jobCode', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    jobCode: {
      label: 'SHR职位编码',
      type: 'text',
      required: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9._-]{2,40}$/, message: '职位编码为 2 到 40 位字母、数字、点、下划线或短横线' },
      list: { width: 150, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    jobName: { label: 'SHR职位名称', type: 'text', max: 60, list: { width: 180 }, filter: 'like' },
    positionId: {
      label: '岗位',
      type: 'lookup',
      lookup: 'position',
      required: true,
      list: { width: 120 },
      filter: 'eq',
      help: '新员工与调岗员工的岗位',
    },
    updatedAt: { label: '修改时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /shrUserLog 同步记录: one row per run. */
export const SHR_RUN = defineResource({
  name: 'shrRun',
  title: 'SHR同步记录',
  page: '/shrUserLog',
  api: '/rest/shrUserLog/run',
  rowLabel: 'startedAt',
  defaultSort: { field: 'startedAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    startedAt: {
      label: '开始时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
    finishedAt: { label: '结束时间', type: 'datetime', readOnly: true, list: { width: 170 } },
    trigger: {
      label: '方式',
      type: 'enum',
      options: SHR_RUN_TRIGGERS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    status: {
      label: '结果',
      type: 'enum',
      options: SHR_RUN_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    since: { label: '变更起点', type: 'datetime', readOnly: true, list: { width: 170 } },
    fetched: { label: '获取人数', type: 'int', readOnly: true, list: { width: 90 } },
    created: { label: '新增', type: 'int', readOnly: true, list: { width: 70 } },
    updated: { label: '更新', type: 'int', readOnly: true, list: { width: 70 } },
    leftCount: { label: '离职', type: 'int', readOnly: true, list: { width: 70 } },
    skipped: { label: '跳过', type: 'int', readOnly: true, list: { width: 70 } },
    failed: { label: '失败', type: 'int', readOnly: true, list: { width: 70 } },
    operatorName: { label: '操作人', type: 'text', readOnly: true, list: { width: 100 } },
    error: { label: '失败原因', type: 'text', readOnly: true, list: { width: 260 } },
  },
});

/** /shrUserLog 变更明细: one row per person a run changed, skipped or failed. */
export const SHR_CHANGE = defineResource({
  name: 'shrChange',
  title: 'SHR变更明细',
  page: '/shrUserLog',
  api: '/rest/shrUserLog/change',
  rowLabel: 'personNo',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: { export: true },
  fields: {
    at: { label: '时间', type: 'datetime', readOnly: true, list: { width: 170 }, filter: 'range', sort: true },
    runId: { label: '同步批次', type: 'int', readOnly: true, list: { width: 90 }, filter: 'eq' },
    personNo: { label: 'SHR人员编号', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like', sort: true },
    name: { label: '姓名', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
    action: {
      label: '变更',
      type: 'enum',
      options: SHR_CHANGE_ACTIONS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    staffId: { label: '员工ID', type: 'int', readOnly: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    detail: { label: '变更内容', type: 'text', readOnly: true, list: { width: 360 } },
  },
});

/** 立即同步's answer, and the job's. */
export interface ShrRunResult {
  runId: number;
  status: ShrRunStatus;
  fetched: number;
  created: number;
  updated: number;
  left: number;
  skipped: number;
  failed: number;
  error: string | null;
}

/** 立即同步's result in a sentence (the server's message, the page's too). */
export const shrRunText = (
  r: Pick<ShrRunResult, 'fetched' | 'created' | 'updated' | 'left' | 'skipped' | 'failed'>,
): string =>
  r.fetched === 0
    ? 'SHR 没有新的人员变动'
    : `获取 ${r.fetched} 人：新增 ${r.created}，更新 ${r.updated}，离职 ${r.left}，跳过 ${r.skipped}，失败 ${r.failed}`;

/** /shrConfig's header: where SHR is, whether the job runs, the last run. */
export interface ShrStatus {
  /** 'SHR模拟器（内置）' or the configured address. */
  endpoint: string;
  enabled: boolean;
  /** The instant changes are next asked from (the last good run's end); null: never synced. */
  watermark: string | null;
  lastRun: (ShrRunResult & { startedAt: string; trigger: ShrRunTrigger }) | null;
  /** Organisations SHR has people in that no store is mapped to, from the last run. */
  unmappedOrgs: string[];
}

export const shrSyncBody = z.object({
  /** Ask SHR for everyone, not only the changed (a full re-check after mappings change). */
  full: z.boolean({ error: 'full 只能是 true 或 false' }).default(false),
});

export const SHR_API = {
  org: resourceApi(SHR_ORG),
  job: resourceApi(SHR_JOB),
  run: resourceApi(SHR_RUN),
  change: resourceApi(SHR_CHANGE),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/shrConfig/stores',
    access: pageAccess('/shrConfig'),
    read: true,
    summary: '可对应的门店（限数据范围）',
  }),
  status: endpoint<undefined, undefined, ShrStatus>({
    method: 'GET',
    path: '/rest/shrConfig/status',
    access: pageAccess('/shrConfig'),
    read: true,
    summary: 'SHR 对接状态与最近一次同步',
  }),
  sync: endpoint<undefined, z.output<typeof shrSyncBody>, ShrRunResult>({
    method: 'POST',
    path: '/rest/shrConfig/sync',
    access: buttonAccess('/shrConfig', 'edit'),
    body: shrSyncBody,
    summary: '立即从 SHR 同步员工',
  }),
} as const;
