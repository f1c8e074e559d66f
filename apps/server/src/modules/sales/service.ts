/**
 * 折扣方案 (contract entities/sale.ts): the plans on the resource engine with the goods they price,
 * their life through the approval center (approvals/campaigns.ts), the nightly end of plans past
 * their end day, and the prices they give a bill (bills' `billPricing` hook): every 进行中 plan
 * covering the bill's goods at its store on its day offers its price; the bill takes the lowest
 * and the line it priced is recorded (sale_use) in the bill's transaction.
 */
import { goodsKindLabel } from '@zb/contract/entities/goodsRef';
import { SALE, SALE_RATE_MAX, SALE_RATE_MIN, SALE_USE, type SaleItemRow, salePrice } from '@zb/contract/entities/sale';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate } from '@zb/contract/time';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, without } from '../../platform/resource/binding';
import { campaignLifecycle, campaignReads, checkCampaignDays } from '../approvals/campaigns';
import type { PricedGoods, PriceOffer } from '../bills/service';
import { card, product, project } from '../goods/schema';
import { member, memberConsume } from '../members/schema';
import { chosenStoreCodes } from '../stores/codes';
import { store } from '../stores/schema';
import { sale, saleItem, saleUse } from './schema';

const TABLES = { project, product, card } as const;
const priceOf = { project: project.price, product: product.retailPrice, card: card.price } as const;

/** The goods rows as they will be: each goods once, existing, and its price or rate within bounds. */
const checkItems = async (tx: Tx, rows: readonly SaleItemRow[]): Promise<void> => {
  const seen = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const key = `${r.kind}:${r.goodsId}`;
    if (seen.has(key)) throw fieldError('items', `第 ${i + 1} 行：同一${goodsKindLabel(r.kind)}只能出现一次`);
    seen.add(key);
    if (r.mode === 'rate' && (r.value < SALE_RATE_MIN || r.value > SALE_RATE_MAX)) {
      throw fieldError('items', `第 ${i + 1} 行：折扣须为 ${SALE_RATE_MIN} 到 ${SALE_RATE_MAX}（85 即 8.5 折）`);
    }
  }
  for (const kind of ['project', 'product', 'card'] as const) {
    const mine = rows.map((r, i) => ({ ...r, n: i + 1 })).filter((r) => r.kind === kind);
    if (!mine.length) continue;
    const t = TABLES[kind];
    const found = await tx
      .select({ id: t.id, name: t.name, price: priceOf[kind] })
      .from(t)
      .where(
        inArray(
          t.id,
          mine.map((r) => r.goodsId),
        ),
      );
    for (const r of mine) {
      const g = found.find((f) => f.id === r.goodsId);
      if (!g) throw fieldError('items', `第 ${r.n} 行：所选${goodsKindLabel(kind)}不存在或已被删除`);
      if (r.mode === 'price' && r.value >= Number(g.price ?? 0)) {
        throw fieldError('items', `第 ${r.n} 行：「${g.name}」的特价须低于原价 ${formatYuan(Number(g.price ?? 0))} 元`);
      }
    }
  }
};

const writeItems = async (tx: Tx, saleId: number, rows: readonly SaleItemRow[]) => {
  await tx.delete(saleItem).where(eq(saleItem.saleId, saleId));
  if (rows.length) await tx.insert(saleItem).values(rows.map((r, line) => ({ saleId, line, ...r })));
};

const itemsOf = async (tx: Tx, saleId: number): Promise<SaleItemRow[]> =>
  (await tx.select().from(saleItem).where(eq(saleItem.saleId, saleId)).orderBy(saleItem.line)).map((r) => ({
    kind: r.kind as SaleItemRow['kind'],
    goodsId: r.goodsId,
    mode: r.mode as SaleItemRow['mode'],
    value: r.value,
  }));

export const saleLifecycle = campaignLifecycle({
  type: 'sale',
  title: '折扣方案',
  detailPage: '/salesDetail',
  ...campaignReads(sale),
  setStatus: async (tx, id, status, approvalId) => {
    await tx
      .update(sale)
      .set({ status, ...(approvalId ? { approvalId } : {}) })
      .where(eq(sale.id, id));
  },
  check: async (tx, id) => {
    const items = await itemsOf(tx, id);
    if (!items.length) throw fieldError('items', '请至少添加一个优惠商品后再提交审核');
    await checkItems(tx, items);
  },
});
export const submitSale = saleLifecycle.submit;
export const disableSale = saleLifecycle.disable;

const itemsJson = sql`(select coalesce(json_agg(json_build_object('kind', i.kind, 'goodsId', i.goods_id, 'mode', i.mode, 'value', i.value) order by i.line), '[]'::json)
  from sale_item i where i.sale_id = "sale"."id")`;

/** 项目 头皮护理 特价 158 元、商品 洗发露 8.5 折 … */
const itemsText = sql<string | null>`(select string_agg(
    coalesce(pj.name, pd.name, cd.name, '已删除') || ' ' ||
    case when i.mode = 'price' then '特价 ' || trim_scale(i.value / 100.0)::text || ' 元'
      else trim_scale(i.value / 10.0)::text || ' 折' end, '、' order by i.line)
  from sale_item i
  left join project pj on i.kind = 'project' and pj.id = i.goods_id
  left join product pd on i.kind = 'product' and pd.id = i.goods_id
  left join card cd on i.kind = 'card' and cd.id = i.goods_id
  where i.sale_id = "sale"."id")`;

/** One figure of the plan's priced lines. */
const uses = (expr: string) =>
  sql<number>`${sql.raw(`(select coalesce(${expr}, 0) from sale_use u where u.sale_id = "sale"."id")`)}`;

export const saleBinding = bindResource({
  decl: SALE,
  table: sale,
  id: sale.id,
  columns: {
    items: itemsJson,
    itemsText,
    bills: uses('count(distinct u.consume_id)::int'),
    quantity: uses('sum(u.quantity)::int'),
    revenue: uses('sum(u.unit_price * u.quantity)::int'),
    discount: uses('sum((u.list_price - u.unit_price) * u.quantity)::int'),
  },
  service: {
    create: async ({ tx, auth }, values) => {
      checkCampaignDays(values);
      const items = (values.items ?? []) as SaleItemRow[];
      await checkItems(tx, items);
      const storeCodes = await chosenStoreCodes(tx, values.storeScope, values.storeCodes);
      const [row] = await tx
        .insert(sale)
        .values({
          ...(without(values, 'items') as typeof sale.$inferInsert),
          storeCodes,
          createdBy: auth.user.id,
        })
        .returning({ id: sale.id });
      await writeItems(tx, row!.id, items);
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await saleLifecycle.editable(tx, id);
      const merged = { ...before, ...values };
      checkCampaignDays(merged);
      const items = values.items === null ? [] : (values.items as SaleItemRow[] | undefined);
      if (items !== undefined) await checkItems(tx, items);
      const row = {
        ...without(values, 'items'),
        storeCodes: await chosenStoreCodes(tx, merged.storeScope, merged.storeCodes),
      };
      await tx.update(sale).set(row).where(eq(sale.id, id));
      if (items !== undefined) await writeItems(tx, id, items);
    },
    remove: async ({ tx }, id) => {
      await saleLifecycle.editable(tx, id);
      const [used] = await tx.select({ id: saleUse.id }).from(saleUse).where(eq(saleUse.saleId, id)).limit(1);
      if (used) throw new BizError(ERR.RECORD_IN_USE, '该折扣方案已有销售记录，不能删除');
      await tx.delete(sale).where(eq(sale.id, id));
    },
  },
});

export const saleUseBinding = bindResource({
  decl: SALE_USE,
  table: saleUse,
  id: saleUse.id,
  columns: {
    billNo: memberConsume.billNo,
    storeName: store.name,
    memberName: member.name,
    goodsKind: saleUse.kind,
    goodsName: sql<string>`coalesce((select name from project where ${saleUse.kind} = 'project' and id = ${saleUse.goodsId}),
      (select name from product where ${saleUse.kind} = 'product' and id = ${saleUse.goodsId}),
      (select name from card where ${saleUse.kind} = 'card' and id = ${saleUse.goodsId}))`,
    discount: sql<number>`(${saleUse.listPrice} - ${saleUse.unitPrice}) * ${saleUse.quantity}`,
  },
  joins: [
    { table: memberConsume, on: eq(memberConsume.id, saleUse.consumeId), inner: true },
    { table: store, on: eq(store.id, saleUse.storeId), inner: true },
    { table: member, on: eq(member.id, saleUse.memberId), inner: true },
  ],
});

/** The scheduled job: plans past their end day end (their sales stay recorded). */
export const endSales = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(sale)
    .set({ status: 'ended' })
    .where(and(eq(sale.status, 'active'), lt(sale.endDay, formatDate(now))))
    .returning({ id: sale.id });
  return rows.length;
};

// ── Pricing a bill (bills' billPricing hook) ───────────────────────────────────

/** What every 进行中 plan covering the goods at the store on the bill's day (Beijing) offers. */
export const saleOffers = async (
  tx: Tx,
  q: { storeId: number; storeCode: string; at: Date; goods: PricedGoods[] },
): Promise<PriceOffer[]> => {
  const day = formatDate(q.at);
  const wanted = sql.join(
    q.goods.map((g) => sql`(${g.kind}::text, ${g.id}::int)`),
    sql`, `,
  );
  const rows = rowsOf<{ sale_id: number; kind: string; goods_id: number; mode: string; value: number; list: number }>(
    await tx.execute(sql`select s.id as sale_id, i.kind, i.goods_id, i.mode, i.value,
        case i.kind when 'project' then (select price from project where id = i.goods_id)
          when 'product' then (select retail_price from product where id = i.goods_id)
          else (select price from card where id = i.goods_id) end as list
      from sale s join sale_item i on i.sale_id = s.id
      where s.status = 'active' and ${day}::date between s.start_day and s.end_day
        and (s.store_scope = 'all' or upper(${q.storeCode}) = any(string_to_array(s.store_codes, ',')))
        and (i.kind, i.goods_id) in (${wanted})`),
  );
  return rows.flatMap((r) => {
    const listPrice = Number(r.list ?? 0);
    const unitPrice = salePrice(listPrice, r.mode as 'price' | 'rate', Number(r.value));
    return listPrice > 0
      ? [{ kind: r.kind as PricedGoods['kind'], id: Number(r.goods_id), unitPrice, listPrice, tag: Number(r.sale_id) }]
      : [];
  });
};

/** The lines a plan priced, recorded with the bill. */
export const recordSaleUses = async (
  tx: Tx,
  bill: { consumeId: number; memberId: number; storeId: number; at: Date },
  lines: (PriceOffer & { line: number; quantity: number })[],
): Promise<void> => {
  await tx.insert(saleUse).values(
    lines.map((l) => ({
      saleId: l.tag,
      consumeId: bill.consumeId,
      line: l.line,
      storeId: bill.storeId,
      memberId: bill.memberId,
      at: bill.at,
      kind: l.kind,
      goodsId: l.id,
      quantity: l.quantity,
      listPrice: l.listPrice,
      unitPrice: l.unitPrice,
    })),
  );
};
