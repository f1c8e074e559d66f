/**
 * The staff reports' bindings (contract reports/performance.ts). /StoreSmployeePerformance,
 * /RerformanceBonus and /SalesCardRanking read one fact query: each staff share (bill_share) with
 * its bill, its line, the goods the line names and the staff's own store, its 业绩 and 提成 less
 * the line's refunds in proportion; a closed bill (关单) counts for nobody. /MemberExperience has
 * its own rule — a trial line converted when its member bought a card within the window after
 * it — and so its own query.
 */
import {
  EXPERIENCE_CONVERT_DAYS_DEFAULT,
  MEMBER_EXPERIENCE,
  PERFORMANCE_BONUS,
  SALES_CARD_RANKING,
  STORE_STAFF_PERFORMANCE,
} from '@zb/contract/reports/performance';
import { type SQL, sql } from 'drizzle-orm';
import { type BoundQuery, bindReport, bucketOf, col, type QueryInput } from '../../platform/report/binding';

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

/** One row per staff share of a bill that stands, at the grain the three share reports group. */
const shares: BoundQuery = {
  alias: 'sh',
  query: (q) =>
    sql.raw(`select b.id as "shareId", c.id as "billId", c.bill_no as "billNo", c.consumed_at as "consumedAt",
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
      where c.status <> 'closed'`),
};

const shareBinding = {
  from: shares,
  dims: {},
  filters: { period: { instant: col('sh', 'consumedAt') } },
  scope: { store: col('sh', 'storeId') },
} as const;

export const storeStaffPerformanceBinding = bindReport({
  decl: STORE_STAFF_PERFORMANCE,
  ...shareBinding,
  dims: { month: bucketOf(col('sh', 'consumedAt'), 'month') },
});

export const performanceBonusBinding = bindReport({ decl: PERFORMANCE_BONUS, ...shareBinding });

export const salesCardRankingBinding = bindReport({
  decl: SALES_CARD_RANKING,
  ...shareBinding,
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
