/**
 * Demo data of 商城活动 (issue 16): three templates, and events in every state — a running 秒杀
 * and a running 拼团 with orders the demo mini-program sent, a 限时折扣 waiting for review, a
 * rejected, a stopped and an ended one, and a 草稿 started from a template — made through the
 * mall's own services (createMallOrder, the flow steps, the approval center), so stock, groups and
 * amounts agree as they do for real orders. The 拼团 has a formed group, one still forming and one
 * that failed (its unpaid order cancelled by the job's rule).
 */
import { formatDate } from '@zb/contract/time';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { mallEventLifecycle, startFromModel } from '../modules/mall/events';
import {
  createMallOrder,
  failExpiredGroups,
  orderIdByOuterNo,
  payOrder,
  pickupOrder,
  receiveOrder,
  shipOrder,
} from '../modules/mall/orders';
import { activityModel, mallEvent, mallEventItem, mallGoods } from '../modules/mall/schema';
import { openClient } from '../modules/openApi/schema';
import type { Auth } from '../platform/context';
import type { StepTaker } from '../platform/flow';
import { HQ_SCOPE } from '../platform/scope';
import { rowsOf } from './generate';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export const seedMallEvents = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [app] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.mini.appKey));
  const goods = await tx
    .select()
    .from(mallGoods)
    .where(inArray(mallGoods.code, ['SC-P001', 'SC-P002', 'SC-J001']));
  const g = (code: string) => goods.find((x) => x.code === code)!;
  // Members the demo mall's own orders leave alone (they take the first six; its goods limit
  // SC-J001 to one a member), taken region by region so the groups' leaders live in several
  // regions' data scopes.
  const members = rowsOf<{ phone: string }>(
    await tx.execute(sql`select phone from (
        select m.phone, s.region_id, row_number() over (partition by s.region_id order by m.id) as n
        from member m join store s on s.id = m.store_id where m.status = 'normal') x
      where n between 11 and 13 order by n, region_id limit 8`),
  );
  // One open store of each region, so the orders spread over the regions' data scopes.
  const stores = rowsOf<{ code: string }>(
    await tx.execute(
      sql`select distinct on (region_id) code from store where status = 'open' order by region_id, id limit 3`,
    ),
  );
  if (!admin || !app || goods.length < 3 || members.length < 8 || !stores.length) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const day = (d: number) => formatDate(new Date(now.getTime() + d * DAY));

  const [flash, trio, memberDay] = await tx
    .insert(activityModel)
    .values([
      {
        name: '周末秒杀',
        kind: 'seckill',
        days: 2,
        rate: 60,
        stock: 30,
        limitPerMember: 1,
        goods: [g('SC-P001').id, g('SC-P002').id],
        remark: '周六周日两天，热销洗护 6 折秒杀',
        createdBy: admin.id,
      },
      {
        name: '三人拼团',
        kind: 'group',
        days: 7,
        rate: 70,
        stock: 50,
        limitPerMember: 1,
        groupSize: 3,
        groupHours: 24,
        goods: [g('SC-J001').id],
        remark: '3 人成团，体验项目 7 折',
        createdBy: admin.id,
      },
      {
        name: '会员日限时折扣',
        kind: 'timed',
        days: 1,
        rate: 85,
        stock: 100,
        limitPerMember: 0,
        goods: [g('SC-P002').id],
        createdBy: admin.id,
      },
    ])
    .returning({ id: activityModel.id });

  const events = await tx
    .insert(mallEvent)
    .values([
      { name: '双十二洗护秒杀', kind: 'seckill', startDay: day(-3), endDay: day(5), modelId: flash!.id },
      {
        name: '头皮护理体验三人团',
        kind: 'group',
        startDay: day(-4),
        endDay: day(10),
        groupSize: 3,
        groupHours: 24,
        modelId: trio!.id,
      },
      { name: '会员日 8.5 折', kind: 'timed', startDay: day(3), endDay: day(3), modelId: memberDay!.id },
      { name: '旅行装秒杀（驳回）', kind: 'seckill', startDay: day(2), endDay: day(4) },
      { name: '夏日清凉限时折扣（停用）', kind: 'timed', startDay: day(-10), endDay: day(10) },
      { name: '国庆拼团', kind: 'group', startDay: day(-60), endDay: day(-53), groupSize: 2, groupHours: 12 },
    ])
    .returning({ id: mallEvent.id, code: mallEvent.code });
  const [seckill, group, timed, rejected, stopped, past] = events;
  const item = (eventId: number, line: number, code: string, price: number, stock: number, limit: number) => ({
    eventId,
    line,
    goodsId: g(code).id,
    price,
    stock,
    limitPerMember: limit,
  });
  await tx
    .insert(mallEventItem)
    .values([
      item(seckill!.id, 0, 'SC-P001', 7_800, 20, 2),
      item(seckill!.id, 1, 'SC-P002', 3_900, 30, 0),
      item(group!.id, 0, 'SC-J001', 6_900, 40, 1),
      item(timed!.id, 0, 'SC-P002', 5_000, 50, 0),
      item(rejected!.id, 0, 'SC-P002', 1_900, 60, 3),
      item(stopped!.id, 0, 'SC-P001', 9_900, 20, 1),
      item(past!.id, 0, 'SC-J001', 5_900, 10, 1),
    ]);
  const decide = async (id: number, decision: 'approve' | 'reject', comment: string) => {
    await mallEventLifecycle.submit(tx, auth, id);
    const [row] = await tx.select({ approvalId: mallEvent.approvalId }).from(mallEvent).where(eq(mallEvent.id, id));
    await decideIn(tx, admin.id, { id: row!.approvalId!, decision, comment }, undefined);
  };
  for (const e of [seckill!, group!, stopped!, past!]) await decide(e.id, 'approve', '同意');
  await decide(rejected!.id, 'reject', '旅行装成本较高，秒杀价请不低于 29 元');
  await mallEventLifecycle.submit(tx, auth, timed!.id);
  await mallEventLifecycle.disable(tx, auth, stopped!.id);
  await tx.update(mallEvent).set({ status: 'ended' }).where(eq(mallEvent.id, past!.id));
  // A 草稿 started from a template (its dates from tomorrow).
  await startFromModel(tx, auth, flash!.id, now);

  // Orders the demo mini-program sent in the running events.
  const MINI: StepTaker = { kind: 'open', clientId: app.id };
  const HQ: StepTaker = { kind: 'console', userId: admin.id };
  let n = 0;
  const buy = async (
    eventCode: string,
    code: string,
    qty: number,
    member: number,
    hoursAgo: number,
    delivery: 'express' | 'pickup',
    groupNo?: string,
  ) => {
    n += 1;
    const outerNo = `WXHD${String(n).padStart(4, '0')}`;
    const [it] = await tx
      .select({ price: mallEventItem.price })
      .from(mallEventItem)
      .innerJoin(mallEvent, eq(mallEvent.id, mallEventItem.eventId))
      .where(sql`${mallEvent.code} = ${eventCode} and ${mallEventItem.goodsId} = ${g(code).id}`);
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    const ans = await createMallOrder(
      tx,
      { clientId: app.id },
      {
        outerNo,
        member: members[member]!.phone,
        storeCode: stores[member % stores.length]!.code,
        delivery,
        lines: [{ goodsCode: code, quantity: qty }],
        freight: 0,
        total: it!.price * qty,
        eventCode,
        groupNo,
        receiver:
          delivery === 'express'
            ? { name: '林女士', phone: '13900005678', address: '杭州市西湖区文三路 199 号 3 单元 502 室' }
            : undefined,
      },
      at,
    );
    const id = await orderIdByOuterNo(tx, app.id, outerNo);
    const pay = () =>
      payOrder(
        tx,
        id,
        MINI,
        { method: 'wechat', tradeNo: `DEMOPAY${outerNo}`, amount: ans.payable },
        new Date(at.getTime() + 0.1 * HOUR),
      );
    return { id, at, groupNo: ans.event?.groupNo ?? undefined, pay };
  };

  // 秒杀: one received, one waiting to ship, one not paid yet.
  const a = await buy(seckill!.code, 'SC-P001', 2, 0, 50, 'express');
  await a.pay();
  await shipOrder(
    tx,
    a.id,
    HQ,
    { trackingCompany: '顺丰速运', trackingNo: 'SF2000000001' },
    undefined,
    new Date(a.at.getTime() + 20 * HOUR),
  );
  await receiveOrder(tx, a.id, MINI, new Date(a.at.getTime() + 44 * HOUR));
  const b = await buy(seckill!.code, 'SC-P002', 3, 1, 20, 'express');
  await b.pay();
  await buy(seckill!.code, 'SC-P001', 1, 2, 1, 'express');

  // 拼团: a group of three formed (one picked up), one still forming, one that failed.
  const leader = await buy(group!.code, 'SC-J001', 1, 3, 30, 'pickup');
  await leader.pay();
  const second = await buy(group!.code, 'SC-J001', 1, 4, 29, 'pickup', leader.groupNo);
  await second.pay();
  const third = await buy(group!.code, 'SC-J001', 1, 5, 28, 'pickup', leader.groupNo);
  await third.pay();
  await pickupOrder(tx, leader.id, HQ, undefined, new Date(leader.at.getTime() + 26 * HOUR));
  const forming = await buy(group!.code, 'SC-J001', 1, 6, 2, 'pickup');
  await forming.pay();
  // Opened two days ago and never paid: past its 24 hours, the job fails it and cancels the order.
  await buy(group!.code, 'SC-J001', 1, 7, 48, 'pickup');
  await failExpiredGroups(tx, now);
};
