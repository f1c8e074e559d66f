/**
 * 会员积分 (issue 15): a member's points change only through points_ledger rows — 消费积分 earned on a
 * bill at the configured rate (SETTINGS.pointsPerYuan, on what the member paid other than by card),
 * 退款扣回 when the bill is refunded, 积分兑换 spent on an exchange (/creditsExchange), 积分过期 by the
 * scheduled job (SETTINGS.pointsExpiryMonths). A member's balance is the sum of their rows and
 * never below zero; each business record writes its row once ((member, ref_type, ref_id)).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { pageAccess } from '../api/pageAccess';
import type { EnumOption } from '../resource/define';
import type { BillView } from './billView';
import type { MallOrderView } from './mall';

export const POINTS_LEDGER_KINDS = [
  { value: 'earn', label: '消费积分', color: 'green' },
  { value: 'refund', label: '退款扣回', color: 'purple' },
  { value: 'exchange', label: '积分兑换', color: 'volcano' },
  { value: 'expire', label: '积分过期', color: 'default' },
  { value: 'reward', label: '推广奖励', color: 'gold' },
] as const satisfies readonly EnumOption[];
export type PointsLedgerKind = (typeof POINTS_LEDGER_KINDS)[number]['value'];

/** The ledger's references (ref_type) of each kind's business record. */
export const POINTS_REFS = {
  earn: 'member_consume',
  refund: 'refund',
  exchange: 'points_exchange',
  expire: 'points_expiry',
  reward: 'promotion_referral',
} as const satisfies Record<PointsLedgerKind, string>;

export const EXCHANGE_ITEM_MAX = 40;
export const EXCHANGE_QTY_MAX = 99;
export const EXCHANGE_POINTS_MAX = 1_000_000;

/** 兑换: an item (goods or a coupon, by name) for points, from the member's /creditsExchange tab. */
export const pointsExchangeBody = z.object({
  memberId: idOf('会员', '请选择会员'),
  itemName: z
    .string({ error: '请填写兑换物品' })
    .trim()
    .min(1, '请填写兑换物品')
    .max(EXCHANGE_ITEM_MAX, `兑换物品最多 ${EXCHANGE_ITEM_MAX} 个字`),
  quantity: z
    .number({ error: '请填写兑换数量' })
    .int('兑换数量须为整数')
    .min(1, '兑换数量至少为 1')
    .max(EXCHANGE_QTY_MAX, `兑换数量最多 ${EXCHANGE_QTY_MAX}`),
  /** Points per piece. */
  unitPoints: z
    .number({ error: '请填写单件所需积分' })
    .int('所需积分须为整数')
    .min(1, '所需积分至少为 1')
    .max(EXCHANGE_POINTS_MAX, `所需积分最多 ${EXCHANGE_POINTS_MAX}`),
  remark: z.string().trim().max(100, '备注最多 100 个字').optional(),
  /** The page's own key of this submission: a retried request answers the first exchange. */
  requestKey: z.string().trim().min(8).max(64).optional(),
});
export type PointsExchangeBody = z.output<typeof pointsExchangeBody>;

export interface PointsExchangeDone {
  id: number;
  exchangeNo: string;
  points: number;
  /** The member's points after it. */
  balance: number;
  replayed: boolean;
}

export const memberPointsQuery = z.object({ memberId: idParamOf('会员', '请指定会员') });

export interface MemberPointsDto {
  memberId: number;
  balance: number;
  earned: number;
  spent: number;
  expired: number;
}

/** /orderDetail?id=<单号>: a bill's number (XF…) or a mall order's. */
export const orderDetailQuery = z.object({
  id: z.string({ error: '请指定单号' }).trim().min(1, '请指定单号').max(40, '单号无效'),
});

/** A refund of the bill (退款单), as /orderDetail lists them. */
export interface OrderDetailRefund {
  id: number;
  refundNo: string;
  status: string;
  amount: number;
  toCards: number;
  outside: number;
  reason: string;
  createdAt: string;
  executedAt: string | null;
}

export type OrderDetail =
  | { type: 'bill'; bill: BillView; refunds: OrderDetailRefund[] }
  | { type: 'mall'; order: MallOrderView };

export const POINTS_API = {
  /** The member's points now (the tab's head). */
  balance: endpoint<z.infer<typeof memberPointsQuery>, undefined, MemberPointsDto>({
    method: 'GET',
    path: '/rest/memberAccount/points',
    access: pageAccess('/points'),
    query: memberPointsQuery,
    summary: '会员积分',
    read: true,
  }),
  exchange: endpoint<undefined, PointsExchangeBody, PointsExchangeDone>({
    method: 'POST',
    path: '/rest/memberAccount/exchange',
    access: pageAccess('/creditsExchange'),
    body: pointsExchangeBody,
    summary: '积分兑换',
  }),
  /** One bill or mall order of a member's purchase history, by its number. */
  orderDetail: endpoint<z.infer<typeof orderDetailQuery>, undefined, OrderDetail>({
    method: 'GET',
    path: '/rest/memberAccount/orderDetail',
    access: pageAccess('/orderDetail'),
    query: orderDetailQuery,
    summary: '订单详情',
    read: true,
  }),
};
