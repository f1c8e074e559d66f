/**
 * 会员积分 (contract entities/points.ts): the points ledger, each member's running totals (the row
 * every change locks, so two spends of one member queue), and the exchanges that spend them.
 * Points change only in ./points.ts, each change one points_ledger row written in the same
 * transaction as its business record (a bill, a refund, an exchange, an expiry run).
 */
import { POINTS_LEDGER_KINDS } from '@zb/contract/entities/points';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A member's points: balance = Σ points_ledger.points of the member, never below zero. */
export const memberPoints = pgTable(
  'member_points',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => member.id),
    balance: integer('balance').notNull().default(0),
    /** Σ of the rows by kind: earned (earn), spent (exchange, refund taken back), expired (expire). */
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    expired: bigint('expired', { mode: 'number' }).notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('member_points_balance_chk', sql`${t.balance} >= 0`)],
);

/** Every change of a member's points, append-only, with the balance after it. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** POINTS_LEDGER_KINDS: earn, refund, exchange, expire. */
    kind: text('kind').notNull(),
    /** Signed. */
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The business record (POINTS_REFS): ('member_consume', bill), ('refund', id), ('points_exchange', id), ('points_expiry', YYYYMMDD). */
    refType: text('ref_type').notNull(),
    refId: integer('ref_id').notNull(),
    storeId: integer('store_id').references(() => store.id),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    at: at('at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Idempotency: a business record writes its row of a member once.
    unique('points_ledger_ref_uq').on(t.refType, t.refId, t.memberId),
    index('points_ledger_member_idx').on(t.memberId, t.at, t.id),
    oneOf(
      'points_ledger_kind_chk',
      t.kind,
      POINTS_LEDGER_KINDS.map((k) => k.value),
    ),
    check('points_ledger_after_chk', sql`${t.balanceAfter} >= 0 and ${t.points} <> 0`),
  ],
);

/** 积分兑换: goods or a coupon (by name) given for points. */
export const pointsExchange = pgTable(
  'points_exchange',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 兑换单号: DH and the id in ten digits. */
    exchangeNo: text('exchange_no').notNull().generatedAlwaysAs(sql`'DH' || lpad(id::text, 10, '0')`),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** The member's home store when it was made. */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPoints: integer('unit_points').notNull(),
    points: integer('points').notNull(),
    remark: text('remark'),
    requestKey: text('request_key'),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('points_exchange_no_uq').on(t.exchangeNo),
    unique('points_exchange_request_uq').on(t.requestKey),
    index('points_exchange_member_idx').on(t.memberId, t.createdAt, t.id),
    check(
      'points_exchange_points_chk',
      sql`${t.quantity} > 0 and ${t.unitPoints} > 0 and ${t.points} = ${t.quantity} * ${t.unitPoints}`,
    ),
  ],
);
