/**
 * The report engine on a declaration of its own (registered by this test only) over the stock
 * movements, for what the inventory reports do not use: period buckets, the previous period and
 * growth, min/max, distinct counts recounted for the totals, a ratio's total recomputed, the
 * chart in time order, the compiled statement's scope, an ungrouped grouping with the binding's
 * own totals (/stockBalance's); and a binding's mistakes refused at start-up.
 */
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import { defineReport } from '@zb/contract/report/define';
import { STOCK_MOVEMENT_KINDS } from '@zb/contract/stock';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockBalanceBinding } from '../../modules/stock/reports';
import { stockMovement } from '../../modules/stock/schema';
import { region, store } from '../../modules/stores/schema';
import { rowsOf } from '../../seed/generate';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { HQ_SCOPE } from '../scope';
import { bindReport, bucketOf } from './binding';
import { previousPeriod, reportStatement, resolve } from './query';
import { registerReport } from './register';

const MOVES = defineReport({
  name: 'engineTestMoves',
  title: '引擎测试：库存流水',
  page: '/stockDetail',
  api: '/rest/test/report/moves',
  kind: 'summary',
  dimensions: {
    month: { label: '月份', type: 'date', bucket: 'month' },
    storeId: { label: '门店ID', type: 'int', hidden: true },
    storeName: { label: '门店', type: 'text' },
    kind: { label: '类型', type: 'enum', options: STOCK_MOVEMENT_KINDS },
  },
  measures: {
    inQty: { label: '入库', type: 'int', agg: 'sum' },
    outQty: { label: '出库', type: 'int', agg: 'sum' },
    moves: { label: '笔数', type: 'int', agg: 'count' },
    products: { label: '商品数', type: 'int', agg: 'countDistinct' },
    biggest: { label: '最大一笔', type: 'int', agg: 'max' },
    smallest: { label: '最小一笔', type: 'int', agg: 'min' },
    outShare: { label: '出入比', type: 'percent', agg: 'ratio', of: { num: 'outQty', den: 'inQty' } },
    prevIn: { label: '上期入库', type: 'int', agg: 'previous', of: 'inQty' },
    inGrowth: { label: '入库增长', type: 'percent', agg: 'growth', of: 'inQty' },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
    { key: 'storeKind', label: '按门店和类型', dims: ['storeId', 'storeName', 'kind'] },
  ],
  filters: {
    period: { label: '日期', type: 'date', filter: 'range', period: true, required: true },
    storeId: { label: '门店', type: 'int', filter: 'eq', picker: 'store' },
  },
  defaultSort: { field: 'inQty', dir: 'desc' },
  totals: true,
  chart: { type: 'line', x: 'month', series: ['inQty'] },
  source: '库存流水（测试）',
});

const movesBinding = bindReport({
  decl: MOVES,
  from: stockMovement,
  joins: [{ table: store, on: eq(store.id, stockMovement.storeId) }],
  dims: { month: bucketOf(stockMovement.createdAt, 'month'), storeName: store.name },
  measures: {
    inQty: sql`coalesce(sum(greatest(${stockMovement.quantity}, 0)), 0)`,
    outQty: sql`coalesce(sum(greatest(-${stockMovement.quantity}, 0)), 0)`,
    moves: sql`count(*)`,
    products: sql`count(distinct ${stockMovement.productId})`,
    biggest: sql`max(${stockMovement.quantity})`,
    smallest: sql`min(${stockMovement.quantity})`,
  },
  filters: { period: { instant: stockMovement.createdAt } },
  scope: { store: stockMovement.storeId },
});

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ extend: (app) => registerReport(app, movesBinding) });
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

type Row = Record<string, number | string | null>;
interface Page {
  list: Row[];
  total: number;
  totals: Row;
  groupBy: string;
}

const list = async (query: Record<string, string | number>): Promise<Page> => {
  const res = await admin.call(reportApi(MOVES).list, { query: query as never });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as Page;
};

const beijingDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Received quantity per store over [from, to] (Beijing days), read straight from the facts. */
const inByStore = async (from: string, to: string) =>
  new Map(
    rowsOf<{ s: number; q: number }>(
      await t.db.execute(sql`select store_id as s, sum(greatest(quantity, 0))::int as q from stock_movement
        where created_at >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
          and created_at < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai' group by 1`),
    ).map((r) => [r.s, Number(r.q)]),
  );

describe('previous period and growth', () => {
  it('the previous period is the one just before, of the same length', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2026-11-25', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
  });

  it('compares each store with its own previous period; the totals with the whole previous period', async () => {
    const from = beijingDay(-29);
    const to = beijingDay();
    const prev = previousPeriod(from, to);
    const now = await inByStore(from, to);
    const before = await inByStore(prev.from, prev.to);
    expect(before.size, 'the demo has movements in the previous 30 days').toBeGreaterThan(0);
    const page = await list({ periodFrom: from, periodTo: to, groupBy: 'store', pageSize: 100 });
    expect(page.total).toBe(now.size);
    for (const r of page.list) {
      const cur = now.get(Number(r.storeId))!;
      const p = before.get(Number(r.storeId));
      expect(r.inQty).toBe(cur);
      expect(r.prevIn).toBe(p ?? null);
      expect(r.inGrowth).toBe(p ? Math.round(((cur - p) * 10000) / p) : null);
    }
    const prevTotal = [...before.values()].reduce((s, v) => s + v, 0);
    const curTotal = [...now.values()].reduce((s, v) => s + v, 0);
    expect(page.totals.prevIn).toBe(prevTotal);
    expect(page.totals.inGrowth).toBe(prevTotal ? Math.round(((curTotal - prevTotal) * 10000) / prevTotal) : null);
  });

  it('is not compared within a period bucket (a month’s row has no previous month here)', async () => {
    const page = await list({ periodFrom: beijingDay(-200), periodTo: beijingDay(), groupBy: 'month', pageSize: 100 });
    expect(page.list.length).toBeGreaterThan(1);
    for (const r of page.list) {
      expect(r.prevIn).toBeNull();
      expect(r.month).toMatch(/^\d{4}-\d{2}-01$/);
    }
  });
});

describe('aggregates and totals', () => {
  it('recounts distinct counts and takes min/max over everything; a ratio’s total from the totals', async () => {
    const from = beijingDay(-90);
    const to = beijingDay();
    const page = await list({ periodFrom: from, periodTo: to, groupBy: 'storeKind', pageSize: 100 });
    const [facts] = rowsOf<{ p: number; hi: number; lo: number; n: number; i: number; o: number }>(
      await t.db.execute(sql`select count(distinct product_id)::int as p, max(quantity) as hi, min(quantity) as lo,
        count(*)::int as n, sum(greatest(quantity, 0))::int as i, sum(greatest(-quantity, 0))::int as o from stock_movement
        where created_at >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
          and created_at < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`),
    );
    expect(page.totals.products).toBe(facts!.p);
    expect(page.totals.biggest).toBe(facts!.hi);
    expect(page.totals.smallest).toBe(facts!.lo);
    expect(page.totals.moves).toBe(facts!.n);
    expect(page.totals.outShare).toBe(Math.round((Number(facts!.o) * 10000) / Number(facts!.i)));
    // The groups' distinct counts add up to more than the whole's: a product moves in many stores.
    expect(page.list.reduce((s, r) => s + Number(r.products), 0)).toBeGreaterThan(facts!.p);
    for (const r of page.list) {
      expect(r.outShare).toBe(Number(r.inQty) ? Math.round((Number(r.outQty) * 10000) / Number(r.inQty)) : null);
    }
  });

  it('answers an empty result with zero totals and no rows', async () => {
    const page = await list({ periodFrom: '2000-01-01', periodTo: '2000-01-31', groupBy: 'store' });
    expect(page).toMatchObject({ list: [], total: 0 });
    expect(page.totals).toMatchObject({ inQty: 0, moves: 0, products: 0, biggest: null, outShare: null, prevIn: 0 });
  });

  it('draws the chart in time order, every row of the result', async () => {
    const q = { periodFrom: beijingDay(-200), periodTo: beijingDay(), groupBy: 'month' };
    const chart = await list({ ...q, chart: '1', sortBy: 'inQty', sortDir: 'desc' });
    const months = chart.list.map((r) => String(r.month));
    expect(months).toEqual([...months].sort());
    expect(chart.list.length).toBe(chart.total);
  });

  it('refuses a period longer than two years, or ending before it starts', async () => {
    for (const query of [
      { periodFrom: '2020-01-01', periodTo: '2026-01-01' },
      { periodFrom: '2026-02-01', periodTo: '2026-01-01' },
    ]) {
      const res = await admin.call(reportApi(MOVES).list, { query: query as never });
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    }
  });
});

describe('the compiled statement', () => {
  it('is one statement with the scope’s condition, the filters as parameters, the page after the totals', async () => {
    const q = {
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
      storeId: 3,
      pageNo: 2,
      pageSize: 10,
      groupBy: 'store',
    };
    const hq = reportStatement(t.db, movesBinding, HQ_SCOPE, q);
    const [east] = await t.db.select({ id: region.id }).from(region).where(eq(region.name, '华东大区'));
    const regional = reportStatement(t.db, movesBinding, { level: 'region', regionIds: [east!.id] }, q);
    expect(hq.sql).not.toContain('"region_id"');
    expect(regional.sql).toContain('"region_id"');
    expect(hq.sql).toContain('group by');
    expect(hq.sql).toContain('left join lateral');
    expect(hq.sql).not.toContain('2026-01-01');
    expect(hq.values).toMatchObject({ periodFrom: '2026-01-01', storeId: 3, 'limit:': 10, 'offset:': 10 });
  });

  it('pages an ungrouped grouping’s rows as they come, with the binding’s own totals read from no group', () => {
    const month = { periodFrom: '2026-01-01', periodTo: '2026-01-31', pageNo: 1, pageSize: 10 };
    const ungrouped = reportStatement(t.db, stockBalanceBinding, HQ_SCOPE, month).sql;
    expect(ungrouped).not.toContain('group by');
    expect(ungrouped).toContain('"stock_store_type"');
    expect(ungrouped).not.toMatch(/from "g"\)/);
    // Grouped, or a shape the rollups cannot total: the engine groups and totals the groups.
    const byProduct = reportStatement(t.db, stockBalanceBinding, HQ_SCOPE, { ...month, groupBy: 'product' }).sql;
    expect(byProduct).toContain('group by');
    expect(byProduct).toContain('"stock_product_total"');
    const oneProduct = reportStatement(t.db, stockBalanceBinding, HQ_SCOPE, { ...month, productId: 1 }).sql;
    expect(oneProduct).toMatch(/from "g"\)/);
  });

  it('refuses a binding that lacks an expression or binds a value in a dimension', () => {
    expect(() => resolve(bindReport({ decl: MOVES, from: stockMovement }))).toThrow(/has no expression/);
    expect(() => resolve(bindReport({ ...movesBinding, ungrouped: ['store'] }))).toThrow(/only a bound query/);
    expect(() =>
      resolve(
        bindReport({
          ...movesBinding,
          dims: { ...movesBinding.dims, storeName: sql`coalesce(${store.name}, ${'无'})` },
        }),
      ),
    ).toThrow(/binds a value/);
  });
});
