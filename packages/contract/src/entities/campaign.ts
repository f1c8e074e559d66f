/**
 * The life of a head-office offer (issue 16): 折扣方案, 赠送方案 and the campaigns after them share
 * it. A plan is 草稿 → (提交审核, through the approval center) 待审核 → 进行中 (approved) or 已驳回 →
 * 已结束 (past its end day, by a nightly job) or 已停用 (停用). Only a 草稿 or 已驳回 plan is edited
 * or deleted; only a 进行中 plan within its dates takes effect.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess } from '../api/pageAccess';
import type { EnumOption, FieldDef } from '../resource/define';
import { COUPON_SCOPES } from './coupon';

export const CAMPAIGN_STATUSES = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'pending', label: '待审核', color: 'orange' },
  { value: 'active', label: '进行中', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
  { value: 'ended', label: '已结束', color: 'default' },
  { value: 'disabled', label: '已停用', color: 'volcano' },
] as const satisfies readonly EnumOption[];
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]['value'];

/** The states a plan is edited, submitted or deleted in. */
export const CAMPAIGN_EDITABLE: readonly CampaignStatus[] = ['draft', 'rejected'];

/** The plan's 状态 column: written only by its steps. */
export const campaignStatusField = () =>
  ({
    label: '状态',
    type: 'enum',
    options: CAMPAIGN_STATUSES,
    readOnly: true,
    list: { width: 90 },
    filter: 'eq',
  }) satisfies FieldDef;

/** The fields every plan starts with: its code, name, state, dates and remark (`noun`: 方案, 活动 …). */
export const campaignFields = (noun = '方案') =>
  ({
    code: { label: `${noun}编号`, type: 'text', readOnly: true, list: { width: 120, fixed: 'left' }, filter: 'eq' },
    name: {
      label: `${noun}名称`,
      type: 'text',
      required: true,
      max: 40,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    status: campaignStatusField(),
    startDay: { label: '开始日期', type: 'date', required: true, list: { width: 110 }, filter: 'range', sort: true },
    endDay: { label: '结束日期', type: 'date', required: true, list: { width: 110 }, sort: true },
    remark: { label: '说明', type: 'textarea', max: 200 },
  }) satisfies Record<string, FieldDef>;

/** A plan's stores: all, or the stores whose codes it names (kept upper case, comma separated). */
export const campaignStoreFields = (section: string, label = '适用门店') =>
  ({
    storeScope: {
      label,
      type: 'enum',
      options: COUPON_SCOPES,
      required: true,
      default: 'all',
      list: { width: 90 },
      section,
    },
    storeCodes: {
      label: '门店编码',
      type: 'textarea',
      max: 2000,
      section,
      help: '指定门店时填写门店编码，逗号分隔',
    },
  }) satisfies Record<string, FieldDef>;

export interface CampaignStepAnswer {
  id: number;
  status: CampaignStatus;
  /** 提交审核: the approval's number. */
  spNo?: string;
}

/**
 * 提交审核 (the list's 编辑 button) and 停用 (its 审核 button) of a kind of plan: `base` is its
 * resource API path, `title` its Chinese noun.
 */
export const campaignStepsApi = (page: string, base: string, title: string) => {
  const body = z.object({ id: idOf(title) });
  return {
    submit: endpoint<undefined, z.output<typeof body>, CampaignStepAnswer>({
      method: 'POST',
      path: `${base}/submit`,
      access: buttonAccess(page, 'edit'),
      body,
      summary: `${title}提交审核（审批中心）`,
    }),
    disable: endpoint<undefined, z.output<typeof body>, CampaignStepAnswer>({
      method: 'POST',
      path: `${base}/disable`,
      access: buttonAccess(page, 'audit'),
      body,
      summary: `停用${title}`,
    }),
  };
};
export type CampaignStepsApi = ReturnType<typeof campaignStepsApi>;
