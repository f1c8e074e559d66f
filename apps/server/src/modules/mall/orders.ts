/**
 * Mall orders (contract entities/mall.ts MALL_ORDER_FLOW): created by the mini-program through
 * the open API, idempotent by the sender's number; every state change goes through runStep.
 *
 * Stock: creating an order takes each line's quantity off its goods with a conditional update
 * (`stock >= quantity`), in goods-id order so two orders never wait on each other crosswise; a
 * goods short of stock refuses the whole order (MALL_STOCK_SHORT) and nothing is kept. The
 * per-member limit is counted after that update, while the goods' row is locked, so two orders
 * of one member cannot both pass it. Cancelling an order, or refunding a 退货退款 request, gives
 * the stock back.
 *
 * An order naming a 商城活动 (eventOrders.ts) is priced at the event's prices and takes the
 * event's own stock and limit too; a 拼团 order opens or joins a group, and is shipped only once
 * its group formed (failExpiredGroups cancels or refunds the orders of groups past their time).
 */
import {
  MALL_ORDER_FLOW,
  MALL_ORDER_NO_PREFIX,
  MALL_RETURN_FLOW,
  MALL_RETURN_NO_PREFIX,
  type MallDelivery,
  type MallOrderAnswer,
  type MallOrderKind,
  type MallOrderStatus,
  type MallPayMethod,
  type MallReturnKind,
  type OpenMallOrderBody,
} from '@zb/contract/entities/mall';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { recordCreated, runStep, type StepTaker } from '../../platform/flow';
import { member } from '../members/schema';
import { recordPaymentRefund } from '../payRefunds/service';
import { store } from '../stores/schema';
import {
  assertGroupFormed,
  dayOf,
  type EventTerms,
  eventTerms,
  expiredGroups,
  joinGroup,
  markGroupFailed,
  RELEASED,
  releaseEventOrder,
  takeEventStock,
} from './eventOrders';
import { mallEvent, mallEventGroup, mallGoods, mallOrder, mallOrderLine, mallReturn } from './schema';

const invalid = (msg: string) => new BizError(ERR.MALL_ORDER_INVALID, msg);

type OrderRow = typeof mallOrder.$inferSelect;

export const answerOf = (o: OrderRow, replayed: boolean): MallOrderAnswer => ({
  orderNo: o.orderNo,
  outerNo: o.outerNo,
  kind: o.kind as MallOrderKind,
  status: o.status as MallOrderStatus,
  goodsAmount: o.goodsAmount,
  freight: o.freight,
  total: o.total,
  payable: o.kind === 'earnest' ? o.earnestAmount : o.total,
  paidAmount: o.paidAmount,
  replayed,
});

/** The event part of an order's answer: its event's code and a 拼团 order's group. */
const eventPartOf = async (db: Db | Tx, o: OrderRow): Promise<Pick<MallOrderAnswer, 'event'>> => {
  if (!o.eventId) return {};
  const [r] = await db
    .select({
      code: mallEvent.code,
      kind: mallEvent.kind,
      groupNo: mallEventGroup.groupNo,
      status: mallEventGroup.status,
    })
    .from(mallEvent)
    .leftJoin(mallEventGroup, o.groupId ? eq(mallEventGroup.id, o.groupId) : sql`false`)
    .where(eq(mallEvent.id, o.eventId));
  return r ? { event: { code: r.code, kind: r.kind, groupNo: r.groupNo, groupStatus: r.status } } : {};
};

const findByOuterNo = async (db: Db | Tx, clientId: number | null, outerNo: string): Promise<OrderRow | undefined> => {
  const [row] = await db
    .select()
    .from(mallOrder)
    .where(
      and(
        clientId === null ? sql`${mallOrder.clientId} is null` : eq(mallOrder.clientId, clientId),
        eq(mallOrder.outerNo, outerNo),
      ),
    );
  return row;
};

/** The member by phone or 会员编号 (HY…). */
const findMember = async (tx: Tx, key: string): Promise<{ id: number }> => {
  const rows = await tx
    .select({ id: member.id })
    .from(member)
    .where(or(eq(member.phone, key), eq(member.code, key.toUpperCase())))
    .limit(2);
  if (rows.length !== 1) throw invalid(rows.length ? `会员 ${key} 不唯一，请用会员编号` : `会员 ${key} 不存在`);
  return rows[0]!;
};

const findStore = async (tx: Tx, code: string): Promise<{ id: number }> => {
  const [row] = await tx.select({ id: store.id, status: store.status }).from(store).where(eq(store.code, code));
  if (!row) throw invalid(`门店 ${code} 不存在`);
  if (row.status !== 'open') throw invalid(`门店 ${code} 未营业，不能接单`);
  return row;
};

/** Marks the transaction to roll back because another request with the same number got there first. */
class SameOuterNo extends Error {}

export interface MallOrderSender {
  /** The mini-program app (open_client.id); null for the demo seed's orders. */
  clientId: number | null;
}

/**
 * Creates an order from the mini-program's document, reserving its stock; the same outerNo again
 * answers the first order (replayed) and changes nothing, also when both arrive at once.
 */
export const createMallOrder = async (
  db: Db,
  sender: MallOrderSender,
  body: OpenMallOrderBody,
  at = new Date(),
): Promise<MallOrderAnswer> => {
  const earlier = await findByOuterNo(db, sender.clientId, body.outerNo);
  if (earlier) return { ...answerOf(earlier, true), ...(await eventPartOf(db, earlier)) };
  try {
    return await db.transaction(async (tx) => {
      const created = await insertOrder(tx, sender, body, at);
      return { ...answerOf(created, false), ...(await eventPartOf(tx, created)) };
    });
  } catch (e) {
    if (!(e instanceof SameOuterNo)) throw e;
    const first = await findByOuterNo(db, sender.clientId, body.outerNo);
    if (!first) throw e;
    return { ...answerOf(first, true), ...(await eventPartOf(db, first)) };
  }
};

const insertOrder = async (tx: Tx, sender: MallOrderSender, body: OpenMallOrderBody, at: Date): Promise<OrderRow> => {
  const mem = await findMember(tx, body.member);
  const st = await findStore(tx, body.storeCode);
  // Merge repeated codes into one line each.
  const wanted = new Map<string, number>();
  for (const l of body.lines) wanted.set(l.goodsCode, (wanted.get(l.goodsCode) ?? 0) + l.quantity);
  const goods = await tx
    .select()
    .from(mallGoods)
    .where(inArray(mallGoods.code, [...wanted.keys()]))
    .orderBy(asc(mallGoods.id));
  for (const code of wanted.keys()) {
    const g = goods.find((x) => x.code === code);
    if (!g) throw invalid(`商城商品 ${code} 不存在`);
    if (!g.enabled) throw invalid(`商城商品「${g.name}」已下架`);
  }
  const earnestGoods = goods.filter((g) => g.earnest !== null);
  const kind: MallOrderKind = earnestGoods.length ? 'earnest' : 'normal';
  // A 商城活动's terms: its prices, checked again below by its stock and limits.
  const ev: EventTerms | null = body.eventCode ? await eventTerms(tx, body.eventCode, at, goods) : null;
  if (ev && kind === 'earnest') throw invalid('定金商品不参加商城活动');
  if (kind === 'earnest') {
    if (goods.length > 1) throw invalid('定金商品须单独下单');
    if (body.delivery !== 'pickup') throw invalid('定金商品须到店自提，余款到店支付');
  }
  const lines = goods.map((g, i) => {
    const quantity = wanted.get(g.code)!;
    const price = ev?.prices.get(g.id) ?? g.price;
    return {
      line: i + 1,
      goodsId: g.id,
      goodsName: g.name,
      price,
      quantity,
      amount: price * quantity,
      earnest: g.earnest,
      listPrice: ev ? g.price : null,
    };
  });
  const goodsAmount = lines.reduce((s, l) => s + l.amount, 0);
  const total = goodsAmount + body.freight;
  if (total !== body.total)
    throw invalid(
      `订单金额不符：商品 ${goodsAmount} 分 + 运费 ${body.freight} 分 = ${total} 分，小程序为 ${body.total} 分`,
    );
  const earnestAmount = lines.reduce((s, l) => s + (l.earnest ?? 0) * l.quantity, 0);

  // The number first: a second request with it waits here for the first and then finds it taken.
  const [order] = await tx
    .insert(mallOrder)
    .values({
      orderNo: `tmp-${sender.clientId ?? 0}-${body.outerNo}`,
      clientId: sender.clientId,
      outerNo: body.outerNo,
      kind,
      status: MALL_ORDER_FLOW.initial,
      memberId: mem.id,
      storeId: st.id,
      delivery: body.delivery,
      goodsAmount,
      freight: body.freight,
      total,
      earnestAmount,
      receiverName: body.receiver?.name ?? null,
      receiverPhone: body.receiver?.phone ?? null,
      address: body.receiver?.address ?? null,
      remark: body.remark ?? null,
      eventId: ev?.id ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!order) throw new SameOuterNo();
  const orderNo = `${MALL_ORDER_NO_PREFIX}${dayOf(at)}${String(order.id).padStart(6, '0')}`;
  await tx.update(mallOrder).set({ orderNo }).where(eq(mallOrder.id, order.id));

  for (const l of lines) {
    const g = goods.find((x) => x.id === l.goodsId)!;
    const [taken] = await tx
      .update(mallGoods)
      .set({ stock: sql`${mallGoods.stock} - ${l.quantity}`, sold: sql`${mallGoods.sold} + ${l.quantity}` })
      .where(and(eq(mallGoods.id, l.goodsId), eq(mallGoods.enabled, true), sql`${mallGoods.stock} >= ${l.quantity}`))
      .returning({ id: mallGoods.id });
    if (!taken) throw new BizError(ERR.MALL_STOCK_SHORT, `「${g.name}」库存不足`);
    if (g.limitPerMember > 0) {
      const [bought] = await tx
        .select({ n: sql<number>`coalesce(sum(${mallOrderLine.quantity}), 0)::int` })
        .from(mallOrderLine)
        .innerJoin(mallOrder, eq(mallOrder.id, mallOrderLine.orderId))
        .where(
          and(eq(mallOrder.memberId, mem.id), eq(mallOrderLine.goodsId, g.id), notInArray(mallOrder.status, RELEASED)),
        );
      if ((bought?.n ?? 0) + l.quantity > g.limitPerMember) {
        throw invalid(`「${g.name}」每人限购 ${g.limitPerMember} 件，您已购买 ${bought?.n ?? 0} 件`);
      }
    }
    // The event's own stock and limit; its lines are written below, so this order is not yet counted.
    if (ev) await takeEventStock(tx, ev, mem.id, l);
  }
  await tx.insert(mallOrderLine).values(lines.map((l) => ({ ...l, orderId: order.id })));
  let groupId: number | null = null;
  if (ev?.kind === 'group') groupId = (await joinGroup(tx, ev, mem.id, order.id, body.groupNo, at)).id;
  else if (body.groupNo) throw new BizError(ERR.MALL_EVENT_INVALID, `商城活动「${ev?.name}」不是拼团活动`);
  await recordCreated(tx, MALL_ORDER_FLOW, order.id, { kind: 'open', clientId: sender.clientId }, '小程序下单', at);
  return { ...order, orderNo, groupId };
};

/** Gives an order's pieces back to their goods (cancelled, or refunded after a return of goods). */
const releaseStock = async (tx: Tx, orderId: number): Promise<void> => {
  const lines = await tx
    .select({ goodsId: mallOrderLine.goodsId, quantity: mallOrderLine.quantity })
    .from(mallOrderLine)
    .where(eq(mallOrderLine.orderId, orderId))
    .orderBy(asc(mallOrderLine.goodsId));
  for (const l of lines) {
    await tx
      .update(mallGoods)
      .set({
        stock: sql`${mallGoods.stock} + ${l.quantity}`,
        sold: sql`greatest(${mallGoods.sold} - ${l.quantity}, 0)`,
      })
      .where(eq(mallGoods.id, l.goodsId));
  }
};

const loadOrder = async (tx: Tx, id: number, where?: SQL): Promise<OrderRow> => {
  const [row] = await tx
    .select()
    .from(mallOrder)
    .where(and(eq(mallOrder.id, id), where));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '该商城订单不存在或不在您的数据范围内');
  return row;
};

// ---------------------------------------------------------------------------------------------
// Steps. Each runs inside the caller's transaction; `where` is the console caller's data scope.

export interface PayInput {
  method: MallPayMethod;
  tradeNo: string;
  amount: number;
}

/** 支付: the amount must be what the order asks online; then 待发货 or 待自提 by its delivery. */
export const payOrder = async (tx: Tx, id: number, by: StepTaker, pay: PayInput, at = new Date()): Promise<void> => {
  const order = await loadOrder(tx, id);
  const payable = order.kind === 'earnest' ? order.earnestAmount : order.total;
  if (order.status === 'pendingPay' && pay.amount !== payable) {
    throw invalid(
      `支付金额须为 ${payable} 分（${order.kind === 'earnest' ? '定金' : '订单金额'}），收到 ${pay.amount} 分`,
    );
  }
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: 'pay',
    by,
    at,
    set: { paidAmount: pay.amount, payMethod: pay.method, tradeNo: pay.tradeNo, paidAt: at },
  });
  const next = (order.delivery as MallDelivery) === 'pickup' ? 'awaitPickup' : 'awaitShip';
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: next,
    by: { kind: 'system', userId: null },
    at,
  });
};

export const cancelOrder = async (tx: Tx, id: number, by: StepTaker, reason?: string, where?: SQL, at = new Date()) => {
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: 'cancel',
    by,
    reason,
    where,
    at,
    set: { cancelledAt: at },
  });
  await releaseStock(tx, id);
  await releaseEventOrder(tx, id);
};

/**
 * 取消并退款: a paid order that has not left (待发货/待自提) is cancelled with everything paid going
 * back — the online payment by its channel, a 定金 order's rest paid in the store as 现金 — and
 * its pieces to stock. The step's conditional update makes a second, racing cancellation fail
 * (STATE_CHANGED) before it pays anything.
 */
export const cancelRefundOrder = async (
  tx: Tx,
  id: number,
  by: StepTaker,
  reason: string,
  where?: SQL,
  at = new Date(),
): Promise<void> => {
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: 'cancelRefund',
    by,
    reason,
    where,
    at,
    set: { cancelledAt: at, refundedAmount: sql`${mallOrder.paidAmount} + ${mallOrder.balancePaid}` },
  });
  await releaseStock(tx, id);
  await releaseEventOrder(tx, id);
  const order = await orderById(tx, id);
  const parts = [
    { method: (order.payMethod ?? 'wechat') as MallPayMethod, amount: order.paidAmount, tradeNo: order.tradeNo },
    { method: 'cash' as const, amount: order.balancePaid, tradeNo: null },
  ];
  for (const p of parts) {
    if (p.amount <= 0) continue;
    await recordPaymentRefund(tx, {
      kind: 'mallCancel',
      refId: id,
      storeId: order.storeId,
      memberId: order.memberId,
      ...p,
      at,
      userId: by.userId ?? null,
    });
  }
};

export const receiveOrder = (tx: Tx, id: number, by: StepTaker, at = new Date()) =>
  runStep(tx, { flow: MALL_ORDER_FLOW, table: mallOrder, id, step: 'receive', by, at, set: { completedAt: at } });

export const shipOrder = async (
  tx: Tx,
  id: number,
  by: StepTaker,
  tracking: { trackingCompany: string; trackingNo: string },
  where?: SQL,
  at = new Date(),
) => {
  await assertGroupFormed(tx, id);
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: 'ship',
    by,
    where,
    at,
    set: { ...tracking, shippedAt: at },
  });
};

/** 确认自提: the member took the goods; a 定金 order's rest is paid in the store now. */
export const pickupOrder = async (tx: Tx, id: number, by: StepTaker, where?: SQL, at = new Date()) => {
  const order = await loadOrder(tx, id, where);
  await assertGroupFormed(tx, id);
  const balance = order.total - order.paidAmount;
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: 'pickup',
    by,
    where,
    at,
    set: {
      completedAt: at,
      ...(order.kind === 'earnest' && balance > 0 ? { balancePaid: balance, balancePaidAt: at } : {}),
    },
  });
};

const nextReturnNo = (id: number, at: Date) => `${MALL_RETURN_NO_PREFIX}${dayOf(at)}${String(id).padStart(6, '0')}`;

/** 申请售后: the order goes 售后中 and an after-sale request waits for 审核. */
export const applyAfterSale = async (
  tx: Tx,
  id: number,
  by: StepTaker,
  req: { kind: MallReturnKind; reason: string },
  at = new Date(),
): Promise<{ returnId: number; returnNo: string }> => {
  const order = await loadOrder(tx, id);
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id,
    step: 'applyAfterSale',
    by,
    reason: req.reason,
    at,
  });
  const [row] = await tx
    .insert(mallReturn)
    .values({
      returnNo: `tmp-${id}-${at.getTime()}`,
      orderId: id,
      kind: req.kind,
      status: MALL_RETURN_FLOW.initial,
      amount: order.paidAmount + order.balancePaid - order.refundedAmount,
      reason: req.reason,
      createdAt: at,
    })
    .returning({ id: mallReturn.id });
  const returnNo = nextReturnNo(row!.id, at);
  await tx.update(mallReturn).set({ returnNo }).where(eq(mallReturn.id, row!.id));
  await recordCreated(tx, MALL_RETURN_FLOW, row!.id, by, `申请售后：${req.reason}`, at);
  return { returnId: row!.id, returnNo };
};

/** A return within the caller's scope (by its order's store). */
const returnScope = (where?: SQL): SQL | undefined =>
  where ? sql`${mallReturn.orderId} in (select ${mallOrder.id} from ${mallOrder} where ${where})` : undefined;

export const approveReturn = (tx: Tx, id: number, by: StepTaker, remark?: string, where?: SQL, at = new Date()) =>
  runStep(tx, {
    flow: MALL_RETURN_FLOW,
    table: mallReturn,
    id,
    step: 'approve',
    by,
    reason: remark,
    where: returnScope(where),
    at,
    set: { auditRemark: remark?.trim() || null, auditBy: by.userId ?? null, auditAt: at },
  });

/** 驳回: the request ends and the order goes back to 已完成. */
export const rejectReturn = async (tx: Tx, id: number, by: StepTaker, reason: string, where?: SQL, at = new Date()) => {
  await runStep(tx, {
    flow: MALL_RETURN_FLOW,
    table: mallReturn,
    id,
    step: 'reject',
    by,
    reason,
    where: returnScope(where),
    at,
    set: { auditRemark: reason.trim(), auditBy: by.userId ?? null, auditAt: at },
  });
  const [ret] = await tx.select({ orderId: mallReturn.orderId }).from(mallReturn).where(eq(mallReturn.id, id));
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id: ret!.orderId,
    step: 'closeAfterSale',
    by: { kind: 'system', userId: by.userId ?? null },
    reason,
    at,
  });
};

/**
 * 退款: the member is paid back what they paid (recorded on the order as refunded, never past what
 * was paid — mall_order_amounts_chk) with a payment-refund record per channel: the online part by
 * the order's 微信/支付宝 payment, a 定金 order's rest paid in the store as 现金. A 退货退款 puts the
 * returned pieces back in stock. The order ends 已退款. Two executions racing queue on the
 * return's lock; the second is refused (STATE_CHANGED) and pays nothing.
 */
export const refundReturn = async (tx: Tx, id: number, by: StepTaker, where?: SQL, at = new Date()) => {
  await runStep(tx, {
    flow: MALL_RETURN_FLOW,
    table: mallReturn,
    id,
    step: 'refund',
    by,
    where: returnScope(where),
    at,
    set: { refundedAt: at },
  });
  const [ret] = await tx
    .select({ orderId: mallReturn.orderId, amount: mallReturn.amount, kind: mallReturn.kind })
    .from(mallReturn)
    .where(eq(mallReturn.id, id));
  await runStep(tx, {
    flow: MALL_ORDER_FLOW,
    table: mallOrder,
    id: ret!.orderId,
    step: 'refund',
    by: { kind: 'system', userId: by.userId ?? null },
    at,
    set: { refundedAmount: sql`${mallOrder.refundedAmount} + ${ret!.amount}` },
  });
  if (ret!.kind === 'returnRefund') await releaseStock(tx, ret!.orderId);
  const order = await orderById(tx, ret!.orderId);
  const online = Math.min(ret!.amount, order.paidAmount);
  const parts = [
    { method: (order.payMethod ?? 'wechat') as MallPayMethod, amount: online, tradeNo: order.tradeNo },
    { method: 'cash' as const, amount: ret!.amount - online, tradeNo: null },
  ];
  for (const p of parts) {
    if (p.amount <= 0) continue;
    await recordPaymentRefund(tx, {
      kind: 'mallReturn',
      refId: id,
      storeId: order.storeId,
      memberId: order.memberId,
      ...p,
      at,
      userId: by.userId ?? null,
    });
  }
};

/** The order of a sender's number, for the open API's steps. */
export const orderIdByOuterNo = async (tx: Tx, clientId: number | null, outerNo: string): Promise<number> => {
  const row = await findByOuterNo(tx, clientId, outerNo);
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, `订单 ${outerNo} 不存在`);
  return row.id;
};

export const orderById = (tx: Tx | Db, id: number) =>
  tx
    .select()
    .from(mallOrder)
    .where(eq(mallOrder.id, id))
    .then((r) => r[0]!);

/**
 * The scheduled job: a 拼团 group still forming past its time fails, and its orders are cancelled —
 * an unpaid one simply, a paid one with everything paid going back (取消并退款). One group per
 * transaction; a group another run holds is skipped.
 */
export const failExpiredGroups = async (db: Db, now = new Date()): Promise<number> => {
  let failed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [g] = await expiredGroups(tx, now).limit(1);
      if (!g) return false;
      await markGroupFailed(tx, g.id);
      const orders = await tx
        .select({ id: mallOrder.id, status: mallOrder.status })
        .from(mallOrder)
        .where(and(eq(mallOrder.groupId, g.id), notInArray(mallOrder.status, RELEASED)))
        .orderBy(asc(mallOrder.id));
      const by: StepTaker = { kind: 'system', userId: null };
      const reason = `拼团 ${g.groupNo} 未在时限内成团`;
      for (const o of orders) {
        if (o.status === 'pendingPay') await cancelOrder(tx, o.id, by, reason, undefined, now);
        else if (o.status === 'toShip' || o.status === 'toPickup')
          await cancelRefundOrder(tx, o.id, by, `${reason}，自动退款`, undefined, now);
      }
      return true;
    });
    if (!done) return failed;
    failed += 1;
  }
};
