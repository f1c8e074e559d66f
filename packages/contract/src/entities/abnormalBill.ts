/**
 * 异常开单 (/abnormalBillingList, issue 14): bills flagged by declared rules, each with its reason,
 * and how head office handles them. The rules are data: their key, label, what they look for and
 * their parameters. The server evaluates them with a scheduled job (`scanAbnormalBills`) that reads
 * the bills (and refund ledger rows) written since its watermark, so every writer — the open API's
 * bill service, the seed, an import — is covered without calling anything; a flagged bill gets one
 * row per rule it breaks.
 *
 * A flagged bill is handled once: 确认无误 (it stands), 冲正 (it is closed through BILL_FLOW's 关单,
 * its card draws reversed by ledger 调整 entries) or 补单 (what was missing was made up: the
 * number of the bill that makes it up, or what was done, in the reason).
 */
import { z } from 'zod';
import { idOf } from '../api/ids';
import { defineFlow } from '../flow';
import type { EnumOption } from '../resource/define';

export interface AbnormalRuleDef {
  key: string;
  label: string;
  /** What the rule flags, for people (the page's tip and the docs). */
  describe: string;
}

/**
 * The rules' fixed parameters. Their thresholds — 重复开单's minutes, 金额超限's limit, 充值后短时
 * 退款's hours — and the switch of the whole scan are /otherConfig settings (contract/settings:
 * abnormalDuplicateMinutes, abnormalAmountLimitYuan, abnormalRefundAfterTopUpHours,
 * abnormalScanEnabled).
 */
export const ABNORMAL_PARAMS = {
  /** 营业时间外划卡: Beijing store hours (HH:MM, [open, close)). */
  storeOpens: '09:00',
  storeCloses: '22:00',
} as const;

export const ABNORMAL_RULES = [
  {
    key: 'duplicate',
    label: '重复开单',
    describe: '同一会员在同一门店于配置的间隔内开出金额相同的单（其他配置：重复开单间隔）',
  },
  {
    key: 'outsideHours',
    label: '营业时间外划卡',
    describe: `划卡时间在营业时间 ${ABNORMAL_PARAMS.storeOpens}–${ABNORMAL_PARAMS.storeCloses} 之外`,
  },
  { key: 'overLimit', label: '金额超限', describe: '单据金额超过配置的上限（其他配置：单据金额上限）' },
  {
    key: 'refundAfterTopUp',
    label: '充值后短时退款',
    describe: '会员卡充值后于配置的时限内退款（其他配置：充值后短时退款时限）',
  },
  { key: 'paymentsMismatch', label: '支付不平', describe: '支付合计、明细合计或划卡合计与单据金额不符' },
] as const satisfies readonly AbnormalRuleDef[];
export type AbnormalRule = (typeof ABNORMAL_RULES)[number]['key'];

export const ABNORMAL_RULE_OPTIONS: readonly EnumOption[] = ABNORMAL_RULES.map((r) => ({
  value: r.key,
  label: r.label,
}));

export const abnormalRuleLabel = (rule: string): string => ABNORMAL_RULES.find((r) => r.key === rule)?.label ?? rule;

/** An abnormal bill's handling: 待处理 → 确认无误 / 已冲正 / 已补单, each with its reason. */
export const ABNORMAL_FLOW = defineFlow({
  name: 'abnormalBill',
  title: '异常开单',
  page: '/abnormalBillingList',
  states: [
    { value: 'pending', label: '待处理', color: 'orange' },
    { value: 'confirmed', label: '确认无误', color: 'green' },
    { value: 'reversed', label: '已冲正', color: 'red' },
    { value: 'supplemented', label: '已补单', color: 'blue' },
  ],
  initial: 'pending',
  steps: {
    confirm: { label: '确认无误', from: ['pending'], to: 'confirmed', button: 'audit', reason: 'required' },
    reverse: {
      label: '冲正',
      from: ['pending'],
      to: 'reversed',
      button: 'audit',
      reason: 'required',
      confirm: '冲正将关闭该收银单，其划卡以调整流水退回会员卡，确定冲正吗？',
    },
    supplement: { label: '补单', from: ['pending'], to: 'supplemented', button: 'audit', reason: 'required' },
  },
});
export type AbnormalStatus = (typeof ABNORMAL_FLOW.states)[number]['value'];
export type AbnormalStep = keyof typeof ABNORMAL_FLOW.steps;

export const ABNORMAL_REASON_MAX = 200;

const handleReason = z
  .string({ error: '请填写处理说明' })
  .trim()
  .min(1, '请填写处理说明')
  .max(ABNORMAL_REASON_MAX, `处理说明最多 ${ABNORMAL_REASON_MAX} 字`);

/** 确认无误 / 冲正: the abnormal record and why. */
export const abnormalStepBody = z.object({ id: idOf('异常记录', '请选择异常记录'), reason: handleReason });
export type AbnormalStepBody = z.output<typeof abnormalStepBody>;

/** 补单: why, and the number of the bill that makes it up (XF…), when one was made. */
export const abnormalSupplementBody = abnormalStepBody.extend({
  billNo: z
    .string()
    .trim()
    .regex(/^XF\d{10}$/, '补单单号格式为 XF 加 10 位数字')
    .optional(),
});
export type AbnormalSupplementBody = z.output<typeof abnormalSupplementBody>;
