/**
 * 盘点通知 (contract api/stocktaking.ts): head office's notices to a tree of stores, each store's
 * count through the open API (its difference to the book stock written as 盘点调整 stock movements
 * in the count's transaction), and the job that marks uncounted stores 已逾期 and tells the
 * notice's creator. A caller sees the notices with a store of their data scope, and of each only
 * those stores; a notice is changed or deleted only while no store has counted and only by a
 * caller whose scope holds all its stores.
 */

import type { Page } from '@zb/contract/api/paging';
import {
  type OpenCountAnswer,
  type OpenCountBody,
  type OpenStocktake,
  type SaveStocktake,
  STOCKTAKE_TYPES,
  type StocktakeDetail,
  type StocktakeRow,
  type StocktakeStatus,
  type StocktakeStoreState,
  type stocktakeFilterQuery,
} from '@zb/contract/api/stocktaking';
import { NOTICE_TYPE_TASK } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, asc, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { uniqueViolation } from '../hierarchy/dbErrors';
import { raiseNotices } from '../notices/service';
import type { OpenCaller } from '../openApi/types';
import { atPrice } from '../stock/rollups';
import { storeStock } from '../stock/schema';
import { moveStock } from '../stock/service';
import { region, store } from '../stores/schema';
import { resolveChoice } from '../taskCenter/service';
import { stocktakeCount, stocktakeLine, stocktakeNotice, stocktakeStore } from './schema';

const invalid = (msg: string) => new BizError(ERR.STOCKTAKE_INVALID, msg);
const typeName = (t: number) => STOCKTAKE_TYPES.find((x) => x.value === t)?.label ?? String(t);
const todayBeijing = (now = new Date()) => formatDate(now);

type Filter = z.output<typeof stocktakeFilterQuery>;

/** Per notice, over the caller's stores: how many, how many counted, the counts' differences. */
const perNotice = (auth: Auth) => {
  const inScope = storeScopeFilter(auth.scope, stocktakeStore.storeId);
  return sql`(select s.notice_id, count(*)::int as store_count,
      (count(*) filter (where s.state = 'counted'))::int as counted_count,
      coalesce(sum(c.gain_amount + c.loss_amount), 0)::int as diff_amount
    from ${stocktakeStore} s left join ${stocktakeCount} c on c.notice_id = s.notice_id and c.store_id = s.store_id
    where ${inScope ? sql`s.store_id in (select ${store.id} from ${store} where ${storeScopeFilter(auth.scope, store.id)})` : sql`true`}
    group by s.notice_id)`;
};

const statusSql = (today: string) =>
  sql<StocktakeStatus>`case when a.counted_count = a.store_count then 'done'
    when n.deadline < ${today}::date then 'overdue' else 'open' end`;

const whereOf = (f: Filter, today: string): SQL => {
  const parts: SQL[] = [sql`true`];
  if (f.title) parts.push(sql`n.title ilike ${`%${f.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.type) parts.push(sql`n.type = ${f.type}`);
  if (f.status) parts.push(sql`${statusSql(today)} = ${f.status}`);
  if (f.dayFrom) parts.push(sql`(n.created_at at time zone 'Asia/Shanghai')::date >= ${f.dayFrom}::date`);
  if (f.dayTo) parts.push(sql`(n.created_at at time zone 'Asia/Shanghai')::date <= ${f.dayTo}::date`);
  return sql.join(parts, sql` and `);
};

interface RawRow {
  id: number;
  title: string;
  type: number;
  deadline: string;
  status: StocktakeStatus;
  store_count: number;
  counted_count: number;
  product_count: number;
  diff_amount: number;
  created_by_name: string | null;
  created_at: string | Date;
}

const rowOf = (r: RawRow): StocktakeRow => ({
  id: Number(r.id),
  title: r.title,
  type: Number(r.type),
  typeName: typeName(Number(r.type)),
  deadline: String(r.deadline).slice(0, 10),
  status: r.status,
  storeCount: Number(r.store_count),
  countedCount: Number(r.counted_count),
  productCount: Number(r.product_count),
  diffAmount: Number(r.diff_amount),
  createdByName: r.created_by_name,
  createdAt: new Date(r.created_at).toISOString(),
});

const rowsOfResult = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

const selectRows = (auth: Auth, where: SQL, today: string, tail: SQL) => sql`
  select n.id, n.title, n.type, n.deadline::text as deadline, ${statusSql(today)} as status,
    a.store_count, a.counted_count, cardinality(n.product_ids) as product_count, a.diff_amount,
    u.nickname as created_by_name, n.created_at
  from ${stocktakeNotice} n join ${perNotice(auth)} a on a.notice_id = n.id
  left join ${userAccount} u on u.id = n.created_by
  where ${where} ${tail}`;

export const countStocktakes = async (db: Db, auth: Auth, f: Filter): Promise<number> => {
  const today = todayBeijing();
  const [r] = rowsOfResult<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${selectRows(auth, whereOf(f, today), today, sql``)}) x`),
  );
  return Number(r?.n ?? 0);
};

export const listStocktakes = async (
  db: Db,
  auth: Auth,
  q: Filter & { pageNo: number; pageSize: number },
): Promise<Page<StocktakeRow>> => {
  const today = todayBeijing();
  const where = whereOf(q, today);
  const rows = rowsOfResult<RawRow>(
    await db.execute(
      selectRows(
        auth,
        where,
        today,
        sql`order by n.created_at desc, n.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
      ),
    ),
  );
  return { list: rows.map(rowOf), total: await countStocktakes(db, auth, q) };
};

export const stocktakeTypes = () => STOCKTAKE_TYPES.map((t) => ({ value: t.value, label: t.label }));

export const stocktakeProducts = (db: Db) =>
  db
    .select({ id: product.id, code: product.code, name: product.name })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.code));

export const stocktakeDetail = async (db: Db | Tx, auth: Auth, id: number): Promise<StocktakeDetail> => {
  const today = todayBeijing();
  const [head] = rowsOfResult<RawRow>(await db.execute(selectRows(auth, sql`n.id = ${id}`, today, sql``)));
  if (!head) throw new BizError(ERR.RECORD_NOT_FOUND, '盘点通知不存在或不在您的数据范围内');
  const [n] = await db.select().from(stocktakeNotice).where(eq(stocktakeNotice.id, id));
  const stores = await db
    .select({
      storeId: stocktakeStore.storeId,
      code: store.code,
      name: store.name,
      regionName: region.name,
      state: stocktakeStore.state,
      countId: stocktakeCount.id,
      countNo: stocktakeCount.countNo,
      countedAt: stocktakeCount.countedAt,
      gainAmount: stocktakeCount.gainAmount,
      lossAmount: stocktakeCount.lossAmount,
    })
    .from(stocktakeStore)
    .innerJoin(store, eq(store.id, stocktakeStore.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .leftJoin(
      stocktakeCount,
      and(eq(stocktakeCount.noticeId, stocktakeStore.noticeId), eq(stocktakeCount.storeId, stocktakeStore.storeId)),
    )
    .where(and(eq(stocktakeStore.noticeId, id), storeScopeFilter(auth.scope, stocktakeStore.storeId)))
    .orderBy(asc(store.code));
  const countIds = stores.flatMap((s) => (s.countId ? [s.countId] : []));
  const lines = countIds.length
    ? await db
        .select({
          countId: stocktakeLine.countId,
          productId: stocktakeLine.productId,
          productCode: product.code,
          productName: product.name,
          unit: product.unit,
          mlPerUnit: product.mlPerUnit,
          bookQty: stocktakeLine.bookQty,
          countedQty: stocktakeLine.countedQty,
          diffQty: stocktakeLine.diffQty,
          diffAmount: stocktakeLine.diffAmount,
        })
        .from(stocktakeLine)
        .innerJoin(product, eq(product.id, stocktakeLine.productId))
        .where(inArray(stocktakeLine.countId, countIds))
        .orderBy(asc(product.code))
    : [];
  const products = n!.productIds.length
    ? await db
        .select({ id: product.id, code: product.code, name: product.name })
        .from(product)
        .where(inArray(product.id, n!.productIds))
        .orderBy(asc(product.code))
    : [];
  return {
    ...rowOf(head),
    content: n!.content,
    products,
    regionIds: n!.regionIds,
    storeIds: n!.storeIds,
    editable: Number(head.counted_count) === 0,
    stores: stores.map((s) => ({
      storeId: s.storeId,
      code: s.code,
      name: s.name,
      regionName: s.regionName,
      state: s.state as StocktakeStoreState,
      countNo: s.countNo,
      countedAt: s.countedAt?.toISOString() ?? null,
      gainAmount: s.gainAmount ?? 0,
      lossAmount: s.lossAmount ?? 0,
      lines: lines
        .filter((l) => l.countId === s.countId)
        .map(({ countId: _c, mlPerUnit, unit, ...l }) => ({ ...l, unit: mlPerUnit ? 'ml' : unit })),
    })),
  };
};

/** A notice the caller may change: no store counted, every store within their scope. */
const changeable = async (tx: Tx, auth: Auth, id: number) => {
  const [n] = await tx.select().from(stocktakeNotice).where(eq(stocktakeNotice.id, id)).for('update');
  if (!n) throw new BizError(ERR.RECORD_NOT_FOUND, '盘点通知不存在或已删除');
  const stores = await tx.select().from(stocktakeStore).where(eq(stocktakeStore.noticeId, id));
  if (stores.some((s) => s.state === 'counted')) throw new BizError(ERR.STOCKTAKE_STATE);
  const scoped = storeScopeFilter(auth.scope, store.id);
  if (scoped && stores.length) {
    const [{ n: inScope }] = (await tx
      .select({ n: count() })
      .from(store)
      .where(
        and(
          inArray(
            store.id,
            stores.map((s) => s.storeId),
          ),
          scoped,
        ),
      )) as [{ n: number }];
    if (Number(inScope) !== stores.length) {
      throw new BizError(ERR.RECORD_NOT_FOUND, '盘点通知不存在或不在您的数据范围内');
    }
  }
  return { n, stores };
};

export const saveStocktake = async (db: Db, auth: Auth, body: SaveStocktake): Promise<StocktakeDetail> => {
  const id = await db.transaction(async (tx) => {
    if (body.deadline < todayBeijing()) throw invalid('截止日期不能早于今天');
    const stores = await resolveChoice(tx, auth.scope, { regionIds: body.regionIds, storeIds: body.storeIds });
    if (stores.length === 0) throw invalid('所选范围内没有可盘点的门店');
    if (body.productIds.length) {
      const found = await tx.select({ id: product.id }).from(product).where(inArray(product.id, body.productIds));
      if (found.length !== body.productIds.length) throw invalid('所选商品不存在或已删除');
    }
    const values = {
      title: body.title,
      type: body.type,
      content: body.content,
      deadline: body.deadline,
      productIds: body.productIds,
      regionIds: body.regionIds,
      storeIds: body.storeIds,
    };
    let noticeId: number;
    let before: unknown = null;
    if (body.id) {
      const { n } = await changeable(tx, auth, body.id);
      before = n;
      await tx
        .update(stocktakeNotice)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(stocktakeNotice.id, body.id));
      await tx.delete(stocktakeStore).where(eq(stocktakeStore.noticeId, body.id));
      noticeId = body.id;
    } else {
      const [made] = await tx
        .insert(stocktakeNotice)
        .values({ ...values, createdBy: auth.user.id })
        .returning({ id: stocktakeNotice.id });
      noticeId = made!.id;
    }
    await tx.insert(stocktakeStore).values(stores.map((s) => ({ noticeId, storeId: s.storeId })));
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'saveStocktake',
      target: `stocktake_notice:${noticeId}`,
      before,
      after: { ...values, stores: stores.length },
    });
    return noticeId;
  });
  return stocktakeDetail(db, auth, id);
};

export const deleteStocktakes = (db: Db, auth: Auth, ids: readonly number[]): Promise<number> =>
  db.transaction(async (tx) => {
    for (const id of [...new Set(ids)]) {
      const { n } = await changeable(tx, auth, id);
      await tx.delete(stocktakeNotice).where(eq(stocktakeNotice.id, id));
      await recordOperation(tx, {
        userId: auth.user.id,
        action: 'deleteStocktake',
        target: `stocktake_notice:${id}`,
        before: { title: n.title, deadline: n.deadline },
      });
    }
    return new Set(ids).size;
  });

// --- the store's POS ------------------------------------------------------------------------

const boundStore = (caller: OpenCaller): number => {
  if (caller.kind !== 'pos' || caller.storeId === null) throw new BizError(ERR.OPEN_STORE_NOT_BOUND);
  return caller.storeId;
};

/** The notices the store has still to count (overdue ones too: a late count is still a count). */
export const openStocktakes = async (db: Db, caller: OpenCaller): Promise<OpenStocktake[]> => {
  const storeId = boundStore(caller);
  const rows = await db
    .select({ n: stocktakeNotice, state: stocktakeStore.state })
    .from(stocktakeStore)
    .innerJoin(stocktakeNotice, eq(stocktakeNotice.id, stocktakeStore.noticeId))
    .where(and(eq(stocktakeStore.storeId, storeId), inArray(stocktakeStore.state, ['pending', 'overdue'])))
    .orderBy(asc(stocktakeNotice.deadline), asc(stocktakeNotice.id));
  const held = await db
    .select({ productId: storeStock.productId, quantity: storeStock.quantity })
    .from(storeStock)
    .where(eq(storeStock.storeId, storeId));
  const book = new Map(held.map((h) => [h.productId, h.quantity]));
  const out: OpenStocktake[] = [];
  for (const r of rows) {
    const ids = r.n.productIds.length ? r.n.productIds : [...book.keys()];
    const goods = ids.length
      ? await db
          .select({ id: product.id, code: product.code, name: product.name, unit: product.unit, ml: product.mlPerUnit })
          .from(product)
          .where(inArray(product.id, ids))
          .orderBy(asc(product.code))
      : [];
    out.push({
      noticeId: r.n.id,
      title: r.n.title,
      typeName: typeName(r.n.type),
      deadline: r.n.deadline,
      state: r.state as StocktakeStoreState,
      products: goods.map((g) => ({
        code: g.code,
        name: g.name,
        unit: g.ml ? 'ml' : g.unit,
        bookQty: book.get(g.id) ?? 0,
      })),
    });
  }
  return out;
};

const countAnswer = (c: typeof stocktakeCount.$inferSelect, lines: number, replayed: boolean): OpenCountAnswer => ({
  countNo: c.countNo,
  noticeId: c.noticeId,
  gainAmount: c.gainAmount,
  lossAmount: c.lossAmount,
  lines,
  replayed,
});

const replayCount = async (db: Db, caller: OpenCaller, countNo: string): Promise<OpenCountAnswer | null> => {
  const [c] = await db
    .select()
    .from(stocktakeCount)
    .where(and(eq(stocktakeCount.clientId, caller.clientId), eq(stocktakeCount.countNo, countNo)));
  if (!c) return null;
  const [{ n }] = (await db.select({ n: count() }).from(stocktakeLine).where(eq(stocktakeLine.countId, c.id))) as [
    { n: number },
  ];
  return countAnswer(c, Number(n), true);
};

/**
 * POST /open/v1/stocktakings/counts: the store's count of a notice, whole or refused whole. Each
 * line's difference to the book stock (read under the stock rows' lock) is moved as 盘点调整, so
 * the stock equals the count; the same countNo again answers the first result.
 */
export const submitCount = async (db: Db, caller: OpenCaller, body: OpenCountBody): Promise<OpenCountAnswer> => {
  const storeId = boundStore(caller);
  const replay = await replayCount(db, caller, body.countNo);
  if (replay) return replay;
  try {
    return await db.transaction(async (tx) => {
      const [slot] = await tx
        .select()
        .from(stocktakeStore)
        .where(and(eq(stocktakeStore.noticeId, body.noticeId), eq(stocktakeStore.storeId, storeId)))
        .for('update');
      if (!slot) throw invalid('本门店不在该盘点通知中');
      if (slot.state === 'counted') throw invalid('本门店已提交过该盘点');
      const [n] = await tx.select().from(stocktakeNotice).where(eq(stocktakeNotice.id, body.noticeId));
      const codes = body.lines.map((l) => l.productCode);
      const dup = codes.find((c, i) => codes.indexOf(c) !== i);
      if (dup) throw invalid(`商品 ${dup} 重复`);
      const goods = await tx
        .select({ id: product.id, code: product.code, cost: product.costPrice, ml: product.mlPerUnit })
        .from(product)
        .where(inArray(product.code, codes));
      const byCode = new Map(goods.map((g) => [g.code, g]));
      const unknown = codes.find((c) => !byCode.has(c));
      if (unknown) throw invalid(`商品 ${unknown} 不存在`);
      if (n!.productIds.length) {
        const named = new Set(n!.productIds);
        const extra = goods.find((g) => !named.has(g.id));
        if (extra) throw invalid(`商品 ${extra.code} 不在本次盘点范围内`);
        const missing = n!.productIds.filter((id) => !goods.some((g) => g.id === id));
        if (missing.length) throw invalid(`还有 ${missing.length} 个商品未盘点，请盘点全部商品后提交`);
      }
      // The book stock, locked: a bill drawing these products now waits for the count.
      const ids = goods.map((g) => g.id);
      const held = await tx
        .select({ productId: storeStock.productId, quantity: storeStock.quantity })
        .from(storeStock)
        .where(and(eq(storeStock.storeId, storeId), inArray(storeStock.productId, ids)))
        .orderBy(asc(storeStock.productId))
        .for('update');
      const book = new Map(held.map((h) => [h.productId, h.quantity]));
      const [made] = await tx
        .insert(stocktakeCount)
        .values({ noticeId: n!.id, storeId, clientId: caller.clientId, countNo: body.countNo })
        .returning();
      const lines = body.lines.map((l) => {
        const g = byCode.get(l.productCode)!;
        const bookQty = book.get(g.id) ?? 0;
        const diffQty = l.qty - bookQty;
        return {
          countId: made!.id,
          productId: g.id,
          bookQty,
          countedQty: l.qty,
          diffQty,
          costPrice: g.cost,
          diffAmount: atPrice(diffQty, g.cost, g.ml),
        };
      });
      await tx.insert(stocktakeLine).values(lines);
      await moveStock(
        tx,
        lines.filter((l) => l.diffQty !== 0).map((l) => ({ storeId, productId: l.productId, base: l.diffQty })),
        { kind: 'adjust', refType: 'stocktake_count', refId: made!.id, userId: null, note: `盘点：${n!.title}` },
      );
      const gainAmount = lines.reduce((s, l) => s + Math.max(l.diffAmount, 0), 0);
      const lossAmount = lines.reduce((s, l) => s + Math.min(l.diffAmount, 0), 0);
      const [done] = await tx
        .update(stocktakeCount)
        .set({ gainAmount, lossAmount })
        .where(eq(stocktakeCount.id, made!.id))
        .returning();
      await tx
        .update(stocktakeStore)
        .set({ state: 'counted' })
        .where(and(eq(stocktakeStore.noticeId, n!.id), eq(stocktakeStore.storeId, storeId)));
      await recordOperation(tx, {
        userId: null,
        action: 'stocktakeCount',
        target: `stocktake_notice:${n!.id}`,
        after: { storeId, countNo: body.countNo, lines: lines.length, gainAmount, lossAmount },
      });
      return countAnswer(done!, lines.length, false);
    });
  } catch (e) {
    if (uniqueViolation(e) === 'stocktake_count_no_uq') {
      const again = await replayCount(db, caller, body.countNo);
      if (again) return again;
    }
    if (uniqueViolation(e) === 'stocktake_count_store_uq') throw invalid('本门店已提交过该盘点');
    throw e;
  }
};

// --- the job -----------------------------------------------------------------------------------

/** Stores still to count past the deadline become 已逾期; each notice's creator is told once, live. */
export const noticeOverdueStocktakes = async (db: Db, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({
        noticeId: stocktakeStore.noticeId,
        storeId: stocktakeStore.storeId,
        title: stocktakeNotice.title,
        deadline: stocktakeNotice.deadline,
        createdBy: stocktakeNotice.createdBy,
        storeName: store.name,
      })
      .from(stocktakeStore)
      .innerJoin(stocktakeNotice, eq(stocktakeNotice.id, stocktakeStore.noticeId))
      .innerJoin(store, eq(store.id, stocktakeStore.storeId))
      .where(and(eq(stocktakeStore.state, 'pending'), lt(stocktakeNotice.deadline, todayBeijing(now))))
      .orderBy(asc(stocktakeStore.noticeId), asc(stocktakeStore.storeId))
      .limit(1000)
      .for('update', { of: stocktakeStore, skipLocked: true });
    if (rows.length === 0) return 0;
    for (const r of rows) {
      await tx
        .update(stocktakeStore)
        .set({ state: 'overdue', overdueNoticedAt: now })
        .where(and(eq(stocktakeStore.noticeId, r.noticeId), eq(stocktakeStore.storeId, r.storeId)));
    }
    const byNotice = new Map<number, typeof rows>();
    for (const r of rows) byNotice.set(r.noticeId, [...(byNotice.get(r.noticeId) ?? []), r]);
    const notices = [];
    for (const [noticeId, list] of byNotice) {
      const first = list[0]!;
      await recordOperation(tx, {
        userId: null,
        action: 'stocktakeOverdue',
        target: `stocktake_notice:${noticeId}`,
        after: { stores: list.map((r) => r.storeId) },
      });
      if (first.createdBy === null) continue;
      const names = list.map((r) => r.storeName);
      notices.push({
        userId: first.createdBy,
        storeId: first.storeId,
        type: NOTICE_TYPE_TASK,
        msgName: `盘点逾期：${first.title}`.slice(0, 80),
        content: `盘点通知「${first.title}」已于 ${first.deadline} 截止，${names.slice(0, 5).join('、')}${names.length > 5 ? ` 等 ${names.length} 家门店` : ''}尚未盘点。`,
        amount: null,
      });
    }
    await raiseNotices(tx, notices);
    return rows.length;
  });
