/**
 * 团购评价 (/XMDReviewReport): each platform's reviews of the shops bound to our stores, pulled into
 * group_buy_review — by the job `groupBuyReviews` and by 拉取评价 on /openPlatform — from the
 * newest one kept (the last 90 days the first time); a review is kept once (platform, review id).
 */
import { GROUPBUY_PLATFORMS, type GroupBuyPlatform, type GroupBuyReviewPull } from '@zb/contract/entities/groupBuy';
import { XMD_REVIEW } from '@zb/contract/reports/groupBuy';
import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { createCipher, loadCipherSecret } from '../../platform/crypto';
import { bindReport, bucketOf, col } from '../../platform/report/binding';
import { GroupBuyError } from './client';
import { groupBuyApp, groupBuyReview, groupBuyShop } from './schema';
import { clientOf, type GroupBuyEnv, platformFailure } from './service';
import { IN_PROCESS_BASE, simulatorFetch } from './simulator';

const FIRST_PULL_DAYS = 90;

export { reviewPullText } from '@zb/contract/entities/groupBuy';

/** The reviews since the newest kept, of every bound shop of every enabled platform. */
export const pullReviews = async (db: Db, env: GroupBuyEnv, now: Date = new Date()): Promise<GroupBuyReviewPull> => {
  const r: GroupBuyReviewPull = { shops: 0, added: 0 };
  const apps = await db.select().from(groupBuyApp).where(eq(groupBuyApp.enabled, true));
  for (const platform of GROUPBUY_PLATFORMS.map((p) => p.value as GroupBuyPlatform)) {
    if (!apps.some((a) => a.platform === platform)) continue;
    const client = await clientOf(db, env, platform);
    const shops = await db
      .select({
        id: groupBuyShop.id,
        platformShopId: groupBuyShop.platformShopId,
        storeId: groupBuyShop.storeId,
        newest: max(groupBuyReview.reviewedAt),
      })
      .from(groupBuyShop)
      .leftJoin(groupBuyReview, eq(groupBuyReview.shopId, groupBuyShop.id))
      .where(and(eq(groupBuyShop.platform, platform), isNotNull(groupBuyShop.storeId)))
      .groupBy(groupBuyShop.id);
    for (const s of shops) {
      const since = s.newest ?? new Date(now.getTime() - FIRST_PULL_DAYS * 86_400_000);
      let reviews: Awaited<ReturnType<typeof client.reviews>>;
      try {
        reviews = await client.reviews(s.platformShopId, new Date(since).toISOString());
      } catch (e) {
        throw e instanceof GroupBuyError ? platformFailure(platform, e) : e;
      }
      r.shops++;
      if (!reviews.length) continue;
      const added = await db
        .insert(groupBuyReview)
        .values(
          reviews.map((v) => ({
            platform,
            platformReviewId: v.reviewId,
            shopId: s.id,
            storeId: s.storeId!,
            score: Math.min(5, Math.max(1, Math.round(v.score))),
            content: v.content.slice(0, 500),
            reviewedAt: new Date(v.reviewedAt),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: groupBuyReview.id });
      r.added += added.length;
    }
  }
  return r;
};

/** The job's env: the server's cipher, and the built-in simulator in process for an app with no API base. */
export const jobGroupBuyEnv = async (db: Db): Promise<GroupBuyEnv> => {
  const sim = simulatorFetch(db);
  return {
    cipher: createCipher(await loadCipherSecret(db, loadConfig(process.env).secret)),
    simulatorBase: () => IN_PROCESS_BASE,
    fetch: (input, init) =>
      String(input).startsWith(IN_PROCESS_BASE) ? sim(input, init) : globalThis.fetch(input, init),
  };
};

export const xmdReviewBinding = bindReport({
  decl: XMD_REVIEW,
  from: {
    alias: 'gr',
    query: () =>
      sql.raw(`select v.id as "id", v.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
        r.name as "regionName", v.platform as "platform", v.reviewed_at as "at", 1 as "reviews",
        (v.score >= 4)::int as "good", (v.score = 3)::int as "neutral", (v.score <= 2)::int as "bad"
      from group_buy_review v join store s on s.id = v.store_id join region r on r.id = s.region_id`),
  },
  dims: { month: bucketOf(col('gr', 'at'), 'month') },
  measures: {
    reviews: sql`sum(${col('gr', 'reviews')})::int`,
    good: sql`sum(${col('gr', 'good')})::int`,
    neutral: sql`sum(${col('gr', 'neutral')})::int`,
    bad: sql`sum(${col('gr', 'bad')})::int`,
  },
  filters: {
    period: { instant: col('gr', 'at') },
    storeId: col('gr', 'storeId'),
    regionId: col('gr', 'regionId'),
    platform: col('gr', 'platform'),
  },
  scope: { store: col('gr', 'storeId') },
});
