/**
 * 团购平台's demo (issue 16), through the same services and client the API uses, against the
 * built-in simulator in process (the seed runs before the server listens): the 美团 and 抖音 apps
 * (/openPlatform), their shops synced and bound to our stores (/tpl, /douyinStoreList; a few 抖音
 * shops left unbound), their deals synced and mapped to projects and products (one left
 * unmapped), codes bought on the platforms and verified at BJ001 by its demo POS over the last
 * days (/onlineCouponList), one of them refunded by the platform (/onlineCouponRefundList), and two codes left unused for trying the POS call by hand.
 */
import type { GroupBuyPlatform } from '@zb/contract/entities/groupBuy';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { applyRefund } from '../modules/groupBuy/refunds';
import { pullReviews } from '../modules/groupBuy/reviews';
import { groupBuyApp, groupBuyDeal, groupBuyShop } from '../modules/groupBuy/schema';
import { type GroupBuyEnv, syncDeals, syncShops, verifyVoucher } from '../modules/groupBuy/service';
import { IN_PROCESS_BASE, SIM_APPS, simShopId, simulate, simulatorFetch } from '../modules/groupBuy/simulator';
import { openClient } from '../modules/openApi/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { createCipher, loadCipherSecret } from '../platform/crypto';
import { HQ_SCOPE } from '../platform/scope';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
/** 抖音 shops of these stores stay unbound (a store not yet on 抖音来客). */
const DOUYIN_UNBOUND = new Set(['WH001', 'CS001', 'CQ001']);

/** Codes bought and verified at BJ001: [platform, code, days ago, deal index]. */
const VERIFIED: readonly [GroupBuyPlatform, string, number, number][] = [
  ['meituan', 'MT20260001', 9, 0],
  ['meituan', 'MT20260002', 7, 1],
  ['douyin', 'DY20260001', 6, 0],
  ['meituan', 'MT20260003', 4, 2],
  ['douyin', 'DY20260002', 3, 1],
  ['meituan', 'MT20260004', 2, 0],
  ['douyin', 'DY20260003', 1, 3],
];
/** Bought, not yet used: for the POS call by hand (docs). */
export const DEMO_UNUSED_CODES: readonly [GroupBuyPlatform, string][] = [
  ['meituan', 'MT20269001'],
  ['douyin', 'DY20269001'],
];

export const seedGroupBuy = async (tx: Tx, now: Date): Promise<void> => {
  const cipher = createCipher(await loadCipherSecret(tx, loadConfig().secret));
  const envAt = (ms: number): GroupBuyEnv => ({
    cipher,
    simulatorBase: () => IN_PROCESS_BASE,
    fetch: simulatorFetch(tx, () => ms),
    now: () => ms,
  });
  await tx.insert(groupBuyApp).values([
    {
      platform: 'meituan',
      name: '美团开店宝',
      appKey: SIM_APPS.meituan.appKey,
      appSecret: cipher.encrypt(SIM_APPS.meituan.secret),
    },
    {
      platform: 'douyin',
      name: '抖音来客',
      appKey: SIM_APPS.douyin.appKey,
      appSecret: cipher.encrypt(SIM_APPS.douyin.secret),
    },
  ]);
  const stores = await tx.select({ id: store.id, code: store.code }).from(store).orderBy(asc(store.id));
  const env = envAt(now.getTime());
  const dealsOf: Record<GroupBuyPlatform, string[]> = { meituan: [], douyin: [] };
  for (const platform of ['meituan', 'douyin'] as const) {
    await syncShops(tx, env, null, platform);
    await syncDeals(tx, env, null, platform);
    for (const s of stores) {
      if (platform === 'douyin' && DOUYIN_UNBOUND.has(s.code)) continue;
      await tx
        .update(groupBuyShop)
        .set({ storeId: s.id })
        .where(and(eq(groupBuyShop.platform, platform), eq(groupBuyShop.platformShopId, simShopId(platform, s.code))));
    }
    const deals = await tx
      .select()
      .from(groupBuyDeal)
      .where(eq(groupBuyDeal.platform, platform))
      .orderBy(asc(groupBuyDeal.id));
    for (const [i, d] of deals.entries()) {
      dealsOf[platform].push(d.platformDealId);
      // The last 抖音 deal stays unmapped (a new deal head office has not matched yet).
      if (platform === 'douyin' && i === deals.length - 1) continue;
      const id = Number(d.platformDealId.split('-')[1]!.slice(1));
      const kind = d.platformDealId.includes('-P') ? 'project' : 'product';
      await tx
        .update(groupBuyDeal)
        .set(kind === 'project' ? { goodsKind: kind, projectId: id } : { goodsKind: kind, productId: id })
        .where(and(eq(groupBuyDeal.id, d.id), isNull(groupBuyDeal.goodsKind)));
    }
  }

  const [client] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const bj = stores.find((s) => s.code === DEMO_OPEN_KEYS.pos.storeCode);
  if (!client || !bj) return;
  const caller = { clientId: client.id, kind: 'pos' as const, name: client.name, storeId: bj.id };
  const buy = async (platform: GroupBuyPlatform, code: string, dealIndex: number, boughtMs: number) => {
    const dealId = dealsOf[platform][dealIndex % dealsOf[platform].length]!;
    await simulate(
      tx,
      platform,
      'sim/issue',
      {},
      JSON.stringify({
        code,
        shop_id: simShopId(platform, bj.code),
        deal_id: dealId,
        paid_amount: 9900 + dealIndex * 3000,
        expires_at: new Date(boughtMs + 90 * DAY).toISOString(),
      }),
    );
  };
  const verified: number[] = [];
  for (const [platform, code, daysAgo, dealIndex] of VERIFIED) {
    const at = now.getTime() - daysAgo * DAY + 5 * 3_600_000;
    await buy(platform, code, dealIndex, at - 3 * DAY);
    verified.push((await verifyVoucher(tx, envAt(at), caller, { platform, code, storeCode: bj.code })).voucherId);
  }
  // One voucher refunded by the platform after 核销 (/onlineCouponRefundList).
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  if (admin) {
    const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
    await applyRefund(tx, env, auth, {
      voucherId: verified[1]!,
      kind: 'refund',
      reason: '顾客在美团申请退款，平台已退',
    });
  }
  for (const [platform, code] of DEMO_UNUSED_CODES) await buy(platform, code, 0, now.getTime());
  // The bound shops' reviews of the last 90 days, pulled as the job pulls them (/XMDReviewReport).
  await pullReviews(tx, env, now);
};
