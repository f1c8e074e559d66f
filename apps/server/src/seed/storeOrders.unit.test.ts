/** The store-order planner: deterministic, consistent money and states, stock balances in order. */
import { describe, expect, it } from 'vitest';
import { type PlanOptions, planStoreOrders, storeOrderPlanner } from './storeOrders';
import { prng } from './stores';

const DAY = 86_400_000;
const to = new Date('2026-11-21T15:59:59.999Z'); // the end of 2026-11-21 in Beijing
const options: PlanOptions = {
  stores: [
    { id: 1, ownership: 'direct', openDate: '2018-05-01', status: 'open' },
    { id: 2, ownership: 'franchise', openDate: '2020-01-10', status: 'open' },
    { id: 3, ownership: 'franchise', openDate: '2026-06-15', status: 'open' },
    { id: 4, ownership: 'direct', openDate: '2019-03-01', status: 'preparing' },
    // More stores, so a month holds enough orders for every state.
    ...Array.from({ length: 10 }, (_, i) => ({
      id: 5 + i,
      ownership: i % 2 ? 'franchise' : 'direct',
      openDate: '2017-03-01',
      status: 'open',
    })),
  ],
  products: [
    { id: 10, costPrice: 4200, mlPerUnit: 500 },
    { id: 11, costPrice: 2000, mlPerUnit: null },
    { id: 12, costPrice: 9600, mlPerUnit: 60 },
    { id: 13, costPrice: 500, mlPerUnit: null },
    { id: 14, costPrice: 3100, mlPerUnit: 300 },
    { id: 15, costPrice: 1500, mlPerUnit: null },
  ],
  materials: [
    { id: 100, price: 1200 },
    { id: 101, price: 350 },
  ],
  from: new Date(to.getTime() - 365 * DAY),
  to,
  goodsPerMonth: [2, 3],
  aestheticChance: 0.5,
  materialChance: 0.4,
  users: { store: 7, hq: 8 },
};

const plan = planStoreOrders(prng(42), options);
/** Node 20 has no Map.groupBy. */
const groupBy = <T>(rows: readonly T[], key: (r: T) => number): Map<number, T[]> => {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
};

const ml = new Map(options.products.map((p) => [p.id, p.mlPerUnit]));

describe('planStoreOrders', () => {
  it('is deterministic for a given seed, and the months streamed add up to the whole plan', () => {
    expect(JSON.stringify(planStoreOrders(prng(42), options))).toBe(JSON.stringify(plan));
    expect(JSON.stringify(planStoreOrders(prng(43), options))).not.toBe(JSON.stringify(plan));
    const planner = storeOrderPlanner(prng(42), options);
    const months = [...planner.months()];
    expect(months.map((m) => m.month)).toEqual([
      '2025-11',
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    expect(months.flatMap((m) => m.orders)).toEqual(plan.orders);
    expect(months.flatMap((m) => m.movements)).toEqual(plan.movements);
    expect(planner.balances()).toEqual(plan.balances);
  });

  it('plans a year of orders in every state and kind, for the stores that order', () => {
    expect(plan.orders.length).toBeGreaterThan(400);
    expect(new Set(plan.orders.map((o) => o.status))).toEqual(
      new Set(['submitted', 'approved', 'shipped', 'received', 'rejected', 'withdrawn']),
    );
    expect(new Set(plan.orders.map((o) => o.kind))).toEqual(new Set(['goods', 'aesthetic', 'material']));
    expect(plan.orders.some((o) => o.storeId === 4)).toBe(false); // still being set up
    const opened = Date.parse('2026-06-01T00:00:00+08:00');
    expect(plan.orders.filter((o) => o.storeId === 3).every((o) => +o.createdAt! >= opened)).toBe(true);
    for (const o of plan.orders) {
      expect(+o.createdAt!).toBeGreaterThanOrEqual(+options.from);
      expect(+o.updatedAt!).toBeLessThanOrEqual(+to);
    }
  });

  it('numbers orders DH + Beijing day + a sequence from 0001 per day, unique, ids rising with time', () => {
    const nos = plan.orders.map((o) => o.orderNo);
    expect(new Set(nos).size).toBe(nos.length);
    for (const o of plan.orders) {
      const day = new Date(+o.createdAt! + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
      expect(o.orderNo).toMatch(new RegExp(`^DH${day}\\d{4}$`));
    }
    const firsts = plan.orders.filter((o) => o.orderNo.endsWith('0001')).length;
    const days = new Set(plan.orders.map((o) => o.orderNo.slice(2, 10))).size;
    expect(firsts).toBe(days);
    const ids = plan.orders.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(plan.orders.map((o) => +o.createdAt!)).toEqual(plan.orders.map((o) => +o.createdAt!).sort((a, b) => a - b));
  });

  it('keeps money consistent: line amounts, totals, payments never above the total, franchise orders paid before shipping', () => {
    const linesOf = groupBy(plan.lines, (l) => l.orderId);
    const paysOf = groupBy(plan.payments, (p) => p.orderId);
    for (const o of plan.orders) {
      const lines = linesOf.get(o.id) ?? [];
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(l.amount).toBe(l.quantity * l.unitPrice);
      expect(o.total).toBe(lines.reduce((s, l) => s + l.amount, 0));
      const paid = (paysOf.get(o.id) ?? []).reduce((s, p) => s + p.amount, 0);
      expect(o.paidAmount).toBe(paid);
      expect(paid).toBeLessThanOrEqual(o.total);
      if (['rejected', 'withdrawn', 'submitted'].includes(o.status!)) expect(paid).toBe(0);
      const franchise = options.stores.find((s) => s.id === o.storeId)!.ownership === 'franchise';
      if (franchise && ['shipped', 'received'].includes(o.status!)) {
        expect(paid).toBe(o.total);
        for (const p of paysOf.get(o.id)!) expect(+p.paidAt!).toBeLessThan(+o.shippedAt!);
      }
      if (o.kind === 'material') expect(lines.every((l) => l.materialId !== null && l.productId === null)).toBe(true);
      else expect(lines.every((l) => l.productId !== null && l.materialId === null)).toBe(true);
    }
  });

  it('puts each step after the one before it and stamps only the steps that happened', () => {
    for (const o of plan.orders) {
      const times = [o.createdAt, o.approvedAt, o.shippedAt, o.receivedAt].filter(Boolean).map(Number);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(!!o.approvedAt).toBe(['approved', 'shipped', 'received'].includes(o.status!));
      expect(!!o.shippedAt).toBe(['shipped', 'received'].includes(o.status!));
      expect(!!o.receivedAt).toBe(o.status === 'received');
      expect(!!o.rejectReason).toBe(o.status === 'rejected');
    }
  });

  it('writes a movement per received goods line in base units, in time order, with the running balance', () => {
    const received = new Map<number, number>();
    for (const o of plan.orders.filter((x) => x.status === 'received' && x.kind !== 'material')) {
      for (const l of plan.lines.filter((x) => x.orderId === o.id)) {
        const base = l.receivedQty! * (ml.get(l.productId!) ?? 1);
        if (base > 0) received.set(o.id, (received.get(o.id) ?? 0) + base);
      }
    }
    const moved = new Map<number, number>();
    for (const m of plan.movements) moved.set(m.refId, (moved.get(m.refId) ?? 0) + m.quantity);
    expect(moved).toEqual(received);
    const materialIds = new Set(plan.orders.filter((o) => o.kind === 'material').map((o) => o.id));
    expect(plan.movements.some((m) => materialIds.has(m.refId))).toBe(false);

    const times = plan.movements.map((m) => +m.createdAt!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const running = new Map<string, number>();
    for (const m of plan.movements) {
      const key = `${m.storeId}:${m.productId}`;
      running.set(key, (running.get(key) ?? 0) + m.quantity);
      expect(m.balanceAfter).toBe(running.get(key));
      expect(m).toMatchObject({ kind: 'orderReceive', refType: 'store_order' });
    }
    expect(new Map(plan.balances.map((b) => [`${b.storeId}:${b.productId}`, b.quantity]))).toEqual(running);
  });
});
