/**
 * 推广方案 (/promotionList, /promotionDetail, issue 16): a member or a staff member refers a new
 * member (the mini-program's share link registers the referral through the open API); the
 * referred member's first bill, if it reaches the plan's threshold within its days, rewards the
 * referrer by the plan's rule — a member with points or a coupon, a staff member with a 推广奖励
 * amount recorded for payroll — once, in the bill's transaction.
 *
 * A plan is 草稿 → (提交审核, through the approval center) 待审核 → 进行中 (approved) or 已驳回 →
 * 已结束 (past its end day) or 已停用 (停用). Only a 草稿 or 已驳回 plan is edited or deleted; a
 * referral is accepted only while the plan is 进行中 and the day is within its dates.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import {
  CAMPAIGN_EDITABLE,
  CAMPAIGN_STATUSES,
  type CampaignStatus,
  campaignFields,
  campaignStepsApi,
} from './campaign';

export const PROMOTION_STATUSES = CAMPAIGN_STATUSES;
export type PromotionStatus = CampaignStatus;

/** The states a plan is edited or deleted in. */
export const PROMOTION_EDITABLE = CAMPAIGN_EDITABLE;

export const PROMOTION_REFERRERS = [
  { value: 'member', label: '会员推荐' },
  { value: 'staff', label: '员工推荐' },
  { value: 'any', label: '会员或员工推荐' },
] as const satisfies readonly EnumOption[];

export const PROMOTION_REWARDS = [
  { value: 'points', label: '赠送积分' },
  { value: 'coupon', label: '赠送优惠券' },
] as const satisfies readonly EnumOption[];

export const REFERRAL_STATUSES = [
  { value: 'registered', label: '待首单', color: 'blue' },
  { value: 'rewarded', label: '已奖励', color: 'green' },
  { value: 'missed', label: '未达标', color: 'default' },
] as const satisfies readonly EnumOption[];
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]['value'];

/** Who referred a member (a referral's; a plan may take either). */
export const REFERRER_KINDS = [
  { value: 'member', label: '会员' },
  { value: 'staff', label: '员工' },
] as const satisfies readonly EnumOption[];

export const PROMOTION_POINTS_MAX = 100_000;
export const PROMOTION_DAYS_MAX = 365;

export const PROMOTION = defineResource({
  name: 'promotion',
  title: '推广方案',
  page: '/promotionList',
  detailPage: '/promotionDetail',
  api: '/rest/promotion',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '奖励规则', '推广效果'],
  fields: {
    ...campaignFields(),
    referrerKind: {
      label: '推荐人',
      type: 'enum',
      options: PROMOTION_REFERRERS,
      required: true,
      default: 'member',
      list: { width: 120 },
      filter: 'eq',
    },
    minFirstAmount: {
      label: '首单金额门槛',
      type: 'money',
      required: true,
      min: 0,
      max: 100_000_000,
      default: 0,
      section: '奖励规则',
      help: '被推荐会员的第一张收银单金额达到此数才奖励推荐人（0 为不限）',
    },
    firstWithinDays: {
      label: '首单期限（天）',
      type: 'int',
      required: true,
      min: 1,
      max: PROMOTION_DAYS_MAX,
      default: 30,
      section: '奖励规则',
      help: '被推荐会员在登记推荐后多少天内的第一张单有效',
    },
    rewardKind: {
      label: '会员推荐人奖励',
      type: 'enum',
      options: PROMOTION_REWARDS,
      required: true,
      default: 'points',
      section: '奖励规则',
      list: { width: 110 },
    },
    rewardPoints: {
      label: '奖励积分',
      type: 'int',
      min: 0,
      max: PROMOTION_POINTS_MAX,
      default: 0,
      section: '奖励规则',
      help: '奖励方式为赠送积分时必填',
    },
    couponTemplateId: {
      label: '奖励优惠券ID',
      type: 'int',
      min: 1,
      formOnly: true,
      section: '奖励规则',
      help: '奖励方式为赠送优惠券时必填：发放时须为进行中的券',
    },
    couponName: { label: '奖励优惠券', type: 'text', readOnly: true, section: '奖励规则' },
    staffReward: {
      label: '员工推荐奖励',
      type: 'money',
      min: 0,
      max: 10_000_000,
      default: 0,
      section: '奖励规则',
      help: '员工推荐的会员首单达标后记给员工的推广奖励（随工资发放）',
    },
    referrals: { label: '推荐人数', type: 'int', readOnly: true, list: { width: 90 }, section: '推广效果' },
    rewarded: { label: '已奖励', type: 'int', readOnly: true, list: { width: 80 }, section: '推广效果' },
    firstRevenue: {
      label: '首单金额合计',
      type: 'money',
      readOnly: true,
      list: { width: 120 },
      section: '推广效果',
    },
    createdAt: { label: '创建时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** The referrals of a plan (/promotionDetail 推荐记录), read-only. */
export const PROMOTION_REFERRAL = defineResource({
  name: 'promotionReferral',
  title: '推荐记录',
  page: '/promotionList',
  api: '/rest/promotion/referral',
  rowLabel: 'memberName',
  defaultSort: { field: 'registeredAt', dir: 'desc' },
  actions: {},
  fields: {
    promotionId: { label: '方案ID', type: 'int', readOnly: true, filter: 'eq' },
    registeredAt: { label: '推荐时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    memberName: { label: '被推荐会员', type: 'text', readOnly: true, list: { width: 110 }, filter: 'like' },
    memberPhone: { label: '会员手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    referrerKind: {
      label: '推荐人类型',
      type: 'enum',
      options: REFERRER_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    referrerName: { label: '推荐人', type: 'text', readOnly: true, list: { width: 110 }, filter: 'like' },
    status: {
      label: '状态',
      type: 'enum',
      options: REFERRAL_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    firstAmount: { label: '首单金额', type: 'money', readOnly: true, list: { width: 100 } },
    reward: { label: '奖励', type: 'text', readOnly: true, list: { width: 160 } },
    rewardedAt: { label: '奖励时间', type: 'datetime', readOnly: true, list: { width: 170 } },
  },
});

const phoneOf = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^\d{6,15}$/, `${label}为 6 到 15 位数字`);

/** The mini-program registers a referral: the new member and who shared the link. */
export const openReferralBody = z.object({
  referralNo: z.string({ error: '请填写推荐单号' }).trim().min(1, '请填写推荐单号').max(64, '推荐单号最多 64 个字符'),
  promotionCode: z
    .string({ error: '请填写方案编号' })
    .trim()
    .min(1, '请填写方案编号')
    .max(20, '方案编号最多 20 个字符'),
  referrer: z.object({
    kind: z.enum(['member', 'staff'], { error: '推荐人类型须为 member 或 staff' }),
    phone: phoneOf('推荐人手机号'),
  }),
  member: phoneOf('被推荐会员手机号'),
  at: z.iso.datetime({ error: '推荐时间格式无效', offset: true }),
});
export type OpenReferralBody = z.output<typeof openReferralBody>;

export interface OpenReferralAnswer {
  referralNo: string;
  promotionCode: string;
  status: ReferralStatus;
  /** The same referralNo again answers the first result. */
  replayed: boolean;
}

export const PROMOTION_API = {
  ...resourceApi(PROMOTION),
  referral: resourceApi(PROMOTION_REFERRAL),
  ...campaignStepsApi('/promotionList', '/rest/promotion', '推广方案'),
  coupons: endpoint<undefined, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: '/rest/promotion/coupons',
    access: pageAccess('/promotionList'),
    read: true,
    summary: '可作奖励的优惠券',
  }),
} as const;
