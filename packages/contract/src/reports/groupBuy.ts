/**
 * 团购评价 (/XMDReviewReport, issue 16): the reviews members wrote of our stores' shops on the
 * group-buy platforms (美团/大众点评, 抖音), pulled from each platform (docs/group-buy.md), by store,
 * platform and period: how many, good (4–5 stars), neutral (3) and bad (1–2 stars), and their rates.
 */
import { GROUPBUY_PLATFORMS } from '../entities/groupBuy';
import { defineReport } from '../report/define';
import { summed } from '../report/measures';
import { period, regionFilter, regionId, regionName, storeFilter, storeId, storeName } from './memberAssets';

export const XMD_REVIEW = defineReport({
  name: 'xmdReview',
  title: '团购评价',
  page: '/XMDReviewReport',
  kind: 'summary',
  dimensions: {
    regionId,
    regionName,
    storeId,
    storeName: { ...storeName, fixed: undefined },
    platform: { label: '平台', type: 'enum', options: GROUPBUY_PLATFORMS, width: 110 },
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    reviews: summed('评价数', { summary: true }),
    good: summed('好评（4-5 星）', { width: 120, group: '评价分布' }),
    neutral: summed('中评（3 星）', { width: 110, group: '评价分布' }),
    bad: summed('差评（1-2 星）', { width: 120, group: '评价分布', summary: true }),
    goodRate: { label: '好评率', type: 'percent', agg: 'ratio', of: { num: 'good', den: 'reviews' }, width: 90 },
    badRate: { label: '差评率', type: 'percent', agg: 'ratio', of: { num: 'bad', den: 'reviews' }, width: 90 },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    {
      key: 'storePlatform',
      label: '按门店和平台',
      dims: ['regionId', 'regionName', 'storeId', 'storeName', 'platform'],
    },
    { key: 'platform', label: '按平台', dims: ['platform'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { ...period, label: '评价日期', preset: 'last30Days' },
    storeId: storeFilter,
    regionId: regionFilter,
    platform: { label: '平台', type: 'enum', filter: 'eq', options: GROUPBUY_PLATFORMS },
  },
  defaultSort: { field: 'reviews', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['good', 'bad'] },
  export: true,
  source:
    '团购平台上门店的评价（每小时由任务「拉取团购评价」或在团购开放平台「拉取评价」拉取），按评价时间的北京日期计入期间，按绑定门店计入数据范围',
});

export const GROUPBUY_REPORTS = [XMD_REVIEW] as const;
