/**
 * /storeGiftCal and the member's /giftsProject tab on the report engine (contract reports/offers.ts):
 * the bosses' gifts by activity and store against the budget; the coupons a member was given.
 */
import { MEMBER_GIFTS_VIEW, STORE_GIFT_CAL } from '@zb/contract/reports/offers';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bindReport, col } from '../../platform/report/binding';
import { memberWithMostCoupons } from '../coupons/reports';
import { memberCoupon } from '../coupons/schema';

const sumOf = (alias: string, key: string, cast: 'int' | 'bigint') => sql`sum(${col(alias, key)})::${sql.raw(cast)}`;

export const storeGiftCalBinding = bindReport({
  decl: STORE_GIFT_CAL,
  from: {
    alias: 'sg',
    query: () =>
      sql.raw(`select a.id as "actId", a.name as "actName", g.store_id as "storeId", s.name as "storeName",
        s.region_id as "regionId", r.name as "regionName", a.start_day as "day", a.store_budget as "budget",
        sum(g.value)::bigint as "given", count(distinct g.member_id)::int as "members", sum(g.count)::int as "gifts",
        sum((select count(*) from member_coupon c where c.issue_id = any(g.issue_ids) and c.member_id = g.member_id
          and c.status = 'used'))::int as "used"
      from boss_gift_record g join boss_gift_act a on a.id = g.act_id
      join store s on s.id = g.store_id join region r on r.id = s.region_id
      group by a.id, g.store_id, s.name, s.region_id, r.name`),
  },
  measures: {
    budget: sumOf('sg', 'budget', 'bigint'),
    given: sumOf('sg', 'given', 'bigint'),
    members: sumOf('sg', 'members', 'int'),
    gifts: sumOf('sg', 'gifts', 'int'),
    used: sumOf('sg', 'used', 'int'),
  },
  filters: {
    period: col('sg', 'day'),
    actName: col('sg', 'actName'),
    storeId: col('sg', 'storeId'),
    regionId: col('sg', 'regionId'),
  },
  scope: { store: col('sg', 'storeId') },
});

export const memberGiftsView = bindReport({
  decl: MEMBER_GIFTS_VIEW,
  from: {
    alias: 'mg',
    query: ({ bind }) => sql`
      select c.id as "id", c.issued_at as "issuedAt", c.source as "source", i.label as "label",
        t.name as "templateName", t.kind as "kind", c.coupon_no as "couponNo", c.status as "status",
        c.valid_to as "validTo", b.bill_no as "usedBillNo", c.used_at as "usedAt",
        coalesce(c.used_value, 0) as "usedValue", m.store_id as "homeStoreId"
      from member_coupon c join coupon_template t on t.id = c.template_id join member m on m.id = c.member_id
        left join coupon_issue i on i.id = c.issue_id
        left join member_consume b on b.id = c.used_consume_id
      where c.member_id = ${bind('memberId')} and c.source in ('gift', 'bossGift')`,
  },
  filters: { memberId: 'query', period: { instant: col('mg', 'issuedAt') }, status: col('mg', 'status') },
  // The member given the most outside 华东大区 (the conformance test's regional user is cut off).
  example: (db: Db) => memberWithMostCoupons(db, inArray(memberCoupon.source, ['gift', 'bossGift'])),
  id: col('mg', 'id'),
  scope: { store: col('mg', 'homeStoreId') },
});
