/**
 * 头皮检测 (SPEC §2.6 /examiningReport, /examiningDetail; §2.13 /detetionConfig).
 *
 * /detetionConfig declares the examination items (检测项目): a name, a unit, a normal range
 * low–high (integers in the unit) and how far outside that range a value may be before it is
 * 轻度, 中度 or 重度 (`mildLimit` < `moderateLimit`, both > 0, in the unit). A report arrives from a
 * store's device through the open API (POST /open/v1/examinations): its values are checked
 * against the enabled items, graded on the server with the item's setting at that moment, and the
 * setting is stored with each value, so a later change of /detetionConfig never rewrites a report.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamOf } from '../api/ids';
import { pageAccess } from '../api/pageAccess';
import { defineResource, type EnumOption } from '../resource/define';
import { outerNoSchema, sentAtSchema } from './bill';

/** A value's grade, from the best to the worst. */
export const EXAM_GRADES = [
  { value: 'normal', label: '正常', color: 'green' },
  { value: 'mild', label: '轻度', color: 'gold' },
  { value: 'moderate', label: '中度', color: 'orange' },
  { value: 'severe', label: '重度', color: 'red' },
] as const satisfies readonly EnumOption[];
export type ExamGrade = (typeof EXAM_GRADES)[number]['value'];

/** The setting of an item that grades a value (stored with each value of a report). */
export interface ExamScale {
  low: number;
  high: number;
  mildLimit: number;
  moderateLimit: number;
}

/**
 * A value's grade: inside low–high 正常; outside it by at most mildLimit 轻度, by at most
 * moderateLimit 中度, further 重度.
 */
export const gradeOf = (value: number, s: ExamScale): ExamGrade => {
  const off = value < s.low ? s.low - value : value > s.high ? value - s.high : 0;
  if (off === 0) return 'normal';
  if (off <= s.mildLimit) return 'mild';
  if (off <= s.moderateLimit) return 'moderate';
  return 'severe';
};

const GRADE_ORDER: readonly ExamGrade[] = EXAM_GRADES.map((g) => g.value);

/** The worst of some grades (正常 for none). */
export const worstGrade = (grades: readonly ExamGrade[]): ExamGrade =>
  grades.reduce<ExamGrade>((w, g) => (GRADE_ORDER.indexOf(g) > GRADE_ORDER.indexOf(w) ? g : w), 'normal');

/** Why a scale is not ordered (low < high, 0 < mildLimit < moderateLimit), by field; null when it is. */
export const scaleProblem = (s: Partial<ExamScale>): { field: keyof ExamScale; message: string } | null => {
  if (s.low !== undefined && s.high !== undefined && !(s.low < s.high)) {
    return { field: 'high', message: '正常范围上限须大于下限' };
  }
  if (s.mildLimit !== undefined && !(s.mildLimit > 0)) return { field: 'mildLimit', message: '轻度阈值须大于 0' };
  if (s.mildLimit !== undefined && s.moderateLimit !== undefined && !(s.mildLimit < s.moderateLimit)) {
    return { field: 'moderateLimit', message: '中度阈值须大于轻度阈值' };
  }
  return null;
};

/** Values an item's range and thresholds may take (in the item's unit). */
export const EXAM_VALUE_MAX = 1_000_000;

const scaleField = (label: string, help?: string) =>
  ({
    label,
    type: 'int',
    required: true,
    min: -EXAM_VALUE_MAX,
    max: EXAM_VALUE_MAX,
    list: { width: 100 },
    ...(help ? { help } : {}),
  }) as const;

/** /detetionConfig 检测配置: the examination items. */
export const EXAM_ITEM = defineResource({
  name: 'examItem',
  title: '检测项目',
  page: '/detetionConfig',
  api: '/rest/detetionConfig',
  rowLabel: 'name',
  defaultSort: { field: 'sort', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: [
    { key: 'enable', label: '批量启用', button: 'edit' },
    {
      key: 'disable',
      label: '批量停用',
      button: 'edit',
      danger: true,
      confirm: '停用后门店设备不能再上报这些项目，确定停用？',
    },
  ],
  fields: {
    code: {
      label: '项目编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 20,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '编码只能包含字母、数字、下划线和短横线' },
      list: { width: 110 },
      filter: 'like',
      help: '门店设备上报时用此编码指明项目',
    },
    name: {
      label: '项目名称',
      type: 'text',
      required: true,
      max: 30,
      list: { width: 140 },
      filter: 'like',
      sort: true,
    },
    unit: { label: '单位', type: 'text', required: true, max: 10, list: { width: 80 } },
    low: scaleField('正常下限'),
    high: scaleField('正常上限', '上限须大于下限；落在下限至上限之间为正常'),
    mildLimit: {
      ...scaleField('轻度阈值', '超出正常范围不超过此值为轻度'),
      min: 1,
    },
    moderateLimit: {
      ...scaleField('中度阈值', '超出正常范围不超过此值为中度（须大于轻度阈值），再多为重度'),
      min: 1,
    },
    enabled: {
      label: '状态',
      type: 'bool',
      default: true,
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      list: { width: 80 },
      filter: 'eq',
    },
    sort: { label: '排序', type: 'int', min: 0, max: 9999, default: 0, list: { width: 70 }, sort: true },
    remark: { label: '说明', type: 'textarea', max: 200 },
  },
});

/** The open API's examination document (POST /open/v1/examinations): a store device's report. */
export const openExaminationBody = z.object({
  outerNo: outerNoSchema,
  storeCode: z.string({ error: '请填写门店编码' }).trim().min(1, '请填写门店编码').max(20),
  /** The member: their phone or 会员编号 (HY…). */
  member: z.string({ error: '请填写会员手机号或会员编号' }).trim().min(1, '请填写会员手机号或会员编号').max(20),
  /** The technician (a staff phone); optional. */
  staffPhone: z.string().trim().max(20).optional(),
  at: sentAtSchema,
  values: z
    .array(
      z.object({
        item: z.string({ error: '请填写检测项目编码' }).trim().min(1, '请填写检测项目编码').max(20),
        value: z
          .number({ error: '检测值须为整数' })
          .int('检测值须为整数')
          .min(-EXAM_VALUE_MAX, '检测值超出范围')
          .max(EXAM_VALUE_MAX, '检测值超出范围'),
      }),
      { error: '请填写检测值' },
    )
    .min(1, '至少上报一个检测项目')
    .max(50, '检测项目最多 50 个'),
  /** Images (PNG/JPEG/GIF/WEBP) as base64; stored in the file store like an upload. */
  images: z
    .array(z.string().trim().min(1, '图片内容无效').max(200_000, '图片过大'), { error: '图片须为数组' })
    .max(6, '图片最多 6 张')
    .optional(),
  conclusion: z.string().trim().max(500, '结论最多 500 字').optional(),
  /** Recommended projects: project codes of /projectList. */
  projects: z
    .array(z.string().trim().min(1).max(40), { error: '推荐项目须为数组' })
    .max(10, '推荐项目最多 10 个')
    .optional(),
});
export type OpenExaminationBody = z.output<typeof openExaminationBody>;

/** What POST /open/v1/examinations answers (the same for a replay of the same outerNo). */
export interface OpenExaminationAnswer {
  reportNo: string;
  outerNo: string;
  grade: ExamGrade;
  values: { item: string; value: number; grade: ExamGrade }[];
  replayed: boolean;
}

/** One measured value of a report, with the item's setting when it was measured. */
export interface ExaminationValueDto extends ExamScale {
  itemCode: string;
  itemName: string;
  unit: string;
  value: number;
  grade: ExamGrade;
}

/** /examiningDetail: one report. */
export interface ExaminationDetailDto {
  id: number;
  reportNo: string;
  outerNo: string;
  storeId: number;
  storeName: string;
  memberId: number;
  memberName: string;
  memberPhone: string;
  staffName: string | null;
  examinedAt: string;
  grade: ExamGrade;
  conclusion: string | null;
  images: string[];
  values: ExaminationValueDto[];
  projects: { id: number; code: string; name: string; price: number }[];
}

export const EXAMINATION_API = {
  detail: endpoint<undefined, undefined, ExaminationDetailDto>({
    method: 'GET',
    path: '/rest/examination/detail/:id',
    access: pageAccess('/examiningDetail'),
    params: z.object({ id: idParamOf('报告') }),
    summary: '检测报告详情',
  }),
};
