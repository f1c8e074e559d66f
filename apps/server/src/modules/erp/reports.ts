/**
 * The ERP and franchise-accounting reports (contract reports/erp.ts), bound queries over the
 * bills and the vouchers. 消耗额 is one expression everywhere (`CONSUMED`): the project and
 * product lines of completed bills, less what was refunded of them.
 */

import { TAKING_METHODS } from '@zb/contract/entities/erp';
import {
  A0002_REPORT,
  CONSUME_DETAIL_REPORT,
  CONSUMPTION_SUMMARY_REPORT,
  DEEP_COOP_PROFIT_REPORT,
  SETTLEMENT_REPORT,
} from '@zb/contract/reports/erp';
import { type SQL, sql } from 'drizzle-orm';
import { bindReport, col, type QueryInput } from '../../platform/report/binding';
import { lineTotals, rollupSums } from '../bills/rollups';
import { takingsOf } from './facts';

/** The Beijing midnight starting a day given as a bound 'YYYY-MM-DD'. */
const startOf = (day: SQL): SQL => sql`(${day})::timestamp at time zone 'Asia/Shanghai'`;
const periodOf = ({ bind }: QueryInput) => {
  const from = sql`${bind('periodFrom')}::date`;
  const to = sql`${bind('periodTo')}::date`;
  return { from, to, start: startOf(from), end: startOf(sql`${to} + 1`) };
};
const dayOfInstant = (instant: string) => sql.raw(`((${instant}) at time zone 'Asia/Shanghai')::date`);

/** The lines that are consumption, and their figure. */
const CONSUMED_LINES = sql.raw(`c.status = 'completed' and l.item_kind in ('project', 'product')`);
const CONSUMED = sql.raw('(l.amount - l.refunded)');

export const a0002Binding = bindReport({
  decl: A0002_REPORT,
  from: {
    alias: 'q',
    query: () => sql`select l.id as "lineId", v.voucher_no as "voucherNo", l.day as "day", l.store_id as "storeId",
        s.code as "storeCode", s.name as "storeName", v.company_code as "companyCode", l.fee_type as "feeType",
        l.subject_code as "subjectCode", l.subject_name as "subjectName", l.direction as "direction",
        case when l.direction = 'debit' then l.amount else 0 end as "debit",
        case when l.direction = 'credit' then l.amount else 0 end as "credit", l.bill_count as "billCount"
      from erp_voucher_line l join erp_voucher v on v.id = l.voucher_id join store s on s.id = l.store_id`,
  },
  id: col('q', 'lineId'),
  filters: { period: col('q', 'day') },
  scope: { store: col('q', 'storeId') },
});

export const consumeDetailBinding = bindReport({
  decl: CONSUME_DETAIL_REPORT,
  from: {
    alias: 'q',
    query: () => sql`select l.id as "lineId", c.id as "id", c.bill_no as "billNo", c.consumed_at as "consumedAt",
        c.store_id as "storeId", s.code as "storeCode", s.name as "storeName", m.name as "memberName",
        m.phone as "memberPhone", l.item_kind as "itemKind", coalesce(pj.code, pd.code) as "goodsCode",
        coalesce(pj.name, pd.name) as "goodsName", mc.card_no as "cardNo", l.quantity as "quantity",
        l.amount as "amount", l.card_amount as "cardAmount", l.refunded as "refunded", ${CONSUMED} as "consumption"
      from member_consume_line l join member_consume c on c.id = l.consume_id
        join store s on s.id = c.store_id join member m on m.id = c.member_id
        left join project pj on pj.id = l.project_id left join product pd on pd.id = l.product_id
        left join member_card mc on mc.id = l.member_card_id
      where ${CONSUMED_LINES}`,
  },
  id: col('q', 'lineId'),
  filters: { period: { instant: col('q', 'consumedAt') } },
  scope: { store: col('q', 'storeId') },
  // 共 N 条 and 合计 from the completed bills' lines per store, day and kind (bill_line_day), not
  // the month's lines; a goods name asked narrows below it (counted over the lines).
  totals: (input) => {
    if (input.has('goodsName')) return undefined;
    const sum = rollupSums(input, 'bill_line_day', [
      input.has('itemKind')
        ? sql`d.item_kind = ${input.bind('itemKind')}::text`
        : sql`d.item_kind in ('project', 'product')`,
    ]);
    return { ...lineTotals(sum), consumption: sql`(${sum('amount')}) - (${sum('refunded')})` };
  },
});

const methodSums = sql.raw(
  TAKING_METHODS.map((m) => `sum(amount) filter (where method = '${m.value}') as "${m.value}"`).join(', '),
);
const methodCols = sql.raw(TAKING_METHODS.map((m) => `coalesce(g."${m.value}", 0) as "${m.value}"`).join(', '));

export const settlementBinding = bindReport({
  decl: SETTLEMENT_REPORT,
  from: {
    alias: 'q',
    query: (input) => {
      const { from, to, start, end } = periodOf(input);
      // One aggregate over the three kinds of facts (takings, refunds, vouchers) by store and day:
      // no join between CTEs, which PostgreSQL could only loop over.
      return sql`with b as (
          select c.id, c.store_id, ${dayOfInstant('c.consumed_at')} as day from member_consume c
          where c.status = 'completed' and c.consumed_at >= ${start} and c.consumed_at < ${end}
        ), f as (
          select t.store_id, t.day, t.consume_id as bill, t.method, t.amount, 0::bigint as refund, 0::bigint as voucher
            from (${takingsOf('b')}) t
          union all
          select store_id, ${dayOfInstant('executed_at')}, null, null, 0, (to_cards + outside)::bigint, 0
            from refund where status = 'executed' and executed_at >= ${start} and executed_at < ${end}
          union all
          select store_id, day, null, null, 0, 0, debit_total
            from erp_voucher where status = 'made' and day between ${from} and ${to}
        ), g as (
          select store_id, day, count(distinct bill) as bills, ${methodSums}, sum(amount) as takings,
            sum(refund) as refund, sum(voucher) as voucher
          from f group by store_id, day
        )
        select g.store_id as "storeId", s.code as "storeCode", s.name as "storeName", g.day as "day",
          g.bills as "billCount", ${methodCols}, g.takings as "takings", g.refund as "refund",
          g.takings + g.refund as "expectedDebit", g.voucher as "voucherDebit",
          g.takings + g.refund - g.voucher as "difference"
        from g join store s on s.id = g.store_id`;
    },
  },
  filters: { period: 'query' },
  scope: { store: col('q', 'storeId') },
});

/** Consumption per store per month of the period, with the store's EAS configuration `e`. */
const storeMonths = (input: QueryInput, storeCond: SQL, extra: SQL) => {
  const { from, to, start, end } = periodOf(input);
  const month = sql.raw(`date_trunc('month', ${`((c.consumed_at) at time zone 'Asia/Shanghai')::date`})::date`);
  return sql`select c.store_id as "storeId", s.code as "storeCode", s.name as "storeName", ${month} as "month",
      greatest(${month}, ${from}) as "dayFrom", least((${month} + interval '1 month')::date - 1, ${to}) as "dayTo",
      count(distinct c.id) as "billCount", sum(${CONSUMED}) as "consumption", ${extra}
    from member_consume_line l join member_consume c on c.id = l.consume_id join store s on s.id = c.store_id
      left join eas_store e on e.store_id = c.store_id
    where ${CONSUMED_LINES} and c.consumed_at >= ${start} and c.consumed_at < ${end} and ${storeCond}
    group by c.store_id, s.code, s.name, ${month}, e.royalty_rate, e.share_rate`;
};

export const consumptionSummaryBinding = bindReport({
  decl: CONSUMPTION_SUMMARY_REPORT,
  from: {
    alias: 'q',
    query: (input) =>
      storeMonths(
        input,
        sql.raw(`s.ownership = 'franchise'`),
        sql.raw(`coalesce(e.royalty_rate, 0) as "royaltyRate",
          round(sum((l.amount - l.refunded)) * coalesce(e.royalty_rate, 0) / 10000.0)::bigint as "royalty"`),
      ),
  },
  filters: { period: 'query' },
  scope: { store: col('q', 'storeId') },
});

export const deepCoopProfitBinding = bindReport({
  decl: DEEP_COOP_PROFIT_REPORT,
  from: {
    alias: 'q',
    query: (input) =>
      storeMonths(
        input,
        sql.raw('e.deep_coop'),
        sql.raw(`e.share_rate as "shareRate",
          round(sum((l.amount - l.refunded)) * e.share_rate / 10000.0)::bigint as "share",
          sum((l.amount - l.refunded)) - round(sum((l.amount - l.refunded)) * e.share_rate / 10000.0)::bigint as "retained"`),
      ),
  },
  filters: { period: 'query' },
  scope: { store: col('q', 'storeId') },
});

export const ERP_REPORT_BINDINGS = [
  a0002Binding,
  consumeDetailBinding,
  settlementBinding,
  consumptionSummaryBinding,
  deepCoopProfitBinding,
];
