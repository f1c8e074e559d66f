/**
 * 短信费用明细 (/aliSmsLog, 加盟核算, issue 17) over the SMS outbox (entities/notify.ts): the SMS
 * each store was charged for, by day or month. 计费条数 are the parts a long SMS is sent in; 费用 is
 * what each part cost when it was sent (/SMSmessage 短信单价). Test sends belong to no store and
 * are left out.
 */

import { defineReport } from '../report/define';
import { summed } from '../report/measures';
import { period, regionFilter, regionId, regionName, storeFilter, storeId, storeName } from './memberAssets';

const count = summed;

export const ALI_SMS_LOG = defineReport({
  name: 'aliSmsLog',
  title: '短信费用明细',
  page: '/aliSmsLog',
  kind: 'summary',
  dimensions: {
    regionId,
    regionName,
    storeId,
    storeName: { ...storeName, fixed: undefined },
    day: { label: '日期', type: 'date', bucket: 'day', width: 110 },
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    messages: count('短信数', { summary: true }),
    sent: count('发送成功', { group: '发送结果' }),
    failed: count('发送失败', { group: '发送结果' }),
    skipped: count('未发送', { group: '发送结果' }),
    segments: count('计费条数', { summary: true }),
    fee: { label: '费用', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionId', 'regionName', 'storeId', 'storeName'] },
    { key: 'storeMonth', label: '按门店和月份', dims: ['regionId', 'regionName', 'storeId', 'storeName', 'month'] },
    { key: 'day', label: '按日期', dims: ['day'] },
    { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
  ],
  filters: {
    period: { ...period, label: '发送日期', preset: 'last30Days' },
    storeId: storeFilter,
    regionId: regionFilter,
  },
  defaultSort: { field: 'fee', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['fee'] },
  export: true,
  source: '短信发送记录（notify_message，不含测试短信），按创建时间的北京日期计入期间，按计费门店计入数据范围；实时',
});

export const NOTIFY_REPORTS = [ALI_SMS_LOG] as const;
