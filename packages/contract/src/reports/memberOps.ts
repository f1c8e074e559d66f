/**
 * 会员运营（SPEC §2.10 member analysis; issue 15): what a head-office member-operations team asks of
 * the members each day — who joined, who came, who came back, who bought a card, what they spent,
 * who holds prepaid value and has stopped coming.
 *
 * - /memberReport 会员报表: per store (region, the chain in the totals row) over a period.
 * - /memberOprationDataReport 会员运营数据: the same measures by day, week or month (a line chart).
 * - /customerAnaly 顾客分析: the members' structure by level, gender, age band, home store, region.
 * - /memberOperation 会员运营: the members to recall — holding value, not seen for 30/60/90 days —
 *   counted by store, down to the members themselves (按会员).
 * - /OperationManagement 经营分析: a dashboard over the same bindings (OPS_DASHBOARD_* below, read
 *   with the page's own code).
 *
 * Definitions (Beijing days; a visit is a day with at least one completed 收银单 of the member at a
 * store, a closed 关单 bill is no visit):
 * - 新增会员: members registered in the period, counted at their home store.
 * - 到店会员 / 到店人次: distinct members with a visit at the row's stores; their visits (member × store × day).
 * - 复购会员: the row's 到店会员 who came on two days or more in the period (at any store of the chain).
 * - 新客到店 / 新客复购: 到店会员 registered in the period; those of them who are 复购会员.
 * - 购卡会员: the row's 到店会员 who bought a card (开卡 with 实付 > 0) in the period (at any store of the chain).
 *   Both are the member's over the chain, so a row reads the same to every caller (docs/member-ops.md).
 * - 消费金额: the completed bills' totals at the row's stores in the period, less what was refunded of them.
 * - 有余额会员: members of the row's home stores holding value now (valid 储值卡 principal + bonus or 套餐卡 sessions).
 */

import { defineReport, type MeasureDef } from '../report/define';
import { ratioOf, summed } from '../report/measures';
import {
  MEMBER_ASSETS,
  period,
  regionFilter,
  regionId,
  regionName,
  storeFilter,
  storeId,
  storeName,
} from './memberAssets';

const count = summed;
const distinct = (label: string, extra: Partial<MeasureDef> = {}): MeasureDef =>
  summed(label, { agg: 'countDistinct', ...extra });
const rate = (label: string, num: string, den: string, group?: string): MeasureDef =>
  ratioOf(label, num, den, group ? { group } : {});

/** The visit and spend measures shared by 会员报表, 会员运营数据 and the dashboard. */
const visitMeasures = {
  newMembers: count('新增会员', { summary: true }),
  visitMembers: distinct('到店会员', { summary: true, group: '到店' }),
  visits: count('到店人次', { group: '到店' }),
  repeatMembers: distinct('复购会员', { summary: true, group: '复购' }),
  repeatRate: rate('复购率', 'repeatMembers', 'visitMembers', '复购'),
  newVisitors: distinct('新客到店', { group: '新客二次到店' }),
  newRepeaters: distinct('新客复购', { group: '新客二次到店' }),
  newRepeatRate: rate('二次到店率', 'newRepeaters', 'newVisitors', '新客二次到店'),
  cardBuyers: distinct('购卡会员', { summary: true, group: '购卡' }),
  cardBuyRate: rate('购卡率', 'cardBuyers', 'visitMembers', '购卡'),
  spend: { label: '消费金额', type: 'money', agg: 'sum', width: 120, summary: true, group: '消费' },
  avgSpend: {
    label: '人均消费',
    type: 'money',
    agg: 'ratio',
    of: { num: 'spend', den: 'visitMembers' },
    width: 100,
    group: '消费',
  },
} as const satisfies Record<string, MeasureDef>;

const VISIT_SOURCE =
  '新增会员读会员按门店按日汇总表（member_store_day，按所属门店）；到店、消费读所选期间全连锁的已完成收银单（member_consume 按日期索引，不含关单，消费金额扣除已退款），每位会员在一家门店的一天计一次到店；复购会员为该行到店会员中期间内在任一门店到店 2 天及以上的，购卡会员为该行到店会员中期间内在任一门店开卡（member_card 开卡日期索引，实付大于 0）的；新客为期间内入会的会员；当前有余额会员读会员当前的有效储值卡余额与套餐卡次数（member 上随卡变动维护的 stored_valid / sessions_valid）';

/** 会员报表: per store or region over a period; the totals row is the caller's stores. */
export const MEMBER_OPS_REPORT = defineReport({
  name: 'memberOpsReport',
  title: '会员报表',
  page: '/memberReport',
  kind: 'summary',
  dimensions: { regionId, regionName, storeId, storeName },
  measures: {
    ...visitMeasures,
    balanceMembers: count('当前有余额会员', { summary: true, width: 120 }),
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter },
  defaultSort: { field: 'visitMembers', dir: 'desc', thenBy: 'regionName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['newMembers', 'visitMembers', 'repeatMembers'] },
  drill: {
    newMembers: {
      to: '/MemberBasicInformation',
      query: {
        regionId: { row: 'regionId' },
        storeId: { row: 'storeId' },
        joinedFrom: { filter: 'periodFrom' },
        joinedTo: { filter: 'periodTo' },
      },
    },
  },
  export: true,
  source: VISIT_SOURCE,
});

const bucketDims = {
  day: { label: '日期', type: 'date', bucket: 'day', width: 110, fixed: 'left' },
  week: { label: '周（周一）', type: 'date', bucket: 'week', width: 110, fixed: 'left' },
  month: { label: '月份', type: 'date', bucket: 'month', width: 110, fixed: 'left' },
} as const;

/** 会员运营数据: the same measures by day, week or month of the period, as a trend. */
export const MEMBER_OPS_TREND = defineReport({
  name: 'memberOpsTrend',
  title: '会员运营数据',
  page: '/memberOprationDataReport',
  kind: 'summary',
  dimensions: bucketDims,
  measures: visitMeasures,
  groupings: [
    { key: 'day', label: '按日', dims: ['day'] },
    { key: 'week', label: '按周', dims: ['week'] },
    { key: 'month', label: '按月', dims: ['month'] },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter },
  defaultSort: { field: 'day', dir: 'asc' },
  totals: true,
  chart: { type: 'line', x: 'day', series: ['newMembers', 'visitMembers', 'repeatMembers', 'cardBuyers'] },
  export: true,
  source: `${VISIT_SOURCE}。按日、周、月分组时，每行为该时段到店的会员，合计行为整个期间`,
});

/** 年龄段 by the member's birthday as of today (未填写: no birthday). */
export const AGE_BANDS = [
  { value: 'a1', label: '25岁以下' },
  { value: 'a2', label: '25–34岁' },
  { value: 'a3', label: '35–44岁' },
  { value: 'a4', label: '45–54岁' },
  { value: 'a5', label: '55岁及以上' },
  { value: 'a9', label: '未填写' },
] as const;
/** The upper bounds (exclusive, in years) of the age bands but the last two. */
export const AGE_BAND_LIMITS = [25, 35, 45, 55] as const;

/** 顾客分析: the members (home store in scope) by level, gender, age band, home store or region. */
export const CUSTOMER_ANALYSIS = defineReport({
  name: 'customerAnalysis',
  title: '顾客分析',
  page: '/customerAnaly',
  kind: 'summary',
  dimensions: {
    levelName: { label: '会员等级', type: 'text', width: 100 },
    genderName: { label: '性别', type: 'text', width: 80 },
    ageBand: { label: '年龄段', type: 'enum', options: AGE_BANDS, width: 100 },
    regionId,
    regionName,
    storeId,
    storeName,
  },
  measures: {
    members: count('会员数', { summary: true }),
    allMembers: { label: '全部会员数', type: 'int', agg: 'max', hidden: true, total: true },
    share: rate('占全部会员', 'members', 'allMembers'),
    visitMembers: count('期间到店会员', { summary: true, width: 110 }),
    spend: { label: '期间消费金额', type: 'money', agg: 'sum', width: 120, summary: true },
    avgSpend: { label: '人均消费', type: 'money', agg: 'ratio', of: { num: 'spend', den: 'visitMembers' }, width: 100 },
    storedBalance: { label: '储值余额', type: 'money', agg: 'sum', width: 120, summary: true, group: '当前持有' },
    sessionsLeft: count('剩余次数', { group: '当前持有' }),
  },
  groupings: [
    { key: 'level', label: '按会员等级', dims: ['levelName'] },
    { key: 'gender', label: '按性别', dims: ['genderName'] },
    { key: 'age', label: '按年龄段', dims: ['ageBand'] },
    { key: 'store', label: '按所属门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
  ],
  filters: { period, storeId: storeFilter, regionId: regionFilter },
  defaultSort: { field: 'members', dir: 'desc' },
  totals: true,
  chart: { type: 'pie', x: 'levelName', series: ['members'] },
  export: true,
  source:
    '会员（member，按所属门店计入数据范围）的等级、性别、生日（年龄按今天计算）与当前持有的有效储值卡本金加赠金、套餐卡剩余次数（member 上随卡变动维护）；期间到店与消费读所选期间该会员在各门店的已完成收银单（member_consume 按日期索引，扣除已退款）。占全部会员为该行会员数占全连锁会员数的比例（任何角色看到的同一行相同）',
});

/** 未到店天数 bands of the recall list: a band's lower bound in days since the last visit. */
export const RECALL_BANDS = [
  { value: 30, label: '30–59天' },
  { value: 60, label: '60–89天' },
  { value: 90, label: '90天以上' },
] as const;
export const RECALL_DAYS_MIN = 30;

/** 会员运营: the members to recall, by store (region) and down to each member. */
export const MEMBER_RECALL = defineReport({
  name: 'memberRecall',
  title: '会员运营',
  page: '/memberOperation',
  kind: 'summary',
  dimensions: {
    regionId,
    regionName,
    storeId,
    storeName,
    memberId: { label: '会员ID', type: 'int', hidden: true },
    memberName: { label: '会员', type: 'text', width: 100 },
    phone: { label: '手机号', type: 'text', width: 120, sort: false },
    lastVisitDay: { label: '最近到店', type: 'date', width: 110 },
    silentDays: { label: '未到店天数', type: 'int', width: 100 },
  },
  measures: {
    recall30: count(RECALL_BANDS[0].label, { group: '待召回会员（未到店）' }),
    recall60: count(RECALL_BANDS[1].label, { group: '待召回会员（未到店）' }),
    recall90: count(RECALL_BANDS[2].label, { group: '待召回会员（未到店）' }),
    recallMembers: count('待召回合计', { summary: true, group: '待召回会员（未到店）' }),
    storedBalance: { label: '储值余额', type: 'money', agg: 'sum', width: 120, summary: true, group: '持有' },
    sessionsLeft: count('剩余次数', { summary: true, group: '持有' }),
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
    {
      key: 'member',
      label: '按会员',
      dims: ['memberId', 'memberName', 'phone', 'storeId', 'storeName', 'lastVisitDay', 'silentDays'],
    },
  ],
  filters: {
    storeId: storeFilter,
    regionId: regionFilter,
    minDays: {
      label: '未到店天数',
      type: 'enum',
      filter: 'eq',
      options: RECALL_BANDS.map((b) => ({ value: String(b.value), label: `${b.value}天及以上` })),
    },
  },
  defaultSort: { field: 'recallMembers', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['recall30', 'recall60', 'recall90'] },
  drill: {
    recallMembers: {
      to: '/memberOperation',
      query: { regionId: { row: 'regionId' }, storeId: { row: 'storeId' }, groupBy: { value: 'member' } },
    },
    memberName: { to: '/personalAccount', query: { id: { row: 'memberId' } } },
  },
  export: true,
  source: `会员（member）今天仍持有有效储值卡余额或套餐卡次数（member 上随卡变动维护的 stored_valid / sessions_valid），且距最近到店（last_visit_day，收银单写入时维护；从未到店按入会日）已满 ${RECALL_DAYS_MIN} 天，按所属门店计；手机号只显示前三位和后四位`,
});

/**
 * The dashboard (/OperationManagement 经营分析) reads the same bindings with its own code: the
 * chain's (the caller's stores') figures by region, the daily trend, the recall counts.
 */
const dashboard = <R extends { name: string; page: string; export?: boolean; drill?: unknown }>(
  decl: R,
  name: string,
): R => ({ ...decl, name, page: '/OperationManagement', export: false, drill: undefined });

export const OPS_DASHBOARD_MEMBERS = defineReport(dashboard(MEMBER_OPS_REPORT, 'opsDashboardMembers'));
export const OPS_DASHBOARD_TREND = defineReport(dashboard(MEMBER_OPS_TREND, 'opsDashboardTrend'));
export const OPS_DASHBOARD_RECALL = defineReport(dashboard(MEMBER_RECALL, 'opsDashboardRecall'));
/** 预存余额 and its change over the period: /asstes's figures. */
export const OPS_DASHBOARD_ASSETS = defineReport(dashboard(MEMBER_ASSETS, 'opsDashboardAssets'));

export const MEMBER_OPS_REPORTS = [
  MEMBER_OPS_REPORT,
  MEMBER_OPS_TREND,
  CUSTOMER_ANALYSIS,
  MEMBER_RECALL,
  OPS_DASHBOARD_MEMBERS,
  OPS_DASHBOARD_TREND,
  OPS_DASHBOARD_RECALL,
  OPS_DASHBOARD_ASSETS,
] as const;
