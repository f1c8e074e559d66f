/**
 * /StoreWrittenReport on the report engine: one fact per (bill, signer) of the 签单 payments, with
 * the signer's quota at the bill's store (0 without one); grouped by store, manager and month.
 * A group's quota is the quota (max over its facts), remaining = quota − used.
 */
import { STORE_WRITTEN_REPORT } from '@zb/contract/reports/billConfig';
import { sql } from 'drizzle-orm';
import { bindReport, bucketOf, col } from '../../platform/report/binding';

export const storeWrittenBinding = bindReport({
  decl: STORE_WRITTEN_REPORT,
  from: {
    alias: 'w',
    query: () => sql`select c.id as "consumeId", c.store_id as "storeId", s.name as "storeName",
        p.signer_staff_id as "signerId", st.name as "signerName", c.consumed_at as "consumedAt",
        sum(p.amount)::int as "signed", sum(p.refunded)::int as "refunded",
        coalesce(max(q.monthly_quota), 0)::int as "quota"
      from bill_payment p
        join member_consume c on c.id = p.consume_id
        join store s on s.id = c.store_id
        join staff st on st.id = p.signer_staff_id
        left join sign_quota q on q.store_id = c.store_id and q.staff_id = p.signer_staff_id
      where p.method = 'signBill' and p.signer_staff_id is not null
      group by c.id, c.store_id, s.name, p.signer_staff_id, st.name, c.consumed_at`,
  },
  dims: { month: bucketOf(col('w', 'consumedAt'), 'month') },
  measures: {
    quota: sql`max(${col('w', 'quota')})::int`,
    signed: sql`sum(${col('w', 'signed')})::int`,
    refunded: sql`sum(${col('w', 'refunded')})::int`,
    used: sql`sum(${col('w', 'signed')} - ${col('w', 'refunded')})::int`,
    remaining: sql`(max(${col('w', 'quota')}) - sum(${col('w', 'signed')} - ${col('w', 'refunded')}))::int`,
    bills: sql`count(*)::int`,
  },
  filters: { period: { instant: col('w', 'consumedAt') } },
  scope: { store: col('w', 'storeId') },
});
