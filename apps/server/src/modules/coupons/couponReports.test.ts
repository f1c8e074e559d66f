/**
 * /couponDetailReport and /couponDetailActivty: the figures equal an independent count over the
 * member coupons and the bills they paid; a template and store's 发放张数 is the number of its
 * detail rows; a region sees only its stores' coupons.
 */
import { COUPON_DETAIL_ACTIVITY, COUPON_DETAIL_REPORT, DISCOUNT_VERIFY } from '@zb/contract/reports/coupons';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { signInRegion } from '../storesMore/testHelpers';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
}, 180_000);
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const period = { periodFrom: day(-365), periodTo: day(0) };

describe('优惠券明细', () => {
  it('equals the coupons issued in the period and the bills they paid', async () => {
    const r = await reportAll(admin, COUPON_DETAIL_REPORT, { ...period, groupBy: 'templateStore' });
    const [f] = rowsOf<{ issued: number; used: number; expired: number; used_value: number; revenue: number }>(
      await t.db.execute(sql`select count(*)::int as issued, count(*) filter (where c.status = 'used')::int as used,
        count(*) filter (where c.status = 'expired')::int as expired, coalesce(sum(c.used_value), 0)::bigint as used_value,
        coalesce(sum(b.total) filter (where c.status = 'used'), 0)::bigint as revenue
        from member_coupon c left join member_consume b on b.id = c.used_consume_id
        where (c.issued_at at time zone 'Asia/Shanghai')::date between ${period.periodFrom}::date and ${period.periodTo}::date`),
    );
    expect(Number(f!.issued)).toBeGreaterThan(0);
    expect(Number(f!.used)).toBeGreaterThan(0);
    expect(Number(r.totals!.issued)).toBe(Number(f!.issued));
    expect(Number(r.totals!.used)).toBe(Number(f!.used));
    expect(Number(r.totals!.expired)).toBe(Number(f!.expired));
    expect(Number(r.totals!.usedValue)).toBe(Number(f!.used_value));
    expect(Number(r.totals!.revenue)).toBe(Number(f!.revenue));

    // Drilled: one template at one store lists exactly its 发放张数 of coupons.
    const row = [...r.list].sort((a, b) => Number(b.issued) - Number(a.issued))[0]!;
    const detail = await reportAll(admin, COUPON_DETAIL_ACTIVITY, {
      ...period,
      templateId: Number(row.templateId),
      storeId: Number(row.storeId),
    });
    expect(detail.total).toBe(Number(row.issued));
    expect(Number(detail.totals!.usedValue)).toBe(Number(row.usedValue));
    expect(detail.list.every((d) => d.templateName === row.templateName && d.storeName === row.storeName)).toBe(true);
  });

  it('shows a region only its stores’ coupons', async () => {
    const all = await reportAll(admin, COUPON_DETAIL_REPORT, { ...period, groupBy: 'store' });
    const east = await reportAll(await signInRegion(t), COUPON_DETAIL_REPORT, { ...period, groupBy: 'store' });
    expect(east.list.length).toBeLessThan(all.list.length);
    expect(east.list.every((r) => r.regionName === '华东大区')).toBe(true);
  });

  it('/discountVerify: every coupon payment agrees with the coupon ledger; a disagreeing one is 不一致', async () => {
    const r = await reportAll(admin, DISCOUNT_VERIFY, period);
    const [f] = rowsOf<{ n: number; paid: number }>(
      await t.db.execute(sql`select count(*)::int as n, coalesce(sum(p.amount), 0)::bigint as paid
        from bill_payment p join member_consume b on b.id = p.consume_id
        where p.method = 'coupon'
          and (b.consumed_at at time zone 'Asia/Shanghai')::date between ${period.periodFrom}::date and ${period.periodTo}::date`),
    );
    expect(r.total).toBe(Number(f!.n));
    expect(r.total).toBeGreaterThan(0);
    expect(Number(r.totals!.paid)).toBe(Number(f!.paid));
    expect(r.list.every((row) => row.check === 'match')).toBe(true);
    // A ledger row that no longer matches its bill (as a faulty write would leave it) shows 不一致.
    const row = r.list[0]!;
    await t.db.execute(sql`update coupon_ledger set value = value + 1 where kind = 'use'
      and coupon_id = (select id from member_coupon where coupon_no = ${row.couponNo as string})`);
    const bad = await reportAll(admin, DISCOUNT_VERIFY, { ...period, check: 'mismatch' });
    expect(bad.list.map((x) => x.couponNo)).toEqual([row.couponNo]);
  });
});
