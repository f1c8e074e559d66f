/**
 * /orderDetail (订单详情) of a member's purchase history: one 收银单 (its lines, payments, card draws
 * with their ledger rows and history: bills' viewBill; and its 退款单) or one 商城订单 (its lines,
 * after-sale refunds and their payouts, history: mall's viewMallOrder), by its number. Seen when
 * the member's home store or the document's store is in the caller's data scope.
 */
import type { OrderDetail } from '@zb/contract/entities/points';
import { ERR } from '@zb/contract/errcodes';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { HQ_SCOPE, storeScopeFilter } from '../../platform/scope';
import { viewBill } from '../bills/view';
import { mallOrder } from '../mall/schema';
import { viewMallOrder } from '../mall/service';
import { member, memberConsume } from '../members/schema';
import { refund } from '../refunds/schema';

const NOT_FOUND = '该单据不存在或不在您的数据范围内';

export const orderDetail = async (db: Db, auth: Auth, no: string): Promise<OrderDetail> => {
  const seen = (storeCol: typeof member.storeId | typeof memberConsume.storeId | typeof mallOrder.storeId) =>
    storeScopeFilter(auth.scope, storeCol) ?? sql`true`;
  const [bill] = await db
    .select({ id: memberConsume.id, seen: sql<boolean>`(${seen(member.storeId)}) or (${seen(memberConsume.storeId)})` })
    .from(memberConsume)
    .innerJoin(member, eq(member.id, memberConsume.memberId))
    .where(eq(memberConsume.billNo, no));
  // Checked here: the member's own history shows bills of every store, the viewers then read it whole.
  const whole = { ...auth, scope: HQ_SCOPE };
  if (bill) {
    if (!bill.seen) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
    const refunds = await db
      .select({
        id: refund.id,
        refundNo: refund.refundNo,
        status: refund.status,
        amount: refund.amount,
        toCards: refund.toCards,
        outside: refund.outside,
        reason: refund.reason,
        createdAt: refund.createdAt,
        executedAt: refund.executedAt,
      })
      .from(refund)
      .where(eq(refund.consumeId, bill.id))
      .orderBy(asc(refund.id));
    return {
      type: 'bill',
      bill: await viewBill(db, whole, bill.id),
      refunds: refunds.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        executedAt: r.executedAt?.toISOString() ?? null,
      })),
    };
  }
  const [order] = await db
    .select({ id: mallOrder.id, seen: sql<boolean>`(${seen(member.storeId)}) or (${seen(mallOrder.storeId)})` })
    .from(mallOrder)
    .innerJoin(member, eq(member.id, mallOrder.memberId))
    .where(eq(mallOrder.orderNo, no));
  if (!order?.seen) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  return { type: 'mall', order: await viewMallOrder(db, whole, order.id) };
};
