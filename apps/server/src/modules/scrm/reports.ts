/** The SCRM reports (contract reports/scrm.ts) over the WeCom customers, their bills and the follow-ups. */
import { CUSTOMER_FOLLOW, CUSTOMER_TAG, NEW_CUSTOMER, OLD_CUSTOMER } from '@zb/contract/reports/scrm';
import { sql } from 'drizzle-orm';
import { bindReport, bucketOf, col } from '../../platform/report/binding';

const place = (storeCol: string) => `s.name as "storeName", s.region_id as "regionId", r.name as "regionName"
  from ${storeCol}`;
const sum = (alias: string, key: string) => sql`sum(${col(alias, key)})::int`;

export const newCustomerBinding = bindReport({
  decl: NEW_CUSTOMER,
  from: {
    alias: 'nc',
    query: () =>
      sql.raw(`select c.id as "id", c.store_id as "storeId", c.staff_id as "staffId", st.name as "staffName",
        c.added_at as "at", 1 as "added", (c.member_id is not null)::int as "members",
        (c.member_id is not null and exists (select 1 from member_consume b where b.member_id = c.member_id
          and b.store_id = c.store_id and b.status = 'completed' and b.consumed_at >= c.added_at))::int as "visited",
        (c.removed_at is not null)::int as "removed", ${place(`scrm_contact c
        join store s on s.id = c.store_id join region r on r.id = s.region_id
        join staff st on st.id = c.staff_id`)}`),
  },
  dims: { day: bucketOf(col('nc', 'at'), 'day'), month: bucketOf(col('nc', 'at'), 'month') },
  measures: {
    added: sum('nc', 'added'),
    members: sum('nc', 'members'),
    visited: sum('nc', 'visited'),
    removed: sum('nc', 'removed'),
  },
  filters: {
    period: { instant: col('nc', 'at') },
    storeId: col('nc', 'storeId'),
    regionId: col('nc', 'regionId'),
    staffId: col('nc', 'staffId'),
  },
  scope: { store: col('nc', 'storeId') },
});

export const oldCustomerBinding = bindReport({
  decl: OLD_CUSTOMER,
  from: {
    alias: 'oc',
    query: () =>
      sql.raw(`select b.id as "id", b.store_id as "storeId", c.staff_id as "staffId", st.name as "staffName",
        b.consumed_at as "at", b.member_id as "memberId", 1 as "visits", b.total as "amount", ${place(`member_consume b
        join lateral (select x.staff_id from scrm_contact x where x.member_id = b.member_id and x.store_id = b.store_id
          and x.added_at < b.consumed_at order by x.added_at, x.id limit 1) c on true
        join store s on s.id = b.store_id join region r on r.id = s.region_id
        join staff st on st.id = c.staff_id`)}
      where b.status = 'completed'`),
  },
  dims: { month: bucketOf(col('oc', 'at'), 'month') },
  measures: {
    customers: sql`count(distinct ${col('oc', 'memberId')})::int`,
    visits: sum('oc', 'visits'),
    amount: sql`sum(${col('oc', 'amount')})::bigint`,
  },
  filters: {
    period: { instant: col('oc', 'at') },
    storeId: col('oc', 'storeId'),
    regionId: col('oc', 'regionId'),
    staffId: col('oc', 'staffId'),
  },
  scope: { store: col('oc', 'storeId') },
});

export const customerFollowBinding = bindReport({
  decl: CUSTOMER_FOLLOW,
  from: {
    alias: 'cf',
    query: () =>
      sql.raw(`select f.id as "id", f.store_id as "storeId", f.staff_id as "staffId",
        coalesce(st.name, '未指定员工') as "staffName",
        (f.due_date::timestamp at time zone 'Asia/Shanghai') as "at", 1 as "due",
        (f.done_at is not null)::int as "done",
        (f.done_at is not null and (f.done_at at time zone 'Asia/Shanghai')::date <= f.due_date)::int as "onTime",
        (f.done_at is null and f.due_date < (now() at time zone 'Asia/Shanghai')::date)::int as "overdue",
        (f.channel = 'wechat')::int as "wechat", ${place(`follow_up f
        join store s on s.id = f.store_id join region r on r.id = s.region_id
        left join staff st on st.id = f.staff_id`)}
      where s.scrm_enabled`),
  },
  dims: { month: bucketOf(col('cf', 'at'), 'month') },
  measures: {
    due: sum('cf', 'due'),
    done: sum('cf', 'done'),
    onTime: sum('cf', 'onTime'),
    overdue: sum('cf', 'overdue'),
    wechat: sum('cf', 'wechat'),
  },
  filters: {
    period: { instant: col('cf', 'at') },
    storeId: col('cf', 'storeId'),
    regionId: col('cf', 'regionId'),
    staffId: col('cf', 'staffId'),
  },
  scope: { store: col('cf', 'storeId') },
});

export const customerTagBinding = bindReport({
  decl: CUSTOMER_TAG,
  from: {
    alias: 'ct',
    query: () =>
      sql.raw(`select c.id as "id", c.store_id as "storeId", w.group_name as "tagGroup", w.name as "tagName",
        c.external_user_id as "contact", c.member_id as "memberId", ${place(`scrm_contact c
        cross join unnest(c.tags) t(tag_id)
        join scrm_wecom_tag w on w.tag_id = t.tag_id
        join store s on s.id = c.store_id join region r on r.id = s.region_id`)}
      where c.removed_at is null`),
  },
  measures: {
    customers: sql`count(distinct ${col('ct', 'contact')})::int`,
    members: sql`count(distinct ${col('ct', 'memberId')})::int`,
  },
  filters: {
    storeId: col('ct', 'storeId'),
    regionId: col('ct', 'regionId'),
    tagName: col('ct', 'tagName'),
  },
  scope: { store: col('ct', 'storeId') },
});

export const SCRM_REPORT_BINDINGS = [newCustomerBinding, oldCustomerBinding, customerFollowBinding, customerTagBinding];
