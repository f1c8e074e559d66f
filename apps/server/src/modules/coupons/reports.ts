/**
 * The member's /coupon tab on the report engine (contract reports/coupons.ts): the member's coupons
 * by their member index, scoped by the member's home store like the other member tabs.
 */
import {
  COUPON_DETAIL_ACTIVITY,
  COUPON_DETAIL_REPORT,
  DISCOUNT_VERIFY,
  MEMBER_COUPONS_VIEW,
} from '@zb/contract/reports/coupons';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bindReport, bucketOf, col } from '../../platform/report/binding';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { memberCoupon } from './schema';

/**
 * A member view's example: the member with the most coupons (of `which`) whose home store is
 * outside 华东大区, so the conformance test's regional user is cut off from them.
 */
export const memberWithMostCoupons = async (db: Db, which?: SQL): Promise<{ memberId?: number }> => {
  const [row] = await db
    .select({ id: memberCoupon.memberId })
    .from(memberCoupon)
    .innerJoin(member, eq(member.id, memberCoupon.memberId))
    .innerJoin(store, eq(store.id, member.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(sql`${region.name} <> '华东大区'`, which))
    .groupBy(memberCoupon.memberId)
    .orderBy(sql`count(*) desc`, asc(memberCoupon.memberId))
    .limit(1);
  return row ? { memberId: row.id } : {};
};

export const memberCouponsView = bindReport({
  decl: MEMBER_COUPONS_VIEW,
  from: {
    alias: 'mc',
    query: ({ bind }) => sql`
      select c.id as "id", c.coupon_no as "couponNo", t.name as "templateName", t.kind as "kind",
        c.status as "status", c.valid_from as "validFrom", c.valid_to as "validTo", c.issued_at as "issuedAt",
        b.bill_no as "usedBillNo", c.used_at as "usedAt", c.used_value as "usedValue", m.store_id as "homeStoreId"
      from member_coupon c join coupon_template t on t.id = c.template_id join member m on m.id = c.member_id
        left join member_consume b on b.id = c.used_consume_id
      where c.member_id = ${bind('memberId')}`,
  },
  filters: { memberId: 'query', period: { instant: col('mc', 'issuedAt') }, status: col('mc', 'status') },
  // The member with the most coupons outside 华东大区 (the conformance test's regional user is cut off).
  example: (db: Db) => memberWithMostCoupons(db),
  id: col('mc', 'id'),
  scope: { store: col('mc', 'homeStoreId') },
});

/** A coupon as a fact: its template, store and region, state as counts, and the bill it paid. */
const couponFacts = (alias: string) => ({
  alias,
  query: () =>
    sql.raw(`select c.id as "id", c.coupon_no as "couponNo", c.template_id as "templateId", t.name as "templateName",
      t.kind as "kind", c.store_id as "storeId", s.name as "storeName", s.region_id as "regionId", r.name as "regionName",
      m.name as "memberName", c.status as "status", c.issued_at as "issuedAt", c.valid_to as "validTo",
      b.bill_no as "usedBillNo", c.used_at as "usedAt", 1 as "issued", (c.status = 'used')::int as "used",
      (c.status = 'unused')::int as "unused", (c.status = 'expired')::int as "expired",
      (c.status = 'voided')::int as "voided", coalesce(c.used_value, 0) as "usedValue",
      coalesce(case when c.status = 'used' then b.total end, 0) as "revenue"
    from member_coupon c
    join coupon_template t on t.id = c.template_id
    join store s on s.id = c.store_id join region r on r.id = s.region_id
    join member m on m.id = c.member_id
    left join member_consume b on b.id = c.used_consume_id`),
});

const sumInt = (alias: string, key: string) => sql`sum(${col(alias, key)})::int`;
const sumMoney = (alias: string, key: string) => sql`sum(${col(alias, key)})::bigint`;

export const couponDetailReportBinding = bindReport({
  decl: COUPON_DETAIL_REPORT,
  from: couponFacts('cd'),
  dims: { month: bucketOf(col('cd', 'issuedAt'), 'month') },
  measures: {
    issued: sumInt('cd', 'issued'),
    used: sumInt('cd', 'used'),
    unused: sumInt('cd', 'unused'),
    expired: sumInt('cd', 'expired'),
    voided: sumInt('cd', 'voided'),
    usedValue: sumMoney('cd', 'usedValue'),
    revenue: sumMoney('cd', 'revenue'),
  },
  filters: {
    period: { instant: col('cd', 'issuedAt') },
    templateName: col('cd', 'templateName'),
    kind: col('cd', 'kind'),
    storeId: col('cd', 'storeId'),
    regionId: col('cd', 'regionId'),
  },
  scope: { store: col('cd', 'storeId') },
});

export const couponDetailActivityBinding = bindReport({
  decl: COUPON_DETAIL_ACTIVITY,
  from: couponFacts('ca'),
  id: col('ca', 'id'),
  measures: { usedValue: col('ca', 'usedValue'), revenue: col('ca', 'revenue') },
  filters: {
    period: { instant: col('ca', 'issuedAt') },
    templateId: col('ca', 'templateId'),
    storeId: col('ca', 'storeId'),
    status: col('ca', 'status'),
  },
  scope: { store: col('ca', 'storeId') },
});

export const discountVerifyBinding = bindReport({
  decl: DISCOUNT_VERIFY,
  from: {
    alias: 'dv',
    query: () =>
      sql.raw(`select p.id as "id", b.consumed_at as "at", b.bill_no as "billNo", b.store_id as "storeId",
        s.name as "storeName", s.region_id as "regionId", m.name as "memberName", p.trade_no as "couponNo",
        t.name as "templateName", t.kind as "kind", p.amount as "paid", p.refunded as "refunded", l.net as "ledger",
        case when c.id is not null and c.member_id = b.member_id and p.amount - p.refunded = l.net
          then 'match' else 'mismatch' end as "check"
      from bill_payment p
      join member_consume b on b.id = p.consume_id
      join store s on s.id = b.store_id
      join member m on m.id = b.member_id
      left join member_coupon c on c.coupon_no = p.trade_no
      left join coupon_template t on t.id = c.template_id
      cross join lateral (select coalesce(sum(x.value), 0)::bigint as net from coupon_ledger x
        where x.consume_id = b.id and x.coupon_id = c.id and x.kind in ('use', 'return')) l
      where p.method = 'coupon'`),
  },
  id: col('dv', 'id'),
  measures: { paid: col('dv', 'paid'), refunded: col('dv', 'refunded'), ledger: col('dv', 'ledger') },
  filters: {
    period: { instant: col('dv', 'at') },
    storeId: col('dv', 'storeId'),
    regionId: col('dv', 'regionId'),
    check: col('dv', 'check'),
    couponNo: col('dv', 'couponNo'),
  },
  scope: { store: col('dv', 'storeId') },
});

export const COUPON_REPORT_BINDINGS = [
  memberCouponsView,
  couponDetailReportBinding,
  couponDetailActivityBinding,
  discountVerifyBinding,
];
