/**
 * 通知渠道 (contract entities/notify.ts): the templates and settings of each channel, which
 * members can be reached on WeChat, the outbox of messages with every attempt, and the state of
 * the built-in SMS and WeChat simulators (notifysim_*), which stand where the providers' own
 * systems would be.
 */
import { NOTIFY_CHANNELS, NOTIFY_EVENT_VALUES, NOTIFY_STATUSES } from '@zb/contract/entities/notify';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const channelValues = NOTIFY_CHANNELS.map((c) => c.value);

export const notifySmsTemplate = pgTable(
  'notify_sms_template',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    event: text('event').notNull(),
    signName: text('sign_name').notNull(),
    providerCode: text('provider_code').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('notify_sms_template_name_uq').on(t.name),
    oneOf('notify_sms_template_event_chk', t.event, NOTIFY_EVENT_VALUES),
  ],
);

export const notifySmsOptout = pgTable(
  'notify_sms_optout',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('notify_sms_optout_phone_uq').on(t.phone)],
);

export const notifyWxTemplate = pgTable(
  'notify_wx_template',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    event: text('event').notNull(),
    templateId: text('template_id').notNull(),
    url: text('url'),
    /** [{ key, value }]: each key of the template and its text (contract wxFieldsSchema). */
    fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
    fieldsText: text('fields_text').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('notify_wx_template_title_uq').on(t.title),
    oneOf('notify_wx_template_event_chk', t.event, NOTIFY_EVENT_VALUES),
  ],
);

/** The mini-program subscribe message of an event: one per event. */
export const notifyWxSubscribe = pgTable(
  'notify_wx_subscribe',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    title: text('title').notNull(),
    templateId: text('template_id').notNull(),
    page: text('page'),
    fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
    fieldsText: text('fields_text').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('notify_wx_subscribe_event_uq').on(t.event),
    oneOf('notify_wx_subscribe_event_chk', t.event, NOTIFY_EVENT_VALUES),
  ],
);

/** /vipTemplate: per event, whether members are told and with which templates. */
export const notifyVipNotice = pgTable(
  'notify_vip_notice',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    smsTemplateId: integer('sms_template_id').references(() => notifySmsTemplate.id, { onDelete: 'set null' }),
    wxTemplateId: integer('wx_template_id').references(() => notifyWxTemplate.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('notify_vip_notice_event_uq').on(t.event),
    oneOf('notify_vip_notice_event_chk', t.event, NOTIFY_EVENT_VALUES),
  ],
);

/** A member's WeChat identities, as the mini-program reports them (open API wxUsers). */
export const notifyWxUser = pgTable(
  'notify_wx_user',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** The official account's openid: present while the member follows it. */
    mpOpenId: text('mp_open_id'),
    miniOpenId: text('mini_open_id'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notify_wx_user_mp_uq').on(t.mpOpenId), uniqueIndex('notify_wx_user_mini_uq').on(t.miniOpenId)],
);

/** Subscribe messages a member accepted and not yet used: each accept allows one message. */
export const notifySubscription = pgTable(
  'notify_subscription',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    templateId: text('template_id').notNull(),
    remaining: integer('remaining').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notify_subscription_pk', columns: [t.memberId, t.templateId] }),
    check('notify_subscription_remaining_chk', sql`${t.remaining} >= 0`),
  ],
);

/**
 * The outbox: one message to one recipient on one channel. Written by the business record's
 * transaction (queued, due at next_at), sent by the job notifySend; `content` is what went out.
 */
export const notifyMessage = pgTable(
  'notify_message',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** null: a test send. */
    event: text('event'),
    memberId: integer('member_id').references(() => member.id, { onDelete: 'set null' }),
    /** The store charged (the bill's, else the member's home store); null for a test send. */
    storeId: integer('store_id').references(() => store.id, { onDelete: 'set null' }),
    /** A phone, or an openid. */
    recipient: text('recipient').notNull(),
    /** notify_sms_template, notify_wx_template or notify_wx_subscribe, by channel. */
    templateId: integer('template_id'),
    templateName: text('template_name'),
    vars: jsonb('vars').notNull().default(sql`'{}'::jsonb`),
    content: text('content'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: at('next_at').notNull().defaultNow(),
    error: text('error'),
    providerId: text('provider_id'),
    /** SMS: parts charged; else 0. */
    segments: integer('segments').notNull().default(0),
    /** SMS: 分 charged. */
    fee: integer('fee').notNull().default(0),
    isTest: boolean('is_test').notNull().default(false),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    oneOf('notify_message_channel_chk', t.channel, channelValues),
    oneOf(
      'notify_message_status_chk',
      t.status,
      NOTIFY_STATUSES.map((s) => s.value),
    ),
    oneOf('notify_message_event_chk', t.event, NOTIFY_EVENT_VALUES),
    // An event tells a member once per record and channel (a replayed bill writes nothing more).
    uniqueIndex('notify_message_ref_uq')
      .on(t.channel, t.event, t.refType, t.refId, t.memberId)
      .where(sql`${t.refType} is not null`),
    index('notify_message_due_idx').on(t.nextAt).where(sql`${t.status} = 'queued'`),
    index('notify_message_recipient_idx').on(t.recipient, t.sentAt),
    index('notify_message_channel_idx').on(t.channel, t.createdAt),
    index('notify_message_store_idx').on(t.storeId, t.createdAt),
    index('notify_message_member_idx').on(t.memberId),
  ],
);

/** Every call to a provider for a message, with what it answered. */
export const notifyAttempt = pgTable(
  'notify_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => notifyMessage.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    code: text('code').notNull(),
    detail: text('detail'),
    ms: integer('ms').notNull(),
  },
  (t) => [index('notify_attempt_message_idx').on(t.messageId)],
);

/** The simulators' inbox: what the SMS provider and WeChat received and accepted. */
export const notifysimMessage = pgTable(
  'notifysim_message',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    templateId: text('template_id').notNull(),
    params: jsonb('params').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('notifysim_message_recipient_idx').on(t.recipient)],
);

/** A simulator told to refuse its next calls (a provider outage), by channel. */
export const notifysimFault = pgTable('notifysim_fault', {
  channel: text('channel').primaryKey(),
  failNext: integer('fail_next').notNull(),
  code: text('code').notNull(),
});

/** /protects: the official account's menu, one row (id 1): the draft and what WeChat accepted. */
export const notifyWxMenu = pgTable(
  'notify_wx_menu',
  {
    id: integer('id').primaryKey().default(1),
    draft: jsonb('draft'),
    draftSavedAt: at('draft_saved_at'),
    published: jsonb('published'),
    publishedAt: at('published_at'),
    publishedBy: integer('published_by').references(() => userAccount.id, { onDelete: 'set null' }),
  },
  (t) => [check('notify_wx_menu_one_chk', sql`${t.id} = 1`)],
);

/** The simulator: the menu WeChat holds for the official account (id 1). */
export const notifysimMenu = pgTable('notifysim_menu', {
  id: integer('id').primaryKey().default(1),
  menu: jsonb('menu').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
