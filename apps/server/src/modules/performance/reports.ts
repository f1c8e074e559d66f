/**
 * The staff reports' bindings (contract reports/performance.ts). /StoreSmployeePerformance,
 * /RerformanceBonus and /SalesCardRanking add up the staff shares (bill_share): each share's 业绩
 * and 提成 less its line's refunds in proportion; a closed bill (关单) counts for nobody. Their
 * summaries read the staff share rollups (staff_share_day/_month, modules/members/rollups.ts:
 * per Beijing day or month × the bill's store × staff × line kind, through `periodSums`), so a
 * chain-wide month reads about a month of staff rows, not every share, added up per key of the
 * grouping in float8 before the names are joined; 业绩提成's 明细 reads the shares themselves (each
 * with its bill, line, goods and the staff's own store). 门店员工业绩 has no 服务会员数 (a distinct
 * count of members over any period no day rows add up): its 客单价 is 业绩 ÷ 服务单数, derived by
 * the engine. /MemberExperience has its own rule — a trial line converted when its member bought a
 * card within the window after it — and so its own query over the trial lines.
 */

import type { AnyReport } from '@zb/contract/report/define';
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

/**
 * A share's figure less the line's refunds, in proportion (a line refunded by half keeps half its
 * 业绩 and 提成), counted at the bill's date.
 */
const net = (value: string) =>
  `(${value} - coalesce(round(${value}::numeric * l.refunded / nullif(l.amount, 0)), 0)::int)`;

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

/**
 * Every staff rollup row adds up the shares at its grain: one staff's or any staff's (0), of one
 * line kind or of any (''). A report reads the coarsest rows its grouping and filters allow: a
 * staff's own rows only by staff (or one staff asked), a kind's own rows only by kind, for a kind
 * asked, for figures by kind or for the kinds a report covers.
 */
interface Grain {
  staff: boolean;
  kind: boolean;
}

const KINDS = ['project', 'product', 'cardSale', 'topUp'];

/** The measures that need the rows of one line kind. */
const KIND_MEASURES = new Set([
  ...KINDS.flatMap((k) => [`${k}Performance`, `${k}Commission`]),
  'cardSales',
  'topUps',
  'cardSaleAmount',
  'topUpAmount',
]);

/** What a report reads of the staff rollups: its measures, whether it counts bills served, the line kinds it covers. */
interface ShareReport {
  measures: readonly string[];
  served?: boolean;
  kinds?: readonly string[];
}

const grainOf = (q: QueryInput, r: ShareReport): Grain => ({
  staff: q.dims.includes('staffId') || q.has('staffId'),
  kind: q.dims.includes('lineKind') || q.has('lineKind') || !!r.kinds || r.measures.some((m) => KIND_MEASURES.has(m)),
});

/** The staff rollup rows that add up the shares at a grain. */
const shareRow = (g: Grain) => `staff_id ${g.staff ? '<> 0' : '= 0'} and line_kind ${g.kind ? `<> ''` : `= ''`}`;

/**
 * The staff rollup rows that count the bills served (服务单数): the staff's own when the grouping
 * or a filter is by staff, else any staff's (a bill two staff shared is one bill of its store); of
 * the line kind asked, else of any kind (a bill with two kinds of lines is one bill).
 */
const billRow = (q: QueryInput, g: Grain) => shareRow({ staff: g.staff, kind: q.has('lineKind') });

/** Each share measure as a sum over the staff rollup rows of a grain, by the measure's key. */
const shareMeasure = (g: Grain, key: string): string => {
  const of = (v: string, kind?: string) =>
    `case when ${shareRow(g)}${kind ? ` and line_kind = '${kind}'` : ''} then ${v} else 0 end`;
  const kind = KINDS.find((k) => key === `${k}Performance` || key === `${k}Commission`);
  if (kind) return of(key.endsWith('Performance') ? 'performance' : 'commission', kind);
  const plain: Record<string, string> = {
    shares: of('n'),
    lineAmount: of('line_amount'),
    lineRefunded: of('line_refunded'),
    performance: of('performance'),
    commission: of('commission'),
    cardSales: of('n', 'cardSale'),
    topUps: of('n', 'topUp'),
    cardSaleAmount: of('line_amount - line_refunded', 'cardSale'),
    topUpAmount: of('line_amount - line_refunded', 'topUp'),
  };
  return plain[key] ?? '0';
};

/**
 * The period's staff rollup rows (periodSums) that `rows` selects, narrowed, added up per `keys`
 * (and month when `byMonth`), each of `measures` ([name, expression]) a sum.
 */
const rollupRows = (
  q: QueryInput,
  r: ShareReport,
  rows: string,
  keys: string,
  measures: readonly (readonly [string, string])[],
  byMonth = q.dims.includes('month'),
) => {
  const kinds = r.kinds ? ` and line_kind in (${r.kinds.map((k) => `'${k}'`).join(', ')})` : '';
  return periodSums(
    q,
    ['periodFrom', 'periodTo'],
    'staff_share',
    keys,
    measures,
    sql`(${sql.raw(rows)})${sql.raw(kinds)} and ${narrow(q, 'store_id', 'staff_id', 'line_kind')}`,
    { byMonth },
  );
};

/** A report's measures over the rollup rows of its grain (服务单数 `bills` from the rows billRow names). */
const measuresOf = (q: QueryInput, r: ShareReport, g: Grain, keys = r.measures) =>
  keys.map((k): [string, string] => [
    `"${k}"`,
    k === 'bills' ? `case when ${billRow(q, g)} then bills else 0 end` : shareMeasure(g, k),
  ]);

/** The rows a report reads: its grain's share rows, and the bill rows when it counts bills served. */
const rowsOf = (q: QueryInput, r: ShareReport, g: Grain) =>
  r.served ? `(${shareRow(g)}) or (${billRow(q, g)})` : shareRow(g);

/**
 * The summaries' rows from the staff rollups, added up per key of the grouping (staff, store,
 * line kind, month) before the names are joined: one row per group, a few tens of thousands of
 * rows for a chain-wide month by staff.
 */
const rollupShares = (q: QueryInput, r: ShareReport): SQL => {
  const g = grainOf(q, r);
  const byStore = q.dims.some((d) => ['storeId', 'storeName', 'regionName'].includes(d));
  const byStaff = q.dims.includes('staffId');
  const byKind = q.dims.includes('lineKind');
  const keys = [byStore && 'store_id', byStaff && 'staff_id', byKind && 'line_kind'].filter(Boolean).join(', ');
  const names = r.measures.map((k) => `x."${k}"`).join(', ');
  return sql`${sql.raw(`select ${byStore ? 'x.store_id' : 'null::int'} as "storeId", ${byStore ? 's.name' : 'null::text'} as "storeName",
      ${byStore ? 's.region_id' : 'null::int'} as "regionId", ${byStore ? 'r.name' : 'null::text'} as "regionName",
      ${byStaff ? 'x.staff_id' : 'null::int'} as "staffId", ${byStaff ? STAFF_LABEL : 'null::text'} as "staffName",
      x.at as "consumedAt", ${byKind ? 'x.line_kind' : 'null::text'} as "lineKind", ${names}
    from (`)}${rollupRows(q, r, rowsOf(q, r, g), keys, measuresOf(q, r, g))}${sql.raw(`) x
    ${byStore ? 'join store s on s.id = x.store_id left join region r on r.id = s.region_id' : ''}
    ${byStaff ? 'left join staff st on st.id = x.staff_id left join store hs on hs.id = st.store_id' : ''}`)}`;
};

/**
 * The totals of the whole result from the rollup rows of the report's grain without the
 * grouping's keys (chain-wide and no staff or kind asked: a few rows per store and day): each
 * measure named, and 共 N 条 as `count` (the shares, for 明细).
 */
const rollupTotals = (q: QueryInput, r: ShareReport, keys: readonly string[], count?: string) => {
  const g = grainOf({ ...q, dims: [] }, r);
  const one = (k: string) =>
    sql`(select coalesce(sum(x."${sql.raw(k)}"), 0) from (${rollupRows(q, r, rowsOf(q, r, g), '', measuresOf(q, r, g, [k]), false)}) x)`;
  const out: Record<string, SQL> = Object.fromEntries(keys.map((k) => [k, one(k)]));
  if (count) out.count = one(count);
  return out;
};

/**
 * One row per staff share of a bill that stands (业绩提成's 明细), of the bills `which` selects, in
 * the order `top` names and cut at the page's end when given.
 */
const shareFacts = (q: QueryInput, which = 'true', top?: string): SQL =>
  sql`${sql.raw(`select b.id as "shareId", c.id as "billId", c.bill_no as "billNo", c.consumed_at as "consumedAt",
        c.store_id as "storeId", s.name as "storeName", s.region_id as "regionId", r.name as "regionName",
        b.staff_id as "staffId", ${STAFF_LABEL} as "staffName", ${STAFF_LABEL} as "servedBy",
        ${member(q).name} as "memberName", b.line as "line", l.item_kind as "lineKind",
        ${goods(q).name} as "goodsName",
        l.amount as "lineAmount", l.refunded as "lineRefunded", 1 as "shares",
        ${net('b.performance')} as "performance", ${net('b.commission')} as "commission"
      from bill_share b
      join member_consume c on c.id = b.consume_id
      join member_consume_line l on l.consume_id = b.consume_id and l.line = b.line
      join staff st on st.id = b.staff_id
      join store hs on hs.id = st.store_id
      join store s on s.id = c.store_id
      left join region r on r.id = s.region_id
      ${member(q).join}
      ${goods(q).join}
      where ${which} and `)}${billsIn(q)} and ${narrow(q, 'c.store_id', 'b.staff_id', 'l.item_kind')}${
    top ? sql` order by ${sql.raw(top)} limit ${q.top}` : sql``
  }`;

/**
 * 明细 in its default order (业绩 desc, then the share's id desc) reads only the shares that can be
 * on the page: of the bills with no refund, whose net 业绩 is the share's own, the first from the
 * top of bill_share_performance_idx whose bill falls in the period; of the period's refunded bills
 * (few: member_consume_refunded_at_idx), the first by net 业绩. The page is the first of both.
 */
const detailRows = (q: QueryInput): SQL => {
  const [first] = q.order;
  // One store or staff (a filter, or a store's scope) has few shares in the period, which its
  // own indexes find (member_consume_store_idx, bill_share_staff_idx): read them and sort, as a
  // walk down the chain's shares by 业绩 would pass most of two years' shares before its first.
  const few = q.has('storeId') || q.has('staffId') || q.scope.level === 'store';
  if (first?.[0] !== 'performance' || first[1] !== 'desc' || few) return shareFacts(q);
  return sql`select * from (${shareFacts(q, 'c.refunded = 0', 'b.performance desc, b.id desc')}) a
    union all select * from (${shareFacts(q, 'c.refunded > 0', '"performance" desc, b.id desc')}) r`;
};

/** The share reports' rows: the shares themselves for 明细, else the staff rollups. */
const shares = (r: ShareReport): BoundQuery => ({
  alias: 'sh',
  query: (q) => (q.grouping === 'detail' ? detailRows(q) : rollupShares(q, r)),
});

const shareBinding = {
  dims: {},
  filters: { period: 'query', storeId: 'query', regionId: 'query', staffId: 'query', lineKind: 'query' },
  scope: { store: col('sh', 'storeId'), inQuery: true },
} as const;

/** A report's base measures (the engine derives its ratios). */
const baseMeasures = (decl: AnyReport) =>
  Object.entries(decl.measures)
    .filter(([, m]) => m.agg !== 'ratio')
    .map(([k]) => k);

const STAFF_PERFORMANCE_READS: ShareReport = { measures: baseMeasures(STORE_STAFF_PERFORMANCE), served: true };

export const storeStaffPerformanceBinding = bindReport({
  decl: STORE_STAFF_PERFORMANCE,
  ...shareBinding,
  from: shares(STAFF_PERFORMANCE_READS),
  dims: { month: bucketOf(col('sh', 'consumedAt'), 'month') },
  // 服务单数: the rollup rows' bills (billRows), added up; its total from the rows of the whole result.
  measures: { bills: sql`sum(${col('sh', 'bills')})` },
  totals: (q) => rollupTotals(q, STAFF_PERFORMANCE_READS, ['bills']),
});

const BONUS_READS: ShareReport = { measures: baseMeasures(PERFORMANCE_BONUS) };

export const performanceBonusBinding = bindReport({
  decl: PERFORMANCE_BONUS,
  ...shareBinding,
  from: shares(BONUS_READS),
  // 明细's rows are the shares themselves: paged without grouping, its totals from the rollups.
  ungrouped: ['detail'],
  totals: (q) =>
    q.grouping === 'detail'
      ? rollupTotals(q, BONUS_READS, ['shares', 'performance', 'commission'], 'shares')
      : undefined,
});

export const salesCardRankingBinding = bindReport({
  decl: SALES_CARD_RANKING,
  ...shareBinding,
  from: shares({ measures: baseMeasures(SALES_CARD_RANKING), kinds: ['cardSale', 'topUp'] }),
  filters: { period: 'query', storeId: 'query', regionId: 'query', staffId: 'query' },
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
