/**
 * /LossOfEmployees 员工流失 (contract reports/query.ts) bound to the staff file: a member of staff
 * has left when their status is 离职 (left), on their leave date (the staff form requires one for
 * a leaver, on or after the entry date). The facts are one row per member of staff per month of
 * the period they were on the books in (entered by the month's end, not left before its start,
 * both within the period), marked when they left in that month: the headcount of a group is its
 * distinct staff, the leavers the marked rows, the rate the engine's ratio of the two.
 */
import { LOSS_OF_EMPLOYEES_REPORT } from '@zb/contract/reports/query';
import { sql } from 'drizzle-orm';
import { type BoundQuery, bindReport, col, type QueryInput } from '../../platform/report/binding';

const staffMonths: BoundQuery = {
  alias: 'sf',
  query: (q: QueryInput) => {
    const from = sql`${q.bind('periodFrom')}::date`;
    const to = sql`${q.bind('periodTo')}::date`;
    // A leave date counts only for a leaver: it is when they stopped being on the books.
    const leftOn = sql.raw(`case when st.status = 'left' then st.leave_date end`);
    return sql`
      select st.id as "staffId", st.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
        r.name as "regionName", st.position_id as "positionId", coalesce(pos.name, '未设岗位') as "positionName",
        mo.month::date as "month",
        coalesce(${leftOn} >= greatest(mo.month::date, ${from})
          and ${leftOn} <= least((mo.month + interval '1 month')::date - 1, ${to}), false)::int as "left"
      from staff st
      join store s on s.id = st.store_id
      join region r on r.id = s.region_id
      left join master_item pos on pos.id = st.position_id
      join lateral generate_series(
        date_trunc('month', greatest(st.entry_date, ${from})::timestamp),
        least(${leftOn}, ${to})::timestamp,
        interval '1 month'
      ) as mo(month) on true
      where st.entry_date <= ${to} and (${leftOn} is null or ${leftOn} >= ${from})`;
  },
};

export const lossOfEmployeesReport = bindReport({
  decl: LOSS_OF_EMPLOYEES_REPORT,
  from: staffMonths,
  measures: {
    headcount: sql`count(distinct ${col('sf', 'staffId')})`,
    left: sql`sum(${col('sf', 'left')})`,
  },
  filters: { period: 'query' },
  scope: { store: col('sf', 'storeId') },
});
