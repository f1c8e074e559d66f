/**
 * 对接金蝶 EAS (/easConfig, SPEC §2.13, issue 14): what a store's day of bills becomes in the
 * accounting system. Each fee type (费用类型) is a figure of a store's day derived from its bills —
 * the payments by method (现金收入 … 签单, 储值卡消费, 套餐卡次消费), the lines by kind (项目收入,
 * 商品收入, 售卡收入, 充值收入) and the refunds executed that day (退款, 退款支付, 退回会员卡) — and
 * is mapped to an EAS subject (科目编码, 科目名称, 借/贷). Each store has its EAS company code (公司编码)
 * and, for the franchise accounting reports, its royalty rate (加盟提成比例) and whether it is a
 * deep-cooperation store with its share rate (深度合作, 分润比例).
 *
 * A daily voucher (凭证) per store per day is made by the scheduled job (a watermark, so it never
 * makes a day twice) or by 生成凭证 for a store and a day range: one line per fee type with an
 * amount, Σ借 = Σ贷, each line tracing to its bills. A day whose fee types lack a mapping, or
 * whose store has no company code, is recorded as 生成失败 with the reason, never skipped.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { chosenIdOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import type { EnumOption } from '../resource/define';
import { defineResource } from '../resource/define';
import { calendarDay } from '../rules';
import { BILL_PAY_METHODS } from './bill';
import { STORE_OWNERSHIPS } from './store';
import type { StorePick } from './storesCommon';

export const VOUCHER_DIRECTIONS = [
  { value: 'debit', label: '借', color: 'blue' },
  { value: 'credit', label: '贷', color: 'orange' },
] as const satisfies readonly EnumOption[];
export type VoucherDirection = (typeof VOUCHER_DIRECTIONS)[number]['value'];

/**
 * The fee types, each with the side it falls on in a balanced voucher (the default direction of
 * its mapping) and where its figure comes from. A store's day: Σ payments (借) = Σ lines (贷) for
 * its bills, and 退款 (借) = 退款支付 + 退回会员卡 (贷) for its refunds.
 */
export const ERP_FEE_TYPES = [
  { value: 'cash', label: '现金收入', side: 'debit', from: '现金支付' },
  { value: 'wechat', label: '微信收入', side: 'debit', from: '微信支付' },
  { value: 'alipay', label: '支付宝收入', side: 'debit', from: '支付宝支付' },
  { value: 'bankCard', label: '银行卡收入', side: 'debit', from: '银行卡支付' },
  { value: 'storedCard', label: '储值卡消费', side: 'debit', from: '储值卡划卡' },
  { value: 'comboCard', label: '套餐卡次消费', side: 'debit', from: '套餐卡划次' },
  { value: 'signBill', label: '签单', side: 'debit', from: '签单支付' },
  { value: 'intentDeposit', label: '意向金抵扣', side: 'debit', from: '以会员已付意向金抵扣的金额' },
  { value: 'coupon', label: '优惠券抵扣', side: 'debit', from: '以会员优惠券抵扣的金额（营销费用）' },
  { value: 'otherPay', label: '其他收款', side: 'debit', from: '未记录支付方式的单据（历史导入）中非卡支付的金额' },
  { value: 'project', label: '项目收入', side: 'credit', from: '项目行金额' },
  { value: 'product', label: '商品收入', side: 'credit', from: '商品行金额' },
  { value: 'cardSale', label: '售卡收入', side: 'credit', from: '售卡行金额' },
  { value: 'topUp', label: '充值收入', side: 'credit', from: '充值行金额' },
  { value: 'refund', label: '退款', side: 'debit', from: '当日执行的退款金额' },
  { value: 'refundPaid', label: '退款支付', side: 'credit', from: '当日退款中经支付方式退回的金额' },
  { value: 'refundToCard', label: '退回会员卡', side: 'credit', from: '当日退款中退回会员卡的金额' },
] as const satisfies readonly (EnumOption & { side: VoucherDirection; from: string })[];
export type ErpFeeType = (typeof ERP_FEE_TYPES)[number]['value'];
export const ERP_FEE_TYPE_VALUES = ERP_FEE_TYPES.map((f) => f.value);
export const feeTypeLabel = (v: string): string => ERP_FEE_TYPES.find((f) => f.value === v)?.label ?? v;

/**
 * The takings of a bill by method: its payments (bill_payment), or — for a bill recorded without
 * them (history imported before the open API) — its card draws from its lines (储值卡 by the
 * lines' card amounts, 套餐卡次 the rest of paid_by_card) and its paid_other as 其他收款.
 */
export const TAKING_METHODS = [
  ...BILL_PAY_METHODS,
  { value: 'otherPay', label: '其他收款' },
] as const satisfies readonly EnumOption[];

export const VOUCHER_STATUSES = [
  { value: 'made', label: '已生成', color: 'green' },
  { value: 'failed', label: '生成失败', color: 'red' },
] as const satisfies readonly EnumOption[];
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number]['value'];

/** The longest day range one 生成凭证 covers. */
export const VOUCHER_RANGE_DAYS_MAX = 31;
/** The first day the scheduled job makes when it has never run (days before it: 生成凭证). */
export const VOUCHER_JOB_BACKFILL_DAYS = 7;

/** /easConfig 科目映射: one EAS subject per fee type. */
export const EAS_SUBJECT = defineResource({
  name: 'easSubject',
  title: 'EAS科目映射',
  page: '/easConfig',
  api: '/rest/easConfig/subject',
  rowLabel: 'subjectName',
  defaultSort: { field: 'feeType', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  // The page has only 编辑: it adds and removes mappings with it.
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    feeType: {
      label: '费用类型',
      type: 'enum',
      options: ERP_FEE_TYPES,
      required: true,
      createOnly: true,
      list: { width: 130, fixed: 'left' },
      filter: 'eq',
      sort: true,
      help: '每个费用类型一条映射',
    },
    subjectCode: {
      label: '科目编码',
      type: 'text',
      required: true,
      max: 40,
      pattern: { regex: /^\d{4}(\.\d{2,4}){0,4}$/, message: '科目编码为 4 位数字，可带 .01 形式的明细级次' },
      list: { width: 140 },
      filter: 'like',
      sort: true,
      placeholder: '例如 1001 或 6001.01',
    },
    subjectName: {
      label: '科目名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 180 },
      filter: 'like',
    },
    direction: {
      label: '借贷方向',
      type: 'enum',
      options: VOUCHER_DIRECTIONS,
      required: true,
      list: { width: 90 },
      filter: 'eq',
      help: '收款与划卡记借方，收入记贷方；方向错误的映射会使凭证借贷不平而生成失败',
    },
    remark: { label: '备注', type: 'text', max: 100, list: { width: 160 } },
    updatedAt: { label: '修改时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /easConfig 门店配置: each store's EAS company code, royalty rate and deep cooperation. */
export const EAS_STORE = defineResource({
  name: 'easStore',
  title: 'EAS门店配置',
  page: '/easConfig',
  api: '/rest/easConfig/store',
  rowLabel: 'storeName',
  defaultSort: { field: 'storeCode', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    storeId: { label: '门店', type: 'int', required: true, createOnly: true, formOnly: true, help: '每个门店一条配置' },
    storeCode: {
      label: '门店编码',
      type: 'text',
      readOnly: true,
      list: { width: 100, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like', sort: true },
    ownership: {
      label: '经营方式',
      type: 'enum',
      options: STORE_OWNERSHIPS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    companyCode: {
      label: 'EAS公司编码',
      type: 'text',
      required: true,
      max: 20,
      pattern: { regex: /^[A-Za-z0-9.-]{2,20}$/, message: '公司编码为 2 到 20 位字母、数字、点或短横线' },
      list: { width: 130 },
      filter: 'like',
      sort: true,
    },
    royaltyRate: {
      label: '加盟提成比例',
      type: 'percent',
      min: 0,
      max: 10000,
      default: 0,
      list: { width: 110 },
      help: '加盟门店按月消耗额计提的提成比例（消费汇总表）',
    },
    deepCoop: {
      label: '深度合作',
      type: 'bool',
      boolLabels: { yes: '是', no: '否', color: 'purple' },
      required: true,
      default: false,
      list: { width: 90 },
      filter: 'eq',
    },
    shareRate: {
      label: '分润比例',
      type: 'percent',
      min: 0,
      max: 10000,
      default: 0,
      list: { width: 100 },
      help: '深度合作门店按月消耗额分得的比例（深度合作分润）',
    },
    updatedAt: { label: '修改时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** /easConfig 凭证: the vouchers made, read-only (生成凭证 and 下载凭证 are calls of their own). */
export const ERP_VOUCHER = defineResource({
  name: 'erpVoucher',
  title: 'EAS凭证',
  page: '/easConfig',
  api: '/rest/easConfig/voucher',
  rowLabel: 'voucherNo',
  defaultSort: { field: 'day', dir: 'desc' },
  actions: {},
  fields: {
    voucherNo: { label: '凭证号', type: 'text', readOnly: true, list: { width: 170, fixed: 'left' }, filter: 'like' },
    day: { label: '业务日期', type: 'date', readOnly: true, list: { width: 110 }, filter: 'range', sort: true },
    storeId: { label: '门店ID', type: 'int', readOnly: true },
    storeCode: { label: '门店编码', type: 'text', readOnly: true, list: { width: 100 } },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    companyCode: { label: 'EAS公司编码', type: 'text', readOnly: true, list: { width: 120 } },
    status: {
      label: '状态',
      type: 'enum',
      options: VOUCHER_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    debitTotal: { label: '借方合计', type: 'money', readOnly: true, list: { width: 120 } },
    creditTotal: { label: '贷方合计', type: 'money', readOnly: true, list: { width: 120 } },
    lineCount: { label: '分录数', type: 'int', readOnly: true, list: { width: 80 } },
    billCount: { label: '单据数', type: 'int', readOnly: true, list: { width: 80 } },
    error: { label: '失败原因', type: 'text', readOnly: true, list: { width: 280 } },
    source: {
      label: '生成方式',
      type: 'enum',
      options: [
        { value: 'job', label: '定时任务' },
        { value: 'manual', label: '手工生成' },
      ],
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    madeAt: { label: '生成时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** 生成凭证: the stores (none: every store of the caller's scope with a bill or refund) over a day range. */
export const voucherGenerateBody = z
  .object({
    storeIds: z.array(chosenIdOf('请选择门店')).max(200, '一次最多选择 200 个门店').default([]),
    dayFrom: calendarDay('开始日期'),
    dayTo: calendarDay('结束日期'),
  })
  .refine((b) => b.dayFrom <= b.dayTo, { message: '开始日期不能晚于结束日期', path: ['dayTo'] })
  .refine((b) => (Date.parse(b.dayTo) - Date.parse(b.dayFrom)) / 86_400_000 < VOUCHER_RANGE_DAYS_MAX, {
    message: `一次最多生成 ${VOUCHER_RANGE_DAYS_MAX} 天的凭证`,
    path: ['dayTo'],
  });

/** What 生成凭证 and the job answer: the vouchers made and those that failed, with their reasons. */
export interface VoucherRunResult {
  made: number;
  failed: number;
  /** Store days with nothing to account: no voucher. */
  empty: number;
  failures: { storeName: string; day: string; error: string }[];
}

export const EAS_API = {
  subject: resourceApi(EAS_SUBJECT),
  store: resourceApi(EAS_STORE),
  voucher: resourceApi(ERP_VOUCHER),
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/easConfig/stores',
    access: pageAccess('/easConfig'),
    summary: 'EAS配置可选门店',
    read: true,
  }),
  generate: endpoint<undefined, z.output<typeof voucherGenerateBody>, VoucherRunResult>({
    method: 'POST',
    path: '/rest/easConfig/voucher/generate',
    access: buttonAccess('/easConfig', 'edit'),
    body: voucherGenerateBody,
    summary: '生成凭证',
  }),
  download: endpoint<undefined, { id: number }, { jobId: number }>({
    method: 'POST',
    path: '/rest/easConfig/voucher/download',
    access: pageAccess('/easConfig'),
    body: z.object({ id: chosenIdOf('请选择凭证') }),
    summary: '下载凭证文件（下载中心）',
  }),
} as const;
