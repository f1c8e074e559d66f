/**
 * 会员生命周期（issue 15, SPEC §2.10 /editMemberLifeCycle and the lifecycle reports）: the stages a
 * member is in on a day, decided by one versioned definition from their visits — days since the
 * last visit, visits and spend in a window. The same rules read three behaviours (LIFECYCLE_BASES):
 * 到店消费 (completed bills), 购卡 (cards opened) and 划卡 (card draws).
 *
 * On day D, with F the first event, L the last event on or before D and P the event before L
 * (Beijing days; "N days ago" is D − L):
 *   1. no event yet                                             → no stage (未到店, only in flows)
 *   2. D − F < newDays                                          → 新客
 *   3. P exists, L − P > lostAfter and D − L < returnDays       → 回流 (came back after being 流失)
 *   4. D − L ≤ activeDays: ≥ activeMinVisits events and ≥ activeMinSpend 分 in the activeWindowDays
 *      days up to D                                             → 活跃, else 一般
 *   5. sleepFrom ≤ D − L ≤ sleepTo                              → 沉睡
 *   6. D − L > lostAfter                                        → 流失
 * The day ranges of 4–6 must follow each other without overlap or gap (lifecycleParams checks).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { INT4_MAX } from '../api/ids';
import { pageAccess } from '../api/pageAccess';
import type { EnumOption } from '../resource/define';

export const LIFECYCLE_STAGES = [
  { value: 'new', label: '新客', color: 'blue' },
  { value: 'active', label: '活跃', color: 'green' },
  { value: 'general', label: '一般', color: 'cyan' },
  { value: 'sleeping', label: '沉睡', color: 'orange' },
  { value: 'lost', label: '流失', color: 'red' },
  { value: 'returned', label: '回流', color: 'purple' },
] as const satisfies readonly EnumOption[];
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number]['value'];

/** A flow's from- or to-stage: a member with no event yet on that day is 未到店. */
export const LIFECYCLE_FLOW_STAGES = [
  ...LIFECYCLE_STAGES,
  { value: 'none', label: '未到店', color: 'default' },
] as const satisfies readonly EnumOption[];
export type LifecycleFlowStage = (typeof LIFECYCLE_FLOW_STAGES)[number]['value'];

/** The behaviour the stages read: bills, cards opened, card draws. */
export const LIFECYCLE_BASES = [
  { value: 'visit', label: '到店消费' },
  { value: 'buyCard', label: '购卡' },
  { value: 'drawCard', label: '划卡' },
] as const satisfies readonly EnumOption[];
export type LifecycleBasis = (typeof LIFECYCLE_BASES)[number]['value'];

/** Days of a rule at most (ten years). */
export const LIFECYCLE_DAYS_MAX = 3650;
export const LIFECYCLE_VISITS_MAX = 1000;
/** 分. */
export const LIFECYCLE_SPEND_MAX = 1_000_000_000;
export const LIFECYCLE_NOTE_MAX = 200;

/** The fields of a definition with their Chinese names (the form's labels and the history's words). */
export const LIFECYCLE_FIELDS = [
  { key: 'newDays', label: '新客：首次到店后天数', unit: '天' },
  { key: 'activeDays', label: '活跃：距最近到店不超过', unit: '天' },
  { key: 'activeWindowDays', label: '活跃：统计窗口', unit: '天' },
  { key: 'activeMinVisits', label: '活跃：窗口内到店至少', unit: '次' },
  { key: 'activeMinSpend', label: '活跃：窗口内消费至少', unit: '分' },
  { key: 'sleepFrom', label: '沉睡：距最近到店起始', unit: '天' },
  { key: 'sleepTo', label: '沉睡：距最近到店截止', unit: '天' },
  { key: 'lostAfter', label: '流失：距最近到店超过', unit: '天' },
  { key: 'returnDays', label: '回流：流失后再到店保持', unit: '天' },
] as const;
export type LifecycleField = (typeof LIFECYCLE_FIELDS)[number]['key'];
export type LifecycleParams = Record<LifecycleField, number>;

/** The definition before anyone edits it (version 0). */
export const LIFECYCLE_DEFAULTS: LifecycleParams = {
  newDays: 30,
  activeDays: 60,
  activeWindowDays: 180,
  activeMinVisits: 2,
  activeMinSpend: 0,
  sleepFrom: 61,
  sleepTo: 180,
  lostAfter: 180,
  returnDays: 60,
};

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);

const days = (label: string, min = 1) => whole(label, min, LIFECYCLE_DAYS_MAX);

/**
 * A definition's rules: each value in range, and the day ranges of 活跃 [0, activeDays],
 * 沉睡 [sleepFrom, sleepTo] and 流失 (lostAfter, ∞) in order, neither inverted, overlapping nor
 * leaving a gap.
 */
export const lifecycleParams = z
  .object({
    newDays: days('新客天数'),
    activeDays: days('活跃天数', 0),
    activeWindowDays: days('活跃统计窗口'),
    activeMinVisits: whole('活跃到店次数', 1, LIFECYCLE_VISITS_MAX),
    activeMinSpend: whole('活跃消费金额', 0, LIFECYCLE_SPEND_MAX),
    sleepFrom: days('沉睡起始天数'),
    sleepTo: days('沉睡截止天数'),
    lostAfter: days('流失天数'),
    returnDays: days('回流保持天数'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: LifecycleField, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.sleepFrom > v.sleepTo) issue('sleepTo', `沉睡的天数区间颠倒：起始 ${v.sleepFrom} 天大于截止 ${v.sleepTo} 天`);
    if (v.sleepFrom <= v.activeDays) {
      issue('sleepFrom', `沉睡与活跃的天数区间重叠：沉睡须从第 ${v.activeDays + 1} 天开始`);
    } else if (v.sleepFrom > v.activeDays + 1) {
      issue('sleepFrom', `活跃与沉睡之间有空档：第 ${v.activeDays + 1}–${v.sleepFrom - 1} 天不属于任何阶段`);
    }
    if (v.sleepFrom <= v.sleepTo) {
      if (v.lostAfter < v.sleepTo) {
        issue('lostAfter', `流失与沉睡的天数区间重叠：流失须为超过 ${v.sleepTo} 天`);
      } else if (v.lostAfter > v.sleepTo) {
        issue('lostAfter', `沉睡与流失之间有空档：第 ${v.sleepTo + 1}–${v.lostAfter} 天不属于任何阶段`);
      }
    }
    if (v.activeWindowDays < v.activeMinVisits) {
      issue('activeWindowDays', '活跃统计窗口的天数不能少于要求的到店次数');
    }
  });

export const lifecycleSaveBody = z.object({
  /** The version the editor started from: a save over a newer one is refused (LIFECYCLE_STALE). */
  baseVersion: z
    .number({ error: '缺少定义版本' })
    .int('定义版本无效')
    .min(0, '定义版本无效')
    .max(INT4_MAX, '定义版本无效'),
  params: lifecycleParams,
  note: z.string().trim().max(LIFECYCLE_NOTE_MAX, `说明不能超过 ${LIFECYCLE_NOTE_MAX} 个字`).optional(),
});
export type LifecycleSaveBody = z.output<typeof lifecycleSaveBody>;

export const LIFECYCLE_RUN_STATUSES = [
  { value: 'queued', label: '排队中', color: 'default' },
  { value: 'running', label: '计算中', color: 'processing' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'failed', label: '失败', color: 'red' },
] as const satisfies readonly EnumOption[];
export type LifecycleRunStatus = (typeof LIFECYCLE_RUN_STATUSES)[number]['value'];

/** A recomputation of every member's stages under one version (the page polls it). */
export interface LifecycleRunDto {
  id: number;
  version: number;
  status: LifecycleRunStatus;
  /** Members to compute, and done so far. */
  total: number;
  done: number;
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** One field's change between a version and the one before it. */
export interface LifecycleChange {
  field: LifecycleField;
  label: string;
  before: number | null;
  after: number;
}

export interface LifecycleVersionDto {
  version: number;
  params: LifecycleParams;
  note: string | null;
  createdByName: string | null;
  createdAt: string;
  changes: LifecycleChange[];
}

/** /editMemberLifeCycle: the current definition (version 0 = the defaults), its history (newest first), the latest run. */
export interface LifecycleDefinitionView {
  version: number;
  params: LifecycleParams;
  history: LifecycleVersionDto[];
  run: LifecycleRunDto | null;
}

const EDIT_PAGE = '/editMemberLifeCycle';

export const MEMBER_LIFECYCLE_API = {
  definition: endpoint<undefined, undefined, LifecycleDefinitionView>({
    method: 'GET',
    path: '/rest/memberLifecycle/definition',
    access: pageAccess(EDIT_PAGE),
    summary: '会员生命周期定义、修改记录与重算进度',
    read: true,
  }),
  save: endpoint<undefined, LifecycleSaveBody, LifecycleDefinitionView>({
    method: 'POST',
    path: '/rest/memberLifecycle/save',
    access: pageAccess(EDIT_PAGE),
    body: lifecycleSaveBody,
    summary: '保存会员生命周期定义（新版本，并重算历史阶段）',
  }),
} as const;
