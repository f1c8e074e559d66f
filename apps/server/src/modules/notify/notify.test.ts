/**
 * 通知渠道: templates may only use their event's variables; a bill writes its messages to the
 * outbox in its own transaction (once, however often it is replayed); the job sends them through
 * the simulators, retries the provider's own trouble and ends a refusal 发送失败, with every
 * attempt logged; opt-out and the per-phone limits stop an SMS; a subscribe message uses up the
 * member's acceptance; test sends; and /aliSmsLog equals the outbox it reads.
 */
import { SMS_SETTINGS_API } from '@zb/contract/api/configUtils';
import { openBillBody } from '@zb/contract/entities/bill';
import { NOTIFY_API, type OpenWxUserAnswer, smsSegments } from '@zb/contract/entities/notify';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { ALI_SMS_LOG } from '@zb/contract/reports/notify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_DEMO } from '../../config';
import { rowsOf } from '../../db/client';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost, posCaller } from '../../testing/openApi';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { postBill } from '../bills/service';
import type { OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused, signInRegion } from '../storesMore/testHelpers';
import { notifyAttempt, notifyMessage, notifySubscription } from './schema';
import { noticeBirthdays, notifyClientsOf, sendDue } from './service';
import { failNextSends, simInbox } from './simulator';

let t: TestApp;
let admin: TestClient;
let bj: OpenCaller;
let price = 0;
let bjName = '';
let who: { id: number; phone: string; name: string };

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const clients = () => notifyClientsOf(t.db, NOTIFY_DEMO);
const MP_OPENID = 'oTESTmp0000000000000000001';
const MINI_OPENID = 'oTESTmini00000000000000001';
const SUB_TEMPLATE = 'subEvaInvite-TEST-0001';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const [bjStore] = await t.db.select({ id: store.id, name: store.name }).from(store).where(eq(store.code, 'BJ001'));
  bj = await posCaller(t.db, bjStore!.id, 'notify-bj');
  bjName = bjStore!.name;
  price = Number((await q<{ p: number }>(sql`select price as p from project where code = 'J001'`))[0]!.p);
  who = (
    await q<{ id: number; phone: string; name: string }>(
      sql`select id, phone, name from member where store_id = ${bjStore!.id} and status = 'normal' order by id limit 1`,
    )
  )[0]!;
  // The test's own configuration, not the demo's.
  await t.db.execute(sql`truncate notify_vip_notice, notify_wx_subscribe, notify_sms_template, notify_wx_template,
    notify_sms_optout, notify_message, notify_wx_user, notify_subscription, notifysim_message cascade`);
  await t.db.execute(sql`update eva_setting set invite_timing = 'afterBill'`);
}, 180_000);
afterAll(() => t.close());

let seq = 0;
const bill = (phone: string, outerNo = `NOTIFY-${++seq}`) =>
  postBill(
    t.db,
    bj,
    openBillBody.parse({
      outerNo,
      storeCode: 'BJ001',
      member: phone,
      at: new Date().toISOString(),
      lines: [{ kind: 'project', code: 'J001' }],
      payments: [{ method: 'cash', amount: price }],
    }),
  );

const messagesOf = (memberId: number) =>
  t.db.select().from(notifyMessage).where(eq(notifyMessage.memberId, memberId)).orderBy(notifyMessage.id);

describe('通知模板', () => {
  it('refuses a template that uses a variable its event does not have, and a malformed one', async () => {
    const bad = fieldErrors(
      await admin.call(NOTIFY_API.smsTemplate.create!, {
        body: {
          name: '生日祝福',
          event: 'birthday',
          signName: '丝域养发',
          providerCode: 'SMS_100000001',
          content: '${memberName}，您在 ${storeName} 的单号 ${billNo}',
          enabled: true,
        },
      }),
    );
    expect(bad.content).toMatch(/\$\{billNo\} 不是「生日祝福」的可用变量/);
    const malformed = fieldErrors(
      await admin.call(NOTIFY_API.smsTemplate.create!, {
        body: { name: 'x', event: 'birthday', signName: '【丝域】', providerCode: '123', content: 'hi', enabled: true },
      }),
    );
    expect(Object.keys(malformed).sort()).toEqual(['providerCode', 'signName']);
    const wxBad = fieldErrors(
      await admin.call(NOTIFY_API.wxTemplate.create!, {
        body: {
          title: '生日',
          event: 'birthday',
          templateId: 'TMPL-birthday-0001',
          fields: [{ key: 'first', value: '${amount}' }],
          enabled: true,
        },
      }),
    );
    expect(wxBad.fields).toMatch(/字段 first：变量 \$\{amount\}/);
    expect(Number((await q<{ n: number }>(sql`select count(*)::int as n from notify_sms_template`))[0]!.n)).toBe(0);
  });

  it('sets up a bill notice and an invitation on every channel, and a notice picks only its own event', async () => {
    const sms = okData(
      await admin.call(NOTIFY_API.smsTemplate.create!, {
        body: {
          name: '消费提醒短信',
          event: 'billNotice',
          signName: '丝域养发',
          providerCode: 'SMS_200000001',
          content: '尊敬的${memberName}，您于${billTime}在${storeName}消费${amount}元，单号${billNo}。',
          enabled: true,
        },
      }),
    );
    const invite = okData(
      await admin.call(NOTIFY_API.smsTemplate.create!, {
        body: {
          name: '评价邀请短信',
          event: 'evaInvite',
          signName: '丝域养发',
          providerCode: 'SMS_200000002',
          content: '${memberName}您好，请在${evaDays}天内为本次服务评价。',
          enabled: true,
        },
      }),
    );
    const wx = okData(
      await admin.call(NOTIFY_API.wxTemplate.create!, {
        body: {
          title: '消费成功通知',
          event: 'billNotice',
          templateId: 'TMPL-billNotice-0001',
          url: 'https://m.example.com/bill',
          fields: [
            { key: 'first', value: '${memberName}，您的消费已完成' },
            { key: 'keyword1', value: '${amount}元' },
            { key: 'keyword2', value: '${storeName}' },
          ],
          enabled: true,
        },
      }),
    );
    refused(
      await admin.call(NOTIFY_API.vipNotice.create!, {
        body: { event: 'evaInvite', smsTemplateId: sms.id, enabled: true },
      }),
      ERR.PARAM_INVALID,
      /同一业务事件/,
    );
    okData(
      await admin.call(NOTIFY_API.vipNotice.create!, {
        body: { event: 'billNotice', smsTemplateId: sms.id, wxTemplateId: wx.id, enabled: true },
      }),
    );
    okData(
      await admin.call(NOTIFY_API.vipNotice.create!, {
        body: { event: 'evaInvite', smsTemplateId: invite.id, enabled: true },
      }),
    );
    okData(
      await admin.call(NOTIFY_API.wxSubscribe.create!, {
        body: {
          event: 'evaInvite',
          title: '服务评价提醒',
          templateId: SUB_TEMPLATE,
          page: 'pages/evaluate/index',
          fields: [{ key: 'thing1', value: '${storeName}' }],
          enabled: true,
        },
      }),
    );
    const list = okData(await admin.call(NOTIFY_API.vipNotice.list, { query: {} }));
    expect(list.list.map((r) => [r.event, r.smsTemplateName, r.wxTemplateName])).toEqual([
      ['billNotice', '消费提醒短信', '消费成功通知'],
      ['evaInvite', '评价邀请短信', null],
    ]);
    // A template a notice uses keeps its event.
    refused(
      await admin.call(NOTIFY_API.smsTemplate.update!, { body: { id: sms.id, event: 'birthday', content: 'hi' } }),
      ERR.PARAM_INVALID,
      /正在使用/,
    );
  });

  it('takes the mini-program report of a member’s WeChat identities and acceptances', async () => {
    const r = await openPost<OpenWxUserAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.wxUsers, {
      member: who.phone,
      mpOpenId: MP_OPENID,
      miniOpenId: MINI_OPENID,
      accepted: [SUB_TEMPLATE],
    });
    expect(r.errcode, r.errmsg).toBe(ERR.OK);
    expect(r.data.mpFollowing).toBe(true);
    expect(r.data.subscriptions).toEqual([{ templateId: SUB_TEMPLATE, remaining: 1 }]);
    const unknown = await openPost(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.wxUsers, { member: '13999999998' });
    expect(unknown.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    const bad = await openPost(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.wxUsers, { member: who.phone, mpOpenId: 'x' });
    expect([bad.errcode, bad.errmsg]).toEqual([
      ERR.OPEN_DOCUMENT_INVALID,
      expect.stringMatching(/公众号 openid格式无效/),
    ]);
  });
});

describe('发送', () => {
  it('writes a bill’s messages with the bill, once, and sends them through the simulators', async () => {
    const first = await bill(who.phone, 'NOTIFY-ONCE');
    await bill(who.phone, 'NOTIFY-ONCE');
    const queued = await messagesOf(who.id);
    expect(queued.map((m) => [m.channel, m.event, m.status]).sort()).toEqual(
      [
        ['sms', 'billNotice', 'queued'],
        ['sms', 'evaInvite', 'queued'],
        ['wxSubscribe', 'evaInvite', 'queued'],
        ['wxTemplate', 'billNotice', 'queued'],
      ].sort(),
    );
    expect(
      queued.every(
        (m) => m.recipient === (m.channel === 'sms' ? who.phone : m.channel === 'wxTemplate' ? MP_OPENID : MINI_OPENID),
      ),
    ).toBe(true);

    const r = await sendDue(t.db, clients(), new Date());
    expect(r).toEqual({ sent: 4, failed: 0, skipped: 0, retrying: 0 });
    const sent = await messagesOf(who.id);
    const billSms = sent.find((m) => m.channel === 'sms' && m.event === 'billNotice')!;
    expect(billSms.content).toContain(`【丝域养发】尊敬的${who.name}`);
    expect(billSms.content).toContain(first.billNo);
    expect(billSms.content).toContain(`${(price / 100).toFixed(2)}元`);
    expect(billSms.segments).toBe(smsSegments(billSms.content!));
    expect(billSms.fee).toBe(billSms.segments * 5);
    // What the providers received.
    const phoneInbox = await simInbox(t.db, who.phone);
    expect(phoneInbox.map((m) => m.templateId).sort()).toEqual(['SMS_200000001', 'SMS_200000002']);
    const [mp] = await simInbox(t.db, MP_OPENID);
    expect(mp!.params).toMatchObject({ keyword2: { value: bjName } });
    // The subscription is used up: the next bill's subscribe message is not sent.
    const [sub] = await t.db.select().from(notifySubscription).where(eq(notifySubscription.memberId, who.id));
    expect(sub!.remaining).toBe(0);
    const attempts = await t.db.select().from(notifyAttempt);
    expect(attempts.filter((a) => a.ok)).toHaveLength(4);
  });

  it('retries the provider’s own trouble and logs each attempt; a refusal ends it 发送失败', async () => {
    await t.db.execute(sql`delete from notify_message`);
    await failNextSends(t.db, 'sms', 1, 'isp.SYSTEM_ERROR');
    await bill(who.phone);
    const now = new Date();
    const r = await sendDue(t.db, clients(), now);
    expect(r.retrying).toBe(1);
    expect(r.skipped).toBe(1); // the subscribe message: no acceptance left
    const waiting = (await messagesOf(who.id)).find((m) => m.status === 'queued')!;
    expect(waiting.attempts).toBe(1);
    expect(waiting.error).toMatch(/isp.SYSTEM_ERROR.*稍后重试/);
    expect(waiting.nextAt.getTime()).toBe(now.getTime() + 60_000);
    // Not due yet; due a minute later.
    expect((await sendDue(t.db, clients(), now)).sent).toBe(0);
    expect((await sendDue(t.db, clients(), new Date(now.getTime() + 61_000))).sent).toBe(1);
    const log = await t.db.select().from(notifyAttempt).where(eq(notifyAttempt.messageId, waiting.id));
    expect(log.map((a) => [a.ok, a.code])).toEqual([
      [false, 'isp.SYSTEM_ERROR'],
      [true, 'OK'],
    ]);
    // WeChat refuses an openid it does not know: no retry.
    await t.db.execute(sql`update notify_wx_user set mp_open_id = 'oUNKNOWN' where member_id = ${who.id}`);
    await t.db.execute(sql`delete from notify_message`);
    await bill(who.phone);
    await sendDue(t.db, clients(), new Date());
    const wx = (await messagesOf(who.id)).find((m) => m.channel === 'wxTemplate')!;
    expect([wx.status, wx.attempts]).toEqual(['failed', 1]);
    expect(wx.error).toMatch(/^40003/);
    await t.db.execute(sql`update notify_wx_user set mp_open_id = ${MP_OPENID} where member_id = ${who.id}`);
  });

  it('does not send an SMS to an opted-out phone, nor past the per-phone limits', async () => {
    await t.db.execute(sql`delete from notify_message`);
    okData(await admin.call(NOTIFY_API.smsOptout.create!, { body: { phone: who.phone, reason: '会员来电要求' } }));
    await bill(who.phone);
    await sendDue(t.db, clients(), new Date());
    const sms = (await messagesOf(who.id)).filter((m) => m.channel === 'sms');
    expect(sms.map((m) => [m.status, m.error])).toEqual([
      ['skipped', '号码已退订短信'],
      ['skipped', '号码已退订短信'],
    ]);
    const optout = okData(await admin.call(NOTIFY_API.smsOptout.list, { query: { phone: who.phone } }));
    expect(optout.list[0]!.createdByName).toBeTruthy();
    okData(await admin.call(NOTIFY_API.smsOptout.delete!, { body: { ids: [optout.list[0]!.id] } }));

    // Two an hour: the third bill's SMS wait for no one — they are 未发送 with the reason.
    okData(await admin.call(SMS_SETTINGS_API.update, { body: { key: 'smsPerPhoneHourly', value: 2 } }));
    await t.db.execute(sql`delete from notify_message`);
    await bill(who.phone);
    await bill(who.phone);
    await sendDue(t.db, clients(), new Date());
    const statuses = (await messagesOf(who.id)).filter((m) => m.channel === 'sms').map((m) => m.status);
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(2);
    expect((await messagesOf(who.id)).filter((m) => m.error === '超过单号码每小时发送上限')).toHaveLength(2);
    okData(await admin.call(SMS_SETTINGS_API.update, { body: { key: 'smsPerPhoneHourly', value: 5 } }));
  });

  it('sends birthday wishes once a year', async () => {
    const sms = okData(
      await admin.call(NOTIFY_API.smsTemplate.create!, {
        body: {
          name: '生日短信',
          event: 'birthday',
          signName: '丝域养发',
          providerCode: 'SMS_200000003',
          content: '${memberName}，${storeName}祝您生日快乐！',
          enabled: true,
        },
      }),
    );
    okData(
      await admin.call(NOTIFY_API.vipNotice.create!, {
        body: { event: 'birthday', smsTemplateId: sms.id, enabled: true },
      }),
    );
    const now = new Date('2027-03-15T02:00:00Z');
    await t.db.execute(sql`update member set birthday = '1990-03-15' where id = ${who.id}`);
    const n = await noticeBirthdays(t.db, now);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(await noticeBirthdays(t.db, now)).toBe(0);
    const mine = (await messagesOf(who.id)).filter((m) => m.event === 'birthday');
    expect(mine.map((m) => [m.channel, m.refId])).toEqual([['sms', 2027]]);
  });
});

describe('测试发送与报表', () => {
  it('sends a test SMS now; a test WeChat message needs a follower', async () => {
    const [tpl] = await q<{ id: number }>(sql`select id from notify_sms_template where name = '消费提醒短信'`);
    const r = okData(await admin.call(NOTIFY_API.smsTest, { body: { templateId: tpl!.id, phone: '13700001111' } }));
    expect(r.status).toBe('sent');
    expect(r.content).toBe(
      '【丝域养发】尊敬的张三，您于2026-11-28 15:30在北京朝阳大悦城店消费268.00元，单号XF0000012345。',
    );
    refused(await admin.call(NOTIFY_API.smsTest, { body: { templateId: tpl!.id, phone: '123' } }), ERR.PARAM_INVALID);
    const [wx] = await q<{ id: number }>(sql`select id from notify_wx_template limit 1`);
    refused(
      await admin.call(NOTIFY_API.wxTest, { body: { templateId: wx!.id, phone: '13700001111' } }),
      ERR.NOTIFY_NO_RECIPIENT,
    );
    expect(okData(await admin.call(NOTIFY_API.wxTest, { body: { templateId: wx!.id, phone: who.phone } })).status).toBe(
      'sent',
    );
  });

  it('talks to the simulators over HTTP once the server listens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [sms] = await q<{ id: number }>(sql`select id from notify_sms_template where name = '消费提醒短信'`);
    const [wx] = await q<{ id: number }>(sql`select id from notify_wx_template limit 1`);
    const before = (await simInbox(t.db, '13700002222')).length;
    expect(
      okData(await admin.call(NOTIFY_API.smsTest, { body: { templateId: sms!.id, phone: '13700002222' } })).status,
    ).toBe('sent');
    expect(await simInbox(t.db, '13700002222')).toHaveLength(before + 1);
    expect(okData(await admin.call(NOTIFY_API.wxTest, { body: { templateId: wx!.id, phone: who.phone } })).status).toBe(
      'sent',
    );
  });

  it('/aliSmsLog equals the SMS outbox, a region sees its stores', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const period = { periodFrom: today, periodTo: today };
    const r = await reportAll(admin, ALI_SMS_LOG, period);
    const [facts] = await q<{ n: number; sent: number; segments: number; fee: number }>(sql`select count(*)::int as n,
      count(*) filter (where status = 'sent')::int as sent, sum(segments)::int as segments, sum(fee)::int as fee
      from notify_message where channel = 'sms' and not is_test and store_id is not null
        and (created_at at time zone 'Asia/Shanghai')::date = ${today}::date`);
    expect(Number(r.totals!.messages)).toBe(Number(facts!.n));
    expect(Number(r.totals!.sent)).toBe(Number(facts!.sent));
    expect(Number(r.totals!.segments)).toBe(Number(facts!.segments));
    expect(Number(r.totals!.fee)).toBe(Number(facts!.fee));
    expect(Number(facts!.n)).toBeGreaterThan(0);
    const region = await signInRegion(t);
    const east = await reportAll(region, ALI_SMS_LOG, period);
    expect(east.list.some((row) => row.storeName === bjName)).toBe(false);
  });
});
