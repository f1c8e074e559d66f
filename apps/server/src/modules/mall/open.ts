/**
 * The mall's open-API calls (contract open/protocol.ts OPEN_PATHS), served by the open API's
 * plugin once it has verified the signature: the mini-program creates an order (idempotent by
 * its outerNo) and moves it — 支付, 取消, 取消并退款, 确认收货, 申请售后. Only mini-program keys may call them.
 */
import {
  type MallOrderAnswer,
  type OpenMallOrderStepBody,
  openMallOrderBody,
  openMallOrderStepBody,
} from '@zb/contract/entities/mall';
import { openMallEventsBody } from '@zb/contract/entities/mallEvent';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { Db } from '../../db/client';
import type { StepTaker } from '../../platform/flow';
import { openRoute } from '../openApi/types';
import { openMallEvents } from './events';
import {
  answerOf,
  applyAfterSale,
  cancelOrder,
  cancelRefundOrder,
  createMallOrder,
  orderById,
  orderIdByOuterNo,
  payOrder,
  receiveOrder,
} from './orders';

const MINI = ['mini'] as const;

/** One step the mini-program takes on its order; paying again with the same trade number answers the order as it is. */
export const stepMallOrderOpen = (
  db: Db,
  caller: { clientId: number | null },
  outerNo: string,
  body: OpenMallOrderStepBody,
): Promise<MallOrderAnswer> =>
  db.transaction(async (tx) => {
    const id = await orderIdByOuterNo(tx, caller.clientId, outerNo);
    const by: StepTaker = { kind: 'open', clientId: caller.clientId };
    const before = await orderById(tx, id);
    if (body.step === 'pay' && before.status !== 'pendingPay' && before.tradeNo === body.tradeNo)
      return answerOf(before, true);
    if (body.step === 'pay') await payOrder(tx, id, by, body);
    else if (body.step === 'cancel') await cancelOrder(tx, id, by, body.reason);
    else if (body.step === 'cancelRefund') await cancelRefundOrder(tx, id, by, body.reason);
    else if (body.step === 'receive') await receiveOrder(tx, id, by);
    else await applyAfterSale(tx, id, by, { kind: body.kind, reason: body.reason });
    return answerOf(await orderById(tx, id), false);
  });

export const mallOpenRoutes = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.mallOrders,
    body: openMallOrderBody,
    kinds: MINI,
    handle: (db, caller, body) => createMallOrder(db, { clientId: caller.clientId }, body),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.mallOrderStep,
    body: openMallOrderStepBody,
    kinds: MINI,
    handle: (db, caller, body, params) => stepMallOrderOpen(db, caller, params.outerNo ?? '', body),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.mallEvents,
    body: openMallEventsBody,
    kinds: MINI,
    handle: (db) => openMallEvents(db),
  }),
];
