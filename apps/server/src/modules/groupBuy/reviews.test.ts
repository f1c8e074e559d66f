/**
 * 团购评价: the demo pulled the bound shops' reviews; 拉取评价 takes only what is new (a second pull
 * adds nothing); /XMDReviewReport equals the reviews kept, by store and platform; a region sees
 * its stores; without /openPlatform's 编辑 there is no pull.
 */
import { GROUPBUY_API } from '@zb/contract/entities/groupBuy';
import { ERR } from '@zb/contract/errcodes';
import { XMD_REVIEW } from '@zb/contract/reports/groupBuy';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { okData, refused, signInRegion } from '../storesMore/testHelpers';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  // The platform clients call the built-in simulator over HTTP, as in production.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.signIn('admin', 'admin123');
}, 180_000);
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('团购评价', () => {
  it('pulls only the new reviews of the bound shops', async () => {
    const [before] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from group_buy_review`));
    expect(Number(before!.n)).toBeGreaterThan(0);
    const r = okData(await admin.call(GROUPBUY_API.pullReviews));
    expect(r.shops).toBeGreaterThan(0);
    const [after] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from group_buy_review`));
    expect(Number(after!.n)).toBe(Number(before!.n) + r.added);
    expect(okData(await admin.call(GROUPBUY_API.pullReviews)).added).toBe(0);
    const region = await signInRegion(t);
    refused(await region.call(GROUPBUY_API.pullReviews), ERR.FORBIDDEN);
  });

  it('/XMDReviewReport equals the reviews kept, by store and platform', async () => {
    const period = { periodFrom: day(-90), periodTo: day(0) };
    const r = await reportAll(admin, XMD_REVIEW, { ...period, groupBy: 'storePlatform' });
    const facts = rowsOf<{ store_id: number; platform: string; n: number; good: number; bad: number }>(
      await t.db.execute(sql`select store_id, platform, count(*)::int as n, count(*) filter (where score >= 4)::int as good,
        count(*) filter (where score <= 2)::int as bad from group_buy_review
        where (reviewed_at at time zone 'Asia/Shanghai')::date between ${period.periodFrom}::date and ${period.periodTo}::date
        group by store_id, platform`),
    );
    expect(facts.length).toBeGreaterThan(0);
    const key = (s: unknown, p: unknown) => `${s}:${p}`;
    expect(
      Object.fromEntries(
        r.list.map((x) => [key(x.storeId, x.platform), [Number(x.reviews), Number(x.good), Number(x.bad)]]),
      ),
    ).toEqual(
      Object.fromEntries(facts.map((f) => [key(f.store_id, f.platform), [Number(f.n), Number(f.good), Number(f.bad)]])),
    );
  });
});
