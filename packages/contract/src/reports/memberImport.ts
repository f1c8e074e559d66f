/**
 * 会员迁入记录与明细（issue 15）: /moveInList lists the imports (迁入批次) with their state, counts and
 * progress; /moveInDetailList embeds the rows of one import (its id fixed) with each row's outcome
 * and the member and card it created. An import is seen when its rows' stores lie in the caller's
 * data scope; a row when its store does.
 */
import { MEMBER_IMPORT_ROW_OUTCOMES, MEMBER_IMPORT_STATES } from '../entities/memberImport';
import type { AnyReport } from '../report/define';
import { defineReport } from '../report/define';

/** /moveInList 迁入记录: one row per import. */
export const MEMBER_IMPORTS = defineReport({
  name: 'memberImports',
  title: '迁入记录',
  page: '/moveInList',
  kind: 'detail',
  source: '会员迁入批次（member_import）',
  dimensions: {
    id: { label: '批次ID', type: 'int', hidden: true },
    batchNo: { label: '迁入批次号', type: 'text', width: 130, fixed: 'left' },
    fileName: { label: '文件', type: 'text', width: 200 },
    state: { label: '状态', type: 'enum', options: MEMBER_IMPORT_STATES, width: 90 },
    createdByName: { label: '操作人', type: 'text', width: 100 },
    createdAt: { label: '上传时间', type: 'datetime', width: 170 },
    finishedAt: { label: '完成时间', type: 'datetime', width: 170 },
    /** Why a run ended 导入失败 (a batch refused, or a run lost to restarts too often). */
    failure: { label: '失败原因', type: 'text', width: 260 },
  },
  measures: {
    totalRows: { label: '总行数', type: 'int', agg: 'sum', group: '行数' },
    errorRows: { label: '有误', type: 'int', agg: 'sum', group: '行数' },
    skippedRows: { label: '跳过', type: 'int', agg: 'sum', group: '行数' },
    readyRows: { label: '可导入', type: 'int', agg: 'sum', group: '行数' },
    createdRows: { label: '已导入', type: 'int', agg: 'sum', group: '行数', summary: true },
    processedRows: { label: '已处理', type: 'int', agg: 'sum', hidden: true },
    progress: {
      label: '进度',
      type: 'percent',
      agg: 'ratio',
      of: { num: 'processedRows', den: 'readyRows' },
      group: '行数',
    },
    newMembers: { label: '新会员', type: 'int', agg: 'sum', summary: true },
    cards: { label: '会员卡', type: 'int', agg: 'sum', summary: true },
    principal: { label: '储值本金', type: 'money', agg: 'sum', group: '迁入资产' },
    bonus: { label: '储值赠金', type: 'money', agg: 'sum', group: '迁入资产' },
    sessions: { label: '套餐次数', type: 'int', agg: 'sum', group: '迁入资产' },
  },
  filters: {
    createdAt: { label: '上传日期', type: 'date', filter: 'range', period: true },
    state: { label: '状态', type: 'enum', options: MEMBER_IMPORT_STATES, filter: 'eq' },
    fileName: { label: '文件', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'createdAt', dir: 'desc', thenBy: 'id' },
  totals: true,
  drill: { batchNo: { to: '/moveInDetailList', query: { id: { row: 'id' } } } },
  export: true,
});

/** The rows of one import (/moveInDetailList), each opening /moveInDetail. */
export const MEMBER_IMPORT_ROWS = defineReport({
  name: 'memberImportRows',
  title: '迁入明细',
  page: '/moveInDetailList',
  kind: 'detail',
  source: '会员迁入明细（member_import_row）',
  dimensions: {
    id: { label: '明细ID', type: 'int', hidden: true },
    storeId: { label: '门店ID', type: 'int', hidden: true },
    rowNo: { label: '行号', type: 'int', width: 70, fixed: 'left' },
    outcome: { label: '结果', type: 'enum', options: MEMBER_IMPORT_ROW_OUTCOMES, width: 100 },
    message: { label: '说明', type: 'text', width: 260 },
    name: { label: '会员姓名', type: 'text', width: 90 },
    phone: { label: '手机号', type: 'text', width: 120 },
    storeName: { label: '所属门店', type: 'text', width: 130 },
    cardName: { label: '卡项', type: 'text', width: 140 },
    cardNo: { label: '原卡号', type: 'text', width: 120 },
    memberCode: { label: '会员编号', type: 'text', width: 110 },
    memberCardNo: { label: '新卡号', type: 'text', width: 110 },
  },
  measures: {
    principal: { label: '储值本金', type: 'money', agg: 'sum', group: '迁入资产', summary: true },
    bonus: { label: '储值赠金', type: 'money', agg: 'sum', group: '迁入资产', summary: true },
    sessions: { label: '套餐次数', type: 'int', agg: 'sum', group: '迁入资产', summary: true },
  },
  filters: {
    importId: { label: '迁入批次', type: 'int', filter: 'eq', required: true, fixed: true },
    outcome: { label: '结果', type: 'enum', options: MEMBER_IMPORT_ROW_OUTCOMES, filter: 'eq' },
    phone: { label: '手机号', type: 'text', filter: 'like' },
    cardNo: { label: '原卡号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'rowNo', dir: 'asc', thenBy: 'id' },
  totals: true,
  drill: { rowNo: { to: '/moveInDetail', query: { id: { row: 'id' } } } },
});

export const MEMBER_IMPORT_REPORTS: readonly AnyReport[] = [MEMBER_IMPORTS, MEMBER_IMPORT_ROWS];
