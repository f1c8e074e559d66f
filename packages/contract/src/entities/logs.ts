/** The log pages of 系统运维: /operationLog (every write) and /apiLog (every call); read-only, exportable. */
import { defineResource } from '../resource/define';

export const OPERATION_LOG = defineResource({
  name: 'operationLog',
  title: '操作日志',
  page: '/operationLog',
  api: '/rest/operationLog',
  rowLabel: 'action',
  defaultSort: { field: 'at', dir: 'desc' },
  sections: ['操作', '变更内容'],
  actions: { export: true },
  fields: {
    at: { label: '操作时间', type: 'datetime', list: { width: 170 }, filter: 'range', sort: true },
    userName: { label: '操作人', type: 'text', list: { width: 120 }, filter: 'like' },
    loginName: { label: '登录账号', type: 'text', list: { width: 130 }, filter: 'like' },
    action: { label: '操作', type: 'text', list: { width: 200 }, filter: 'like', sort: true },
    target: { label: '对象', type: 'text', list: { width: 160 }, filter: 'like' },
    before: { label: '修改前', type: 'json', list: { width: 240 }, section: '变更内容' },
    after: { label: '修改后', type: 'json', list: { width: 240 }, section: '变更内容' },
  },
});

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }));

export const API_LOG = defineResource({
  name: 'apiLog',
  title: '接口日志',
  page: '/apiLog',
  api: '/rest/apiLog',
  rowLabel: 'path',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: { export: true },
  fields: {
    at: { label: '调用时间', type: 'datetime', list: { width: 170 }, filter: 'range', sort: true },
    method: { label: '方法', type: 'enum', options: METHODS, list: { width: 80 }, filter: 'eq' },
    path: { label: '接口路径', type: 'text', list: true, filter: 'like' },
    userName: { label: '调用人', type: 'text', list: { width: 120 }, filter: 'like' },
    errcode: { label: '返回码', type: 'text', list: { width: 140 }, filter: 'eq' },
    status: { label: 'HTTP 状态', type: 'int', list: { width: 100 }, filter: 'eq' },
    ms: { label: '耗时(毫秒)', type: 'int', list: { width: 110 }, filter: 'range', sort: true },
  },
});
