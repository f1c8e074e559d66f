/**
 * The inventory reports' figures on the demo data, each against an independent reading of its
 * facts: in-transit stock from the shipped orders' lines, every movement of a period, the
 * balance as of a day from the movements themselves, the stock's cost computed here from the
 * stock and the prices.
 */
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import type { AnyReport, ReportRow } from '@zb/contract/report/define';
import { STOCK_BALANCE, STOCK_COST, STOCK_IN_TRANSIT, STOCK_MOVEMENTS } from '@zb/contract/reports/stock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../seed/generate';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

interface Page {
  list: ReportRow[];
  total: number;
  totals?: ReportRow;
  groupBy?: string;
}

const list = async (decl: AnyReport, query: Record<string, string | number>): Promise<Page> => {
  const res = await admin.call(reportApi(decl).list, { query });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as Page;
};

/** Every row of the result, a hundred at a time. */
const all = async (decl: AnyReport, query: Record<string, string | number>): Promise<Page> => {
  const first = await list(decl, { ...query, pageSize: 100 });
  const rows = [...first.list];
  for (let p = 2; rows.length < first.total; p++)
    rows.push(...(await list(decl, { ...query, pageSize: 100, pageNo: p })).list);
  return { ...first, list: rows };
};

const raw = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(q));

/** The Beijing day, `days` from today. */
const beijingDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

const sum = (rows: ReportRow[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

describe('门店在途库存 /stockList', () => {
  it('holds each store’s shipped, not yet received product lines, by store and product', async () => {
    const facts = await raw<{ s: number; p: number; q: number; a: number; n: number }>(sql`
      select o.store_id as s, l.product_id as p, sum(l.quantity)::int as q, sum(l.amount)::int as a,
        count(distinct o.id)::int as n
      from store_order o join store_order_line l on l.order_id = o.id
      where o.status = 'shipped' and l.product_id is not null group by 1, 2`);
    expect(facts.length, 'the demo has orders in transit').toBeGreaterThan(0);
    const page = await all(STOCK_IN_TRANSIT, {});
    expect(page.total).toBe(facts.length);
    const byKey = new Map(page.list.map((r) => [`${r.storeId}:${r.productId}`, r]));
    for (const f of facts) {
      const r = byKey.get(`${f.s}:${f.p}`);
      expect(r, `${f.s}:${f.p}`).toBeDefined();
      expect([r!.quantity, r!.amount, r!.orders]).toEqual([Number(f.q), Number(f.a), Number(f.n)]);
    }
    const [whole] = await raw<{ q: number; a: number; n: number }>(sql`
      select sum(l.quantity)::int as q, sum(l.amount)::int as a, count(distinct o.id)::int as n
      from store_order o join store_order_line l on l.order_id = o.id
      where o.status = 'shipped' and l.product_id is not null`);
    expect(page.totals).toEqual({ quantity: Number(whole!.q), amount: Number(whole!.a), orders: Number(whole!.n) });
    // By store: the same totals, a row per store with orders in transit.
    const byStore = await all(STOCK_IN_TRANSIT, { groupBy: 'store' });
    expect(byStore.groupBy).toBe('store');
    expect(byStore.total).toBe(new Set(facts.map((f) => f.s)).size);
    expect(sum(byStore.list, 'amount')).toBe(Number(whole!.a));
    expect(byStore.totals).toEqual(page.totals);
  });
});

describe('门店出入库明细 /stockDetail', () => {
  it('lists every movement of the period with its totals', async () => {
    const from = beijingDay(-60);
    const to = beijingDay();
    const [facts] = await raw<{ n: number; i: number; o: number }>(sql`
      select count(*)::int as n, coalesce(sum(greatest(quantity, 0)), 0)::int as i,
        coalesce(sum(greatest(-quantity, 0)), 0)::int as o
      from stock_movement
      where created_at >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
        and created_at < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
    expect(Number(facts!.n), 'the demo has movements in the last 60 days').toBeGreaterThan(0);
    const page = await list(STOCK_MOVEMENTS, { periodFrom: from, periodTo: to, pageSize: 20 });
    expect(page.total).toBe(Number(facts!.n));
    expect(page.totals).toEqual({ inQty: Number(facts!.i), outQty: Number(facts!.o) });
    // The newest first, as the facts order them (the id breaking ties).
    const newest = await raw<{ q: number; b: number }>(sql`
      select quantity as q, balance_after as b from stock_movement
      where created_at >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
        and created_at < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'
      order by created_at desc, id asc limit 20`);
    expect(page.list.map((r) => [Number(r.inQty) - Number(r.outQty), r.balanceAfter])).toEqual(
      newest.map((m) => [m.q, m.b]),
    );
  });
});

describe('库存结存 /stockBalance', () => {
  it('ends today at the stock the stores hold, and every movement is in the balance (a ledger)', async () => {
    const stock = await raw<{ s: number; p: number; q: number; m: number }>(sql`
      select s.store_id as s, s.product_id as p, s.quantity as q,
        (select coalesce(sum(m.quantity), 0)::int from stock_movement m
          where m.store_id = s.store_id and m.product_id = s.product_id) as m
      from store_stock s`);
    // Store stock changes only through movements: the balance is their sum.
    for (const r of stock) expect(Number(r.m), `${r.s}:${r.p}`).toBe(r.q);
    const page = await all(STOCK_BALANCE, { periodFrom: beijingDay(-30), periodTo: beijingDay() });
    expect(page.total).toBe(stock.length);
    const byKey = new Map(page.list.map((r) => [`${r.storeId}:${r.productId}`, r]));
    for (const r of stock) expect(byKey.get(`${r.s}:${r.p}`)?.closing, `${r.s}:${r.p}`).toBe(r.q);
  });

  it('as of an earlier day, is the sum of the movements up to it; opening + in − out = closing', async () => {
    const from = beijingDay(-40);
    const to = beijingDay(-10);
    const facts = await raw<{ s: number; p: number; open: number; i: number; o: number; close: number }>(sql`
      with b as (select (${from}::date)::timestamp at time zone 'Asia/Shanghai' as a,
                        (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai' as z)
      select s.store_id as s, s.product_id as p,
        coalesce(sum(m.quantity) filter (where m.created_at < b.a), 0)::int as open,
        coalesce(sum(m.quantity) filter (where m.created_at >= b.a and m.created_at < b.z and m.quantity > 0), 0)::int as i,
        coalesce(-sum(m.quantity) filter (where m.created_at >= b.a and m.created_at < b.z and m.quantity < 0), 0)::int as o,
        coalesce(sum(m.quantity) filter (where m.created_at < b.z), 0)::int as close
      from store_stock s cross join b
      left join stock_movement m on m.store_id = s.store_id and m.product_id = s.product_id
      group by s.store_id, s.product_id`);
    const page = await all(STOCK_BALANCE, { periodFrom: from, periodTo: to });
    const byKey = new Map(page.list.map((r) => [`${r.storeId}:${r.productId}`, r]));
    let moved = 0;
    for (const f of facts) {
      const r = byKey.get(`${f.s}:${f.p}`)!;
      expect([r.opening, r.inQty, r.outQty, r.closing], `${f.s}:${f.p}`).toEqual([f.open, f.i, f.o, f.close]);
      expect(Number(r.opening) + Number(r.inQty) - Number(r.outQty)).toBe(r.closing);
      if (f.i || f.o) moved++;
    }
    expect(moved, 'some stock moved in the period').toBeGreaterThan(0);
    for (const k of ['opening', 'inQty', 'outQty', 'closing']) expect(page.totals?.[k], k).toBe(sum(page.list, k));
    // By product: each product's balance across the stores.
    const byProduct = await all(STOCK_BALANCE, { periodFrom: from, periodTo: to, groupBy: 'product' });
    expect(byProduct.total).toBe(new Set(facts.map((f) => f.p)).size);
    expect(byProduct.totals).toEqual(page.totals);
  });
});

describe('库存成本 /stockCost', () => {
  it('values each store’s stock at cost and retail price, by the base unit', async () => {
    const stock = await raw<{
      s: number;
      q: number;
      cost: number;
      retail: number;
      ml: number | null;
      type: number | null;
    }>(
      sql`select s.store_id as s, s.quantity as q, p.cost_price as cost, p.retail_price as retail,
          p.ml_per_unit as ml, p.online_type_id as type
        from store_stock s join product p on p.id = s.product_id where s.quantity > 0`,
    );
    const byStore = new Map<number, { cost: number; retail: number; n: number }>();
    for (const r of stock) {
      const x = byStore.get(r.s) ?? { cost: 0, retail: 0, n: 0 };
      x.cost += Math.round((r.q * r.cost) / (r.ml ?? 1));
      x.retail += Math.round((r.q * r.retail) / (r.ml ?? 1));
      x.n++;
      byStore.set(r.s, x);
    }
    const page = await all(STOCK_COST, {});
    expect(page.total).toBe(byStore.size);
    for (const r of page.list) {
      const x = byStore.get(Number(r.storeId))!;
      expect([r.costAmount, r.retailAmount, r.products]).toEqual([x.cost, x.retail, x.n]);
      expect(r.costRate).toBe(Math.round((x.cost * 10000) / x.retail));
    }
    const cost = [...byStore.values()].reduce((s, x) => s + x.cost, 0);
    const retail = [...byStore.values()].reduce((s, x) => s + x.retail, 0);
    // The rate of the totals is recomputed from them, never added up.
    expect(page.totals).toEqual({
      products: new Set(
        (await raw<{ p: number }>(sql`select distinct product_id as p from store_stock where quantity > 0`)).map(
          (r) => r.p,
        ),
      ).size,
      costAmount: cost,
      retailAmount: retail,
      costRate: Math.round((cost * 10000) / retail),
    });
  });
});
