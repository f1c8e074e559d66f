/**
 * The member account's tabs of issue 15 on the report engine (contract reports/points.ts): each
 * reads one member's rows by their member index (the member's id is bound inside the query) and
 * is scoped by the member's home store, as the other member tabs are.
 */
import { CREDITS_EXCHANGE_VIEW, POINTS_VIEW, PURCHASE_HISTORY_VIEW } from '@zb/contract/reports/points';
import { asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bindReport, col, type Values } from '../../platform/report/binding';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';

/**
 * The conformance test's and the bench's member: the one with the most rows of the view, of a
 * store outside 华东大区 (the conformance test's regional user then sees the scope cut them off).
 */
const exampleOf = async (db: Db, rows: SQL): Promise<Values> => {
  const id = sql<number>`x.member_id`;
  const [row] = await db
    .select({ id })
    .from(sql`(${rows}) as x`)
    .innerJoin(member, eq(member.id, id))
    .innerJoin(store, eq(store.id, member.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(ne(region.name, '华东大区'))
    .groupBy(id)
    .orderBy(desc(count()), asc(id))
    .limit(1);
  return row ? { memberId: row.id } : {};
};

/** A member's bills (id × 2) and mall orders (id × 2 + 1), with what each was for. */
export const purchaseHistoryView = bindReport({
  decl: PURCHASE_HISTORY_VIEW,
  from: {
    alias: 'ph',
    query: ({ bind }) => sql`
      select c.id * 2 as "id", c.bill_no as "no", 'bill' as "kind", c.consumed_at as "at", c.store_id as "storeId",
        s.name as "storeName", c.status as "status", c.total as "total", c.paid_by_card as "paidByCard",
        c.paid_other as "paidOther", c.refunded as "refunded", m.store_id as "homeStoreId",
        (select string_agg(coalesce(p.name, d.name, k.name, case when l.item_kind = 'topUp' then '充值' end, '')
            || '×' || l.quantity, '，' order by l.line)
          from member_consume_line l left join project p on p.id = l.project_id
            left join product d on d.id = l.product_id left join card k on k.id = l.card_id
          where l.consume_id = c.id) as "items"
      from member_consume c join member m on m.id = c.member_id join store s on s.id = c.store_id
      where c.member_id = ${bind('memberId')}
      union all
      select o.id * 2 + 1, o.order_no, 'mall', o.created_at, o.store_id, s.name, o.status, o.total, 0,
        o.paid_amount + o.balance_paid, o.refunded_amount, m.store_id,
        (select string_agg(l.goods_name || '×' || l.quantity, '，' order by l.line) from mall_order_line l where l.order_id = o.id)
      from mall_order o join member m on m.id = o.member_id join store s on s.id = o.store_id
      where o.member_id = ${bind('memberId')}`,
  },
  filters: { memberId: 'query', period: { instant: col('ph', 'at') } },
  example: (db) => exampleOf(db, sql`select member_id from member_consume union all select member_id from mall_order`),
  id: col('ph', 'id'),
  scope: { store: col('ph', 'homeStoreId') },
});

/** A member's points ledger, with the number of the record each row belongs to. */
export const pointsView = bindReport({
  decl: POINTS_VIEW,
  from: {
    alias: 'pl',
    query: ({ bind }) => sql`
      select l.id as "id", l.at as "at", l.kind as "kind", l.points as "points", l.balance_after as "balanceAfter",
        case l.ref_type
          when 'member_consume' then (select c.bill_no from member_consume c where c.id = l.ref_id)
          when 'refund' then (select f.refund_no from refund f where f.id = l.ref_id)
          when 'points_exchange' then (select e.exchange_no from points_exchange e where e.id = l.ref_id)
        end as "refNo",
        s.name as "storeName", l.remark as "remark", m.store_id as "homeStoreId"
      from points_ledger l join member m on m.id = l.member_id left join store s on s.id = l.store_id
      where l.member_id = ${bind('memberId')}`,
  },
  filters: { memberId: 'query', period: { instant: col('pl', 'at') } },
  example: (db) => exampleOf(db, sql`select member_id from points_ledger`),
  id: col('pl', 'id'),
  scope: { store: col('pl', 'homeStoreId') },
});

/** A member's exchanges. */
export const creditsExchangeView = bindReport({
  decl: CREDITS_EXCHANGE_VIEW,
  from: {
    alias: 'ce',
    query: ({ bind }) => sql`
      select e.id as "id", e.exchange_no as "exchangeNo", e.created_at as "at", e.item_name as "itemName",
        s.name as "storeName", u.nickname as "createdByName", e.remark as "remark", e.quantity as "quantity",
        e.unit_points as "unitPoints", e.points as "points", m.store_id as "homeStoreId"
      from points_exchange e join member m on m.id = e.member_id join store s on s.id = e.store_id
        left join user_account u on u.id = e.created_by
      where e.member_id = ${bind('memberId')}`,
  },
  filters: { memberId: 'query', period: { instant: col('ce', 'at') } },
  example: (db) => exampleOf(db, sql`select member_id from points_exchange`),
  id: col('ce', 'id'),
  scope: { store: col('ce', 'homeStoreId') },
});

export const MEMBER_ACCOUNT_BINDINGS = [purchaseHistoryView, pointsView, creditsExchangeView];
