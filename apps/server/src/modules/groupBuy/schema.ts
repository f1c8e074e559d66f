/**
 * 团购平台 (issue 16): the platforms' apps, their shops and deals mapped to our stores and goods,
 * the vouchers verified at our stores, and the simulator's own codes (gbsim_code: what the
 * built-in 美团/抖音 simulator knows, as the platform's side would).
 */
import {
  GROUPBUY_GOODS_KINDS,
  GROUPBUY_PLATFORM_VALUES,
  GROUPBUY_VOUCHER_STATES,
} from '@zb/contract/entities/groupBuy';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { product, project } from '../goods/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const byUser = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });
const values = (list: readonly { value: string }[]) => list.map((o) => o.value);

/** One app per platform; the secret is encrypted with the server's cipher and never read back. */
export const groupBuyApp = pgTable(
  'group_buy_app',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    appKey: text('app_key').notNull(),
    /** Encrypted (platform/crypto); null: not set. */
    appSecret: text('app_secret'),
    /** null: this server's built-in simulator. */
    apiBase: text('api_base'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedBy: byUser('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('group_buy_app_platform_uq').on(t.platform),
    oneOf('group_buy_app_platform_ck', t.platform, GROUPBUY_PLATFORM_VALUES),
  ],
);

/** A platform's shop and the store it is bound to (at most one shop per store and platform). */
export const groupBuyShop = pgTable(
  'group_buy_shop',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    platformShopId: text('platform_shop_id').notNull(),
    platformShopName: text('platform_shop_name').notNull(),
    storeId: integer('store_id').references(() => store.id),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('group_buy_shop_platform_shop_uq').on(t.platform, t.platformShopId),
    uniqueIndex('group_buy_shop_platform_store_uq').on(t.platform, t.storeId).where(sql`${t.storeId} is not null`),
    index('group_buy_shop_store_idx').on(t.storeId),
    oneOf('group_buy_shop_platform_ck', t.platform, GROUPBUY_PLATFORM_VALUES),
  ],
);

/** A platform's deal (团购商品) and the project or product it stands for. */
export const groupBuyDeal = pgTable(
  'group_buy_deal',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    platformDealId: text('platform_deal_id').notNull(),
    title: text('title').notNull(),
    /** 分. */
    price: integer('price').notNull(),
    goodsKind: text('goods_kind'),
    projectId: integer('project_id').references(() => project.id),
    productId: integer('product_id').references(() => product.id),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('group_buy_deal_platform_deal_uq').on(t.platform, t.platformDealId),
    oneOf('group_buy_deal_platform_ck', t.platform, GROUPBUY_PLATFORM_VALUES),
    oneOf('group_buy_deal_goods_kind_ck', t.goodsKind, values(GROUPBUY_GOODS_KINDS)),
  ],
);

/** A voucher verified at one of our stores; one row per platform code, ever. */
export const groupBuyVoucher = pgTable(
  'group_buy_voucher',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    code: text('code').notNull(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => groupBuyDeal.id),
    /** The deal's mapping when it was verified. */
    goodsKind: text('goods_kind'),
    projectId: integer('project_id').references(() => project.id),
    productId: integer('product_id').references(() => product.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => groupBuyShop.id),
    /** What the member paid on the platform (分). */
    paidAmount: integer('paid_amount').notNull(),
    /** The platform's number of the verification. */
    verifyId: text('verify_id').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').notNull().default('verified'),
    clientId: integer('client_id').references(() => openClient.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('group_buy_voucher_code_uq').on(t.platform, t.code),
    index('group_buy_voucher_verified_idx').on(t.verifiedAt, t.id),
    index('group_buy_voucher_store_idx').on(t.storeId, t.verifiedAt),
    oneOf('group_buy_voucher_platform_ck', t.platform, GROUPBUY_PLATFORM_VALUES),
    oneOf('group_buy_voucher_state_ck', t.state, values(GROUPBUY_VOUCHER_STATES)),
    oneOf('group_buy_voucher_goods_kind_ck', t.goodsKind, values(GROUPBUY_GOODS_KINDS)),
  ],
);

/** A refund of a verified voucher: 撤销核销 (cancelled at the platform in its window) or 平台退款. */
export const groupBuyRefund = pgTable(
  'group_buy_refund',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => groupBuyVoucher.id),
    /** cancel: 撤销核销; refund: 平台退款. */
    kind: text('kind').notNull(),
    /** 分. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: byUser('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('group_buy_refund_voucher_uq').on(t.voucherId),
    index('group_buy_refund_created_idx').on(t.createdAt, t.id),
    oneOf('group_buy_refund_kind_ck', t.kind, ['cancel', 'refund']),
  ],
);

/** A platform review of one of our shops, pulled through the adapter (a job and on demand). */
export const groupBuyReview = pgTable(
  'group_buy_review',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    platformReviewId: text('platform_review_id').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => groupBuyShop.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** 1 to 5 stars. */
    score: integer('score').notNull(),
    content: text('content').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    pulledAt: createdAt(),
  },
  (t) => [
    unique('group_buy_review_uq').on(t.platform, t.platformReviewId),
    index('group_buy_review_store_idx').on(t.storeId, t.reviewedAt),
    oneOf('group_buy_review_platform_ck', t.platform, GROUPBUY_PLATFORM_VALUES),
  ],
);

/**
 * The built-in simulator's side: the codes members bought on a platform, where each may be
 * used, and whether it was. The console never reads it; only simulator.ts does.
 */
export const gbsimCode = pgTable(
  'gbsim_code',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    code: text('code').notNull(),
    shopId: text('shop_id').notNull(),
    dealId: text('deal_id').notNull(),
    paidAmount: integer('paid_amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** unused, used, refunded */
    state: text('state').notNull().default('unused'),
    verifyId: text('verify_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('gbsim_code_uq').on(t.platform, t.code)],
);
