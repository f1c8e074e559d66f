/**
 * Server settings an administrator may view and change in /configUtils. Each is declared once
 * here with its Chinese label, type, default and bounds; the server reads them through
 * platform/settings and validates a change with `settingSchema`. Secrets never appear here.
 */
import { z } from 'zod';

export interface IntSetting {
  type: 'int';
  label: string;
  description: string;
  default: number;
  min: number;
  max: number;
  unit: string;
}

export type SettingDef = IntSetting;

export const SETTINGS = {
  exportRetentionDays: {
    type: 'int',
    label: '导出文件保留天数',
    description: '下载中心的导出文件保留多少天，过期后自动删除',
    default: 7,
    min: 1,
    max: 90,
    unit: '天',
  },
  uploadMaxKb: {
    type: 'int',
    label: '图片上传大小上限',
    description: '单张上传图片的最大体积',
    default: 5120,
    min: 100,
    max: 10240,
    unit: 'KB',
  },
  operationLogRetentionDays: {
    type: 'int',
    label: '操作日志保留天数',
    description: '操作日志与接口日志保留多少天',
    default: 180,
    min: 30,
    max: 3650,
    unit: '天',
  },
} as const satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof SETTINGS;

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);

/** The zod schema of one setting's value. */
export const settingSchema = (key: SettingKey) => {
  const def: SettingDef = SETTINGS[key];
  return z.coerce
    .number({ error: `${def.label}须为整数` })
    .int(`${def.label}须为整数`)
    .min(def.min, `${def.label}不能小于 ${def.min}${def.unit}`)
    .max(def.max, `${def.label}不能大于 ${def.max}${def.unit}`);
};
