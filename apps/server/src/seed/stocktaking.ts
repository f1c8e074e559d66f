/**
 * Demo data of /inventoryNotice (issue 17): a 月末盘点 sent to 华北大区's stores a week ago with
 * its deadline past — BJ001 counted through its POS (the open API's service), gains and losses at
 * cost, the others 已逾期 as the job marks them — and a 抽盘 still open for this week.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { openClient } from '../modules/openApi/schema';
import { stocktakeNotice, stocktakeStore } from '../modules/stocktaking/schema';
import { noticeOverdueStocktakes, submitCount } from '../modules/stocktaking/service';
import { region, store } from '../modules/stores/schema';
import { rowsOf } from './generate';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const dayOf = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export const seedStocktaking = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [pos] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const [bj] = await tx
    .select({ id: store.id, regionId: store.regionId })
    .from(store)
    .where(eq(store.code, DEMO_OPEN_KEYS.pos.storeCode));
  if (!admin || !pos || !bj) return;
  const stores = await tx
    .select({ id: store.id })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(sql`${store.regionId} = ${bj.regionId} and ${store.status} = 'open'`)
    .orderBy(asc(store.code));
  const held = rowsOf<{ id: number; code: string; q: number; step: number }>(
    await tx.execute(sql`select p.id, p.code, s.quantity as q, coalesce(p.ml_per_unit, 1) as step
      from store_stock s join product p on p.id = s.product_id
      where s.store_id = ${bj.id} and s.quantity > 0 order by p.code limit 6`),
  );
  if (held.length < 3) return;

  const [monthEnd] = await tx
    .insert(stocktakeNotice)
    .values({
      title: '十一月月末盘点',
      type: 3,
      content: '请各门店清点全部在库商品，按实际数量提交。',
      deadline: dayOf(new Date(now.getTime() - 2 * DAY)),
      regionIds: [bj.regionId],
      createdBy: admin.id,
      createdAt: new Date(now.getTime() - 7 * DAY),
    })
    .returning({ id: stocktakeNotice.id });
  await tx.insert(stocktakeStore).values(stores.map((s) => ({ noticeId: monthEnd!.id, storeId: s.id })));
  const caller = { clientId: pos.id, kind: 'pos' as const, name: pos.name, storeId: bj.id };
  // BJ001 found one piece more of the first, two pieces fewer of the second, the rest as booked.
  await submitCount(tx, caller, {
    countNo: 'DEMO-PD-202611',
    noticeId: monthEnd!.id,
    lines: held.map((h, i) => ({
      productCode: h.code,
      qty:
        i === 0 ? Number(h.q) + Number(h.step) : i === 1 ? Math.max(Number(h.q) - 2 * Number(h.step), 0) : Number(h.q),
    })),
  });
  await noticeOverdueStocktakes(tx, now);

  const [spot] = await tx
    .insert(stocktakeNotice)
    .values({
      title: '防脱系列抽盘',
      type: 2,
      content: '重点核对防脱系列商品的账实是否一致。',
      deadline: dayOf(new Date(now.getTime() + 5 * DAY)),
      productIds: held.slice(0, 3).map((h) => h.id),
      storeIds: [bj.id],
      createdBy: admin.id,
    })
    .returning({ id: stocktakeNotice.id });
  await tx.insert(stocktakeStore).values({ noticeId: spot!.id, storeId: bj.id });
};
