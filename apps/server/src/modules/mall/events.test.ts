/**
 * 商城活动: an event's goods and rules are checked; it runs only once approved through the
 * approval center; an order in it is priced at the event's price and refused when the event is not
 * running or the goods not in it; its stock is never oversold and its per-member limit holds under
 * concurrency; 拼团 groups form at their size (never more members, also when many join at once),
 * refuse a member twice, hold their orders' shipping until formed, and fail after their time with
 * their orders cancelled or paid back; cancelling gives the event's stock back; templates start
 * events; the mini-program reads the running events; the order list keeps to the caller's scope.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { MALL_API, MALL_GOODS_API, type OpenMallOrderBody } from '@zb/contract/entities/mall';
import {
  ACTIVITY_MODEL_API,
  MALL_EVENT_API,
  MALL_EVENT_ORDER_API,
  type OpenMallEvent,
} from '@zb/contract/entities/mallEvent';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { fieldErrors, okData, refused } from '../goods/testHelpers';
import { member } from '../members/schema';
import { stepMallOrderOpen } from './open';
import { createMallOrder, failExpiredGroups } from './orders';
import { mallEvent, mallEventGroup, mallEventItem, mallGoods, mallOrder } from './schema';
import { bizCode, mallPeople } from './testHelpers';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient; // 大区经理 of 华东大区: reads events, may not write them
let eastStore = '';
let southStore = '';
let phones: string[] = [];
let productId = 0;
let seq = 0;
const client = { clientId: null };
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, liqiang, eastStore, southStore } = await mallPeople(t));
  phones = (await t.db.select({ phone: member.phone }).from(member).orderBy(member.id).limit(30)).map((m) => m.phone);
  productId = (await t.db.select({ id: product.id }).from(product).limit(1))[0]!.id;
}, 180_000);
afterAll(() => t?.close());

/** Mall goods of their own (price 100 元, stock 100 unless told). */
const newGoods = async (over: Record<string, unknown> = {}) => {
  seq += 1;
  const code = `T-HD-${seq}`;
  const { id } = okData(
    await admin.call(MALL_GOODS_API.create!, {
      body: {
        code,
        name: `活动测试商品${seq}`,
        goodsKind: 'product',
        goodsId: productId,
        price: 10_000,
        stock: 100,
        limitPerMember: 0,
        enabled: true,
        sort: 0,
        ...over,
      },
    }),
  );
  return { id, code };
};

const approve = async (id: number) => {
  okData(await admin.call(MALL_EVENT_API.submit, { body: { id } }));
  const [e] = await t.db.select({ approvalId: mallEvent.approvalId }).from(mallEvent).where(eq(mallEvent.id, id));
  okData(await admin.call(APPROVAL_API.decide, { body: { id: e!.approvalId!, decision: 'approve', comment: '同意' } }));
};

/** A running event of one goods: its code. */
const runningEvent = async (
  goodsId: number,
  item: { price?: number; stock?: number; limitPerMember?: number } = {},
  over: Record<string, unknown> = {},
) => {
  const { id } = okData(
    await admin.call(MALL_EVENT_API.create!, {
      body: {
        name: `测试活动${++seq}`,
        kind: 'seckill',
        startDay: day(-1),
        endDay: day(3),
        items: [{ goodsId, price: 6_000, stock: 10, limitPerMember: 0, ...item }],
        ...over,
      } as never,
    }),
  );
  await approve(id);
  const [e] = await t.db.select().from(mallEvent).where(eq(mallEvent.id, id));
  expect(e!.status).toBe('active');
  return { id, code: e!.code };
};

const order = (
  goodsCode: string,
  eventCode: string | undefined,
  over: Partial<OpenMallOrderBody> & { qty?: number; price?: number; member?: string } = {},
): OpenMallOrderBody => {
  const { qty = 1, price = 6_000, ...rest } = over;
  return {
    outerNo: `WX-HD-${++seq}`,
    member: phones[0]!,
    storeCode: eastStore,
    delivery: 'pickup',
    lines: [{ goodsCode, quantity: qty }],
    freight: 0,
    total: price * qty,
    eventCode,
    ...rest,
  };
};
const create = (body: OpenMallOrderBody) => createMallOrder(t.db, client, body);
const itemRow = async (eventId: number) =>
  (await t.db.select().from(mallEventItem).where(eq(mallEventItem.eventId, eventId)))[0]!;

describe('the demo events', () => {
  it('has templates and events in every state; the 秒杀 and 拼团 with their orders and groups', async () => {
    const list = okData(await admin.call(MALL_EVENT_API.list, { query: { pageSize: 50 } }));
    expect(new Set(list.list.map((e) => e.status))).toEqual(
      new Set(['active', 'pending', 'rejected', 'disabled', 'ended', 'draft']),
    );
    const seckill = list.list.find((e) => e.name === '双十二洗护秒杀')!;
    // 2 × 78 + 3 × 39 + 1 × 78 元, the goods' prices 128 and 59 元.
    expect(seckill).toMatchObject({ orders: 3, pieces: 6, revenue: 15_600 + 11_700 + 7_800 });
    expect(seckill.discount).toBe(3 * (12_800 - 7_800) + 3 * (5_900 - 3_900));
    expect(seckill.itemsText).toContain('活动价 78 元');
    const group = list.list.find((e) => e.name === '头皮护理体验三人团')!;
    expect(group).toMatchObject({ groupsFormed: 1, orders: 4 });
    const groups = await t.db
      .select({ status: mallEventGroup.status, joined: mallEventGroup.joined })
      .from(mallEventGroup)
      .innerJoin(mallEvent, eq(mallEvent.id, mallEventGroup.eventId))
      .where(eq(mallEvent.name, '头皮护理体验三人团'));
    expect(groups.map((g) => g.status).sort()).toEqual(['failed', 'formed', 'forming']);
    expect(groups.find((g) => g.status === 'formed')!.joined).toBe(3);
    const models = okData(await admin.call(ACTIVITY_MODEL_API.list, { query: {} }));
    expect(models.list.find((m) => m.name === '周末秒杀')).toMatchObject({ uses: 2, kind: 'seckill' });
  });

  it('is open to anyone signed in, written only with /mallEventsDetail 编辑', async () => {
    const seen = okData(await liqiang.call(MALL_EVENT_API.list, { query: {} }));
    expect(seen.total).toBeGreaterThan(0);
    const res = await liqiang.call(MALL_EVENT_API.create!, {
      body: { name: '越权', kind: 'seckill', startDay: day(1), endDay: day(2), items: [] } as never,
    });
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
  });
});

describe('an event', () => {
  it('checks its goods and rules: price below the mall price, stock within the goods, no 定金 goods, 拼团 size', async () => {
    const g = await newGoods({ stock: 30 });
    const deposit = await newGoods({ earnest: 2_000 });
    const base = { name: '检查', kind: 'seckill', startDay: day(1), endDay: day(3) };
    const row = (over: object) => ({ goodsId: g.id, price: 5_000, stock: 10, limitPerMember: 0, ...over });
    const errs = async (body: object) =>
      fieldErrors(await admin.call(MALL_EVENT_API.create!, { body: { ...base, ...body } as never }));
    expect((await errs({ items: [row({ price: 10_000 })] })).items).toMatch(/活动价须低于商城价 100\.00 元/);
    expect((await errs({ items: [row({ stock: 31 })] })).items).toMatch(/活动库存不能超过商品库存 30 件/);
    expect((await errs({ items: [row({}), row({})] })).items).toMatch(/只能出现一次/);
    expect((await errs({ items: [row({ goodsId: deposit.id })] })).items).toMatch(/定金商品/);
    expect(JSON.stringify(await errs({ items: [row({ price: 0 })] }))).toMatch(/活动价不能小于 1/);
    expect((await errs({ kind: 'group', items: [row({})] })).groupSize).toBe('拼团活动请填写成团人数');
    expect((await errs({ kind: 'group', groupSize: 3, items: [] })).groupHours).toBe('拼团活动请填写成团时限');
    expect((await errs({ endDay: day(0) })).endDay).toBe('结束日期不能早于开始日期');
    // Not a 拼团: its group fields are not kept.
    const { id } = okData(
      await admin.call(MALL_EVENT_API.create!, {
        body: { ...base, groupSize: 5, groupHours: 2, items: [row({})] } as never,
      }),
    );
    const [e] = await t.db.select().from(mallEvent).where(eq(mallEvent.id, id));
    expect(e).toMatchObject({ status: 'draft', groupSize: null, groupHours: null });
    // Submitting needs goods; a submitted event is no longer edited.
    const { id: empty } = okData(await admin.call(MALL_EVENT_API.create!, { body: { ...base, items: [] } as never }));
    expect(fieldErrors(await admin.call(MALL_EVENT_API.submit, { body: { id: empty } })).items).toMatch(/至少添加/);
    okData(await admin.call(MALL_EVENT_API.submit, { body: { id } }));
    refused(await admin.call(MALL_EVENT_API.update!, { body: { id, name: '改名' } as never }), ERR.CAMPAIGN_STATE);
  });
});

describe('an order in an event', () => {
  it('is priced at the event price; refused when the event is not running or the goods not in it', async () => {
    const g = await newGoods();
    const other = await newGoods();
    const ev = await runningEvent(g.id);
    const ans = await create(order(g.code, ev.code));
    expect(ans).toMatchObject({ total: 6_000, event: { code: ev.code, kind: 'seckill', groupNo: null } });
    const [o] = await t.db.select().from(mallOrder).where(eq(mallOrder.orderNo, ans.orderNo));
    expect(o!.eventId).toBe(ev.id);
    // The total must be the event's.
    expect(await bizCode(create(order(g.code, ev.code, { price: 10_000 })))).toBe(ERR.MALL_ORDER_INVALID);
    expect(await bizCode(create(order(other.code, ev.code, { price: 10_000 })))).toBe(ERR.MALL_EVENT_INVALID);
    expect(await bizCode(create(order(g.code, 'HD999999')))).toBe(ERR.MALL_EVENT_INVALID);
    // Stopped: no longer sells.
    okData(await admin.call(MALL_EVENT_API.disable, { body: { id: ev.id } }));
    await expect(create(order(g.code, ev.code))).rejects.toThrow(/未在进行中/);
    // Without an event the goods sell at their own price.
    expect((await create(order(g.code, undefined, { price: 10_000 }))).total).toBe(10_000);
  });

  it('never oversells: 20 parallel orders for an event stock of 5', async () => {
    const g = await newGoods({ stock: 50 });
    const ev = await runningEvent(g.id, { stock: 5 });
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bizCode(create(order(g.code, ev.code, { member: phones[i % 20]! })))),
    );
    expect(codes.filter((c) => c === ERR.OK)).toHaveLength(5);
    expect(codes.filter((c) => c !== ERR.OK).every((c) => c === ERR.MALL_STOCK_SHORT)).toBe(true);
    expect(await itemRow(ev.id)).toMatchObject({ stock: 0, sold: 5 });
    const [goods] = await t.db.select().from(mallGoods).where(eq(mallGoods.id, g.id));
    expect(goods).toMatchObject({ stock: 45, sold: 5 });
  });

  it('holds a member to the event limit under 10 parallel orders; a cancelled order gives stock and quota back', async () => {
    const g = await newGoods();
    const ev = await runningEvent(g.id, { stock: 50, limitPerMember: 2 });
    const phone = phones[25]!;
    const codes = await Promise.all(
      Array.from({ length: 10 }, () => bizCode(create(order(g.code, ev.code, { member: phone })))),
    );
    expect(codes.filter((c) => c === ERR.OK)).toHaveLength(2);
    expect(await itemRow(ev.id)).toMatchObject({ stock: 48, sold: 2 });
    const [mine] = await t.db
      .select()
      .from(mallOrder)
      .where(and(eq(mallOrder.eventId, ev.id), eq(mallOrder.status, 'pendingPay')))
      .limit(1);
    await stepMallOrderOpen(t.db, client, mine!.outerNo, { step: 'cancel' });
    expect(await itemRow(ev.id)).toMatchObject({ stock: 49, sold: 1 });
    expect(await bizCode(create(order(g.code, ev.code, { member: phone })))).toBe(ERR.OK);
  });
});

describe('拼团', () => {
  it('opens a group, forms it at its size, never takes more than its size when 20 join at once', async () => {
    const g = await newGoods();
    const ev = await runningEvent(g.id, { stock: 50 }, { kind: 'group', groupSize: 3, groupHours: 24 });
    const opened = await create(order(g.code, ev.code, { member: phones[0]! }));
    const groupNo = opened.event!.groupNo!;
    expect(opened.event).toMatchObject({ kind: 'group', groupStatus: 'forming' });
    expect(groupNo).toMatch(/^PT\d{14}$/);
    // The leader may not join their own group again.
    await expect(create(order(g.code, ev.code, { member: phones[0]!, groupNo }))).rejects.toThrow(/不能重复参团/);
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bizCode(create(order(g.code, ev.code, { member: phones[i + 1]!, groupNo }))),
      ),
    );
    expect(codes.filter((c) => c === ERR.OK)).toHaveLength(2);
    expect(codes.filter((c) => c !== ERR.OK).every((c) => c === ERR.MALL_EVENT_INVALID)).toBe(true);
    const [grp] = await t.db.select().from(mallEventGroup).where(eq(mallEventGroup.groupNo, groupNo));
    expect(grp).toMatchObject({ status: 'formed', joined: 3, size: 3 });
    expect(grp!.formedAt).not.toBeNull();
    // Only the event's pieces of the three orders left its stock.
    expect(await itemRow(ev.id)).toMatchObject({ stock: 47, sold: 3 });
    await expect(create(order(g.code, ev.code, { member: phones[22]!, groupNo }))).rejects.toThrow(/已满员/);
    // A groupNo on an event that is not 拼团 is refused.
    const flash = await runningEvent((await newGoods()).id);
    expect(await bizCode(create(order(g.code, flash.code, { groupNo })))).toBe(ERR.MALL_EVENT_INVALID);
  });

  it('holds shipping until the group forms; a group past its time fails, its orders cancelled or paid back', async () => {
    const g = await newGoods();
    const ev = await runningEvent(g.id, { stock: 50 }, { kind: 'group', groupSize: 3, groupHours: 1 });
    const leader = await create(order(g.code, ev.code, { member: phones[3]! }));
    const groupNo = leader.event!.groupNo!;
    const friend = await create(order(g.code, ev.code, { member: phones[4]!, groupNo }));
    const [paid] = await t.db.select().from(mallOrder).where(eq(mallOrder.orderNo, leader.orderNo));
    await stepMallOrderOpen(t.db, client, paid!.outerNo, {
      step: 'pay',
      method: 'wechat',
      tradeNo: `T-PT-${seq}`,
      amount: 6_000,
    });
    refused(await admin.call(MALL_API.pickup, { body: { id: paid!.id } }), ERR.MALL_GROUP_FORMING, /尚未成团/);
    // Two hours on, the job fails the group: the paid order is refunded, the unpaid one cancelled.
    expect(await failExpiredGroups(t.db, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const [grp] = await t.db.select().from(mallEventGroup).where(eq(mallEventGroup.groupNo, groupNo));
    expect(grp!.status).toBe('failed');
    const rows = await t.db
      .select({ orderNo: mallOrder.orderNo, status: mallOrder.status, refunded: mallOrder.refundedAmount })
      .from(mallOrder)
      .where(eq(mallOrder.groupId, grp!.id));
    expect(rows.find((r) => r.orderNo === leader.orderNo)).toMatchObject({ status: 'refunded', refunded: 6_000 });
    expect(rows.find((r) => r.orderNo === friend.orderNo)).toMatchObject({ status: 'cancelled' });
    expect(await itemRow(ev.id)).toMatchObject({ stock: 50, sold: 0 });
    await expect(create(order(g.code, ev.code, { member: phones[5]!, groupNo }))).rejects.toThrow(/已结束/);
  });
});

describe('templates, the mini-program and the pages', () => {
  it('starts a 草稿 event from a template: its kind, rules, days from tomorrow and goods at its 折扣', async () => {
    const g = await newGoods({ stock: 20 });
    const { id } = okData(
      await admin.call(ACTIVITY_MODEL_API.create!, {
        body: {
          name: '测试模板',
          kind: 'group',
          days: 3,
          rate: 75,
          stock: 50,
          limitPerMember: 2,
          groupSize: 4,
          groupHours: 12,
          goods: [g.id],
        } as never,
      }),
    );
    refused(
      await admin.call(ACTIVITY_MODEL_API.create!, {
        body: { name: '缺人数', kind: 'group', days: 3, rate: 75, stock: 5, limitPerMember: 0, goods: [] } as never,
      }),
      ERR.PARAM_INVALID,
    );
    const started = okData(await admin.call(ACTIVITY_MODEL_API.start, { body: { id } }));
    const ev = okData(await admin.call(MALL_EVENT_API.detail, { params: { id: started.id } }));
    expect(ev).toMatchObject({
      status: 'draft',
      kind: 'group',
      groupSize: 4,
      groupHours: 12,
      startDay: day(1),
      endDay: day(3),
      modelName: '测试模板',
    });
    // 100 元 × 7.5 折; the stock within the goods' 20.
    expect(ev.items).toEqual([{ goodsId: g.id, price: 7_500, stock: 20, limitPerMember: 2 }]);
    refused(await liqiang.call(ACTIVITY_MODEL_API.start, { body: { id } }), ERR.FORBIDDEN);
  });

  it('tells the mini-program the events running today with their prices and stock left', async () => {
    const res = await openPost<OpenMallEvent[]>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.mallEvents, {});
    expect(res.errcode).toBe(ERR.OK);
    const seckill = res.data!.find((e) => e.name === '双十二洗护秒杀')!;
    expect(seckill.items.find((i) => i.goodsCode === 'SC-P001')).toMatchObject({
      price: 12_800,
      eventPrice: 7_800,
      left: 17,
      limitPerMember: 2,
    });
    expect(res.data!.some((e) => e.name === '会员日 8.5 折')).toBe(false);
    const pos = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.mallEvents, {});
    expect(pos.errcode).not.toBe(ERR.OK);
  });

  it('lists event orders by event within the caller scope; an order view shows its group', async () => {
    const g = await newGoods();
    const ev = await runningEvent(g.id, { stock: 50 }, { kind: 'group', groupSize: 2, groupHours: 24 });
    const east = await create(order(g.code, ev.code, { member: phones[10]! }));
    await create(order(g.code, ev.code, { member: phones[11]!, storeCode: southStore, groupNo: east.event!.groupNo! }));
    const all = okData(await admin.call(MALL_EVENT_ORDER_API.list, { query: { eventId: ev.id } }));
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({
      eventCode: ev.code,
      eventKind: 'group',
      groupStatus: 'formed',
      discount: 4_000,
    });
    const mine = okData(await liqiang.call(MALL_EVENT_ORDER_API.list, { query: { eventId: ev.id } }));
    expect(mine.list.map((o) => o.orderNo)).toEqual([east.orderNo]);
    const [row] = await t.db.select().from(mallOrder).where(eq(mallOrder.orderNo, east.orderNo));
    const view = okData(await admin.call(MALL_API.view, { params: { id: row!.id } }));
    expect(view.event).toMatchObject({ code: ev.code, group: { status: 'formed', size: 2, joined: 2 } });
    expect(view.event!.group!.members.map((m) => m.leader)).toEqual([true, false]);
    expect(view.lines[0]).toMatchObject({ price: 6_000, listPrice: 10_000 });
    // The demo orders are all in the list, none outside an event.
    const demo = await t.db.execute(
      sql`select count(*)::int as n from mall_order where outer_no like 'WXHD%' and event_id is null`,
    );
    expect(Number(((Array.isArray(demo) ? demo : (demo as { rows: unknown[] }).rows)[0] as { n: number }).n)).toBe(0);
  });
});
