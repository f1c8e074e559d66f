/**
 * The mall's order lists on the resource engine: every order (/onlineOrderList), the 定金 orders
 * (/wscEarnestOrder) and the after-sale requests (/returnList). All read-only — every change is a
 * flow step of orders.ts — and limited to the caller's data scope by the order's store.
 */
import { MALL_EARNEST_ORDER, MALL_ORDER, MALL_RETURN } from '@zb/contract/entities/mall';
import { eq, sql } from 'drizzle-orm';
import { bindResource } from '../../platform/resource/binding';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { mallOrder, mallReturn } from './schema';

// Correlated subqueries spell the outer table out (drizzle leaves single-table columns unqualified).
const goodsSummary = sql<string>`(select string_agg(l.goods_name || '×' || l.quantity, '，' order by l.line) from mall_order_line l where l.order_id = "mall_order"."id")`;

export const orderColumns = {
  storeName: store.name,
  regionName: region.name,
  memberName: member.name,
  memberPhone: member.phone,
  goodsSummary,
};
export const orderJoins = [
  { table: store, on: eq(store.id, mallOrder.storeId) },
  { table: region, on: eq(region.id, store.regionId) },
  { table: member, on: eq(member.id, mallOrder.memberId) },
];

export const mallOrderBinding = bindResource({
  decl: MALL_ORDER,
  table: mallOrder,
  id: mallOrder.id,
  columns: orderColumns,
  joins: orderJoins,
  scope: { store: mallOrder.storeId },
});

export const mallEarnestBinding = bindResource({
  decl: MALL_EARNEST_ORDER,
  table: mallOrder,
  id: mallOrder.id,
  columns: { ...orderColumns, balanceAmount: sql<number>`("mall_order"."total" - "mall_order"."earnest_amount")` },
  joins: orderJoins,
  where: eq(mallOrder.kind, 'earnest'),
  scope: { store: mallOrder.storeId },
});

export const mallReturnBinding = bindResource({
  decl: MALL_RETURN,
  table: mallReturn,
  id: mallReturn.id,
  columns: {
    orderNo: mallOrder.orderNo,
    storeName: store.name,
    memberName: member.name,
    memberPhone: member.phone,
  },
  joins: [
    { table: mallOrder, on: eq(mallOrder.id, mallReturn.orderId) },
    { table: store, on: eq(store.id, mallOrder.storeId) },
    { table: member, on: eq(member.id, mallOrder.memberId) },
  ],
  scope: { store: mallOrder.storeId },
});
