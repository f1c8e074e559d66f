/**
 * 优惠券按人群发放 as a job (issue 16) on
 * the large world (`npm run seed -- --scale large`): a crowd of the first stores whose members
 * reach TARGET (100,000 by default), an active template with room for them all, then the job as
 * the server runs it (a fresh snapshot and one coupon_issue in one transaction, then
 * COUPON_CROWD_BATCH members a transaction through issueCoupons). Prints the snapshot's and the
 * job's time, the batches per second and this process's peak memory (RSS and heap, sampled every
 * 50 ms), and checks the coupons written equal the issue's count. WRITES: a crowd, a template, its
 * coupons — run it on a bench copy of the large world. `npm run bench` runs it on its own large
 * world (scaleBench.ts); by itself: `DATABASE_URL=… node --import tsx bench/crowdIssue.ts`.
 */
import { pathToFileURL } from 'node:url';
import { COUPON_CROWD_BATCH } from '@zb/contract/entities/coupon';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../apps/server/src/db/client';
import { openCrowdIssueIn, runCrowdIssue } from '../apps/server/src/modules/coupons/crowdIssue';
import { couponIssue, couponTemplate, memberCoupon } from '../apps/server/src/modules/coupons/schema';
import { writeCrowd } from '../apps/server/src/modules/crowds/service';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';

export interface CrowdIssueResult {
  stores: number;
  crowdMembers: number;
  issued: number;
  failed: number;
  couponsWritten: number;
  countsAgree: boolean;
  snapshotMs: number;
  jobMs: number;
  batches: number;
  peakRssMb: number;
  peakHeapMb: number;
}

export const measureCrowdIssue = async (url: string, TARGET = 100_000): Promise<CrowdIssueResult> => {
  const client = postgres(url, { max: 2, onnotice: () => {} });
  const db = drizzle({ client }) as unknown as Db;
  try {
    let peakRss = 0;
    let peakHeap = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    const mb = (b: number) => Math.round(b / 1_048_576);

    // The first stores (by id) whose members together reach TARGET.
    const stores = (await db.execute(
      sql`select store_id as id, count(*)::int as n from member group by store_id order by store_id`,
    )) as unknown as { id: number; n: number }[];
    const storeIds: number[] = [];
    let members = 0;
    for (const s of stores) {
      if (members >= TARGET) break;
      storeIds.push(s.id);
      members += s.n;
    }
    const [admin] = (await db.execute(
      sql`select id from user_account where login_name = '13800000001'`,
    )) as unknown as {
      id: number;
    }[];
    const userId = admin?.id ?? 1;
    const stamp = Date.now();
    const { crowdId, templateId } = await db.transaction(async (tx) => {
      const { id } = await writeCrowd(
        tx,
        { userId, scope: HQ_SCOPE },
        { name: `压测人群 ${stamp}`, rule: { groups: [[{ kind: 'store', storeIds, regionIds: [] }]] } },
      );
      const [t] = await tx
        .insert(couponTemplate)
        .values({
          code: `QTB${stamp}`,
          name: `压测券 ${stamp}`,
          kind: 'voucher',
          status: 'active',
          amount: 1000,
          validityMode: 'days',
          validDays: 30,
          totalQuantity: 1_000_000,
          perMemberLimit: 1,
        })
        .returning({ id: couponTemplate.id });
      return { crowdId: id, templateId: t!.id };
    });

    sample();
    const timer = setInterval(sample, 50);
    const t0 = performance.now();
    const issueId = await db.transaction((tx) =>
      openCrowdIssueIn(tx, { templateId, crowdId, scope: HQ_SCOPE, userId }),
    );
    const t1 = performance.now();
    await runCrowdIssue(db, issueId);
    const t2 = performance.now();
    clearInterval(timer);
    sample();

    const [i] = await db.select().from(couponIssue).where(eq(couponIssue.id, issueId));
    const [{ n: written } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberCoupon)
      .where(eq(memberCoupon.issueId, issueId));
    const batches = Math.ceil((i?.requested ?? 0) / COUPON_CROWD_BATCH);
    return {
      stores: storeIds.length,
      crowdMembers: i?.requested ?? 0,
      issued: i?.issued ?? 0,
      failed: i?.failed ?? 0,
      couponsWritten: written,
      countsAgree: written === i?.issued && (i?.issued ?? 0) + (i?.failed ?? 0) === i?.requested && i?.state === 'done',
      snapshotMs: Math.round(t1 - t0),
      jobMs: Math.round(t2 - t1),
      batches,
      peakRssMb: mb(peakRss),
      peakHeapMb: mb(peakHeap),
    };
  } finally {
    await client.end({ timeout: 5 });
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: the large world');
  console.log(JSON.stringify(await measureCrowdIssue(url, Number(process.env.TARGET ?? 100_000)), null, 2));
}
