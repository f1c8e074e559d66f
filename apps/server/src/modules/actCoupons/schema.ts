/**
 * 活动券 (contract entities/actCoupon.ts): batches of printed codes of a coupon template, the runs
 * of codes allotted to stores, and each code with its 兑换密码 and, once redeemed, the member and
 * the member coupon it became.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { couponTemplate, memberCoupon } from '../coupons/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const actCouponBatch = pgTable(
  'act_coupon_batch',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** HD + the id in five digits. */
    batchNo: text('batch_no').notNull().generatedAlwaysAs(sql`'HD' || lpad(id::text, 5, '0')`),
    name: text('name').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id),
    quantity: integer('quantity').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('act_coupon_batch_name_uq').on(t.name)],
);

export const actCouponAllot = pgTable(
  'act_coupon_allot',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => actCouponBatch.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    quantity: integer('quantity').notNull(),
    codeFrom: text('code_from').notNull(),
    codeTo: text('code_to').notNull(),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('act_coupon_allot_batch_idx').on(t.batchId), index('act_coupon_allot_store_idx').on(t.storeId)],
);

export const actCouponCode = pgTable(
  'act_coupon_code',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => actCouponBatch.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    code: text('code').notNull(),
    pin: text('pin').notNull(),
    allotId: integer('allot_id').references(() => actCouponAllot.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => store.id),
    memberId: integer('member_id').references(() => member.id),
    couponId: integer('coupon_id').references(() => memberCoupon.id),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [
    unique('act_coupon_code_uq').on(t.code),
    unique('act_coupon_code_seq_uq').on(t.batchId, t.seq),
    index('act_coupon_code_allot_idx').on(t.allotId),
    index('act_coupon_code_store_idx').on(t.storeId),
  ],
);
