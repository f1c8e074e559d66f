/**
 * Goods: products (retail goods), projects (services) with the products each session consumes,
 * and cards (combo cards with their projects, stored-value cards). Money is integer 分.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { masterItem } from '../master/schema';

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
