/** /examiningReport (contract reports/examinations.ts) bound to the reports, in the caller's scope by store. */
import { EXAMINING_REPORT } from '@zb/contract/reports/examinations';
import { sql } from 'drizzle-orm';
import { type BoundQuery, bindReport, col } from '../../platform/report/binding';

const reports: BoundQuery = {
  alias: 'ex',
  query: () => sql`select e.id as "id", e.report_no as "reportNo", e.store_id as "storeId", s.name as "storeName",
      e.member_id as "memberId", m.name as "memberName", m.phone as "memberPhone", st.name as "staffName",
      e.examined_at as "examinedAt", e.grade as "grade", e.conclusion as "conclusion",
      e.item_count as "itemCount", e.abnormal_count as "abnormalCount",
      (select string_agg(v.item_name || '（' || case v.grade when 'mild' then '轻度' when 'moderate' then '中度' else '重度' end || '）', '，' order by v.seq)
         from examination_value v where v.examination_id = e.id and v.grade <> 'normal') as "summary"
    from examination e
    join store s on s.id = e.store_id
    join member m on m.id = e.member_id
    left join staff st on st.id = e.staff_id`,
};

export const examiningReportBinding = bindReport({
  decl: EXAMINING_REPORT,
  from: reports,
  filters: { period: { instant: col('ex', 'examinedAt') } },
  id: col('ex', 'id'),
  scope: { store: col('ex', 'storeId') },
});
