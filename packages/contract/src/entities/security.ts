/**
 * Business security (SPEC §2.15, issue 15), read by the card ledger on every record, on every
 * instance (no cache: each bill reads the rows it needs in its own transaction):
 * - /useCardLimit 用卡限制: most draws, most 分 drawn and most stores per card per Beijing day. One
 *   chain-wide default (全部门店), overridden per store (the store that sold the card) and per card
 *   product (卡项); the most specific enabled rule applies whole — its empty fields limit nothing.
 *   A bill that would pass a limit is refused whole (SECURITY_CARD_LIMIT) and writes nothing.
 * - /blacklistAdmin 黑名单管理: members (by the member), phones (any member with that phone, now or
 *   later) and devices (a POS terminal's SN, for what its open-API key sends) that may not open
 *   cards (a claimed real card is an opening too) nor draw on cards, each with its reason, who
 *   added it, when, and an optional last day. The refusal (SECURITY_BLACKLISTED) names the reason.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { defineFlow } from '../flow';
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch } from '../resource/define';
import { idParams } from '../resource/schemas';
import { createdAtField, MONEY_MAX } from './goodsCommon';
import { enabledField } from './goodsRef';

// ── /useCardLimit ────────────────────────────────────────────────────────────

export const USE_CARD_LIMIT_SCOPES = [
  { value: 'chain', label: '全部门店（默认）' },
  { value: 'store', label: '指定门店' },
  { value: 'card', label: '指定卡项' },
] as const;
export type UseCardLimitScope = (typeof USE_CARD_LIMIT_SCOPES)[number]['value'];

/** Which rule applies to a card: the most specific enabled one (卡项, then 门店, then 全部门店). */
export const USE_CARD_LIMIT_PRECEDENCE: readonly UseCardLimitScope[] = ['card', 'store', 'chain'];

/** Most draws or stores a limit may allow per day. */
export const USE_CARD_COUNT_MAX = 999;

export const USE_CARD_LIMIT = defineResource({
  name: 'useCardLimit',
  title: '用卡限制',
  page: '/useCardLimit',
  api: '/rest/useCardLimit',
  rowLabel: 'targetName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  batch: enableDisableBatch('停用后这些规则不再限制用卡，确定停用？'),
  fields: {
    scope: {
      label: '适用范围',
      type: 'enum',
      options: USE_CARD_LIMIT_SCOPES,
      required: true,
      default: 'chain',
      createOnly: true,
      list: { width: 130 },
      filter: 'eq',
      help: '指定卡项优先于指定门店（售卡门店），指定门店优先于全部门店',
    },
    targetCode: {
      label: '门店/卡项编码',
      type: 'text',
      createOnly: true,
      max: 40,
      list: { width: 120 },
      filter: 'like',
      help: '指定门店填门店编码，指定卡项填卡项编码；全部门店不填',
    },
    targetName: { label: '门店/卡项', type: 'text', readOnly: true, list: { width: 180 }, filter: 'like', sort: true },
    maxDraws: {
      label: '每卡每日最多划卡（次）',
      type: 'int',
      min: 1,
      max: USE_CARD_COUNT_MAX,
      list: { width: 150 },
      sort: true,
      help: '同一张卡每天最多被划卡的单数；留空不限',
    },
    maxAmount: {
      label: '每卡每日最多金额',
      type: 'money',
      min: 1,
      max: MONEY_MAX,
      list: { width: 140 },
      sort: true,
      help: '同一张卡每天划卡支付的金额合计；留空不限',
    },
    maxStores: {
      label: '每卡每日最多门店（家）',
      type: 'int',
      min: 1,
      max: USE_CARD_COUNT_MAX,
      list: { width: 150 },
      sort: true,
      help: '同一张卡每天最多在几家门店划卡；留空不限',
    },
    enabled: enabledField(),
    remark: { label: '备注', type: 'textarea', max: 200 },
    createdAt: createdAtField(),
  },
});

export const USE_CARD_LIMIT_API = resourceApi(USE_CARD_LIMIT);

/** The words of a rule's limits, e.g. 每天最多划 3 次、合计 ¥500.00、2 家门店. */
export const useCardLimitText = (l: {
  maxDraws: number | null;
  maxAmount: number | null;
  maxStores: number | null;
}): string =>
  [
    l.maxDraws !== null ? `最多划 ${l.maxDraws} 次` : null,
    l.maxAmount !== null ? `合计最多 ${(l.maxAmount / 100).toFixed(2)} 元` : null,
    l.maxStores !== null ? `最多 ${l.maxStores} 家门店` : null,
  ]
    .filter(Boolean)
    .join('、');

// ── /blacklistAdmin ──────────────────────────────────────────────────────────

export const BLACKLIST_KINDS = [
  { value: 'member', label: '会员' },
  { value: 'phone', label: '手机号' },
  { value: 'device', label: '设备' },
] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number]['value'];

export const BLACKLIST = defineResource({
  name: 'blacklist',
  title: '黑名单',
  page: '/blacklistAdmin',
  api: '/rest/blacklistAdmin',
  rowLabel: 'value',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard' },
  fields: {
    kind: {
      label: '类型',
      type: 'enum',
      options: BLACKLIST_KINDS,
      required: true,
      default: 'member',
      createOnly: true,
      list: { width: 80 },
      filter: 'eq',
      help: '会员：该会员本人；手机号：使用该手机号的任何会员（含以后注册的）；设备：POS 终端 SN',
    },
    value: {
      label: '会员手机号/手机号/设备SN',
      type: 'text',
      required: true,
      createOnly: true,
      max: 64,
      list: { width: 170 },
      filter: 'like',
      help: '会员与手机号填 11 位手机号，设备填 POS 终端的 SN',
    },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
    reason: { label: '原因', type: 'textarea', required: true, max: 200, list: { width: 220 }, filter: 'like' },
    expiresOn: {
      label: '截止日期',
      type: 'date',
      list: { width: 110 },
      sort: true,
      help: '到该日（含）为止；留空长期有效',
    },
    active: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '生效中', no: '已过期', color: 'red' },
      readOnly: true,
      list: { width: 80 },
    },
    createdByName: { label: '添加人', type: 'text', readOnly: true, list: { width: 100 } },
    createdAt: { ...createdAtField(), label: '添加时间' },
  },
});

export const BLACKLIST_API = resourceApi(BLACKLIST);

/** What a blacklisted party is refused: 开卡 (or 领取实体卡), or 划卡. */
export const blacklistRefusal = (who: string, what: string, reason: string): string =>
  `${who}已列入黑名单，不能${what}（原因：${reason}）`;

// ── /earlyWarning ────────────────────────────────────────────────────────────

/** The warning rules' thresholds: one place to change one. */
export const WARNING_PARAMS = {
  /** 多店划卡: one card drawn at this many stores or more in one Beijing day. */
  manyStores: 3,
  /** 大额划卡: one bill drawing more than this from one card (分). */
  bigDraw: 200_000,
  /** 充值后退款: a refund on a card within this many hours after a top-up of it. */
  refundAfterTopUpHours: 24,
  /** 一号多卡: this many cards or more opened in one Beijing day by members with one phone. */
  phoneCards: 3,
} as const;

export const WARNING_RULES = [
  {
    key: 'manyStores',
    label: '多店划卡',
    describe: `同一张卡一天内在 ${WARNING_PARAMS.manyStores} 家及以上门店划卡`,
  },
  {
    key: 'bigDraw',
    label: '大额划卡',
    describe: `一张单从同一张卡划卡超过 ${WARNING_PARAMS.bigDraw / 100} 元`,
  },
  {
    key: 'refundAfterTopUp',
    label: '充值后退款',
    describe: `充值后 ${WARNING_PARAMS.refundAfterTopUpHours} 小时内退款到同一张卡`,
  },
  {
    key: 'phoneCards',
    label: '一号多卡',
    describe: `同一手机号的会员一天内开卡 ${WARNING_PARAMS.phoneCards} 张及以上`,
  },
] as const;
export type WarningRule = (typeof WARNING_RULES)[number]['key'];
export const WARNING_RULE_KEYS = WARNING_RULES.map((r) => r.key);

/** A warning's handling: 待处理 → 处理中 (指派给某人) → 已关闭 (with a note); 指派 again while 处理中. */
export const WARNING_FLOW = defineFlow({
  name: 'securityWarning',
  title: '风险预警',
  page: '/earlyWarning',
  states: [
    { value: 'open', label: '待处理', color: 'orange' },
    { value: 'assigned', label: '处理中', color: 'blue' },
    { value: 'closed', label: '已关闭', color: 'green' },
  ],
  initial: 'open',
  steps: {
    assign: { label: '指派', from: ['open', 'assigned'], to: 'assigned', button: 'edit' },
    close: { label: '关闭', from: ['open', 'assigned'], to: 'closed', button: 'edit', reason: 'required' },
  },
});
export type WarningStatus = (typeof WARNING_FLOW.states)[number]['value'];

export const WARNING = defineResource({
  name: 'securityWarning',
  title: '风险预警',
  page: '/earlyWarning',
  api: '/rest/earlyWarning',
  rowLabel: 'summary',
  defaultSort: { field: 'detectedAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    rule: {
      label: '预警规则',
      type: 'enum',
      options: WARNING_RULES.map(({ key, label }) => ({ value: key, label })),
      readOnly: true,
      list: { width: 110 },
      filter: 'eq',
    },
    status: {
      label: '状态',
      type: 'enum',
      options: WARNING_FLOW.states.map(({ value, label }) => ({ value, label })),
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    day: { label: '发生日期', type: 'date', readOnly: true, list: { width: 110 }, filter: 'range', sort: true },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 140 }, filter: 'like' },
    memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
    memberPhone: { label: '手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    cardNo: { label: '卡号', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
    summary: { label: '预警内容', type: 'text', readOnly: true, list: { width: 300 } },
    assigneeName: { label: '处理人', type: 'text', readOnly: true, list: { width: 100 } },
    closeNote: { label: '关闭说明', type: 'text', readOnly: true, list: { width: 180 } },
    detectedAt: { label: '发现时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

export const WARNING_API = resourceApi(WARNING);

/** One ledger row a warning rests on (its evidence). */
export interface WarningEvidenceRow {
  ledgerId: number;
  at: string;
  kind: string;
  cardNo: string;
  storeName: string;
  /** 分, signed (principal + bonus). */
  amount: number;
  sessions: number | null;
  refType: string;
  refId: number;
}

export interface WarningDetail {
  id: number;
  evidence: WarningEvidenceRow[];
  /** Oldest first: 指派 and 关闭, who and when, the note. */
  history: { at: string; label: string; userName: string | null; reason: string }[];
}

export const WARNING_NOTE_MAX = 200;

/** 指派: the warning and the user who handles it (by login name). */
export const warningAssignBody = z.object({
  id: idOf('预警', '请选择预警'),
  assignee: z.string({ error: '请填写处理人账号' }).trim().min(1, '请填写处理人账号').max(40, '处理人账号最多 40 字'),
});
export type WarningAssignBody = z.output<typeof warningAssignBody>;

/** 关闭: the warning and the note. */
export const warningCloseBody = z.object({
  id: idOf('预警', '请选择预警'),
  note: z
    .string({ error: '请填写关闭说明' })
    .trim()
    .min(1, '请填写关闭说明')
    .max(WARNING_NOTE_MAX, `关闭说明最多 ${WARNING_NOTE_MAX} 字`),
});
export type WarningCloseBody = z.output<typeof warningCloseBody>;

export interface WarningStepDone {
  id: number;
  status: WarningStatus;
}

export const WARNING_CALLS = {
  /** A warning's evidence (the ledger rows it rests on) and its history. */
  detail: endpoint<undefined, undefined, WarningDetail>({
    method: 'GET',
    path: '/rest/earlyWarning/evidence/:id',
    access: pageAccess(WARNING_FLOW.page),
    params: idParams,
    summary: '风险预警证据与处理记录',
    read: true,
  }),
  assign: endpoint<undefined, WarningAssignBody, WarningStepDone>({
    method: 'POST',
    path: '/rest/earlyWarning/assign',
    access: buttonAccess(WARNING_FLOW.page, 'edit'),
    body: warningAssignBody,
    summary: '指派风险预警',
  }),
  close: endpoint<undefined, WarningCloseBody, WarningStepDone>({
    method: 'POST',
    path: '/rest/earlyWarning/close',
    access: buttonAccess(WARNING_FLOW.page, 'edit'),
    body: warningCloseBody,
    summary: '关闭风险预警',
  }),
};
