/**
 * 通知渠道 (issue 17, SPEC §2.13 and §2.6): what a member must know reaches them by SMS, by a
 * WeChat official-account template message (公众号模板消息) or by a mini-program subscribe
 * message (小程序订阅消息).
 *
 * - Business events (NOTIFY_EVENTS) carry named variables (会员姓名, 门店, 消费单号 …). A template's
 *   text says where each goes with `${name}`; a template may only use its event's variables.
 * - /SMSmessage: SMS templates (签名, the provider's 模板CODE, the text), the sending log, the
 *   opt-out list (退订名单) and the per-phone limits and price (发送设置).
 * - /wxTemplate: official-account templates; /wxTemplatenext maps each of a template's keys
 *   (first, keyword1 … remark) to text with variables, previews it and sends a test.
 * - /wxSubscribeConfig: per event, the subscribe message a member who accepted it is sent.
 * - /vipTemplate (会员通知模板): per event, whether members are told and by which SMS and
 *   official-account template.
 *
 * An event writes one message per channel to the outbox in the business record's transaction;
 * the job `notifySend` sends what is due through each provider's adapter, retrying a failed
 * attempt later (NOTIFY_RETRY_MINUTES) and logging every attempt, so a slow or failing provider
 * never blocks a page. /aliSmsLog reports the SMS sent and charged by store.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';

/** The variables every member event has. */
const MEMBER_VARS = { memberName: '会员姓名', storeName: '门店' } as const;
const BILL_VARS = { ...MEMBER_VARS, billNo: '消费单号', billTime: '消费时间' } as const;

/** The business events that notify members, each with the variables its templates may use. */
export const NOTIFY_EVENTS = [
  {
    value: 'evaInvite',
    label: '评价邀请',
    when: '会员结账后，按「评价设置」的发送时机邀请会员评价本次服务',
    vars: { ...BILL_VARS, evaDays: '可评价天数' },
  },
  {
    value: 'billNotice',
    label: '消费提醒',
    when: '会员在门店结账时',
    vars: { ...BILL_VARS, amount: '消费金额（元）' },
  },
  {
    value: 'birthday',
    label: '生日祝福',
    when: '会员生日当天上午',
    vars: { ...MEMBER_VARS },
  },
] as const satisfies readonly (EnumOption & { when: string; vars: Record<string, string> })[];
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number]['value'];
export const NOTIFY_EVENT_VALUES = NOTIFY_EVENTS.map((e) => e.value) as [NotifyEvent, ...NotifyEvent[]];

export const eventOf = (value: string) => NOTIFY_EVENTS.find((e) => e.value === value);

/** An example value of each variable: previews and test sends fill the rest with them. */
export const NOTIFY_VAR_SAMPLES: Record<string, string> = {
  memberName: '张三',
  storeName: '北京朝阳大悦城店',
  billNo: 'XF0000012345',
  billTime: '2026-11-28 15:30',
  evaDays: '7',
  amount: '268.00',
};

export const NOTIFY_CHANNELS = [
  { value: 'sms', label: '短信', color: 'blue' },
  { value: 'wxTemplate', label: '公众号模板消息', color: 'green' },
  { value: 'wxSubscribe', label: '小程序订阅消息', color: 'cyan' },
] as const satisfies readonly EnumOption[];
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number]['value'];

export const NOTIFY_STATUSES = [
  { value: 'queued', label: '待发送', color: 'blue' },
  { value: 'sent', label: '已发送', color: 'green' },
  { value: 'failed', label: '发送失败', color: 'red' },
  { value: 'skipped', label: '未发送', color: 'default' },
] as const satisfies readonly EnumOption[];
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number]['value'];

/** Why a message was not sent at all (status skipped). */
export const NOTIFY_SKIP_REASONS = {
  optOut: '号码已退订短信',
  hourLimit: '超过单号码每小时发送上限',
  dayLimit: '超过单号码每天发送上限',
  noOpenId: '会员未关注公众号或未授权小程序',
  notSubscribed: '会员未订阅该消息或订阅次数已用完',
  templateOff: '模板已停用或已删除',
} as const;

/** Minutes before each retry of a failed attempt; after the last, the message is 发送失败. */
export const NOTIFY_RETRY_MINUTES = [1, 5, 30] as const;
export const NOTIFY_ATTEMPTS_MAX = NOTIFY_RETRY_MINUTES.length + 1;
/** Messages one run of the job sends at most (the rest wait for the next minute). */
export const NOTIFY_BATCH = 200;

/** One SMS is 70 characters; a longer one is sent in parts of 67, each charged. */
export const SMS_SEGMENT_CHARS = 70;
export const SMS_LONG_SEGMENT_CHARS = 67;
export const smsSegments = (text: string): number => {
  const n = [...text].length;
  return n <= SMS_SEGMENT_CHARS ? 1 : Math.ceil(n / SMS_LONG_SEGMENT_CHARS);
};

export const NOTIFY_TEXT_MAX = 300;
export const WX_FIELDS_MAX = 12;

const PLACEHOLDER = /\$\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The variable names a text uses, each once. */
export const placeholdersOf = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** The text with each `${name}` replaced by its value (an unknown one stays as written). */
export const renderText = (text: string, vars: Readonly<Record<string, string>>): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => vars[name] ?? whole);

/** Why a text may not be used for an event, or null: each variable must be one of the event's. */
export const unknownVarsMessage = (text: string, event: string): string | null => {
  const e = eventOf(event);
  if (!e) return '请选择业务事件';
  const unknown = placeholdersOf(text).filter((v) => !(v in e.vars));
  return unknown.length ? `变量 ${unknown.map((v) => `\${${v}}`).join('、')} 不是「${e.label}」的可用变量` : null;
};

/** The sample variables of an event (a preview, a test send). */
export const sampleVarsOf = (event: string): Record<string, string> =>
  Object.fromEntries(Object.keys(eventOf(event)?.vars ?? {}).map((k) => [k, NOTIFY_VAR_SAMPLES[k] ?? k]));

const eventField = {
  label: '业务事件',
  type: 'enum',
  options: NOTIFY_EVENTS,
  required: true,
  list: { width: 110 },
  filter: 'eq',
  help: '模板只能使用该事件的变量',
} as const;

const enabledField = {
  label: '状态',
  type: 'bool',
  boolLabels: { yes: '启用', no: '停用', color: 'green' },
  default: true,
  list: { width: 80 },
  filter: 'eq',
} as const;

const updatedAtField = {
  label: '修改时间',
  type: 'datetime',
  readOnly: true,
  list: { width: 170 },
  sort: true,
} as const;

/** /SMSmessage 短信模板: the text the provider approved under its 模板CODE, sent with a 签名. */
export const SMS_TEMPLATE = defineResource({
  name: 'smsTemplate',
  title: '短信模板',
  page: '/SMSmessage',
  api: '/rest/SMSmessage/template',
  rowLabel: 'name',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  stale: ['vipNotice'],
  fields: {
    name: {
      label: '模板名称',
      type: 'text',
      required: true,
      max: 40,
      list: { width: 160, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    event: eventField,
    signName: {
      label: '短信签名',
      type: 'text',
      required: true,
      max: 12,
      pattern: { regex: /^[\u4e00-\u9fa5A-Za-z0-9]{2,12}$/, message: '签名为 2 到 12 位汉字、字母或数字，不含【】' },
      list: { width: 110 },
      filter: 'like',
      help: '服务商审核通过的签名，发送时显示为【签名】',
    },
    providerCode: {
      label: '模板CODE',
      type: 'text',
      required: true,
      max: 32,
      pattern: { regex: /^SMS_\d{4,20}$/, message: '模板CODE 形如 SMS_123456789' },
      list: { width: 140 },
      filter: 'like',
      help: '服务商审核通过后给出的模板编号',
    },
    content: {
      label: '模板内容',
      type: 'textarea',
      required: true,
      max: NOTIFY_TEXT_MAX,
      list: { width: 320 },
      help: '用 ${变量名} 插入变量，例如 ${memberName}；只能使用所选业务事件的变量',
    },
    enabled: enabledField,
    updatedAt: updatedAtField,
  },
});

/** /SMSmessage 退订名单: phones that are never sent an SMS again. */
export const SMS_OPTOUT = defineResource({
  name: 'smsOptout',
  title: '退订号码',
  page: '/SMSmessage',
  api: '/rest/SMSmessage/optout',
  rowLabel: 'phone',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, delete: 'hard', export: true },
  fields: {
    phone: {
      label: '手机号',
      type: 'text',
      required: true,
      createOnly: true,
      max: 11,
      pattern: { regex: /^1[3-9]\d{9}$/, message: '请输入 11 位手机号' },
      list: { width: 130, fixed: 'left' },
      filter: 'like',
    },
    reason: { label: '退订原因', type: 'text', max: 60, list: { width: 200 }, default: '会员要求退订' },
    createdByName: { label: '操作人', type: 'text', readOnly: true, list: { width: 100 } },
    createdAt: { label: '退订时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

const messageFields = {
  createdAt: { label: '创建时间', type: 'datetime', readOnly: true, list: { width: 170 }, filter: 'range', sort: true },
  event: { ...eventField, readOnly: true, required: undefined, help: undefined },
  recipient: { label: '接收人', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like' },
  memberName: { label: '会员', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like' },
  storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 150 }, filter: 'like' },
  templateName: { label: '模板', type: 'text', readOnly: true, list: { width: 140 } },
  content: { label: '发送内容', type: 'textarea', readOnly: true, list: { width: 320 } },
  status: {
    label: '状态',
    type: 'enum',
    options: NOTIFY_STATUSES,
    readOnly: true,
    list: { width: 90 },
    filter: 'eq',
  },
  attempts: { label: '尝试次数', type: 'int', readOnly: true, list: { width: 90 } },
  error: { label: '失败或未发送原因', type: 'text', readOnly: true, list: { width: 220 } },
  sentAt: { label: '发送时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
} as const;

/** /SMSmessage 发送记录: every SMS, its parts charged and what became of it. */
export const SMS_LOG = defineResource({
  name: 'smsLog',
  title: '短信发送记录',
  page: '/SMSmessage',
  api: '/rest/SMSmessage/log',
  rowLabel: 'recipient',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    ...messageFields,
    recipient: { ...messageFields.recipient, label: '手机号' },
    segments: { label: '计费条数', type: 'int', readOnly: true, list: { width: 90 } },
    fee: { label: '费用', type: 'money', readOnly: true, list: { width: 90 } },
  },
});

/** /wxTemplate 发送记录: official-account and subscribe messages. */
export const WX_LOG = defineResource({
  name: 'wxLog',
  title: '微信消息发送记录',
  page: '/wxTemplate',
  api: '/rest/wxTemplate/log',
  rowLabel: 'recipient',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    ...messageFields,
    channel: {
      label: '渠道',
      type: 'enum',
      options: NOTIFY_CHANNELS.filter((c) => c.value !== 'sms'),
      readOnly: true,
      list: { width: 130 },
      filter: 'eq',
    },
    recipient: { ...messageFields.recipient, label: 'openid' },
  },
});

/** A key of a WeChat template and the text it is filled with (variables allowed). */
export const wxFieldSchema = z.object({
  key: z
    .string({ error: '请填写字段名' })
    .regex(/^[a-z][a-z0-9_]{0,31}$/, '字段名为小写字母开头的字母、数字或下划线，如 keyword1、thing1'),
  value: z.string({ error: '请填写字段内容' }).trim().min(1, '请填写字段内容').max(100, '字段内容不能超过 100 个字符'),
});
export type WxField = z.output<typeof wxFieldSchema>;

export const wxFieldsSchema = z
  .array(wxFieldSchema, { error: '模板字段格式无效' })
  .max(WX_FIELDS_MAX, `模板字段最多 ${WX_FIELDS_MAX} 个`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `字段 ${f.key} 重复` });
      seen.add(f.key);
    });
  });

/** Why a template's fields may not be used for an event, or null. */
export const wxFieldsMessage = (fields: readonly WxField[], event: string): string | null => {
  for (const f of fields) {
    const m = unknownVarsMessage(f.value, event);
    if (m) return `字段 ${f.key}：${m}`;
  }
  return null;
};

/** The fields in words, for a list: first=… ；keyword1=… */
export const wxFieldsText = (fields: readonly WxField[]): string =>
  fields.map((f) => `${f.key}：${f.value}`).join('；');

const wxTemplateIdField = {
  label: '模板ID',
  type: 'text',
  required: true,
  max: 64,
  pattern: { regex: /^[A-Za-z0-9_-]{10,64}$/, message: '模板ID 为 10 到 64 位字母、数字、下划线或短横线' },
  list: { width: 200 },
  filter: 'like',
} as const;

const wxFields = {
  label: '模板字段',
  type: 'json',
  formOnly: true,
  schema: wxFieldsSchema,
  help: '每个字段填入的内容，可用 ${变量名} 插入所选业务事件的变量',
} as const;

/** /wxTemplate: an official-account template message (公众号模板消息). */
export const WX_TEMPLATE = defineResource({
  name: 'wxTemplate',
  title: '模板消息',
  page: '/wxTemplate',
  api: '/rest/wxTemplate/template',
  rowLabel: 'title',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  stale: ['vipNotice'],
  fields: {
    title: {
      label: '模板标题',
      type: 'text',
      required: true,
      max: 40,
      list: { width: 160, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    event: eventField,
    templateId: { ...wxTemplateIdField, help: '公众号后台「模板消息」中该模板的模板ID' },
    url: {
      label: '跳转链接',
      type: 'text',
      max: 200,
      pattern: { regex: /^https:\/\/\S+$/, message: '跳转链接须以 https:// 开头' },
      list: { width: 200 },
      help: '会员点开消息后打开的网页，可不填',
    },
    fields: wxFields,
    fieldsText: { label: '模板字段', type: 'text', readOnly: true, list: { width: 300 } },
    enabled: enabledField,
    updatedAt: updatedAtField,
  },
});

/** /wxSubscribeConfig: the mini-program subscribe message of an event (one per event). */
export const WX_SUBSCRIBE = defineResource({
  name: 'wxSubscribe',
  title: '订阅消息',
  page: '/wxSubscribeConfig',
  api: '/rest/wxSubscribeConfig',
  rowLabel: 'title',
  defaultSort: { field: 'event', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  // The page has only 编辑: it adds and removes the configurations with it.
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    event: { ...eventField, createOnly: true, sort: true, help: '每个业务事件配置一条订阅消息' },
    title: { label: '消息标题', type: 'text', required: true, max: 40, list: { width: 160 }, filter: 'like' },
    templateId: { ...wxTemplateIdField, help: '小程序后台「订阅消息」中该模板的模板ID' },
    page: {
      label: '跳转页面',
      type: 'text',
      max: 120,
      pattern: { regex: /^[A-Za-z0-9_/?=&.-]{1,120}$/, message: '跳转页面为小程序页面路径，如 pages/evaluate/index' },
      list: { width: 180 },
      help: '会员点开消息后进入的小程序页面，可不填',
    },
    fields: wxFields,
    fieldsText: { label: '模板字段', type: 'text', readOnly: true, list: { width: 300 } },
    enabled: { ...enabledField, help: '会员在小程序中同意订阅后，每次发生该事件消耗一次订阅发送一条' },
    updatedAt: updatedAtField,
  },
});

/** /vipTemplate 会员通知模板: per event, whether members are told and with which templates. */
export const VIP_NOTICE = defineResource({
  name: 'vipNotice',
  title: '会员通知',
  page: '/vipTemplate',
  api: '/rest/vipTemplate',
  rowLabel: 'eventName',
  defaultSort: { field: 'event', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard' },
  fields: {
    event: {
      ...eventField,
      createOnly: true,
      sort: true,
      list: { width: 110, fixed: 'left' },
      help: '每个业务事件一条通知',
    },
    eventName: { label: '业务事件', type: 'text', readOnly: true, hidden: true },
    when: { label: '发送时机', type: 'text', readOnly: true, list: { width: 260 } },
    smsTemplateId: {
      label: '短信模板',
      type: 'int',
      formOnly: true,
      help: '不选则不发短信；只能选同一业务事件的已启用模板',
    },
    smsTemplateName: { label: '短信模板', type: 'text', readOnly: true, list: { width: 160 } },
    wxTemplateId: {
      label: '公众号模板消息',
      type: 'int',
      formOnly: true,
      help: '不选则不发公众号消息；只发给已关注公众号的会员',
    },
    wxTemplateName: { label: '公众号模板消息', type: 'text', readOnly: true, list: { width: 160 } },
    enabled: { ...enabledField, help: '停用后该事件不再通知会员（小程序订阅消息在「订阅消息配置」中单独设置）' },
    remark: { label: '备注', type: 'text', max: 100, list: { width: 180 } },
    updatedAt: updatedAtField,
  },
});

/** A template of the same event, for /vipTemplate's selects. */
export interface NotifyTemplatePick {
  value: number;
  label: string;
  event: NotifyEvent;
  enabled: boolean;
}

const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号');

export const smsTestBody = z.object({
  templateId: idOf('模板', '请选择模板'),
  phone: phoneSchema,
});

export const wxTestBody = z.object({
  templateId: idOf('模板', '请选择模板'),
  /** The member to send to (their official-account openid), by phone. */
  phone: phoneSchema,
});

/** A test send's result: what went out, or why not. */
export interface NotifyTestResult {
  status: NotifyStatus;
  content: string;
  error: string | null;
}

const openIdOf = (label: string) =>
  z
    .string({ error: `${label}格式无效` })
    .trim()
    .regex(/^o[A-Za-z0-9_-]{20,40}$/, `${label}格式无效`)
    .nullable()
    .optional();

/**
 * The mini-program's report of a member's WeChat identities (open API wxUsers): the official
 * account's openid while they follow it (null when they stop), the mini-program's, and the
 * subscribe messages they just accepted (each allows one message).
 */
export const openWxUserBody = z.object({
  member: z
    .string({ error: '请填写会员手机号' })
    .trim()
    .regex(/^\d{6,15}$/, '会员手机号为 6 到 15 位数字'),
  mpOpenId: openIdOf('公众号 openid'),
  miniOpenId: openIdOf('小程序 openid'),
  accepted: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, '订阅消息模板ID格式无效'), { error: 'accepted 须为模板ID数组' })
    .max(WX_FIELDS_MAX, `一次最多订阅 ${WX_FIELDS_MAX} 个模板`)
    .default([]),
});
export type OpenWxUserBody = z.output<typeof openWxUserBody>;

export interface OpenWxUserAnswer {
  memberCode: string;
  mpFollowing: boolean;
  /** Subscribe messages the member may still be sent, by template. */
  subscriptions: { templateId: string; remaining: number }[];
}

export const NOTIFY_API = {
  smsTemplate: resourceApi(SMS_TEMPLATE),
  smsOptout: resourceApi(SMS_OPTOUT),
  smsLog: resourceApi(SMS_LOG),
  wxTemplate: resourceApi(WX_TEMPLATE),
  wxLog: resourceApi(WX_LOG),
  wxSubscribe: resourceApi(WX_SUBSCRIBE),
  vipNotice: resourceApi(VIP_NOTICE),
  smsTemplatePicks: endpoint<undefined, undefined, NotifyTemplatePick[]>({
    method: 'GET',
    path: '/rest/vipTemplate/smsTemplates',
    access: pageAccess('/vipTemplate'),
    read: true,
    summary: '可选的短信模板',
  }),
  wxTemplatePicks: endpoint<undefined, undefined, NotifyTemplatePick[]>({
    method: 'GET',
    path: '/rest/vipTemplate/wxTemplates',
    access: pageAccess('/vipTemplate'),
    read: true,
    summary: '可选的公众号模板消息',
  }),
  smsTest: endpoint<undefined, z.output<typeof smsTestBody>, NotifyTestResult>({
    method: 'POST',
    path: '/rest/SMSmessage/test',
    access: buttonAccess('/SMSmessage', 'edit'),
    body: smsTestBody,
    summary: '用示例变量向一个手机号发送测试短信',
  }),
  wxTest: endpoint<undefined, z.output<typeof wxTestBody>, NotifyTestResult>({
    method: 'POST',
    path: '/rest/wxTemplate/test',
    access: buttonAccess('/wxTemplate', 'edit'),
    body: wxTestBody,
    summary: '用示例变量向一位已关注公众号的会员发送测试模板消息',
  }),
} as const;
