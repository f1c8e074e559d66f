/**
 * Demo store orders: a year of orders for the demo stores in every state, their lines, payments
 * and the stock movements their receipts wrote, plus the material catalogue and some old-system
 * records. The planning is a PURE function of a seeded PRNG and its options (no database), month
 * by month, so the large scale can stream it into COPY:
 *
 *   const plan = storeOrderPlanner(rng, { stores, products, materials, from, to });
 *   for (const month of plan.months()) { COPY month.orders, month.lines, month.payments, month.movements }
 *   COPY plan.balances()
 *   then set the identity sequences of store_order, store_order_line and store_order_payment
 *   (setOrderSequences) — the planner writes the ids itself.
 *
 * Row objects are the drizzle insert shapes of the tables (camelCase keys); stock movements come
 * in the order they happened, each with the store's balance after it, so they are inserted in
 * that order (stock_movement ids are the database's). Order numbers are DH + the Beijing day +
 * the day's sequence, as the service numbers them.
 */
import { and, asc, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { product } from '../modules/goods/schema';
import { rebuildStockRollups } from '../modules/stock/rollups';
import { stockMovement, storeStock } from '../modules/stock/schema';
import {
  legacyStoreOrder,
  material,
  storeOrder,
  storeOrderLine,
  storeOrderPayment,
} from '../modules/storeOrders/schema';
import { store } from '../modules/stores/schema';
import type { Scale } from './scale';
import { prng } from './stores';

type Rng = ReturnType<typeof prng>;

export type OrderRow = typeof storeOrder.$inferInsert & { id: number };
export type LineRow = typeof storeOrderLine.$inferInsert & { id: number };
export type PaymentRow = typeof storeOrderPayment.$inferInsert & { id: number };
export type MovementRow = typeof stockMovement.$inferInsert;
export type BalanceRow = { storeId: number; productId: number; quantity: number };

export interface PlanStore {
  id: number;
  ownership: string;
  /** YYYY-MM-DD; a store orders from the month it opened. */
  openDate?: string | null;
  /** closed stores stopped ordering a few months before `to`; preparing ones order nothing yet. */
  status?: string;
}

export interface PlanProduct {
  id: number;
  costPrice: number;
  mlPerUnit: number | null;
}

export interface PlanMaterial {
  id: number;
  price: number;
}

export interface PlanOptions {
  stores: readonly PlanStore[];
  products: readonly PlanProduct[];
  materials?: readonly PlanMaterial[];
  from: Date;
  to: Date;
  /** Goods orders per store and month (inclusive range); default [1, 2]. */
  goodsPerMonth?: readonly [number, number];
  /** Chance per store and month of a 美业产品 order, and of a material order. */
  aestheticChance?: number;
  materialChance?: number;
  /** Lines per goods order (inclusive range); default [2, 6]. */
  linesPerOrder?: readonly [number, number];
  /** Who submitted and received (the store's account), who approved and shipped (headquarters). */
  users?: { store: number | null; hq: number | null };
  /** First ids to hand out (default 1). */
  firstIds?: { order?: number; line?: number; payment?: number };
}

export interface MonthPlan {
  /** YYYY-MM (Beijing). */
  month: string;
  orders: OrderRow[];
  lines: LineRow[];
  payments: PaymentRow[];
  /** The receipts that happened in this month, in order, with balances. */
  movements: MovementRow[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

const REMARKS = ['月度常规订货', '周末活动备货', '新品上架', '节日促销备货', '补货', null, null, null, null, null];
const REJECT_REASONS = ['超出本月订货额度', '商品规格有误，请重新提交', '库存调配中，请下月再订', '重复下单'];
const METHODS = ['transfer', 'transfer', 'transfer', 'wechat', 'alipay'] as const;

/** The Beijing calendar month [start, end) containing `t`, as instants. */
const monthOf = (t: number) => {
  const d = new Date(t + BEIJING);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return {
    key: `${y}-${String(m + 1).padStart(2, '0')}`,
    start: Date.UTC(y, m, 1) - BEIJING,
    end: Date.UTC(y, m + 1, 1) - BEIJING,
    days: new Date(Date.UTC(y, m + 1, 0)).getUTCDate(),
  };
};

const dayKey = (t: number) => new Date(t + BEIJING).toISOString().slice(0, 10).replaceAll('-', '');

/** `n` distinct picks of `list`. */
const sample = <T>(rng: Rng, list: readonly T[], n: number): T[] => {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return out;
};

interface Draft {
  storeId: number;
  franchise: boolean;
  kind: 'goods' | 'aesthetic' | 'material';
  createdAt: number;
}

interface Receipt {
  at: number;
  storeId: number;
  orderId: number;
  orderNo: string;
  lines: { productId: number; base: number }[];
}

/**
 * The planner: `months()` yields one month's rows at a time (streaming), `balances()` answers the
 * store stock after the last month. Deterministic for a given rng state and options.
 */
export const storeOrderPlanner = (rng: Rng, opts: PlanOptions) => {
  const goods = opts.products;
  const professional = goods.filter((p) => p.mlPerUnit !== null);
  const materials = opts.materials ?? [];
  const [gMin, gMax] = opts.goodsPerMonth ?? [1, 2];
  const [lMin, lMax] = opts.linesPerOrder ?? [2, 6];
  const to = opts.to.getTime();
  const from = opts.from.getTime();
  const users = opts.users ?? { store: null, hq: null };
  let orderId = opts.firstIds?.order ?? 1;
  let lineId = opts.firstIds?.line ?? 1;
  let paymentId = opts.firstIds?.payment ?? 1;
  const balance = new Map<string, number>();
  let pending: Receipt[] = [];
  const closedUntil = to - 120 * DAY;

  const draftsOf = (mStart: number, mEnd: number, days: number): Draft[] => {
    const drafts: Draft[] = [];
    const at = () => {
      // A working hour (09:00–19:00 Beijing) of a day of the month; mStart is Beijing midnight.
      const day = rng.int(0, days - 1);
      return mStart + day * DAY + rng.int(9, 18) * HOUR + rng.int(0, 3599) * 1000;
    };
    for (const s of opts.stores) {
      if (s.status === 'preparing') continue;
      if (s.openDate && Date.parse(`${s.openDate}T00:00:00+08:00`) >= mEnd) continue;
      if (s.status === 'closed' && mStart > closedUntil) continue;
      const franchise = s.ownership === 'franchise';
      const n = rng.int(gMin, gMax);
      for (let i = 0; i < n; i++) drafts.push({ storeId: s.id, franchise, kind: 'goods', createdAt: at() });
      if (professional.length && rng.chance(opts.aestheticChance ?? 0.35)) {
        drafts.push({ storeId: s.id, franchise, kind: 'aesthetic', createdAt: at() });
      }
      if (materials.length && rng.chance(opts.materialChance ?? 0.2)) {
        drafts.push({ storeId: s.id, franchise, kind: 'material', createdAt: at() });
      }
    }
    return drafts
      .filter((d) => d.createdAt >= from && d.createdAt < mEnd && d.createdAt <= to)
      .sort((a, b) => a.createdAt - b.createdAt || a.storeId - b.storeId);
  };

  /** Adds receipts up to `until` to the balances, in time order, as movement rows. */
  const settle = (until: number): MovementRow[] => {
    const due = pending.filter((r) => r.at < until).sort((a, b) => a.at - b.at || a.orderId - b.orderId);
    pending = pending.filter((r) => r.at >= until);
    const rows: MovementRow[] = [];
    for (const r of due) {
      for (const l of r.lines) {
        const key = `${r.storeId}:${l.productId}`;
        const after = (balance.get(key) ?? 0) + l.base;
        balance.set(key, after);
        rows.push({
          storeId: r.storeId,
          productId: l.productId,
          quantity: l.base,
          balanceAfter: after,
          kind: 'orderReceive',
          refType: 'store_order',
          refId: r.orderId,
          note: r.orderNo,
          createdBy: users.store,
          createdAt: new Date(r.at),
        });
      }
    }
    return rows;
  };

  const planOrder = (d: Draft, orderNo: string, month: MonthPlan) => {
    const id = orderId++;
    const created = d.createdAt;
    // When each later step would happen; a step after `to` has not happened yet.
    const approvedAt = created + rng.int(2, 30) * HOUR;
    const shippedAt = approvedAt + rng.int(12, 72) * HOUR;
    const receivedAt = shippedAt + rng.int(24, 96) * HOUR;
    const fate = rng.next();
    const rejected = fate < 0.06;
    const withdrawn = !rejected && fate < 0.09;
    // A backlog: some orders of the last month wait at a step (review, payment, delivery).
    const stallAt = created > to - 30 * DAY && rng.chance(0.3) ? rng.pick(['approve', 'ship', 'receive']) : null;
    const happened = (t: number, step: 'approve' | 'ship' | 'receive') => {
      const order = ['approve', 'ship', 'receive'];
      return t <= to && (stallAt === null || order.indexOf(step) < order.indexOf(stallAt));
    };

    const items =
      d.kind === 'material'
        ? sample(rng, materials, Math.min(materials.length, rng.int(1, 3))).map((m) => ({
            productId: null,
            materialId: m.id,
            price: m.price,
            mlPerUnit: null as number | null, // kept: widens the literal to the other branch's type
          }))
        : sample(rng, d.kind === 'aesthetic' ? professional : goods, rng.int(lMin, lMax)).map((p) => ({
            productId: p.id,
            materialId: null,
            price: p.costPrice,
            mlPerUnit: p.mlPerUnit,
          }));
    const lines: LineRow[] = items.map((it, i) => {
      const quantity = d.kind === 'material' ? rng.int(5, 50) : rng.int(1, 12);
      return {
        id: lineId++,
        orderId: id,
        line: i + 1,
        productId: it.productId,
        materialId: it.materialId,
        quantity,
        unitPrice: it.price,
        amount: quantity * it.price,
        receivedQty: null,
      };
    });
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const order: OrderRow = {
      id,
      orderNo,
      storeId: d.storeId,
      kind: d.kind,
      status: 'submitted',
      total,
      paidAmount: 0,
      remark: rng.pick(REMARKS),
      createdBy: users.store,
      createdAt: new Date(created),
      updatedAt: new Date(created),
    };
    const stepAt = (t: number) => {
      order.updatedAt = new Date(t);
      return new Date(t);
    };
    const pay = (amount: number, at: number) => {
      if (amount <= 0 || at > to) return;
      month.payments.push({
        id: paymentId++,
        orderId: id,
        amount,
        method: rng.pick(METHODS),
        paidAt: new Date(at),
        voucher: null,
        remark: null,
        createdBy: users.hq,
        createdAt: new Date(at),
      });
      order.paidAmount = (order.paidAmount ?? 0) + amount;
    };

    if (rejected || withdrawn) {
      const endedAt = rejected ? approvedAt : created + rng.int(1, 20) * HOUR;
      const reason = rng.pick(REJECT_REASONS);
      if (endedAt <= to && rejected) {
        order.status = 'rejected';
        order.rejectReason = reason;
        order.rejectedBy = users.hq;
        order.rejectedAt = stepAt(endedAt);
      } else if (endedAt <= to) {
        order.status = 'withdrawn';
        order.withdrawnAt = stepAt(endedAt);
      }
    } else if (happened(approvedAt, 'approve')) {
      order.status = 'approved';
      order.approvedBy = users.hq;
      order.approvedAt = stepAt(approvedAt);
      // A franchise store pays before shipping; a direct store settles after receiving (mostly).
      const paysBeforeShip = d.franchise;
      const ships = happened(shippedAt, 'ship');
      if (paysBeforeShip && ships) pay(total, approvedAt + rng.int(1, 10) * HOUR);
      else if (paysBeforeShip && rng.chance(0.4)) pay(Math.floor(total / 2), approvedAt + HOUR);
      if (ships) {
        order.status = 'shipped';
        order.shippedBy = users.hq;
        order.shippedAt = stepAt(shippedAt);
        if (happened(receivedAt, 'receive')) {
          order.status = 'received';
          order.receivedBy = users.store;
          order.receivedAt = stepAt(receivedAt);
          let short = false;
          for (const l of lines) {
            const miss = rng.chance(0.03) ? 1 : 0;
            l.receivedQty = l.quantity - miss;
            short ||= miss > 0;
          }
          order.receiveNote = short ? '部分商品少到，已联系物流' : null;
          if (!d.franchise && rng.chance(0.8)) pay(total, receivedAt + rng.int(24, 240) * HOUR);
          if (d.kind !== 'material') {
            pending.push({
              at: receivedAt,
              storeId: d.storeId,
              orderId: id,
              orderNo,
              lines: lines
                .map((l, i) => ({
                  productId: l.productId!,
                  base: (l.receivedQty ?? 0) * (items[i]!.mlPerUnit ?? 1),
                }))
                .filter((l) => l.base > 0),
            });
          }
        }
      }
    }
    month.orders.push(order);
    month.lines.push(...lines);
  };

  function* months(): Generator<MonthPlan> {
    for (let m = monthOf(from); m.start <= to; m = monthOf(m.end)) {
      const month: MonthPlan = { month: m.key, orders: [], lines: [], payments: [], movements: [] };
      const perDay = new Map<string, number>();
      for (const d of draftsOf(m.start, m.end, m.days)) {
        const day = dayKey(d.createdAt);
        const seq = (perDay.get(day) ?? 0) + 1;
        perDay.set(day, seq);
        planOrder(d, `DH${day}${String(seq).padStart(4, '0')}`, month);
      }
      month.movements = settle(Math.min(m.end, to + 1));
      yield month;
    }
  }

  const balances = (): BalanceRow[] =>
    [...balance.entries()].map(([key, quantity]) => {
      const [storeId, productId] = key.split(':').map(Number) as [number, number];
      return { storeId, productId, quantity };
    });

  return { months, balances };
};

/** The whole plan at once (the demo scale). */
export const planStoreOrders = (rng: Rng, opts: PlanOptions) => {
  const planner = storeOrderPlanner(rng, opts);
  const out = {
    orders: [] as OrderRow[],
    lines: [] as LineRow[],
    payments: [] as PaymentRow[],
    movements: [] as MovementRow[],
    balances: [] as BalanceRow[],
  };
  for (const m of planner.months()) {
    out.orders.push(...m.orders);
    out.lines.push(...m.lines);
    out.payments.push(...m.payments);
    out.movements.push(...m.movements);
  }
  out.balances = planner.balances();
  return out;
};

// ---------------------------------------------------------------------------------------------
// Old-system records.

export interface LegacyProduct {
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  costPrice: number;
}

/** Orders of the old system, in the year before `before`: completed, some cancelled. */
export const planLegacyOrders = (
  rng: Rng,
  o: { stores: readonly { id: number }[]; products: readonly LegacyProduct[]; count: number; before: Date },
): (typeof legacyStoreOrder.$inferInsert)[] => {
  const end = o.before.getTime();
  const rows: (typeof legacyStoreOrder.$inferInsert)[] = [];
  const perDay = new Map<string, number>();
  const times = Array.from({ length: o.count }, () => end - rng.int(1, 365) * DAY - rng.int(0, 8 * 3600) * 1000).sort(
    (a, b) => a - b,
  );
  for (const at of times) {
    const day = dayKey(at);
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const lines = sample(rng, o.products, rng.int(1, 5)).map((p) => {
      const quantity = rng.int(1, 10);
      return {
        code: p.code,
        name: p.name,
        spec: p.spec,
        unit: p.unit,
        quantity,
        price: p.costPrice,
        amount: quantity * p.costPrice,
      };
    });
    const cancelled = rng.chance(0.08);
    rows.push({
      orderNo: `BP${day}${String(seq).padStart(3, '0')}`,
      storeId: rng.pick(o.stores).id,
      orderedAt: new Date(at),
      status: cancelled ? 'cancelled' : 'completed',
      total: lines.reduce((s, l) => s + l.amount, 0),
      remark: cancelled ? '门店取消' : null,
      lines,
    });
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// The demo writer.

const MATERIALS: readonly [code: string, name: string, spec: string, unit: string, yuan: number][] = [
  ['WL001', '门店形象海报', 'A1 铜版纸', '张', 12],
  ['WL002', '项目价目表', 'A4 亚克力台卡', '个', 28],
  ['WL003', '宣传单页', 'A5 双面 100 张/包', '包', 35],
  ['WL004', '会员卡卡套', '100 个/包', '包', 40],
  ['WL005', '品牌礼品袋', '中号 50 个/包', '包', 60],
  ['WL006', '一次性围布', '100 条/包', '包', 45],
  ['WL007', '护理师工作服', '均码', '套', 120],
  ['WL008', '顾客护理记录本', '50 页', '本', 8],
  ['WL009', '易拉宝展架', '80×200cm', '个', 85],
  ['WL010', '门头灯箱贴', '定制尺寸', '套', 260],
];

const BATCH = 5000;

/**
 * Inserts plain rows in batches, each batch as ONE json parameter expanded by
 * json_populate_recordset: far cheaper to build and parse than thousands of bound values, on
 * PGlite and PostgreSQL alike. Keys are the drizzle field names of the table.
 */
export const insertRows = async (tx: Tx, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> => {
  if (rows.length === 0) return;
  const keys = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => keys.has(key));
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH).map((r) => Object.fromEntries(columns.map(([key, c]) => [c.name, r[key] ?? null]))),
    );
    await tx.execute(
      sql`insert into ${name} (${names}) select ${names} from json_populate_recordset(null::${name}, ${json}::json)`,
    );
  }
};

/** Moves the identity sequences past the ids the planner wrote. */
export const setOrderSequences = async (tx: Tx): Promise<void> => {
  for (const table of ['store_order', 'store_order_line', 'store_order_payment']) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    );
  }
};

export interface HistoryOptions {
  scale: Scale;
  /** The world's seed; the orders draw from a stream of their own derived from it. */
  seed: number;
  /** The history ends the day before this (Beijing). */
  now: Date;
}

/** The history's window: `months` months up to the end of yesterday (Beijing). */
const windowOf = (now: Date, months: number) => {
  const to = new Date(now.getTime() - ((now.getTime() + BEIJING) % DAY) - 1);
  return { to, from: new Date(to.getTime() - Math.round(months * 30.4375) * DAY) };
};

/** What the planner needs from the world: stores, the goods on sale, who acts; inserts the material catalogue. */
const planInputs = async (tx: Tx, o: HistoryOptions) => {
  const rng = prng(o.seed + 100);
  const mats = await tx
    .insert(material)
    .values(MATERIALS.map(([code, name, spec, unit, yuan]) => ({ code, name, spec, unit, price: yuan * 100 })))
    .returning({ id: material.id, price: material.price });
  const stores = await tx
    .select({ id: store.id, ownership: store.ownership, openDate: store.openDate, status: store.status })
    .from(store)
    .orderBy(asc(store.id));
  const products = await tx
    .select({
      id: product.id,
      code: product.code,
      name: product.name,
      spec: product.spec,
      unit: product.unit,
      costPrice: product.costPrice,
      mlPerUnit: product.mlPerUnit,
    })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.id));
  const people = await tx
    .select({ id: userAccount.id, loginName: userAccount.loginName })
    .from(userAccount)
    .where(and(inArray(userAccount.loginName, ['SYYG0001', '13800000001'])));
  const users = {
    store: people.find((p) => p.loginName === 'SYYG0001')?.id ?? null,
    hq: people.find((p) => p.loginName === '13800000001')?.id ?? null,
  };
  const { from, to } = windowOf(o.now, o.scale.orderMonths);
  const options: PlanOptions = {
    stores,
    products,
    materials: mats,
    from,
    to,
    users,
    goodsPerMonth: o.scale.goodsOrdersPerMonth,
    aestheticChance: o.scale.aestheticChance,
    materialChance: o.scale.materialChance,
    linesPerOrder: o.scale.linesPerOrder,
  };
  return { rng, options, legacy: () => planLegacyOrders(rng, { stores, products, count: 60, before: from }) };
};

/**
 * The demo's history inside the world's transaction: about a thousand orders over the year up to
 * yesterday (today's numbers are left to the people using the demo), and the old records.
 */
export const seedStoreOrders = async (tx: Tx, o: HistoryOptions): Promise<void> => {
  const { rng, options, legacy } = await planInputs(tx, o);
  const plan = planStoreOrders(rng, options);
  await insertRows(tx, storeOrder, plan.orders);
  await insertRows(tx, storeOrderLine, plan.lines);
  await insertRows(tx, storeOrderPayment, plan.payments);
  await insertRows(tx, stockMovement, plan.movements);
  await insertRows(
    tx,
    storeStock,
    plan.balances.map((r) => ({ ...r, updatedAt: options.to })),
  );
  // The balances went in past moveStock, which keeps the stock rollups: build them from the facts.
  await rebuildStockRollups(tx);
  await setOrderSequences(tx);
  await insertRows(tx, legacyStoreOrder, legacy());
};

const keysOf = (rows: readonly Record<string, unknown>[]): string[] => [...new Set(rows.flatMap(Object.keys))];

/**
 * The large scale's history after the world's transaction: the planner's months streamed into
 * COPY, a month at a time (memory stays at one month's rows), then the final balances. Answers
 * how many order lines went in.
 */
export const copyStoreOrders = async (handle: DbHandle, o: HistoryOptions): Promise<number> => {
  const { rng, options, legacy } = await handle.db.transaction((tx) => planInputs(tx, o));
  const planner = storeOrderPlanner(rng, options);
  let lines = 0;
  for (const m of planner.months()) {
    if (m.orders.length) await handle.copyIn(storeOrder, keysOf(m.orders), m.orders);
    if (m.lines.length) lines += await handle.copyIn(storeOrderLine, keysOf(m.lines), m.lines);
    if (m.payments.length) await handle.copyIn(storeOrderPayment, keysOf(m.payments), m.payments);
    if (m.movements.length) await handle.copyIn(stockMovement, keysOf(m.movements), m.movements);
  }
  const balances = planner.balances().map((r) => ({ ...r, updatedAt: options.to }));
  if (balances.length) await handle.copyIn(storeStock, keysOf(balances), balances);
  // COPY went past moveStock, which keeps the stock rollups: build them from the facts.
  await rebuildStockRollups(handle);
  await handle.db.transaction(async (tx) => {
    await setOrderSequences(tx);
    await insertRows(tx, legacyStoreOrder, legacy());
  });
  return lines;
};
