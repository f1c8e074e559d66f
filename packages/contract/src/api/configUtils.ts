/**
 * /configUtils (配置工具): the declared server settings (contract/settings) with their history,
 * and refreshing the permissions cache of every instance. Secrets are not settings and never
 * appear here.
 */
import { z } from 'zod';
import { isSettingKey, type SettingDef, type SettingKey, type SettingValue, settingSchema } from '../settings';
import { endpoint } from './endpoint';
import { buttonAccess, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export interface SettingRow {
  key: SettingKey;
  /** int: a whole number within min–max; url: a web address of at most max characters. */
  type: SettingDef['type'];
  label: string;
  description: string;
  value: SettingValue;
  default: SettingValue;
  unit: string;
  min: number;
  max: number;
  updatedBy: string | null;
  updatedAt: string | null;
}

export interface SettingChangeRow {
  id: number;
  key: string;
  label: string;
  oldValue: string;
  newValue: string;
  userName: string | null;
  at: string;
}

/** A change: a known key and a value within its bounds (messages on `key` and `value`). */
export const settingUpdateBody = z
  .object({
    key: z.string({ error: '请选择配置项' }).trim().min(1, '请选择配置项'),
    value: z.union([z.number(), z.string()], { error: '请填写配置值' }),
  })
  .transform((b, ctx) => {
    if (!isSettingKey(b.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: '配置项不存在' });
      return z.NEVER;
    }
    const typed = typeof b.value === 'string' && b.value.trim() === '' ? Number.NaN : b.value;
    const value = settingSchema(b.key).safeParse(typed);
    if (!value.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: value.error.issues[0]?.message ?? '配置值无效' });
      return z.NEVER;
    }
    return { key: b.key as SettingKey, value: value.data };
  });

export const settingHistoryQuery = pagingQuery.extend({
  key: z.string().trim().max(64).optional(),
});

const READ = pageAccess('/configUtils');
const EDIT = buttonAccess('/configUtils', 'edit');

export const CONFIG_API = {
  list: endpoint<undefined, undefined, SettingRow[]>({
    method: 'GET',
    path: '/rest/configUtils/list',
    access: READ,
    summary: '配置项列表',
  }),
  update: endpoint<undefined, z.output<typeof settingUpdateBody>, SettingRow>({
    method: 'POST',
    path: '/rest/configUtils/update',
    access: EDIT,
    body: settingUpdateBody,
    summary: '修改配置项',
  }),
  history: endpoint<z.output<typeof settingHistoryQuery>, undefined, Page<SettingChangeRow>>({
    method: 'GET',
    path: '/rest/configUtils/history',
    access: READ,
    query: settingHistoryQuery,
    summary: '配置修改历史',
  }),
  /** Bumps the permissions version: every instance re-reads role codes on its next call. */
  refreshPermissions: endpoint<undefined, undefined, { version: string }>({
    method: 'POST',
    path: '/rest/configUtils/refreshPermissions',
    access: EDIT,
    summary: '刷新权限缓存',
  }),
} as const;
