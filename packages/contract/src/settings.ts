/**
 * Settings an administrator may view and change: the server's own in /configUtils, the business
 * switches and thresholds in /otherConfig (`page`). Each is declared once here with its Chinese
 * label, type, default and bounds; the server reads them through platform/settings and validates
 * a change with `settingSchema`; every change is kept with who made it. Secrets never appear here.
 */
import { z } from 'zod';

/** The page that shows and changes a setting. */
export type SettingPage = '/configUtils' | '/otherConfig' | '/shrConfig' | '/SMSmessage';
export const SETTING_PAGES: readonly SettingPage[] = ['/configUtils', '/otherConfig', '/shrConfig', '/SMSmessage'];

interface SettingBase {
  label: string;
  description: string;
  page: SettingPage;
}

export interface IntSetting extends SettingBase {
  type: 'int';
  default: number;
  min: number;
  max: number;
  unit: string;
}

/** A web address (http or https) of at most `max` characters. */
export interface UrlSetting extends SettingBase {
  type: 'url';
  default: string;
  max: number;
}

/** An on/off switch, stored as 1 (开启) or 0 (关闭). */
export interface SwitchSetting extends SettingBase {
  type: 'switch';
  default: 0 | 1;
}

export type SettingDef = IntSetting | UrlSetting | SwitchSetting;

export type SettingValue = number | string;

export const SETTINGS = {
  exportRetentionDays: {
    type: 'int',
    label: '导出文件保留天数',
    page: '/configUtils',
    description: '下载中心的导出文件保留多少天，过期后自动删除',
    default: 7,
    min: 1,
    max: 90,
    unit: '天',
  },
  uploadMaxKb: {
    type: 'int',
    label: '图片上传大小上限',
    page: '/configUtils',
    description: '单张上传图片的最大体积',
    default: 5120,
    min: 100,
    max: 10240,
    unit: 'KB',
  },
  operationLogRetentionDays: {
    type: 'int',
    label: '操作日志保留天数',
    page: '/configUtils',
    description: '操作日志与接口日志保留多少天',
    default: 180,
    min: 30,
    max: 3650,
    unit: '天',
  },
  pointsPerYuan: {
    type: 'int',
    label: '消费积分比例',
    page: '/otherConfig',
    description: '会员消费时，除会员卡支付外每实付 1 元所得积分（0 为不送积分）；退款按比例扣回',
    default: 1,
    min: 0,
    max: 100,
    unit: '积分/元',
  },
  pointsExpiryMonths: {
    type: 'int',
    label: '积分有效期',
    page: '/otherConfig',
    description: '积分自获得起满多少个月未使用即过期（先得先用），由定时任务每日清算',
    default: 24,
    min: 1,
    max: 120,
    unit: '个月',
  },
  realCardClaimUrl: {
    type: 'url',
    label: '实体卡领取地址',
    page: '/configUtils',
    description: '实体卡二维码指向的领取页面，卡号与领取码附在其后',
    default: 'https://m.example.com/claim',
    max: 200,
  },
  abnormalScanEnabled: {
    type: 'switch',
    label: '异常开单自动识别',
    description: '定时任务按规则识别异常开单（/abnormalBillingList）；关闭后暂停识别，重新开启时补扫暂停期间的单据',
    page: '/otherConfig',
    default: 1,
  },
  abnormalDuplicateMinutes: {
    type: 'int',
    label: '重复开单间隔',
    description: '同一会员在同一门店此时间内开出金额相同的单，记为重复开单（对此后识别的单据生效）',
    page: '/otherConfig',
    default: 10,
    min: 1,
    max: 1440,
    unit: '分钟',
  },
  abnormalAmountLimitYuan: {
    type: 'int',
    label: '单据金额上限',
    description: '单据金额超过此数记为金额超限（对此后识别的单据生效）',
    page: '/otherConfig',
    default: 10_000,
    min: 100,
    max: 10_000_000,
    unit: '元',
  },
  abnormalRefundAfterTopUpHours: {
    type: 'int',
    label: '充值后短时退款时限',
    description: '会员卡充值后此时间内发生退款，记为充值后短时退款（对此后识别的退款生效）',
    page: '/otherConfig',
    default: 72,
    min: 1,
    max: 720,
    unit: '小时',
  },
  shrSyncEnabled: {
    type: 'switch',
    label: 'SHR定时同步',
    description: '开启后定时任务「SHR员工同步」按其执行时间从 SHR 同步员工；关闭后只能立即同步',
    page: '/shrConfig',
    default: 1,
  },
  smsPerPhoneHourly: {
    type: 'int',
    label: '单号码每小时上限',
    description: '同一手机号一小时内最多发送的短信条数（测试短信除外），超出的不发送并记录原因',
    page: '/SMSmessage',
    default: 5,
    min: 1,
    max: 100,
    unit: '条',
  },
  smsPerPhoneDaily: {
    type: 'int',
    label: '单号码每天上限',
    description: '同一手机号一天（北京时间）内最多发送的短信条数（测试短信除外）',
    page: '/SMSmessage',
    default: 10,
    min: 1,
    max: 500,
    unit: '条',
  },
  smsFeePerSegment: {
    type: 'int',
    label: '短信单价',
    description: '每计费条的费用，用于短信费用明细（对此后发送的短信生效）',
    page: '/SMSmessage',
    default: 5,
    min: 0,
    max: 100,
    unit: '分',
  },
} as const satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof SETTINGS;

type KeysOf<T extends SettingDef['type']> = {
  [K in SettingKey]: (typeof SETTINGS)[K]['type'] extends T ? K : never;
}[SettingKey];

export type IntSettingKey = KeysOf<'int'>;
export type UrlSettingKey = KeysOf<'url'>;
export type SwitchSettingKey = KeysOf<'switch'>;

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);

/** The keys a page shows, in their declared order. */
export const settingKeysOf = (page: SettingPage): SettingKey[] =>
  (Object.keys(SETTINGS) as SettingKey[]).filter((k) => SETTINGS[k].page === page);

/** '开启' / '关闭' for a switch's stored value; any other setting's value as it is. */
export const settingValueText = (key: SettingKey, value: SettingValue | string): string => {
  if (SETTINGS[key].type !== 'switch') return String(value);
  return String(value) === '1' ? '开启' : '关闭';
};

/** The zod schema of one setting's value. */
export const settingSchema = (key: SettingKey): z.ZodType<SettingValue> => {
  const def: SettingDef = SETTINGS[key];
  if (def.type === 'switch') {
    return z
      .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
        error: `${def.label}须为开启或关闭`,
      })
      .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
  }
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
