/**
 * 会员生命周期的报表 (contract reports/memberLifecycle.ts) on the report engine, each a bound query
 * over member_stage: the members' rows in force on a day (valid_from ≤ D < valid_to) are their
 * stages on D; a flow joins those of the period's first and last day by member. The engine groups,
 * filters (store, region, stage: the query's columns), sorts, pages and cuts to the caller's stores
 * (the home store the row carries).
 */
import { LIFECYCLE_STAGES, type LifecycleBasis } from '@zb/contract/entities/memberLifecycle';
import type { AnyReport } from '@zb/contract/report/define';
import {
  flowCountKey,
  MEMBER_BUY_CARD_LIFECYCLE,
  MEMBER_DRAW_CARD_LIFECYCLE,
  MEMBER_LIFECYCLE,
  MEMBER_LIFECYCLE_AFFILIATION,
  MEMBER_LIFECYCLE_AFFILIATION_FLOW,
  MEMBER_LIFECYCLE_DIMENSION,
  MEMBER_LIFECYCLE_FLOW,
  MEMBER_LIFECYCLE_LIST,
  stageCountKey,
} from '@zb/contract/reports/memberLifecycle';
import { type SQL, sql } from 'drizzle-orm';
import { bindReport, col, type QueryInput } from '../../platform/report/binding';

const raw = (s: string) => sql.raw(s);

/** The rows of `basis` in force on `day`: each member's stage that day. */
export const stagesOn = (basis: SQL, day: SQL): SQL => sql`select member_id, stage, store_id, valid_from
  from member_stage where basis = ${basis} and valid_from <= ${day} and (valid_to is null or valid_to > ${day})`;

const lastDay = (input: QueryInput) => sql`${input.bind('periodTo')}::date`;
const firstDay = (input: QueryInput) => sql`${input.bind('periodFrom')}::date`;
const literal = (basis: LifecycleBasis) => raw(`'${basis}'`);

/** The store and region of the row `s`. */
const PLACE = raw(
  `s.store_id as "storeId", st.name as "storeName", st.region_id as "regionId", r.name as "regionName"`,
);
const PLACE_JOINS = raw(`join store st on st.id = s.store_id left join region r on r.id = st.region_id`);

const AGE = (day: SQL) => sql`date_part('year', age(${day}, m.birthday))`;
const ageBand = (day: SQL) => sql`case when m.birthday is null then '未知'
    when ${AGE(day)} < 20 then '20岁以下' when ${AGE(day)} < 30 then '20–29岁'
    when ${AGE(day)} < 40 then '30–39岁' when ${AGE(day)} < 50 then '40–49岁'
    when ${AGE(day)} < 60 then '50–59岁' else '60岁及以上' end`;

const PERSON_DIMS = ['levelName', 'genderName', 'ageBand'];

/** Members per stage as of the period's last day (`basis` fixed by the page). */
const nonFlowBinding = (decl: AnyReport, basis: LifecycleBasis) =>
  bindReport({
    decl,
    from: {
      alias: 'q',
      query: (input: QueryInput) => {
        const day = lastDay(input);
        const person = input.dims.some((d) => PERSON_DIMS.includes(d));
        const counts = raw(
          LIFECYCLE_STAGES.map((st) => `(s.stage = '${st.value}')::int as "${stageCountKey(st.value)}"`).join(', '),
        );
        return sql`select s.member_id as "memberId", ${PLACE}, 1 as members, ${counts}
          ${
            person
              ? sql`, coalesce(lv.name, '未设置') as "levelName", coalesce(g.name, '未知') as "genderName",
                  ${ageBand(day)} as "ageBand"`
              : sql``
          }
          from (${stagesOn(literal(basis), day)}) s ${PLACE_JOINS}
          ${
            person
              ? raw(`join member m on m.id = s.member_id left join master_item lv on lv.id = m.level_id
                  left join master_item g on g.id = m.gender_id`)
              : sql``
          }`;
      },
    },
    filters: { period: 'query' },
    scope: { store: col('q', 'storeId') },
  });

const FLOW_COUNTS = raw(
  [
    ...LIFECYCLE_STAGES.map((st) => `(s.stage = '${st.value}')::int as "${flowCountKey(st.value)}"`),
    `(coalesce(a.stage, 'none') <> s.stage)::int as moved`,
  ].join(', '),
);

/** From-stage (first day) × to-stage (last day), by member. */
const flowBinding = (decl: AnyReport) =>
  bindReport({
    decl,
    from: {
      alias: 'q',
      query: (input: QueryInput) => {
        const basis = literal('visit');
        return sql`select s.member_id as "memberId", ${PLACE}, coalesce(a.stage, 'none') as "fromStage",
            1 as members, ${FLOW_COUNTS}
          from (${stagesOn(basis, lastDay(input))}) s
          left join (${stagesOn(basis, firstDay(input))}) a on a.member_id = s.member_id
          ${PLACE_JOINS}`;
      },
    },
    filters: { period: 'query' },
    scope: { store: col('q', 'storeId') },
  });

export const memberLifecycleListBinding = bindReport({
  decl: MEMBER_LIFECYCLE_LIST,
  from: {
    alias: 'q',
    query: (input: QueryInput) => {
      const basis = input.has('basis') ? sql`${input.bind('basis')}::text` : literal('visit');
      const day = lastDay(input);
      return sql`select s.member_id as "memberId", m.code as "memberCode", m.name as "memberName", ${PLACE},
          coalesce(a.stage, 'none') as "fromStage", s.stage, s.valid_from as "stageSince",
          m.last_visit_day as "lastVisitDay", (${day} - s.valid_from + 1) as "stageDays"
        from (${stagesOn(basis, day)}) s
        left join (${stagesOn(basis, firstDay(input))}) a on a.member_id = s.member_id
        join member m on m.id = s.member_id
        ${PLACE_JOINS}`;
    },
  },
  filters: { period: 'query', basis: 'query' },
  id: col('q', 'memberId'),
  scope: { store: col('q', 'storeId') },
});

export const MEMBER_LIFECYCLE_BINDINGS = [
  nonFlowBinding(MEMBER_LIFECYCLE, 'visit'),
  nonFlowBinding(MEMBER_LIFECYCLE_DIMENSION, 'visit'),
  nonFlowBinding(MEMBER_LIFECYCLE_AFFILIATION, 'visit'),
  nonFlowBinding(MEMBER_BUY_CARD_LIFECYCLE, 'buyCard'),
  nonFlowBinding(MEMBER_DRAW_CARD_LIFECYCLE, 'drawCard'),
  flowBinding(MEMBER_LIFECYCLE_FLOW),
  flowBinding(MEMBER_LIFECYCLE_AFFILIATION_FLOW),
  memberLifecycleListBinding,
];
