/**
 * 团购平台's rules: a platform's client from its app (/openPlatform), 同步门店/同步商品 from the
 * platform, and the 核销 a store's POS asks through the open API — checked with the platform
 * (prepare), verified there, then recorded; a code the platform refuses is refused at the store
 * with its reason and nothing is written, and a code is recorded once (unique per platform; a
 * second ask at the same moment is refused by the platform or by the unique key).
 */
import type {
  GroupBuyPlatform,
  GroupBuySyncResult,
  OpenGroupBuyVerified,
  OpenGroupBuyVerifyBody,
} from '@zb/contract/entities/groupBuy';
import { GROUPBUY_PLATFORMS } from '@zb/contract/entities/groupBuy';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { GroupBuyClient, GroupBuyError, type PlatformDeal, type PlatformShop } from './client';
import { groupBuyApp, groupBuyDeal, groupBuyShop, groupBuyVoucher } from './schema';

/** What the service needs to reach a platform: the cipher of the secrets, this server's simulator, a transport. */
export interface GroupBuyEnv {
  cipher: Cipher;
  /** The built-in simulator's base (an app with no API base calls it). */
  simulatorBase: () => string;
  fetch?: typeof fetch;
  now?: () => number;
}

const labelOf = (platform: GroupBuyPlatform) => GROUPBUY_PLATFORMS.find((p) => p.value === platform)!.label;

/** The platform's client, from its enabled app with a secret; refused when there is none. */
export const clientOf = async (db: Db, env: GroupBuyEnv, platform: GroupBuyPlatform): Promise<GroupBuyClient> => {
  const [app] = await db.select().from(groupBuyApp).where(eq(groupBuyApp.platform, platform));
  const secret = app?.appSecret ? env.cipher.decrypt(app.appSecret) : null;
  if (!app?.enabled || !secret) {
    throw new BizError(ERR.GROUPBUY_NOT_CONFIGURED, `${labelOf(platform)}未接入或已停用，请在团购开放平台中配置`);
  }
  return new GroupBuyClient({
    platform,
    base: () => app.apiBase ?? env.simulatorBase(),
    appKey: app.appKey,
    secret,
    ...(env.fetch ? { fetch: env.fetch } : {}),
    ...(env.now ? { now: env.now } : {}),
  });
};

/** Our answer to a platform's refusal or failure. */
export const platformFailure = (platform: GroupBuyPlatform, e: GroupBuyError): BizError => {
  const name = labelOf(platform);
  switch (e.reason) {
    case 'unknown':
      return new BizError(ERR.GROUPBUY_CODE_UNKNOWN, `${name}：券码不存在`);
    case 'used':
      return new BizError(ERR.GROUPBUY_CODE_USED, `${name}：券码已使用`);
    case 'expired':
      return new BizError(ERR.GROUPBUY_CODE_EXPIRED, `${name}：券码已过期`);
    case 'wrongShop':
      return new BizError(ERR.GROUPBUY_CODE_WRONG_SHOP, `${name}：该券不能在本门店核销`);
    case 'notCancellable':
      return new BizError(ERR.GROUPBUY_PLATFORM_FAILED, `${name}：已超过撤销时限，不能撤销核销`);
    case 'auth':
      return new BizError(ERR.GROUPBUY_PLATFORM_FAILED, `${name}拒绝了签名，请检查 App Key 与 App Secret`);
    default:
      return new BizError(ERR.GROUPBUY_PLATFORM_FAILED, `${name}暂时无法访问，请稍后重试`);
  }
};

/** Runs a platform call, its refusal turned into ours. */
const ask = async <T>(platform: GroupBuyPlatform, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (e) {
    if (e instanceof GroupBuyError) throw platformFailure(platform, e);
    throw e;
  }
};

/** One synced row: inserted (true) or updated (false). */
type Upsert<T> = (tx: Tx, platform: GroupBuyPlatform, item: T) => Promise<boolean>;

/** Pulls a list from the platform and writes each item in one transaction, with its operation-log row. */
const syncList = async <T>(
  db: Db,
  env: GroupBuyEnv,
  auth: Auth | null,
  platform: GroupBuyPlatform,
  what: 'shops' | 'deals',
  pull: (client: GroupBuyClient) => Promise<T[]>,
  upsert: Upsert<T>,
): Promise<GroupBuySyncResult> => {
  const client = await clientOf(db, env, platform);
  const items = await ask(platform, () => pull(client));
  return db.transaction(async (tx) => {
    let added = 0;
    for (const item of items) if (await upsert(tx, platform, item)) added++;
    const result = { listed: items.length, added };
    await recordOperation(tx, {
      userId: auth?.user.id ?? null,
      action: what === 'shops' ? 'groupBuyShop.sync' : 'groupBuyDeal.sync',
      target: `group_buy_sync:${platform}`,
      after: { platform, what, ...result },
    });
    return result;
  });
};

const INSERTED = { inserted: sql<boolean>`(xmax = 0)` };

const upsertShop: Upsert<PlatformShop> = async (tx, platform, s) => {
  const [row] = await tx
    .insert(groupBuyShop)
    .values({ platform, platformShopId: s.shopId, platformShopName: s.name, syncedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [groupBuyShop.platform, groupBuyShop.platformShopId],
      set: { platformShopName: s.name, syncedAt: sql`now()` },
    })
    .returning(INSERTED);
  return row?.inserted === true;
};

const upsertDeal: Upsert<PlatformDeal> = async (tx, platform, d) => {
  const [row] = await tx
    .insert(groupBuyDeal)
    .values({ platform, platformDealId: d.dealId, title: d.title, price: d.price, syncedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [groupBuyDeal.platform, groupBuyDeal.platformDealId],
      set: { title: d.title, price: d.price, syncedAt: sql`now()` },
    })
    .returning(INSERTED);
  return row?.inserted === true;
};

/** 同步门店: the platform's shops, new ones added unbound, known ones renamed. */
export const syncShops = (db: Db, env: GroupBuyEnv, auth: Auth | null, platform: GroupBuyPlatform) =>
  syncList(db, env, auth, platform, 'shops', (c) => c.shops(), upsertShop);

/** 同步商品: the platform's deals, new ones added unmapped, known ones retitled and repriced. */
export const syncDeals = (db: Db, env: GroupBuyEnv, auth: Auth | null, platform: GroupBuyPlatform) =>
  syncList(db, env, auth, platform, 'deals', (c) => c.deals(), upsertDeal);

const alreadyVerified = () => new BizError(ERR.GROUPBUY_ALREADY_VERIFIED);

const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** 核销 at a store (the open API): checked with the platform, verified there, recorded here. */
export const verifyVoucher = async (
  db: Db,
  env: GroupBuyEnv,
  caller: OpenCaller,
  body: OpenGroupBuyVerifyBody,
): Promise<OpenGroupBuyVerified> => {
  const { platform, code } = body;
  const [st] = await db.select({ id: store.id }).from(store).where(eq(store.code, body.storeCode));
  if (!st) throw new BizError(ERR.OPEN_DOCUMENT_INVALID, `门店编码 ${body.storeCode} 不存在`);
  assertStoreAllowed(caller, st.id);
  const [shop] = await db
    .select()
    .from(groupBuyShop)
    .where(and(eq(groupBuyShop.platform, platform), eq(groupBuyShop.storeId, st.id)));
  if (!shop) throw new BizError(ERR.GROUPBUY_NOT_CONFIGURED, `该门店未绑定${labelOf(platform)}门店`);
  const taken = async () =>
    (
      await db
        .select({ id: groupBuyVoucher.id })
        .from(groupBuyVoucher)
        .where(and(eq(groupBuyVoucher.platform, platform), eq(groupBuyVoucher.code, code)))
    ).length > 0;
  if (await taken()) throw alreadyVerified();

  const client = await clientOf(db, env, platform);
  let voucher: Awaited<ReturnType<GroupBuyClient['prepare']>>;
  let verified: Awaited<ReturnType<GroupBuyClient['verify']>>;
  try {
    voucher = await client.prepare(code, shop.platformShopId);
    verified = await client.verify(code, shop.platformShopId);
  } catch (e) {
    if (!(e instanceof GroupBuyError)) throw e;
    // Used on the platform and recorded here meanwhile: the same code asked twice at once.
    if (e.reason === 'used' && (await taken())) throw alreadyVerified();
    throw platformFailure(platform, e);
  }

  try {
    return await db.transaction(async (tx) => {
      await tx
        .insert(groupBuyDeal)
        .values({ platform, platformDealId: voucher.dealId, title: voucher.dealTitle, price: voucher.dealPrice })
        .onConflictDoNothing();
      const [deal] = await tx
        .select()
        .from(groupBuyDeal)
        .where(and(eq(groupBuyDeal.platform, platform), eq(groupBuyDeal.platformDealId, voucher.dealId)));
      const [row] = await tx
        .insert(groupBuyVoucher)
        .values({
          platform,
          code,
          dealId: deal!.id,
          goodsKind: deal!.goodsKind,
          projectId: deal!.projectId,
          productId: deal!.productId,
          storeId: st.id,
          shopId: shop.id,
          paidAmount: voucher.paidAmount,
          verifyId: verified.verifyId,
          verifiedAt: new Date(verified.verifiedAt),
          clientId: caller.clientId,
        })
        .returning();
      await recordOperation(tx, {
        userId: null,
        action: 'groupBuyVoucher.verify',
        target: `groupBuyVoucher:${row!.id}`,
        after: { code, platform, storeId: st.id, paidAmount: voucher.paidAmount, verifyId: verified.verifyId },
      });
      return {
        voucherId: row!.id,
        code,
        platform,
        dealTitle: deal!.title,
        goodsKind: deal!.goodsKind as OpenGroupBuyVerified['goodsKind'],
        projectId: deal!.projectId,
        productId: deal!.productId,
        paidAmount: voucher.paidAmount,
        verifiedAt: row!.verifiedAt.toISOString(),
      };
    });
  } catch (e) {
    // Not recorded: give the code back on the platform, so the member is not left with a used code.
    await client.cancel(code, verified.verifyId).catch(() => undefined);
    if (isUniqueViolation(e)) throw alreadyVerified();
    throw e;
  }
};
