/**
 * 闭店迁移 and the member's switch records (contract entities/memberMove.ts, docs/domain.md
 * "闭店迁移"). A closure is its own job: its member rows are the work list, each moved in one
 * transaction (state pending → done | failed), so a run stopped half-way is taken up again by
 * moving the rows still pending, and a row moved is never moved twice.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userAccount } from '../accounts/schema';
import { member, memberCard } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdBy = () => integer('created_by').references(() => userAccount.id, { onDelete: 'set null' });

/** 闭店迁移单: one store closed, its members moved to receiving stores. */
export const storeClosure = pgTable(
  'store_closure',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** BD and the id in eight digits. */
    closureNo: text('closure_no').notNull().generatedAlwaysAs(sql`'BD' || lpad(id::text, 8, '0')`),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** The bulk receiving store (members may have their own). */
    toStoreId: integer('to_store_id')
      .notNull()
      .references(() => store.id),
    /** running 迁移中, partial 部分失败, done 已完成 (contract CLOSURE_STATUSES). */
    status: text('status').notNull().default('running'),
    reason: text('reason'),
    /** The run's lease: a run that stopped (a restart) is taken up again once it has passed. */
    lockedUntil: at('locked_until'),
    createdBy: createdBy(),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    unique('store_closure_no_uq').on(t.closureNo),
    index('store_closure_store_idx').on(t.storeId),
    index('store_closure_created_idx').on(t.createdAt, t.id),
    check('store_closure_status_chk', sql`${t.status} in ('running', 'partial', 'done')`),
  ],
);

/** One member moved by a closure: the cards of the closing store that held value, and the home store. */
export const memberMove = pgTable(
  'member_move',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    closureId: integer('closure_id')
      .notNull()
      .references(() => storeClosure.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** The closing store (where the cards came from). */
    fromStoreId: integer('from_store_id')
      .notNull()
      .references(() => store.id),
    /** The receiving store. */
    toStoreId: integer('to_store_id')
      .notNull()
      .references(() => store.id),
    /** The member's home store when the closure began (it follows only when it was the closing store). */
    fromHomeStoreId: integer('from_home_store_id')
      .notNull()
      .references(() => store.id),
    /** pending 待迁移, done 已迁移, failed 失败 (contract MOVE_STATUSES). */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** What moved (written with the move): cards, 本金 and 赠送 (分), sessions. */
    cards: integer('cards').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    movedAt: at('moved_at'),
    createdBy: createdBy(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('member_move_closure_member_uq').on(t.closureId, t.memberId),
    index('member_move_member_idx').on(t.memberId, t.id),
    index('member_move_closure_status_idx').on(t.closureId, t.status, t.id),
    check('member_move_status_chk', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/** One card moved: the emptied card of the closing store and its successor at the receiving store. */
export const memberMoveCard = pgTable(
  'member_move_card',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moveId: integer('move_id')
      .notNull()
      .references(() => memberMove.id),
    fromCardId: integer('from_card_id')
      .notNull()
      .references(() => memberCard.id),
    toCardId: integer('to_card_id')
      .notNull()
      .references(() => memberCard.id),
    amount: integer('amount').notNull(),
    bonus: integer('bonus').notNull(),
    sessions: integer('sessions').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    unique('member_move_card_from_uq').on(t.fromCardId),
    unique('member_move_card_to_uq').on(t.toCardId),
    index('member_move_card_move_idx').on(t.moveId),
    index('member_move_card_at_idx').on(t.at, t.id),
  ],
);

/**
 * 会员切换记录: every change of a member's home store or phone (account), whoever made it —
 * written by the trigger member_switch_record on member (hand-written SQL in the migration); a
 * closure links its rows to its move and names who ran it.
 */
export const memberSwitch = pgTable(
  'member_switch',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** store 所属门店, phone 账户 (contract SWITCH_KINDS). */
    kind: text('kind').notNull(),
    fromStoreId: integer('from_store_id').references(() => store.id),
    toStoreId: integer('to_store_id').references(() => store.id),
    fromPhone: text('from_phone'),
    toPhone: text('to_phone'),
    /** closure 闭店迁移 (move_id set), edit 资料修改. */
    source: text('source').notNull().default('edit'),
    moveId: integer('move_id').references(() => memberMove.id),
    createdBy: createdBy(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('member_switch_member_idx').on(t.memberId, t.at),
    index('member_switch_at_idx').on(t.at, t.id),
    check('member_switch_kind_chk', sql`${t.kind} in ('store', 'phone')`),
    check('member_switch_source_chk', sql`${t.source} in ('closure', 'edit')`),
  ],
);
