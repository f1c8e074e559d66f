/**
 * The member's /coupon tab on the report engine (contract reports/coupons.ts): the member's coupons
 * by their member index, scoped by the member's home store like the other member tabs.
 */
import { MEMBER_COUPONS_VIEW } from '@zb/contract/reports/coupons';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bindReport, col } from '../../platform/report/binding';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { memberCoupon } from './schema';

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
  example: async (db: Db) => {
    const [row] = await db
      .select({ id: memberCoupon.memberId })
      .from(memberCoupon)
      .innerJoin(member, eq(member.id, memberCoupon.memberId))
      .innerJoin(store, eq(store.id, member.storeId))
      .innerJoin(region, eq(region.id, store.regionId))
      .where(sql`${region.name} <> '华东大区'`)
      .groupBy(memberCoupon.memberId)
      .orderBy(sql`count(*) desc`, asc(memberCoupon.memberId))
      .limit(1);
    return row ? { memberId: row.id } : {};
  },
  id: col('mc', 'id'),
  scope: { store: col('mc', 'homeStoreId') },
});

export const COUPON_REPORT_BINDINGS = [memberCouponsView];
