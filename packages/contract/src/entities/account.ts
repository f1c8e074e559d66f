/**
 * Accounts (SPEC §7.7, /accountManagement and /accountDetail) and the account overview
 * (/accountInfoList). The list, count, detail and modify calls sit at SPEC's paths; setCa,
 * reset password and the batch 启用/停用 are this console's own calls in the same style.
 */
import { z } from 'zod';
import { ADMIN, endpoint } from '../api/endpoint';
import { buttonAccess, buttonCodeOf, pageAccess } from '../api/pageAccess';
import { LOGIN_ACCOUNT_MAX_LENGTH, STORE_EMPLOYEE_ACCOUNT_PREFIX } from '../constants';
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch } from '../resource/define';
import { filterSchema, idParams } from '../resource/schemas';
import { MSG, newPasswordSchema } from '../rules';

export const ACCOUNT_KINDS = [
  { value: 'hq', label: '总部员工', color: 'blue' },
  { value: 'boss', label: '门店老板', color: 'gold' },
  { value: 'store', label: '门店员工', color: 'cyan' },
] as const;

const ENABLED = { yes: '启用', no: '停用', color: 'green' } as const;

export const ACCOUNT = defineResource({
  name: 'account',
  title: '账号',
  page: '/accountManagement',
  detailPage: '/accountDetail',
  api: '/rest/acct',
  paths: { update: { method: 'PUT', path: '/rest/acct/modify' } },
  rowLabel: 'loginName',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  sections: ['基本信息', '状态'],
  actions: { create: true, update: true, export: true },
  batch: enableDisableBatch('停用后这些账号将立即退出登录且无法再登录，确定停用？', { button: 'enable' }),
  fields: {
    loginName: {
      label: '登录账号',
      type: 'text',
      required: true,
      createOnly: true,
      max: LOGIN_ACCOUNT_MAX_LENGTH,
      pattern: { regex: /^[A-Za-z0-9_]+$/, message: '登录账号只能包含字母、数字和下划线' },
      list: { width: 140, fixed: 'left' },
      filter: 'like',
      sort: true,
      help: `总部账号不能以 ${STORE_EMPLOYEE_ACCOUNT_PREFIX} 开头（门店员工账号前缀）`,
    },
    nickname: {
      label: '姓名',
      type: 'text',
      required: true,
      max: 20,
      list: { width: 100 },
      filter: 'like',
      sort: true,
    },
    phone: {
      label: '手机号',
      type: 'text',
      max: 11,
      pattern: { regex: /^1\d{10}$/, message: '请输入 11 位手机号' },
      list: { width: 130 },
      filter: 'like',
    },
    kind: {
      label: '账号类型',
      type: 'enum',
      options: ACCOUNT_KINDS,
      required: true,
      default: 'hq',
      list: { width: 100 },
      filter: 'eq',
    },
    password: {
      label: '初始密码',
      type: 'text',
      required: true,
      createOnly: true,
      writeOnly: true,
      min: 6,
      max: 32,
      pattern: { regex: /^[A-Za-z0-9]+$/, message: MSG.passwordCharset },
      help: '6 到 32 位字母和数字；首次登录后请本人修改',
    },
    wxworkUserid: {
      label: '企业微信账号',
      type: 'text',
      max: 64,
      pattern: { regex: /^[A-Za-z0-9_.@-]+$/, message: '企业微信账号只能包含字母、数字和 _ . @ -' },
      list: { width: 140 },
    },
    roleNames: { label: '角色', type: 'text', readOnly: true, list: { width: 200 }, export: true },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: ENABLED,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
      section: '状态',
    },
    isAdmin: {
      label: '管理员',
      type: 'bool',
      boolLabels: { yes: '是', no: '否', color: 'red' },
      readOnly: true,
      list: { width: 80 },
      section: '状态',
    },
    lockedUntil: { label: '锁定至', type: 'datetime', readOnly: true, section: '状态' },
    createdAt: {
      label: '创建时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
      section: '状态',
    },
  },
});

const accountApi = resourceApi(ACCOUNT);

export const resetPasswordBody = z.object({
  password: newPasswordSchema(MSG.newPasswordRequired),
  confirmPassword: newPasswordSchema(MSG.confirmPasswordRequired),
});

export const setCaBody = z.object({ admin: z.boolean({ error: '请选择是否设为管理员' }) });

export const ACCOUNT_API = {
  ...accountApi,
  /** How many accounts the list's filters match (SPEC §7.7 count). */
  count: endpoint<Record<string, unknown>, undefined, number>({
    method: 'GET',
    path: '/rest/acct/count',
    access: pageAccess(ACCOUNT.page),
    query: filterSchema(ACCOUNT) as never,
    summary: '账号数量',
  }),
  /** setCa: grant or take away the administrator flag; administrators only. */
  setCa: endpoint<undefined, z.infer<typeof setCaBody>, { id: number }>({
    method: 'POST',
    path: '/rest/acct/setCa/:id',
    access: ADMIN,
    params: idParams,
    body: setCaBody,
    summary: '设置或取消管理员',
  }),
  resetPassword: endpoint<undefined, z.infer<typeof resetPasswordBody>, { id: number }>({
    method: 'POST',
    path: '/rest/acct/resetPassword/:id',
    access: buttonAccess(ACCOUNT.page, 'edit'),
    params: idParams,
    body: resetPasswordBody,
    summary: '重置密码',
  }),
};

/** /accountInfoList: every account and the systems it is open in, read-only, exportable. */
export const ACCOUNT_INFO = defineResource({
  name: 'accountInfo',
  title: '账号信息',
  page: '/accountInfoList',
  api: '/rest/accountInfo',
  rowLabel: 'loginName',
  defaultSort: { field: 'loginName', dir: 'asc' },
  actions: { export: true },
  fields: {
    loginName: { label: '登录账号', type: 'text', list: { width: 140 }, filter: 'like', sort: true },
    nickname: { label: '姓名', type: 'text', list: { width: 100 }, filter: 'like' },
    phone: { label: '手机号', type: 'text', list: { width: 130 }, filter: 'like' },
    kind: { label: '账号类型', type: 'enum', options: ACCOUNT_KINDS, list: { width: 100 }, filter: 'eq' },
    enabled: { label: '总部后台', type: 'bool', boolLabels: ENABLED, list: { width: 90 }, filter: 'eq' },
    wxworkBound: {
      label: '企业微信',
      type: 'bool',
      boolLabels: { yes: '已绑定', no: '未绑定', color: 'green' },
      list: { width: 90 },
      filter: 'eq',
    },
    roleCount: { label: '角色数', type: 'int', list: { width: 80 }, sort: true },
    lastLoginAt: { label: '最近登录', type: 'datetime', list: { width: 170 }, filter: 'range', sort: true },
    locked: {
      label: '锁定',
      type: 'bool',
      boolLabels: { yes: '已锁定', no: '正常', color: 'red' },
      list: { width: 80 },
    },
  },
});

/** Buttons of /accountManagement the pages check. */
export const ACCOUNT_BUTTONS = {
  edit: buttonCodeOf(ACCOUNT.page, 'edit'),
  enable: buttonCodeOf(ACCOUNT.page, 'enable'),
};
