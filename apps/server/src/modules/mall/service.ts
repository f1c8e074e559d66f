/**
 * The console's side of mall orders: an order's view (lines, payment, delivery, after-sale
 * requests and its history) and the console steps (发货, 确认自提, 取消; 审核/驳回/退款 of an
 * after-sale request), each within the caller's data scope.
 */
import {
  MALL_ORDER_FLOW,
  MALL_RETURN_FLOW,
  type MallDelivery,
  type MallHistoryRow,
  type MallOrderEventView,
  type MallOrderKind,
  type MallOrderStatus,
  type MallOrderView,
  type MallPayMethod,
  type MallReturnKind,
  type MallReturnStatus,
  type MallStepDone,
} from '@zb/contract/entities/mall';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { type FlowHistoryRow, flowHistory, type StepTaker } from '../../platform/flow';
import { storeScopeFilter } from '../../platform/scope';
import { member } from '../members/schema';
import { paymentRefundsOf } from '../payRefunds/service';
import { store } from '../stores/schema';
import {
  approveReturn,
  cancelOrder,
  cancelRefundOrder,
  pickupOrder,
  refundReturn,
  rejectReturn,
  shipOrder,
} from './orders';
import { mallEvent, mallEventGroup, mallGoods, mallOrder, mallOrderLine, mallReturn } from './schema';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const actorOf = (h: FlowHistoryRow): string => {
  if (h.actorKind === 'open') return '小程序';
  if (h.actorKind === 'system') return h.userName ? `系统（${h.userName}）` : '系统';
  return h.userName ?? '—';
};

const historyRows = (rows: FlowHistoryRow[], prefix = ''): MallHistoryRow[] =>
  rows.map((h) => ({
    at: h.at.toISOString(),
    label: `${prefix}${h.label}`,
    from: h.from,
    to: h.to,
    actor: actorOf(h),
    reason: h.reason,
  }));

const scopeOf = (auth: Auth): SQL | undefined => storeScopeFilter(auth.scope, mallOrder.storeId);

export const viewMallOrder = async (db: Db, auth: Auth, id: number): Promise<MallOrderView> => {
  const [o] = await db
    .select({
      order: mallOrder,
      storeName: store.name,
      storeCode: store.code,
      memberName: member.name,
      memberPhone: member.phone,
    })
    .from(mallOrder)
    .innerJoin(store, eq(store.id, mallOrder.storeId))
    .innerJoin(member, eq(member.id, mallOrder.memberId))
    .where(and(eq(mallOrder.id, id), scopeOf(auth)));
  if (!o) throw new BizError(ERR.RECORD_NOT_FOUND, '该商城订单不存在或不在您的数据范围内');
  const r = o.order;
  const lines = await db
    .select()
    .from(mallOrderLine)
    .where(eq(mallOrderLine.orderId, id))
    .orderBy(asc(mallOrderLine.line));
  const returns = await db.select().from(mallReturn).where(eq(mallReturn.orderId, id)).orderBy(asc(mallReturn.id));
  const history = historyRows(await flowHistory(db, MALL_ORDER_FLOW, id));
  for (const ret of returns) {
    history.push(...historyRows(await flowHistory(db, MALL_RETURN_FLOW, ret.id), `售后单 ${ret.returnNo}：`));
  }
  history.sort((a, b) => a.at.localeCompare(b.at));
  const payouts: MallOrderView['payouts'] = [];
  for (const ret of returns) {
    for (const p of await paymentRefundsOf(db, 'mallReturn', ret.id)) payouts.push({ ...p, returnNo: ret.returnNo });
  }
  // 取消并退款 pays back without an after-sale request.
  for (const p of await paymentRefundsOf(db, 'mallCancel', id)) payouts.push({ ...p, returnNo: '取消并退款' });
  const codes = new Map<number, string>();
  if (lines.length) {
    const goods = await db
      .select({ id: mallGoods.id, code: mallGoods.code })
      .from(mallGoods)
      .where(inArray(mallGoods.id, [...new Set(lines.map((l) => l.goodsId))]));
    for (const g of goods) codes.set(g.id, g.code);
  }
  return {
    order: {
      id: r.id,
      orderNo: r.orderNo,
      outerNo: r.outerNo,
      kind: r.kind as MallOrderKind,
      status: r.status as MallOrderStatus,
      storeName: o.storeName,
      storeCode: o.storeCode,
      memberName: o.memberName,
      memberPhone: o.memberPhone,
      delivery: r.delivery as MallDelivery,
      goodsAmount: r.goodsAmount,
      freight: r.freight,
      total: r.total,
      earnestAmount: r.earnestAmount,
      paidAmount: r.paidAmount,
      balancePaid: r.balancePaid,
      refundedAmount: r.refundedAmount,
      payMethod: r.payMethod as MallPayMethod | null,
      tradeNo: r.tradeNo,
      paidAt: iso(r.paidAt),
      balancePaidAt: iso(r.balancePaidAt),
      receiverName: r.receiverName,
      receiverPhone: r.receiverPhone,
      address: r.address,
      trackingCompany: r.trackingCompany,
      trackingNo: r.trackingNo,
      shippedAt: iso(r.shippedAt),
      completedAt: iso(r.completedAt),
      remark: r.remark,
      createdAt: r.createdAt.toISOString(),
    },
    lines: lines.map((l) => ({
      id: l.id,
      goodsCode: codes.get(l.goodsId) ?? '',
      goodsName: l.goodsName,
      price: l.price,
      quantity: l.quantity,
      amount: l.amount,
      earnest: l.earnest,
      listPrice: l.listPrice,
    })),
    returns: returns.map((x) => ({
      id: x.id,
      returnNo: x.returnNo,
      kind: x.kind as MallReturnKind,
      status: x.status as MallReturnStatus,
      amount: x.amount,
      reason: x.reason,
      auditRemark: x.auditRemark,
      createdAt: x.createdAt.toISOString(),
      refundedAt: iso(x.refundedAt),
    })),
    payouts,
    history,
    event: r.eventId ? await eventViewOf(db, r.eventId, r.groupId) : null,
  };
};

/** A 商城活动 order's event, and a 拼团 order's group with everyone in it (oldest first). */
const eventViewOf = async (db: Db, eventId: number, groupId: number | null): Promise<MallOrderEventView | null> => {
  const [ev] = await db.select().from(mallEvent).where(eq(mallEvent.id, eventId));
  if (!ev) return null;
  const [g] = groupId ? await db.select().from(mallEventGroup).where(eq(mallEventGroup.id, groupId)) : [];
  const members = g
    ? await db
        .select({
          orderNo: mallOrder.orderNo,
          memberId: mallOrder.memberId,
          memberName: member.name,
          status: mallOrder.status,
          createdAt: mallOrder.createdAt,
        })
        .from(mallOrder)
        .innerJoin(member, eq(member.id, mallOrder.memberId))
        .where(eq(mallOrder.groupId, g.id))
        .orderBy(asc(mallOrder.createdAt), asc(mallOrder.id))
    : [];
  return {
    id: ev.id,
    code: ev.code,
    name: ev.name,
    kind: ev.kind,
    group: g
      ? {
          groupNo: g.groupNo,
          status: g.status,
          size: g.size,
          joined: g.joined,
          expiresAt: g.expiresAt.toISOString(),
          formedAt: iso(g.formedAt),
          members: members.map((m) => ({
            orderNo: m.orderNo,
            memberName: m.memberName,
            leader: m.memberId === g.leaderId,
            status: m.status as MallOrderStatus,
            createdAt: m.createdAt.toISOString(),
          })),
        }
      : null,
  };
};

const consoleTaker = (auth: Auth): StepTaker => ({ kind: 'console', userId: auth.user.id });

const statusOf = async (tx: Tx, table: typeof mallOrder | typeof mallReturn, id: number): Promise<MallStepDone> => {
  const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id));
  return { id, status: row!.status };
};

export const consoleShip = (db: Db, auth: Auth, body: { id: number; trackingCompany: string; trackingNo: string }) =>
  db.transaction(async (tx) => {
    await shipOrder(
      tx,
      body.id,
      consoleTaker(auth),
      { trackingCompany: body.trackingCompany, trackingNo: body.trackingNo },
      scopeOf(auth),
    );
    return statusOf(tx, mallOrder, body.id);
  });

export const consolePickup = (db: Db, auth: Auth, body: { id: number }) =>
  db.transaction(async (tx) => {
    await pickupOrder(tx, body.id, consoleTaker(auth), scopeOf(auth));
    return statusOf(tx, mallOrder, body.id);
  });

export const consoleCancel = (db: Db, auth: Auth, body: { id: number; reason?: string }) =>
  db.transaction(async (tx) => {
    await cancelOrder(tx, body.id, consoleTaker(auth), body.reason, scopeOf(auth));
    return statusOf(tx, mallOrder, body.id);
  });

export const consoleCancelRefund = (db: Db, auth: Auth, body: { id: number; reason: string }) =>
  db.transaction(async (tx) => {
    await cancelRefundOrder(tx, body.id, consoleTaker(auth), body.reason, scopeOf(auth));
    return statusOf(tx, mallOrder, body.id);
  });

export const consoleReturnStep = (
  db: Db,
  auth: Auth,
  step: 'approve' | 'reject' | 'refund',
  body: { id: number; reason?: string },
) =>
  db.transaction(async (tx) => {
    const by = consoleTaker(auth);
    const where = scopeOf(auth);
    if (step === 'approve') await approveReturn(tx, body.id, by, body.reason, where);
    else if (step === 'reject') await rejectReturn(tx, body.id, by, body.reason ?? '', where);
    else await refundReturn(tx, body.id, by, where);
    return statusOf(tx, mallReturn, body.id);
  });
