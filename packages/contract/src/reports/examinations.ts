/**
 * /examiningReport 检测报告: the scalp examinations the stores' devices sent (entities/examination.ts),
 * newest first, in the caller's data scope by the report's store. Opened bare it lists every
 * report; with a member's id (the tab of /personalAccount, or /examiningReport?memberId=…) only
 * that member's. A report's number opens /examiningDetail.
 */
import { EXAM_GRADES } from '../entities/examination';
import { defineReport } from '../report/define';

export const EXAMINING_REPORT = defineReport({
  name: 'examinationReport',
  title: '检测报告',
  page: '/examiningReport',
  kind: 'detail',
  source: '头皮检测报告（examination）与其检测值（examination_value）',
  dimensions: {
    id: { label: '报告ID', type: 'int', hidden: true },
    reportNo: { label: '报告编号', type: 'text', width: 150, fixed: 'left' },
    storeName: { label: '门店', type: 'text', width: 130 },
    memberName: { label: '会员', type: 'text', width: 100 },
    memberPhone: { label: '手机号', type: 'text', width: 120 },
    staffName: { label: '检测技师', type: 'text', width: 100 },
    examinedAt: { label: '检测时间', type: 'datetime', width: 170 },
    grade: { label: '总体评级', type: 'enum', options: EXAM_GRADES, width: 90 },
    summary: { label: '异常项目', type: 'text', width: 220, sort: false },
    conclusion: { label: '结论', type: 'text', width: 240, sort: false },
  },
  measures: {
    itemCount: { label: '检测项数', type: 'int', agg: 'sum', total: false },
    abnormalCount: { label: '异常项数', type: 'int', agg: 'sum', total: false },
  },
  filters: {
    memberId: { label: '会员', type: 'int', filter: 'eq', fixed: true },
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '检测日期', type: 'date', filter: 'range', period: true },
    memberPhone: { label: '会员手机号', type: 'text', filter: 'like' },
    grade: { label: '总体评级', type: 'enum', options: EXAM_GRADES, filter: 'eq' },
  },
  defaultSort: { field: 'examinedAt', dir: 'desc', thenBy: 'id' },
  drill: { reportNo: { to: '/examiningDetail', query: { id: { row: 'id' } } } },
});

export const EXAMINATION_REPORTS = [EXAMINING_REPORT];
