/**
 * 退款 (contract entities/refund.ts): a refund of a 收银单 with what it refunds per bill line and
 * how the money returns per bill payment. Its state moves through REFUND_FLOW (runStep); its
 * approval is the approval center's record (approval_id).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { member, memberConsume } from '../members/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const refund = pgTable(
  'refund',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 退款单号: TK and the id in ten digits. */
    refundNo: text('refund_no').notNull().generatedAlwaysAs(sql`'TK' || lpad(id::text, 10, '0')`),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** REFUND_FLOW's states. */
    status: text('status').notNull().default('applied'),
    /** 分 refunded in all (lines + payments without a line). */
    amount: integer('amount').notNull(),
    /** 分 of it given back to member cards, and returned outside (cash, WeChat …): set on execution. */
    toCards: integer('to_cards').notNull().default(0),
    outside: integer('outside').notNull().default(0),
    reason: text('reason').notNull(),
    /** REFUND_SOURCES: open (a store's POS) or console. */
    source: text('source').notNull(),
    /** The open-API sender and its own number (unique per sender), or the console user who applied. */
    clientId: integer('client_id').references(() => openClient.id),
    outerNo: text('outer_no'),
    applicantId: integer('applicant_id').references(() => userAccount.id, { onDelete: 'set null' }),
    /** Its application in the approval center. */
    approvalId: integer('approval_id').references(() => approval.id, { onDelete: 'set null' }),
    executedBy: integer('executed_by').references(() => userAccount.id, { onDelete: 'set null' }),
    executedAt: at('executed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('refund_no_uq').on(t.refundNo),
    unique('refund_outer_uq').on(t.clientId, t.outerNo),
    index('refund_created_idx').on(t.createdAt, t.id),
    index('refund_store_idx').on(t.storeId, t.createdAt),
    // The refunds executed in a period (the bill finance reports, modules/billReports).
    index('refund_executed_idx').on(t.executedAt, t.storeId).where(sql`${t.executedAt} is not null`),
    index('refund_consume_idx').on(t.consumeId),
    index('refund_approval_idx').on(t.approvalId),
    check('refund_status_chk', sql`${t.status} in ('applied', 'approved', 'rejected', 'executed')`),
    check('refund_source_chk', sql`${t.source} in ('open', 'console')`),
    check(
      'refund_money_chk',
      sql`${t.amount} >= 0 and ${t.toCards} >= 0 and ${t.outside} >= 0 and (${t.status} <> 'executed' or ${t.toCards} + ${t.outside} = ${t.amount})`,
    ),
  ],
);

/** A bill line refunded: the 分, and the sessions given back to the 套餐卡 that paid it. */
export const refundLine = pgTable(
  'refund_line',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refund.id, { onDelete: 'cascade' }),
    /** The bill line's number (member_consume_line.line). */
    line: integer('line').notNull(),
    amount: integer('amount').notNull(),
    sessions: integer('sessions'),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.line] }),
    check('refund_line_chk', sql`${t.amount} >= 0 and coalesce(${t.sessions}, 1) > 0`),
  ],
);

/** Money returned outside through a bill payment (the payment-refund record). */
export const refundPayment = pgTable(
  'refund_payment',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refund.id, { onDelete: 'cascade' }),
    /** The bill payment's number (bill_payment.seq). */
    seq: integer('seq').notNull(),
    /** BILL_PAY_METHODS of the payment. */
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    /** When it was returned (the refund's execution). */
    refundedAt: at('refunded_at'),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.seq] }), check('refund_payment_chk', sql`${t.amount} > 0`)],
);
