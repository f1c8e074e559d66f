/**
 * Marketing activities (SPEC §2.8 /activityList, /activityDetail). One table for every kind of
 * activity; the only kind so far is 实体卡 (real card): head office prints a batch of physical cards,
 * each with a card number and a QR code, and a customer who scans one claims the card's goods card
 * (储值卡 or 套餐卡) into their member account. An activity moves 草稿 → 待审核 → 已通过 / 已驳回,
 * and an approved one may be 停用; its cards are 未领取, 已领取 or 已作废. SPEC §7.3 fixes the two
 * calls saveActivityRealCard and qrcodePackDownloadRealCard.
 */
import { z } from 'zod';
import { codes, type Endpoint, endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { buttonAccess, buttonCodeOf, pageAccess } from '../api/pageAccess';
import { type Page, pagingQuery } from '../api/paging';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { idParams } from '../resource/schemas';
import { calendarDay, rejectReason } from '../rules';

export const ACTIVITY_KINDS = [
  { value: 'realCard', label: '实体卡', color: 'purple' },
] as const satisfies readonly EnumOption[];

export type ActivityKind = (typeof ACTIVITY_KINDS)[number]['value'];

export const ACTIVITY_STATUSES = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'pending', label: '待审核', color: 'blue' },
  { value: 'approved', label: '已通过', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
  { value: 'disabled', label: '已停用', color: 'orange' },
] as const satisfies readonly EnumOption[];

export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number]['value'];

export const activityStatusLabel = (s: string): string => ACTIVITY_STATUSES.find((o) => o.value === s)?.label ?? s;

/**
 * The steps that move an activity, the /activityList button each needs, and the states it starts
 * from. 提交审核 is the editor's (编辑); 通过, 驳回 and 停用 the approver's (审核).
 */
export const ACTIVITY_STEPS = {
  submit: { label: '提交审核', from: ['draft', 'rejected'], to: 'pending', button: 'edit' },
  approve: { label: '审核通过', from: ['pending'], to: 'approved', button: 'audit' },
  reject: { label: '驳回', from: ['pending'], to: 'rejected', button: 'audit' },
  disable: { label: '停用', from: ['approved'], to: 'disabled', button: 'audit' },
} as const satisfies Record<
  string,
  { label: string; from: readonly ActivityStatus[]; to: ActivityStatus; button: string }
>;

export type ActivityStep = keyof typeof ACTIVITY_STEPS;

/**
 * What saveActivityRealCard may change in each state: everything while no card can have left the
 * building (草稿, 已驳回 — the cards are generated again when the card or quantity changes); only
 * the name, the end date and the remark once approved (the cards may be printed); nothing while
 * it waits for review or after it is stopped.
 */
export const ACTIVITY_EDITABLE: Record<ActivityStatus, 'all' | readonly string[] | null> = {
  draft: 'all',
  rejected: 'all',
  approved: ['name', 'endDate', 'remark'],
  pending: null,
  disabled: null,
};

export const REAL_CARD_STATUSES = [
  { value: 'unclaimed', label: '未领取', color: 'blue' },
  { value: 'claimed', label: '已领取', color: 'green' },
  { value: 'voided', label: '已作废', color: 'default' },
] as const satisfies readonly EnumOption[];

export type RealCardStatus = (typeof REAL_CARD_STATUSES)[number]['value'];

/** Most cards one activity prints. */
export const REAL_CARD_MAX = 20_000;
export const ACTIVITY_NAME_MAX = 40;
export const ACTIVITY_TEXT_MAX = 200;
/** The most cards one 作废 names (作废全部未领取 names none). */
export const REAL_CARD_VOID_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Card numbers: the activity id (6 digits or more), the card's sequence in it (5 digits) and a
// Luhn check digit, so a mistyped number is refused before any lookup.

const luhnDigit = (body: string): number => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
};

export const realCardNumber = (activityId: number, seq: number): string => {
  const body = `${String(activityId).padStart(6, '0')}${String(seq).padStart(5, '0')}`;
  return `${body}${luhnDigit(body)}`;
};

/** Twelve digits or more whose last is the Luhn check digit of the rest. */
export const isRealCardNumber = (s: string): boolean =>
  /^\d{12,20}$/.test(s) && luhnDigit(s.slice(0, -1)) === Number(s.slice(-1));

// ---------------------------------------------------------------------------------------------
// The form (saveActivityRealCard): the browser's form checks with the same schema.

export const realCardActivityForm = z
  .object({
    /** Given on update. */
    id: idOf('活动').optional(),
    name: z
      .string({ error: '请输入活动名称' })
      .trim()
      .min(1, '请输入活动名称')
      .max(ACTIVITY_NAME_MAX, `活动名称最多 ${ACTIVITY_NAME_MAX} 个字符`),
    cardId: idOf('卡项', '请选择卡项'),
    quantity: z
      .number({ error: '请输入制卡数量' })
      .int('制卡数量须为整数')
      .min(1, '制卡数量至少为 1')
      .max(REAL_CARD_MAX, `一个活动最多制卡 ${REAL_CARD_MAX} 张`),
    startDate: calendarDay('领取开始日期'),
    endDate: calendarDay('领取结束日期'),
    remark: z
      .string({ error: '备注格式无效' })
      .trim()
      .max(ACTIVITY_TEXT_MAX, `备注最多 ${ACTIVITY_TEXT_MAX} 个字符`)
      .nullable()
      .optional(),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: '结束日期不能早于开始日期' });

export type RealCardActivityForm = z.infer<typeof realCardActivityForm>;

// ---------------------------------------------------------------------------------------------
// The list (/activityList) on the resource engine: read, 删除 (草稿 and 已驳回 only), 导出.

export const MARKETING_ACTIVITY = defineResource({
  name: 'marketingActivity',
  title: '营销活动',
  page: '/activityList',
  detailPage: '/activityDetail',
  api: '/rest/activity',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { delete: 'hard', export: true },
  fields: {
    code: { label: '活动编码', type: 'text', readOnly: true, list: { width: 120, fixed: 'left' }, filter: 'eq' },
    name: { label: '活动名称', type: 'text', readOnly: true, list: { width: 180 }, filter: 'like', sort: true },
    kind: {
      label: '活动类型',
      type: 'enum',
      options: ACTIVITY_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    status: {
      label: '状态',
      type: 'enum',
      options: ACTIVITY_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
      sort: true,
    },
    cardName: { label: '卡项', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    startDate: { label: '领取开始', type: 'date', readOnly: true, list: { width: 110 }, filter: 'range', sort: true },
    endDate: { label: '领取结束', type: 'date', readOnly: true, list: { width: 110 }, sort: true },
    quantity: { label: '制卡总数', type: 'int', readOnly: true, list: { width: 90 } },
    claimedCount: { label: '已领取', type: 'int', readOnly: true, list: { width: 80 } },
    voidedCount: { label: '已作废', type: 'int', readOnly: true, list: { width: 80 } },
    createdByName: { label: '创建人', type: 'text', readOnly: true, list: { width: 90 } },
    createdAt: { label: '创建时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    remark: { label: '备注', type: 'text', readOnly: true, export: true },
    rejectReason: { label: '驳回原因', type: 'text', readOnly: true, export: true },
  },
});

export const MARKETING_ACTIVITY_API = resourceApi(MARKETING_ACTIVITY);

// ---------------------------------------------------------------------------------------------
// Answers.

export interface RealCardActivityView {
  id: number;
  code: string;
  kind: ActivityKind;
  name: string;
  status: ActivityStatus;
  cardId: number;
  cardName: string;
  /** combo 套餐卡 / stored 储值卡 (contract entities/card). */
  cardKind: string;
  quantity: number;
  startDate: string;
  endDate: string;
  remark: string | null;
  rejectReason: string | null;
  counts: Record<RealCardStatus, number>;
  createdByName: string | null;
  createdAt: string;
  approvedByName: string | null;
  approvedAt: string | null;
}

export interface RealCardRow {
  id: number;
  number: string;
  status: RealCardStatus;
  memberPhone: string | null;
  /** The claimer and the member card the claim opened: only when the caller's data scope holds the member. */
  memberId: number | null;
  memberName: string | null;
  memberCode: string | null;
  memberCardNo: string | null;
  claimedAt: string | null;
  voidedAt: string | null;
}

export interface ActivitySaved {
  id: number;
  code: string;
  status: ActivityStatus;
}

export interface ActivityCardOption {
  id: number;
  code: string;
  name: string;
  kind: string;
}

export const activityIdBody = z.object({ id: idOf('活动', '请选择活动') });

export const activityRejectBody = z.object({
  id: idOf('活动', '请选择活动'),
  reason: rejectReason,
});

export const realCardsQuery = pagingQuery.extend({
  activityId: idParamOf('活动', '请选择活动'),
  status: z.enum(['unclaimed', 'claimed', 'voided'], { error: '卡状态无效' }).optional(),
  number: z.string().trim().max(20, '卡号最多 20 位').optional(),
});

/** 作废: the cards named, or every unclaimed card of the activity when `all`. */
export const voidRealCardsBody = z
  .object({
    activityId: idOf('活动', '请选择活动'),
    cardIds: z
      .array(idOf('实体卡'), { error: '请选择要作废的卡' })
      .max(REAL_CARD_VOID_MAX, `一次最多作废 ${REAL_CARD_VOID_MAX} 张`)
      .optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.all === true || (b.cardIds?.length ?? 0) > 0, {
    path: ['cardIds'],
    message: '请选择要作废的卡',
  });

export const qrcodePackQuery = z.object({ id: idParamOf('活动', '请选择活动') });

const LIST = '/activityList';

const step = <B>(name: ActivityStep, body: z.ZodType<B>): Endpoint<undefined, B, ActivitySaved> =>
  endpoint<undefined, B, ActivitySaved>({
    method: 'POST',
    path: `/rest/activity/${name}`,
    access: buttonAccess(LIST, ACTIVITY_STEPS[name].button),
    body,
    summary: `营销活动${ACTIVITY_STEPS[name].label}`,
  });

export const REAL_CARD_API = {
  /** SPEC §7.3: creates (新增) or updates (编辑) a real-card activity and generates its cards. */
  save: endpoint<undefined, RealCardActivityForm, ActivitySaved>({
    method: 'POST',
    path: '/lbhd/MarketingActivityRealCardRest/saveActivityRealCard',
    // 新增 or 编辑; the server checks the one the call needs (id given or not).
    access: codes(buttonCodeOf(LIST, 'add'), buttonCodeOf(LIST, 'edit')),
    body: realCardActivityForm,
    summary: '保存实体卡活动',
  }),
  /** SPEC §7.3: a zip of one QR code PNG per card and 卡号清单.xlsx (not an envelope). */
  qrcodePack: endpoint<z.infer<typeof qrcodePackQuery>, undefined, unknown>({
    method: 'GET',
    path: '/lbhd/MarketingActivityRealCardRest/qrcodePackDownloadRealCard',
    access: buttonAccess(LIST, 'export'),
    query: qrcodePackQuery,
    summary: '下载实体卡二维码',
  }),
  view: endpoint<undefined, undefined, RealCardActivityView>({
    method: 'GET',
    path: '/rest/activity/view/:id',
    access: pageAccess('/activityDetail'),
    params: idParams,
    summary: '实体卡活动详情',
  }),
  cards: endpoint<z.output<typeof realCardsQuery>, undefined, Page<RealCardRow>>({
    method: 'GET',
    path: '/rest/activity/realCards',
    access: pageAccess('/activityDetail'),
    query: realCardsQuery,
    summary: '实体卡活动的卡',
  }),
  /** The goods cards an activity may hand out. */
  cardOptions: endpoint<undefined, undefined, ActivityCardOption[]>({
    method: 'GET',
    path: '/rest/activity/cardOptions',
    access: pageAccess(LIST),
    summary: '可选卡项',
  }),
  voidCards: endpoint<undefined, z.infer<typeof voidRealCardsBody>, { count: number }>({
    method: 'POST',
    path: '/rest/activity/voidRealCards',
    access: buttonAccess(LIST, 'edit'),
    body: voidRealCardsBody,
    summary: '作废实体卡',
  }),
  submit: step('submit', activityIdBody),
  approve: step('approve', activityIdBody),
  reject: step('reject', activityRejectBody),
  disable: step('disable', activityIdBody),
};
