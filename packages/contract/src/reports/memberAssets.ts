/**
 * 会员资产（SPEC §2.6 /asstes, /asstesDetail; issue 15）: the chain's liability to its members — the
 * prepaid value (本金, 赠金) and the sessions (次数, 套餐卡) not yet used — by store (the card's
 * selling store, the one holding the balance, as 会员余额), region and the whole chain (the totals
 * row), as of the end of a day, with the movement over a period:
 *
 *   期初 + 开卡/充值 − 消费 − 退款 ± 调整 ± 迁移 ± 补卡 − 注销 = 期末
 *
 * The ledger's kinds in those columns: 开卡/充值 open + topUp; 消费 consume and 退款 refund shown as
 * what left the cards (the negated signed sum: a bill line refunded back onto a card is negative
 * 退款); 调整 adjust, 迁移 migrateOut + migrateIn and 补卡 transferOut + transferIn signed (补卡 nets
 * to 0 when the new card is the same store's); 注销 cancel shown as what left. A period of one day is
 * the balance as of that day with that day's movement.
 */
import { CARD_CANCEL_RULES, CARD_CLOSURE_KINDS, CARD_CLOSURE_STATUSES } from '../api/memberAssets';
import { CARD_KINDS } from '../entities/card';
import { MEMBER_CARD_STATUSES } from '../entities/member';
import { defineReport, type MeasureDef, type ReportFilterDef } from '../report/define';

/** The store and region columns and filters of the member-finance reports (会员运营 reuses them). */
export const regionId = { label: '大区ID', type: 'int', hidden: true } as const;
export const regionName = { label: '大区', type: 'text', width: 100, fixed: 'left' } as const;
export const storeId = { label: '门店ID', type: 'int', hidden: true } as const;
export const storeName = { label: '门店', type: 'text', width: 140, fixed: 'left' } as const;

export const period: ReportFilterDef = {
  label: '日期',
  type: 'date',
  filter: 'range',
  period: true,
  preset: 'thisMonth',
  required: true,
};
export const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
export const regionFilter: ReportFilterDef = { label: '大区', type: 'int', filter: 'eq', picker: 'region' };

/** The column groups of the movement, in the equation's order: key, header, its ledger kinds, sign. */
export const ASSET_MOVES = [
  { key: 'in', label: '开卡/充值', kinds: ['open', 'topUp'], sign: 1 },
  { key: 'consume', label: '消费', kinds: ['consume'], sign: -1 },
  { key: 'refund', label: '退款', kinds: ['refund'], sign: -1 },
  { key: 'adjust', label: '调整', kinds: ['adjust'], sign: 1 },
  { key: 'migrate', label: '迁移', kinds: ['migrateOut', 'migrateIn'], sign: 1 },
  { key: 'transfer', label: '补卡', kinds: ['transferOut', 'transferIn'], sign: 1 },
  { key: 'cancel', label: '注销', kinds: ['cancel'], sign: -1 },
] as const;

/** The three figures of each column group. */
export const ASSET_FIGURES = [
  { key: 'Amount', label: '本金', type: 'money' },
  { key: 'Bonus', label: '赠金', type: 'money' },
  { key: 'Sessions', label: '次数', type: 'int' },
] as const;

const measure = (label: string, group: string, type: 'money' | 'int', agg: MeasureDef['agg'], summary = false) =>
  ({ label, type, agg, group, width: type === 'money' ? 110 : 80, ...(summary ? { summary } : {}) }) as const;

/** 期初, the movement by column group, 期末: openingAmount … inAmount … closingSessions. */
const assetMeasures: Record<string, MeasureDef> = Object.fromEntries([
  ...ASSET_FIGURES.map((f) => [`opening${f.key}`, measure(f.label, '期初', f.type, 'asOf', f.key === 'Amount')]),
  ...ASSET_MOVES.flatMap((m) =>
    ASSET_FIGURES.map((f) => [
      `${m.key}${f.key}`,
      measure(f.label, m.label, f.type, 'sum', f.key === 'Amount' && (m.key === 'in' || m.key === 'consume')),
    ]),
  ),
  ...ASSET_FIGURES.map((f) => [
    `closing${f.key}`,
    measure(f.label, '期末', f.type, 'asOf', f.key === 'Amount' || f.key === 'Bonus'),
  ]),
]);

const SOURCE =
  '会员卡流水的按门店汇总表（member_store_flow_day/_month，写流水时同一事务记入增量、读前合并）与月末余额表（member_store_balance_month，定时月结），与「会员余额」同一查询：期初为所选首日零点的余额，期末为末日结束时的余额';

/** 会员资产: by store (the selling store) or region; the totals row is the chain (the caller's scope). */
export const MEMBER_ASSETS = defineReport({
  name: 'memberAssets',
  title: '会员资产',
  page: '/asstes',
  kind: 'summary',
  dimensions: { regionId, regionName, storeId, storeName },
  measures: assetMeasures,
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter },
  defaultSort: { field: 'closingAmount', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['closingAmount', 'closingBonus'] },
  drill: Object.fromEntries(
    [...ASSET_FIGURES.map((f) => `closing${f.key}`), ...ASSET_MOVES.map((m) => `${m.key}Amount`)].map((k) => [
      k,
      {
        to: '/asstesDetail',
        query: { storeId: { row: 'storeId' }, periodFrom: { filter: 'periodFrom' }, periodTo: { filter: 'periodTo' } },
      },
    ]),
  ),
  export: true,
  source: SOURCE,
});

/**
 * 资产详情: the cards of one store (its selling store) behind /asstes's row, each with the same
 * columns summed from its own ledger rows; a card opens its member's account (cards and their
 * ledger rows).
 */
export const MEMBER_ASSET_CARDS = defineReport({
  name: 'memberAssetCards',
  title: '资产详情',
  page: '/asstesDetail',
  kind: 'detail',
  dimensions: {
    memberCardId: { label: '会员卡ID', type: 'int', hidden: true },
    memberId: { label: '会员ID', type: 'int', hidden: true },
    cardNo: { label: '卡号', type: 'text', width: 120, fixed: 'left' },
    memberName: { label: '会员', type: 'text', width: 100 },
    cardName: { label: '卡项', type: 'text', width: 150 },
    cardKind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 80 },
    storeId,
    storeName: { label: '门店', type: 'text', width: 140 },
  },
  // The cards sort by 期初 and 期末 (each sort reads the store's ledger again), not by each movement.
  measures: Object.fromEntries(
    Object.entries(assetMeasures).map(([k, m]) => [k, /^(opening|closing)/.test(k) ? m : { ...m, sort: false }]),
  ),
  filters: {
    period,
    storeId: { ...storeFilter, required: true },
    cardNo: { label: '卡号', type: 'text', filter: 'like' },
    cardKind: { label: '卡类型', type: 'enum', filter: 'eq', options: CARD_KINDS },
  },
  defaultSort: { field: 'closingAmount', dir: 'desc', thenBy: 'memberCardId' },
  totals: true,
  drill: { cardNo: { to: '/personalAccount', query: { id: { row: 'memberId' } } } },
  // A detail route carries no 导出 button: /asstes exports the stores' rows.
  export: false,
  source: '所选门店售出的会员卡及其流水（card_ledger，按卡逐笔相加）',
});

/** The rules a card is checked by, and the evidence each gives (server memberAssets/reports.ts). */
export const ABNORMAL_RULES = [
  { value: 'balanceMismatch', label: '余额与流水不符', color: 'red' },
  { value: 'expiredWithValue', label: '过期仍有余额', color: 'orange' },
  { value: 'manyStores', label: '单日多店消费', color: 'volcano' },
  { value: 'frozenDrawn', label: '冻结卡近期有消费', color: 'purple' },
] as const;
/** 单日多店消费: drawn at this many stores or more in one Beijing day. */
export const ABNORMAL_MANY_STORES = 3;
/** 单日多店消费 and 冻结卡近期有消费 look at the draws of this many days up to today. */
export const ABNORMAL_RECENT_DAYS = 30;

/** 异常卡: one row per card and rule it breaks, with the evidence; a card opens its handling panel. */
export const ABNORMAL_CARDS = defineReport({
  name: 'abnormalCards',
  title: '异常卡',
  page: '/abnormalCardList',
  kind: 'detail',
  dimensions: {
    memberCardId: { label: '会员卡ID', type: 'int', hidden: true },
    cardNo: { label: '卡号', type: 'text', width: 120, fixed: 'left' },
    rule: { label: '异常类型', type: 'enum', options: ABNORMAL_RULES, width: 130 },
    evidence: { label: '依据', type: 'text', width: 300, sort: false },
    memberName: { label: '会员', type: 'text', width: 100 },
    cardName: { label: '卡项', type: 'text', width: 140 },
    cardKind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 80 },
    storeId,
    storeName: { label: '门店', type: 'text', width: 140 },
    status: { label: '卡状态', type: 'enum', options: MEMBER_CARD_STATUSES, width: 80 },
    expiresAt: { label: '有效期至', type: 'datetime', width: 160 },
  },
  measures: {
    balance: { label: '本金余额', type: 'money', agg: 'sum', width: 110 },
    bonusBalance: { label: '赠金余额', type: 'money', agg: 'sum', width: 110 },
    sessionsLeft: { label: '剩余次数', type: 'int', agg: 'sum', width: 90 },
  },
  filters: {
    rule: { label: '异常类型', type: 'enum', filter: 'eq', options: ABNORMAL_RULES },
    storeId: storeFilter,
    cardNo: { label: '卡号', type: 'text', filter: 'like' },
    memberCardId: { label: '会员卡ID', type: 'int', filter: 'eq' },
  },
  defaultSort: { field: 'cardNo', dir: 'asc', thenBy: 'rule' },
  totals: true,
  drill: { cardNo: { to: '/abnormalCardList', query: { memberCardId: { row: 'memberCardId' } } } },
  export: true,
  source: `会员卡（member_card）与其流水（card_ledger）按规则逐卡检查：余额与流水合计不符；已过期仍有余额或次数；近 ${ABNORMAL_RECENT_DAYS} 天内某日在 ${ABNORMAL_MANY_STORES} 家及以上门店消费；冻结中且近 ${ABNORMAL_RECENT_DAYS} 天有消费`,
});

/**
 * 补卡注销 (/supplementOrCancellation): every 补卡 and 注销 application with its card, what it moved or
 * closed (the card's 本金, 赠金 and sessions when applied; when executed, what the ledger moved),
 * the new card (补卡), the refund (注销), who applied and who decided. Scoped by the card's store.
 */
export const CARD_CLOSURES = defineReport({
  name: 'cardClosures',
  title: '补卡注销',
  page: '/supplementOrCancellation',
  kind: 'detail',
  dimensions: {
    id: { label: 'ID', type: 'int', hidden: true },
    memberId: { label: '会员ID', type: 'int', hidden: true },
    spNo: { label: '审批单号', type: 'text', width: 150, fixed: 'left' },
    kind: { label: '类型', type: 'enum', options: CARD_CLOSURE_KINDS, width: 70 },
    status: { label: '状态', type: 'enum', options: CARD_CLOSURE_STATUSES, width: 110 },
    cardNo: { label: '卡号', type: 'text', width: 120 },
    memberName: { label: '会员', type: 'text', width: 90 },
    phone: { label: '手机号', type: 'text', width: 120 },
    cardName: { label: '卡项', type: 'text', width: 140 },
    storeId,
    storeName: { label: '门店', type: 'text', width: 140 },
    newCardNo: { label: '新卡号', type: 'text', width: 120 },
    newSystemCardNo: { label: '新卡系统卡号', type: 'text', width: 120 },
    rule: { label: '注销方式', type: 'enum', options: CARD_CANCEL_RULES, width: 90 },
    reason: { label: '原因', type: 'text', width: 200, sort: false },
    applicantName: { label: '申请人', type: 'text', width: 90 },
    createdAt: { label: '申请时间', type: 'datetime', width: 160 },
    deciderName: { label: '审批人', type: 'text', width: 90 },
    decidedAt: { label: '审批时间', type: 'datetime', width: 160 },
  },
  measures: {
    amount: { label: '本金', type: 'money', agg: 'sum', group: '卡内余额', width: 110 },
    bonus: { label: '赠金', type: 'money', agg: 'sum', group: '卡内余额', width: 110 },
    sessions: { label: '次数', type: 'int', agg: 'sum', group: '卡内余额', width: 80 },
    refundAmount: { label: '退款金额', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  filters: {
    kind: { label: '类型', type: 'enum', filter: 'eq', options: CARD_CLOSURE_KINDS },
    status: { label: '状态', type: 'enum', filter: 'eq', options: CARD_CLOSURE_STATUSES },
    storeId: storeFilter,
    period: { label: '申请日期', type: 'date', filter: 'range', period: true },
    cardNo: { label: '卡号', type: 'text', filter: 'like' },
    member: { label: '会员姓名/手机号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'createdAt', dir: 'desc', thenBy: 'id' },
  totals: true,
  drill: { cardNo: { to: '/personalAccount', query: { id: { row: 'memberId' } } } },
  source:
    '补卡与注销申请（card_closure）及其会员卡；待审批时为申请时卡内的本金、赠金与次数，执行后为流水（补卡转出、注销）实际转走或清零的数',
});

export const MEMBER_ASSET_REPORTS = [MEMBER_ASSETS, MEMBER_ASSET_CARDS, ABNORMAL_CARDS, CARD_CLOSURES] as const;
