/**
 * 通知渠道 (contract entities/notify.ts): events write messages to the outbox in the business
 * record's transaction; `sendDue` (the job notifySend, every minute) sends what is due through
 * the providers' adapters. Each message is claimed with a short lease (two instances never send
 * it twice), checked (opt-out, the per-phone limits, the template still on, a subscription left),
 * sent, and its attempt logged; a provider's own trouble is retried after NOTIFY_RETRY_MINUTES,
 * a refusal ends it 发送失败.
 */
import {
  NOTIFY_ATTEMPTS_MAX,
  NOTIFY_BATCH,
  NOTIFY_RETRY_MINUTES,
  NOTIFY_SKIP_REASONS,
  type NotifyChannel,
  type NotifyStatus,
  type NotifyTemplatePick,
  type NotifyTestResult,
  type OpenWxUserAnswer,
  type OpenWxUserBody,
  renderText,
  sampleVarsOf,
  smsSegments,
  type WxField,
} from '@zb/contract/entities/notify';
import { ERR } from '@zb/contract/errcodes';
import { shanghaiPeriod } from '@zb/contract/time';
import { and, asc, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { NotifyConfig } from '../../config';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { readSetting } from '../../platform/settings';
import { member } from '../members/schema';
import { type NotifyClients, type SendOutcome, SmsClient, WxClient } from './client';
import {
  notifyAttempt,
  notifyMessage,
  notifySmsOptout,
  notifySmsTemplate,
  notifySubscription,
  notifyWxSubscribe,
  notifyWxTemplate,
  notifyWxUser,
} from './schema';
import {
  notifySimulatorFetch,
  SMSSIM_IN_PROCESS_BASE,
  SMSSIM_PREFIX,
  WXSIM_IN_PROCESS_BASE,
  WXSIM_PREFIX,
} from './simulator';

/** The adapters: the configured providers, else this server's simulators (over HTTP when it listens). */
export const notifyClientsOf = (db: Db, cfg: NotifyConfig, serverBase: string | null = null): NotifyClients => {
  const simFetch = serverBase ? undefined : notifySimulatorFetch(db, cfg);
  const smsBase = cfg.smsApiBase ?? (serverBase ? `${serverBase}${SMSSIM_PREFIX}` : SMSSIM_IN_PROCESS_BASE);
  const wxBase = cfg.wxApiBase ?? (serverBase ? `${serverBase}${WXSIM_PREFIX}` : WXSIM_IN_PROCESS_BASE);
  const smsFetch = cfg.smsApiBase ? undefined : simFetch;
  const wxFetch = cfg.wxApiBase ? undefined : simFetch;
  return {
    sms: new SmsClient({
      base: smsBase,
      accessKeyId: cfg.smsAccessKeyId,
      accessKeySecret: cfg.smsAccessKeySecret,
      fetch: smsFetch,
    }),
    mp: new WxClient({ base: wxBase, appId: cfg.mpAppId, secret: cfg.mpSecret, fetch: wxFetch }),
    mini: new WxClient({ base: wxBase, appId: cfg.miniAppId, secret: cfg.miniSecret, fetch: wxFetch }),
  };
};

// ---------------------------------------------------------------------------------------------
// Events: messages written in the business record's transaction.

const billVars = sql`jsonb_build_object(
  'memberName', m.name, 'storeName', s.name, 'billNo', c.bill_no,
  'billTime', to_char(c.consumed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'),
  'amount', to_char(c.total / 100.0, 'FM9999999990.00'),
  'evaDays', coalesce((select valid_days from eva_setting where id = 1), 7)::text)`;

/** When the invitation to evaluate a bill at `c.consumed_at` goes out (/evaluateSetting 邀请发送时机). */
const inviteAt = sql`(select case coalesce(e.invite_timing, 'afterBill')
    when 'afterHours' then c.consumed_at + make_interval(hours => coalesce(e.invite_delay_hours, 2))
    when 'nextDay' then ((c.consumed_at at time zone 'Asia/Shanghai')::date + 1 + time '10:00') at time zone 'Asia/Shanghai'
    else c.consumed_at end
  from (select 1) one left join eva_setting e on e.id = 1)`;

/**
 * bills' `billWritten` hook: the member is told of the bill (消费提醒) and invited to evaluate a
 * service (评价邀请, not a bill that only sold or topped up a card), on each channel the event's
 * notice (/vipTemplate) or subscribe message (/wxSubscribeConfig) is on for. One statement; a
 * replayed bill writes nothing more (notify_message_ref_uq).
 */
export const noticeOnBill = async (tx: Tx, b: { consumeId: number }): Promise<void> => {
  await tx.execute(sql`
    insert into notify_message (channel, event, member_id, store_id, recipient, template_id, template_name, vars,
      next_at, ref_type, ref_id)
    select ch.channel, ev.event, m.id, c.store_id, ch.recipient, ch.template_id, ch.template_name, ${billVars},
      case when ev.event = 'evaInvite' then ${inviteAt} else now() end, 'member_consume', c.id
    from member_consume c
    join member m on m.id = c.member_id
    join store s on s.id = c.store_id
    left join notify_wx_user w on w.member_id = m.id
    cross join (values ('billNotice'), ('evaInvite')) ev(event)
    cross join lateral (
      select 'sms' as channel, m.phone as recipient, t.id as template_id, t.name as template_name
        from notify_vip_notice n join notify_sms_template t on t.id = n.sms_template_id
        where n.event = ev.event and n.enabled and t.enabled
      union all
      select 'wxTemplate', w.mp_open_id, t.id, t.title
        from notify_vip_notice n join notify_wx_template t on t.id = n.wx_template_id
        where n.event = ev.event and n.enabled and t.enabled and w.mp_open_id is not null
      union all
      select 'wxSubscribe', w.mini_open_id, x.id, x.title
        from notify_wx_subscribe x
        where x.event = ev.event and x.enabled and w.mini_open_id is not null
    ) ch
    where c.id = ${b.consumeId} and c.status = 'completed'
      and (ev.event = 'billNotice' or c.kind in ('consume', 'mixed'))
    on conflict do nothing`);
};

/**
 * 生日祝福 for the members whose birthday is the Beijing day of `now` (29 February's on 28 February
 * of a common year), once a year each (ref: the year).
 */
export const noticeBirthdays = async (db: Db, now: Date): Promise<number> => {
  const r = await db.execute(sql`
    with today as (select (${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date as d)
    insert into notify_message (channel, event, member_id, store_id, recipient, template_id, template_name, vars,
      ref_type, ref_id)
    select ch.channel, 'birthday', m.id, m.store_id, ch.recipient, ch.template_id, ch.template_name,
      jsonb_build_object('memberName', m.name, 'storeName', s.name), 'birthday', extract(year from today.d)::int
    from today, member m
    join store s on s.id = m.store_id
    left join notify_wx_user w on w.member_id = m.id
    cross join lateral (
      select 'sms' as channel, m.phone as recipient, t.id as template_id, t.name as template_name
        from notify_vip_notice n join notify_sms_template t on t.id = n.sms_template_id
        where n.event = 'birthday' and n.enabled and t.enabled
      union all
      select 'wxTemplate', w.mp_open_id, t.id, t.title
        from notify_vip_notice n join notify_wx_template t on t.id = n.wx_template_id
        where n.event = 'birthday' and n.enabled and t.enabled and w.mp_open_id is not null
      union all
      select 'wxSubscribe', w.mini_open_id, x.id, x.title
        from notify_wx_subscribe x
        where x.event = 'birthday' and x.enabled and w.mini_open_id is not null
    ) ch
    where m.status = 'normal' and m.birthday is not null
      and (to_char(m.birthday, 'MM-DD') = to_char(today.d, 'MM-DD')
        or (to_char(m.birthday, 'MM-DD') = '02-29' and to_char(today.d, 'MM-DD') = '02-28'
          and to_char(today.d + 1, 'MM-DD') = '03-01'))
    on conflict do nothing
    returning 1`);
  return rowsOf(r).length;
};

// ---------------------------------------------------------------------------------------------
// Sending.

type Message = typeof notifyMessage.$inferSelect;

/** How long a claimed message is left to the instance sending it. */
const LEASE_MS = 120_000;

type Prepared =
  | { skip: string }
  | {
      content: string;
      segments: number;
      send: (c: NotifyClients) => Promise<SendOutcome>;
      /** The subscription one success uses. */
      subscription?: { memberId: number; templateId: string };
    };

const varsOf = (m: Message) => (m.vars ?? {}) as Record<string, string>;
const dataOf = (fields: unknown, vars: Record<string, string>) =>
  Object.fromEntries((fields as WxField[]).map((f) => [f.key, renderText(f.value, vars)]));
const dataText = (data: Record<string, string>) =>
  Object.entries(data)
    .map(([k, v]) => `${k}：${v}`)
    .join('；');

const smsLimitReason = async (db: Db, phone: string, now: Date): Promise<string | null> => {
  const sent = (from: Date) =>
    db
      .select({ n: count() })
      .from(notifyMessage)
      .where(
        and(
          eq(notifyMessage.recipient, phone),
          gte(notifyMessage.sentAt, from),
          eq(notifyMessage.channel, 'sms'),
          eq(notifyMessage.isTest, false),
        ),
      )
      .then((r) => Number(r[0]?.n ?? 0));
  if ((await sent(new Date(now.getTime() - 3_600_000))) >= (await readSetting(db, 'smsPerPhoneHourly'))) {
    return NOTIFY_SKIP_REASONS.hourLimit;
  }
  if ((await sent(shanghaiPeriod(now, 'day').start)) >= (await readSetting(db, 'smsPerPhoneDaily'))) {
    return NOTIFY_SKIP_REASONS.dayLimit;
  }
  return null;
};

const prepare = async (db: Db, m: Message, now: Date): Promise<Prepared> => {
  const vars = varsOf(m);
  const templateId = m.templateId ?? 0;
  if (m.channel === 'sms') {
    const [optout] = await db
      .select({ id: notifySmsOptout.id })
      .from(notifySmsOptout)
      .where(eq(notifySmsOptout.phone, m.recipient));
    if (optout) return { skip: NOTIFY_SKIP_REASONS.optOut };
    const [t] = await db.select().from(notifySmsTemplate).where(eq(notifySmsTemplate.id, templateId));
    if (!t || (!t.enabled && !m.isTest)) return { skip: NOTIFY_SKIP_REASONS.templateOff };
    if (!m.isTest) {
      const limited = await smsLimitReason(db, m.recipient, now);
      if (limited) return { skip: limited };
    }
    const content = `【${t.signName}】${renderText(t.content, vars)}`;
    return {
      content,
      segments: smsSegments(content),
      send: (c) => c.sms.send({ phone: m.recipient, signName: t.signName, templateCode: t.providerCode, params: vars }),
    };
  }
  if (m.channel === 'wxTemplate') {
    const [t] = await db.select().from(notifyWxTemplate).where(eq(notifyWxTemplate.id, templateId));
    if (!t || (!t.enabled && !m.isTest)) return { skip: NOTIFY_SKIP_REASONS.templateOff };
    const data = dataOf(t.fields, vars);
    return {
      content: dataText(data),
      segments: 0,
      send: (c) => c.mp.sendTemplate({ openId: m.recipient, templateId: t.templateId, url: t.url, data }),
    };
  }
  const [t] = await db.select().from(notifyWxSubscribe).where(eq(notifyWxSubscribe.id, templateId));
  if (!t?.enabled) return { skip: NOTIFY_SKIP_REASONS.templateOff };
  if (m.memberId === null) return { skip: NOTIFY_SKIP_REASONS.notSubscribed };
  const [sub] = await db
    .select({ remaining: notifySubscription.remaining })
    .from(notifySubscription)
    .where(and(eq(notifySubscription.memberId, m.memberId), eq(notifySubscription.templateId, t.templateId)));
  if (!sub || sub.remaining <= 0) return { skip: NOTIFY_SKIP_REASONS.notSubscribed };
  const data = dataOf(t.fields, vars);
  return {
    content: dataText(data),
    segments: 0,
    send: (c) => c.mini.sendSubscribe({ openId: m.recipient, templateId: t.templateId, page: t.page, data }),
    subscription: { memberId: m.memberId, templateId: t.templateId },
  };
};

/** One message claimed by this instance: checked, sent, its attempt and result written. */
const sendOne = async (db: Db, clients: NotifyClients, m: Message, now: Date): Promise<NotifyStatus> => {
  const p = await prepare(db, m, now);
  if ('skip' in p) {
    await db
      .update(notifyMessage)
      .set({ status: 'skipped', error: p.skip, nextAt: now })
      .where(eq(notifyMessage.id, m.id));
    return 'skipped';
  }
  const started = Date.now();
  const out = await p.send(clients);
  const ms = Date.now() - started;
  const attempts = m.attempts + 1;
  const fee = out.ok && m.channel === 'sms' ? p.segments * (await readSetting(db, 'smsFeePerSegment')) : 0;
  return db.transaction(async (tx) => {
    await tx.insert(notifyAttempt).values({
      messageId: m.id,
      at: new Date(started),
      ok: out.ok,
      code: out.code,
      detail: out.ok ? null : out.detail,
      ms,
    });
    if (out.ok) {
      await tx
        .update(notifyMessage)
        .set({
          status: 'sent',
          attempts,
          content: p.content,
          segments: m.channel === 'sms' ? p.segments : 0,
          fee,
          providerId: out.providerId,
          error: null,
          sentAt: new Date(),
        })
        .where(eq(notifyMessage.id, m.id));
      if (p.subscription) {
        await tx
          .update(notifySubscription)
          .set({ remaining: sql`greatest(${notifySubscription.remaining} - 1, 0)`, updatedAt: new Date() })
          .where(
            and(
              eq(notifySubscription.memberId, p.subscription.memberId),
              eq(notifySubscription.templateId, p.subscription.templateId),
            ),
          );
      }
      return 'sent';
    }
    const again = out.retry && attempts < NOTIFY_ATTEMPTS_MAX && !m.isTest;
    const error = `${out.code} ${out.detail}${again ? `（第 ${attempts} 次失败，稍后重试）` : ''}`;
    await tx
      .update(notifyMessage)
      .set({
        status: again ? 'queued' : 'failed',
        attempts,
        content: p.content,
        error,
        nextAt: again ? new Date(now.getTime() + NOTIFY_RETRY_MINUTES[attempts - 1]! * 60_000) : now,
      })
      .where(eq(notifyMessage.id, m.id));
    return again ? 'queued' : 'failed';
  });
};

export interface SendRunResult {
  sent: number;
  failed: number;
  skipped: number;
  retrying: number;
}

export const sendRunText = (r: SendRunResult): string =>
  `发送 ${r.sent} 条，失败 ${r.failed} 条，未发送 ${r.skipped} 条，待重试 ${r.retrying} 条`;

/** The job notifySend: the due messages, at most NOTIFY_BATCH, each claimed before it is sent. */
export const sendDue = async (db: Db, clients: NotifyClients, now: Date = new Date()): Promise<SendRunResult> => {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifyMessage.id })
      .from(notifyMessage)
      .where(and(eq(notifyMessage.status, 'queued'), lte(notifyMessage.nextAt, now)))
      .orderBy(asc(notifyMessage.nextAt), asc(notifyMessage.id))
      .limit(NOTIFY_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notifyMessage)
      .set({ nextAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          notifyMessage.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  const r: SendRunResult = { sent: 0, failed: 0, skipped: 0, retrying: 0 };
  claimed.sort((a, b) => a.id - b.id);
  for (const m of claimed) {
    const status = await sendOne(db, clients, m, now);
    if (status === 'sent') r.sent++;
    else if (status === 'failed') r.failed++;
    else if (status === 'skipped') r.skipped++;
    else r.retrying++;
  }
  return r;
};

// ---------------------------------------------------------------------------------------------
// Test sends and the pages' calls.

const testSend = async (
  db: Db,
  clients: NotifyClients,
  userId: number,
  values: { channel: NotifyChannel; recipient: string; templateId: number; templateName: string; event: string },
): Promise<NotifyTestResult> => {
  const [m] = await db
    .insert(notifyMessage)
    .values({
      channel: values.channel,
      event: values.event,
      recipient: values.recipient,
      templateId: values.templateId,
      templateName: values.templateName,
      vars: sampleVarsOf(values.event),
      isTest: true,
      createdBy: userId,
      // Not due for the job: this call sends it.
      nextAt: new Date(Date.now() + LEASE_MS),
    })
    .returning();
  const status = await sendOne(db, clients, m!, new Date());
  const [after] = await db
    .select({ content: notifyMessage.content, error: notifyMessage.error })
    .from(notifyMessage)
    .where(eq(notifyMessage.id, m!.id));
  return { status, content: after?.content ?? '', error: after?.error ?? null };
};

const notFound = () => new BizError(ERR.NOT_FOUND, '模板不存在或已删除');

export const smsTest = async (
  db: Db,
  clients: NotifyClients,
  userId: number,
  body: { templateId: number; phone: string },
): Promise<NotifyTestResult> => {
  const [t] = await db.select().from(notifySmsTemplate).where(eq(notifySmsTemplate.id, body.templateId));
  if (!t) throw notFound();
  return testSend(db, clients, userId, {
    channel: 'sms',
    recipient: body.phone,
    templateId: t.id,
    templateName: t.name,
    event: t.event,
  });
};

export const wxTest = async (
  db: Db,
  clients: NotifyClients,
  userId: number,
  body: { templateId: number; phone: string },
): Promise<NotifyTestResult> => {
  const [t] = await db.select().from(notifyWxTemplate).where(eq(notifyWxTemplate.id, body.templateId));
  if (!t) throw notFound();
  const [w] = await db
    .select({ openId: notifyWxUser.mpOpenId })
    .from(member)
    .innerJoin(notifyWxUser, eq(notifyWxUser.memberId, member.id))
    .where(and(eq(member.phone, body.phone), sql`${notifyWxUser.mpOpenId} is not null`))
    .limit(1);
  if (!w?.openId) throw new BizError(ERR.NOTIFY_NO_RECIPIENT, `手机号 ${body.phone} 的会员未关注公众号，无法发送`);
  return testSend(db, clients, userId, {
    channel: 'wxTemplate',
    recipient: w.openId,
    templateId: t.id,
    templateName: t.title,
    event: t.event,
  });
};

export const smsTemplatePicks = async (db: Db): Promise<NotifyTemplatePick[]> =>
  (
    await db
      .select({
        value: notifySmsTemplate.id,
        label: notifySmsTemplate.name,
        event: notifySmsTemplate.event,
        enabled: notifySmsTemplate.enabled,
      })
      .from(notifySmsTemplate)
      .orderBy(asc(notifySmsTemplate.name))
  ).map((r) => ({ ...r, event: r.event as NotifyTemplatePick['event'] }));

export const wxTemplatePicks = async (db: Db): Promise<NotifyTemplatePick[]> =>
  (
    await db
      .select({
        value: notifyWxTemplate.id,
        label: notifyWxTemplate.title,
        event: notifyWxTemplate.event,
        enabled: notifyWxTemplate.enabled,
      })
      .from(notifyWxTemplate)
      .orderBy(asc(notifyWxTemplate.title))
  ).map((r) => ({ ...r, event: r.event as NotifyTemplatePick['event'] }));

// ---------------------------------------------------------------------------------------------
// The mini-program's report of a member's WeChat identities (open API wxUsers).

export const putWxUser = async (db: Db, body: OpenWxUserBody): Promise<OpenWxUserAnswer> =>
  db.transaction(async (tx) => {
    const [m] = await tx.select({ id: member.id, code: member.code }).from(member).where(eq(member.phone, body.member));
    if (!m) throw new BizError(ERR.OPEN_DOCUMENT_INVALID, `手机号 ${body.member} 的会员不存在，请先完成注册`);
    const set: Partial<typeof notifyWxUser.$inferInsert> = { updatedAt: new Date() };
    if (body.mpOpenId !== undefined) set.mpOpenId = body.mpOpenId;
    if (body.miniOpenId !== undefined) set.miniOpenId = body.miniOpenId;
    // An openid another member had (a phone changed hands) moves to this one.
    for (const [col, v] of [
      [notifyWxUser.mpOpenId, body.mpOpenId],
      [notifyWxUser.miniOpenId, body.miniOpenId],
    ] as const) {
      if (v) {
        await tx
          .update(notifyWxUser)
          .set(col === notifyWxUser.mpOpenId ? { mpOpenId: null } : { miniOpenId: null })
          .where(and(eq(col, v), sql`${notifyWxUser.memberId} <> ${m.id}`));
      }
    }
    await tx
      .insert(notifyWxUser)
      .values({ memberId: m.id, mpOpenId: body.mpOpenId ?? null, miniOpenId: body.miniOpenId ?? null })
      .onConflictDoUpdate({ target: notifyWxUser.memberId, set });
    for (const templateId of new Set(body.accepted)) {
      await tx
        .insert(notifySubscription)
        .values({ memberId: m.id, templateId, remaining: 1 })
        .onConflictDoUpdate({
          target: [notifySubscription.memberId, notifySubscription.templateId],
          set: { remaining: sql`${notifySubscription.remaining} + 1`, updatedAt: new Date() },
        });
    }
    const [w] = await tx
      .select({ mp: notifyWxUser.mpOpenId })
      .from(notifyWxUser)
      .where(eq(notifyWxUser.memberId, m.id));
    const subs = await tx
      .select({ templateId: notifySubscription.templateId, remaining: notifySubscription.remaining })
      .from(notifySubscription)
      .where(and(eq(notifySubscription.memberId, m.id), gt(notifySubscription.remaining, 0)))
      .orderBy(asc(notifySubscription.templateId));
    return { memberCode: m.code, mpFollowing: Boolean(w?.mp), subscriptions: subs };
  });
