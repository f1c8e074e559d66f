/**
 * Member-finance reports (SPEC §2.10 财务报表: 会员余额, 当前/月度会员余额, 卡项变动) over the card
 * ledger's rollups (server modules/members/rollups.ts): every figure belongs to the card's SELLING
 * store, the one holding the balance, so per store 期初 + 开卡 + 充值 − 消费 + 其他 = 期末 for the
 * principal (本金), the bonus (赠金) and the sessions (次数, 套餐卡). Money in 分; 消费 is shown
 * positive (what was drawn), 其他 (退款/调整) signed.
 */

import { CARD_KINDS } from '../entities/card';
import { LEDGER_KINDS } from '../entities/member';
import { defineReport, type MeasureDef } from '../report/define';
import { summed } from '../report/measures';

const storeId = { label: '门店ID', type: 'int', hidden: true } as const;
const storeName = { label: '门店', type: 'text', width: 140, fixed: 'left' } as const;
const cardId = { label: '卡项ID', type: 'int', hidden: true } as const;
const cardName = { label: '卡项', type: 'text', width: 150 } as const;
const cardKind = { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 90 } as const;

const period = {
  label: '日期',
  type: 'date',
  filter: 'range',
  period: true,
  preset: 'thisMonth',
  required: true,
} as const;
const filters = {
  period,
  storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
  cardId: { label: '卡项', type: 'int', filter: 'eq', picker: 'card' },
  cardKind: { label: '卡类型', type: 'enum', filter: 'eq', options: CARD_KINDS },
} as const;

const money = (label: string, group: string, agg: MeasureDef['agg'], extra: Partial<MeasureDef> = {}) =>
  summed(label, { type: 'money', agg, group, ...extra });
const count = (label: string, group: string, agg: MeasureDef['agg'] = 'sum') =>
  summed(label, { width: 80, group, agg });

/** 期初, the period's changes by kind, 期末: the columns of both 会员余额 reports and the monthly one. */
const balanceMeasures = {
  openingAmount: money('本金', '期初余额', 'asOf', { summary: true }),
  openingBonus: money('赠金', '期初余额', 'asOf'),
  openingSessions: count('剩余次数', '期初余额', 'asOf'),
  openN: count('张数', '开卡'),
  openPaid: money('实收', '开卡', 'sum'),
  openAmount: money('本金', '开卡', 'sum'),
  openBonus: money('赠金', '开卡', 'sum'),
  openSessions: count('次数', '开卡'),
  topUpN: count('笔数', '充值'),
  topUpAmount: money('本金', '充值', 'sum', { summary: true }),
  topUpBonus: money('赠金', '充值', 'sum'),
  consumeN: count('笔数', '消费'),
  consumeAmount: money('本金', '消费', 'sum', { summary: true }),
  consumeBonus: money('赠金', '消费', 'sum'),
  consumeSessions: count('次数', '消费'),
  otherN: count('笔数', '其他（退款/调整）'),
  otherAmount: money('本金', '其他（退款/调整）', 'sum'),
  otherBonus: money('赠金', '其他（退款/调整）', 'sum'),
  otherSessions: count('次数', '其他（退款/调整）'),
  closingAmount: money('本金', '期末余额', 'asOf', { summary: true }),
  closingBonus: money('赠金', '期末余额', 'asOf'),
  closingSessions: count('剩余次数', '期末余额', 'asOf'),
} as const;

const SOURCE_FLOWS =
  '会员卡流水的汇总表（按售卡门店×卡项×日/月：写流水时同一事务记入增量表 member_flow_delta，每次读报表前与定时任务「会员报表汇总增量合并」把增量合并进汇总表）与月末余额表（定时任务「会员余额月结」按水位线月结，月结前先合并增量）';

/** 会员余额: by store (the selling store), or store and card product. */
export const MEMBER_BALANCE = defineReport({
  name: 'memberBalance',
  title: '会员余额',
  page: '/MemberBalance',
  kind: 'summary',
  dimensions: { storeId, storeName, cardId, cardName, cardKind },
  measures: balanceMeasures,
  groupings: [
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'storeCard', label: '按门店和卡项', dims: ['storeId', 'storeName', 'cardId', 'cardName', 'cardKind'] },
  ],
  filters,
  defaultSort: { field: 'closingAmount', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['topUpAmount', 'consumeAmount'] },
  drill: {
    topUpN: {
      to: '/CardChangeReport',
      query: { storeId: { row: 'storeId' }, periodFrom: { filter: 'periodFrom' }, periodTo: { filter: 'periodTo' } },
    },
  },
  export: true,
  source: SOURCE_FLOWS,
});

/** 会员余额（新）: the same by card product and card kind. */
export const MEMBER_BALANCE_BY_CARD = defineReport({
  name: 'memberBalance4',
  title: '会员余额（新）',
  page: '/MemberBalance4',
  kind: 'summary',
  dimensions: { cardId, cardName, cardKind, storeId, storeName },
  measures: balanceMeasures,
  groupings: [
    { key: 'card', label: '按卡项', dims: ['cardId', 'cardName', 'cardKind'] },
    { key: 'cardKind', label: '按卡类型', dims: ['cardKind'] },
    { key: 'storeCard', label: '按门店和卡项', dims: ['storeId', 'storeName', 'cardId', 'cardName', 'cardKind'] },
  ],
  filters,
  defaultSort: { field: 'closingAmount', dir: 'desc', thenBy: 'cardName' },
  totals: true,
  chart: { type: 'pie', x: 'cardName', series: ['closingAmount'] },
  export: true,
  source: SOURCE_FLOWS,
});

/**
 * 当前会员余额: what the cards sold by each store hold at the end of the day chosen (default today),
 * with the cards and the members holding value then.
 */
export const CURRENT_MEMBER_BALANCE = defineReport({
  name: 'currentMemberBalance',
  title: '当前会员余额',
  page: '/CurrentMemberBalance',
  kind: 'summary',
  dimensions: { storeId, storeName, cardId, cardName, cardKind },
  measures: {
    /** Cards sold (their 开卡 row): a card brought by 迁入 — an import, a closed store's successor — was not sold and is not counted. */
    cards: { label: '累计售卡', type: 'int', agg: 'asOf', width: 100, summary: true },
    /** Cards whose 本金, 赠金 or 次数 left is above 0 at the day's end. */
    heldCards: { label: '有余额卡数', type: 'int', agg: 'asOf', width: 100, summary: true },
    /**
     * Members holding such a card, each counted once per row. Not added up in the totals row (a
     * member may hold value in two rows), and empty where the grouping is coarser than the rows
     * the figure is counted at (by store with a 卡类型 filter, by card product in a region's scope).
     */
    members: { label: '有余额会员数', type: 'int', agg: 'asOf', width: 110, total: false },
    amount: money('本金', '余额', 'asOf', { summary: true }),
    bonus: money('赠金', '余额', 'asOf', { summary: true }),
    sessions: count('剩余次数', '余额', 'asOf'),
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'card', label: '按卡项', dims: ['cardId', 'cardName', 'cardKind'] },
    { key: 'storeCard', label: '按门店和卡项', dims: ['storeId', 'storeName', 'cardId', 'cardName', 'cardKind'] },
  ],
  filters: { ...filters, period: { ...period, label: '截至日期', preset: 'today' } },
  defaultSort: { field: 'amount', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['amount', 'bonus'] },
  export: true,
  source: `${SOURCE_FLOWS}；余额截至所选期间的最后一天`,
});

/** 月度会员余额: month × store, each month's 期初 the month before's 期末. */
export const MONTHLY_MEMBER_BALANCE = defineReport({
  name: 'monthlyMemberBalance',
  title: '月度会员余额',
  page: '/MonthlyMemberBalance',
  kind: 'summary',
  dimensions: {
    month: { label: '月份', type: 'date', bucket: 'month', width: 110, fixed: 'left' },
    storeId,
    storeName,
  },
  measures: balanceMeasures,
  groupings: [
    { key: 'monthStore', label: '按月份和门店', dims: ['month', 'storeId', 'storeName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { ...period, label: '月份', preset: 'thisYear' },
    storeId: filters.storeId,
  },
  defaultSort: { field: 'month', dir: 'asc', thenBy: 'storeName' },
  totals: false,
  chart: { type: 'line', x: 'month', series: ['closingAmount', 'topUpAmount', 'consumeAmount'] },
  export: true,
  source: `${SOURCE_FLOWS}；所选期间覆盖的整月`,
});

const changeMeasures = {
  n: { label: '笔数', type: 'int', agg: 'sum', width: 90, summary: true },
  amount: { label: '本金变动', type: 'money', agg: 'sum', width: 120, summary: true },
  bonus: { label: '赠金变动', type: 'money', agg: 'sum', width: 120 },
  sessions: { label: '次数变动', type: 'int', agg: 'sum', width: 90 },
  paid: { label: '开卡实收', type: 'money', agg: 'sum', width: 120 },
} as const;
const kind = { label: '变动类型', type: 'enum', options: LEDGER_KINDS, width: 100 } as const;

/** 卡项变动对账: card changes of a period by store and kind (signed: 消费 negative). */
export const CARD_CHANGE = defineReport({
  name: 'cardChange',
  title: '卡项变动对账',
  page: '/CardChange',
  kind: 'summary',
  dimensions: { storeId, storeName, kind },
  measures: changeMeasures,
  groupings: [
    { key: 'storeKind', label: '按门店和类型', dims: ['storeId', 'storeName', 'kind'] },
    { key: 'kind', label: '按类型', dims: ['kind'] },
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
  ],
  filters: { ...filters, kind: { label: '变动类型', type: 'enum', filter: 'eq', options: LEDGER_KINDS } },
  defaultSort: { field: 'storeName', dir: 'asc', thenBy: 'kind' },
  totals: true,
  chart: { type: 'bar', x: 'kind', series: ['amount'] },
  drill: {
    n: {
      to: '/CardChangeReport',
      query: {
        storeId: { row: 'storeId' },
        kind: { row: 'kind' },
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
      },
    },
  },
  export: true,
  source: SOURCE_FLOWS,
});

/** 卡项变动明细: card changes by store, card product and kind. */
export const CARD_CHANGE_REPORT = defineReport({
  name: 'cardChangeReport',
  title: '卡项变动明细',
  page: '/CardChangeReport',
  kind: 'summary',
  dimensions: { storeId, storeName, cardId, cardName, cardKind, kind },
  measures: changeMeasures,
  groupings: [
    {
      key: 'storeCardKind',
      label: '按门店、卡项和类型',
      dims: ['storeId', 'storeName', 'cardId', 'cardName', 'cardKind', 'kind'],
    },
    { key: 'cardKind', label: '按卡项和类型', dims: ['cardId', 'cardName', 'cardKind', 'kind'] },
  ],
  filters: { ...filters, kind: { label: '变动类型', type: 'enum', filter: 'eq', options: LEDGER_KINDS } },
  defaultSort: { field: 'storeName', dir: 'asc', thenBy: 'cardName' },
  totals: true,
  chart: { type: 'bar', x: 'cardName', series: ['amount'] },
  export: true,
  source: SOURCE_FLOWS,
});

export const MEMBER_REPORTS = [
  MEMBER_BALANCE,
  MEMBER_BALANCE_BY_CARD,
  CURRENT_MEMBER_BALANCE,
  MONTHLY_MEMBER_BALANCE,
  CARD_CHANGE,
  CARD_CHANGE_REPORT,
] as const;
