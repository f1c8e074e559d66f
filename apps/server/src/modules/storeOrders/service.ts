/**
 * Store orders: submission, the submitter's edit and withdrawal, and the steps 审核/驳回 → 发货 →
 * 收货, each in one transaction with its operation-log row. A step is a conditional update on the
 * status it starts from: of two users acting at once one wins, the other gets ORDER-40901 naming
 * the state the order is in now. 收货 of goods writes the stock movements (moveStock) in the same
 * transaction; materials move no product stock. Every order is found within the caller's data
 * scope and its family (goods orders or material orders), else RECORD_NOT_FOUND.
 */

import { NOTICE_TYPE_PAYMENT } from '@zb/contract/constants';
import { coopUnitPrice } from '@zb/contract/entities/cooperativeConfig';
import {
  ORDER_NO_PREFIX,
  ORDER_PAYABLE_STATES,
  ORDER_STEPS,
  ORDER_TOTAL_MAX,
  type OrderFamily,
  type OrderItemOption,
  type OrderKind,
  type OrderLineInput,
  type OrderSaved,
  type OrderStatus,
  type OrderStep,
  type OrderStoreOption,
  orderPayable,
  orderStatusLabel,
  orderStepAllowed,
  PAY_METHODS,
  type PayBody,
  type PayStatus,
  payStatusOf,
  type ReceiveBody,
  type StoreOrderLine,
  type StoreOrderPayment,
  type StoreOrderStepRow,
  type StoreOrderView,
} from '@zb/contract/entities/storeOrder';
import { ERR } from '@zb/contract/errcodes';
import type { OperationVerb } from '@zb/contract/operationLog';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate } from '@zb/contract/time';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { findRow } from '../../platform/resource/query';
import { checkStoreInScope, type DataScope, storeScopeFilter, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { raiseNotices } from '../notices/service';
import { moveStock } from '../stock/service';
import { region, store } from '../stores/schema';
import { bindingOf } from './bindings';
import { checkRules, configOf, ORDERING_STORE_STATUSES, type OrderingStore } from './config';
import { type CoopTerms, coopTermsOf } from './cooperative';
import { material, storeOrder, storeOrderLine, storeOrderPayment } from './schema';

const NOT_FOUND = '该订货单不存在或不在您的数据范围内';

/** Any fixed number: the advisory lock that serialises order numbering across instances. */
const NUMBERING_LOCK = 7_203_101;
const SEQUENCE_DIGITS = 4;

export const orderNoPrefix = (now: Date): string => `${ORDER_NO_PREFIX}${formatDate(now).replaceAll('-', '')}`;

/** The next free order number of the Beijing day; call inside the transaction that inserts it. */
export const nextOrderNo = async (tx: Tx, now = new Date()): Promise<string> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
  const prefix = orderNoPrefix(now);
  const [last] = await tx
    .select({ no: storeOrder.orderNo })
    .from(storeOrder)
    // The range lets the unique index find the day's numbers; LIKE keeps only them.
    .where(
      and(
        sql`${storeOrder.orderNo} >= ${prefix}`,
        sql`${storeOrder.orderNo} < ${`${prefix}~`}`,
        like(storeOrder.orderNo, `${prefix}%`),
      ),
    )
    // Longest first, so the ten-thousandth of a day still follows the 9999th.
    .orderBy(desc(sql`length(${storeOrder.orderNo})`), desc(storeOrder.orderNo))
    .limit(1);
  const next = last ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(next).padStart(SEQUENCE_DIGITS, '0')}`;
};

// ---------------------------------------------------------------------------------------------
// Reading an order.

interface OrderRow {
  id: number;
  orderNo: string;
  storeId: number;
  kind: OrderKind;
  status: OrderStatus;
  total: number;
  paidAmount: number;
  createdBy: number | null;
}

const familyWhere = (f: OrderFamily) =>
  f.kinds.length === 1 ? eq(storeOrder.kind, f.kinds[0]!) : inArray(storeOrder.kind, [...f.kinds]);

/** The order within the caller's scope and the family, or RECORD_NOT_FOUND. */
const loadOrder = async (tx: Db | Tx, f: OrderFamily, scope: DataScope, id: number): Promise<OrderRow> => {
  const [row] = await tx
    .select({
      id: storeOrder.id,
      orderNo: storeOrder.orderNo,
      storeId: storeOrder.storeId,
      kind: storeOrder.kind,
      status: storeOrder.status,
      total: storeOrder.total,
      paidAmount: storeOrder.paidAmount,
      createdBy: storeOrder.createdBy,
    })
    .from(storeOrder)
    .where(and(eq(storeOrder.id, id), familyWhere(f), storeScopeFilter(scope, storeOrder.storeId)));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  return row as OrderRow;
};

const stateError = (status: string | undefined, doing: string): BizError =>
  new BizError(
    ERR.ORDER_STATE_CHANGED,
    status ? `订单状态已变化：当前为「${orderStatusLabel(status)}」，不能${doing}` : `订单状态已变化，不能${doing}`,
  );

const expect = (order: OrderRow, step: OrderStep): void => {
  if (!orderStepAllowed(step, order.status)) throw stateError(order.status, ORDER_STEPS[step].label);
};

const mustBeSubmitter = (order: OrderRow, auth: Auth, doing: string): void => {
  if (order.createdBy !== auth.user.id) {
    throw new BizError(ERR.ORDER_NOT_SUBMITTER, `只有提交人可以${doing}该订单`);
  }
};

/**
 * Moves the order from the step's state to the next, if it is still there; answers the row as
 * updated. Losing a race (or a stale page) answers ORDER-40901 with the state it is in now.
 */
const transition = async (
  tx: Tx,
  order: OrderRow,
  step: OrderStep,
  set: PgUpdateSetSource<typeof storeOrder>,
): Promise<void> => {
  const s = ORDER_STEPS[step];
  const rows = await tx
    .update(storeOrder)
    .set({ ...set, status: s.to, updatedAt: sql`now()` })
    .where(and(eq(storeOrder.id, order.id), inArray(storeOrder.status, [...s.from])))
    .returning({ id: storeOrder.id });
  if (rows.length === 0) {
    const [now] = await tx.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.id, order.id));
    throw stateError(now?.status, s.label);
  }
};

const snapshot = (tx: Tx, f: OrderFamily, auth: Auth, id: number) => findRow(tx, bindingOf(f), auth.scope, id);

const log = async (
  tx: Tx,
  f: OrderFamily,
  auth: Auth,
  id: number,
  action: OperationVerb,
  before: unknown,
  extra?: Record<string, unknown>,
) => {
  const after = await snapshot(tx, f, auth, id);
  await recordOperation(tx, {
    userId: auth.user.id,
    action: `${f.decl.name}.${action}`,
    target: `store_order:${id}`,
    before: before ?? null,
    after: extra ? { ...after, ...extra } : after,
  });
  return after;
};

const saved = (order: OrderRow, status: OrderStatus): OrderSaved => ({ id: order.id, orderNo: order.orderNo, status });

// ---------------------------------------------------------------------------------------------
// Pickers.

/** Stores of the caller's scope that may order now. */
export const orderStores = (db: Db, scope: DataScope): Promise<OrderStoreOption[]> =>
  db
    .select({ id: store.id, name: store.name, code: store.code, ownership: store.ownership })
    .from(store)
    .where(and(storeTableScope(scope), inArray(store.status, ORDERING_STORE_STATUSES)))
    .orderBy(asc(store.code)) as Promise<OrderStoreOption[]>;

/**
 * What a family orders, on sale, with the price an order takes; for a store (of the caller's
 * scope), its /cooperativeConfig terms: only the goods it may order, at its tier's price.
 */
export const orderItems = async (
  db: Db,
  f: OrderFamily,
  scope: DataScope,
  storeId?: number,
): Promise<OrderItemOption[]> => {
  if (f.key === 'material') {
    return db
      .select({
        id: material.id,
        code: material.code,
        name: material.name,
        spec: material.spec,
        unit: material.unit,
        price: material.price,
      })
      .from(material)
      .where(eq(material.status, 'on'))
      .orderBy(asc(material.code));
  }
  const items = await db
    .select({
      id: product.id,
      code: product.code,
      name: product.name,
      spec: product.spec,
      unit: product.unit,
      price: product.costPrice,
    })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.sort), asc(product.id));
  if (storeId === undefined) return items;
  const terms = await db.transaction(async (tx) => coopTermsOf(tx, await orderingStore(tx, scope, storeId)));
  if (!terms) return items;
  return items
    .filter((i) => !terms.allowed || terms.allowed.has(i.id))
    .map((i) => ({ ...i, price: coopUnitPrice(i.price, terms.priceTier) }));
};

// ---------------------------------------------------------------------------------------------
// Submission and the submitter's edit.

interface PricedLine {
  itemId: number;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/**
 * Each line priced at today's price; every item must exist, be orderable, and appear once. A
 * franchise store's goods follow its /cooperativeConfig terms: only the products it may order,
 * at its tier's price.
 */
const priceLines = async (
  tx: Tx,
  f: OrderFamily,
  lines: readonly OrderLineInput[],
  terms: CoopTerms | null,
): Promise<PricedLine[]> => {
  const ids = lines.map((l) => l.itemId);
  if (new Set(ids).size !== ids.length) throw fieldError('lines', `同一${f.item}只能出现一次`);
  const rows =
    f.key === 'material'
      ? await tx
          .select({ id: material.id, name: material.name, status: material.status, price: material.price })
          .from(material)
          .where(inArray(material.id, ids))
      : await tx
          .select({ id: product.id, name: product.name, status: product.status, price: product.costPrice })
          .from(product)
          .where(inArray(product.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const priced = lines.map((l) => {
    const item = byId.get(l.itemId);
    if (!item) throw fieldError('lines', `所选${f.item}不存在或已被删除`);
    if (item.status !== 'on') throw fieldError('lines', `「${item.name}」已停止订购，请移除后再提交`);
    const coop = f.key === 'material' ? null : terms;
    if (coop?.allowed && !coop.allowed.has(l.itemId)) {
      const msg = `「${item.name}」不在「${coop.storeName}」的可订商品范围内（门店订货配置）`;
      throw new BizError(ERR.ORDER_RULE, msg, { fields: { lines: msg } });
    }
    const unitPrice = coop ? coopUnitPrice(item.price, coop.priceTier) : item.price;
    const amount = l.quantity * unitPrice;
    if (amount > ORDER_TOTAL_MAX) throw fieldError('lines', `「${item.name}」金额过大，请分单订货`);
    return { itemId: l.itemId, quantity: l.quantity, unitPrice, amount };
  });
  const total = priced.reduce((s, l) => s + l.amount, 0);
  if (total > ORDER_TOTAL_MAX)
    throw fieldError('lines', `订单金额不能超过 ¥${formatYuan(ORDER_TOTAL_MAX)}，请分单订货`);
  return priced;
};

const insertLines = async (tx: Tx, f: OrderFamily, orderId: number, lines: readonly PricedLine[]) => {
  await tx.insert(storeOrderLine).values(
    lines.map((l, i) => ({
      orderId,
      line: i + 1,
      productId: f.key === 'material' ? null : l.itemId,
      materialId: f.key === 'material' ? l.itemId : null,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
    })),
  );
};

const orderingStore = async (tx: Tx, scope: DataScope, storeId: number): Promise<OrderingStore> => {
  await checkStoreInScope(tx, scope, storeId);
  const [row] = await tx
    .select({ id: store.id, name: store.name, status: store.status, typeId: store.typeId, ownership: store.ownership })
    .from(store)
    .where(eq(store.id, storeId));
  return row!;
};

export interface SubmitInput {
  storeId: number;
  kind: OrderKind;
  remark?: string | null;
  lines: OrderLineInput[];
}

export const submitOrder = (db: Db, f: OrderFamily, auth: Auth, body: SubmitInput, now = new Date()) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    if (!f.kinds.includes(body.kind)) throw fieldError('kind', '订货类型无效');
    const st = await orderingStore(tx, auth.scope, body.storeId);
    const lines = await priceLines(tx, f, body.lines, await coopTermsOf(tx, st));
    const total = lines.reduce((s, l) => s + l.amount, 0);
    await checkRules(tx, { kind: body.kind, store: st, total, now, days: true });
    const orderNo = await nextOrderNo(tx, now);
    const [row] = await tx
      .insert(storeOrder)
      .values({
        orderNo,
        storeId: st.id,
        kind: body.kind,
        status: 'submitted',
        total,
        remark: body.remark || null,
        createdBy: auth.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: storeOrder.id });
    await insertLines(tx, f, row!.id, lines);
    await log(tx, f, auth, row!.id, 'submit', null, { lines });
    return { id: row!.id, orderNo, status: 'submitted' };
  });

export const modifyOrder = (
  db: Db,
  f: OrderFamily,
  auth: Auth,
  body: { id: number; remark?: string | null; lines: OrderLineInput[] },
) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    const order = await loadOrder(tx, f, auth.scope, body.id);
    mustBeSubmitter(order, auth, '修改');
    if (order.status !== 'submitted') throw stateError(order.status, '修改');
    const before = await snapshot(tx, f, auth, order.id);
    const [st] = await tx
      .select({
        id: store.id,
        name: store.name,
        status: store.status,
        typeId: store.typeId,
        ownership: store.ownership,
      })
      .from(store)
      .where(eq(store.id, order.storeId));
    const lines = await priceLines(tx, f, body.lines, await coopTermsOf(tx, st!));
    const total = lines.reduce((s, l) => s + l.amount, 0);
    await checkRules(tx, { kind: order.kind, store: st!, total, now: new Date(), days: false });
    const rows = await tx
      .update(storeOrder)
      .set({ total, remark: body.remark || null, updatedAt: sql`now()` })
      .where(and(eq(storeOrder.id, order.id), eq(storeOrder.status, 'submitted')))
      .returning({ id: storeOrder.id });
    if (rows.length === 0) {
      const [cur] = await tx.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.id, order.id));
      throw stateError(cur?.status, '修改');
    }
    await tx.delete(storeOrderLine).where(eq(storeOrderLine.orderId, order.id));
    await insertLines(tx, f, order.id, lines);
    await log(tx, f, auth, order.id, 'modify', before, { lines });
    return saved(order, 'submitted');
  });

// ---------------------------------------------------------------------------------------------
// Steps.

export const withdrawOrder = (db: Db, f: OrderFamily, auth: Auth, id: number) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    const order = await loadOrder(tx, f, auth.scope, id);
    mustBeSubmitter(order, auth, '撤回');
    expect(order, 'withdraw');
    const before = await snapshot(tx, f, auth, id);
    await transition(tx, order, 'withdraw', { withdrawnAt: sql`now()` });
    await log(tx, f, auth, id, 'withdraw', before);
    return saved(order, 'withdrawn');
  });

export const approveOrder = (db: Db, f: OrderFamily, auth: Auth, id: number) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    const order = await loadOrder(tx, f, auth.scope, id);
    expect(order, 'approve');
    const before = await snapshot(tx, f, auth, id);
    await transition(tx, order, 'approve', { approvedBy: auth.user.id, approvedAt: sql`now()` });
    await log(tx, f, auth, id, 'approve', before);
    return saved(order, 'approved');
  });

export const rejectOrder = (db: Db, f: OrderFamily, auth: Auth, id: number, reason: string) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    const order = await loadOrder(tx, f, auth.scope, id);
    expect(order, 'reject');
    const before = await snapshot(tx, f, auth, id);
    await transition(tx, order, 'reject', {
      rejectReason: reason,
      rejectedBy: auth.user.id,
      rejectedAt: sql`now()`,
    });
    await log(tx, f, auth, id, 'reject', before);
    return saved(order, 'rejected');
  });

export const shipOrder = (db: Db, f: OrderFamily, auth: Auth, id: number) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    const order = await loadOrder(tx, f, auth.scope, id);
    expect(order, 'ship');
    const before = await snapshot(tx, f, auth, id);
    await transition(tx, order, 'ship', { shippedBy: auth.user.id, shippedAt: sql`now()` });
    // Read after the update: the row is locked now, so a payment cannot slip in between.
    const [row] = await tx
      .select({ total: storeOrder.total, paid: storeOrder.paidAmount, ownership: store.ownership })
      .from(storeOrder)
      .innerJoin(store, eq(store.id, storeOrder.storeId))
      .where(eq(storeOrder.id, id));
    if (row!.ownership === 'franchise' && row!.paid < row!.total) {
      const cfg = await configOf(tx, order.kind);
      if (!cfg.franchiseCredit) {
        throw new BizError(
          ERR.ORDER_UNPAID,
          `加盟门店须付清货款后才能发货：订单金额 ¥${formatYuan(row!.total)}，已付 ¥${formatYuan(row!.paid)}`,
        );
      }
    }
    await log(tx, f, auth, id, 'ship', before);
    return saved(order, 'shipped');
  });

export const receiveOrder = (db: Db, f: OrderFamily, auth: Auth, body: ReceiveBody) =>
  db.transaction(async (tx): Promise<OrderSaved> => {
    const order = await loadOrder(tx, f, auth.scope, body.id);
    expect(order, 'receive');
    const before = await snapshot(tx, f, auth, order.id);
    await transition(tx, order, 'receive', {
      receivedBy: auth.user.id,
      receivedAt: sql`now()`,
      receiveNote: body.remark || null,
    });
    const lines = await tx
      .select({
        id: storeOrderLine.id,
        productId: storeOrderLine.productId,
        quantity: storeOrderLine.quantity,
        name: sql<string>`coalesce(${product.name}, ${material.name})`,
      })
      .from(storeOrderLine)
      .leftJoin(product, eq(product.id, storeOrderLine.productId))
      .leftJoin(material, eq(material.id, storeOrderLine.materialId))
      .where(eq(storeOrderLine.orderId, order.id))
      .orderBy(asc(storeOrderLine.line));
    const given = new Map((body.lines ?? []).map((l) => [l.lineId, l.receivedQty]));
    for (const lineId of given.keys()) {
      if (!lines.some((l) => l.id === lineId)) throw fieldError('lines', '收货明细不属于该订单');
    }
    const received = lines.map((l) => {
      const qty = given.get(l.id) ?? l.quantity;
      if (qty > l.quantity) throw fieldError('lines', `「${l.name}」实收数量不能大于订货数量 ${l.quantity}`);
      return { ...l, qty };
    });
    if (received.length) {
      const values = sql.join(
        received.map((l) => sql`(${l.id}::int, ${l.qty}::int)`),
        sql`, `,
      );
      await tx.execute(sql`update ${storeOrderLine} set received_qty = v.qty
        from (values ${values}) as v(id, qty) where ${storeOrderLine.id} = v.id`);
    }
    if (f.key !== 'material') {
      await moveStock(
        tx,
        received
          .filter((l) => l.productId !== null && l.qty > 0)
          .map((l) => ({ storeId: order.storeId, productId: l.productId!, pieces: l.qty })),
        { kind: 'orderReceive', refType: 'store_order', refId: order.id, userId: auth.user.id, note: order.orderNo },
      );
    }
    await log(tx, f, auth, order.id, 'receive', before, {
      received: received.map((l) => ({ lineId: l.id, receivedQty: l.qty })),
    });
    return saved(order, 'received');
  });

// ---------------------------------------------------------------------------------------------
// Payments.

/**
 * A 付款通知 to the people of the order — its submitter and its approver — other than the one who
 * recorded the payment: their bells ring at once (notices/raiseNotices).
 */
const noticePayment = async (tx: Tx, auth: Auth, order: OrderRow, body: PayBody, paid: number, total: number) => {
  const [row] = await tx
    .select({ approvedBy: storeOrder.approvedBy, storeName: store.name })
    .from(storeOrder)
    .innerJoin(store, eq(store.id, storeOrder.storeId))
    .where(eq(storeOrder.id, order.id));
  const to = [...new Set([order.createdBy, row?.approvedBy])].filter(
    (id): id is number => typeof id === 'number' && id !== auth.user.id,
  );
  const method = PAY_METHODS.find((m) => m.value === body.method)?.label ?? body.method;
  await raiseNotices(
    tx,
    to.map((userId) => ({
      userId,
      storeId: order.storeId,
      type: NOTICE_TYPE_PAYMENT,
      msgName: `${row?.storeName ?? ''} 订货款到账`,
      content: `订货单 ${order.orderNo} 登记付款 ¥${formatYuan(body.amount)}（${method}），累计已付 ¥${formatYuan(paid)} / 应付 ¥${formatYuan(total)}。`,
      amount: body.amount,
    })),
  );
};

export const payOrder = (db: Db, f: OrderFamily, auth: Auth, body: PayBody, now = new Date()) =>
  db.transaction(async (tx): Promise<{ id: number; paidAmount: number; payStatus: PayStatus }> => {
    const order = await loadOrder(tx, f, auth.scope, body.orderId);
    if (!orderPayable(order.status)) {
      throw new BizError(
        ERR.ORDER_STATE_CHANGED,
        `订单当前为「${orderStatusLabel(order.status)}」，审核通过后才能登记付款`,
      );
    }
    const paidAt = new Date(body.paidAt);
    if (paidAt.getTime() > now.getTime() + 5 * 60_000) throw fieldError('paidAt', '付款时间不能晚于现在');
    const before = await snapshot(tx, f, auth, order.id);
    const rows = await tx
      .update(storeOrder)
      .set({ paidAmount: sql`${storeOrder.paidAmount} + ${body.amount}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(storeOrder.id, order.id),
          inArray(storeOrder.status, [...ORDER_PAYABLE_STATES]),
          sql`${storeOrder.paidAmount} + ${body.amount} <= ${storeOrder.total}`,
        ),
      )
      .returning({ paid: storeOrder.paidAmount, total: storeOrder.total });
    if (rows.length === 0) {
      const [cur] = await tx
        .select({ status: storeOrder.status, paid: storeOrder.paidAmount, total: storeOrder.total })
        .from(storeOrder)
        .where(eq(storeOrder.id, order.id));
      if (cur && !orderPayable(cur.status)) throw stateError(cur.status, '登记付款');
      const owed = cur ? cur.total - cur.paid : 0;
      throw new BizError(ERR.ORDER_OVERPAID, `付款金额超过未付金额：尚欠 ¥${formatYuan(owed)}`, {
        fields: { amount: `最多 ¥${formatYuan(owed)}` },
      });
    }
    const [pay] = await tx
      .insert(storeOrderPayment)
      .values({
        orderId: order.id,
        amount: body.amount,
        method: body.method,
        paidAt,
        voucher: body.voucher || null,
        remark: body.remark || null,
        createdBy: auth.user.id,
      })
      .returning({ id: storeOrderPayment.id });
    await log(tx, f, auth, order.id, 'pay', before, {
      payment: { id: pay!.id, amount: body.amount, method: body.method, paidAt: paidAt.toISOString() },
    });
    const { paid, total } = rows[0]!;
    await noticePayment(tx, auth, order, body, paid, total);
    return { id: pay!.id, paidAmount: paid, payStatus: payStatusOf(total, paid) };
  });

// ---------------------------------------------------------------------------------------------
// The whole order for its detail page.

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export const viewOrder = async (db: Db, f: OrderFamily, auth: Auth, id: number): Promise<StoreOrderView> => {
  const [o] = await db
    .select({
      id: storeOrder.id,
      orderNo: storeOrder.orderNo,
      storeId: storeOrder.storeId,
      storeCode: store.code,
      storeName: store.name,
      ownership: store.ownership,
      regionName: region.name,
      kind: storeOrder.kind,
      status: storeOrder.status,
      total: storeOrder.total,
      paidAmount: storeOrder.paidAmount,
      remark: storeOrder.remark,
      rejectReason: storeOrder.rejectReason,
      receiveNote: storeOrder.receiveNote,
      createdBy: storeOrder.createdBy,
      createdAt: storeOrder.createdAt,
      approvedBy: storeOrder.approvedBy,
      approvedAt: storeOrder.approvedAt,
      rejectedBy: storeOrder.rejectedBy,
      rejectedAt: storeOrder.rejectedAt,
      shippedBy: storeOrder.shippedBy,
      shippedAt: storeOrder.shippedAt,
      receivedBy: storeOrder.receivedBy,
      receivedAt: storeOrder.receivedAt,
      withdrawnAt: storeOrder.withdrawnAt,
    })
    .from(storeOrder)
    .innerJoin(store, eq(store.id, storeOrder.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(eq(storeOrder.id, id), familyWhere(f), storeScopeFilter(auth.scope, storeOrder.storeId)));
  if (!o) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);

  const lines = (await db
    .select({
      id: storeOrderLine.id,
      line: storeOrderLine.line,
      itemId: sql<number>`coalesce(${storeOrderLine.productId}, ${storeOrderLine.materialId})`,
      code: sql<string>`coalesce(${product.code}, ${material.code})`,
      name: sql<string>`coalesce(${product.name}, ${material.name})`,
      spec: sql<string | null>`coalesce(${product.spec}, ${material.spec})`,
      unit: sql<string>`coalesce(${product.unit}, ${material.unit})`,
      quantity: storeOrderLine.quantity,
      unitPrice: storeOrderLine.unitPrice,
      amount: storeOrderLine.amount,
      receivedQty: storeOrderLine.receivedQty,
      projects: sql<string | null>`(select string_agg(j.name, '、' order by j.code) from project_product pp
        join project j on j.id = pp.project_id where pp.product_id = ${storeOrderLine.productId})`,
    })
    .from(storeOrderLine)
    .leftJoin(product, eq(product.id, storeOrderLine.productId))
    .leftJoin(material, eq(material.id, storeOrderLine.materialId))
    .where(eq(storeOrderLine.orderId, id))
    .orderBy(asc(storeOrderLine.line))) as StoreOrderLine[];

  const payments = await db
    .select({
      id: storeOrderPayment.id,
      amount: storeOrderPayment.amount,
      method: storeOrderPayment.method,
      paidAt: storeOrderPayment.paidAt,
      voucher: storeOrderPayment.voucher,
      remark: storeOrderPayment.remark,
      recordedBy: userAccount.nickname,
      createdAt: storeOrderPayment.createdAt,
    })
    .from(storeOrderPayment)
    .leftJoin(userAccount, eq(userAccount.id, storeOrderPayment.createdBy))
    .where(eq(storeOrderPayment.orderId, id))
    .orderBy(asc(storeOrderPayment.paidAt), asc(storeOrderPayment.id));

  const people = [o.createdBy, o.approvedBy, o.rejectedBy, o.shippedBy, o.receivedBy].filter(
    (x): x is number => x !== null,
  );
  const names = new Map(
    people.length
      ? (
          await db
            .select({ id: userAccount.id, name: userAccount.nickname })
            .from(userAccount)
            .where(inArray(userAccount.id, [...new Set(people)]))
        ).map((u) => [u.id, u.name])
      : [],
  );
  const by = (uid: number | null) => (uid === null ? null : (names.get(uid) ?? null));
  const steps: StoreOrderStepRow[] = [
    { step: 'submit', label: '提交', at: iso(o.createdAt)!, by: by(o.createdBy), note: o.remark },
  ];
  const add = (step: OrderStep, at: Date | string | null, who: number | null, note: string | null = null) => {
    if (at !== null) steps.push({ step, label: ORDER_STEPS[step].label, at: iso(at)!, by: by(who), note });
  };
  add('approve', o.approvedAt, o.approvedBy);
  add('reject', o.rejectedAt, o.rejectedBy, o.rejectReason);
  add('withdraw', o.withdrawnAt, o.createdBy);
  add('ship', o.shippedAt, o.shippedBy);
  add('receive', o.receivedAt, o.receivedBy, o.receiveNote);

  return {
    order: {
      id: o.id,
      orderNo: o.orderNo,
      storeId: o.storeId,
      storeCode: o.storeCode,
      storeName: o.storeName,
      ownership: o.ownership as 'direct' | 'franchise',
      regionName: o.regionName,
      kind: o.kind as OrderKind,
      status: o.status as OrderStatus,
      total: o.total,
      paidAmount: o.paidAmount,
      payStatus: payStatusOf(o.total, o.paidAmount),
      remark: o.remark,
      rejectReason: o.rejectReason,
      submitterName: by(o.createdBy),
      createdAt: iso(o.createdAt)!,
    },
    mine: o.createdBy !== null && o.createdBy === auth.user.id,
    lines,
    steps,
    payments: payments.map((p) => ({
      ...p,
      method: p.method as StoreOrderPayment['method'],
      paidAt: iso(p.paidAt)!,
      createdAt: iso(p.createdAt)!,
    })),
  };
};
