/**
 * A mall order bought in a 商城活动 (contract entities/mallEvent.ts), inside the order's
 * transaction (orders.ts): the event's terms, its stock and per-member limit, and 拼团 groups.
 *
 * Concurrency: the event's stock of a goods only moves by a conditional update (stock >= quantity),
 * so it is never oversold; the member's limit is counted after that update, while the item's row is
 * locked, so two orders of one member cannot both pass it. A group is joined by a conditional update
 * (forming, not full, not past its time), so it never takes more members than its size; whether the
 * member is in it already is counted after that update, under the group's lock.
 */

import type { MallOrderStatus } from '@zb/contract/entities/mall';
import { MALL_GROUP_NO_PREFIX, type MallEventKind } from '@zb/contract/entities/mallEvent';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { mallEvent, mallEventGroup, mallEventItem, type mallGoods, mallOrder, mallOrderLine } from './schema';

const invalid = (msg: string) => new BizError(ERR.MALL_EVENT_INVALID, msg);

/** Orders whose pieces count toward a limit and whose place in a group holds. */
export const RELEASED: MallOrderStatus[] = ['cancelled', 'refunded'];

type Goods = typeof mallGoods.$inferSelect;

export interface EventTerms {
  id: number;
  code: string;
  name: string;
  kind: MallEventKind;
  groupSize: number | null;
  groupHours: number | null;
  /** The event's price of each goods in the order, by goods id. */
  prices: Map<number, number>;
}

/** The event an order names, running on the order's day (Beijing), with every goods of the order in it. */
export const eventTerms = async (tx: Tx, code: string, at: Date, goods: readonly Goods[]): Promise<EventTerms> => {
  const [ev] = await tx.select().from(mallEvent).where(eq(mallEvent.code, code));
  if (!ev) throw invalid(`商城活动 ${code} 不存在`);
  const day = formatDate(at);
  if (ev.status !== 'active' || day < ev.startDay || day > ev.endDay) {
    throw invalid(`商城活动「${ev.name}」未在进行中（${ev.startDay} 至 ${ev.endDay}）`);
  }
  const items = await tx
    .select()
    .from(mallEventItem)
    .where(
      and(
        eq(mallEventItem.eventId, ev.id),
        inArray(
          mallEventItem.goodsId,
          goods.map((g) => g.id),
        ),
      ),
    );
  for (const g of goods) {
    if (!items.some((i) => i.goodsId === g.id)) throw invalid(`「${g.name}」不在商城活动「${ev.name}」中`);
  }
  return {
    id: ev.id,
    code: ev.code,
    name: ev.name,
    kind: ev.kind as MallEventKind,
    groupSize: ev.groupSize,
    groupHours: ev.groupHours,
    prices: new Map(items.map((i) => [i.goodsId, i.price])),
  };
};

/** Takes a line's pieces from the event's stock and checks the member's limit in the event. */
export const takeEventStock = async (
  tx: Tx,
  ev: EventTerms,
  memberId: number,
  line: { goodsId: number; goodsName: string; quantity: number },
): Promise<void> => {
  const [item] = await tx
    .update(mallEventItem)
    .set({
      stock: sql`${mallEventItem.stock} - ${line.quantity}`,
      sold: sql`${mallEventItem.sold} + ${line.quantity}`,
    })
    .where(
      and(
        eq(mallEventItem.eventId, ev.id),
        eq(mallEventItem.goodsId, line.goodsId),
        sql`${mallEventItem.stock} >= ${line.quantity}`,
      ),
    )
    .returning({ limit: mallEventItem.limitPerMember });
  if (!item) throw new BizError(ERR.MALL_STOCK_SHORT, `「${line.goodsName}」活动库存不足，已被抢光`);
  if (item.limit <= 0) return;
  const [bought] = await tx
    .select({ n: sql<number>`coalesce(sum(${mallOrderLine.quantity}), 0)::int` })
    .from(mallOrderLine)
    .innerJoin(mallOrder, eq(mallOrder.id, mallOrderLine.orderId))
    .where(
      and(
        eq(mallOrder.eventId, ev.id),
        eq(mallOrder.memberId, memberId),
        eq(mallOrderLine.goodsId, line.goodsId),
        notInArray(mallOrder.status, RELEASED),
      ),
    );
  const n = bought?.n ?? 0;
  if (n + line.quantity > item.limit) {
    throw new BizError(
      ERR.MALL_ORDER_INVALID,
      `「${line.goodsName}」活动期间每人限购 ${item.limit} 件，您已购买 ${n} 件`,
    );
  }
};

/** The Beijing day as yyyymmdd, in order and group numbers (SC…, PT…). */
export const dayOf = (at: Date) => formatDate(at).replaceAll('-', '');

/**
 * 拼团: joins the group named (forming, not full, not past its time; once per member), or opens a
 * new one with the member as its leader. The group forms when its last place is taken.
 */
export const joinGroup = async (
  tx: Tx,
  ev: EventTerms,
  memberId: number,
  orderId: number,
  groupNo: string | undefined,
  at: Date,
): Promise<{ id: number; groupNo: string; status: string }> => {
  if (ev.kind !== 'group' || !ev.groupSize || !ev.groupHours) {
    if (groupNo) throw invalid(`商城活动「${ev.name}」不是拼团活动`);
    throw new Error('joinGroup: not a group event');
  }
  let group: typeof mallEventGroup.$inferSelect;
  if (!groupNo) {
    const [opened] = await tx
      .insert(mallEventGroup)
      .values({
        groupNo: `tmp-${orderId}`,
        eventId: ev.id,
        leaderId: memberId,
        size: ev.groupSize,
        joined: 1,
        expiresAt: new Date(at.getTime() + ev.groupHours * 3_600_000),
        createdAt: at,
      })
      .returning();
    const no = `${MALL_GROUP_NO_PREFIX}${dayOf(at)}${String(opened!.id).padStart(6, '0')}`;
    await tx.update(mallEventGroup).set({ groupNo: no }).where(eq(mallEventGroup.id, opened!.id));
    group = { ...opened!, groupNo: no };
  } else {
    const [joined] = await tx
      .update(mallEventGroup)
      .set({
        joined: sql`${mallEventGroup.joined} + 1`,
        status: sql`case when ${mallEventGroup.joined} + 1 = ${mallEventGroup.size} then 'formed' else 'forming' end`,
        formedAt: sql`case when ${mallEventGroup.joined} + 1 = ${mallEventGroup.size} then ${at.toISOString()}::timestamptz end`,
      })
      .where(
        and(
          eq(mallEventGroup.groupNo, groupNo),
          eq(mallEventGroup.eventId, ev.id),
          eq(mallEventGroup.status, 'forming'),
          sql`${mallEventGroup.joined} < ${mallEventGroup.size}`,
          gt(mallEventGroup.expiresAt, at),
        ),
      )
      .returning();
    if (!joined) {
      const [g] = await tx.select().from(mallEventGroup).where(eq(mallEventGroup.groupNo, groupNo));
      if (!g || g.eventId !== ev.id) throw invalid(`拼团 ${groupNo} 不属于商城活动「${ev.name}」`);
      if (g.status === 'formed' || g.joined >= g.size) throw invalid(`拼团 ${groupNo} 已满员，请开新团`);
      throw invalid(`拼团 ${groupNo} 已结束，请开新团`);
    }
    const [mine] = await tx
      .select({ id: mallOrder.id })
      .from(mallOrder)
      .where(
        and(eq(mallOrder.groupId, joined.id), eq(mallOrder.memberId, memberId), notInArray(mallOrder.status, RELEASED)),
      )
      .limit(1);
    if (mine) throw invalid(`您已参加拼团 ${groupNo}，不能重复参团`);
    group = joined;
  }
  await tx.update(mallOrder).set({ groupId: group.id }).where(eq(mallOrder.id, orderId));
  return { id: group.id, groupNo: group.groupNo, status: group.status };
};

/**
 * An order cancelled or refunded before it left: its pieces go back to the event's stock, and its
 * place in a group still forming is freed (a group left empty fails).
 */
export const releaseEventOrder = async (tx: Tx, orderId: number): Promise<void> => {
  const [o] = await tx
    .select({ eventId: mallOrder.eventId, groupId: mallOrder.groupId })
    .from(mallOrder)
    .where(eq(mallOrder.id, orderId));
  if (!o?.eventId) return;
  const lines = await tx
    .select({ goodsId: mallOrderLine.goodsId, quantity: mallOrderLine.quantity })
    .from(mallOrderLine)
    .where(eq(mallOrderLine.orderId, orderId))
    .orderBy(mallOrderLine.goodsId);
  for (const l of lines) {
    await tx
      .update(mallEventItem)
      .set({
        stock: sql`${mallEventItem.stock} + ${l.quantity}`,
        sold: sql`greatest(${mallEventItem.sold} - ${l.quantity}, 0)`,
      })
      .where(and(eq(mallEventItem.eventId, o.eventId), eq(mallEventItem.goodsId, l.goodsId)));
  }
  if (o.groupId) {
    await tx
      .update(mallEventGroup)
      .set({
        joined: sql`${mallEventGroup.joined} - 1`,
        status: sql`case when ${mallEventGroup.joined} - 1 = 0 then 'failed' else 'forming' end`,
      })
      .where(and(eq(mallEventGroup.id, o.groupId), eq(mallEventGroup.status, 'forming')));
  }
};

/** 发货 and 确认自提 of a 拼团 order wait for its group to form. */
export const assertGroupFormed = async (tx: Tx, orderId: number): Promise<void> => {
  const [g] = await tx
    .select({ groupNo: mallEventGroup.groupNo, status: mallEventGroup.status, size: mallEventGroup.size })
    .from(mallOrder)
    .innerJoin(mallEventGroup, eq(mallEventGroup.id, mallOrder.groupId))
    .where(eq(mallOrder.id, orderId));
  if (g && g.status !== 'formed') {
    throw new BizError(ERR.MALL_GROUP_FORMING, `拼团 ${g.groupNo} 尚未成团（需 ${g.size} 人），成团后才能发货或自提`);
  }
};

/** Groups still forming past their time, locked, for the job that fails them (orders.ts failExpiredGroups). */
export const expiredGroups = (tx: Tx, now: Date) =>
  tx
    .select({ id: mallEventGroup.id, groupNo: mallEventGroup.groupNo })
    .from(mallEventGroup)
    .where(and(eq(mallEventGroup.status, 'forming'), lt(mallEventGroup.expiresAt, now)))
    .orderBy(mallEventGroup.id)
    .for('update', { skipLocked: true });

export const markGroupFailed = (tx: Tx, id: number) =>
  tx.update(mallEventGroup).set({ status: 'failed' }).where(eq(mallEventGroup.id, id));
