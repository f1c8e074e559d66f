/**
 * 意向金 (contract entities/intentDeposit.ts): each store's configuration, the deposits and
 * their refunds. A deposit's state moves only through INTENT_FLOW's steps (platform/flow.ts
 * runStep), a refund's through INTENT_REFUND_FLOW's. Money is integer 分.
 *
 * A refund carries no amount of its own: it always gives back the whole deposit, and at most
 * one refund of a deposit can be open or executed at a time (intent_refund_live_uq), so a
 * deposit can never be refunded more than was paid.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { member, memberCard, memberConsume } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });

/** A store's deposit rules (/stoIntentConfig). A store without a row takes no deposits. */
export const intentConfig = pgTable(
  'intent_config',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => store.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** INTENT_AMOUNT_MODES: fixed (one of fixed_amounts) or range (min..max, either end open). */
    amountMode: text('amount_mode').notNull().default('fixed'),
    fixedAmounts: integer('fixed_amounts').array().notNull().default(sql`'{}'::int[]`),
    minAmount: integer('min_amount'),
    maxAmount: integer('max_amount'),
    validityDays: integer('validity_days').notNull(),
    refundable: boolean('refundable').notNull().default(true),
    /** INTENT_REFUND_BY: hq (head office only) or store (the store's roles too). */
    refundBy: text('refund_by').notNull().default('hq'),
    /** 通店使用: its deposits may be used toward a card bill at another store. */
    crossStore: boolean('cross_store').notNull().default(false),
    updatedBy: userRef('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('intent_config_mode_chk', sql`${t.amountMode} in ('fixed', 'range')`),
    check('intent_config_refund_by_chk', sql`${t.refundBy} in ('hq', 'store')`),
    check('intent_config_days_chk', sql`${t.validityDays} > 0`),
    check(
      'intent_config_range_chk',
      sql`(${t.minAmount} is null or ${t.minAmount} > 0) and (${t.maxAmount} is null or ${t.minAmount} is null or ${t.maxAmount} >= ${t.minAmount})`,
    ),
  ],
);

export const intentDeposit = pgTable(
  'intent_deposit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 意向金单号: YX and the id in ten digits. */
    depositNo: text('deposit_no').notNull().generatedAlwaysAs(sql`'YX' || lpad(id::text, 10, '0')`),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    amount: integer('amount').notNull(),
    /** INTENT_PAY_METHODS. */
    payMethod: text('pay_method').notNull(),
    tradeNo: text('trade_no'),
    /** INTENT_SOURCES: pos, mini, console. */
    source: text('source').notNull(),
    /** The open-API client that sent it and the sender's number: unique per sender (idempotency). */
    clientId: integer('client_id'),
    outerNo: text('outer_no'),
    paidAt: at('paid_at').notNull(),
    /** paid_at + the store's validity days when paid; past it an unused deposit expires. */
    expiresAt: at('expires_at').notNull(),
    /** INTENT_FLOW's states. */
    status: text('status').notNull().default('paid'),
    /** The bill (收银单) it was used toward and the card that bill opened or topped up. */
    consumeId: integer('consume_id').references(() => memberConsume.id),
    memberCardId: integer('member_card_id').references(() => memberCard.id),
    usedAt: at('used_at'),
    remark: text('remark'),
    createdBy: userRef('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('intent_deposit_no_uq').on(t.depositNo),
    unique('intent_deposit_outer_uq').on(t.clientId, t.outerNo),
    // The deposits a bill credits (a bill may use several).
    index('intent_deposit_consume_idx').on(t.consumeId).where(sql`${t.consumeId} is not null`),
    index('intent_deposit_store_idx').on(t.storeId, t.paidAt),
    index('intent_deposit_member_idx').on(t.memberId, t.paidAt),
    index('intent_deposit_paid_idx').on(t.paidAt, t.id),
    // The expiry job's search: paid deposits past their expiry.
    index('intent_deposit_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'paid'`),
    check('intent_deposit_amount_chk', sql`${t.amount} > 0`),
    check('intent_deposit_method_chk', sql`${t.payMethod} in ('wechat', 'alipay', 'cash', 'bankCard')`),
    check('intent_deposit_source_chk', sql`${t.source} in ('pos', 'mini', 'console')`),
    check('intent_deposit_status_chk', sql`${t.status} in ('paid', 'used', 'refunding', 'refunded', 'expired')`),
    check('intent_deposit_used_chk', sql`(${t.status} = 'used') = (${t.consumeId} is not null)`),
    check('intent_deposit_expiry_chk', sql`${t.expiresAt} > ${t.paidAt}`),
  ],
);

/** A refund application of a deposit: always the whole deposit, given back the way it was paid. */
export const intentRefund = pgTable(
  'intent_refund',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 退款单号: YT and the id in ten digits. */
    refundNo: text('refund_no').notNull().generatedAlwaysAs(sql`'YT' || lpad(id::text, 10, '0')`),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => intentDeposit.id),
    reason: text('reason').notNull(),
    /** INTENT_REFUND_FLOW's states. */
    status: text('status').notNull().default('pending'),
    appliedBy: userRef('applied_by'),
    appliedAt: at('applied_at').notNull().defaultNow(),
    decidedBy: userRef('decided_by'),
    decidedAt: at('decided_at'),
    /** The payment channel's refund number, when executed. */
    refundTradeNo: text('refund_trade_no'),
    executedBy: userRef('executed_by'),
    refundedAt: at('refunded_at'),
    /** Its application in the approval center (意向金退款申请); null for refunds applied before it. */
    approvalId: integer('approval_id').references(() => approval.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('intent_refund_no_uq').on(t.refundNo),
    // One live refund per deposit: pending, approved or refunded.
    uniqueIndex('intent_refund_live_uq').on(t.depositId).where(sql`${t.status} in ('pending', 'approved', 'refunded')`),
    index('intent_refund_applied_idx').on(t.appliedAt, t.id),
    uniqueIndex('intent_refund_approval_uq').on(t.approvalId),
    check('intent_refund_status_chk', sql`${t.status} in ('pending', 'approved', 'rejected', 'refunded')`),
  ],
);
