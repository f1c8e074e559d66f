/**
 * 优惠券 (issue 16, "Coupons as assets"). Head office designs a coupon template (券模板) on
 * /couponsManagement — 满减, 折扣, 代金, 项目体验券, 兑换券 — with its value, threshold, the goods and
 * stores it applies to, its validity (fixed dates or N days after issue), whether it stacks with
 * other coupons on one bill, its total quantity and the most one member may hold. A template moves
 * 草稿 → 待审核 → 进行中 → 已停用 (驳回 sends it back to 草稿 with the reason), like the other offers.
 *
 * Issuing an active template gives members coupons (会员券, QY + ten digits), each 未使用 → 已核销
 * (paid on a bill) → back to 未使用 when the bill is refunded (退回), or 已作废 / 已过期. Every change
 * of a coupon is one append-only row of the coupon ledger (发放, 核销, 退回, 作废, 延期, 过期) with an
 * idempotency key, written in the transaction of its business record. Issues that fail (quantity
 * gone, per-member limit, blacklist) are kept with their reason and may be retried (/couponsResend).
 *
 * Paying a bill: POST /open/v1/bills names `coupons` (billCouponsSchema in entities/bill.ts); the
 * server computes each coupon's value from its template and the bill's lines paid otherwise (not
 * drawn from a member card, nor card sales or top-ups) and writes a 'coupon' payment of it.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { type Page, pagingQuery } from '../api/paging';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { rejectReason } from '../rules';
import { createdAtField, MONEY_MAX } from './goodsCommon';

export const COUPON_KINDS = [
  { value: 'fullReduction', label: '满减券', color: 'red' },
  { value: 'discount', label: '折扣券', color: 'orange' },
  { value: 'voucher', label: '代金券', color: 'gold' },
  { value: 'projectTrial', label: '项目体验券', color: 'purple' },
  { value: 'exchange', label: '兑换券', color: 'cyan' },
] as const satisfies readonly EnumOption[];
export type CouponKind = (typeof COUPON_KINDS)[number]['value'];

export const COUPON_TEMPLATE_STATUSES = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'pending', label: '待审核', color: 'blue' },
  { value: 'active', label: '进行中', color: 'green' },
  { value: 'disabled', label: '已停用', color: 'orange' },
] as const satisfies readonly EnumOption[];
export type CouponTemplateStatus = (typeof COUPON_TEMPLATE_STATUSES)[number]['value'];

export const couponTemplateStatusLabel = (s: string): string =>
  COUPON_TEMPLATE_STATUSES.find((o) => o.value === s)?.label ?? s;

/** The steps of a template, the /couponsManagement button each needs, the states it starts from. */
export const COUPON_TEMPLATE_STEPS = {
  submit: { label: '提交审核', from: ['draft'], to: 'pending', button: 'edit' },
  approve: { label: '审核通过', from: ['pending'], to: 'active', button: 'audit' },
  reject: { label: '驳回', from: ['pending'], to: 'draft', button: 'audit' },
  disable: { label: '停用', from: ['active'], to: 'disabled', button: 'audit' },
} as const satisfies Record<
  string,
  { label: string; from: readonly CouponTemplateStatus[]; to: CouponTemplateStatus; button: string }
>;
export type CouponTemplateStep = keyof typeof COUPON_TEMPLATE_STEPS;

export const COUPON_SCOPES = [
  { value: 'all', label: '全部' },
  { value: 'chosen', label: '指定' },
] as const satisfies readonly EnumOption[];

export const COUPON_VALIDITY_MODES = [
  { value: 'fixed', label: '固定日期' },
  { value: 'days', label: '领取后N天' },
] as const satisfies readonly EnumOption[];

export const MEMBER_COUPON_STATUSES = [
  { value: 'unused', label: '未使用', color: 'blue' },
  { value: 'used', label: '已核销', color: 'green' },
  { value: 'expired', label: '已过期', color: 'default' },
  { value: 'voided', label: '已作废', color: 'red' },
] as const satisfies readonly EnumOption[];
export type MemberCouponStatus = (typeof MEMBER_COUPON_STATUSES)[number]['value'];

/** A Beijing day plus n days. */
export const addDays = (day: string, n: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export const couponStatusLabel = (s: string): string => MEMBER_COUPON_STATUSES.find((o) => o.value === s)?.label ?? s;

/** The coupon ledger's kinds. */
export const COUPON_LEDGER_KINDS = [
  { value: 'issue', label: '发放', color: 'blue' },
  { value: 'use', label: '核销', color: 'green' },
  { value: 'return', label: '退回', color: 'cyan' },
  { value: 'void', label: '作废', color: 'red' },
  { value: 'extend', label: '延期', color: 'purple' },
  { value: 'expire', label: '过期', color: 'default' },
] as const satisfies readonly EnumOption[];
export type CouponLedgerKind = (typeof COUPON_LEDGER_KINDS)[number]['value'];

/** Where an issue came from (a crowd's snapshot feeds the same service with its own label). */
export const COUPON_ISSUE_SOURCES = [
  { value: 'members', label: '指定会员' },
  { value: 'store', label: '门店会员' },
  { value: 'import', label: '导入' },
  { value: 'crowd', label: '人群' },
  { value: 'resend', label: '补发' },
  { value: 'promotion', label: '推广奖励' },
  { value: 'activity', label: '活动券兑换' },
  { value: 'gift', label: '赠送方案' },
  { value: 'bossGift', label: '老板赠送' },
  { value: 'fission', label: '裂变活动' },
] as const satisfies readonly EnumOption[];
export type CouponIssueSource = (typeof COUPON_ISSUE_SOURCES)[number]['value'];

/** An issue's job: a crowd's issue runs in batches in the background; the others are done at once. */
export const COUPON_ISSUE_STATES = [
  { value: 'running', label: '进行中', color: 'blue' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'failed', label: '失败', color: 'red' },
] as const satisfies readonly EnumOption[];
export type CouponIssueState = (typeof COUPON_ISSUE_STATES)[number]['value'];
/** Members per transaction when a crowd's snapshot is issued to. */
export const COUPON_CROWD_BATCH = 2_000;

export const COUPON_FAILURE_STATUSES = [
  { value: 'failed', label: '发放失败', color: 'red' },
  { value: 'resent', label: '已补发', color: 'green' },
] as const satisfies readonly EnumOption[];

export const COUPON_DELAY_STATUSES = [
  { value: 'pending', label: '待审核', color: 'blue' },
  { value: 'approved', label: '已通过', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
] as const satisfies readonly EnumOption[];

/** The coupon number: QY + ten digits (the id). */
export const COUPON_NO_PATTERN = /^QY\d{10}$/;
export const couponNoOf = (id: number): string => `QY${String(id).padStart(10, '0')}`;

/** Most coupons one template may put out, most one member may hold of it, most members one request issues to. */
export const COUPON_QUANTITY_MAX = 1_000_000;
export const COUPON_PER_MEMBER_MAX = 99;
export const COUPON_ISSUE_MAX = 5_000;
export const COUPON_VALID_DAYS_MAX = 3650;
export const COUPON_DELAY_DAYS_MAX = 365;
export const COUPON_DELAY_MAX = 500;
/** Most coupons one bill uses. */
export const BILL_COUPONS_MAX = 5;

/** Store and goods codes of a template: codes separated by commas (English or Chinese) or spaces. */
export const splitCodes = (s: string | null | undefined): string[] => [
  ...new Set(
    (s ?? '')
      .split(/[\s,，;；]+/)
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean),
  ),
];

const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');

/** A template's value in words, e.g. 满 200 减 30、8.5 折（最多减 50）. */
export const couponValueText = (t: {
  kind: string;
  amount: number | null;
  threshold: number | null;
  discountRate: number | null;
  maxDiscount: number | null;
  goodsCodes?: string | null;
}): string => {
  switch (t.kind) {
    case 'fullReduction':
      return `满 ${yuan(t.threshold ?? 0)} 减 ${yuan(t.amount ?? 0)} 元`;
    case 'discount': {
      const zhe = (10000 - (t.discountRate ?? 0)) / 1000;
      return `${zhe} 折${t.maxDiscount ? `（最多减 ${yuan(t.maxDiscount)} 元）` : ''}`;
    }
    case 'voucher':
      return `抵 ${yuan(t.amount ?? 0)} 元${t.threshold ? `（满 ${yuan(t.threshold)} 元可用）` : ''}`;
    case 'projectTrial':
      return `免费体验项目 ${t.goodsCodes ?? ''}`;
    case 'exchange':
      return `兑换商品 ${t.goodsCodes ?? ''}`;
    default:
      return '';
  }
};

// ── /couponsManagement: templates on the resource engine ─────────────────────

const money = (label: string, help?: string) =>
  ({ label, type: 'money', min: 0, max: MONEY_MAX, list: { width: 100 }, ...(help ? { help } : {}) }) as const;

export const COUPON_TEMPLATE = defineResource({
  name: 'couponTemplate',
  title: '优惠券',
  page: '/couponsManagement',
  api: '/rest/coupons/template',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '适用范围', '有效期与数量', '发放与使用'],
  fields: {
    code: { label: '券编码', type: 'text', readOnly: true, list: { width: 110, fixed: 'left' }, filter: 'eq' },
    name: {
      label: '券名称',
      type: 'text',
      required: true,
      max: 40,
      list: { width: 170 },
      filter: 'like',
      sort: true,
    },
    kind: {
      label: '券类型',
      type: 'enum',
      options: COUPON_KINDS,
      required: true,
      default: 'fullReduction',
      list: { width: 100 },
      filter: 'eq',
    },
    status: {
      label: '状态',
      type: 'enum',
      options: COUPON_TEMPLATE_STATUSES,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
      sort: true,
    },
    valueText: { label: '优惠内容', type: 'text', readOnly: true, list: { width: 190 } },
    amount: money('面额/减免金额', '满减券减免的金额；代金券抵扣的金额'),
    threshold: money('使用门槛', '适用商品的消费满此金额才可使用；0 为无门槛'),
    discountRate: {
      label: '折扣力度',
      type: 'percent',
      min: 1,
      max: 9999,
      help: '折扣券优惠的比例，如 15% 即 8.5 折',
    },
    maxDiscount: money('最多优惠', '折扣券单张最多优惠的金额；留空不限'),
    goodsScope: {
      label: '适用商品',
      type: 'enum',
      options: COUPON_SCOPES,
      required: true,
      default: 'all',
      section: '适用范围',
    },
    goodsCodes: {
      label: '商品/项目编码',
      type: 'textarea',
      max: 2000,
      section: '适用范围',
      help: '指定商品时填写项目或商品编码，逗号分隔；体验券填一个项目编码，兑换券填一个商品编码',
    },
    storeScope: {
      label: '适用门店',
      type: 'enum',
      options: COUPON_SCOPES,
      required: true,
      default: 'all',
      section: '适用范围',
    },
    storeCodes: {
      label: '门店编码',
      type: 'textarea',
      max: 2000,
      section: '适用范围',
      help: '指定门店时填写门店编码，逗号分隔',
    },
    stackable: {
      label: '可叠加',
      type: 'bool',
      default: false,
      boolLabels: { yes: '可与其他券同用', no: '不可叠加' },
      section: '适用范围',
      list: { width: 110 },
    },
    validityMode: {
      label: '有效期类型',
      type: 'enum',
      options: COUPON_VALIDITY_MODES,
      required: true,
      default: 'days',
      section: '有效期与数量',
    },
    validFrom: { label: '生效日期', type: 'date', section: '有效期与数量', help: '固定日期时填写' },
    validTo: { label: '失效日期', type: 'date', section: '有效期与数量', help: '固定日期时填写（当天有效）' },
    validDays: {
      label: '有效天数',
      type: 'int',
      min: 1,
      max: COUPON_VALID_DAYS_MAX,
      section: '有效期与数量',
      help: '领取后N天时填写：发放当天起 N 天内有效',
    },
    validityText: { label: '有效期', type: 'text', readOnly: true, list: { width: 190 }, section: '有效期与数量' },
    totalQuantity: {
      label: '发行总量',
      type: 'int',
      required: true,
      min: 1,
      max: COUPON_QUANTITY_MAX,
      list: { width: 90 },
      section: '有效期与数量',
    },
    perMemberLimit: {
      label: '每人限领',
      type: 'int',
      required: true,
      default: 1,
      min: 1,
      max: COUPON_PER_MEMBER_MAX,
      list: { width: 80 },
      section: '有效期与数量',
    },
    issuedCount: { label: '已发放', type: 'int', readOnly: true, list: { width: 80 }, section: '发放与使用' },
    unusedCount: { label: '未使用', type: 'int', readOnly: true, list: { width: 80 }, section: '发放与使用' },
    usedCount: { label: '已核销', type: 'int', readOnly: true, list: { width: 80 }, section: '发放与使用' },
    expiredCount: { label: '已过期', type: 'int', readOnly: true, list: { width: 80 }, section: '发放与使用' },
    discountGiven: {
      label: '优惠金额',
      type: 'money',
      readOnly: true,
      list: { width: 100 },
      section: '发放与使用',
    },
    billRevenue: {
      label: '带动营收',
      type: 'money',
      readOnly: true,
      list: { width: 110 },
      section: '发放与使用',
    },
    failedCount: { label: '发放失败', type: 'int', readOnly: true, section: '发放与使用' },
    remark: { label: '备注', type: 'textarea', max: 200 },
    rejectReason: { label: '驳回原因', type: 'text', readOnly: true },
    createdAt: createdAtField(),
  },
});

export const COUPON_TEMPLATE_API = resourceApi(COUPON_TEMPLATE);

// ── Issued coupons ────────────────────────────────────────────────────────────

/** The coupons issued (a template's, a member's): read-only, 作废 by batch. */
export const MEMBER_COUPON = defineResource({
  name: 'memberCoupon',
  title: '会员优惠券',
  page: '/couponDelayManage',
  api: '/rest/coupons/issued',
  rowLabel: 'couponNo',
  defaultSort: { field: 'issuedAt', dir: 'desc' },
  actions: { export: true },
  buttons: { page: '/couponsManagement' },
  batch: [
    {
      key: 'voidCoupons',
      label: '批量作废',
      button: 'edit',
      danger: true,
      confirm: '作废后这些未使用的优惠券不能再使用，确定作废？',
    },
  ],
  fields: {
    couponNo: { label: '券号', type: 'text', readOnly: true, list: { width: 140, fixed: 'left' }, filter: 'eq' },
    templateId: { label: '模板ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
    templateName: { label: '优惠券', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    kind: { label: '券类型', type: 'enum', options: COUPON_KINDS, readOnly: true, list: { width: 100 } },
    status: {
      label: '状态',
      type: 'enum',
      options: MEMBER_COUPON_STATUSES,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
    },
    memberId: { label: '会员ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 90 } },
    memberPhone: { label: '手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'eq' },
    storeName: { label: '所属门店', type: 'text', readOnly: true, list: { width: 120 } },
    validFrom: { label: '生效日期', type: 'date', readOnly: true, list: { width: 110 } },
    validTo: { label: '失效日期', type: 'date', readOnly: true, list: { width: 110 }, filter: 'range', sort: true },
    issuedAt: { label: '发放时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    source: { label: '来源', type: 'enum', options: COUPON_ISSUE_SOURCES, readOnly: true, list: { width: 90 } },
    usedBillNo: { label: '核销单号', type: 'text', readOnly: true, list: { width: 170 } },
    usedValue: { label: '抵扣金额', type: 'money', readOnly: true, list: { width: 100 } },
    usedAt: { label: '核销时间', type: 'datetime', readOnly: true, list: { width: 170 } },
  },
});
export const MEMBER_COUPON_API = resourceApi(MEMBER_COUPON);

// ── /couponsResend: failed issues ─────────────────────────────────────────────

export const COUPON_FAILURE = defineResource({
  name: 'couponFailure',
  title: '发放失败记录',
  page: '/couponsResend',
  api: '/rest/coupons/failures',
  rowLabel: 'target',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  buttons: { page: '/couponsManagement' },
  batch: [{ key: 'resend', label: '批量补发', button: 'edit', confirm: '将按当前规则重新发放所选记录，确定补发？' }],
  fields: {
    templateId: { label: '模板ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
    templateName: { label: '优惠券', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    target: { label: '会员/手机号', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 90 } },
    source: { label: '发放方式', type: 'enum', options: COUPON_ISSUE_SOURCES, readOnly: true, list: { width: 90 } },
    reason: { label: '失败原因', type: 'text', readOnly: true, list: { width: 260 } },
    status: {
      label: '状态',
      type: 'enum',
      options: COUPON_FAILURE_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    attempts: { label: '尝试次数', type: 'int', readOnly: true, list: { width: 80 } },
    createdAt: createdAtField(),
  },
});
export const COUPON_FAILURE_API = resourceApi(COUPON_FAILURE);

// ── Calls beyond the engine's ────────────────────────────────────────────────

export const couponTemplateIdBody = z.object({ id: idOf('优惠券', '请选择优惠券') });
export const couponTemplateRejectBody = z.object({ id: idOf('优惠券', '请选择优惠券'), reason: rejectReason });

/**
 * 发放: to the members named (by id, or by phone / 会员编号 as typed or pasted), to every member of a
 * store (home store), or to a crowd (a fresh snapshot, issued in batches as a job).
 */
export const couponIssueBody = z
  .object({
    templateId: idOf('优惠券', '请选择优惠券'),
    source: z.enum(['members', 'store', 'crowd'], { error: '请选择发放方式' }),
    memberIds: z
      .array(idOf('会员'), { error: '请选择会员' })
      .max(COUPON_ISSUE_MAX, `一次最多发放给 ${COUPON_ISSUE_MAX} 位会员`)
      .optional(),
    memberKeys: z
      .array(z.string().trim().min(1).max(20, '手机号或会员编号最多 20 位'), { error: '请填写会员手机号或会员编号' })
      .max(COUPON_ISSUE_MAX, `一次最多发放给 ${COUPON_ISSUE_MAX} 位会员`)
      .optional(),
    storeId: idOf('门店', '请选择门店').optional(),
    crowdId: idOf('人群', '请选择人群').optional(),
  })
  .refine((b) => b.source !== 'members' || (b.memberIds?.length ?? 0) + (b.memberKeys?.length ?? 0) > 0, {
    path: ['memberKeys'],
    message: '请填写会员手机号或会员编号',
  })
  .refine((b) => b.source !== 'store' || b.storeId !== undefined, { path: ['storeId'], message: '请选择门店' })
  .refine((b) => b.source !== 'crowd' || b.crowdId !== undefined, { path: ['crowdId'], message: '请选择人群' });
export type CouponIssueBody = z.output<typeof couponIssueBody>;

export interface CouponIssueResult {
  issueId: number;
  issued: number;
  failed: number;
  /** The first few failures, for the dialog (all are on /couponsResend). */
  failures: { target: string; reason: string }[];
  /** The job: 已完成 at once for members and a store; a crowd's runs on (see COUPON_API.progress). */
  state: CouponIssueState;
  /** Members to issue to, and those gone through so far. */
  total: number;
  done: number;
  /** Why a job stopped (失败). */
  failure: string | null;
}

export const couponIssueProgressQuery = z.object({ id: idParamOf('发放记录', '请选择发放记录') });

/** The crowds one may issue to, and a crowd's live count in the caller's stores. */
export interface CouponCrowdOption {
  id: number;
  name: string;
}
export const couponCrowdCountQuery = z.object({ crowdId: idParamOf('人群', '请选择人群') });

/** 延期申请: extend the coupons named by N days, with a reason, through the approval center. */
export const couponDelayBody = z.object({
  couponNos: z
    .array(z.string().trim().regex(COUPON_NO_PATTERN, '券号格式为 QY 加 10 位数字'), {
      error: '请填写要延期的券号',
    })
    .min(1, '请填写要延期的券号')
    .max(COUPON_DELAY_MAX, `一次最多延期 ${COUPON_DELAY_MAX} 张`),
  days: z
    .number({ error: '请输入延期天数' })
    .int('延期天数须为整数')
    .min(1, '延期天数至少为 1')
    .max(COUPON_DELAY_DAYS_MAX, `延期天数最多 ${COUPON_DELAY_DAYS_MAX} 天`),
  reason: z.string({ error: '请填写延期原因' }).trim().min(1, '请填写延期原因').max(200, '延期原因最多 200 个字符'),
});
export type CouponDelayBody = z.output<typeof couponDelayBody>;

export interface CouponDelayRow {
  id: number;
  spNo: string | null;
  approvalId: number | null;
  count: number;
  days: number;
  reason: string;
  status: string;
  createdByName: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export const couponDelayListQuery = pagingQuery.extend({
  status: z.enum(['pending', 'approved', 'rejected'], { error: '状态无效' }).optional(),
});

export interface CouponTemplateSaved {
  id: number;
  status: CouponTemplateStatus;
}

const LIST = '/couponsManagement';
const step = <B>(name: CouponTemplateStep, body: z.ZodType<B>) =>
  endpoint<undefined, B, CouponTemplateSaved>({
    method: 'POST',
    path: `/rest/coupons/template/${name}`,
    access: buttonAccess(LIST, COUPON_TEMPLATE_STEPS[name].button),
    body,
    summary: `优惠券${COUPON_TEMPLATE_STEPS[name].label}`,
  });

export const COUPON_API = {
  submit: step('submit', couponTemplateIdBody),
  approve: step('approve', couponTemplateIdBody),
  reject: step('reject', couponTemplateRejectBody),
  disable: step('disable', couponTemplateIdBody),
  issue: endpoint<undefined, CouponIssueBody, CouponIssueResult>({
    method: 'POST',
    path: '/rest/coupons/issue',
    access: buttonAccess(LIST, 'edit'),
    body: couponIssueBody,
    summary: '发放优惠券',
  }),
  progress: endpoint<z.output<typeof couponIssueProgressQuery>, undefined, CouponIssueResult>({
    method: 'GET',
    path: '/rest/coupons/issue/progress',
    access: buttonAccess(LIST, 'edit'),
    query: couponIssueProgressQuery,
    summary: '优惠券发放进度',
  }),
  crowds: endpoint<undefined, undefined, CouponCrowdOption[]>({
    method: 'GET',
    path: '/rest/coupons/issue/crowds',
    access: buttonAccess(LIST, 'edit'),
    summary: '可发放的人群',
  }),
  crowdCount: endpoint<z.output<typeof couponCrowdCountQuery>, undefined, { count: number }>({
    method: 'GET',
    path: '/rest/coupons/issue/crowdCount',
    access: buttonAccess(LIST, 'edit'),
    query: couponCrowdCountQuery,
    summary: '人群实时人数',
  }),
  applyDelay: endpoint<undefined, CouponDelayBody, CouponDelayRow>({
    method: 'POST',
    path: '/rest/coupons/delay/apply',
    access: pageAccess('/couponDelayManage'),
    body: couponDelayBody,
    summary: '申请优惠券延期',
  }),
  delays: endpoint<z.output<typeof couponDelayListQuery>, undefined, Page<CouponDelayRow>>({
    method: 'GET',
    path: '/rest/coupons/delay/list',
    access: pageAccess('/couponDelayManage'),
    query: couponDelayListQuery,
    summary: '优惠券延期申请',
  }),
};
