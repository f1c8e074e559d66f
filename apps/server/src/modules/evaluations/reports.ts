/**
 * 满意度统计, 满意度趋势 and 护理师评价统计 (contract reports/evaluations.ts) over the evaluations:
 * one row per evaluation with its store, region, staff rated and Beijing day, its grade as counts.
 */
import { NURSE_REVIEW_CNT, SATISFACTION_RATE, SATISFACTION_TREND } from '@zb/contract/reports/evaluations';
import { sql } from 'drizzle-orm';
import { type BoundQuery, bindReport, bucketOf, col } from '../../platform/report/binding';

/** An evaluation as a fact: the dimensions' columns and the figures it adds. */
const facts = (staffOnly: boolean): BoundQuery => ({
  alias: 'ev',
  query: () =>
    sql.raw(`select e.id as "id", e.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
      r.name as "regionName", e.staff_id as "staffId",
      coalesce(st.name || '（' || sts.name || '）', '未指定员工') as "staffName",
      e.evaluated_at as "at", 1 as "evaluations",
      (e.level = 'good')::int as "good", (e.level = 'neutral')::int as "neutral", (e.level = 'bad')::int as "bad",
      e.score_sum as "scorePoints", e.score_count * e.scale_max as "fullPoints",
      (e.reply is not null)::int as "replied", (e.level = 'bad' and e.status = 'closed')::int as "badClosed"
    from evaluation e
    join store s on s.id = e.store_id
    join region r on r.id = s.region_id
    left join staff st on st.id = e.staff_id
    left join store sts on sts.id = st.store_id${staffOnly ? ' where e.staff_id is not null' : ''}`),
});

const sum = (key: string) => sql`sum(${col('ev', key)})::int`;
const measures = {
  evaluations: sum('evaluations'),
  good: sum('good'),
  neutral: sum('neutral'),
  bad: sum('bad'),
  scorePoints: sum('scorePoints'),
  fullPoints: sum('fullPoints'),
  replied: sum('replied'),
  badClosed: sum('badClosed'),
};
const filters = {
  period: { instant: col('ev', 'at') },
  storeId: col('ev', 'storeId'),
  regionId: col('ev', 'regionId'),
  staffId: col('ev', 'staffId'),
};

export const satisfactionRateBinding = bindReport({
  decl: SATISFACTION_RATE,
  from: facts(false),
  dims: { month: bucketOf(col('ev', 'at'), 'month') },
  measures,
  filters,
  scope: { store: col('ev', 'storeId') },
});

export const satisfactionTrendBinding = bindReport({
  decl: SATISFACTION_TREND,
  from: facts(false),
  dims: {
    day: bucketOf(col('ev', 'at'), 'day'),
    week: bucketOf(col('ev', 'at'), 'week'),
    month: bucketOf(col('ev', 'at'), 'month'),
  },
  measures,
  filters,
  scope: { store: col('ev', 'storeId') },
});

export const nurseReviewCntBinding = bindReport({
  decl: NURSE_REVIEW_CNT,
  from: facts(true),
  measures,
  filters,
  scope: { store: col('ev', 'storeId') },
});

export const EVALUATION_REPORT_BINDINGS = [satisfactionRateBinding, satisfactionTrendBinding, nurseReviewCntBinding];
