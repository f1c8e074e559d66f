/**
 * The group-buy pages on the resource engine: /openPlatform's apps (the secret sealed with the
 * server's cipher, never read back), /tpl's 美团 shops and deals, /douyinStoreList's 抖音 shops,
 * and /onlineCouponList's verified vouchers (read only, by the caller's stores).
 */
import {
  DOUYIN_SHOP,
  GROUPBUY_APP,
  GROUPBUY_DEAL,
  GROUPBUY_VOUCHER,
  type GroupBuyPlatform,
  MEITUAN_SHOP,
} from '@zb/contract/entities/groupBuy';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Cipher } from '../../platform/crypto';
import { fieldError } from '../../platform/errors';
import type { ResourceBinding, Values } from '../../platform/resource/binding';
import { product, project } from '../goods/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';
import { groupBuyApp, groupBuyDeal, groupBuyShop, groupBuyVoucher } from './schema';

/** The values with the secret encrypted (a secret left out stays as it is); an empty base is the simulator. */
const sealed = (cipher: Cipher, values: Values): Values => {
  const out = { ...values };
  if (typeof values.appSecret === 'string' && values.appSecret) out.appSecret = cipher.encrypt(values.appSecret);
  else delete out.appSecret;
  if ('apiBase' in values)
    out.apiBase = typeof values.apiBase === 'string' && values.apiBase ? values.apiBase.replace(/\/+$/, '') : null;
  return out;
};

export const appResource = (cipher: Cipher): ResourceBinding => ({
  decl: GROUPBUY_APP,
  table: groupBuyApp,
  id: groupBuyApp.id,
  columns: { secretSet: sql<boolean>`(${groupBuyApp.appSecret} is not null)` },
  uniques: { group_buy_app_platform_uq: 'platform' },
  service: {
    create: async ({ tx, auth }, values) => {
      if (!values.appSecret) throw fieldError('appSecret', '请输入 App Secret');
      const [row] = await tx
        .insert(groupBuyApp)
        .values({ ...(sealed(cipher, values) as typeof groupBuyApp.$inferInsert), updatedBy: auth.user.id })
        .returning({ id: groupBuyApp.id });
      return row!.id;
    },
    update: async ({ tx, auth }, id, values) => {
      await tx
        .update(groupBuyApp)
        .set({ ...sealed(cipher, values), updatedBy: auth.user.id, updatedAt: sql`now()` })
        .where(eq(groupBuyApp.id, id));
    },
  },
});

/** The store a shop is bound to exists and has no other shop of the platform. */
const checkStore = async (tx: Tx, platform: GroupBuyPlatform, storeId: unknown, shopId?: number) => {
  if (storeId === null || storeId === undefined) return;
  const [s] = await tx
    .select({ id: store.id })
    .from(store)
    .where(eq(store.id, Number(storeId)));
  if (!s) throw fieldError('storeId', '门店不存在');
  const [other] = await tx
    .select({ id: groupBuyShop.id, name: groupBuyShop.platformShopName })
    .from(groupBuyShop)
    .where(and(eq(groupBuyShop.platform, platform), eq(groupBuyShop.storeId, s.id)));
  if (other && other.id !== shopId) throw fieldError('storeId', `该门店已绑定平台门店「${other.name}」，请先解绑`);
};

const shopResource = (decl: typeof MEITUAN_SHOP | typeof DOUYIN_SHOP, platform: GroupBuyPlatform): ResourceBinding => ({
  decl,
  table: groupBuyShop,
  id: groupBuyShop.id,
  where: eq(groupBuyShop.platform, platform),
  columns: { storeName: store.name, mapped: sql<boolean>`(${groupBuyShop.storeId} is not null)` },
  joins: [{ table: store, on: eq(store.id, groupBuyShop.storeId) }],
  scope: { store: groupBuyShop.storeId },
  uniques: {
    group_buy_shop_platform_shop_uq: 'platformShopId',
    group_buy_shop_platform_store_uq: 'storeId',
  },
  service: {
    create: async ({ tx }, values) => {
      await checkStore(tx, platform, values.storeId);
      const [row] = await tx
        .insert(groupBuyShop)
        .values({ ...(values as typeof groupBuyShop.$inferInsert), platform })
        .returning({ id: groupBuyShop.id });
      return row!.id;
    },
    update: async ({ tx }, id, values) => {
      await checkStore(tx, platform, values.storeId, id);
      await tx
        .update(groupBuyShop)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(groupBuyShop.id, id));
    },
  },
});

export const meituanShopResource = shopResource(MEITUAN_SHOP, 'meituan');
export const douyinShopResource = shopResource(DOUYIN_SHOP, 'douyin');

/** A deal's mapping as written: the id its kind needs, the other emptied; both empty without a kind. */
const mapping = async (tx: Tx, values: Values, before?: Values): Promise<Values> => {
  const kind = 'goodsKind' in values ? values.goodsKind : before?.goodsKind;
  const projectId = 'projectId' in values ? values.projectId : before?.projectId;
  const productId = 'productId' in values ? values.productId : before?.productId;
  if (kind === 'project') {
    if (projectId == null) throw fieldError('projectId', '请选择对应的项目');
    const [p] = await tx
      .select({ id: project.id })
      .from(project)
      .where(eq(project.id, Number(projectId)));
    if (!p) throw fieldError('projectId', '项目不存在');
    return { ...values, goodsKind: kind, projectId, productId: null };
  }
  if (kind === 'product') {
    if (productId == null) throw fieldError('productId', '请选择对应的商品');
    const [p] = await tx
      .select({ id: product.id })
      .from(product)
      .where(eq(product.id, Number(productId)));
    if (!p) throw fieldError('productId', '商品不存在');
    return { ...values, goodsKind: kind, projectId: null, productId };
  }
  if (projectId != null || productId != null) throw fieldError('goodsKind', '请选择对应类型');
  return { ...values, goodsKind: null, projectId: null, productId: null };
};

export const dealResource: ResourceBinding = {
  decl: GROUPBUY_DEAL,
  table: groupBuyDeal,
  id: groupBuyDeal.id,
  columns: {
    goodsName: sql<string | null>`coalesce(${project.name}, ${product.name})`,
    mapped: sql<boolean>`(${groupBuyDeal.goodsKind} is not null)`,
  },
  joins: [
    { table: project, on: eq(project.id, groupBuyDeal.projectId) },
    { table: product, on: eq(product.id, groupBuyDeal.productId) },
  ],
  uniques: { group_buy_deal_platform_deal_uq: 'platformDealId' },
  service: {
    create: async ({ tx }, values) => {
      const [row] = await tx
        .insert(groupBuyDeal)
        .values((await mapping(tx, values)) as typeof groupBuyDeal.$inferInsert)
        .returning({ id: groupBuyDeal.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const [row] = await tx.select().from(groupBuyDeal).where(eq(groupBuyDeal.id, id));
      await tx
        .update(groupBuyDeal)
        .set({ ...(await mapping(tx, values, row ?? (before as Values))), updatedAt: sql`now()` })
        .where(eq(groupBuyDeal.id, id));
    },
  },
};

export const voucherResource: ResourceBinding = {
  decl: GROUPBUY_VOUCHER,
  table: groupBuyVoucher,
  id: groupBuyVoucher.id,
  columns: {
    dealTitle: groupBuyDeal.title,
    goodsName: sql<string | null>`coalesce(${project.name}, ${product.name})`,
    storeName: store.name,
    clientName: openClient.name,
  },
  joins: [
    { table: groupBuyDeal, on: eq(groupBuyDeal.id, groupBuyVoucher.dealId), inner: true },
    { table: store, on: eq(store.id, groupBuyVoucher.storeId), inner: true },
    { table: project, on: eq(project.id, groupBuyVoucher.projectId) },
    { table: product, on: eq(product.id, groupBuyVoucher.productId) },
    { table: openClient, on: eq(openClient.id, groupBuyVoucher.clientId) },
  ],
  scope: { store: groupBuyVoucher.storeId },
};
