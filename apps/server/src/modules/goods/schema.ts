/**
 * Goods: products (retail goods), projects (services) with the products each session consumes,
 * and cards (combo cards with their projects, stored-value cards). Money is integer 分.
 */

import { PRODUCT_UNITS } from '@zb/contract/entities/product';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { masterItem } from '../master/schema';
import { store } from '../stores/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const statusCheck = (name: string, col: unknown) => check(name, sql`${col} in ('on', 'off')`);

export const product = pgTable(
  'product',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    barcode: text('barcode'),
    name: text('name').notNull(),
    brand: text('brand'),
    spec: text('spec'),
    unit: text('unit').notNull(),
    /** Millilitres in one unit, for goods consumed by the millilitre; null otherwise. */
    mlPerUnit: integer('ml_per_unit'),
    retailPrice: integer('retail_price').notNull(),
    costPrice: integer('cost_price').notNull(),
    onlineTypeId: integer('online_type_id').references(() => masterItem.id),
    status: text('status').notNull().default('on'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('product_code_uq').on(t.code),
    index('product_sort_idx').on(t.sort, t.id),
    index('product_name_idx').on(t.name),
    statusCheck('product_status_chk', t.status),
    check('product_money_chk', sql`${t.retailPrice} >= 0 and ${t.costPrice} >= 0`),
    check('product_ml_chk', sql`${t.mlPerUnit} is null or ${t.mlPerUnit} > 0`),
    oneOf(
      'product_unit_chk',
      t.unit,
      PRODUCT_UNITS.map((u) => u.value),
    ),
  ],
);

export const project = pgTable(
  'project',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => masterItem.id),
    subTypeId: integer('sub_type_id').references(() => masterItem.id),
    durationMin: integer('duration_min').notNull(),
    price: integer('price').notNull(),
    /** Label lookup ids (master_item, category label). */
    labelIds: integer('label_ids').array().notNull().default(sql`'{}'::int[]`),
    feeTypeId: integer('fee_type_id').references(() => masterItem.id),
    status: text('status').notNull().default('on'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('project_code_uq').on(t.code),
    index('project_created_idx').on(t.createdAt, t.id),
    index('project_type_idx').on(t.typeId),
    index('project_label_ids_idx').using('gin', t.labelIds),
    statusCheck('project_status_chk', t.status),
    check('project_price_chk', sql`${t.price} >= 0`),
  ],
);

/** What one session of a project consumes: a quantity of a product, in ml or in pieces. */
export const projectProduct = pgTable(
  'project_product',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    quantity: integer('quantity').notNull(),
    /** 'ml' or 'piece'. */
    unit: text('unit').notNull(),
    /** Order in the project's form. */
    line: integer('line').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.productId] }),
    index('project_product_product_idx').on(t.productId),
    check('project_product_qty_chk', sql`${t.quantity} > 0`),
    check('project_product_unit_chk', sql`${t.unit} in ('ml', 'piece')`),
  ],
);

export const card = pgTable(
  'card',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'combo' (套餐卡) or 'stored' (储值卡). */
    kind: text('kind').notNull(),
    price: integer('price').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** Stored-value cards: the amount and the bonus, in 分; null on combo cards. */
    amount: integer('amount'),
    bonus: integer('bonus'),
    /** 'all' stores, or the stores of `storeLevelIds` ('levels'). */
    usableScope: text('usable_scope').notNull().default('all'),
    storeLevelIds: integer('store_level_ids').array().notNull().default(sql`'{}'::int[]`),
    status: text('status').notNull().default('on'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('card_code_uq').on(t.code),
    index('card_created_idx').on(t.createdAt, t.id),
    statusCheck('card_status_chk', t.status),
    check('card_kind_chk', sql`${t.kind} in ('combo', 'stored')`),
    check('card_scope_chk', sql`${t.usableScope} in ('all', 'levels')`),
    check('card_money_chk', sql`${t.price} >= 0 and coalesce(${t.amount}, 0) >= 0 and coalesce(${t.bonus}, 0) >= 0`),
  ],
);

/** Sessions of a project a combo card holds. */
export const cardProject = pgTable(
  'card_project',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => card.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    sessions: integer('sessions').notNull(),
    line: integer('line').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.projectId] }),
    index('card_project_project_idx').on(t.projectId),
    check('card_project_sessions_chk', sql`${t.sessions} > 0`),
  ],
);

// Goods settings (体验项目限制, 提前核销, 跨级划卡, 开放平台商品关联, 小程序商品配置): docs/domain.md.

/** A setting that refers to one of our goods: its kind and exactly the one id column of that kind. */
const goodsRefCheck = (
  name: string,
  t: { goodsKind: unknown; productId?: unknown; projectId: unknown; cardId: unknown },
) =>
  check(
    name,
    t.productId
      ? sql`(${t.goodsKind} = 'product') = (${t.productId} is not null) and (${t.goodsKind} = 'project') = (${t.projectId} is not null) and (${t.goodsKind} = 'card') = (${t.cardId} is not null)`
      : sql`${t.goodsKind} in ('project', 'card') and (${t.goodsKind} = 'project') = (${t.projectId} is not null) and (${t.goodsKind} = 'card') = (${t.cardId} is not null)`,
  );

/** A trial (体验) project and how many times one member may take it. One row per project. */
export const trialLimit = pgTable(
  'trial_limit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    maxTimes: integer('max_times').notNull(),
    /** 'lifetime' 终身 or 'year' 每自然年 (Beijing time). */
    period: text('period').notNull().default('lifetime'),
    /** 'all' stores counted together, or each 'store' on its own. */
    storeScope: text('store_scope').notNull().default('all'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('trial_limit_project_uq').on(t.projectId),
    index('trial_limit_created_idx').on(t.createdAt, t.id),
    check('trial_limit_times_chk', sql`${t.maxTimes} > 0`),
    check('trial_limit_period_chk', sql`${t.period} in ('lifetime', 'year')`),
    check('trial_limit_scope_chk', sql`${t.storeScope} in ('all', 'store')`),
  ],
);

/**
 * One trial a member took: written by the service that sells it, in its transaction, after
 * assertTrialAllowed. The member is keyed by phone until the member table exists.
 */
export const trialUse = pgTable(
  'trial_use',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberPhone: text('member_phone').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    /** The business record it belongs to (a sale ticket's number). */
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trial_use_member_idx').on(t.memberPhone, t.projectId, t.usedAt),
    index('trial_use_project_idx').on(t.projectId),
    index('trial_use_store_idx').on(t.storeId),
  ],
);

/** How many days before the booked date a project or card may be verified, and where. */
export const advanceVerification = pgTable(
  'advance_verification',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'project' or 'card': which of the two ids is set. */
    goodsKind: text('goods_kind').notNull(),
    projectId: integer('project_id').references(() => project.id, { onDelete: 'cascade' }),
    cardId: integer('card_id').references(() => card.id, { onDelete: 'cascade' }),
    maxDaysEarly: integer('max_days_early').notNull(),
    /** 'all' stores, or the stores of `storeLevelIds` ('levels'). */
    storeScope: text('store_scope').notNull().default('all'),
    storeLevelIds: integer('store_level_ids').array().notNull().default(sql`'{}'::int[]`),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('advance_verification_project_uq').on(t.projectId),
    unique('advance_verification_card_uq').on(t.cardId),
    index('advance_verification_created_idx').on(t.createdAt, t.id),
    goodsRefCheck('advance_verification_ref_chk', t),
    check('advance_verification_days_chk', sql`${t.maxDaysEarly} between 1 and 365`),
    check('advance_verification_scope_chk', sql`${t.storeScope} in ('all', 'levels')`),
  ],
);

/** A pair of different store levels: a card sold at the first may be drawn at the second. */
export const crossLevelDraw = pgTable(
  'cross_level_draw',
  {
    soldLevelId: integer('sold_level_id')
      .notNull()
      .references(() => masterItem.id, { onDelete: 'cascade' }),
    drawLevelId: integer('draw_level_id')
      .notNull()
      .references(() => masterItem.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.soldLevelId, t.drawLevelId] }),
    index('cross_level_draw_draw_idx').on(t.drawLevelId),
    check('cross_level_draw_diff_chk', sql`${t.soldLevelId} <> ${t.drawLevelId}`),
  ],
);

/** A group-buy platform's goods and the project or card of ours it stands for. */
export const openCommodityRelation = pgTable(
  'open_commodity_relation',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** contract OPEN_PLATFORMS: meituan, douyin, koubei, kuaishou. */
    platform: text('platform').notNull(),
    platformGoodsId: text('platform_goods_id').notNull(),
    platformGoodsName: text('platform_goods_name').notNull(),
    /** The voucher's price on the platform, in 分; for reconciliation. */
    voucherPrice: integer('voucher_price'),
    goodsKind: text('goods_kind').notNull(),
    // Not cascaded: goods a platform still sells vouchers for are unlinked here before deletion.
    projectId: integer('project_id').references(() => project.id),
    cardId: integer('card_id').references(() => card.id),
    sessionsPerVoucher: integer('sessions_per_voucher').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('open_commodity_platform_goods_uq').on(t.platform, t.platformGoodsId),
    index('open_commodity_created_idx').on(t.createdAt, t.id),
    index('open_commodity_project_idx').on(t.projectId),
    index('open_commodity_card_idx').on(t.cardId),
    goodsRefCheck('open_commodity_ref_chk', t),
    check('open_commodity_platform_chk', sql`${t.platform} in ('meituan', 'douyin', 'koubei', 'kuaishou')`),
    check('open_commodity_sessions_chk', sql`${t.sessionsPerVoucher} > 0`),
    check('open_commodity_price_chk', sql`coalesce(${t.voucherPrice}, 0) >= 0`),
  ],
);

/** A product, project or card the mini-program shows, under a tab, in order. */
export const miniProgramItem = pgTable(
  'mini_program_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    goodsKind: text('goods_kind').notNull(),
    productId: integer('product_id').references(() => product.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => project.id, { onDelete: 'cascade' }),
    cardId: integer('card_id').references(() => card.id, { onDelete: 'cascade' }),
    /** contract MINI_PROGRAM_TABS: home, mall, booking, cards. */
    tab: text('tab').notNull(),
    category: text('category'),
    sort: integer('sort').notNull().default(0),
    recommended: boolean('recommended').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('mini_program_item_product_uq').on(t.tab, t.productId),
    unique('mini_program_item_project_uq').on(t.tab, t.projectId),
    unique('mini_program_item_card_uq').on(t.tab, t.cardId),
    index('mini_program_item_sort_idx').on(t.sort, t.id),
    index('mini_program_item_product_idx').on(t.productId),
    index('mini_program_item_project_idx').on(t.projectId),
    index('mini_program_item_card_idx').on(t.cardId),
    goodsRefCheck('mini_program_item_ref_chk', t),
    oneOf('mini_program_item_kind_chk', t.goodsKind, ['product', 'project', 'card']),
    check('mini_program_item_tab_chk', sql`${t.tab} in ('home', 'mall', 'booking', 'cards')`),
    check('mini_program_item_sort_chk', sql`${t.sort} >= 0`),
  ],
);

/**
 * 套餐 (project package): sessions of several projects sold together at one price, valid for a
 * number of days after the sale.
 */
export const pkg = pgTable(
  'package',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    validityDays: integer('validity_days').notNull(),
    note: text('note'),
    status: text('status').notNull().default('on'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('package_code_uq').on(t.code),
    index('package_created_idx').on(t.createdAt, t.id),
    statusCheck('package_status_chk', t.status),
    check('package_price_chk', sql`${t.price} >= 0`),
    check('package_validity_chk', sql`${t.validityDays} > 0`),
  ],
);

/** Sessions of a project a package holds. */
export const packageProject = pgTable(
  'package_project',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => pkg.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    sessions: integer('sessions').notNull(),
    line: integer('line').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.projectId] }),
    index('package_project_project_idx').on(t.projectId),
    check('package_project_sessions_chk', sql`${t.sessions} > 0`),
  ],
);

/** 产品套餐: retail products sold together at one price. */
export const productPackage = pgTable(
  'product_package',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    note: text('note'),
    status: text('status').notNull().default('on'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('product_package_code_uq').on(t.code),
    index('product_package_created_idx').on(t.createdAt, t.id),
    statusCheck('product_package_status_chk', t.status),
    check('product_package_price_chk', sql`${t.price} >= 0`),
  ],
);

/** A quantity of a product a product package holds. */
export const productPackageItem = pgTable(
  'product_package_item',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => productPackage.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    quantity: integer('quantity').notNull(),
    line: integer('line').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.productId] }),
    index('product_package_item_product_idx').on(t.productId),
    check('product_package_item_qty_chk', sql`${t.quantity} > 0`),
  ],
);

/** 关联商品: a main product and the products recommended with it; a product is main of one at most. */
export const productAssociation = pgTable(
  'product_association',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mainProductId: integer('main_product_id')
      .notNull()
      .references(() => product.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('product_association_main_uq').on(t.mainProductId),
    index('product_association_created_idx').on(t.createdAt, t.id),
  ],
);

/** A product recommended with the main one, and how many of it. */
export const productAssociationItem = pgTable(
  'product_association_item',
  {
    associationId: integer('association_id')
      .notNull()
      .references(() => productAssociation.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    quantity: integer('quantity').notNull(),
    line: integer('line').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.associationId, t.productId] }),
    index('product_association_item_product_idx').on(t.productId),
    check('product_association_item_qty_chk', sql`${t.quantity} > 0`),
  ],
);

/**
 * 关联项目: a project a stored-value card may pay for, at a discount in basis points of the
 * project's price (8500 = 85% = 8.5 折). One row per (card, project).
 */
export const cardProjectDiscount = pgTable(
  'card_project_discount',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer('card_id')
      .notNull()
      .references(() => card.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    discount: integer('discount').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('card_project_discount_uq').on(t.cardId, t.projectId),
    index('card_project_discount_project_idx').on(t.projectId),
    index('card_project_discount_created_idx').on(t.createdAt, t.id),
    check('card_project_discount_rate_chk', sql`${t.discount} > 0 and ${t.discount} <= 10000`),
  ],
);

/** 小疗程: one project bought as a number of sessions at a course price. */
export const minorCourse = pgTable(
  'minor_course',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    sessions: integer('sessions').notNull(),
    price: integer('price').notNull(),
    validityDays: integer('validity_days').notNull(),
    status: text('status').notNull().default('on'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('minor_course_code_uq').on(t.code),
    unique('minor_course_project_sessions_uq').on(t.projectId, t.sessions),
    index('minor_course_created_idx').on(t.createdAt, t.id),
    statusCheck('minor_course_status_chk', t.status),
    check('minor_course_sessions_chk', sql`${t.sessions} > 0`),
    check('minor_course_price_chk', sql`${t.price} >= 0`),
    check('minor_course_validity_chk', sql`${t.validityDays} > 0`),
  ],
);
