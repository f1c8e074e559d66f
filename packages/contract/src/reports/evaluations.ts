/**
 * 评价统计 (issue 17) over the members' evaluations (entities/evaluation.ts), each counted at its
 * bill's store, in the Beijing day it arrived, under the grade it was given then:
 * - /satisfactionRateList 满意度统计: by store, region, staff or month, ranked by 满意度;
 * - /satisfactionRateListCharts 满意度趋势: the same figures by day, week or month (line chart);
 * - /nurseReviewCnt 护理师评价统计: per staff rated (护理师), the reviews they received.
 *
 * 满意度 = 好评数 ÷ 评价数; 差评率 = 差评数 ÷ 评价数; 得分率 = the scores given ÷ the most they could be
 * (each evaluation at its own scale), all recomputed for the totals row.
 */
import { defineReport, type MeasureDef, type ReportFilterDef } from '../report/define';
import { ratioOf, summed } from '../report/measures';
import { period, regionFilter, regionId, regionName, storeFilter, storeId, storeName } from './memberAssets';

const SOURCE =
  '会员评价（evaluation，开放接口提交，按收银单门店计入数据范围，按评价时间的北京日期计入期间）；评价等级在评价到达时按当时的评价设置判定';

const measures = {
  evaluations: summed('评价数', { summary: true }),
  good: summed('好评数', { group: '评价等级' }),
  neutral: summed('中评数', { group: '评价等级' }),
  bad: summed('差评数', { summary: true, group: '评价等级' }),
  satisfaction: ratioOf('满意度', 'good', 'evaluations', { summary: true }),
  badRate: ratioOf('差评率', 'bad', 'evaluations'),
  scorePoints: summed('得分', { hidden: true }),
  fullPoints: summed('满分', { hidden: true }),
  scoreRate: ratioOf('得分率', 'scorePoints', 'fullPoints'),
  replied: summed('已回复', { group: '回复与处理' }),
  badClosed: summed('差评已关闭', { group: '回复与处理', width: 100 }),
} satisfies Record<string, MeasureDef>;

const staffId = { label: '员工ID', type: 'int', hidden: true } as const;
const staffName = { label: '员工', type: 'text', width: 160 } as const;
const staffFilter: ReportFilterDef = { label: '员工', type: 'int', filter: 'eq', picker: 'staff' };
const evaPeriod: ReportFilterDef = { ...period, label: '评价日期', preset: 'last30Days' };

const filters = { period: evaPeriod, storeId: storeFilter, regionId: regionFilter, staffId: staffFilter };

/** /satisfactionRateList 满意度统计: the ranking of stores (regions, staff, months) by 满意度. */
export const SATISFACTION_RATE = defineReport({
  name: 'satisfactionRate',
  title: '满意度统计',
  page: '/satisfactionRateList',
  kind: 'summary',
  dimensions: {
    regionId,
    regionName,
    storeId,
    storeName,
    staffId,
    staffName,
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures,
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
    { key: 'staff', label: '按员工', dims: ['staffId', 'staffName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters,
  defaultSort: { field: 'satisfaction', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['satisfaction', 'badRate'] },
  export: true,
  source: SOURCE,
});

/** /satisfactionRateListCharts 满意度趋势: 满意度, 差评率 and 得分率 by day, week or month. */
export const SATISFACTION_TREND = defineReport({
  name: 'satisfactionTrend',
  title: '满意度趋势',
  page: '/satisfactionRateListCharts',
  kind: 'summary',
  dimensions: {
    day: { label: '日期', type: 'date', bucket: 'day', width: 110, fixed: 'left' },
    week: { label: '周（周一）', type: 'date', bucket: 'week', width: 110, fixed: 'left' },
    month: { label: '月份', type: 'date', bucket: 'month', width: 110, fixed: 'left' },
  },
  measures,
  groupings: [
    { key: 'day', label: '按日', dims: ['day'] },
    { key: 'week', label: '按周', dims: ['week'] },
    { key: 'month', label: '按月', dims: ['month'] },
  ],
  filters,
  defaultSort: { field: 'day', dir: 'asc' },
  totals: true,
  chart: { type: 'line', x: 'day', series: ['satisfaction', 'badRate', 'scoreRate'] },
  export: true,
  source: SOURCE,
});

/** /nurseReviewCnt 护理师评价统计: per staff rated, the reviews received and how they went. */
export const NURSE_REVIEW_CNT = defineReport({
  name: 'nurseReviewCnt',
  title: '护理师评价统计',
  page: '/nurseReviewCnt',
  kind: 'summary',
  dimensions: {
    staffId,
    staffName: { ...staffName, fixed: 'left' },
    regionName: { label: '大区', type: 'text', width: 100 },
    storeName: { label: '门店', type: 'text', width: 140 },
  },
  measures,
  groupings: [
    { key: 'staff', label: '按护理师', dims: ['staffId', 'staffName', 'regionName', 'storeName'] },
    { key: 'staffOnly', label: '按护理师（合并门店）', dims: ['staffId', 'staffName'] },
  ],
  filters,
  defaultSort: { field: 'evaluations', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'staffName', series: ['good', 'neutral', 'bad'] },
  export: true,
  source: `${SOURCE}；只计指明了被评员工的评价，门店为评价所属收银单的门店`,
});

export const EVALUATION_REPORTS = [SATISFACTION_RATE, SATISFACTION_TREND, NURSE_REVIEW_CNT];
