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

/** Kinds of system event (/systemLog), with their Chinese names. */
export const SYSTEM_EVENT_KINDS = {
  server_start: '服务启动',
  server_stop: '服务停止',
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  job_failed: '定时任务失败',
  unhandled_error: '系统异常',
} as const;

export type EventKind = keyof typeof SYSTEM_EVENT_KINDS;

export const EVENT_LEVELS = {
  info: { label: '信息', color: 'blue' },
  warn: { label: '警告', color: 'gold' },
  error: { label: '错误', color: 'red' },
} as const;

export type EventLevel = keyof typeof EVENT_LEVELS;

const KIND_COLORS: Partial<Record<EventKind, string>> = {
  login_failed: 'orange',
  job_failed: 'red',
  unhandled_error: 'red',
};

export const SYSTEM_LOG = defineResource({
  name: 'systemLog',
  title: '系统日志',
  page: '/systemLog',
  api: '/rest/systemLog',
  rowLabel: 'message',
  defaultSort: { field: 'at', dir: 'desc' },
  sections: ['事件', '详情'],
  actions: { export: true },
  fields: {
    at: { label: '时间', type: 'datetime', list: { width: 170 }, filter: 'range', sort: true },
    level: {
      label: '级别',
      type: 'enum',
      options: Object.entries(EVENT_LEVELS).map(([value, l]) => ({ value, label: l.label, color: l.color })),
      list: { width: 80 },
      filter: 'eq',
    },
    kind: {
      label: '类型',
      type: 'enum',
      options: Object.entries(SYSTEM_EVENT_KINDS).map(([value, label]) => ({
        value,
        label,
        color: KIND_COLORS[value as EventKind],
      })),
      list: { width: 120 },
      filter: 'in',
    },
    message: { label: '内容', type: 'text', list: true, filter: 'like' },
    loginName: { label: '账号', type: 'text', list: { width: 130 }, filter: 'like' },
    ip: { label: 'IP', type: 'text', list: { width: 130 }, filter: 'like' },
    instance: { label: '服务实例', type: 'text', list: { width: 160 } },
    detail: { label: '详情', type: 'json', section: '详情', export: false },
  },
});
