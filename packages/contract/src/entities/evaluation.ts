/**
 * 评价 (issue 17): a member rates a bill's service and the staff who served it after the visit,
 * through the open API (OPEN_PATHS.evaluations, from the mini-program or the store's device):
 * a score per declared dimension (评价维度, /evaluateSetting), a comment and images. The
 * settings (/evaluateSetting) fix the scale, when the invitation goes out, how long a bill may be
 * evaluated, and what counts as a good and a bad review; an evaluation's grade is fixed when it
 * arrives (gradeEvaluation), so a later change of the settings does not rewrite history.
 *
 * A bad review (差评) raises a 差评通知 for the head-office users the settings name and is handled
 * on /evaManagement through BAD_REVIEW_FLOW: 分派 to a handler, 回复 (the store's reply the member
 * sees), 关闭 with the result — every step in the record's history.
 */
import { z } from 'zod';
import { idOf } from '../api/ids';
import { defineFlow } from '../flow';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { outerNoSchema, sentAtSchema } from './bill';

/** An evaluation's grade, fixed when it arrives. */
export const EVA_LEVELS = [
  { value: 'good', label: '好评', color: 'green' },
  { value: 'neutral', label: '中评', color: 'default' },
  { value: 'bad', label: '差评', color: 'red' },
] as const satisfies readonly EnumOption[];
export type EvaLevel = (typeof EVA_LEVELS)[number]['value'];

/** When the member's invitation to evaluate is sent after a bill. */
export const EVA_INVITE_TIMINGS = [
  { value: 'afterBill', label: '结账后立即发送' },
  { value: 'afterHours', label: '结账后延迟若干小时发送' },
  { value: 'nextDay', label: '次日上午 10 点发送' },
] as const satisfies readonly EnumOption[];
export type EvaInviteTiming = (typeof EVA_INVITE_TIMINGS)[number]['value'];

export const EVA_SCALE_MIN = 3;
export const EVA_SCALE_MAX = 10;
export const EVA_VALID_DAYS_MAX = 60;
export const EVA_INVITE_DELAY_HOURS_MAX = 72;
export const EVA_NOTIFY_USERS_MAX = 20;
export const EVA_COMMENT_MAX = 500;
export const EVA_IMAGES_MAX = 9;
export const EVA_REPLY_MAX = 200;
export const EVA_DIMENSIONS_MAX = 20;

const intIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);

/** /evaluateSetting: the settings as saved (the whole object). */
export const evaSettingSchema = z
  .object({
    /** 分制: every dimension is scored 1..scaleMax. */
    scaleMax: intIn('分制', EVA_SCALE_MIN, EVA_SCALE_MAX),
    /** An average at or above it is 好评. */
    goodMin: intIn('好评分数线', 1, EVA_SCALE_MAX),
    /** An average at or below it is 差评. */
    badMax: intIn('差评分数线', 1, EVA_SCALE_MAX),
    /** Any one dimension at or below badMax makes it 差评 too. */
    badAnyDimension: z.boolean({ error: '请选择单项低分是否计为差评' }),
    inviteTiming: z.enum(EVA_INVITE_TIMINGS.map((o) => o.value) as [EvaInviteTiming, ...EvaInviteTiming[]], {
      error: '请选择邀请发送时机',
    }),
    inviteDelayHours: intIn('延迟小时数', 1, EVA_INVITE_DELAY_HOURS_MAX),
    /** A bill may be evaluated this many days after it. */
    validDays: intIn('可评价天数', 1, EVA_VALID_DAYS_MAX),
    /** The head-office users a bad review notifies. */
    notifyUserIds: z
      .array(idOf('通知人员', '请选择通知人员'), { error: '通知人员格式无效' })
      .max(EVA_NOTIFY_USERS_MAX, `通知人员最多 ${EVA_NOTIFY_USERS_MAX} 人`)
      .transform((a) => [...new Set(a)]),
  })
  .superRefine((v, ctx) => {
    if (v.goodMin > v.scaleMax) {
      ctx.addIssue({ code: 'custom', path: ['goodMin'], message: '好评分数线不能高于分制' });
    }
    if (v.badMax >= v.goodMin) {
      ctx.addIssue({ code: 'custom', path: ['badMax'], message: '差评分数线须低于好评分数线' });
    }
  });
export type EvaSetting = z.output<typeof evaSettingSchema>;

export interface EvaSettingDto extends EvaSetting {
  /** The users named, for the form's select. */
  notifyUsers: { id: number; name: string }[];
  updatedAt: string | null;
  updatedByName: string | null;
}

/** The settings before anyone saves them. */
export const EVA_SETTING_DEFAULTS: EvaSetting = {
  scaleMax: 5,
  goodMin: 4,
  badMax: 2,
  badAnyDimension: true,
  inviteTiming: 'afterBill',
  inviteDelayHours: 2,
  validDays: 7,
  notifyUserIds: [],
};

export interface EvaGrade {
  level: EvaLevel;
  scoreSum: number;
  /** Sum of the scores over the most they could be, in basis points. */
  scoreRate: number;
}

/**
 * The grade of an evaluation's scores (each 1..scaleMax) under the settings: 差评 when the average
 * is at or below badMax (or, with badAnyDimension, any one score is), else 好评 at or above goodMin,
 * else 中评.
 */
export const gradeEvaluation = (
  scores: readonly number[],
  s: Pick<EvaSetting, 'scaleMax' | 'goodMin' | 'badMax' | 'badAnyDimension'>,
): EvaGrade => {
  const scoreSum = scores.reduce((a, b) => a + b, 0);
  const n = Math.max(scores.length, 1);
  const scoreRate = Math.round((scoreSum * 10000) / (n * s.scaleMax));
  // Compare sums, not rounded averages: avg <= badMax  <=>  sum <= badMax * n.
  const bad = scoreSum <= s.badMax * n || (s.badAnyDimension && scores.some((x) => x <= s.badMax));
  const level: EvaLevel = bad ? 'bad' : scoreSum >= s.goodMin * n ? 'good' : 'neutral';
  return { level, scoreSum, scoreRate };
};

/** A 差评's handling; other evaluations stay 无需处理. */
export const BAD_REVIEW_FLOW = defineFlow({
  name: 'evaluation',
  title: '差评',
  page: '/evaManagement',
  states: [
    { value: 'none', label: '无需处理', color: 'default' },
    { value: 'pending', label: '待处理', color: 'orange' },
    { value: 'assigned', label: '处理中', color: 'blue' },
    { value: 'replied', label: '已回复', color: 'cyan' },
    { value: 'closed', label: '已关闭', color: 'green' },
  ],
  initial: 'pending',
  steps: {
    assign: {
      label: '分派',
      from: ['pending', 'assigned', 'replied'],
      to: 'assigned',
      button: 'edit',
      reason: 'optional',
    },
    reply: {
      label: '回复',
      from: ['pending', 'assigned', 'replied'],
      to: 'replied',
      button: 'edit',
      reason: 'required',
    },
    close: { label: '关闭', from: ['assigned', 'replied'], to: 'closed', button: 'edit', reason: 'required' },
  },
});
export type EvaHandleStatus = (typeof BAD_REVIEW_FLOW.states)[number]['value'];

const evaColumns = {
  evaNo: { label: '评价单号', type: 'text', readOnly: true, list: { width: 150, fixed: 'left' }, filter: 'like' },
  billNo: { label: '收银单号', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
  storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like', sort: true },
  regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 } },
  memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
  memberPhone: { label: '手机号', type: 'text', readOnly: true, list: { width: 120 } },
  staffName: { label: '服务员工', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
  scoreText: { label: '平均分', type: 'text', readOnly: true, list: { width: 90 } },
  scoreRate: { label: '得分率', type: 'percent', readOnly: true, list: { width: 90 }, sort: true },
  level: { label: '评价等级', type: 'enum', options: EVA_LEVELS, readOnly: true, list: { width: 90 }, filter: 'eq' },
  comment: { label: '评价内容', type: 'textarea', readOnly: true, list: { width: 240 } },
  images: { label: '评价图片', type: 'images', readOnly: true, list: { width: 120 } },
  reply: { label: '门店回复', type: 'textarea', readOnly: true, list: { width: 200 } },
  status: {
    label: '处理状态',
    type: 'enum',
    options: BAD_REVIEW_FLOW.states,
    readOnly: true,
    list: { width: 90 },
    filter: 'eq',
  },
  handlerName: { label: '处理人', type: 'text', readOnly: true, list: { width: 100 } },
  evaluatedAt: {
    label: '评价时间',
    type: 'datetime',
    readOnly: true,
    list: { width: 170 },
    filter: 'range',
    sort: true,
  },
  repliedAt: { label: '回复时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
} as const;

/** /evaluationList 评价列表: every evaluation in the caller's stores; a row opens /evaluationDetailList. */
export const EVALUATION = defineResource({
  name: 'evaluation',
  title: '评价',
  page: '/evaluationList',
  detailPage: '/evaluationDetailList',
  api: '/rest/evaluation',
  rowLabel: 'evaNo',
  defaultSort: { field: 'evaluatedAt', dir: 'desc' },
  actions: { export: true },
  fields: evaColumns,
});
export const EVALUATION_API = resourceApi(EVALUATION);

/** /evaManagement 差评处理: the bad reviews, the unhandled first. */
export const BAD_REVIEW = defineResource({
  name: 'badReview',
  title: '差评',
  page: '/evaManagement',
  api: '/rest/badReview',
  rowLabel: 'evaNo',
  defaultSort: { field: 'evaluatedAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    evaNo: evaColumns.evaNo,
    status: evaColumns.status,
    storeName: evaColumns.storeName,
    regionName: evaColumns.regionName,
    memberName: evaColumns.memberName,
    staffName: evaColumns.staffName,
    scoreText: evaColumns.scoreText,
    comment: evaColumns.comment,
    handlerName: { ...evaColumns.handlerName, filter: 'like' },
    reply: evaColumns.reply,
    evaluatedAt: evaColumns.evaluatedAt,
    billNo: evaColumns.billNo,
  },
  stale: ['evaluation'],
});
export const BAD_REVIEW_API = resourceApi(BAD_REVIEW);

/** 评价维度 of /evaluateSetting: what members score, in their order; the open API names them by code. */
export const EVA_DIMENSION = defineResource({
  name: 'evaDimension',
  title: '评价维度',
  page: '/evaluateSetting',
  api: '/rest/evaDimension',
  rowLabel: 'name',
  defaultSort: { field: 'sort', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    code: {
      label: '编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 20,
      pattern: { regex: /^[A-Za-z][A-Za-z0-9_]*$/, message: '编码以字母开头，只能包含字母、数字和下划线' },
      list: { width: 120 },
      help: '开放接口提交评分时以编码指明维度',
    },
    name: { label: '名称', type: 'text', required: true, max: 20, list: { width: 140 }, filter: 'like' },
    description: { label: '说明', type: 'text', max: 100, list: { width: 240 } },
    sort: { label: '排序', type: 'int', min: 0, max: 999, default: 0, list: { width: 80 }, sort: true },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
      help: '停用的维度不再参与评分，历史评分保留',
    },
  },
});
export const EVA_DIMENSION_API = resourceApi(EVA_DIMENSION);

const imageUrl = z
  .string({ error: '图片地址无效' })
  .trim()
  .max(500, '图片地址过长')
  .regex(/^(https?:\/\/|\/)\S+$/, '图片地址须为 http(s) 地址或站内路径');

/** POST /open/v1/evaluations: a member's evaluation of one of their bills. */
export const openEvaluationBody = z.object({
  /** The sender's own number: a retry with it answers the first evaluation. */
  outerNo: outerNoSchema,
  billNo: z
    .string({ error: '请填写收银单号' })
    .trim()
    .regex(/^XF\d{10}$/, '收银单号格式为 XF 加 10 位数字'),
  /** The staff rated (a phone of a staff who served the bill); the bill's first staff when not given. */
  staffPhone: z
    .string({ error: '员工手机号格式不正确' })
    .regex(/^\d{6,15}$/, '员工手机号格式不正确')
    .optional(),
  scores: z
    .array(
      z.object({
        dimension: z
          .string({ error: '请填写评价维度编码' })
          .trim()
          .min(1, '请填写评价维度编码')
          .max(20, '评价维度编码过长'),
        score: z.number({ error: '请填写评分' }).int('评分须为整数'),
      }),
      { error: '请填写评分' },
    )
    .min(1, '请至少为一个维度评分')
    .max(EVA_DIMENSIONS_MAX, `评分最多 ${EVA_DIMENSIONS_MAX} 项`),
  comment: z
    .string({ error: '评价内容格式无效' })
    .trim()
    .max(EVA_COMMENT_MAX, `评价内容最多 ${EVA_COMMENT_MAX} 字`)
    .optional(),
  images: z
    .array(imageUrl, { error: '评价图片格式无效' })
    .max(EVA_IMAGES_MAX, `评价图片最多 ${EVA_IMAGES_MAX} 张`)
    .default([]),
  at: sentAtSchema,
});
export type OpenEvaluationBody = z.output<typeof openEvaluationBody>;

export interface OpenEvaluationAnswer {
  evaNo: string;
  outerNo: string;
  billNo: string;
  level: EvaLevel;
  scoreRate: number;
  replayed: boolean;
}
