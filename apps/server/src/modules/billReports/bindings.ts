/**
 * The bill finance reports' bindings (contract reports/billFinance.ts). /finance and
 * /storeSettlement read the bill rollups (modules/bills/rollups.ts: per Beijing day × store, kept
 * by triggers on the facts and folded before every read) and the executed refunds (refund, by
 * refund_executed_idx); /saleDetails pages the completed bills' lines by the bills' index and takes
 * its count and totals from bill_line_day; /orderCost and /MonthlyRefundSum read the period's
 * bills (or refunds) by member_consume's (store_id, consumed_at) or (consumed_at) index and each
 * bill's lines, payments and draws by their (consume_id, …) and (ref_type, ref_id, seq) keys;
 * 外带产品排行 the bill lines' item rollups. The period, store, region and the caller's scope narrow
 * the rows inside the query (the engine applies the scope again on its storeId).
 */
import { BILL_PAY_METHODS, SENT_PAY_METHODS } from '@zb/contract/entities/bill';
import {
  FINANCE_REPORT,
  MONTHLY_REFUND_SUM_REPORT,
  ORDER_COST_REPORT,
  SALE_DETAILS_REPORT,
  STORE_SETTLEMENT_REPORT,
  TAKEAWAY_RANKING_REPORT,
} from '@zb/contract/reports/billFinance';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bindReport, col, type QueryInput } from '../../platform/report/binding';
import { dayStart, nextDayStart } from '../../platform/resource/filters';
import { storeScopeFilter } from '../../platform/scope';
import { lineTotals, rollupSums } from '../bills/rollups';
import { FIN_SALES, finPayColumn } from '../bills/schema';
import { periodSums } from '../members/reports';

const raw = (s: string) => sql.raw(s);

/** Rows of `instant` within the period's Beijing days (an index on the column serves it). */
const inPeriod = (input: QueryInput, instant: string): SQL =>
  sql`${raw(instant)} >= ${dayStart(input.bind('periodFrom'))} and ${raw(instant)} < ${nextDayStart(input.bind('periodTo'))}`;

/** The caller's scope, the store and the region asked, on a store id column. */
const narrow = (input: QueryInput, storeColumn: string): SQL => {
  const column = raw(storeColumn) as unknown as AnyPgColumn;
  const parts = [storeScopeFilter(input.scope, column) ?? sql`true`];
  if (input.has('storeId')) parts.push(sql`${column} = ${input.bind('storeId')}::int`);
  if (input.has('regionId')) {
    parts.push(sql`${column} in (select id from store where region_id = ${input.bind('regionId')}::int)`);
  }
  return sql.join(parts, sql` and `);
};

/** The completed bills (alias c) of the period in the caller's scope and the stores asked. */
const billsIn = (input: QueryInput): SQL =>
  sql`c.status = 'completed' and ${inPeriod(input, 'c.consumed_at')} and ${narrow(input, 'c.store_id')}`;

/** The refunds (alias r) executed in the period in the caller's scope and the stores asked. */
const refundsIn = (input: QueryInput): SQL =>
  sql`r.status = 'executed' and ${inPeriod(input, 'r.executed_at')} and ${narrow(input, 'r.store_id')}`;

const beijingDay = (instant: string) => raw(`((${instant}) at time zone 'Asia/Shanghai')::date`);

/** Every payment method and those a store takes money by (the contract's lists: one column each). */
const PAY_METHODS = BILL_PAY_METHODS.map((m) => m.value);
const TAKING_METHODS: readonly string[] = SENT_PAY_METHODS;
const q = (k: string) => `"${k}"`;

/** Rollup rows (alias d) of the period's days in the caller's scope and the stores asked, with a fact in them. */
const rollupIn = (input: QueryInput): SQL =>
  sql`d.day >= ${input.bind('periodFrom')}::date and d.day <= ${input.bind('periodTo')}::date and ${narrow(input, 'd.store_id')} and d.n > 0`;

/**
 * One row per store and Beijing day of the period: what its completed bills sold (lines by
 * kind), drew from cards and were paid by each method — one bill_fin_day row (modules/bills/
 * rollups.ts: kept with every bill, refund and 关单 from the bill rollups' deltas, folded before
 * the read; the month is its ~60,000 rows read by the (day, store_id) key, nothing joined but the
 * store, nothing regrouped) — and what the refunds executed that day at the store paid back (few,
 * by refund_executed_idx), joined on the store-days that have a completed bill or a refund: the rows
 * are the store-day groups themselves (ungrouped), which the engine pages without grouping them again.
 */
const dayFacts = {
  alias: 'f',
  query: (input: QueryInput) => {
    const takings = TAKING_METHODS.map((m) => `coalesce(d.${finPayColumn(m)}, 0)`).join(' + ');
    const fin = (column: string, as: string) => `coalesce(d.${column}, 0) as ${q(as)}`;
    const cols = [
      fin('n', 'bills'),
      fin('total', 'billTotal'),
      fin(FIN_SALES.project, 'projectSales'),
      fin(FIN_SALES.product, 'retailSales'),
      fin(FIN_SALES.cardSale, 'cardSales'),
      fin(FIN_SALES.topUp, 'topUps'),
      fin('combo_amount', 'comboDraw'),
      fin('principal', 'drawPrincipal'),
      fin('bonus', 'drawBonus'),
      fin('sessions', 'drawSessions'),
      ...PAY_METHODS.map((m) => fin(finPayColumn(m), m)),
      `${takings} as "takings"`,
      'coalesce(r.refunds, 0) as "refunds"',
      'coalesce(r.outside, 0) as "refundsOutside"',
      `${takings} - coalesce(r.outside, 0) as "net"`,
    ];
    return sql`select coalesce(d.store_id, r.store_id) as "storeId", s.name as "storeName",
        coalesce(d.day, r.day) as "day", s.region_id as "regionId", rg.name as "regionName", ${raw(cols.join(', '))}
      from (select d.* from bill_fin_day d where ${rollupIn(input)}) d
      full join (
        select r.store_id, ${beijingDay('r.executed_at')} as day, sum(r.amount)::bigint as refunds,
          sum(r.outside)::bigint as outside
        from refund r where ${refundsIn(input)} group by 1, 2
      ) r on r.store_id = d.store_id and r.day = d.day
      join store s on s.id = coalesce(d.store_id, r.store_id)
      left join region rg on rg.id = s.region_id`;
  },
};

const storeDayFilters = { period: 'query', storeId: 'query', regionId: 'query' } as const;

export const financeBinding = bindReport({
  decl: FINANCE_REPORT,
  from: dayFacts,
  ungrouped: ['storeDay'],
  filters: storeDayFilters,
  scope: { store: col('f', 'storeId') },
});

export const storeSettlementBinding = bindReport({
  decl: STORE_SETTLEMENT_REPORT,
  from: dayFacts,
  ungrouped: ['storeDay'],
  filters: storeDayFilters,
  scope: { store: col('f', 'storeId') },
});

/** The goods a line names: its project, product or card product; a top-up names none. */
const GOODS = `left join project pj on pj.id = l.project_id
  left join product pd on pd.id = l.product_id
  left join card cd on cd.id = l.card_id`;

/**
 * 共 N 条 and 合计 of /saleDetails from bill_line_day (the completed bills' lines per store, day and
 * kind, with their shares' 业绩): the lines the page lists, never the month's. A product, a goods
 * name or a staff asked narrows below the rollup's key: those are counted over the lines (undefined).
 */
const saleDetailsTotals = (input: QueryInput) => {
  if (input.has('productId') || input.has('goodsName') || input.has('staffId')) return undefined;
  const sum = rollupSums(
    input,
    'bill_line_day',
    input.has('lineKind') ? [sql`d.item_kind = ${input.bind('lineKind')}::text`] : [],
  );
  return { ...lineTotals(sum), performance: sum('performance') };
};

export const saleDetailsBinding = bindReport({
  decl: SALE_DETAILS_REPORT,
  from: {
    alias: 'q',
    query: (input) => {
      const staff = input.has('staffId')
        ? sql` and exists (select 1 from bill_share bs where bs.consume_id = c.id and bs.line = l.line and bs.staff_id = ${input.bind('staffId')}::int)`
        : sql``;
      return sql`select l.id as "lineId", c.id as "id", c.bill_no as "billNo", c.consumed_at as "consumedAt",
          c.store_id as "storeId", s.name as "storeName", m.name as "memberName", l.line as "line",
          l.item_kind as "lineKind", l.product_id as "productId",
          coalesce(pj.code, pd.code, cd.code) as "goodsCode",
          coalesce(pj.name, pd.name, cd.name, '充值') as "goodsName",
          sh."staffNames", l.quantity as "quantity", l.unit_price as "unitPrice", l.amount as "amount",
          l.card_amount as "cardAmount", l.refunded as "refunded", coalesce(sh."performance", 0) as "performance"
        from member_consume c
        join member_consume_line l on l.consume_id = c.id
        join store s on s.id = c.store_id
        join member m on m.id = c.member_id
        ${raw(GOODS)}
        left join lateral (
          select string_agg(st.name, '、' order by bs.staff_id) as "staffNames", sum(bs.performance) as "performance"
          from bill_share bs join staff st on st.id = bs.staff_id
          where bs.consume_id = c.id and bs.line = l.line) sh on true
        where ${billsIn(input)}${staff}`;
    },
  },
  id: col('q', 'lineId'),
  filters: { period: 'query', storeId: 'query', regionId: 'query', staffId: 'query' },
  scope: { store: col('q', 'storeId') },
  totals: saleDetailsTotals,
});

/**
 * One row per project or product line of the completed bills: its revenue and the cost of the
 * products it consumed — a product line its quantity at cost price, a project line its sessions ×
 * the project's product usage (goods project_product, as it is now) at cost price, ml by the
 * product's ml per unit.
 */
export const orderCostBinding = bindReport({
  decl: ORDER_COST_REPORT,
  from: {
    alias: 'q',
    query: (input) => sql`select c.id as "id", c.bill_no as "billNo", c.consumed_at as "consumedAt",
        c.store_id as "storeId", s.name as "storeName", ${beijingDay('c.consumed_at')} as "day",
        c.id as "bills", l.amount as "revenue",
        case when l.item_kind = 'product'
then l.quantity::bigint * pd.cost_price else 0 end as "retailCost",
        coalesce(u.cost, 0) as "projectCost"
      from member_consume c
      join member_consume_line l on l.consume_id = c.id and l.item_kind in ('project', 'product')
      join store s on s.id = c.store_id
      left join product pd on pd.id = l.product_id
      left join lateral (
        select round(sum(l.quantity::numeric * pp.quantity * p.cost_price
          / case when pp.unit = 'ml' then coalesce(p.ml_per_unit, 1) else 1 end))::bigint as cost
        from project_product pp join product p on p.id = pp.product_id
        where pp.project_id = l.project_id) u on l.item_kind = 'project'
      where ${billsIn(input)}`,
  },
  measures: {
    cost: sql`sum(${col('q', 'retailCost')} + ${col('q', 'projectCost')})`,
    margin: sql`sum(${col('q', 'revenue')} - ${col('q', 'retailCost')} - ${col('q', 'projectCost')})`,
  },
  filters: storeDayFilters,
  scope: { store: col('q', 'storeId') },
});

/**
 * One row per executed refund: what went back by each payment method (refund_payment) and to the
 * member cards (refund.to_cards: its 套餐卡 lines' amounts as 套餐卡次, the rest 储值卡).
 */
export const monthlyRefundSumBinding = bindReport({
  decl: MONTHLY_REFUND_SUM_REPORT,
  from: {
    alias: 'q',
    query: (input) => {
      const outside = TAKING_METHODS.map(
        (m) =>
          `coalesce((select sum(rp.amount) from refund_payment rp where rp.refund_id = r.id and rp.method = '${m}'), 0) as ${q(m)}`,
      ).join(', ');
      return sql`select date_trunc('month', ${beijingDay('r.executed_at')})::date as "month",
          r.store_id as "storeId", s.name as "storeName", r.id as "refundId", r.refund_no as "refundNo",
          c.id as "id", c.bill_no as "billNo", 1 as "refunds", r.amount as "amount", ${raw(outside)},
          r.to_cards - coalesce(cb.combo, 0) as "storedCard", coalesce(cb.combo, 0) as "comboCard"
        from refund r
        join store s on s.id = r.store_id
        join member_consume c on c.id = r.consume_id
        left join lateral (
          select sum(rl.amount) as combo from refund_line rl
          join member_consume_line l on l.consume_id = r.consume_id and l.line = rl.line
          where rl.refund_id = r.id and l.member_card_id is not null and l.sessions is not null) cb on true
        where ${refundsIn(input)}`;
    },
  },
  filters: storeDayFilters,
  scope: { store: col('q', 'storeId') },
});

/**
 * The product lines of the period per store and product from the bill lines' rollups
 * (consume_item_day/_month, written with each bill by the ledger; periodSums reads about a month
 * of day rows at most), less the product lines of the period's closed bills (few, by
 * member_consume_closed_idx): a closed bill counts nowhere. A store's product with no line left
 * is no row, as the facts would give none.
 */
export const takeawayRankingBinding = bindReport({
  decl: TAKEAWAY_RANKING_REPORT,
  from: {
    alias: 'q',
    query: (input) => sql`select x.item_id as "productId", pd.code as "productCode", pd.name as "productName",
        x.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
        x.n as "lines", x.quantity as "quantity", x.amount as "amount"
      from (
        select u.store_id, u.item_id, sum(u.n) as n, sum(u.quantity) as quantity, sum(u.amount) as amount
        from (
          select i.store_id, i.item_id, i.n, i.quantity, i.amount
          from (${periodSums(input, ['periodFrom', 'periodTo'], 'consume_item', 'store_id, item_id', ['quantity', 'amount'], `item_kind = 'product'`)}) i
          union all
          select c.store_id, l.product_id, -1, -l.quantity, -l.amount
          from member_consume c join member_consume_line l on l.consume_id = c.id and l.item_kind = 'product'
          where c.closed_at is not null and c.status = 'closed' and ${inPeriod(input, 'c.consumed_at')}
        ) u
        group by u.store_id, u.item_id
        having sum(u.n) > 0
      ) x
      join product pd on pd.id = x.item_id
      join store s on s.id = x.store_id`,
  },
  filters: { period: 'query' },
  scope: { store: col('q', 'storeId') },
});

export const BILL_FINANCE_BINDINGS = [
  financeBinding,
  storeSettlementBinding,
  saleDetailsBinding,
  orderCostBinding,
  monthlyRefundSumBinding,
  takeawayRankingBinding,
];
