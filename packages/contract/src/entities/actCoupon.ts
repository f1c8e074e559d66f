/**
 * 活动券 (issue 16, /actCouponsM and /actCouponAllot): printed coupons for events and store
 * campaigns. Head office makes a batch (制作) of an active coupon template — N codes, each with a
 * six-digit 兑换密码 under a scratch panel — allots the codes to stores in runs (分配), and a member
 * redeems one at the store (the POS, through the open API actCouponRedeem): the code becomes a
 * member coupon of the template (source 活动券), usable on bills like any other. A code is
 * redeemed once, under concurrency too; a POS only redeems the codes allotted to its store; a
 * batch 停用 redeems nothing more.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import type { StorePick } from './storesCommon';

export const ACT_COUPON_QUANTITY_MAX = 20_000;

export const ACT_CODE_STATUSES = [
  { value: 'new', label: '未分配', color: 'default' },
  { value: 'allotted', label: '已分配', color: 'blue' },
  { value: 'redeemed', label: '已兑换', color: 'green' },
] as const satisfies readonly EnumOption[];
export type ActCodeStatus = (typeof ACT_CODE_STATUSES)[number]['value'];

/** /actCouponsM: a batch of printed codes of one coupon template. */
export const ACT_COUPON_BATCH = defineResource({
  name: 'actCouponBatch',
  title: '活动券',
  page: '/actCouponsM',
  api: '/rest/actCoupons/batch',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  stale: ['actCouponAllot', 'actCouponCode'],
  fields: {
    batchNo: {
      label: '批次号',
      type: 'text',
      readOnly: true,
      list: { width: 110, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    name: { label: '活动券名称', type: 'text', required: true, max: 40, list: { width: 160 }, filter: 'like' },
    templateId: {
      label: '优惠券',
      type: 'int',
      required: true,
      createOnly: true,
      formOnly: true,
      help: '兑换后会员得到的优惠券，须为进行中的优惠券',
    },
    templateName: { label: '优惠券', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like' },
    quantity: {
      label: '制作数量',
      type: 'int',
      required: true,
      createOnly: true,
      min: 1,
      max: ACT_COUPON_QUANTITY_MAX,
      list: { width: 90 },
      help: `每张券一个券码和 6 位兑换密码，最多 ${ACT_COUPON_QUANTITY_MAX} 张`,
    },
    allotted: { label: '已分配', type: 'int', readOnly: true, list: { width: 80 } },
    redeemed: { label: '已兑换', type: 'int', readOnly: true, list: { width: 80 } },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
      help: '停用后门店不能再兑换该批次的券码（已兑换的优惠券照常使用）',
    },
    remark: { label: '备注', type: 'text', max: 100, list: { width: 160 } },
    createdAt: { label: '制作时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /actCouponAllot 分配记录: a run of a batch's codes given to one store. */
export const ACT_COUPON_ALLOT = defineResource({
  name: 'actCouponAllot',
  title: '活动券分配',
  page: '/actCouponAllot',
  api: '/rest/actCoupons/allot',
  rowLabel: 'codeFrom',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, delete: 'hard', export: true },
  // A detail page has no buttons: its writes are /actCouponsM's.
  buttons: { page: '/actCouponsM' },
  stale: ['actCouponBatch', 'actCouponCode'],
  fields: {
    batchId: { label: '活动券', type: 'int', required: true, createOnly: true, filter: 'eq', formOnly: true },
    batchNo: { label: '批次号', type: 'text', readOnly: true, list: { width: 110, fixed: 'left' } },
    batchName: { label: '活动券', type: 'text', readOnly: true, list: { width: 150 } },
    storeId: { label: '门店', type: 'int', required: true, createOnly: true, formOnly: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    quantity: {
      label: '分配数量',
      type: 'int',
      required: true,
      createOnly: true,
      min: 1,
      max: ACT_COUPON_QUANTITY_MAX,
      list: { width: 90 },
      help: '从该批次未分配的券码中按顺序分配',
    },
    codeFrom: { label: '起始券码', type: 'text', readOnly: true, list: { width: 170 } },
    codeTo: { label: '结束券码', type: 'text', readOnly: true, list: { width: 170 } },
    redeemed: { label: '已兑换', type: 'int', readOnly: true, list: { width: 80 } },
    createdAt: { label: '分配时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /actCouponAllot 券码: every code of the batches, for printing (export) and to follow each one. */
export const ACT_COUPON_CODE = defineResource({
  name: 'actCouponCode',
  title: '活动券码',
  page: '/actCouponAllot',
  api: '/rest/actCoupons/code',
  rowLabel: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  actions: { export: true },
  buttons: { page: '/actCouponsM' },
  fields: {
    code: {
      label: '券码',
      type: 'text',
      readOnly: true,
      list: { width: 170, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    pin: { label: '兑换密码', type: 'text', readOnly: true, list: { width: 100 } },
    batchId: { label: '活动券ID', type: 'int', readOnly: true, filter: 'eq', hidden: true },
    batchName: { label: '活动券', type: 'text', readOnly: true, list: { width: 150 } },
    status: {
      label: '状态',
      type: 'enum',
      options: ACT_CODE_STATUSES,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
    },
    storeName: { label: '分配门店', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    memberName: { label: '兑换会员', type: 'text', readOnly: true, list: { width: 100 } },
    couponNo: { label: '优惠券号', type: 'text', readOnly: true, list: { width: 140 } },
    redeemedAt: { label: '兑换时间', type: 'datetime', readOnly: true, list: { width: 170 } },
  },
});

export interface ActCouponTemplatePick {
  id: number;
  name: string;
}

/** The POS's redemption of a printed code (open API actCouponRedeem). */
export const openActCouponBody = z.object({
  code: z
    .string({ error: '请填写券码' })
    .trim()
    .toUpperCase()
    .regex(/^HQ\d{13}$/, '券码为 HQ 加 13 位数字'),
  pin: z
    .string({ error: '请填写兑换密码' })
    .trim()
    .regex(/^\d{6}$/, '兑换密码为 6 位数字'),
  member: z
    .string({ error: '请填写会员手机号' })
    .trim()
    .regex(/^\d{6,15}$/, '会员手机号为 6 到 15 位数字'),
});
export type OpenActCouponBody = z.output<typeof openActCouponBody>;

export interface OpenActCouponAnswer {
  code: string;
  couponNo: string;
  templateName: string;
  validTo: string;
  /** The same code redeemed again by the same member answers the first redemption. */
  replayed: boolean;
}

export const ACT_COUPON_API = {
  batch: resourceApi(ACT_COUPON_BATCH),
  allot: resourceApi(ACT_COUPON_ALLOT),
  code: resourceApi(ACT_COUPON_CODE),
  templates: endpoint<undefined, undefined, ActCouponTemplatePick[]>({
    method: 'GET',
    path: '/rest/actCoupons/templates',
    access: pageAccess('/actCouponsM'),
    read: true,
    summary: '可制作活动券的优惠券（进行中）',
  }),
  batches: endpoint<undefined, undefined, ActCouponTemplatePick[]>({
    method: 'GET',
    path: '/rest/actCoupons/batches',
    access: pageAccess('/actCouponsM'),
    read: true,
    summary: '可分配的活动券批次',
  }),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/actCoupons/stores',
    access: pageAccess('/actCouponsM'),
    read: true,
    summary: '可分配的门店（限数据范围）',
  }),
} as const;
