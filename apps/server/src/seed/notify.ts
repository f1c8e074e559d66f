/**
 * Demo data of the notification pages (issue 17): SMS templates (one 停用), official-account
 * templates with their fields, the evaluation subscribe message, the member notices of each event,
 * two opted-out phones, members who follow the official account (some who accepted the subscribe
 * message, as the mini-program reports them), and the last month's bills told to their members —
 * sent by the job's own code through the built-in simulators, two refused by the SMS provider —
 * so /SMSmessage's log, /wxTemplate's log and /aliSmsLog have something to show.
 */
import type { WxMenu } from '@zb/contract/entities/wxMenu';
import { sql } from 'drizzle-orm';
import { NOTIFY_DEMO } from '../config';
import type { Db, Tx } from '../db/client';
import { publishWxMenu } from '../modules/notify/menu';
import {
  notifySmsOptout,
  notifySmsTemplate,
  notifyVipNotice,
  notifyWxSubscribe,
  notifyWxTemplate,
} from '../modules/notify/schema';
import { noticeOnBill, notifyClientsOf, putWxUser, sendDue } from '../modules/notify/service';
import { failNextSends } from '../modules/notify/simulator';
import { rowsOf } from './generate';

const SITE = 'https://m.siyu.example.com';
export const DEMO_WX_MENU: WxMenu = {
  buttons: [
    {
      name: '会员中心',
      sub: [
        { name: '我的会员卡', type: 'view', url: `${SITE}/member/cards` },
        { name: '我的优惠券', type: 'view', url: `${SITE}/member/coupons` },
        { name: '消费记录', type: 'view', url: `${SITE}/member/bills` },
      ],
    },
    {
      name: '预约护理',
      type: 'miniprogram',
      appid: 'wx1a2b3c4d5e6f7a8b',
      pagepath: 'pages/booking/index',
      url: `${SITE}/booking`,
      sub: [],
    },
    {
      name: '关于丝域',
      sub: [
        { name: '门店查询', type: 'view', url: `${SITE}/stores` },
        { name: '联系客服', type: 'click', key: 'CONTACT_SERVICE' },
      ],
    },
  ],
};

/** Bills of the last month told to their members (across the chain's stores). */
const BILLS_TOLD = 160;
export const DEMO_SUBSCRIBE_TEMPLATE = 'sUbEvaInviteDemo000000001';

const openIdOf = (kind: 'mp' | 'mini', memberId: number) =>
  `o${kind === 'mp' ? 'MP' : 'MN'}demo${String(memberId).padStart(18, '0')}`;

export const seedNotify = async (tx: Tx, now: Date, history: boolean): Promise<void> => {
  const db = tx as unknown as Db;
  const sms = await tx
    .insert(notifySmsTemplate)
    .values([
      {
        name: '消费提醒',
        event: 'billNotice',
        signName: '丝域养发',
        providerCode: 'SMS_468520001',
        content:
          '尊敬的${memberName}，您于${billTime}在${storeName}消费${amount}元，单号${billNo}。如有疑问请致电门店。',
      },
      {
        name: '服务评价邀请',
        event: 'evaInvite',
        signName: '丝域养发',
        providerCode: 'SMS_468520002',
        content: '${memberName}您好，感谢光临${storeName}！请在${evaDays}天内打开丝域小程序为本次服务评价。',
      },
      {
        name: '生日祝福',
        event: 'birthday',
        signName: '丝域养发',
        providerCode: 'SMS_468520003',
        content: '亲爱的${memberName}，${storeName}全体伙伴祝您生日快乐！生日当月到店护理享专属礼遇。',
      },
      {
        name: '消费提醒（旧版）',
        event: 'billNotice',
        signName: '丝域',
        providerCode: 'SMS_300000017',
        content: '${memberName}您好，您在${storeName}消费${amount}元。',
        enabled: false,
      },
    ])
    .returning({ id: notifySmsTemplate.id, event: notifySmsTemplate.event });
  const smsOf = (event: string) => sms.find((t) => t.event === event)!.id;
  const wxFields = [
    { key: 'first', value: '${memberName}，您的消费已完成' },
    { key: 'keyword1', value: '${storeName}' },
    { key: 'keyword2', value: '${amount}元' },
    { key: 'keyword3', value: '${billTime}' },
    { key: 'remark', value: '单号 ${billNo}，感谢您的光临' },
  ];
  const inviteFields = [
    { key: 'first', value: '${memberName}，邀请您评价本次服务' },
    { key: 'keyword1', value: '${storeName}' },
    { key: 'keyword2', value: '${billTime}' },
    { key: 'remark', value: '${evaDays}天内可评价' },
  ];
  const text = (fields: { key: string; value: string }[]) => fields.map((f) => `${f.key}：${f.value}`).join('；');
  const wx = await tx
    .insert(notifyWxTemplate)
    .values([
      {
        title: '消费成功通知',
        event: 'billNotice',
        templateId: 'Xb7Ue2hQx9Lm4Pq1ConsumeOK0001',
        url: 'https://m.siyu.example.com/bills',
        fields: wxFields,
        fieldsText: text(wxFields),
      },
      {
        title: '服务评价提醒',
        event: 'evaInvite',
        templateId: 'Xb7Ue2hQx9Lm4Pq1EvaInvite0001',
        url: 'https://m.siyu.example.com/evaluate',
        fields: inviteFields,
        fieldsText: text(inviteFields),
      },
    ])
    .returning({ id: notifyWxTemplate.id, event: notifyWxTemplate.event });
  const wxOf = (event: string) => wx.find((t) => t.event === event)!.id;
  const subFields = [
    { key: 'thing1', value: '${storeName}' },
    { key: 'time2', value: '${billTime}' },
    { key: 'thing3', value: '请在${evaDays}天内评价' },
  ];
  await tx.insert(notifyWxSubscribe).values({
    event: 'evaInvite',
    title: '服务评价提醒',
    templateId: DEMO_SUBSCRIBE_TEMPLATE,
    page: 'pages/evaluate/index',
    fields: subFields,
    fieldsText: text(subFields),
  });
  await tx.insert(notifyVipNotice).values([
    { event: 'billNotice', smsTemplateId: smsOf('billNotice'), wxTemplateId: wxOf('billNotice'), remark: '每笔结账' },
    { event: 'evaInvite', smsTemplateId: smsOf('evaInvite'), wxTemplateId: wxOf('evaInvite') },
    { event: 'birthday', smsTemplateId: smsOf('birthday'), remark: '每天上午 9 点' },
  ]);
  // The official account's menu, published through the simulator as 发布 does.
  const [admin] = rowsOf<{ id: number }>(await tx.execute(sql`select id from user_account where login_name = 'admin'`));
  if (admin) await publishWxMenu(db, notifyClientsOf(db, NOTIFY_DEMO), admin.id, DEMO_WX_MENU);
  if (!history) return;

  const bills = rowsOf<{ id: number; member_id: number; phone: string }>(
    await tx.execute(sql`select c.id, c.member_id, m.phone from member_consume c join member m on m.id = c.member_id
      where c.status = 'completed' and c.consumed_at > ${new Date(now.getTime() - 28 * 86_400_000).toISOString()}::timestamptz
        and c.consumed_at <= ${now.toISOString()}::timestamptz
      order by c.id desc limit ${BILLS_TOLD}`),
  );
  // Two phones asked not to be sent SMS.
  const out = [...new Set(bills.map((b) => b.phone))].slice(3, 5);
  if (out.length) {
    await tx.insert(notifySmsOptout).values(out.map((phone) => ({ phone, reason: '会员来电要求退订' })));
  }
  // Every other member of those bills follows the official account; every fourth accepted the subscribe message.
  const members = [...new Set(bills.map((b) => b.member_id))];
  for (const [i, id] of members.entries()) {
    if (i % 2 !== 0) continue;
    const phone = bills.find((b) => b.member_id === id)!.phone;
    await putWxUser(db, {
      member: phone,
      mpOpenId: openIdOf('mp', id),
      miniOpenId: openIdOf('mini', id),
      accepted: i % 4 === 0 ? [DEMO_SUBSCRIBE_TEMPLATE] : [],
    });
  }
  // The provider refuses two (a daily limit it keeps); the rest go out as the job sends them, each
  // bill's messages at its own time (the reports count by day, the per-phone limits by the hour).
  await failNextSends(db, 'sms', 2, 'isv.BUSINESS_LIMIT_CONTROL');
  const clients = notifyClientsOf(db, NOTIFY_DEMO);
  for (const b of [...bills].reverse()) {
    await noticeOnBill(tx, { consumeId: b.id });
    await sendDue(db, clients, new Date(Math.max(now.getTime(), Date.now())));
    await tx.execute(sql`update notify_message n set created_at = c.consumed_at,
        sent_at = case when n.sent_at is null then null else c.consumed_at + interval '1 minute' end
      from member_consume c where n.ref_type = 'member_consume' and n.ref_id = ${b.id} and c.id = ${b.id}
        and n.status <> 'queued'`);
  }
};
