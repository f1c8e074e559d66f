/**
 * 会员运营 (contract reports/memberOps.ts) on the report engine.
 *
 * 会员报表 and 会员运营数据 share one bound query (`visitFacts`). Its rows are at the grain the chosen
 * grouping needs — the store, the region or the period bucket — and, for the distinct counts, the
 * member: per grain and member the visits (member × store × Beijing day with a completed bill), the
 * days among them, the spend, whether the member joined in the period, whether they bought a card;
 * beside them the grain's joins from the member rollup (member_store_day, home store) and, for
 * 会员报表, its members holding value now. 复购 (two days or more) and 购卡 are the member's over the
 * whole period at every store of the chain, so a row counts its visitors who are repeaters or
 * buyers, the same for every caller, and the totals row's distinct counts are the union of the rows'.
 *
 * Reads: the chain's bills and cards sold of the period by member_consume_at_idx and
 * member_card_opened_idx (never a bill before the period), member_store_day for the joins, and the
 * members of the scope for 有余额 (no rollup holds it per store yet).
 *
 * 顾客分析 reads the members of the scope (one row each, their level, gender, age band as of today,
 * home store, value held) with the period's bills summed per member. 会员运营 reads the members
 * holding value whose last visit (or, never billed, joining) is 30 days or more before today.
 */
import {
  AGE_BAND_LIMITS,
  CUSTOMER_ANALYSIS,
  MEMBER_OPS_REPORT,
  MEMBER_OPS_TREND,
  MEMBER_RECALL,
  OPS_DASHBOARD_ASSETS,
  OPS_DASHBOARD_MEMBERS,
  OPS_DASHBOARD_RECALL,
  OPS_DASHBOARD_TREND,
  RECALL_BANDS,
  RECALL_DAYS_MIN,
} from '@zb/contract/reports/memberOps';
import { type SQL, sql } from 'drizzle-orm';
import { bindReport, bucketOf, col, type QueryInput } from '../../platform/report/binding';
import { storeScopeFilter } from '../../platform/scope';
import { memberAssetsBinding } from '../memberAssets/reports';

const raw = (s: string) => sql.raw(s);
const from = (q: QueryInput) => sql`(${q.bind('periodFrom')}::date)::timestamp at time zone 'Asia/Shanghai'`;
const end = (q: QueryInput) => sql`(${q.bind('periodTo')}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;

/** The stores a fact's store column may be: the caller's scope, the store and region asked. */
const storesOf = (q: QueryInput, column: string): SQL => {
  const parts = [
    storeScopeFilter(q.scope, raw(column) as never),
    q.has('storeId') ? sql`${raw(column)} = ${q.bind('storeId')}::int` : undefined,
    q.has('regionId')
      ? sql`${raw(column)} in (select id from store where region_id = ${q.bind('regionId')}::int)`
      : undefined,
  ].filter((x): x is SQL => !!x);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
};

type Unit = 'day' | 'week' | 'month';
/** What a row of the facts is keyed by besides the member: the grouping's store, region, bucket. */
interface Grain {
  store: boolean;
  region: boolean;
  unit?: Unit;
}

const grainOf = (q: QueryInput): Grain => ({
  store: q.dims.includes('storeId'),
  region: q.dims.includes('regionId') && !q.dims.includes('storeId'),
  unit: (['day', 'week', 'month'] as const).find((u) => q.dims.includes(u)),
});

/** The grain's key columns (k1 store, k2 region, k3 the bucket's first instant) from a fact's store and Beijing day. */
const keysOf = (g: Grain, storeCol: string, dayCol: string): SQL =>
  raw(
    [
      `${g.store ? storeCol : 'null::int'} as k1`,
      `${g.region ? `(select region_id from store where id = ${storeCol})` : 'null::int'} as k2`,
      `${
        g.unit
          ? `(${g.unit === 'day' ? dayCol : `date_trunc('${g.unit}', ${dayCol})::date`})::timestamp at time zone 'Asia/Shanghai'`
          : 'null::timestamptz'
      } as k3`,
    ].join(', '),
  );

/**
 * Per grain key and member who visited: visits (member × store × day), spend, whether the member
 * joined in the period, and two figures of the member's whole period at every store of the chain:
 * the days they came (复购: two or more) and whether they bought a card (开卡 with 实付 > 0). So a
 * row counts its visitors who are repeaters or buyers whoever asks (a region manager's rows are the
 * chain's rows of their stores), and the totals row's distinct counts are the union of the rows'.
 *
 * One pass in the order of window functions over the period's bills (member_consume_at_idx) and
 * cards sold (member_card_opened_idx) of the whole chain, each marked whether its store is one
 * asked (`mine`): no join of aggregates, whose plan would depend on statistics.
 */
const memberVisits = (q: QueryInput, g: Grain): SQL => sql`
  select ${keysOf(g, 'y.store_id', 'y.day')}, y.member_id, count(*)::int as visits, max(y.days)::int as days,
    sum(y.spend)::bigint as spend, bool_or(m.joined_at >= ${from(q)} and m.joined_at < ${end(q)}) as is_new,
    bool_or(y.bought) as bought
  from (
    select x.*, max(x.dr) filter (where not x.card) over (partition by x.member_id) as days,
      bool_or(x.card) over (partition by x.member_id) as bought
    from (
      select u.*, dense_rank() over (partition by u.member_id, u.card order by u.day) as dr
      from (
        select c.member_id, c.store_id, (c.consumed_at at time zone 'Asia/Shanghai')::date as day,
          sum(c.total - c.refunded) as spend, false as card, bool_or(${storesOf(q, 'c.store_id')}) as mine
        from member_consume c
        where c.consumed_at >= ${from(q)} and c.consumed_at < ${end(q)} and c.status = 'completed'
        group by 1, 2, 3
        union all
        select o.member_id, o.store_id, null::date, 0, true, false
        from member_card o where o.opened_at >= ${from(q)} and o.opened_at < ${end(q)} and o.paid > 0
      ) u
    ) x
  ) y
  join member m on m.id = y.member_id
  where y.mine
  group by 1, 2, 3, y.member_id`;

/** The facts of 会员报表 / 会员运营数据 at the grouping's grain (see the file's comment). */
const visitFacts = (withBalance: boolean) => (q: QueryInput) => {
  const g = grainOf(q);
  const t = sql`${q.bind('periodTo')}::date`;
  const f = sql`${q.bind('periodFrom')}::date`;
  const balance = withBalance
    ? sql`union all
      select ${keysOf(g, 'm.store_id', 'null::date')}, null::int, 0, 0, 0::bigint, false, false, 0, count(*)::int
      from member m where (m.stored_valid > 0 or m.sessions_valid > 0) and ${storesOf(q, 'm.store_id')}
      group by 1, 2, 3`
    : sql``;
  return sql`
    select x.g_store as "storeId", s.name as "storeName", coalesce(x.g_region, s.region_id) as "regionId",
      r.name as "regionName", x.g_at as "at", x.member_id as "memberId", x.visits, x.days, x.spend,
      x.is_new as "isNew", x.bought, x.joined, x.balance
    from (
      select v.*, 0, 0 from (${memberVisits(q, g)}) v
      union all
      select ${keysOf(g, 'd.store_id', 'd.day')}, null::int, 0, 0, 0::bigint, false, false, sum(d.joined)::int, 0
      from member_store_day d where d.joined <> 0 and d.day >= ${f} and d.day <= ${t} and ${storesOf(q, 'd.store_id')}
      group by 1, 2, 3
      ${balance}
    ) x (g_store, g_region, g_at, member_id, visits, days, spend, is_new, bought, joined, balance)
    left join store s on s.id = x.g_store
    left join region r on r.id = coalesce(x.g_region, s.region_id)`;
};

const sum = (a: string, key: string) => sql`sum(${col(a, key)})`;
const distinctMembers = (alias: string, where: string) =>
  sql`count(distinct ${col(alias, 'memberId')}) filter (where ${raw(where.replaceAll('$.', `"${alias}".`))})`;

const visitMeasureExprs = (a: string) => ({
  newMembers: sql`sum(${col(a, 'joined')})`,
  visitMembers: distinctMembers(a, '$.visits > 0'),
  visits: sum(a, 'visits'),
  repeatMembers: distinctMembers(a, '$.days >= 2'),
  newVisitors: distinctMembers(a, '$.visits > 0 and $."isNew"'),
  newRepeaters: distinctMembers(a, '$.days >= 2 and $."isNew"'),
  cardBuyers: distinctMembers(a, '$.bought'),
  spend: sum(a, 'spend'),
});

export const memberOpsReportBinding = bindReport({
  decl: MEMBER_OPS_REPORT,
  from: { alias: 'q', query: visitFacts(true) },
  measures: { ...visitMeasureExprs('q'), balanceMembers: sum('q', 'balance') },
  filters: { period: 'query', storeId: 'query', regionId: 'query' },
  scope: { store: col('q', 'storeId'), inQuery: true },
});

export const memberOpsTrendBinding = bindReport({
  decl: MEMBER_OPS_TREND,
  from: { alias: 'q', query: visitFacts(false) },
  dims: {
    day: bucketOf(col('q', 'at'), 'day'),
    week: bucketOf(col('q', 'at'), 'week'),
    month: bucketOf(col('q', 'at'), 'month'),
  },
  measures: visitMeasureExprs('q'),
  filters: { period: 'query', storeId: 'query', regionId: 'query' },
  scope: { store: col('q', 'storeId'), inQuery: true },
});

/** 年龄段 of a birthday as of today (Beijing): AGE_BANDS' values. */
const AGE_BAND = raw(
  `case when m.birthday is null then 'a9' ${AGE_BAND_LIMITS.map(
    (y, i) => `when m.birthday > ((now() at time zone 'Asia/Shanghai')::date - interval '${y} years') then 'a${i + 1}'`,
  ).join(' ')} else 'a${AGE_BAND_LIMITS.length + 1}' end`,
);

/**
 * One row per member of the scope (home store): attributes, value held, the period's bills, and
 * the chain's members (占全部会员: the same for every caller, so a region's rows are the chain's).
 */
const customers = (q: QueryInput) => sql`
  select m.id as "memberId", coalesce(lv.name, '未设置') as "levelName", coalesce(gd.name, '未填写') as "genderName",
    ${AGE_BAND} as "ageBand", m.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
    r.name as "regionName", 1 as "members", (select count(*) from member) as "allMembers",
    case when b.member_id is null then 0 else 1 end as "visitMembers", coalesce(b.spend, 0)::bigint as "spend",
    m.stored_valid::bigint as "storedBalance", m.sessions_valid as "sessionsLeft"
  from member m
  join store s on s.id = m.store_id
  left join region r on r.id = s.region_id
  left join master_item lv on lv.id = m.level_id
  left join master_item gd on gd.id = m.gender_id
  left join (
    select c.member_id, sum(c.total - c.refunded) as spend from member_consume c
    where c.consumed_at >= ${from(q)} and c.consumed_at < ${end(q)} and c.status = 'completed'
    group by c.member_id
  ) b on b.member_id = m.id
  where ${storesOf(q, 'm.store_id')}`;

export const customerAnalysisBinding = bindReport({
  decl: CUSTOMER_ANALYSIS,
  from: { alias: 'q', query: customers },
  filters: { period: 'query', storeId: 'query', regionId: 'query' },
  scope: { store: col('q', 'storeId'), inQuery: true },
});

/** 138****1234: the first three and the last four digits of a phone. */
const MASKED_PHONE = raw(
  `case when length(m.phone) > 7 then left(m.phone, 3) || repeat('*', length(m.phone) - 7) || right(m.phone, 4) else m.phone end`,
);
const SILENT_DAYS = raw(
  `((now() at time zone 'Asia/Shanghai')::date - coalesce(m.last_visit_day, (m.joined_at at time zone 'Asia/Shanghai')::date))`,
);

/** The members of the scope holding value who have not come for RECALL_DAYS_MIN days or more. */
const recallMembers = (q: QueryInput) => {
  const min = q.has('minDays') ? sql`${q.bind('minDays')}::int` : raw(String(RECALL_DAYS_MIN));
  const [b30, b60, b90] = RECALL_BANDS.map((b) => b.value);
  return sql`
    select m.id as "memberId", m.name as "memberName", ${MASKED_PHONE} as "phone", m.store_id as "storeId",
      s.name as "storeName", s.region_id as "regionId", r.name as "regionName", m.last_visit_day as "lastVisitDay",
      x.d as "silentDays", (x.d >= ${raw(String(b30))} and x.d < ${raw(String(b60))})::int as "recall30",
      (x.d >= ${raw(String(b60))} and x.d < ${raw(String(b90))})::int as "recall60",
      (x.d >= ${raw(String(b90))})::int as "recall90", 1 as "recallMembers",
      m.stored_valid::bigint as "storedBalance", m.sessions_valid as "sessionsLeft"
    from member m
    cross join lateral (select ${SILENT_DAYS} as d) x
    join store s on s.id = m.store_id
    left join region r on r.id = s.region_id
    where (m.stored_valid > 0 or m.sessions_valid > 0) and x.d >= greatest(${min}, ${raw(String(RECALL_DAYS_MIN))})
      and ${storesOf(q, 'm.store_id')}`;
};

export const memberRecallBinding = bindReport({
  decl: MEMBER_RECALL,
  from: { alias: 'q', query: recallMembers },
  filters: { storeId: 'query', regionId: 'query', minDays: 'query' },
  scope: { store: col('q', 'storeId'), inQuery: true },
});

/** The dashboard's reads: the same queries, guarded by /OperationManagement's code. */
const onDashboard = <B extends { decl: unknown }>(b: B, decl: B['decl']): B => ({ ...b, decl });

export const MEMBER_OPS_BINDINGS = [
  memberOpsReportBinding,
  memberOpsTrendBinding,
  customerAnalysisBinding,
  memberRecallBinding,
  onDashboard(memberOpsReportBinding, OPS_DASHBOARD_MEMBERS),
  onDashboard(memberOpsTrendBinding, OPS_DASHBOARD_TREND),
  onDashboard(memberRecallBinding, OPS_DASHBOARD_RECALL),
  onDashboard(memberAssetsBinding, OPS_DASHBOARD_ASSETS),
] as const;
