/**
 * 人群 (SPEC §2.8 /crowdManagement, /crowdDetail): a segment of members by declared conditions.
 * A crowd's rule is groups of conditions: the conditions of a group hold together (且), a member
 * of any group is in the crowd (或). Each condition kind is declared once here — its label, its
 * value schema with the Chinese messages, and how it reads in words; the server compiles a rule
 * to one parameterised SQL statement over the member file (modules/crowds/compile.ts).
 *
 * 会员标签 (issue 17, entities/memberCare.ts): members holding any of the chosen tags, manual or
 * rule tags (a rule tag's holders as of its last evaluation).
 *
 * A snapshot (快照) freezes the members a crowd selects at a moment (its ids, count and time), so
 * an issue of coupons to a crowd reaches exactly those members however the members change after.
 */
import { z } from 'zod';
import type { ExportQueued } from '../api/downloads';
import { codes, endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { buttonAccess, buttonCodeOf, pageAccess } from '../api/pageAccess';
import { type Page, pagingQuery } from '../api/paging';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { idParams } from '../resource/schemas';
import { calendarDay } from '../rules';

export const CROWD_NAME_MAX = 40;
export const CROWD_DESCRIPTION_MAX = 200;
/** At most this many groups (或) and conditions in a group (且). */
export const CROWD_GROUPS_MAX = 5;
export const CROWD_CONDITIONS_MAX = 12;
/** At most this many ids one condition names (stores, levels, card products …). */
export const CROWD_IDS_MAX = 500;
/** 近 N 天消费: N from 1 to this. */
export const CROWD_SPEND_DAYS_MAX = 730;
/** 最近到店 N 天前: at most this. */
export const CROWD_DAYS_MAX = 3650;
/** A money bound in 分 (¥20,000,000.00 at most: balances are int4 分). */
export const CROWD_MONEY_MAX = 2_000_000_000;

/** Ids of one kind, each once; `required` words the message of an empty list. */
const ids = (what: string, required?: string) =>
  z
    .array(idOf(what), { error: `请选择${what}` })
    .min(required ? 1 : 0, required ?? '')
    .max(CROWD_IDS_MAX, `${what}最多选择 ${CROWD_IDS_MAX} 个`)
    .transform((a) => [...new Set(a)]);

/** A whole number from 0 to `max`, its messages naming `what`. */
export const intIn = (what: string, max: number) =>
  z
    .number({ error: `${what}须为整数` })
    .int(`${what}须为整数`)
    .min(0, `${what}不能小于 0`)
    .max(max, `${what}不能大于 ${max}`);

/** A range of whole numbers: either end may be left open, not both; the lower end not above the upper. */
export const range = (what: string, max: number) =>
  z
    .object({
      min: intIn(`${what}下限`, max).nullable().optional(),
      max: intIn(`${what}上限`, max).nullable().optional(),
    })
    .refine((v) => v.min != null || v.max != null, { path: ['min'], message: `请填写${what}的下限或上限` })
    .refine((v) => v.min == null || v.max == null || v.min <= v.max, {
      path: ['max'],
      message: `${what}上限不能小于下限`,
    });

export const CROWD_CARD_MODES = [
  { value: 'products', label: '持有指定卡项' },
  { value: 'any', label: '持有任意有效卡' },
  { value: 'none', label: '未持有有效卡' },
] as const;
export type CrowdCardMode = (typeof CROWD_CARD_MODES)[number]['value'];

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** The condition kinds: label, the value schema (with `kind`), and the hint shown beside the input. */
export const CROWD_CONDITION_KINDS = {
  store: {
    label: '所属门店',
    hint: '会员的所属门店在所选门店或大区中',
    schema: z
      .object({ kind: z.literal('store'), storeIds: ids('门店').default([]), regionIds: ids('大区').default([]) })
      .refine((v) => v.storeIds.length + v.regionIds.length > 0, {
        path: ['storeIds'],
        message: '请选择门店或大区',
      }),
  },
  level: {
    label: '会员等级',
    hint: '会员等级为所选之一',
    schema: z.object({ kind: z.literal('level'), levelIds: ids('会员等级', '请选择会员等级') }),
  },
  gender: {
    label: '性别',
    hint: '填写了性别且为所选之一（未填写性别的会员不在其中）',
    schema: z.object({ kind: z.literal('gender'), genderIds: ids('性别', '请选择性别') }),
  },
  lastVisit: {
    label: '最近到店',
    hint: '最近一张收银单在几天前（今天为 0 天前；从未到店的会员不在其中）',
    schema: z.object({ kind: z.literal('lastVisit'), days: range('最近到店天数', CROWD_DAYS_MAX) }),
  },
  balance: {
    label: '储值余额',
    hint: '有效储值卡的本金与赠金合计（元）',
    schema: z.object({ kind: z.literal('balance'), amount: range('储值余额', CROWD_MONEY_MAX) }),
  },
  spend: {
    label: '近期消费',
    hint: '近 N 天（含今天）收银单实收减去退款的合计（元）；下限为 0 时包括没有消费的会员',
    schema: z.object({
      kind: z.literal('spend'),
      days: z
        .number({ error: '请填写消费统计天数' })
        .int('消费统计天数须为整数')
        .min(1, '消费统计天数至少为 1')
        .max(CROWD_SPEND_DAYS_MAX, `消费统计天数最多 ${CROWD_SPEND_DAYS_MAX} 天`),
      amount: range('消费金额', CROWD_MONEY_MAX),
    }),
  },
  birthdayMonth: {
    label: '生日月份',
    hint: '生日在所选月份（未填写生日的会员不在其中）',
    schema: z.object({
      kind: z.literal('birthdayMonth'),
      months: z
        .array(z.number({ error: '月份无效' }).int('月份无效').min(1, '月份无效').max(12, '月份无效'), {
          error: '请选择生日月份',
        })
        .max(12, '月份无效')
        .refine((a) => a.length > 0, '请选择生日月份')
        .transform((a) => [...new Set(a)].sort((x, y) => x - y)),
    }),
  },
  cards: {
    label: '持卡情况',
    hint: '有效卡：状态正常且未过期的会员卡',
    schema: z
      .object({
        kind: z.literal('cards'),
        mode: z.enum(['products', 'any', 'none'], { error: '请选择持卡情况' }),
        cardIds: ids('卡项').default([]),
      })
      .refine((v) => v.mode !== 'products' || v.cardIds.length > 0, { path: ['cardIds'], message: '请选择卡项' }),
  },
  tag: {
    label: '会员标签',
    hint: '持有所选标签之一（规则标签按其最近一次计算；停用的标签不能选）',
    schema: z.object({ kind: z.literal('tag'), tagIds: ids('会员标签', '请选择会员标签') }),
  },
  joined: {
    label: '注册日期',
    hint: '会员的注册日期（北京时间）在此范围内',
    schema: z
      .object({
        kind: z.literal('joined'),
        from: calendarDay('注册开始日期').nullable().optional(),
        to: calendarDay('注册结束日期').nullable().optional(),
      })
      .refine((v) => v.from != null || v.to != null, { path: ['from'], message: '请选择注册开始或结束日期' })
      .refine((v) => v.from == null || v.to == null || v.from <= v.to, {
        path: ['to'],
        message: '注册结束日期不能早于开始日期',
      }),
  },
} as const;

export type CrowdConditionKind = keyof typeof CROWD_CONDITION_KINDS;
export const CROWD_CONDITION_KIND_LIST = Object.keys(CROWD_CONDITION_KINDS) as CrowdConditionKind[];

export type CrowdCondition = {
  [K in CrowdConditionKind]: z.output<(typeof CROWD_CONDITION_KINDS)[K]['schema']>;
}[CrowdConditionKind];
export type ConditionOf<K extends CrowdConditionKind> = Extract<CrowdCondition, { kind: K }>;

/** One condition: by its kind (an unknown kind is its own message), that kind's schema. */
export const crowdCondition = z.discriminatedUnion(
  'kind',
  [
    CROWD_CONDITION_KINDS.store.schema,
    CROWD_CONDITION_KINDS.level.schema,
    CROWD_CONDITION_KINDS.gender.schema,
    CROWD_CONDITION_KINDS.lastVisit.schema,
    CROWD_CONDITION_KINDS.balance.schema,
    CROWD_CONDITION_KINDS.spend.schema,
    CROWD_CONDITION_KINDS.birthdayMonth.schema,
    CROWD_CONDITION_KINDS.cards.schema,
    CROWD_CONDITION_KINDS.joined.schema,
    CROWD_CONDITION_KINDS.tag.schema,
  ],
  { error: '条件类型无效' },
);

/** The rule: groups (或) of conditions (且). */
export const crowdRule = z.object({
  groups: z
    .array(
      z
        .array(crowdCondition, { error: '条件格式无效' })
        .min(1, '每组至少一个条件')
        .max(CROWD_CONDITIONS_MAX, `每组最多 ${CROWD_CONDITIONS_MAX} 个条件`),
      { error: '请添加条件' },
    )
    .min(1, '请添加条件')
    .max(CROWD_GROUPS_MAX, `最多 ${CROWD_GROUPS_MAX} 组条件`),
});
export type CrowdRule = z.output<typeof crowdRule>;

export const crowdForm = z.object({
  /** Given on update. */
  id: idOf('人群').optional(),
  name: z
    .string({ error: '请输入人群名称' })
    .trim()
    .min(1, '请输入人群名称')
    .max(CROWD_NAME_MAX, `人群名称最多 ${CROWD_NAME_MAX} 个字符`),
  description: z
    .string({ error: '描述格式无效' })
    .trim()
    .max(CROWD_DESCRIPTION_MAX, `描述最多 ${CROWD_DESCRIPTION_MAX} 个字符`)
    .nullable()
    .optional(),
  rule: crowdRule,
});
export type CrowdForm = z.output<typeof crowdForm>;

// ---------------------------------------------------------------------------------------------
// In words: the list's 条件 column, the snapshot's record, the builder's preview.

/** Names of the ids a rule refers to (stores, regions, levels, genders, card products). */
export interface CrowdNames {
  stores: ReadonlyMap<number, string>;
  regions: ReadonlyMap<number, string>;
  levels: ReadonlyMap<number, string>;
  genders: ReadonlyMap<number, string>;
  cards: ReadonlyMap<number, string>;
  tags: ReadonlyMap<number, string>;
}

const yuan = (fen: number): string => {
  const s = (fen / 100).toFixed(2);
  return s.endsWith('.00') ? s.slice(0, -3) : s;
};

const between = (r: { min?: number | null; max?: number | null }, unit: (n: number) => string): string => {
  if (r.min != null && r.max != null) return r.min === r.max ? unit(r.min) : `${unit(r.min)}～${unit(r.max)}`;
  if (r.min != null) return `≥ ${unit(r.min)}`;
  return `≤ ${unit(r.max!)}`;
};

const named = (list: readonly number[], names: ReadonlyMap<number, string>): string =>
  list.map((id) => names.get(id) ?? `#${id}`).join('、');

export const describeCondition = (c: CrowdCondition, n: CrowdNames): string => {
  switch (c.kind) {
    case 'store': {
      const parts = [
        c.storeIds.length ? `门店 ${named(c.storeIds, n.stores)}` : '',
        c.regionIds.length ? `大区 ${named(c.regionIds, n.regions)}` : '',
      ].filter(Boolean);
      return `所属门店在 ${parts.join(' 或 ')}`;
    }
    case 'level':
      return `会员等级为 ${named(c.levelIds, n.levels)}`;
    case 'gender':
      return `性别为 ${named(c.genderIds, n.genders)}`;
    case 'lastVisit':
      return `最近到店 ${between(c.days, (d) => `${d}`)} 天前`;
    case 'balance':
      return `储值余额 ${between(c.amount, (f) => `¥${yuan(f)}`)}`;
    case 'spend':
      return `近 ${c.days} 天消费 ${between(c.amount, (f) => `¥${yuan(f)}`)}`;
    case 'birthdayMonth':
      return `生日在 ${c.months.map((m) => `${m}月`).join('、')}`;
    case 'cards':
      return c.mode === 'products'
        ? `持有 ${named(c.cardIds, n.cards)} 的有效卡`
        : c.mode === 'any'
          ? '持有任意有效卡'
          : '未持有有效卡';
    case 'tag':
      return `持有标签 ${named(c.tagIds, n.tags)}`;
    case 'joined':
      return `注册日期 ${c.from && c.to ? `${c.from} 至 ${c.to}` : c.from ? `自 ${c.from} 起` : `至 ${c.to} 止`}`;
  }
};

export const describeRule = (rule: CrowdRule, n: CrowdNames): string =>
  rule.groups
    .map((g) => g.map((c) => describeCondition(c, n)).join(' 且 '))
    .map((s, _i, all) => (all.length > 1 ? `（${s}）` : s))
    .join(' 或 ');

// ---------------------------------------------------------------------------------------------
// The list (/crowdManagement) on the resource engine: read, 删除 (with its snapshots), 导出.

export const CROWD = defineResource({
  name: 'crowd',
  title: '人群',
  page: '/crowdManagement',
  detailPage: '/crowdDetail',
  api: '/rest/crowd',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { delete: 'hard', export: true },
  fields: {
    name: {
      label: '人群名称',
      type: 'text',
      readOnly: true,
      list: { width: 160, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    summary: { label: '圈选条件', type: 'text', readOnly: true, list: { width: 320 } },
    description: { label: '描述', type: 'text', readOnly: true, list: { width: 160 } },
    lastCount: { label: '最近人数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    lastCountedAt: { label: '计数时间', type: 'datetime', readOnly: true, list: { width: 170 } },
    snapshotCount: { label: '快照数', type: 'int', readOnly: true, list: { width: 80 } },
    createdByName: { label: '创建人', type: 'text', readOnly: true, list: { width: 90 } },
    createdAt: {
      label: '创建时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
  },
});

export const CROWD_RESOURCE_API = resourceApi(CROWD);

// ---------------------------------------------------------------------------------------------
// Answers and calls.

export interface CrowdView {
  id: number;
  name: string;
  description: string | null;
  rule: CrowdRule;
  summary: string;
  lastCount: number | null;
  lastCountedAt: string | null;
  createdByName: string | null;
  createdAt: string;
}

export interface CrowdSaved {
  id: number;
  count: number;
}

export interface CrowdOption {
  id: number;
  name: string;
}

/** What the builder offers: stores and regions of the caller's scope, levels, genders, card products. */
export interface CrowdOptions {
  stores: (CrowdOption & { regionId: number })[];
  regions: CrowdOption[];
  levels: CrowdOption[];
  genders: CrowdOption[];
  cards: (CrowdOption & { kind: string })[];
  /** Enabled member tags (manual and rule). */
  tags: CrowdOption[];
}

export interface CrowdSnapshotRow {
  id: number;
  crowdId: number;
  count: number;
  summary: string;
  createdByName: string | null;
  createdAt: string;
}

export interface CrowdMemberRow {
  id: number;
  code: string;
  name: string;
  phone: string;
  storeName: string;
  levelName: string | null;
  lastVisitDay: string | null;
  storedValid: number;
  joinedAt: string;
}

export const crowdCountBody = z.object({ rule: crowdRule });
export const crowdIdBody = z.object({ id: idOf('人群', '请选择人群') });
export const crowdSnapshotsQuery = pagingQuery.extend({ crowdId: idParamOf('人群', '请选择人群') });
export const snapshotMembersQuery = pagingQuery.extend({ snapshotId: idParamOf('快照', '请选择快照') });
export const snapshotIdBody = z.object({ snapshotId: idOf('快照', '请选择快照') });

const LIST = '/crowdManagement';
const DETAIL = '/crowdDetail';

export const CROWD_API = {
  save: endpoint<undefined, CrowdForm, CrowdSaved>({
    method: 'POST',
    path: '/rest/crowd/saveCrowd',
    // 新增 or 编辑; the server checks the one the call needs (id given or not).
    access: codes(buttonCodeOf(LIST, 'add'), buttonCodeOf(LIST, 'edit')),
    body: crowdForm,
    summary: '保存人群',
  }),
  view: endpoint<undefined, undefined, CrowdView>({
    method: 'GET',
    path: '/rest/crowd/view/:id',
    access: pageAccess(DETAIL),
    params: idParams,
    summary: '人群详情',
    read: true,
  }),
  options: endpoint<undefined, undefined, CrowdOptions>({
    method: 'GET',
    path: '/rest/crowd/options',
    access: pageAccess(DETAIL),
    summary: '人群条件的可选项',
    read: true,
  }),
  /** The live count of a rule being edited: members of the caller's stores it selects now. */
  count: endpoint<undefined, z.output<typeof crowdCountBody>, { count: number }>({
    method: 'POST',
    path: '/rest/crowd/count',
    access: pageAccess(DETAIL),
    body: crowdCountBody,
    summary: '人群实时人数',
  }),
  /** Freezes the members the crowd selects now (of the caller's stores). */
  snapshot: endpoint<undefined, z.infer<typeof crowdIdBody>, { snapshotId: number; count: number }>({
    method: 'POST',
    path: '/rest/crowd/snapshot',
    access: buttonAccess(LIST, 'edit'),
    body: crowdIdBody,
    summary: '生成人群快照',
  }),
  snapshots: endpoint<z.output<typeof crowdSnapshotsQuery>, undefined, Page<CrowdSnapshotRow>>({
    method: 'GET',
    path: '/rest/crowd/snapshots',
    access: pageAccess(DETAIL),
    query: crowdSnapshotsQuery,
    summary: '人群快照',
    read: true,
  }),
  /** A snapshot's members of the caller's stores, by member id. */
  snapshotMembers: endpoint<z.output<typeof snapshotMembersQuery>, undefined, Page<CrowdMemberRow>>({
    method: 'GET',
    path: '/rest/crowd/snapshotMembers',
    access: pageAccess(DETAIL),
    query: snapshotMembersQuery,
    summary: '人群快照的会员',
    read: true,
  }),
  snapshotExport: endpoint<undefined, z.infer<typeof snapshotIdBody>, ExportQueued>({
    method: 'POST',
    path: '/rest/crowd/snapshotExport',
    access: buttonAccess(LIST, 'export'),
    body: snapshotIdBody,
    summary: '导出人群快照的会员',
  }),
};
