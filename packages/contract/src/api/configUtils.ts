/**
 * The declared settings (contract/settings) with their history: /configUtils (配置工具, the
 * server's own, and refreshing the permissions cache of every instance) and /otherConfig (其他配置,
 * the business switches and thresholds). Each page reads and changes only its own settings.
 * Secrets are not settings and never appear here.
 */
import { z } from 'zod';
import {
  isSettingKey,
  SETTINGS,
  type SettingDef,
  type SettingKey,
  type SettingPage,
  type SettingValue,
  settingSchema,
} from '../settings';
import { endpoint } from './endpoint';
import { buttonAccess, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export interface SettingRow {
  key: SettingKey;
  /** int: a whole number within min–max; url: a web address of at most max characters; switch: 1 开启 / 0 关闭. */
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

/** A change: a key of the page and a value within its bounds (messages on `key` and `value`). */
export const settingUpdateBodyOf = (page: SettingPage) =>
  z
    .object({
      key: z.string({ error: '请选择配置项' }).trim().min(1, '请选择配置项'),
      value: z.union([z.number(), z.string(), z.boolean()], { error: '请填写配置值' }),
    })
    .transform((b, ctx) => {
      if (!isSettingKey(b.key) || SETTINGS[b.key].page !== page) {
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

export type SettingUpdate = { key: SettingKey; value: SettingValue };

/** A settings page's three calls under `/rest/<page>/`: its settings, a change, their history. */
const settingsApiOf = (page: SettingPage) => {
  const base = `/rest${page}`;
  return {
    page,
    list: endpoint<undefined, undefined, SettingRow[]>({
      method: 'GET',
      path: `${base}/list`,
      access: pageAccess(page),
      summary: '配置项列表',
    }),
    update: endpoint<undefined, SettingUpdate, SettingRow>({
      method: 'POST',
      path: `${base}/update`,
      access: buttonAccess(page, 'edit'),
      body: settingUpdateBodyOf(page),
      summary: '修改配置项',
    }),
    history: endpoint<z.output<typeof settingHistoryQuery>, undefined, Page<SettingChangeRow>>({
      method: 'GET',
      path: `${base}/history`,
      access: pageAccess(page),
      query: settingHistoryQuery,
      summary: '配置修改历史',
    }),
  };
};

export type SettingsApi = ReturnType<typeof settingsApiOf>;

/** /otherConfig: the business switches and thresholds. */
export const OTHER_CONFIG_API = settingsApiOf('/otherConfig');

/** /shrConfig's switches (the rest of the page is entities/shr.ts). */
export const SHR_SETTINGS_API = settingsApiOf('/shrConfig');

/** /SMSmessage's limits and price (the rest of the page is entities/notify.ts). */
export const SMS_SETTINGS_API = settingsApiOf('/SMSmessage');

export const CONFIG_API = {
  ...settingsApiOf('/configUtils'),
  /** Bumps the permissions version: every instance re-reads role codes on its next call. */
  refreshPermissions: endpoint<undefined, undefined, { version: string }>({
    method: 'POST',
    path: '/rest/configUtils/refreshPermissions',
    access: buttonAccess('/configUtils', 'edit'),
    summary: '刷新权限缓存',
  }),
} as const;
