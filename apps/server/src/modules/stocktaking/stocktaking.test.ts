/**
 * 盘点通知 at SPEC §7.2's exact paths: a notice to a tree of stores, checked and scoped; the
 * store's POS lists what to count and sends its count through the open API, once; the stock then
 * equals the count through 盘点调整 movements and the lines carry book, counted and difference at
 * cost; a notice with a count can no longer change; a store past the deadline is 已逾期 and the
 * creator is told.
 */
import { type OpenCountAnswer, type OpenStocktake, STOCKTAKE_API } from '@zb/contract/api/stocktaking';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { INVENTORY_DETAIL, INVENTORY_LIST, PROFIT_LOSS_DIFFERENCES } from '@zb/contract/reports/stock';
import { routeByPath } from '@zb/contract/routes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, grantRole } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { notice } from '../notices/schema';
import { stockMovement, storeStock } from '../stock/schema';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused, signInHq } from '../storesMore/testHelpers';
import { stocktakeNotice, stocktakeStore } from './schema';
import { noticeOverdueStocktakes } from './service';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
let bj: number;
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

beforeAll(async () => {
  t = await createTestApp();
  zhang = await signInHq(t);
  // 李强 with a role of 华东大区 holding /inventoryNotice.
  const page = routeByPath('/inventoryNotice')!;
  const { contentRoleId } = await createRole(t.db, {
    code: 'STOCKTAKE_EAST',
    name: '华东盘点',
    contentName: '华东大区',
    codes: [page.group, page.code!, routeByPath('/inventoryList')!.group, routeByPath('/inventoryList')!.code!],
  });
  const [liUser] = await t.db
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, '13800000002'));
  li = await t.signIn('13800000002', 'region123', await grantRole(t.db, liUser!.id, contentRoleId));
  bj = (await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001')))[0]!.id;
}, 180_000);
afterAll(() => t.close());

const pos = <T>(path: string, body: unknown) => openPost<T>(t.app, DEMO_OPEN_KEYS.pos, path, body);

describe('盘点通知', () => {
  let id = 0;

  it('has the demo round: BJ001 counted (its lines at cost, the movements written), the other stores 已逾期', async () => {
    const [n] = await q<{ id: number }>(sql`select id from stocktake_notice where title = '十一月月末盘点'`);
    const detail = okData(await zhang.call(STOCKTAKE_API.getStocktakingMsgDetail, { query: { id: n!.id } as never }));
    expect(detail.status).toBe('overdue');
    const bjRow = detail.stores.find((s) => s.code === 'BJ001')!;
    expect(bjRow.state).toBe('counted');
    expect(detail.stores.filter((s) => s.code !== 'BJ001').every((s) => s.state === 'overdue')).toBe(true);
    expect(bjRow.gainAmount + bjRow.lossAmount).toBe(bjRow.lines.reduce((s, l) => s + l.diffAmount, 0));
    const [moved] = await q<{ n: number }>(sql`select coalesce(sum(quantity), 0)::int as n from stock_movement
      where ref_type = 'stocktake_count' and store_id = ${bj}`);
    expect(Number(moved!.n)).toBe(bjRow.lines.reduce((s, l) => s + l.diffQty, 0));
  });

  let products: { id: number; code: string }[] = [];

  it('answers the types, checks a notice, and sends it to the stores chosen', async () => {
    expect(okData(await zhang.call(STOCKTAKE_API.findStocktakingMsgType)).map((x) => x.label)).toEqual([
      '全盘',
      '抽盘',
      '月末盘点',
    ]);
    products = await q(sql`select p.id, p.code from product p join store_stock s on s.product_id = p.id
      where s.store_id = ${bj} and s.quantity > 0 order by p.id limit 2`);
    expect(products).toHaveLength(2);
    const base = { title: '十一月抽盘', type: 2, deadline: day(3), regionIds: [], storeIds: [bj] };
    expect(
      fieldErrors(await zhang.call(STOCKTAKE_API.saveUpdateStocktakingMsg, { body: { ...base } as never })),
    ).toHaveProperty('productIds');
    expect(
      fieldErrors(
        await zhang.call(STOCKTAKE_API.saveUpdateStocktakingMsg, {
          body: { ...base, storeIds: [], productIds: [1] } as never,
        }),
      ),
    ).toHaveProperty('storeIds');
    refused(
      await zhang.call(STOCKTAKE_API.saveUpdateStocktakingMsg, {
        body: { ...base, deadline: day(-1), productIds: products.map((p) => p.id) } as never,
      }),
      ERR.STOCKTAKE_INVALID,
    );
    const made = okData(
      await zhang.call(STOCKTAKE_API.saveUpdateStocktakingMsg, {
        body: { ...base, productIds: products.map((p) => p.id) } as never,
      }),
    );
    id = made.id;
    expect(made).toMatchObject({ status: 'open', storeCount: 1, countedCount: 0, editable: true, typeName: '抽盘' });
    const list = okData(await zhang.call(STOCKTAKE_API.searchStocktakingMsg, { query: { title: '十一月' } as never }));
    expect(list.list.map((r) => r.id)).toContain(id);
    expect(
      okData(await zhang.call(STOCKTAKE_API.searchCountStocktakingMsg, { query: { title: '十一月抽盘' } as never })),
    ).toBe(list.list.filter((r) => r.title === '十一月抽盘').length);
    // 李强 (华东) sees none of BJ001's notice, and cannot send to it.
    const his = okData(await li.call(STOCKTAKE_API.searchStocktakingMsg, { query: { title: '十一月抽盘' } as never }));
    expect(his.list).toEqual([]);
    refused(await li.call(STOCKTAKE_API.getStocktakingMsgDetail, { query: { id } as never }), ERR.RECORD_NOT_FOUND);
  });

  it('takes the store’s count once: stock equals the count, lines at cost, the notice done and frozen', async () => {
    const listed = await pos<OpenStocktake[]>(OPEN_PATHS.stocktakings, {});
    const mine = listed.data.find((n) => n.noticeId === id)!;
    expect(mine.products.map((p) => p.code)).toEqual(products.map((p) => p.code));
    const book = mine.products.map((p) => p.bookQty);
    // Refused whole: a product not on the notice, a missing one.
    const bad = await pos(OPEN_PATHS.stocktakingCounts, {
      countNo: 'PD-1',
      noticeId: id,
      lines: [{ productCode: products[0]!.code, qty: 1 }],
    });
    expect([bad.errcode, bad.errmsg]).toEqual([ERR.STOCKTAKE_INVALID, '还有 1 个商品未盘点，请盘点全部商品后提交']);

    const counted = [book[0]! + 3, Math.max(book[1]! - 2, 0)];
    const body = {
      countNo: 'PD-2',
      noticeId: id,
      lines: products.map((p, i) => ({ productCode: p.code, qty: counted[i]! })),
    };
    const first = await pos<OpenCountAnswer>(OPEN_PATHS.stocktakingCounts, body);
    expect(first.errcode, first.errmsg).toBe(ERR.OK);
    expect(first.data).toMatchObject({ lines: 2, replayed: false });
    expect(first.data.gainAmount).toBeGreaterThan(0);
    const again = await pos<OpenCountAnswer>(OPEN_PATHS.stocktakingCounts, body);
    expect(again.data).toMatchObject({ replayed: true, gainAmount: first.data.gainAmount });
    const other = await pos(OPEN_PATHS.stocktakingCounts, { ...body, countNo: 'PD-3' });
    expect(other.errmsg).toBe('本门店已提交过该盘点');

    for (const [i, p] of products.entries()) {
      const [s] = await t.db
        .select({ q: storeStock.quantity })
        .from(storeStock)
        .where(and(eq(storeStock.storeId, bj), eq(storeStock.productId, p.id)));
      expect(s!.q).toBe(counted[i]);
    }
    const [countRow] = await q<{ id: number }>(sql`select id from stocktake_count where count_no = 'PD-2'`);
    const moves = await t.db
      .select()
      .from(stockMovement)
      .where(and(eq(stockMovement.refType, 'stocktake_count'), eq(stockMovement.refId, Number(countRow!.id))));
    expect(moves.map((m) => m.kind)).toEqual(moves.map(() => 'adjust'));
    expect(moves.reduce((s, m) => s + m.quantity, 0)).toBe(counted[0]! - book[0]! + (counted[1]! - book[1]!));

    const detail = okData(await zhang.call(STOCKTAKE_API.getStocktakingMsgDetail, { query: { id } as never }));
    expect(detail).toMatchObject({ status: 'done', countedCount: 1, editable: false });
    const lines = detail.stores[0]!.lines;
    expect(lines.map((l) => [l.bookQty, l.countedQty, l.diffQty])).toEqual(
      products.map((_, i) => [book[i], counted[i], counted[i]! - book[i]!]),
    );
    expect(detail.diffAmount).toBe(lines.reduce((s, l) => s + l.diffAmount, 0));
    refused(
      await zhang.call(STOCKTAKE_API.saveUpdateStocktakingMsg, {
        body: { id, title: '改', type: 1, deadline: day(5), regionIds: [], storeIds: [bj], productIds: [] } as never,
      }),
      ERR.STOCKTAKE_STATE,
    );
    refused(await zhang.call(STOCKTAKE_API.deleteStocktakingMsg, { body: { ids: [id] } }), ERR.STOCKTAKE_STATE);
  });

  it('marks a store past the deadline 已逾期 and tells the creator; a notice with no count is deleted', async () => {
    const made = okData(
      await zhang.call(STOCKTAKE_API.saveUpdateStocktakingMsg, {
        body: { title: '月末全盘', type: 3, deadline: day(0), regionIds: [], storeIds: [bj], productIds: [] } as never,
      }),
    );
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    const before = (await t.db.select().from(notice)).length;
    expect(await noticeOverdueStocktakes(t.db, tomorrow)).toBeGreaterThanOrEqual(1);
    const [s] = await t.db
      .select()
      .from(stocktakeStore)
      .where(and(eq(stocktakeStore.noticeId, made.id), eq(stocktakeStore.storeId, bj)));
    expect(s!.state).toBe('overdue');
    expect((await t.db.select().from(notice)).length).toBeGreaterThan(before);
    expect(await noticeOverdueStocktakes(t.db, tomorrow)).toBe(0);
    okData(await zhang.call(STOCKTAKE_API.deleteStocktakingMsg, { body: { ids: [made.id] } }));
    expect(await t.db.select().from(stocktakeNotice).where(eq(stocktakeNotice.id, made.id))).toEqual([]);
  });

  it('reports the counts: 盘点盈亏, 盘点明细 and 盈亏差异 equal the lines they sum, a region sees its stores', async () => {
    const period = { periodFrom: day(-30), periodTo: day(1) };
    const [facts] = await q<{ net: number; gain: number; lines: number }>(sql`select
      coalesce(sum(l.diff_amount), 0)::int as net, coalesce(sum(greatest(l.diff_amount, 0)), 0)::int as gain,
      count(*)::int as lines from stocktake_line l join stocktake_count c on c.id = l.count_id
      where c.counted_at >= ${day(-30)}::date - interval '8 hours'`);
    const list = await reportAll(zhang, INVENTORY_LIST, period);
    expect(list.list.reduce((s, r) => s + Number(r.netAmount), 0)).toBe(Number(facts!.net));
    expect(list.list.reduce((s, r) => s + Number(r.gainAmount), 0)).toBe(Number(facts!.gain));
    expect(list.list.reduce((s, r) => s + Number(r.lines), 0)).toBe(Number(facts!.lines));
    const diff = await reportAll(zhang, PROFIT_LOSS_DIFFERENCES, period);
    expect(diff.list.reduce((s, r) => s + Number(r.diffAmount), 0)).toBe(Number(facts!.net));
    const bjRow = list.list.find((r) => r.storeName === '北京朝阳店' || Number(r.storeId) === bj)!;
    const detail = await reportAll(zhang, INVENTORY_DETAIL, {
      ...period,
      noticeId: String(bjRow.noticeId),
      storeId: String(bj),
    });
    expect(detail.list.reduce((s, r) => s + Number(r.diffAmount), 0)).toBe(Number(bjRow.netAmount));
    // 李强 (华东) sees no BJ001 count.
    const his = await reportAll(li, INVENTORY_LIST, period);
    expect(his.list.some((r) => Number(r.storeId) === bj)).toBe(false);
  });
});
