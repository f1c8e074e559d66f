/**
 * 跨店结算 (issue 14, SPEC §2.9 /crossSettlement, §2.13 /crossSettlementConfig and /bankReceipt).
 *
 * A card opened at store A (member_card.store_id, the 开卡门店 that took the money) and drawn at
 * store B (the bill's store, which served): A owes B the served value of the draw × the settlement
 * rate. The rates are rules (SETTLEMENT_RULE): a default rule (no store, no card kind) and
 * overrides by issuing store and/or serving store, optionally by card kind; each from an
 * effective month. For a draw the rule that applies is the most specific one in effect in the
 * draw's month (`ruleSpecificity`: both stores > issuing store > serving store > default, a card
 * kind breaking ties upward), and among equally specific ones the latest effective month.
 *
 * Each month, per (A, B) pair, one statement (结算单): its lines are the draws of the month on A's
 * cards at B (one line per drawn bill line), each line's payable = round((served − deducted) ×
 * rate / 10000), where deducted is what was refunded of the draw or the whole draw when its bill
 * was closed (冲正/关单), as the bill stands when the statement is generated. The statement's
 * amount is the sum of its lines; for every store, 应收 (as B) − 应付 (as A), and the net of all
 * stores of a month is zero.
 */
import { defineFlow } from '../flow';
import type { EnumOption } from '../resource/define';
import { defineResource } from '../resource/define';
import { CARD_KINDS } from './card';

/** A month as YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const MONTH_MESSAGE = '月份格式须为 YYYY-MM，如 2026-01';
/** Largest rate: 100% in basis points. */
export const SETTLEMENT_RATE_MAX = 10_000;

export const SETTLEMENT_RULE = defineResource({
  name: 'settlementRule',
  title: '跨店结算规则',
  page: '/crossSettlementConfig',
  api: '/rest/crossSettlementConfig',
  rowLabel: 'scopeText',
  defaultSort: { field: 'effectiveMonth', dir: 'desc' },
  // The page's only button is 编辑: it adds, edits and deletes rules.
  buttons: { add: 'edit', delete: 'edit' },
  actions: { create: true, update: true, delete: 'hard', export: false },
  fields: {
    scopeText: { label: '适用范围', type: 'text', readOnly: true, list: { width: 260 }, hidden: true },
    issuingStoreId: {
      label: '开卡门店',
      type: 'int',
      formOnly: true,
      help: '留空表示所有开卡门店',
    },
    issuingStoreName: {
      label: '开卡门店',
      type: 'text',
      readOnly: true,
      list: { width: 140 },
      filter: 'like',
    },
    servingStoreId: {
      label: '消费门店',
      type: 'int',
      formOnly: true,
      help: '留空表示所有消费门店',
    },
    servingStoreName: {
      label: '消费门店',
      type: 'text',
      readOnly: true,
      list: { width: 140 },
      filter: 'like',
    },
    cardKind: {
      label: '卡类型',
      type: 'enum',
      options: CARD_KINDS,
      list: { width: 90 },
      filter: 'eq',
      help: '留空表示所有卡类型',
    },
    rate: {
      label: '结算比例',
      type: 'percent',
      required: true,
      list: { width: 110 },
      sort: true,
      help: '开卡门店按消费门店服务金额的该比例支付',
    },
    effectiveMonth: {
      label: '生效月份',
      type: 'text',
      required: true,
      max: 7,
      pattern: { regex: MONTH_PATTERN, message: MONTH_MESSAGE },
      placeholder: '如 2026-01',
      list: { width: 100 },
      sort: true,
      filter: 'eq',
    },
    remark: { label: '备注', type: 'text', max: 100, list: true },
    updatedAt: { label: '更新时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** How specific a rule is: both stores 6, issuing store 4, serving store 2, a card kind +1. */
export const ruleSpecificity = (r: {
  issuingStoreId: number | null;
  servingStoreId: number | null;
  cardKind: string | null;
}): number => (r.issuingStoreId !== null ? 4 : 0) + (r.servingStoreId !== null ? 2 : 0) + (r.cardKind ? 1 : 0);

/** A statement: 待确认 → 已确认 → 已结算; 驳回 sends it back to be regenerated (重算). */
export const SETTLEMENT_FLOW = defineFlow({
  name: 'settlement',
  title: '跨店结算单',
  page: '/crossSettlement',
  states: [
    { value: 'pending', label: '待确认', color: 'orange' },
    { value: 'confirmed', label: '已确认', color: 'blue' },
    { value: 'settled', label: '已结算', color: 'green' },
    { value: 'rejected', label: '已驳回', color: 'red' },
  ],
  initial: 'pending',
  steps: {
    confirm: {
      label: '确认',
      from: ['pending'],
      to: 'confirmed',
      button: 'audit',
      confirm: '确认后重新生成该月结算单将不再改动此单，确定确认吗？',
    },
    reject: { label: '驳回', from: ['pending'], to: 'rejected', button: 'audit', reason: 'required' },
    /** Regenerating the month recomputes a rejected statement: it is 待确认 again. */
    recalc: { label: '重算', from: ['rejected'], to: 'pending', by: ['system'] },
    settle: {
      label: '标记已结算',
      from: ['confirmed'],
      to: 'settled',
      button: 'settle',
      confirm: '该结算单已由银行回单足额匹配，确定标记为已结算吗？',
    },
  },
});
export type SettlementStatus = (typeof SETTLEMENT_FLOW.states)[number]['value'];
/** States a regeneration replaces (the others are never touched). */
export const SETTLEMENT_REPLACEABLE: readonly SettlementStatus[] = ['pending', 'rejected'];

/** 银行回单: a bank receipt recorded by finance, matched to statements. */
export const BANK_RECEIPT = defineResource({
  name: 'bankReceipt',
  title: '银行回单',
  page: '/bankReceipt',
  api: '/rest/bankReceipt',
  rowLabel: 'bankSerial',
  defaultSort: { field: 'receivedOn', dir: 'desc' },
  actions: { create: true, update: true, export: true },
  fields: {
    receivedOn: { label: '到账日期', type: 'date', required: true, list: { width: 110 }, sort: true, filter: 'range' },
    bankSerial: {
      label: '银行流水号',
      type: 'text',
      required: true,
      createOnly: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '银行流水号只能包含字母、数字、下划线和短横线' },
      list: { width: 170 },
      filter: 'like',
    },
    amount: {
      label: '金额',
      type: 'money',
      required: true,
      min: 1,
      max: 1_000_000_000,
      list: { width: 120 },
      sort: true,
    },
    payerStoreId: { label: '付款门店', type: 'int', required: true, formOnly: true },
    payerStoreName: { label: '付款门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    account: { label: '收款账户', type: 'text', required: true, max: 60, list: { width: 160 } },
    matchedAmount: { label: '已匹配金额', type: 'money', readOnly: true, list: { width: 120 } },
    note: { label: '备注', type: 'text', max: 200, list: true },
    createdAt: { label: '登记时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

export const STATEMENT_STATUS_OPTIONS: readonly EnumOption[] = SETTLEMENT_FLOW.states;
