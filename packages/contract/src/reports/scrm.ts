/**
 * SCRM 报表 (issue 17, SPEC §2.10; the category hides when the caller sees no SCRM store) over the
 * WeCom customers of the SCRM stores (entities/scrm.ts, as the last sync read them), their bills and
 * the stores' follow-ups:
 * - /newCustomer 新客分析: customers added in the period, by store, staff and day — how many are
 *   members, how many came to the store after being added;
 * - /oldCustomer 老客分析: the visits in the period of customers added before the visit;
 * - /customerFollow 客户跟进: the SCRM stores' follow-ups due in the period, done, on time, overdue;
 * - /memberTag 客户标签: the current customers by WeCom tag and store.
 */

import { defineReport, type ReportFilterDef } from '../report/define';
import { ratioOf, summed } from '../report/measures';
import { period, regionFilter, regionId, regionName, storeFilter, storeId, storeName } from './memberAssets';

const count = summed;
const rate = ratioOf;

const staffId = { label: '员工ID', type: 'int', hidden: true } as const;
const staffName = { label: '员工', type: 'text', width: 120 } as const;
const store = { regionId, regionName, storeId, storeName: { ...storeName, fixed: undefined } };
const month = { label: '月份', type: 'date', bucket: 'month', width: 100 } as const;
const day = { label: '日期', type: 'date', bucket: 'day', width: 110 } as const;
const staffFilter: ReportFilterDef = { label: '员工', type: 'int', filter: 'eq', picker: 'staff' };
const storeDims = ['regionId', 'regionName', 'storeId', 'storeName'];

export const NEW_CUSTOMER = defineReport({
  name: 'newCustomer',
  title: '新客分析',
  page: '/newCustomer',
  kind: 'summary',
  dimensions: { ...store, staffId, staffName, day, month },
  measures: {
    added: count('新增客户', { summary: true }),
    members: count('关联会员', { summary: true }),
    visited: count('添加后到店', { summary: true }),
    removed: count('已删除', { width: 80 }),
    memberRate: rate('会员关联率', 'members', 'added'),
    visitRate: rate('到店转化率', 'visited', 'added'),
  },
  groupings: [
    { key: 'store', label: '按门店', dims: storeDims },
    { key: 'staff', label: '按员工', dims: [...storeDims, 'staffId', 'staffName'] },
    { key: 'day', label: '按日期', dims: ['day'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { ...period, label: '添加日期', preset: 'last30Days' },
    storeId: storeFilter,
    regionId: regionFilter,
    staffId: staffFilter,
  },
  defaultSort: { field: 'added', dir: 'desc' },
  totals: true,
  chart: { type: 'line', x: 'day', series: ['added', 'visited'] },
  export: true,
  source:
    '企业微信客户（最近一次同步读取，按添加员工所在门店计入数据范围，按添加时间的北京日期计入期间）与会员的收银单',
});

export const OLD_CUSTOMER = defineReport({
  name: 'oldCustomer',
  title: '老客分析',
  page: '/oldCustomer',
  kind: 'summary',
  dimensions: { ...store, staffId, staffName, month },
  measures: {
    customers: { label: '到店老客', type: 'int', agg: 'countDistinct', width: 100, summary: true },
    visits: count('到店次数', { summary: true }),
    amount: { label: '消费金额', type: 'money', agg: 'sum', width: 120, summary: true },
    perVisit: { label: '次均消费', type: 'money', agg: 'ratio', of: { num: 'amount', den: 'visits' }, width: 110 },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: storeDims },
    { key: 'staff', label: '按员工', dims: [...storeDims, 'staffId', 'staffName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { ...period, label: '消费日期' },
    storeId: storeFilter,
    regionId: regionFilter,
    staffId: staffFilter,
  },
  defaultSort: { field: 'amount', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['amount'] },
  export: true,
  source: '企业微信客户在添加之后于该门店的已完成收银单（按单据门店计入数据范围，按消费时间的北京日期计入期间）',
});

export const CUSTOMER_FOLLOW = defineReport({
  name: 'customerFollow',
  title: '客户跟进',
  page: '/customerFollow',
  kind: 'summary',
  dimensions: { ...store, staffId, staffName, month },
  measures: {
    due: count('应跟进', { summary: true }),
    done: count('已跟进', { summary: true }),
    onTime: count('按时跟进'),
    overdue: count('逾期未跟进', { summary: true, width: 100 }),
    wechat: count('微信跟进'),
    doneRate: rate('完成率', 'done', 'due'),
    onTimeRate: rate('按时率', 'onTime', 'due'),
  },
  groupings: [
    { key: 'store', label: '按门店', dims: storeDims },
    { key: 'staff', label: '按员工', dims: [...storeDims, 'staffId', 'staffName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { ...period, label: '应跟进日期' },
    storeId: storeFilter,
    regionId: regionFilter,
    staffId: staffFilter,
  },
  defaultSort: { field: 'due', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['done', 'overdue'] },
  export: true,
  source: 'SCRM 门店的会员跟进（门店经开放接口提交），按应跟进日期计入期间；逾期 = 应跟进日期已过仍未跟进',
});

export const CUSTOMER_TAG = defineReport({
  name: 'customerTag',
  title: '客户标签',
  page: '/memberTag',
  kind: 'summary',
  dimensions: {
    tagGroup: { label: '标签组', type: 'text', width: 120, fixed: 'left' },
    tagName: { label: '企业微信标签', type: 'text', width: 140, fixed: 'left' },
    ...store,
  },
  measures: {
    customers: { label: '客户数', type: 'int', agg: 'countDistinct', width: 90, summary: true },
    members: { label: '其中会员', type: 'int', agg: 'countDistinct', width: 90, summary: true },
  },
  groupings: [
    { key: 'tag', label: '按标签', dims: ['tagGroup', 'tagName'] },
    { key: 'tagStore', label: '按标签和门店', dims: ['tagGroup', 'tagName', ...storeDims] },
  ],
  filters: {
    storeId: storeFilter,
    regionId: regionFilter,
    tagName: { label: '企业微信标签', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'customers', dir: 'desc' },
  totals: false,
  chart: { type: 'bar', x: 'tagName', series: ['customers'] },
  export: true,
  source: '企业微信客户（未删除）与其企业微信标签，最近一次同步读取；按添加员工所在门店计入数据范围',
});

export const SCRM_REPORTS = [NEW_CUSTOMER, OLD_CUSTOMER, CUSTOMER_FOLLOW, CUSTOMER_TAG] as const;
