/**
 * 商城活动 (contract entities/mallEvent.ts) on the resource engine: the events with their goods,
 * their life through the approval center (approvals/campaigns.ts), their 拼团 groups and orders,
 * the templates new events start from, the nightly end of events past their end day, and what the
 * mini-program reads of the events running today. Orders in an event are priced and checked in
 * orders.ts (eventOrders.ts).
 */
import {
  ACTIVITY_MODEL,
  type ActivityStartAnswer,
  MALL_EVENT,
  MALL_EVENT_GROUP,
  MALL_EVENT_ORDER,
  type MallEventGoodsOption,
  type MallEventItemRow,
  type MallEventKind,
  type OpenMallEvent,
  ratedPrice,
} from '@zb/contract/entities/mallEvent';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { addDays, formatDate } from '@zb/contract/time';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, without } from '../../platform/resource/binding';
import { campaignLifecycle, campaignReads, checkCampaignDays } from '../approvals/campaigns';
import { member } from '../members/schema';
import { orderColumns, orderJoins } from './bindings';
import { activityModel, mallEvent, mallEventGroup, mallEventItem, mallGoods, mallOrder } from './schema';

type Goods = typeof mallGoods.$inferSelect;

const goodsByIds = (tx: Tx, ids: readonly number[]): Promise<Goods[]> =>
  ids.length
    ? tx
        .select()
        .from(mallGoods)
        .where(inArray(mallGoods.id, [...ids]))
    : Promise.resolve([]);

/** A 拼团 event names its group size and time; any other kind has neither. */
const groupRules = (v: { kind?: unknown; groupSize?: unknown; groupHours?: unknown }) => {
  if (v.kind !== 'group') return { groupSize: null, groupHours: null };
  if (v.groupSize === null || v.groupSize === undefined) throw fieldError('groupSize', '拼团活动请填写成团人数');
  if (v.groupHours === null || v.groupHours === undefined) throw fieldError('groupHours', '拼团活动请填写成团时限');
  return { groupSize: Number(v.groupSize), groupHours: Number(v.groupHours) };
};

/**
 * The goods rows as they will be: each goods once, existing, sold in full online (no 定金), the
 * event's price below the goods' price and its stock within the goods' stock; `live` (提交审核)
 * wants every goods on the shelves too.
 */
const checkItems = async (tx: Tx, rows: readonly MallEventItemRow[], live = false): Promise<void> => {
  const seen = new Set<number>();
  for (const [i, r] of rows.entries()) {
    if (seen.has(r.goodsId)) throw fieldError('items', `第 ${i + 1} 行：同一商城商品只能出现一次`);
    seen.add(r.goodsId);
  }
  const goods = await goodsByIds(
    tx,
    rows.map((r) => r.goodsId),
  );
  for (const [i, r] of rows.entries()) {
    const g = goods.find((x) => x.id === r.goodsId);
    const at = `第 ${i + 1} 行：`;
    if (!g) throw fieldError('items', `${at}所选商城商品不存在或已被删除`);
    if (g.earnest !== null) throw fieldError('items', `${at}「${g.name}」为定金商品，不参加商城活动`);
    if (r.price >= g.price)
      throw fieldError('items', `${at}「${g.name}」的活动价须低于商城价 ${formatYuan(g.price)} 元`);
    if (r.stock > g.stock) throw fieldError('items', `${at}「${g.name}」的活动库存不能超过商品库存 ${g.stock} 件`);
    if (live && !g.enabled) throw fieldError('items', `${at}「${g.name}」已下架，请先上架或移出活动`);
  }
};

const writeItems = async (tx: Tx, eventId: number, rows: readonly MallEventItemRow[]) => {
  await tx.delete(mallEventItem).where(eq(mallEventItem.eventId, eventId));
  if (rows.length) await tx.insert(mallEventItem).values(rows.map((r, line) => ({ eventId, line, ...r })));
};

const itemsOf = async (tx: Tx, eventId: number): Promise<MallEventItemRow[]> =>
  (await tx.select().from(mallEventItem).where(eq(mallEventItem.eventId, eventId)).orderBy(mallEventItem.line)).map(
    (r) => ({ goodsId: r.goodsId, price: r.price, stock: r.stock + r.sold, limitPerMember: r.limitPerMember }),
  );

export const mallEventLifecycle = campaignLifecycle({
  type: 'mallEvent',
  title: '商城活动',
  detailPage: '/mallEventsDetail',
  ...campaignReads(mallEvent),
  setStatus: async (tx, id, status, approvalId) => {
    await tx
      .update(mallEvent)
      .set({ status, ...(approvalId ? { approvalId } : {}) })
      .where(eq(mallEvent.id, id));
  },
  check: async (tx, id) => {
    const items = await itemsOf(tx, id);
    if (!items.length) throw fieldError('items', '请至少添加一个活动商品后再提交审核');
    await checkItems(tx, items, true);
  },
});

const itemsJson = sql`(select coalesce(json_agg(json_build_object('goodsId', i.goods_id, 'price', i.price,
    'stock', i.stock + i.sold, 'limitPerMember', i.limit_per_member) order by i.line), '[]'::json)
  from mall_event_item i where i.event_id = "mall_event"."id")`;

/** 洗发露（商城装）活动价 98 元，剩余 20/已售 5，每人限 1 件、… */
const itemsText = sql<
  string | null
>`(select string_agg(g.name || ' 活动价 ' || trim_scale(i.price / 100.0)::text || ' 元，剩余 '
    || i.stock || '/已售 ' || i.sold || case when i.limit_per_member > 0 then '，每人限 ' || i.limit_per_member || ' 件' else '' end,
    '、' order by i.line)
  from mall_event_item i join mall_goods g on g.id = i.goods_id where i.event_id = "mall_event"."id")`;

/** One figure over the event's orders that hold (not cancelled or refunded). */
const sold = (expr: string) =>
  sql<number>`${sql.raw(`(select coalesce(${expr}, 0) from mall_order o join mall_order_line l on l.order_id = o.id
    where o.event_id = "mall_event"."id" and o.status not in ('cancelled', 'refunded'))`)}`;

export const mallEventBinding = bindResource({
  decl: MALL_EVENT,
  table: mallEvent,
  id: mallEvent.id,
  columns: {
    items: itemsJson,
    itemsText,
    modelName: activityModel.name,
    orders: sold('count(distinct o.id)::int'),
    pieces: sold('sum(l.quantity)::int'),
    revenue: sold('sum(l.amount)::int'),
    discount: sold('sum((coalesce(l.list_price, l.price) - l.price) * l.quantity)::int'),
    groupsFormed: sql<number>`(select count(*)::int from mall_event_group g where g.event_id = "mall_event"."id" and g.status = 'formed')`,
  },
  joins: [{ table: activityModel, on: eq(activityModel.id, mallEvent.modelId) }],
  service: {
    create: async ({ tx, auth }, values) => {
      checkCampaignDays(values);
      const items = (values.items ?? []) as MallEventItemRow[];
      await checkItems(tx, items);
      const [row] = await tx
        .insert(mallEvent)
        .values({
          ...(without(values, 'items') as typeof mallEvent.$inferInsert),
          ...groupRules(values),
          createdBy: auth.user.id,
        })
        .returning({ id: mallEvent.id });
      await writeItems(tx, row!.id, items);
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await mallEventLifecycle.editable(tx, id);
      const merged = { ...before, ...values };
      checkCampaignDays(merged);
      const items = values.items === null ? [] : (values.items as MallEventItemRow[] | undefined);
      if (items !== undefined) await checkItems(tx, items);
      await tx
        .update(mallEvent)
        .set({ ...without(values, 'items'), ...groupRules(merged) })
        .where(eq(mallEvent.id, id));
      if (items !== undefined) await writeItems(tx, id, items);
    },
    remove: async ({ tx }, id) => {
      await mallEventLifecycle.editable(tx, id);
      const [used] = await tx.select({ id: mallOrder.id }).from(mallOrder).where(eq(mallOrder.eventId, id)).limit(1);
      if (used) throw new BizError(ERR.RECORD_IN_USE, '该商城活动已有订单，不能删除');
      await tx.delete(mallEvent).where(eq(mallEvent.id, id));
    },
  },
});

export const mallEventGroupBinding = bindResource({
  decl: MALL_EVENT_GROUP,
  table: mallEventGroup,
  id: mallEventGroup.id,
  columns: { leaderName: member.name },
  joins: [{ table: member, on: eq(member.id, mallEventGroup.leaderId), inner: true }],
  scope: { store: member.storeId },
});

/** A column of a 拼团 order's group. */
const groupColumn = (col: 'group_no' | 'status') =>
  sql<string | null>`${sql.raw(`(select g.${col} from mall_event_group g where g.id = "mall_order"."group_id")`)}`;

export const mallEventOrderBinding = bindResource({
  decl: MALL_EVENT_ORDER,
  table: mallOrder,
  id: mallOrder.id,
  columns: {
    ...orderColumns,
    eventCode: mallEvent.code,
    eventName: mallEvent.name,
    eventKind: mallEvent.kind,
    groupNo: groupColumn('group_no'),
    groupStatus: groupColumn('status'),
    discount: sql<number>`(select coalesce(sum((coalesce(l.list_price, l.price) - l.price) * l.quantity), 0)::int
      from mall_order_line l where l.order_id = "mall_order"."id")`,
  },
  joins: [...orderJoins, { table: mallEvent, on: eq(mallEvent.id, mallOrder.eventId), inner: true }],
  where: sql`${mallOrder.eventId} is not null`,
  scope: { store: mallOrder.storeId },
});

/** The scheduled job: events past their end day end (their orders go on). */
export const endMallEvents = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(mallEvent)
    .set({ status: 'ended' })
    .where(and(eq(mallEvent.status, 'active'), lt(mallEvent.endDay, formatDate(now))))
    .returning({ id: mallEvent.id });
  return rows.length;
};

/** The goods an event or template may sell, on the shelves first. */
export const eventGoodsOptions = (db: Db): Promise<MallEventGoodsOption[]> =>
  db
    .select({
      id: mallGoods.id,
      code: mallGoods.code,
      name: mallGoods.name,
      price: mallGoods.price,
      stock: mallGoods.stock,
      enabled: mallGoods.enabled,
    })
    .from(mallGoods)
    .where(isNull(mallGoods.earnest))
    .orderBy(desc(mallGoods.enabled), asc(mallGoods.sort), asc(mallGoods.id));

// ── Templates ──────────────────────────────────────────────────────────────────

/** A template's goods: each once, existing, sold in full online. */
const checkModelGoods = async (tx: Tx, ids: readonly number[]): Promise<void> => {
  if (new Set(ids).size !== ids.length) throw fieldError('goods', '同一商城商品只能选择一次');
  const goods = await goodsByIds(tx, ids);
  for (const id of ids) {
    const g = goods.find((x) => x.id === id);
    if (!g) throw fieldError('goods', '所选商城商品不存在或已被删除');
    if (g.earnest !== null) throw fieldError('goods', `「${g.name}」为定金商品，不参加商城活动`);
  }
};

const goodsText = sql<string | null>`(select string_agg(g.name, '、' order by e.n)
  from jsonb_array_elements_text("activity_model"."goods") with ordinality e(id, n) join mall_goods g on g.id = e.id::int)`;

export const activityModelBinding = bindResource({
  decl: ACTIVITY_MODEL,
  table: activityModel,
  id: activityModel.id,
  columns: {
    goodsText,
    uses: sql<number>`(select count(*)::int from mall_event e where e.model_id = "activity_model"."id")`,
  },
  service: {
    create: async ({ tx, auth }, values) => {
      const goods = (values.goods ?? []) as number[];
      await checkModelGoods(tx, goods);
      const [row] = await tx
        .insert(activityModel)
        .values({
          ...(without(values, 'goods') as typeof activityModel.$inferInsert),
          ...groupRules(values),
          goods,
          createdBy: auth.user.id,
        })
        .returning({ id: activityModel.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const merged = { ...before, ...values };
      const goods = values.goods === null ? [] : (values.goods as number[] | undefined);
      if (goods !== undefined) await checkModelGoods(tx, goods);
      await tx
        .update(activityModel)
        .set({ ...without(values, 'goods'), ...groupRules(merged), ...(goods !== undefined ? { goods } : {}) })
        .where(eq(activityModel.id, id));
    },
  },
});

/**
 * 用模板新建活动: a 草稿 event from the template — its kind, rules and remark, from tomorrow for its
 * days (Beijing), with each of its goods still on sale at the template's 折扣 of the goods' price,
 * its stock (within the goods' stock) and limit. The event is then finished and submitted on
 * /mallEventsDetail.
 */
export const startFromModel = (db: Db, auth: Auth, id: number, now = new Date()): Promise<ActivityStartAnswer> =>
  db.transaction(async (tx) => {
    const [m] = await tx.select().from(activityModel).where(eq(activityModel.id, id));
    if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '该活动模板不存在或已被删除');
    const startDay = addDays(formatDate(now), 1);
    const [ev] = await tx
      .insert(mallEvent)
      .values({
        name: `${m.name}（${startDay}）`.slice(0, 40),
        kind: m.kind,
        startDay,
        endDay: addDays(startDay, m.days - 1),
        remark: m.remark,
        groupSize: m.groupSize,
        groupHours: m.groupHours,
        modelId: m.id,
        createdBy: auth.user.id,
      })
      .returning({ id: mallEvent.id, code: mallEvent.code });
    const goods = await goodsByIds(tx, m.goods);
    const items: MallEventItemRow[] = m.goods.flatMap((gid) => {
      const g = goods.find((x) => x.id === gid);
      if (!g || g.earnest !== null || !g.enabled || g.stock <= 0 || g.price <= 1) return [];
      return [
        {
          goodsId: g.id,
          price: Math.min(ratedPrice(g.price, m.rate), g.price - 1),
          stock: Math.min(m.stock, g.stock),
          limitPerMember: m.limitPerMember,
        },
      ];
    });
    await writeItems(tx, ev!.id, items);
    return { id: ev!.id, code: ev!.code };
  });

// ── The mini-program ───────────────────────────────────────────────────────────

/** The events running today (Beijing) with their goods on the shelves, as the mini-program shows them. */
export const openMallEvents = async (db: Db, now = new Date()): Promise<OpenMallEvent[]> => {
  const day = formatDate(now);
  const events = await db
    .select()
    .from(mallEvent)
    .where(and(eq(mallEvent.status, 'active'), lte(mallEvent.startDay, day), gte(mallEvent.endDay, day)))
    .orderBy(asc(mallEvent.endDay), asc(mallEvent.id));
  if (!events.length) return [];
  const items = await db
    .select({ item: mallEventItem, goods: mallGoods })
    .from(mallEventItem)
    .innerJoin(mallGoods, eq(mallGoods.id, mallEventItem.goodsId))
    .where(
      and(
        inArray(
          mallEventItem.eventId,
          events.map((e) => e.id),
        ),
        eq(mallGoods.enabled, true),
      ),
    )
    .orderBy(asc(mallEventItem.eventId), asc(mallEventItem.line));
  return events.map((e) => ({
    code: e.code,
    name: e.name,
    kind: e.kind as MallEventKind,
    startDay: e.startDay,
    endDay: e.endDay,
    groupSize: e.groupSize,
    groupHours: e.groupHours,
    items: items
      .filter((r) => r.item.eventId === e.id)
      .map((r) => ({
        goodsCode: r.goods.code,
        goodsName: r.goods.name,
        price: r.goods.price,
        eventPrice: r.item.price,
        left: Math.min(r.item.stock, r.goods.stock),
        limitPerMember: r.item.limitPerMember,
      })),
  }));
};
