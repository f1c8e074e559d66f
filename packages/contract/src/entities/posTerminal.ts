/**
 * POS terminals (/posList POS机管理; SPEC §7.3 GET /rest/pos/paymentTerminalList): the payment
 * terminals of the stores — serial number, brand and model, the acquiring merchant number, the
 * store it is bound to and since when, and its status. A terminal is bound to one store at a
 * time; every bind, unbind and rebind is kept in its binding history.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamOf } from '../api/ids';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { anyPageAccess } from './goodsCommon';
import type { StorePick } from './storesCommon';

export const POS_STATUSES = [
  { value: 'active', label: '在用', color: 'green' },
  { value: 'disabled', label: '停用', color: 'default' },
  { value: 'repair', label: '维修', color: 'orange' },
] as const satisfies readonly EnumOption[];

export type PosStatus = (typeof POS_STATUSES)[number]['value'];

export const POS_TERMINAL = defineResource({
  name: 'posTerminal',
  title: 'POS终端',
  page: '/posList',
  api: '/rest/pos',
  rowLabel: 'sn',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['终端信息', '绑定'],
  // Soft: a deleted terminal keeps its binding history; its SN may be registered again.
  actions: { create: true, update: true, delete: 'soft', export: true },
  fields: {
    sn: {
      label: '终端号（SN）',
      type: 'text',
      required: true,
      max: 32,
      pattern: { regex: /^[A-Za-z0-9-]{6,32}$/, message: '终端号为 6 到 32 位字母、数字或短横线' },
      list: { width: 170, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    brand: { label: '品牌', type: 'text', required: true, max: 20, list: { width: 100 }, filter: 'like', sort: true },
    model: { label: '型号', type: 'text', max: 30, list: { width: 100 } },
    merchantNo: {
      label: '收单商户号',
      type: 'text',
      required: true,
      max: 32,
      pattern: { regex: /^[A-Za-z0-9]{8,32}$/, message: '收单商户号为 8 到 32 位字母或数字' },
      list: { width: 170 },
      filter: 'like',
    },
    status: {
      label: '状态',
      type: 'enum',
      options: POS_STATUSES,
      required: true,
      default: 'active',
      list: { width: 80 },
      filter: 'eq',
    },
    note: { label: '备注', type: 'text', max: 100, export: true },
    storeId: {
      label: '绑定门店',
      type: 'int',
      formOnly: true,
      section: '绑定',
      help: '更换门店即改绑，清空即解绑；每次变化都记入绑定记录。在用的终端须绑定门店',
    },
    storeName: {
      label: '绑定门店',
      type: 'text',
      readOnly: true,
      list: { width: 140 },
      filter: 'like',
      sort: true,
      section: '绑定',
    },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 }, section: '绑定' },
    boundAt: { label: '绑定时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true, section: '绑定' },
    createdAt: { label: '登记时间', type: 'datetime', readOnly: true, sort: true, export: true, section: '绑定' },
  },
});

/** One period of a terminal at a store. */
export interface PosBinding {
  storeId: number;
  storeName: string;
  boundAt: string;
  /** null while it is the current binding. */
  unboundAt: string | null;
  boundByName: string | null;
  unboundByName: string | null;
}

/** A terminal as paymentTerminalList answers it. */
export interface PaymentTerminal {
  id: number;
  sn: string;
  brand: string;
  model: string | null;
  merchantNo: string;
  status: PosStatus;
  statusName: string;
  storeId: number | null;
  storeCode: string | null;
  storeName: string | null;
  boundAt: string | null;
}

/** Most terminals paymentTerminalList answers without a storeId (narrow it with `sn`). */
export const PAYMENT_TERMINAL_LIST_MAX = 1000;

/**
 * GET /rest/pos/paymentTerminalList (SPEC §7.3). `storeId`: that store's terminals (a store
 * outside the caller's scope answers RECORD_NOT_FOUND); without it, the terminals bound to the
 * caller's stores (headquarters: every terminal, unbound ones too), at most
 * PAYMENT_TERMINAL_LIST_MAX, store code then SN. `status` keeps one status (e.g. active for a
 * terminal to take a payment on); `sn` keeps those whose SN contains it.
 */
export const paymentTerminalListQuery = z.object({
  storeId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idParamOf('门店').optional()),
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['active', 'disabled', 'repair'], { error: '状态无效' }).optional(),
  ),
  sn: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(32, '终端号最多 32 个字符').optional(),
  ),
});

export const POS_API = {
  ...resourceApi(POS_TERMINAL),
  paymentTerminalList: endpoint<z.infer<typeof paymentTerminalListQuery>, undefined, PaymentTerminal[]>({
    method: 'GET',
    path: '/rest/pos/paymentTerminalList',
    access: anyPageAccess('/posList', '/storeList'),
    query: paymentTerminalListQuery,
    summary: '门店收款终端列表',
  }),
  /** A terminal's binding history, newest first. */
  bindings: endpoint<undefined, undefined, PosBinding[]>({
    method: 'GET',
    path: '/rest/pos/bindings/:id',
    access: pageAccess('/posList'),
    params: z.object({ id: idParamOf('终端') }),
    summary: 'POS终端绑定记录',
  }),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/pos/stores',
    access: pageAccess('/posList'),
    summary: '可选门店',
  }),
};
