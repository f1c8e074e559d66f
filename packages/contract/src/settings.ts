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

/** A web address (http or https) of at most `max` characters. */
export interface UrlSetting {
  type: 'url';
  label: string;
  description: string;
  default: string;
  max: number;
}

export type SettingDef = IntSetting | UrlSetting;

export type SettingValue = number | string;

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
  pointsPerYuan: {
    type: 'int',
    label: '消费积分比例',
    description: '会员消费时，除会员卡支付外每实付 1 元所得积分（0 为不送积分）；退款按比例扣回',
    default: 1,
    min: 0,
    max: 100,
    unit: '积分/元',
  },
  pointsExpiryMonths: {
    type: 'int',
    label: '积分有效期',
    description: '积分自获得起满多少个月未使用即过期（先得先用），由定时任务每日清算',
    default: 24,
    min: 1,
    max: 120,
    unit: '个月',
  },
  realCardClaimUrl: {
    type: 'url',
    label: '实体卡领取地址',
    description: '实体卡二维码指向的领取页面，卡号与领取码附在其后',
    default: 'https://m.example.com/claim',
    max: 200,
  },
} as const satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof SETTINGS;

type KeysOf<T extends SettingDef['type']> = {
  [K in SettingKey]: (typeof SETTINGS)[K]['type'] extends T ? K : never;
}[SettingKey];

export type IntSettingKey = KeysOf<'int'>;
export type UrlSettingKey = KeysOf<'url'>;

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);

/** The zod schema of one setting's value. */
export const settingSchema = (key: SettingKey): z.ZodType<SettingValue> => {
  const def: SettingDef = SETTINGS[key];
  if (def.type === 'url') {
    return z
      .string({ error: `请填写${def.label}` })
      .trim()
      .min(1, `请填写${def.label}`)
      .max(def.max, `${def.label}最多 ${def.max} 个字符`)
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, `${def.label}须为 http:// 或 https:// 开头的网址`);
  }
  return z.coerce
    .number({ error: `${def.label}须为整数` })
    .int(`${def.label}须为整数`)
    .min(def.min, `${def.label}不能小于 ${def.min}${def.unit}`)
    .max(def.max, `${def.label}不能大于 ${def.max}${def.unit}`);
};
