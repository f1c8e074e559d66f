/**
 * The notification pages on the resource engine (contract entities/notify.ts). A template may
 * only use its event's variables (checked on every write); a notice picks templates of its own
 * event. The logs are the outbox, read in the data scope of the store each message was charged to.
 */
import {
  NOTIFY_EVENTS,
  SMS_LOG,
  SMS_OPTOUT,
  SMS_TEMPLATE,
  unknownVarsMessage,
  VIP_NOTICE,
  WX_LOG,
  WX_SUBSCRIBE,
  WX_TEMPLATE,
  type WxField,
  wxFieldsMessage,
  wxFieldsText,
} from '@zb/contract/entities/notify';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource, without } from '../../platform/resource/binding';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';
import {
  notifyMessage,
  notifySmsOptout,
  notifySmsTemplate,
  notifyVipNotice,
  notifyWxSubscribe,
  notifyWxTemplate,
} from './schema';

const caseOfEvent = (col: SQL | typeof notifyVipNotice.event, pick: (e: (typeof NOTIFY_EVENTS)[number]) => string) =>
  sql<string>`case ${col} ${sql.raw(
    NOTIFY_EVENTS.map((e) => `when '${e.value}' then '${pick(e).replaceAll("'", "''")}'`).join(' '),
  )} end`;

const checkText = (field: string, text: unknown, event: unknown) => {
  if (typeof text !== 'string' || typeof event !== 'string') return;
  const m = unknownVarsMessage(text, event);
  if (m) throw fieldError(field, m);
};

export const smsTemplateBinding = bindResource({
  decl: SMS_TEMPLATE,
  table: notifySmsTemplate,
  id: notifySmsTemplate.id,
  uniques: { notify_sms_template_name_uq: 'name' },
  service: {
    create: async ({ tx }, values) => {
      checkText('content', values.content, values.event);
      const [row] = await tx.insert(notifySmsTemplate).values(values).returning({ id: notifySmsTemplate.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      checkText('content', values.content ?? before.content, values.event ?? before.event);
      if (values.event !== undefined && values.event !== before.event) await refuseIfNoticed(tx, 'sms', id);
      await tx
        .update(notifySmsTemplate)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(notifySmsTemplate.id, id));
    },
  },
});

/** A template a notice uses keeps its event (the notice's variables are the event's). */
const refuseIfNoticed = async (tx: Tx, channel: 'sms' | 'wx', id: number) => {
  const col = channel === 'sms' ? notifyVipNotice.smsTemplateId : notifyVipNotice.wxTemplateId;
  const [used] = await tx.select({ id: notifyVipNotice.id }).from(notifyVipNotice).where(eq(col, id));
  if (used) throw fieldError('event', '会员通知模板正在使用该模板，不能修改业务事件');
};

const creator = alias(userAccount, 'optout_creator');

export const smsOptoutBinding = bindResource({
  decl: SMS_OPTOUT,
  table: notifySmsOptout,
  id: notifySmsOptout.id,
  columns: { createdByName: creator.nickname },
  joins: [{ table: creator, on: eq(creator.id, notifySmsOptout.createdBy) }],
  uniques: { notify_sms_optout_phone_uq: 'phone' },
  service: {
    create: async ({ tx, auth }, values) => {
      const [row] = await tx
        .insert(notifySmsOptout)
        .values({ ...values, createdBy: auth.user.id })
        .returning({ id: notifySmsOptout.id });
      return row!.id;
    },
  },
});

const messageColumns = {
  memberName: member.name,
  storeName: store.name,
};
const messageJoins = [
  { table: member, on: eq(member.id, notifyMessage.memberId) },
  { table: store, on: eq(store.id, notifyMessage.storeId) },
];

export const smsLogBinding = bindResource({
  decl: SMS_LOG,
  table: notifyMessage,
  id: notifyMessage.id,
  columns: messageColumns,
  joins: messageJoins,
  where: sql`${notifyMessage.channel} = 'sms'`,
  scope: { store: notifyMessage.storeId },
});

export const wxLogBinding = bindResource({
  decl: WX_LOG,
  table: notifyMessage,
  id: notifyMessage.id,
  columns: messageColumns,
  joins: messageJoins,
  where: sql`${notifyMessage.channel} <> 'sms'`,
  scope: { store: notifyMessage.storeId },
});

const checkFields = (fields: unknown, event: unknown) => {
  if (!Array.isArray(fields) || typeof event !== 'string') return;
  if (fields.length === 0) throw fieldError('fields', '请至少填写一个模板字段');
  const m = wxFieldsMessage(fields as WxField[], event);
  if (m) throw fieldError('fields', m);
};

export const wxTemplateBinding = bindResource({
  decl: WX_TEMPLATE,
  table: notifyWxTemplate,
  id: notifyWxTemplate.id,
  uniques: { notify_wx_template_title_uq: 'title' },
  service: {
    create: async ({ tx }, values) => {
      const fields = (values.fields ?? []) as WxField[];
      checkFields(fields, values.event);
      const [row] = await tx
        .insert(notifyWxTemplate)
        .values({ ...without(values, 'fields'), fields, fieldsText: wxFieldsText(fields) })
        .returning({ id: notifyWxTemplate.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const fields = (values.fields ?? (before.fields as WxField[] | null) ?? []) as WxField[];
      checkFields(fields, values.event ?? before.event);
      if (values.event !== undefined && values.event !== before.event) await refuseIfNoticed(tx, 'wx', id);
      await tx
        .update(notifyWxTemplate)
        .set({
          ...without(values, 'fields'),
          ...(values.fields ? { fields, fieldsText: wxFieldsText(fields) } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(notifyWxTemplate.id, id));
    },
  },
});

export const wxSubscribeBinding = bindResource({
  decl: WX_SUBSCRIBE,
  table: notifyWxSubscribe,
  id: notifyWxSubscribe.id,
  uniques: { notify_wx_subscribe_event_uq: 'event' },
  service: {
    create: async ({ tx }, values) => {
      const fields = (values.fields ?? []) as WxField[];
      checkFields(fields, values.event);
      const [row] = await tx
        .insert(notifyWxSubscribe)
        .values({ ...without(values, 'fields'), fields, fieldsText: wxFieldsText(fields) })
        .returning({ id: notifyWxSubscribe.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const fields = (values.fields ?? (before.fields as WxField[] | null) ?? []) as WxField[];
      checkFields(fields, before.event);
      await tx
        .update(notifyWxSubscribe)
        .set({
          ...without(values, 'fields'),
          ...(values.fields ? { fields, fieldsText: wxFieldsText(fields) } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(notifyWxSubscribe.id, id));
    },
  },
});

const smsT = alias(notifySmsTemplate, 'vip_sms_template');
const wxT = alias(notifyWxTemplate, 'vip_wx_template');

/** A notice's templates must exist and be of its event. */
const checkNoticeTemplates = async (tx: Tx, event: string, smsId: unknown, wxId: unknown) => {
  if (typeof smsId === 'number') {
    const [t] = await tx.select().from(notifySmsTemplate).where(eq(notifySmsTemplate.id, smsId));
    if (!t) throw fieldError('smsTemplateId', '短信模板不存在');
    if (t.event !== event) throw fieldError('smsTemplateId', '请选择同一业务事件的短信模板');
  }
  if (typeof wxId === 'number') {
    const [t] = await tx.select().from(notifyWxTemplate).where(eq(notifyWxTemplate.id, wxId));
    if (!t) throw fieldError('wxTemplateId', '公众号模板消息不存在');
    if (t.event !== event) throw fieldError('wxTemplateId', '请选择同一业务事件的公众号模板消息');
  }
};

export const vipNoticeBinding = bindResource({
  decl: VIP_NOTICE,
  table: notifyVipNotice,
  id: notifyVipNotice.id,
  columns: {
    eventName: caseOfEvent(notifyVipNotice.event, (e) => e.label),
    when: caseOfEvent(notifyVipNotice.event, (e) => e.when),
    smsTemplateName: smsT.name,
    wxTemplateName: wxT.title,
  },
  joins: [
    { table: smsT, on: eq(smsT.id, notifyVipNotice.smsTemplateId) },
    { table: wxT, on: eq(wxT.id, notifyVipNotice.wxTemplateId) },
  ],
  uniques: { notify_vip_notice_event_uq: 'event' },
  service: {
    create: async ({ tx }, values) => {
      await checkNoticeTemplates(tx, values.event, values.smsTemplateId, values.wxTemplateId);
      const [row] = await tx.insert(notifyVipNotice).values(values).returning({ id: notifyVipNotice.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await checkNoticeTemplates(tx, before.event, values.smsTemplateId, values.wxTemplateId);
      await tx
        .update(notifyVipNotice)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(notifyVipNotice.id, id));
    },
  },
});

export const NOTIFY_BINDINGS = [
  smsTemplateBinding,
  smsOptoutBinding,
  smsLogBinding,
  wxLogBinding,
  wxTemplateBinding,
  wxSubscribeBinding,
  vipNoticeBinding,
] as const;
