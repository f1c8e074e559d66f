/**
 * Promotion channels and their QR codes (issue 16, "Channels"): /channelList declares the
 * channels (门店, 员工, 线上, 线下物料 …); /qrCodeManage lists the QR codes (a channel's own, or one
 * per store or per staff member), /qrEstablish makes one or a batch, /qrCodeDetail (open to any
 * signed-in user, SPEC §6) shows one with its image and its numbers by day. The mini-program
 * reports scans and registrations through the open API (OPEN_PATHS.qrScans, qrRegistrations); a
 * member registered through a code is attributed to its channel, store and staff once.
 */
import { z } from 'zod';
import type { ExportQueued } from '../api/downloads';
import { endpoint, OPEN } from '../api/endpoint';
import { idOf, idParamOf, intParamOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { outerNoSchema, sentAtSchema } from './bill';
import type { StorePick } from './storesCommon';

export const CHANNEL_KINDS = [
  { value: 'store', label: '门店' },
  { value: 'staff', label: '员工' },
  { value: 'online', label: '线上' },
  { value: 'offline', label: '线下物料' },
  { value: 'other', label: '其他' },
] as const satisfies readonly EnumOption[];

export const CHANNEL = defineResource({
  name: 'channel',
  title: '推广渠道',
  page: '/channelList',
  api: '/rest/channel',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  // A channel with QR codes is not deleted (停用 it instead): its codes' numbers stay attributed.
  actions: { create: true, update: true, delete: 'hard', export: true },
  stale: ['qrCode'],
  fields: {
    name: {
      label: '渠道名称',
      type: 'text',
      required: true,
      max: 30,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    kind: {
      label: '渠道类型',
      type: 'enum',
      options: CHANNEL_KINDS,
      required: true,
      default: 'store',
      list: { width: 100 },
      filter: 'eq',
    },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      default: true,
      list: { width: 80 },
      filter: 'eq',
      help: '停用的渠道不能再新建二维码，已有二维码照常统计',
    },
    remark: { label: '备注', type: 'textarea', max: 200 },
    qrCount: { label: '二维码数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    scans: { label: '扫码次数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    registrations: { label: '注册会员', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    createdAt: { label: '创建时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** Whom a code belongs to: its channel only, a store, or a staff member (and the staff's store). */
export const QR_OWNER_KINDS = [
  { value: 'channel', label: '渠道通用' },
  { value: 'store', label: '门店' },
  { value: 'staff', label: '员工' },
] as const satisfies readonly EnumOption[];
export type QrOwnerKind = (typeof QR_OWNER_KINDS)[number]['value'];

/** Where a scan leads in the mini-program. */
export const QR_TARGETS = [
  { value: 'register', label: '会员注册' },
  { value: 'page', label: '小程序页面' },
] as const satisfies readonly EnumOption[];
export type QrTarget = (typeof QR_TARGETS)[number]['value'];

export const QR_STATUSES = [
  { value: 'active', label: '启用', color: 'green' },
  { value: 'disabled', label: '停用', color: 'default' },
] as const satisfies readonly EnumOption[];

/** A mini-program page path: letters, digits, / _ - and dots, not starting with a slash. */
const PAGE_PATH = {
  regex: /^[A-Za-z0-9_][A-Za-z0-9_./-]{0,99}$/,
  message: '页面路径为字母、数字、/、_、-、. 组成，如 pages/index/index',
};
/** Parameters passed to the page: key=value pairs joined by &. */
const PARAMS = {
  regex: /^([A-Za-z0-9_]{1,30}=[A-Za-z0-9_.-]{0,60})(&[A-Za-z0-9_]{1,30}=[A-Za-z0-9_.-]{0,60})*$/,
  message: '参数格式为 key=value，多个以 & 连接',
};

export const QR_CODE = defineResource({
  name: 'qrCode',
  title: '二维码',
  page: '/qrCodeManage',
  api: '/rest/qrCode',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc', thenBy: 'code' },
  // Made on /qrEstablish (one or a batch); never deleted, 停用 instead: its numbers stay.
  actions: { create: false, update: true, delete: false, export: true },
  fields: {
    code: {
      label: '二维码编号',
      type: 'text',
      readOnly: true,
      list: { width: 130, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    name: { label: '名称', type: 'text', required: true, max: 40, list: { width: 200 }, filter: 'like', sort: true },
    channelName: { label: '渠道', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like', sort: true },
    ownerKind: {
      label: '归属',
      type: 'enum',
      options: QR_OWNER_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like', sort: true },
    staffName: { label: '员工', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
    target: {
      label: '跳转目标',
      type: 'enum',
      options: QR_TARGETS,
      readOnly: true,
      list: { width: 100 },
      filter: 'eq',
    },
    pagePath: { label: '页面路径', type: 'text', max: 100, pattern: PAGE_PATH, export: true },
    params: { label: '页面参数', type: 'text', max: 200, pattern: PARAMS, export: true },
    status: {
      label: '状态',
      type: 'enum',
      options: QR_STATUSES,
      required: true,
      default: 'active',
      list: { width: 80 },
      filter: 'eq',
      help: '停用后扫码与注册不再计入',
    },
    scans: { label: '扫码次数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    registrations: { label: '注册会员', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    createdAt: { label: '创建时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** What a code encodes: this address and its number; the mini-program resolves the rest by a scan report. */
export const QR_URL_BASE = 'https://mp.zb.cn/q/';
export const qrUrlOf = (code: string): string => `${QR_URL_BASE}${code}`;

/** Most codes one /qrEstablish makes, and one zip holds. */
export const QR_BATCH_MAX = 500;
export const QR_PACK_MAX = 2000;
/** Days the detail's numbers cover at most. */
export const QR_DAYS_MAX = 92;

/** An optional id: in a query string (`param`) decimal digits, in a JSON body a number; empty is none. */
const optionalId = (what: string, param = true) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), (param ? idParamOf(what) : idOf(what)).optional());

/** /qrEstablish: one code (channel), one per chosen store, or one per chosen staff member. */
export const qrEstablishBody = z
  .object({
    channelId: idOf('渠道', '请选择渠道'),
    name: z.string({ error: '请填写名称' }).trim().min(1, '请填写名称').max(30, '名称最多 30 个字符'),
    ownerKind: z.enum(['channel', 'store', 'staff'], { error: '请选择归属' }),
    storeIds: z.array(idOf('门店')).max(QR_BATCH_MAX, `一次最多 ${QR_BATCH_MAX} 个门店`).default([]),
    staffIds: z.array(idOf('员工')).max(QR_BATCH_MAX, `一次最多 ${QR_BATCH_MAX} 名员工`).default([]),
    target: z.enum(['register', 'page'], { error: '请选择跳转目标' }),
    pagePath: z.string().trim().regex(PAGE_PATH.regex, PAGE_PATH.message).optional(),
    params: z.string().trim().regex(PARAMS.regex, PARAMS.message).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.ownerKind === 'store' && b.storeIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['storeIds'], message: '请选择门店' });
    if (b.ownerKind === 'staff' && b.staffIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['staffIds'], message: '请选择员工' });
    if (b.target === 'page' && !b.pagePath)
      ctx.addIssue({ code: 'custom', path: ['pagePath'], message: '跳转小程序页面须填写页面路径' });
  });
export type QrEstablishBody = z.input<typeof qrEstablishBody>;

export interface QrEstablished {
  ids: number[];
  codes: string[];
}

/** A day of a code's numbers (Beijing days). */
export interface QrDay {
  day: string;
  scans: number;
  registrations: number;
}

export interface QrCodeView {
  id: number;
  code: string;
  name: string;
  channelName: string;
  ownerKind: QrOwnerKind;
  storeName: string | null;
  staffName: string | null;
  target: QrTarget;
  pagePath: string | null;
  params: string | null;
  status: 'active' | 'disabled';
  scans: number;
  registrations: number;
  createdAt: string;
  /** What the code encodes. */
  url: string;
  /** The code as a PNG data URL, drawn by the server. */
  image: string;
  /** Each day of the period, oldest first (days without events too). */
  days: QrDay[];
}

export const qrViewQuery = z.object({
  days: z.preprocess(
    (v) => (v === '' ? undefined : v),
    intParamOf(
      '天数',
      { min: 1, max: QR_DAYS_MAX },
      { min: '天数至少为 1', max: `最多查看 ${QR_DAYS_MAX} 天` },
    ).default(30),
  ),
});

/** A zip of the codes' PNGs in the download centre: the chosen ids, else every code of a channel (of the caller's scope). */
export const qrPackBody = z
  .object({
    ids: z.array(idOf('二维码')).max(QR_PACK_MAX, `一次最多打包 ${QR_PACK_MAX} 个二维码`).optional(),
    channelId: optionalId('渠道', false),
  })
  .refine((b) => (b.ids?.length ?? 0) > 0 || b.channelId !== undefined, {
    message: '请选择二维码或渠道',
    path: ['ids'],
  });

export interface Pick {
  id: number;
  name: string;
}

export const QR_API = {
  ...resourceApi(QR_CODE),
  establish: endpoint<undefined, QrEstablishBody, QrEstablished>({
    method: 'POST',
    path: '/rest/qrCode/establish',
    access: buttonAccess('/qrCodeManage', 'add'),
    body: qrEstablishBody,
    summary: '新建二维码',
  }),
  /** /qrCodeDetail is open (SPEC §6); the code must still be of the caller's data scope. */
  view: endpoint<z.input<typeof qrViewQuery>, undefined, QrCodeView>({
    method: 'GET',
    path: '/rest/qrCode/view/:id',
    access: OPEN,
    params: z.object({ id: idParamOf('二维码') }),
    query: qrViewQuery,
    summary: '二维码详情',
    read: true,
  }),
  pack: endpoint<undefined, z.input<typeof qrPackBody>, ExportQueued>({
    method: 'POST',
    path: '/rest/qrCode/pack',
    access: buttonAccess('/qrCodeManage', 'export'),
    body: qrPackBody,
    summary: '批量下载二维码',
  }),
  channels: endpoint<undefined, undefined, Pick[]>({
    method: 'GET',
    path: '/rest/qrCode/channels',
    access: pageAccess('/qrCodeManage'),
    summary: '可选渠道',
    read: true,
  }),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/qrCode/stores',
    access: pageAccess('/qrCodeManage'),
    summary: '可选门店',
    read: true,
  }),
  staff: endpoint<{ storeId?: number }, undefined, Pick[]>({
    method: 'GET',
    path: '/rest/qrCode/staff',
    access: pageAccess('/qrCodeManage'),
    query: z.object({ storeId: optionalId('门店') }),
    summary: '可选员工',
    read: true,
  }),
};

export const CHANNEL_API = resourceApi(CHANNEL);

/** POST /open/v1/qrScans: the mini-program opened through code `code` (idempotent by `scanNo`). */
export const openQrScanBody = z.object({
  scanNo: outerNoSchema,
  code: z.string({ error: '请填写二维码编号' }).trim().min(1).max(20),
  at: sentAtSchema,
  /** The visitor (openid), when the mini-program knows it. */
  openId: z.string().trim().max(64).optional(),
});
export type OpenQrScanBody = z.output<typeof openQrScanBody>;

export interface OpenQrScanAnswer {
  code: string;
  target: QrTarget;
  pagePath: string | null;
  params: string | null;
  /** The code's scans so far. */
  scans: number;
  replayed: boolean;
}

/** POST /open/v1/qrRegistrations: member `member` registered after a scan of code `code`. */
export const openQrRegistrationBody = z.object({
  code: z.string({ error: '请填写二维码编号' }).trim().min(1).max(20),
  member: z.string({ error: '请填写会员手机号或会员编号' }).trim().min(1).max(20),
  at: sentAtSchema,
});
export type OpenQrRegistrationBody = z.output<typeof openQrRegistrationBody>;

export interface OpenQrRegistrationAnswer {
  /** false: the member was attributed before (to this code or another); nothing changed. */
  attributed: boolean;
  /** The code the member is attributed to (the first). */
  code: string;
  channelName: string;
}
