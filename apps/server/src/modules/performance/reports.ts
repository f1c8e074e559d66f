/**
 * The staff reports' bindings (contract reports/performance.ts). /StoreSmployeePerformance,
 * /RerformanceBonus and /SalesCardRanking add up the staff shares (bill_share): each share's 业绩
 * and 提成 less its line's refunds in proportion; a closed bill (关单) counts for nobody. Their
 * summaries read the staff share rollups (staff_share_day/_month, modules/members/rollups.ts:
 * per Beijing day or month × the bill's store × staff × line kind, through `periodSums`), so a
 * chain-wide month reads about a month of staff rows, not every share; 业绩提成's 明细 reads the
 * shares themselves (each with its bill, line, goods and the staff's own store). 服务会员数 is a
 * distinct count of members no rollup adds up: it reads the period's shares' (staff, store,
 * member). /MemberExperience has its own rule — a trial line converted when its member bought a
 * card within the window after it — and so its own query over the trial lines.
 */
import {
  EXPERIENCE_CONVERT_DAYS_DEFAULT,
  MEMBER_EXPERIENCE,
  PERFORMANCE_BONUS,
  SALES_CARD_RANKING,
  STORE_STAFF_PERFORMANCE,
} from '@zb/contract/reports/performance';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type BoundQuery, bindReport, bucketOf, col, type QueryInput } from '../../platform/report/binding';
import { dayStart, nextDayStart } from '../../platform/resource/filters';
import { storeScopeFilter } from '../../platform/scope';
import { periodSums } from '../members/reports';

/** A staff as the staff picker names them: 姓名（所属门店）. */
const STAFF_LABEL = `st.name || '（' || hs.name || '）'`;

/** A column that is the share's figure on lines of one kind, else 0. */
const ofKind = (kind: string, value: string, as: string) =>
  `case when l.item_kind = '${kind}' then ${value} else 0 end as "${as}"`;

/**
 * A share's figure less the line's refunds, in proportion (a line refunded by half keeps half its
 * 业绩 and 提成), counted at the bill's date.
 */
const net = (value: string) =>
  `(${value} - coalesce(round(${value}::numeric * l.refunded / nullif(l.amount, 0)), 0)::int)`;

const KIND_COLUMNS = ['project', 'product', 'cardSale', 'topUp']
  .flatMap((kind) => [
    ofKind(kind, net('b.performance'), `${kind}Performance`),
    ofKind(kind, net('b.commission'), `${kind}Commission`),
  ])
  .join(', ');

/**
 * The member's name and phone, read only when the grouping shows them (明细): a summary over a
 * chain-wide month then never joins the members at all.
 */
const member = (q: QueryInput) =>
  q.dims.includes('memberName')
    ? { name: 'm.name', phone: 'm.phone', join: 'left join member m on m.id = c.member_id' }
    : { name: 'null::text', phone: 'null::text', join: '' };

/**
 * The goods a line names (项目, 商品, 卡项, or the card a top-up went onto), read only when the
 * grouping shows them (明细): a summary never joins the members' cards.
 */
const goods = (q: QueryInput) =>
  q.dims.includes('goodsName')
    ? {
        name: `case l.item_kind when 'project' then pj.name when 'product' then pd.name when 'cardSale' then k.name
          else '充值·' || coalesce(tk.name, '') end`,
        join: `left join project pj on pj.id = l.project_id
          left join product pd on pd.id = l.product_id
          left join card k on k.id = l.card_id
          left join member_card tc on l.item_kind = 'topUp' and tc.id = l.member_card_id
          left join card tk on tk.id = tc.card_id`,
      }
    : { name: 'null::text', join: '' };

/**
 * The request's store, region, staff and line kind (when given) and the caller's scope on a
 * store, a staff and a line kind column (the filters are the queries' own: 'query').
 */
const narrow = (q: QueryInput, store: string, staff: string, kind: string | null): SQL => {
  const parts = [storeScopeFilter(q.scope, sql.raw(store) as unknown as AnyPgColumn) ?? sql`true`];
  if (q.has('storeId')) parts.push(sql`${sql.raw(store)} = ${q.bind('storeId')}::int`);
  if (q.has('regionId'))
    parts.push(sql`${sql.raw(store)} in (select id from store where region_id = ${q.bind('regionId')}::int)`);
  if (q.has('staffId')) parts.push(sql`${sql.raw(staff)} = ${q.bind('staffId')}::int`);
  if (kind && q.has('lineKind')) parts.push(sql`${sql.raw(kind)} = ${q.bind('lineKind')}`);
  return sql.join(parts, sql` and `);
};

/** The bills of the period (alias c) that stand. */
const billsIn = (q: QueryInput) =>
  sql`c.status <> 'closed' and c.consumed_at >= ${dayStart(q.bind('periodFrom'))} and c.consumed_at < ${nextDayStart(q.bind('periodTo'))}`;

/** A staff rollup row (alias x) that adds up shares: one staff's, of one line kind. */
const SHARE_ROW = `x.staff_id <> 0 and x.line_kind <> ''`;

/**
 * The staff rollup rows (alias x) that count the bills served (服务单数): the staff's own when the
 * grouping or a filter is by staff, else any staff's (staff_id 0: a bill two staff shared is one
 * bill of its store); of the line kind asked, else of any kind ('').
 */
const billRows = (q: QueryInput, byStaff: boolean) =>
  `x.staff_id ${byStaff ? '<> 0' : '= 0'} and x.line_kind ${q.has('lineKind') ? `<> ''` : `= ''`}`;

const byStaffOf = (q: QueryInput) => q.dims.includes('staffId') || q.has('staffId');

/** The period's staff rollup rows (periodSums: key, `at` the month, n and the sums) that `rows` selects, narrowed. */
const rollupRows = (q: QueryInput, rows: string) =>
  periodSums(
    q,
    ['periodFrom', 'periodTo'],
    'staff_share',
    'store_id, staff_id, line_kind',
    ['line_amount', 'line_refunded', 'performance', 'commission', 'bills'],
    sql`(${sql.raw(rows.replaceAll('x.', ''))}) and ${narrow(q, 'store_id', 'staff_id', 'line_kind')}`,
  );

const onKind = (kind: string, value: string, as: string) =>
  `case when ${SHARE_ROW} and x.line_kind = '${kind}' then ${value} else 0 end as "${as}"`;
const ROLLUP_KIND_COLUMNS = ['project', 'product', 'cardSale', 'topUp']
  .flatMap((kind) => [
    onKind(kind, 'x.performance', `${kind}Performance`),
    onKind(kind, 'x.commission', `${kind}Commission`),
  ])
  .join(', ');

/**
 * The summaries' rows from the staff rollups: per store × staff × line kind × month of the period,
 * the shares' figures (rows of one staff and kind) and the bills served (the rows `billRows`
 * names); plus, for 门店员工业绩's 服务会员数 (`members`), the period's distinct (store, staff, month,
 * member) of the shares, which no rollup adds up.
 */
const rollupShares = (q: QueryInput, served: boolean): SQL => {
  // Only 门店员工业绩 counts bills and members served: the other reports read the share rows alone.
  const bills = served ? billRows(q, byStaffOf(q)) : 'false';
  const share = (v: string) => `case when ${SHARE_ROW} then ${v} else 0 end`;
  const rows =
    sql.raw(`select x.store_id as "storeId", s.name as "storeName", s.region_id as "regionId", r.name as "regionName",
      x.staff_id as "staffId", ${STAFF_LABEL} as "staffName", x.at as "consumedAt", nullif(x.line_kind, '') as "lineKind",
      ${share('x.n')} as "shares", ${share('x.line_amount')} as "lineAmount", ${share('x.line_refunded')} as "lineRefunded",
      ${share('x.performance')} as "performance", ${share('x.commission')} as "commission", ${ROLLUP_KIND_COLUMNS},
      case when ${bills} then x.bills else 0 end as "bills",
      ${onKind('cardSale', 'x.n', 'cardSales')}, ${onKind('topUp', 'x.n', 'topUps')},
      ${onKind('cardSale', 'x.line_amount - x.line_refunded', 'cardSaleAmount')},
      ${onKind('topUp', 'x.line_amount - x.line_refunded', 'topUpAmount')}, null::int as "members"
    from (`);
  const tail = sql.raw(`) x
    join store s on s.id = x.store_id
    left join region r on r.id = s.region_id
    left join staff st on st.id = x.staff_id
    left join store hs on hs.id = st.store_id`);
  const summed = sql`${rows}${rollupRows(q, `(${SHARE_ROW}) or (${bills})`)}${tail}`;
  if (!served) return summed;
  // Every figure of the rows above but members (the kind columns 8 of them), 0.
  const zeros = Array.from({ length: 5 + 8 + 5 }, () => '0').join(', ');
  const kindJoin = q.has('lineKind')
    ? 'join member_consume_line l on l.consume_id = b.consume_id and l.line = b.line'
    : '';
  return sql`${summed}
    union all
    select m.store_id, s.name, s.region_id, r.name, m.staff_id, ${sql.raw(STAFF_LABEL)}, m.at, null::text,
      ${sql.raw(zeros)}, m.member_id
    from (select distinct c.store_id, b.staff_id, date_trunc('month', c.consumed_at at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' as at,
        c.member_id
      from member_consume c join bill_share b on b.consume_id = c.id ${sql.raw(kindJoin)}
      where ${billsIn(q)} and ${narrow(q, 'c.store_id', 'b.staff_id', q.has('lineKind') ? 'l.item_kind' : null)}) m
    join store s on s.id = m.store_id
    left join region r on r.id = s.region_id
    join staff st on st.id = m.staff_id
    join store hs on hs.id = st.store_id`;
};

/** 服务单数's total: the bills of the rows that count them for the whole result (any staff's, unless one staff is asked). */
const billsTotal = (q: QueryInput): SQL => {
  const rows = billRows(q, q.has('staffId'));
  return sql`(select coalesce(sum(x.bills), 0) from (${rollupRows(q, rows)}) x where ${sql.raw(rows)})`;
};

/** One row per staff share of a bill that stands, at the grain the three share reports group. */
const shareFacts = (q: QueryInput): SQL =>
  sql`${sql.raw(`select b.id as "shareId", c.id as "billId", c.bill_no as "billNo", c.consumed_at as "consumedAt",
        c.store_id as "storeId", s.name as "storeName", s.region_id as "regionId", r.name as "regionName",
        b.staff_id as "staffId", ${STAFF_LABEL} as "staffName", ${STAFF_LABEL} as "servedBy",
        ${member(q).name} as "memberName", b.line as "line", l.item_kind as "lineKind",
        ${goods(q).name} as "goodsName",
        l.amount as "lineAmount", l.refunded as "lineRefunded", 1 as "shares",
        ${net('b.performance')} as "performance", ${net('b.commission')} as "commission",
        c.id as "bills", c.member_id as "members", ${KIND_COLUMNS},
        (l.item_kind = 'cardSale')::int as "cardSales", (l.item_kind = 'topUp')::int as "topUps",
        case when l.item_kind = 'cardSale' then l.amount - l.refunded else 0 end as "cardSaleAmount",
        case when l.item_kind = 'topUp' then l.amount - l.refunded else 0 end as "topUpAmount"
      from bill_share b
      join member_consume c on c.id = b.consume_id
      join member_consume_line l on l.consume_id = b.consume_id and l.line = b.line
      join staff st on st.id = b.staff_id
      join store hs on hs.id = st.store_id
      join store s on s.id = c.store_id
      left join region r on r.id = s.region_id
      ${member(q).join}
      ${goods(q).join}
      where `)}${billsIn(q)} and ${narrow(q, 'c.store_id', 'b.staff_id', 'l.item_kind')}`;

/** The share reports' rows: the shares themselves for 明细, else the staff rollups. */
const shares = (members: boolean): BoundQuery => ({
  alias: 'sh',
  query: (q) => (q.grouping === 'detail' ? shareFacts(q) : rollupShares(q, members)),
});

const shareBinding = {
  from: shares(false),
  dims: {},
  filters: { period: 'query', storeId: 'query', regionId: 'query', staffId: 'query', lineKind: 'query' },
  scope: { store: col('sh', 'storeId'), inQuery: true },
} as const;

export const storeStaffPerformanceBinding = bindReport({
  decl: STORE_STAFF_PERFORMANCE,
  ...shareBinding,
  from: shares(true),
  dims: { month: bucketOf(col('sh', 'consumedAt'), 'month') },
  // 服务单数: the rollup rows' bills (billRows), added up; its total from the rows of the whole result.
  measures: { bills: sql`sum(${col('sh', 'bills')})` },
  totals: (q) => ({ bills: billsTotal(q) }),
});

export const performanceBonusBinding = bindReport({ decl: PERFORMANCE_BONUS, ...shareBinding });

export const salesCardRankingBinding = bindReport({
  decl: SALES_CARD_RANKING,
  ...shareBinding,
  filters: { period: 'query', storeId: 'query', regionId: 'query', staffId: 'query' },
  where: sql`${col('sh', 'lineKind')} in ('cardSale', 'topUp')`,
});

/** The conversion window in days: the query's, or the contract's default. */
const daysOf = (q: QueryInput): SQL =>
  q.has('days') ? sql`${q.bind('days')}::int` : sql.raw(String(EXPERIENCE_CONVERT_DAYS_DEFAULT));

/**
 * One row per trial line (a project with an enabled trial limit, member_consume_line.trial) of a
 * bill that stands, per staff who served it (its shares; the bill's staff when it has none), with
 * the member's first card bought (a card-sale line of a bill that stands, any store) from the
 * trial up to `days` days after it.
 */
const trials: BoundQuery = {
  alias: 'ex',
  query: (q) => sql`select l.id as "lineId", c.id as "billId", c.bill_no as "billNo", c.consumed_at as "consumedAt",
      c.store_id as "storeId", s.name as "storeName", s.name as "trialStore", s.region_id as "regionId",
      r.name as "regionName", st.id as "staffId", coalesce(${sql.raw(STAFF_LABEL)}, '未指定') as "staffName", l.project_id as "projectId", pj.name as "projectName",
      ${sql.raw(member(q).name)} as "memberName", ${sql.raw(member(q).phone)} as "memberPhone", cv.at as "convertedAt",
      1 as "trials", c.member_id as "members", case when cv.at is not null then c.member_id end as "converted"
    from member_consume_line l
    join member_consume c on c.id = l.consume_id
    join store s on s.id = c.store_id
    left join region r on r.id = s.region_id
    ${sql.raw(member(q).join)}
    left join project pj on pj.id = l.project_id
    left join lateral (
      select b.staff_id from bill_share b where b.consume_id = l.consume_id and b.line = l.line
      union all
      select c.staff_id where not exists (select 1 from bill_share b where b.consume_id = l.consume_id and b.line = l.line)
    ) sv on true
    left join staff st on st.id = sv.staff_id
    left join store hs on hs.id = st.store_id
    left join lateral (
      select min(c2.consumed_at) as at from member_consume c2
      where c2.member_id = c.member_id and c2.status <> 'closed'
        and c2.consumed_at >= c.consumed_at and c2.consumed_at < c.consumed_at + ${daysOf(q)} * interval '1 day'
        and exists (select 1 from member_consume_line l2 where l2.consume_id = c2.id and l2.item_kind = 'cardSale')
    ) cv on true
    where l.trial and l.item_kind = 'project' and c.status <> 'closed'`,
};

export const memberExperienceBinding = bindReport({
  decl: MEMBER_EXPERIENCE,
  from: trials,
  filters: { period: { instant: col('ex', 'consumedAt') }, days: 'query' },
  scope: { store: col('ex', 'storeId') },
});

export const PERFORMANCE_REPORT_BINDINGS = [
  storeStaffPerformanceBinding,
  performanceBonusBinding,
  salesCardRankingBinding,
  memberExperienceBinding,
];
