/**
 * Member receive (/memberReceiveAudit 会员领用审核): a store records that a member collected
 * products they paid for earlier (领用); headquarters audits it. 待审核 → 已通过 (the store's stock
 * goes out, in the same transaction) or 已驳回 (with a reason). A record keeps the name and phone
 * given; when the phone is a member's, it also points at that member (会员编号 in the list).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { chosenIdOf, idOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { PHONE_MAX_LENGTH } from '../constants';
import { DEFAULT_AREA_CODE } from '../phone';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { REJECT_REASON_MAX } from '../rules';
import { STAFF_AREA_CODES } from './staff';
import type { ProductPick, StorePick } from './storesCommon';

export const MEMBER_RECEIVE_STATUSES = [
  { value: 'pending', label: '待审核', color: 'orange' },
  { value: 'approved', label: '已通过', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
] as const satisfies readonly EnumOption[];

export type MemberReceiveStatus = (typeof MEMBER_RECEIVE_STATUSES)[number]['value'];

/** Most lines one record holds, and most pieces of one line. */
export const MEMBER_RECEIVE_LINES_MAX = 30;
export const MEMBER_RECEIVE_QUANTITY_MAX = 999;

/** One line: a product and how many of its units (瓶, 盒 …) the member took. */
export const memberReceiveLine = z.object({
  productId: chosenIdOf('请选择商品'),
  quantity: z
    .number({ error: '请输入领用数量' })
    .int('领用数量须为整数')
    .min(1, '领用数量至少为 1')
    .max(MEMBER_RECEIVE_QUANTITY_MAX, `领用数量不能大于 ${MEMBER_RECEIVE_QUANTITY_MAX}`),
});

export type MemberReceiveLine = z.infer<typeof memberReceiveLine>;

export const memberReceiveLines = z
  .array(memberReceiveLine, { error: '请添加领用商品' })
  .min(1, '请添加领用商品')
  .max(MEMBER_RECEIVE_LINES_MAX, `最多 ${MEMBER_RECEIVE_LINES_MAX} 种商品`);

export const MEMBER_RECEIVE = defineResource({
  name: 'memberReceive',
  title: '会员领用',
  page: '/memberReceiveAudit',
  api: '/rest/memberReceive',
  rowLabel: 'code',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['领用信息', '领用商品', '审核'],
  actions: { create: true, update: false, delete: false, export: true },
  fields: {
    code: {
      label: '领用单号',
      type: 'text',
      readOnly: true,
      list: { width: 130, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    storeId: { label: '门店', type: 'int', required: true, formOnly: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like', sort: true },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 } },
    memberName: {
      label: '会员姓名',
      type: 'text',
      required: true,
      max: 20,
      list: { width: 90 },
      filter: 'like',
    },
    areaCode: {
      label: '区号',
      type: 'enum',
      options: STAFF_AREA_CODES,
      required: true,
      default: DEFAULT_AREA_CODE,
    },
    memberPhone: {
      label: '会员手机号',
      type: 'text',
      required: true,
      max: PHONE_MAX_LENGTH,
      pattern: { regex: /^\d+$/, message: '手机号只能输入数字' },
      list: { width: 120 },
      filter: 'like',
    },
    memberCode: { label: '会员编号', type: 'text', readOnly: true, list: { width: 110 }, filter: 'like' },
    lines: {
      label: '领用商品',
      type: 'json',
      required: true,
      formOnly: true,
      schema: memberReceiveLines,
      section: '领用商品',
      help: '会员此前已付款、本次到店领取的商品与数量（按商品单位）',
    },
    linesText: {
      label: '领用商品',
      type: 'text',
      readOnly: true,
      list: { width: 240 },
      section: '领用商品',
    },
    totalPieces: { label: '总件数', type: 'int', readOnly: true, list: { width: 80 }, section: '领用商品' },
    note: { label: '备注', type: 'textarea', max: 200, export: true },
    status: {
      label: '状态',
      type: 'enum',
      options: MEMBER_RECEIVE_STATUSES,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
      section: '审核',
    },
    createdByName: { label: '登记人', type: 'text', readOnly: true, list: { width: 90 }, section: '审核' },
    createdAt: {
      label: '登记时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
      section: '审核',
    },
    auditedByName: { label: '审核人', type: 'text', readOnly: true, list: { width: 90 }, section: '审核' },
    auditedAt: { label: '审核时间', type: 'datetime', readOnly: true, sort: true, export: true, section: '审核' },
    rejectReason: { label: '驳回原因', type: 'text', readOnly: true, export: true, section: '审核' },
  },
});

/** 通过 (pass) or 驳回 (reject, with its reason). */
export const memberReceiveAuditBody = z
  .object({
    id: idOf('领用记录'),
    pass: z.boolean({ error: '请选择通过或驳回' }),
    reason: z.string().trim().max(REJECT_REASON_MAX, `驳回原因最多 ${REJECT_REASON_MAX} 个字符`).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.pass && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写驳回原因' });
  });

export type MemberReceiveAuditBody = z.infer<typeof memberReceiveAuditBody>;

export interface MemberReceiveAudited {
  id: number;
  status: MemberReceiveStatus;
}

export const MEMBER_RECEIVE_API = {
  ...resourceApi(MEMBER_RECEIVE),
  /**
   * 通过 moves the lines out of the store's stock (STOCK-40901 when it lacks them: nothing
   * changes); 驳回 keeps the reason. Only a 待审核 record: MEMRCV-40901 when someone decided first.
   */
  audit: endpoint<undefined, MemberReceiveAuditBody, MemberReceiveAudited>({
    method: 'POST',
    path: '/rest/memberReceive/audit',
    access: buttonAccess('/memberReceiveAudit', 'audit'),
    body: memberReceiveAuditBody,
    summary: '审核会员领用',
  }),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/memberReceive/stores',
    access: pageAccess('/memberReceiveAudit'),
    summary: '可选门店',
  }),
  products: endpoint<undefined, undefined, ProductPick[]>({
    method: 'GET',
    path: '/rest/memberReceive/products',
    access: pageAccess('/memberReceiveAudit'),
    summary: '可选商品',
  }),
};
