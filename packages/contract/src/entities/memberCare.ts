/**
 * Members as people (issue 17, SPEC §2.6): 会员档案 (/memberFile — the member's hair and scalp,
 * preferences, the staff who serve them), 会员标签 (/tabsManagement — manual tags head office
 * assigns, rule tags evaluated from the member's visits, spend, balance and last visit, both
 * usable as a crowd condition), 跟进记录 (/follow — the follow-ups store staff make after a visit,
 * due, done or overdue, at SPEC §7.8's `/jeecg-boot/follow/*` calls) and a store's remark on a
 * member (getUserStoreRemark). Follow-ups and remarks are written by the stores through the open
 * API (OPEN_PATHS.followUps, followUpResult, memberRemarks); head office reads, filters and tags.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { type Page, pagingQuery } from '../api/paging';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption, type RowOf } from '../resource/define';
import { calendarDay } from '../rules';
import { outerNoSchema, sentAtSchema } from './bill';
import { range } from './crowd';

const values = <T extends readonly EnumOption[]>(list: T) =>
  list.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

// ── 会员标签 (/tabsManagement) ─────────────────────────────────────────────────────────────────

export const TAG_KINDS = [
  { value: 'manual', label: '手动标签', color: 'blue' },
  { value: 'rule', label: '规则标签', color: 'purple' },
] as const satisfies readonly EnumOption[];
export type TagKind = (typeof TAG_KINDS)[number]['value'];

export const TAG_COLORS = [
  { value: 'blue', label: '蓝色', color: 'blue' },
  { value: 'green', label: '绿色', color: 'green' },
  { value: 'orange', label: '橙色', color: 'orange' },
  { value: 'red', label: '红色', color: 'red' },
  { value: 'purple', label: '紫色', color: 'purple' },
  { value: 'gold', label: '金色', color: 'gold' },
  { value: 'cyan', label: '青色', color: 'cyan' },
] as const satisfies readonly EnumOption[];

export const TAG_NAME_MAX = 20;
export const TAG_DESCRIPTION_MAX = 200;
/** A rule holds 1 to this many conditions, all of which must hold (且). */
export const TAG_CONDITIONS_MAX = 6;
/** 近 N 天: N from 1 to this. */
export const TAG_DAYS_MAX = 730;
/** 最近到店 N 天前: at most this. */
export const TAG_LAST_VISIT_MAX = 3650;
/** At most this many visits counted in a bound. */
export const TAG_VISITS_MAX = 10_000;
/** A money bound in 分 (int4). */
export const TAG_MONEY_MAX = 2_000_000_000;
/** Most members one 打标签 / 移除 names. */
export const TAG_ASSIGN_MAX = 500;

const days = (what: string) =>
  z
    .number({ error: `请填写${what}` })
    .int(`${what}须为整数`)
    .min(1, `${what}至少为 1`)
    .max(TAG_DAYS_MAX, `${what}最多 ${TAG_DAYS_MAX} 天`);

/**
 * The conditions a rule tag is evaluated from, over the member's own data (a visit is a Beijing
 * day with at least one completed 收银单, as in docs/member-ops.md):
 * - visits 近 N 天到店次数, spend 近 N 天消费金额 (bills' total less refunds, 分);
 * - balance 储值余额 (valid 储值卡 principal + bonus, 分); lastVisit 最近到店 N 天前.
 */
export const TAG_RULE_KINDS = {
  visits: { label: '近期到店次数', hint: '近 N 天（含今天）有收银单的天数' },
  spend: { label: '近期消费金额', hint: '近 N 天（含今天）收银单实收减去退款的合计（元）' },
  balance: { label: '储值余额', hint: '有效储值卡的本金与赠金合计（元）' },
  lastVisit: { label: '最近到店', hint: '最近一张收银单在几天前（从未到店的会员不在其中）' },
} as const;
export type TagRuleKind = keyof typeof TAG_RULE_KINDS;

export const tagCondition = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('visits'), days: days('到店统计天数'), count: range('到店次数', TAG_VISITS_MAX) }),
    z.object({ kind: z.literal('spend'), days: days('消费统计天数'), amount: range('消费金额', TAG_MONEY_MAX) }),
    z.object({ kind: z.literal('balance'), amount: range('储值余额', TAG_MONEY_MAX) }),
    z.object({ kind: z.literal('lastVisit'), days: range('最近到店天数', TAG_LAST_VISIT_MAX) }),
  ],
  { error: '条件类型无效' },
);
export type TagCondition = z.output<typeof tagCondition>;

export const tagRule = z.object({
  conditions: z
    .array(tagCondition, { error: '请添加规则条件' })
    .min(1, '请添加规则条件')
    .max(TAG_CONDITIONS_MAX, `最多 ${TAG_CONDITIONS_MAX} 个条件`),
});
export type TagRule = z.output<typeof tagRule>;

const yuan = (fen: number): string => {
  const s = (fen / 100).toFixed(2);
  return s.endsWith('.00') ? s.slice(0, -3) : s;
};

const between = (r: { min?: number | null; max?: number | null }, unit: (n: number) => string): string => {
  if (r.min != null && r.max != null) return r.min === r.max ? unit(r.min) : `${unit(r.min)}～${unit(r.max)}`;
  if (r.min != null) return `≥ ${unit(r.min)}`;
  return `≤ ${unit(r.max ?? 0)}`;
};

export const describeTagCondition = (c: TagCondition): string => {
  switch (c.kind) {
    case 'visits':
      return `近 ${c.days} 天到店 ${between(c.count, (n) => `${n}`)} 次`;
    case 'spend':
      return `近 ${c.days} 天消费 ${between(c.amount, (n) => `${yuan(n)} 元`)}`;
    case 'balance':
      return `储值余额 ${between(c.amount, (n) => `${yuan(n)} 元`)}`;
    case 'lastVisit':
      return `最近到店 ${between(c.days, (n) => `${n}`)} 天前`;
  }
};

/** A rule in words: its conditions joined by 且. */
export const describeTagRule = (rule: TagRule): string => rule.conditions.map(describeTagCondition).join(' 且 ');

export const MEMBER_TAG = defineResource({
  name: 'memberTag',
  title: '会员标签',
  page: '/tabsManagement',
  api: '/rest/memberTag',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  stale: ['memberFile', 'crowd'],
  fields: {
    name: {
      label: '标签名称',
      type: 'text',
      required: true,
      max: TAG_NAME_MAX,
      list: { width: 160, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    kind: {
      label: '标签类型',
      type: 'enum',
      options: TAG_KINDS,
      required: true,
      createOnly: true,
      default: 'manual',
      list: { width: 100 },
      filter: 'eq',
      help: '手动标签由总部给会员打上；规则标签按规则每天计算，也可在列表中立即计算',
    },
    color: { label: '颜色', type: 'enum', options: TAG_COLORS, required: true, default: 'blue', list: { width: 80 } },
    rule: {
      label: '规则',
      type: 'json',
      formOnly: true,
      schema: tagRule.nullable(),
      help: '规则标签必填：所有条件同时满足的会员打上此标签',
    },
    ruleText: { label: '规则', type: 'text', readOnly: true, list: { width: 260 } },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
      help: '停用的规则标签不再计算；停用的标签不能再打给会员，也不能作为人群条件',
    },
    description: { label: '说明', type: 'textarea', max: TAG_DESCRIPTION_MAX, list: { width: 200 } },
    memberCount: { label: '会员数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    evaluatedAt: { label: '最近计算', type: 'datetime', readOnly: true, list: { width: 170 } },
    createdAt: { label: '创建时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

export interface TagMemberDto {
  memberId: number;
  memberCode: string;
  memberName: string;
  /** 138****1234 */
  phone: string;
  storeName: string;
  source: 'manual' | 'rule';
  assignedAt: string;
  assignedByName: string | null;
}

export interface MemberTagBrief {
  id: number;
  name: string;
  kind: TagKind;
  color: string;
  source: 'manual' | 'rule';
  assignedAt: string;
}

export interface TagEvaluated {
  /** Members holding the tag after the evaluation. */
  memberCount: number;
  added: number;
  removed: number;
}

export const tagMembersQuery = pagingQuery.extend({
  tagId: idParamOf('标签', '请选择标签'),
  keyword: z.string().trim().max(20, '关键字最多 20 个字符').optional(),
});

/** The members named by id (from a list) or by phone / 会员编号 (typed or pasted). */
export const tagAssignBody = z
  .object({
    tagId: idOf('标签', '请选择标签'),
    memberIds: z.array(idOf('会员')).max(TAG_ASSIGN_MAX, `一次最多 ${TAG_ASSIGN_MAX} 名会员`).default([]),
    memberKeys: z
      .array(z.string({ error: '会员手机号或编号格式无效' }).trim().min(1).max(20, '会员手机号或编号最多 20 个字符'))
      .max(TAG_ASSIGN_MAX, `一次最多 ${TAG_ASSIGN_MAX} 名会员`)
      .default([]),
  })
  .refine((b) => b.memberIds.length + b.memberKeys.length > 0, { path: ['memberKeys'], message: '请选择会员' });
export type TagAssignBody = z.input<typeof tagAssignBody>;

export const tagUnassignBody = z.object({
  tagId: idOf('标签', '请选择标签'),
  memberIds: z
    .array(idOf('会员'), { error: '请选择会员' })
    .min(1, '请选择会员')
    .max(TAG_ASSIGN_MAX, `一次最多 ${TAG_ASSIGN_MAX} 名会员`),
});

export interface TagAssigned {
  /** Members newly given the tag (those holding it already are counted in `already`). */
  added: number;
  already: number;
}

export const MEMBER_TAG_API = {
  ...resourceApi(MEMBER_TAG),
  members: endpoint<z.input<typeof tagMembersQuery>, undefined, Page<TagMemberDto>>({
    method: 'GET',
    path: '/rest/memberTag/members',
    access: pageAccess('/tabsManagement'),
    query: tagMembersQuery,
    summary: '标签会员',
    read: true,
  }),
  assign: endpoint<undefined, TagAssignBody, TagAssigned>({
    method: 'POST',
    path: '/rest/memberTag/assign',
    access: buttonAccess('/tabsManagement', 'edit'),
    body: tagAssignBody,
    summary: '给会员打标签',
  }),
  unassign: endpoint<undefined, z.input<typeof tagUnassignBody>, { removed: number }>({
    method: 'POST',
    path: '/rest/memberTag/unassign',
    access: buttonAccess('/tabsManagement', 'edit'),
    body: tagUnassignBody,
    summary: '移除会员标签',
  }),
  evaluate: endpoint<undefined, undefined, TagEvaluated>({
    method: 'POST',
    path: '/rest/memberTag/evaluate/:id',
    access: buttonAccess('/tabsManagement', 'edit'),
    params: z.object({ id: idParamOf('标签') }),
    summary: '立即计算规则标签',
  }),
  /** A member's tags (the member file's 标签). */
  ofMember: endpoint<{ memberId: number }, undefined, MemberTagBrief[]>({
    method: 'GET',
    path: '/rest/memberTag/ofMember',
    access: pageAccess('/memberFile'),
    query: z.object({ memberId: idParamOf('会员', '请选择会员') }),
    summary: '会员的标签',
    read: true,
  }),
};

// ── 会员档案 (/memberFile) ─────────────────────────────────────────────────────────────────────

export const HAIR_TYPES = [
  { value: 'straight', label: '直发' },
  { value: 'wavy', label: '自然卷' },
  { value: 'fine', label: '细软' },
  { value: 'coarse', label: '粗硬' },
  { value: 'damaged', label: '烫染受损' },
] as const satisfies readonly EnumOption[];

export const SCALP_TYPES = [
  { value: 'normal', label: '中性', color: 'green' },
  { value: 'oily', label: '油性', color: 'orange' },
  { value: 'dry', label: '干性', color: 'gold' },
  { value: 'sensitive', label: '敏感', color: 'red' },
  { value: 'mixed', label: '混合', color: 'blue' },
] as const satisfies readonly EnumOption[];

export const SERVICE_TIMES = [
  { value: 'morning', label: '上午' },
  { value: 'afternoon', label: '下午' },
  { value: 'evening', label: '晚上' },
  { value: 'weekend', label: '周末' },
  { value: 'any', label: '不限' },
] as const satisfies readonly EnumOption[];

export const MEMBER_FILE = defineResource({
  name: 'memberFile',
  title: '会员档案',
  page: '/memberFile',
  api: '/rest/memberFile',
  rowLabel: 'memberName',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  actions: { create: true, update: true, delete: false, export: true },
  // A member tab has no buttons: the member list's 编辑 and 导出 write and export it.
  buttons: { page: '/memberList', add: 'edit', edit: 'edit', export: 'export' },
  sections: ['会员', '发质与头皮', '偏好', '服务'],
  fields: {
    memberId: {
      label: '会员ID',
      type: 'int',
      required: true,
      createOnly: true,
      filter: 'eq',
      section: '会员',
      help: '每名会员一份档案',
    },
    memberCode: { label: '会员编号', type: 'text', readOnly: true, list: { width: 120 }, section: '会员' },
    memberName: {
      label: '会员',
      type: 'text',
      readOnly: true,
      list: { width: 100, fixed: 'left' },
      filter: 'like',
      section: '会员',
    },
    memberPhone: { label: '手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'eq', section: '会员' },
    storeName: {
      label: '所属门店',
      type: 'text',
      readOnly: true,
      list: { width: 130 },
      filter: 'like',
      section: '会员',
    },
    hairType: {
      label: '发质',
      type: 'enum',
      options: HAIR_TYPES,
      list: { width: 90 },
      filter: 'eq',
      section: '发质与头皮',
    },
    scalpType: {
      label: '头皮类型',
      type: 'enum',
      options: SCALP_TYPES,
      list: { width: 90 },
      filter: 'eq',
      section: '发质与头皮',
    },
    concerns: {
      label: '头发与头皮问题',
      type: 'textarea',
      max: 200,
      list: { width: 200 },
      filter: 'like',
      section: '发质与头皮',
      placeholder: '如：脱发、头屑、头皮油腻、发尾分叉',
    },
    allergies: { label: '过敏与禁忌', type: 'text', max: 100, list: { width: 140 }, section: '发质与头皮' },
    preferredTime: {
      label: '偏好时段',
      type: 'enum',
      options: SERVICE_TIMES,
      list: { width: 90 },
      filter: 'eq',
      section: '偏好',
    },
    preferences: {
      label: '服务偏好',
      type: 'textarea',
      max: 200,
      section: '偏好',
      placeholder: '如：按摩力度轻、喜欢无香型产品、不喜欢推销',
    },
    servedBy: {
      label: '服务过的员工',
      type: 'text',
      readOnly: true,
      list: { width: 200 },
      section: '服务',
      help: '按收银单中的服务员工统计，服务次数多的在前',
    },
    lastVisitDay: {
      label: '最近到店',
      type: 'date',
      readOnly: true,
      list: { width: 110 },
      section: '服务',
      sort: true,
    },
    remark: { label: '备注', type: 'textarea', max: 200, section: '服务' },
    updatedAt: {
      label: '更新时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      sort: true,
      section: '服务',
    },
  },
});

/** One staff member who served the member: their visits served and the last. */
export interface ServedStaffDto {
  staffId: number;
  staffName: string;
  storeName: string;
  /** Bills of the member with a line they served. */
  bills: number;
  lastServedAt: string;
}

export interface MemberFileView {
  memberId: number;
  memberCode: string;
  memberName: string;
  phone: string;
  storeName: string;
  /** The file's id; null when no file was kept yet. */
  fileId: number | null;
  staff: ServedStaffDto[];
  tags: MemberTagBrief[];
}

export const MEMBER_FILE_API = {
  ...resourceApi(MEMBER_FILE),
  /** A member's file by member id (the member tab), with the staff who served them and their tags. */
  ofMember: endpoint<{ memberId: number }, undefined, MemberFileView>({
    method: 'GET',
    path: '/rest/memberFile/ofMember',
    access: pageAccess('/memberFile'),
    query: z.object({ memberId: idParamOf('会员', '请选择会员') }),
    summary: '会员档案（按会员）',
    read: true,
  }),
};

// ── 跟进记录 (/follow) ─────────────────────────────────────────────────────────────────────────

export const FOLLOW_KINDS = [
  { value: 'afterVisit', label: '到店回访' },
  { value: 'care', label: '护理关怀' },
  { value: 'recall', label: '沉睡唤醒' },
  { value: 'other', label: '其他' },
] as const satisfies readonly EnumOption[];
export type FollowKind = (typeof FOLLOW_KINDS)[number]['value'];

export const FOLLOW_CHANNELS = [
  { value: 'phone', label: '电话' },
  { value: 'wechat', label: '微信' },
  { value: 'sms', label: '短信' },
  { value: 'visit', label: '到店' },
] as const satisfies readonly EnumOption[];

/** A follow-up's state: 待跟进 (due today or later), 已逾期 (due before today, not done), 已完成. */
export const FOLLOW_STATES = [
  { value: 'due', label: '待跟进', color: 'blue' },
  { value: 'overdue', label: '已逾期', color: 'red' },
  { value: 'done', label: '已完成', color: 'green' },
] as const satisfies readonly EnumOption[];
export type FollowState = (typeof FOLLOW_STATES)[number]['value'];

export const FOLLOW_CONTENT_MAX = 500;
export const STORE_REMARK_MAX = 500;

export const FOLLOW_UP = defineResource({
  name: 'followUp',
  title: '跟进记录',
  page: '/follow',
  api: '/rest/follow',
  // SPEC §7.8: the list is getMemberFollowUp.
  paths: { list: { method: 'GET', path: '/jeecg-boot/follow/getMemberFollowUp' } },
  rowLabel: 'followNo',
  defaultSort: { field: 'dueDate', dir: 'desc', thenBy: 'followNo' },
  actions: { export: true },
  buttons: { page: '/memberList', export: 'export' },
  sections: ['跟进', '结果'],
  fields: {
    followNo: { label: '跟进单号', type: 'text', readOnly: true, list: { width: 140, fixed: 'left' }, filter: 'eq' },
    memberId: { label: '会员ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 90 }, filter: 'like' },
    memberPhone: { label: '手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'eq' },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like' },
    staffName: { label: '跟进员工', type: 'text', readOnly: true, list: { width: 90 }, filter: 'like' },
    kind: { label: '跟进类型', type: 'enum', options: FOLLOW_KINDS, readOnly: true, list: { width: 90 }, filter: 'eq' },
    state: { label: '状态', type: 'enum', options: FOLLOW_STATES, readOnly: true, list: { width: 80 }, filter: 'eq' },
    dueDate: { label: '应跟进日期', type: 'date', readOnly: true, list: { width: 110 }, filter: 'range', sort: true },
    billNo: { label: '来源收银单', type: 'text', readOnly: true, list: { width: 150 } },
    content: { label: '跟进事项', type: 'textarea', readOnly: true, list: { width: 200 } },
    channel: {
      label: '跟进方式',
      type: 'enum',
      options: FOLLOW_CHANNELS,
      readOnly: true,
      list: { width: 80 },
      section: '结果',
    },
    result: { label: '跟进结果', type: 'textarea', readOnly: true, list: { width: 200 }, section: '结果' },
    doneAt: {
      label: '完成时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
      section: '结果',
    },
    createdAt: { label: '登记时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

export interface StoreRemarkDto {
  storeId: number;
  storeName: string;
  remark: string;
  staffName: string | null;
  updatedAt: string;
}

export const FOLLOW_API = {
  ...resourceApi(FOLLOW_UP),
  /** SPEC §7.8 getFollowUpById: one follow-up by its id (in the caller's data scope). */
  getById: endpoint<{ id: number }, undefined, RowOf<typeof FOLLOW_UP>>({
    method: 'GET',
    path: '/jeecg-boot/follow/getFollowUpById',
    access: pageAccess('/follow'),
    query: z.object({ id: idParamOf('跟进记录', '请选择跟进记录') }),
    summary: '跟进记录详情',
    read: true,
  }),
  /** SPEC §7.8 getUserStoreRemark: the stores' remarks on a member (userId = the member's id), of the caller's stores. */
  storeRemark: endpoint<{ userId: number; storeId?: number }, undefined, StoreRemarkDto[]>({
    method: 'GET',
    path: '/jeecg-boot/follow/getUserStoreRemark',
    access: pageAccess('/follow'),
    query: z.object({
      userId: idParamOf('会员', '请选择会员'),
      storeId: z.preprocess((v) => (v === '' ? undefined : v), idParamOf('门店').optional()),
    }),
    summary: '门店对会员的备注',
    read: true,
  }),
};

// ── The open API: stores write follow-ups and remarks ───────────────────────────────────────────

const staffPhone = z
  .string({ error: '请填写员工手机号' })
  .regex(/^\d{6,15}$/, '员工手机号格式不正确')
  .optional();

/** POST /open/v1/followUps: a follow-up a store plans (due), or records done at once (doneAt given). Idempotent by outerNo. */
export const openFollowUpBody = z
  .object({
    outerNo: outerNoSchema,
    storeCode: z.string({ error: '请填写门店编码' }).trim().min(1).max(20),
    member: z.string({ error: '请填写会员手机号或会员编号' }).trim().min(1).max(20),
    staffPhone,
    kind: z.enum(values(FOLLOW_KINDS), { error: '跟进类型须为 afterVisit、care、recall 或 other' }),
    dueDate: calendarDay('应跟进日期'),
    /** The visit's bill (XF…) it follows, when any. */
    billNo: z.string().trim().max(20).optional(),
    content: z.string().trim().max(FOLLOW_CONTENT_MAX, `跟进事项最多 ${FOLLOW_CONTENT_MAX} 个字符`).optional(),
    doneAt: sentAtSchema.optional(),
    channel: z.enum(values(FOLLOW_CHANNELS), { error: '跟进方式须为 phone、wechat、sms 或 visit' }).optional(),
    result: z.string().trim().max(FOLLOW_CONTENT_MAX, `跟进结果最多 ${FOLLOW_CONTENT_MAX} 个字符`).optional(),
  })
  .refine((b) => !b.doneAt || !!b.result, { path: ['result'], message: '已完成的跟进须填写跟进结果' });
export type OpenFollowUpBody = z.output<typeof openFollowUpBody>;

/** POST /open/v1/followUps/:outerNo/result: the follow-up done. The same result again changes nothing. */
export const openFollowUpResultBody = z.object({
  doneAt: sentAtSchema,
  channel: z.enum(values(FOLLOW_CHANNELS), { error: '跟进方式须为 phone、wechat、sms 或 visit' }),
  result: z
    .string({ error: '请填写跟进结果' })
    .trim()
    .min(1, '请填写跟进结果')
    .max(FOLLOW_CONTENT_MAX, `跟进结果最多 ${FOLLOW_CONTENT_MAX} 个字符`),
  staffPhone,
});
export type OpenFollowUpResultBody = z.output<typeof openFollowUpResultBody>;

export interface OpenFollowUpAnswer {
  followNo: string;
  outerNo: string;
  state: FollowState;
  replayed: boolean;
}

/** POST /open/v1/memberRemarks: the store's remark on a member (one per store and member; a later one replaces it). */
export const openMemberRemarkBody = z.object({
  storeCode: z.string({ error: '请填写门店编码' }).trim().min(1).max(20),
  member: z.string({ error: '请填写会员手机号或会员编号' }).trim().min(1).max(20),
  staffPhone,
  remark: z
    .string({ error: '请填写备注' })
    .trim()
    .min(1, '请填写备注')
    .max(STORE_REMARK_MAX, `备注最多 ${STORE_REMARK_MAX} 个字符`),
  at: sentAtSchema,
});
export type OpenMemberRemarkBody = z.output<typeof openMemberRemarkBody>;

export interface OpenMemberRemarkAnswer {
  memberCode: string;
  storeCode: string;
  /** false: a later remark of the store was kept already (this one is older), nothing changed. */
  saved: boolean;
}
