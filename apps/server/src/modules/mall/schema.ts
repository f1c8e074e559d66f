/**
 * The mini-program mall (contract entities/mall.ts): goods on sale online, the orders the
 * mini-program sends for them (with their lines) and the after-sale requests. Stock lives on
 * mall_goods and only moves by conditional updates (stock >= quantity), so it can never go below
 * zero; an order's money columns are integer 分 and CHECKed to add up.
 */

import { CAMPAIGN_STATUSES } from '@zb/contract/entities/campaign';
import {
  MALL_DELIVERIES,
  MALL_ORDER_FLOW,
  MALL_ORDER_KINDS,
  MALL_PAY_METHODS,
  MALL_RETURN_FLOW,
  MALL_RETURN_KINDS,
} from '@zb/contract/entities/mall';
import {
  MALL_EVENT_KINDS,
  MALL_GROUP_HOURS_MAX,
  MALL_GROUP_HOURS_MIN,
  MALL_GROUP_SIZE_MAX,
  MALL_GROUP_SIZE_MIN,
  MALL_GROUP_STATUSES,
  MALL_RATE_MAX,
  MALL_RATE_MIN,
} from '@zb/contract/entities/mallEvent';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { campaignColumns } from '../approvals/schema';
import { card, product, project } from '../goods/schema';
import { member } from '../members/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const values = (list: readonly { value: string }[]) => list.map((o) => o.value);

/** A contract constant written into a CHECK as its literal (the SQL text the migration holds). */
const n = (v: number) => sql.raw(String(v));
export const mallGoods = pgTable(
  'mall_goods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    goodsKind: text('goods_kind').notNull(),
    productId: integer('product_id').references(() => product.id),
    projectId: integer('project_id').references(() => project.id),
    cardId: integer('card_id').references(() => card.id),
    /** Online price, 分. */
    price: integer('price').notNull(),
    /** The deposit (分) of goods sold by 定金; null: paid in full online. */
    earnest: integer('earnest'),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    /** Most pieces one member may buy (orders not cancelled); 0: no limit. */
    limitPerMember: integer('limit_per_member').notNull().default(0),
    /** 上架. */
    enabled: boolean('enabled').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    description: text('description'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('mall_goods_code_uq').on(t.code),
    index('mall_goods_sort_idx').on(t.sort, t.id),
    index('mall_goods_product_idx').on(t.productId),
    index('mall_goods_project_idx').on(t.projectId),
    index('mall_goods_card_idx').on(t.cardId),
    oneOf('mall_goods_kind_chk', t.goodsKind, ['product', 'project', 'card']),
    check(
      'mall_goods_ref_chk',
      sql`(${t.goodsKind} = 'product') = (${t.productId} is not null) and (${t.goodsKind} = 'project') = (${t.projectId} is not null) and (${t.goodsKind} = 'card') = (${t.cardId} is not null)`,
    ),
    check(
      'mall_goods_price_chk',
      sql`${t.price} > 0 and (${t.earnest} is null or (${t.earnest} > 0 and ${t.earnest} < ${t.price}))`,
    ),
    check(
      'mall_goods_stock_chk',
      sql`${t.stock} >= 0 and ${t.sold} >= 0 and ${t.limitPerMember} >= 0 and ${t.sort} >= 0`,
    ),
  ],
);

export const mallOrder = pgTable(
  'mall_order',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    /** The mini-program app that sent it and its own number (idempotency). */
    clientId: integer('client_id').references(() => openClient.id),
    outerNo: text('outer_no').notNull(),
    kind: text('kind').notNull().default('normal'),
    status: text('status').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    delivery: text('delivery').notNull(),
    /** Σ lines (分). */
    goodsAmount: integer('goods_amount').notNull(),
    freight: integer('freight').notNull().default(0),
    /** goodsAmount + freight. */
    total: integer('total').notNull(),
    /** A 定金 order: what is paid online; else 0. */
    earnestAmount: integer('earnest_amount').notNull().default(0),
    /** Paid online (the total, or the deposit). */
    paidAmount: integer('paid_amount').notNull().default(0),
    payMethod: text('pay_method'),
    tradeNo: text('trade_no'),
    paidAt: at('paid_at'),
    /** A 定金 order's rest, paid in the store at pick-up. */
    balancePaid: integer('balance_paid').notNull().default(0),
    balancePaidAt: at('balance_paid_at'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    address: text('address'),
    trackingCompany: text('tracking_company'),
    trackingNo: text('tracking_no'),
    shippedAt: at('shipped_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    remark: text('remark'),
    /** The 商城活动 it was bought in, and a 拼团 order's group. */
    eventId: integer('event_id').references((): AnyPgColumn => mallEvent.id),
    groupId: integer('group_id').references((): AnyPgColumn => mallEventGroup.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('mall_order_no_uq').on(t.orderNo),
    index('mall_order_event_idx').on(t.eventId, t.createdAt).where(sql`${t.eventId} is not null`),
    index('mall_order_group_idx').on(t.groupId).where(sql`${t.groupId} is not null`),
    check('mall_order_group_chk', sql`${t.groupId} is null or ${t.eventId} is not null`),
    uniqueIndex('mall_order_outer_uq').on(sql`coalesce(${t.clientId}, 0)`, t.outerNo),
    index('mall_order_created_idx').on(t.createdAt, t.id),
    index('mall_order_store_idx').on(t.storeId, t.createdAt),
    index('mall_order_member_idx').on(t.memberId),
    index('mall_order_status_idx').on(t.status, t.createdAt),
    index('mall_order_kind_idx').on(t.kind, t.createdAt).where(sql`${t.kind} <> 'normal'`),
    oneOf('mall_order_kind_chk', t.kind, values(MALL_ORDER_KINDS)),
    oneOf('mall_order_status_chk', t.status, values(MALL_ORDER_FLOW.states)),
    oneOf('mall_order_delivery_chk', t.delivery, values(MALL_DELIVERIES)),
    // Null until paid (a CHECK passes on null).
    oneOf('mall_order_pay_method_chk', t.payMethod, values(MALL_PAY_METHODS)),
    check(
      'mall_order_amounts_chk',
      sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.total} = ${t.goodsAmount} + ${t.freight} and ${t.earnestAmount} >= 0 and ${t.paidAmount} >= 0 and ${t.balancePaid} >= 0 and ${t.paidAmount} + ${t.balancePaid} <= ${t.total} and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidAmount} + ${t.balancePaid}`,
    ),
  ],
);

export const mallOrderLine = pgTable(
  'mall_order_line',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => mallOrder.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => mallGoods.id),
    /** The goods' name and price when ordered. */
    goodsName: text('goods_name').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    /** The deposit per piece of a 定金 line. */
    earnest: integer('earnest'),
    /** A 商城活动 line: the goods' own price when ordered (price is the event's). */
    listPrice: integer('list_price'),
  },
  (t) => [
    unique('mall_order_line_uq').on(t.orderId, t.line),
    index('mall_order_line_goods_idx').on(t.goodsId),
    check(
      'mall_order_line_amount_chk',
      sql`${t.quantity} > 0 and ${t.price} >= 0 and ${t.amount} = ${t.price} * ${t.quantity} and (${t.listPrice} is null or ${t.listPrice} >= ${t.price})`,
    ),
  ],
);

export const mallReturn = pgTable(
  'mall_return',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnNo: text('return_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => mallOrder.id),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** 分 refunded when it completes: what the member paid for the order. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    auditRemark: text('audit_remark'),
    auditBy: integer('audit_by').references(() => userAccount.id, { onDelete: 'set null' }),
    auditAt: at('audit_at'),
    refundedAt: at('refunded_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('mall_return_no_uq').on(t.returnNo),
    // One open request per order.
    uniqueIndex('mall_return_open_uq').on(t.orderId).where(sql`${t.status} in ('applied', 'approved')`),
    index('mall_return_created_idx').on(t.createdAt, t.id),
    oneOf('mall_return_kind_chk', t.kind, values(MALL_RETURN_KINDS)),
    oneOf('mall_return_status_chk', t.status, values(MALL_RETURN_FLOW.states)),
    check('mall_return_amount_chk', sql`${t.amount} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// 商城活动 (contract entities/mallEvent.ts): the events, their goods with the event's stock, the
// 拼团 groups, and the templates new events start from.

export const activityModel = pgTable(
  'activity_model',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    days: integer('days').notNull(),
    remark: text('remark'),
    /** Tenths of the mall price kept (85 = 8.5 折). */
    rate: integer('rate').notNull(),
    stock: integer('stock').notNull(),
    limitPerMember: integer('limit_per_member').notNull().default(0),
    groupSize: integer('group_size'),
    groupHours: integer('group_hours'),
    /** The mall goods a new event starts with. */
    goods: jsonb('goods').$type<number[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('activity_model_created_idx').on(t.createdAt, t.id),
    oneOf('activity_model_kind_chk', t.kind, values(MALL_EVENT_KINDS)),
    check(
      'activity_model_rules_chk',
      sql`${t.days} > 0 and ${t.rate} between ${n(MALL_RATE_MIN)} and ${n(MALL_RATE_MAX)} and ${t.stock} > 0 and ${t.limitPerMember} >= 0 and (${t.kind} = 'group') = (${t.groupSize} is not null and ${t.groupHours} is not null)`,
    ),
  ],
);

export const mallEvent = pgTable(
  'mall_event',
  {
    /** HD and the id in six digits. */
    ...campaignColumns('HD'),
    kind: text('kind').notNull(),
    groupSize: integer('group_size'),
    groupHours: integer('group_hours'),
    modelId: integer('model_id').references(() => activityModel.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('mall_event_code_uq').on(t.code),
    index('mall_event_created_idx').on(t.createdAt, t.id),
    index('mall_event_active_idx').on(t.status, t.startDay, t.endDay),
    oneOf('mall_event_status_chk', t.status, values(CAMPAIGN_STATUSES)),
    oneOf('mall_event_kind_chk', t.kind, values(MALL_EVENT_KINDS)),
    check('mall_event_days_chk', sql`${t.endDay} >= ${t.startDay}`),
    check(
      'mall_event_group_chk',
      sql`(${t.kind} = 'group') = (${t.groupSize} is not null and ${t.groupHours} is not null) and (${t.groupSize} is null or ${t.groupSize} between ${n(MALL_GROUP_SIZE_MIN)} and ${n(MALL_GROUP_SIZE_MAX)}) and (${t.groupHours} is null or ${t.groupHours} between ${n(MALL_GROUP_HOURS_MIN)} and ${n(MALL_GROUP_HOURS_MAX)})`,
    ),
  ],
);

export const mallEventItem = pgTable(
  'mall_event_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => mallEvent.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => mallGoods.id),
    /** The event's price, 分. */
    price: integer('price').notNull(),
    /** The event's stock left: only moves by conditional updates (stock >= quantity). */
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    /** Most pieces one member buys in the event (orders not cancelled); 0: no limit. */
    limitPerMember: integer('limit_per_member').notNull().default(0),
  },
  (t) => [
    unique('mall_event_item_goods_uq').on(t.eventId, t.goodsId),
    index('mall_event_item_goods_idx').on(t.goodsId),
    check(
      'mall_event_item_chk',
      sql`${t.price} > 0 and ${t.stock} >= 0 and ${t.sold} >= 0 and ${t.limitPerMember} >= 0`,
    ),
  ],
);

export const mallEventGroup = pgTable(
  'mall_event_group',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupNo: text('group_no').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => mallEvent.id),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => member.id),
    size: integer('size').notNull(),
    /** Orders in it, not cancelled: only moves by conditional updates (joined < size). */
    joined: integer('joined').notNull().default(1),
    status: text('status').notNull().default('forming'),
    expiresAt: at('expires_at').notNull(),
    formedAt: at('formed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('mall_event_group_no_uq').on(t.groupNo),
    index('mall_event_group_event_idx').on(t.eventId, t.createdAt),
    index('mall_event_group_forming_idx').on(t.expiresAt).where(sql`${t.status} = 'forming'`),
    oneOf('mall_event_group_status_chk', t.status, values(MALL_GROUP_STATUSES)),
    check(
      'mall_event_group_joined_chk',
      sql`${t.joined} >= 0 and ${t.joined} <= ${t.size} and (${t.status} <> 'formed' or ${t.joined} = ${t.size})`,
    ),
  ],
);
