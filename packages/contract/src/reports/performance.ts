/**
 * 员工业绩与提成报表（SPEC §2.10，issue 14）: /StoreSmployeePerformance (门店员工业绩),
 * /RerformanceBonus (业绩提成), /SalesCardRanking (售卡排行) and /MemberExperience (会员体验).
 * The figures are the staff shares the POS sends with each bill line (bill_share: 业绩 and 提成
 * of the staff who served it, entities/bill.ts) and the bills' lines (member_consume_line); a
 * closed bill (关单) counts for nobody, and a refunded line keeps its shares less the refunded part
 * in proportion. Each figure drills down to what it adds up: the share summaries open
 * /RerformanceBonus's shares (one row per share, its bill number opening /orderDetails), 会员体验
 * its own trial lines (明细). Rules in docs/domain.md (员工业绩报表).
 */
import { BILL_LINE_KINDS } from '../entities/bill';
import { defineReport, type ReportFilterDef } from '../report/define';

/** 体验转化: a member who took a trial project and bought a card within this many days after it, unless the query says otherwise. */
export const EXPERIENCE_CONVERT_DAYS_DEFAULT = 30;
/** The longest conversion window a query may ask about. */
export const EXPERIENCE_CONVERT_DAYS_MAX = 365;

/** A bill line's kind as the performance reports name it (项目, 产品, 售卡, 充值). */
export const SHARE_LINE_KINDS = BILL_LINE_KINDS.map((k) => (k.value === 'product' ? { ...k, label: '产品' } : k));

const period: ReportFilterDef = {
  label: '开单日期',
  type: 'date',
  filter: 'range',
  period: true,
  preset: 'thisMonth',
  required: true,
};
const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
const regionFilter: ReportFilterDef = { label: '大区', type: 'int', filter: 'eq', picker: 'region' };
const staffFilter: ReportFilterDef = { label: '员工', type: 'int', filter: 'eq', picker: 'staff' };
const lineKindFilter: ReportFilterDef = { label: '业绩类型', type: 'enum', filter: 'eq', options: SHARE_LINE_KINDS };

/** The bill's store (where the line was served). */
const where = {
  regionName: { label: '大区', type: 'text', width: 90 },
  storeId: { label: '门店ID', type: 'int', hidden: true },
  storeName: { label: '门店', type: 'text', width: 140 },
} as const;
/** The staff who served, as the staff picker names them: 姓名（所属门店）. */
const who = {
  staffId: { label: '员工ID', type: 'int', hidden: true },
  staffName: { label: '员工', type: 'text', width: 180 },
} as const;

const month = { label: '月份', type: 'date', bucket: 'month', width: 100 } as const;
const byStaff = ['staffName', 'staffId'] as const;
const byStore = ['regionName', 'storeName', 'storeId'] as const;

type Param = { row: string } | { filter: string } | { value: string };

/**
 * A drill into /RerformanceBonus's shares behind a figure: of the row's staff (a row by staff)
 * or store (a row by store), with the current filters carried. A row without that key (another
 * grouping) opens nothing, so a link always shows exactly the shares its figure adds up.
 */
const toShares = (rowKey: 'staffId' | 'storeId', lineKind: Param = { filter: 'lineKind' }) => ({
  to: '/RerformanceBonus',
  query: {
    groupBy: { value: 'detail' },
    periodFrom: { filter: 'periodFrom' },
    periodTo: { filter: 'periodTo' },
    storeId: { filter: 'storeId' },
    staffId: { filter: 'staffId' },
    regionId: { filter: 'regionId' },
    lineKind,
    [rowKey]: { row: rowKey },
  } satisfies Record<string, Param>,
});

/** 门店员工业绩: per staff, bill's store or month: 业绩 and 提成 by line kind, the bills served and 客单价. */
export const STORE_STAFF_PERFORMANCE = defineReport({
  name: 'storeStaffPerformance',
  title: '门店员工业绩',
  page: '/StoreSmployeePerformance',
  kind: 'summary',
  dimensions: { ...where, ...who, month },
  measures: {
    performance: { label: '业绩合计', type: 'money', agg: 'sum', width: 110, summary: true },
    projectPerformance: { label: '项目', type: 'money', agg: 'sum', width: 100, group: '业绩' },
    productPerformance: { label: '产品', type: 'money', agg: 'sum', width: 100, group: '业绩' },
    cardSalePerformance: { label: '售卡', type: 'money', agg: 'sum', width: 100, group: '业绩' },
    topUpPerformance: { label: '充值', type: 'money', agg: 'sum', width: 100, group: '业绩' },
    commission: { label: '提成合计', type: 'money', agg: 'sum', width: 110, summary: true },
    projectCommission: { label: '项目', type: 'money', agg: 'sum', width: 100, group: '提成' },
    productCommission: { label: '产品', type: 'money', agg: 'sum', width: 100, group: '提成' },
    cardSaleCommission: { label: '售卡', type: 'money', agg: 'sum', width: 100, group: '提成' },
    topUpCommission: { label: '充值', type: 'money', agg: 'sum', width: 100, group: '提成' },
    bills: { label: '服务单数', type: 'int', agg: 'countDistinct', width: 90, summary: true },
    // 客单价 (业绩 per bill served), not 服务会员数: a distinct count of members over any period
    // cannot be added up from day rows at national scale; 服务单数 counts the visits.
    avgTicket: {
      label: '客单价',
      type: 'money',
      agg: 'ratio',
      of: { num: 'performance', den: 'bills' },
      width: 100,
      summary: true,
    },
  },
  groupings: [
    { key: 'staff', label: '按员工', dims: byStaff },
    { key: 'store', label: '按门店', dims: byStore },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter, staffId: staffFilter, lineKind: lineKindFilter },
  defaultSort: { field: 'performance', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'staffName', series: ['performance', 'commission'] },
  // By staff, each figure opens its shares; by store, the bills served do.
  drill: {
    performance: toShares('staffId'),
    projectPerformance: toShares('staffId', { value: 'project' }),
    productPerformance: toShares('staffId', { value: 'product' }),
    cardSalePerformance: toShares('staffId', { value: 'cardSale' }),
    topUpPerformance: toShares('staffId', { value: 'topUp' }),
    commission: toShares('staffId'),
    projectCommission: toShares('staffId', { value: 'project' }),
    productCommission: toShares('staffId', { value: 'product' }),
    cardSaleCommission: toShares('staffId', { value: 'cardSale' }),
    topUpCommission: toShares('staffId', { value: 'topUp' }),
    bills: toShares('storeId'),
  },
  export: true,
  source:
    '收银单员工分成（bill_share）按服务员工或开单门店汇总，业绩类型为所在单据行的类型；单据行退款按退款占行金额的比例冲减业绩与提成（计入原单据日期）；已关单的单据不计；服务单数为有分成的单据（去重，即客次），客单价 = 业绩合计 ÷ 服务单数。不设服务会员数：任意期间的去重会员数无法由按日汇总的行相加得出，全国规模下无法在预算内回答，服务单数计客次。全部数字读按日/月汇总的 staff_share_day / staff_share_month（开单、退款、关单时记入增量表 staff_share_delta，每次读报表前合并）',
});

/** 业绩提成: each share with its bill, line, goods, 业绩 and 提成; or the totals per staff. */
export const PERFORMANCE_BONUS = defineReport({
  name: 'performanceBonus',
  title: '业绩提成',
  page: '/RerformanceBonus',
  kind: 'summary',
  dimensions: {
    shareId: { label: '分成ID', type: 'int', hidden: true },
    billId: { label: '单据ID', type: 'int', hidden: true },
    billNo: { label: '单号', type: 'text', width: 140, fixed: 'left' },
    consumedAt: { label: '开单时间', type: 'datetime', width: 170 },
    ...where,
    ...who,
    memberName: { label: '会员', type: 'text', width: 100, sort: false },
    line: { label: '行号', type: 'int', width: 60, sort: false },
    lineKind: { label: '业绩类型', type: 'enum', options: SHARE_LINE_KINDS, width: 90 },
    goodsName: { label: '项目/商品/卡项', type: 'text', width: 160 },
    // 明细's staff column: the chart's x (staffName) is a dimension of the per-staff groupings only.
    servedBy: { ...who.staffName },
  },
  measures: {
    lineAmount: { label: '行金额', type: 'money', agg: 'sum', width: 100, total: false },
    lineRefunded: { label: '行已退款', type: 'money', agg: 'sum', width: 100, total: false },
    shares: { label: '分成笔数', type: 'int', agg: 'count', width: 90 },
    performance: { label: '业绩', type: 'money', agg: 'sum', width: 110, summary: true },
    commission: { label: '提成', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  groupings: [
    {
      key: 'detail',
      label: '明细',
      dims: [
        'shareId',
        'billId',
        'billNo',
        'consumedAt',
        'regionName',
        'storeName',
        'servedBy',
        'memberName',
        'line',
        'lineKind',
        'goodsName',
      ],
    },
    { key: 'staff', label: '按员工汇总', dims: byStaff },
    { key: 'staffKind', label: '按员工和业绩类型', dims: [...byStaff, 'lineKind'] },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter, staffId: staffFilter, lineKind: lineKindFilter },
  defaultSort: { field: 'performance', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'staffName', series: ['performance', 'commission'] },
  drill: {
    billNo: { to: '/orderDetails', query: { id: { row: 'billId' } } },
    shares: toShares('staffId', { row: 'lineKind' }),
    performance: toShares('staffId'),
    commission: toShares('staffId'),
  },
  export: true,
  source:
    '收银单员工分成（bill_share），每笔分成一行：所在单据、行、项目/商品/卡项、业绩与提成；行金额、行已退款为该单据行的（一行多位员工时各行都显示，合计不加总）；业绩与提成按行退款比例冲减；已关单的单据不计。明细按业绩（扣退款后）从高到低、同业绩按分成ID倒序，只读可能出现在当前页的分成（按业绩索引与期间内有退款的单据），条数与合计读汇总；按员工汇总读 staff_share_day / staff_share_month（开单、退款、关单时记入增量，读报表前合并）',
});

/** 售卡排行: the card sales and top-ups each staff served (count, amount, their 业绩), ranked. */
export const SALES_CARD_RANKING = defineReport({
  name: 'salesCardRanking',
  title: '售卡排行',
  page: '/SalesCardRanking',
  kind: 'summary',
  dimensions: { ...where, ...who },
  measures: {
    cardSales: { label: '售卡张数', type: 'int', agg: 'sum', width: 90, group: '售卡' },
    cardSaleAmount: { label: '售卡金额', type: 'money', agg: 'sum', width: 110, group: '售卡' },
    cardSalePerformance: { label: '售卡业绩', type: 'money', agg: 'sum', width: 110, group: '售卡', summary: true },
    topUps: { label: '充值笔数', type: 'int', agg: 'sum', width: 90, group: '充值' },
    topUpAmount: { label: '充值金额', type: 'money', agg: 'sum', width: 110, group: '充值' },
    topUpPerformance: { label: '充值业绩', type: 'money', agg: 'sum', width: 110, group: '充值', summary: true },
    performance: { label: '业绩合计', type: 'money', agg: 'sum', width: 110, summary: true },
    commission: { label: '提成合计', type: 'money', agg: 'sum', width: 110 },
  },
  groupings: [
    { key: 'staff', label: '按员工', dims: byStaff },
    { key: 'store', label: '按门店', dims: byStore },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter, staffId: staffFilter },
  defaultSort: { field: 'performance', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'staffName', series: ['cardSalePerformance', 'topUpPerformance'] },
  // By staff, the counts open their shares; by store, the amounts do.
  drill: {
    cardSales: toShares('staffId', { value: 'cardSale' }),
    topUps: toShares('staffId', { value: 'topUp' }),
    cardSaleAmount: toShares('storeId', { value: 'cardSale' }),
    topUpAmount: toShares('storeId', { value: 'topUp' }),
  },
  export: true,
  source:
    '收银单中售卡、充值行的员工分成（bill_share）：售卡张数、充值笔数为该员工参与的行数，金额为这些行扣除退款后的金额（一行多位员工时各自计入），业绩、提成为员工分成按行退款比例冲减后的数；已关单的单据不计。读按日/月汇总的 staff_share_day / staff_share_month（开单、退款、关单时记入增量，读报表前合并）',
});

/** MEMBER_EXPERIENCE's trial lines behind a row (its 明细), with the current filters carried. */
const toTrials = (rowKey: 'storeId' | 'staffId' | 'projectId') => ({
  to: '/MemberExperience',
  query: {
    groupBy: { value: 'detail' },
    periodFrom: { filter: 'periodFrom' },
    periodTo: { filter: 'periodTo' },
    storeId: { filter: 'storeId' },
    staffId: { filter: 'staffId' },
    regionId: { filter: 'regionId' },
    projectId: { filter: 'projectId' },
    days: { filter: 'days' },
    [rowKey]: { row: rowKey },
  } satisfies Record<string, Param>,
});

/** 会员体验: trial projects served, and how many of those members bought a card within the window after. */
export const MEMBER_EXPERIENCE = defineReport({
  name: 'memberExperience',
  title: '会员体验',
  page: '/MemberExperience',
  kind: 'summary',
  dimensions: {
    lineId: { label: '体验行ID', type: 'int', hidden: true },
    billId: { label: '单据ID', type: 'int', hidden: true },
    billNo: { label: '单号', type: 'text', width: 140, fixed: 'left' },
    consumedAt: { label: '体验时间', type: 'datetime', width: 170 },
    ...where,
    ...who,
    projectId: { label: '项目ID', type: 'int', hidden: true },
    projectName: { label: '体验项目', type: 'text', width: 140 },
    memberName: { label: '会员', type: 'text', width: 100, sort: false },
    memberPhone: { label: '会员手机', type: 'text', width: 120, sort: false },
    convertedAt: { label: '首次购卡时间', type: 'datetime', width: 170 },
    // 明细's store column: the chart's x (storeName) is a dimension of 按门店 only.
    trialStore: { ...where.storeName },
  },
  measures: {
    trials: { label: '体验次数', type: 'int', agg: 'count', width: 90, summary: true },
    members: { label: '体验会员数', type: 'int', agg: 'countDistinct', width: 100, summary: true },
    converted: { label: '购卡会员数', type: 'int', agg: 'countDistinct', width: 100, summary: true },
    conversionRate: {
      label: '转化率',
      type: 'percent',
      agg: 'ratio',
      of: { num: 'converted', den: 'members' },
      width: 90,
      summary: true,
    },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['storeName', 'storeId'] },
    { key: 'staff', label: '按员工', dims: byStaff },
    { key: 'project', label: '按体验项目', dims: ['projectName', 'projectId'] },
    {
      key: 'detail',
      label: '明细',
      dims: [
        'lineId',
        'billId',
        'billNo',
        'consumedAt',
        'regionName',
        'trialStore',
        'staffName',
        'projectName',
        'memberName',
        'memberPhone',
        'convertedAt',
      ],
    },
  ],
  filters: {
    period: { ...period, label: '体验日期' },
    storeId: storeFilter,
    regionId: regionFilter,
    staffId: staffFilter,
    projectId: { label: '体验项目', type: 'int', filter: 'eq', picker: 'project' },
    days: {
      label: '转化天数',
      type: 'int',
      filter: 'eq',
      min: 1,
      max: EXPERIENCE_CONVERT_DAYS_MAX,
      help: `体验后多少天内购卡算转化，不填为 ${EXPERIENCE_CONVERT_DAYS_DEFAULT} 天`,
    },
  },
  defaultSort: { field: 'trials', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['members', 'converted'] },
  // The trials behind a row, one a line: by store from 体验次数, by staff from 体验会员数, by project from 购卡会员数.
  drill: {
    trials: toTrials('storeId'),
    members: toTrials('staffId'),
    converted: toTrials('projectId'),
    billNo: { to: '/orderDetails', query: { id: { row: 'billId' } } },
  },
  export: true,
  source:
    '收银单中的体验项目行（启用体验限制的项目，member_consume_line.trial），服务员工为该行的分成员工（无分成时为开单员工）；购卡会员为体验后转化天数内（含当天之后任一门店）有售卡行的会员；已关单的单据不计',
});

export const PERFORMANCE_REPORTS = [STORE_STAFF_PERFORMANCE, PERFORMANCE_BONUS, SALES_CARD_RANKING, MEMBER_EXPERIENCE];
