/**
 * Members (docs/domain.md "Members"): the member file, the cards a member holds, the card ledger
 * and the consumption bills. Money is integer 分. A card's balance, bonus balance and sessions
 * change only in modules/members/ledger.ts, each change one card_ledger row written in the same
 * transaction as the business record (a card opened, a top-up, a bill).
 */
import { MEMBER_CARD_STATUSES } from '@zb/contract/entities/member';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { AREA_CODE_VALUES, oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { card, product, project } from '../goods/schema';
import { masterItem } from '../master/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const lookup = (name: string) => integer(name).references(() => masterItem.id, { onDelete: 'set null' });
const at = (name: string) => timestamp(name, { withTimezone: true });
const createdBy = () => integer('created_by').references(() => userAccount.id, { onDelete: 'set null' });

export const member = pgTable(
  'member',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 会员编号: HY and the id in eight digits. */
    code: text('code').notNull().generatedAlwaysAs(sql`'HY' || lpad(id::text, 8, '0')`),
    name: text('name').notNull(),
    areaCode: text('area_code').notNull().default('0086'),
    phone: text('phone').notNull(),
    genderId: lookup('gender_id'),
    /** Lookup memberLevel (会员等级). */
    levelId: lookup('level_id'),
    /** Lookup memberSource (会员来源). */
    sourceId: lookup('source_id'),
    birthday: date('birthday', { mode: 'string' }),
    /** The home store: the member's data scope follows it. */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /** normal 正常, frozen 冻结 (contract MEMBER_STATUSES). */
    status: text('status').notNull().default('normal'),
    remark: text('remark'),
    /**
     * The Beijing day of the member's last bill (null: none yet). Kept by the trigger
     * member_consume_last_visit on every bill inserted (门店会员分析 reads it through
     * member_store_day); rebuilt and checked with the member rollups.
     */
    lastVisitDay: date('last_visit_day', { mode: 'string' }),
    /**
     * Kept, never edited — the member's cards as of `cardsAsOf`: held (all), valid (正常 and
     * unexpired), the principal + bonus of the valid 储值卡 and the sessions left on the valid
     * 套餐卡 (会员基本信息). The trigger member_card_holdings recomputes them from the member's
     * cards whenever one changes, as of that moment; `foldCardExpiries` (before every report read
     * and every minute) recomputes the members whose cards expired since, as of its own moment.
     */
    cardsHeld: integer('cards_held').notNull().default(0),
    cardsValid: integer('cards_valid').notNull().default(0),
    storedValid: integer('stored_valid').notNull().default(0),
    sessionsValid: integer('sessions_valid').notNull().default(0),
    cardsAsOf: at('cards_as_of'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('member_code_uq').on(t.code),
    unique('member_phone_uq').on(t.phone),
    index('member_store_idx').on(t.storeId, t.joinedAt),
    index('member_joined_idx').on(t.joinedAt, t.id),
    index('member_name_idx').on(t.name),
    // 会员列表 filtered by 会员等级 or 状态, in its order (joined_at, id), counted from the index alone.
    index('member_level_joined_idx').on(t.levelId, t.joinedAt, t.id),
    index('member_status_joined_idx').on(t.status, t.joinedAt, t.id),
    // 人群 (modules/crowds/compile.ts): 最近到店 by day range, 生日月份 by month.
    index('member_last_visit_idx').on(t.lastVisitDay),
    index('member_birth_month_idx').on(sql`(extract(month from ${t.birthday})::int)`),
    check('member_status_chk', sql`${t.status} in ('normal', 'frozen')`),
    oneOf('member_area_code_chk', t.areaCode, AREA_CODE_VALUES),
  ],
);

/** A card a member holds: one sale of a card product (goods `card`). */
export const memberCard = pgTable(
  'member_card',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The number on the card: given when the card is made (补卡 takes the new card's printed
     * number), else the system number 'KH' || lpad(id, 8, '0') set by the insert trigger
     * member_card_no_fill (migration 0075), as the generated column before it did.
     */
    cardNo: text('card_no').notNull().default(''),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => card.id),
    /** The card product's kind when sold: 'combo' 套餐卡 or 'stored' 储值卡. */
    kind: text('kind').notNull(),
    /** The store that sold it. */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    openedAt: at('opened_at').notNull(),
    /** openedAt + the card's validityDays; from then on it draws nothing. */
    expiresAt: at('expires_at').notNull(),
    /** active 正常, frozen 冻结, closed 已补卡, cancelled 已注销 (contract MEMBER_CARD_STATUSES). */
    status: text('status').notNull().default('active'),
    /** 补卡: the lost card whose value this card took (memberAssets card_closure); null otherwise. */
    predecessorId: integer('predecessor_id').references((): AnyPgColumn => memberCard.id),
    /** 分 paid at 开卡. */
    paid: integer('paid').notNull(),
    /** 储值卡 only: principal and bonus balances in 分 (null on a 套餐卡). Written by the ledger only. */
    balance: integer('balance'),
    bonusBalance: integer('bonus_balance'),
    /**
     * 套餐卡: its sessions left and in all, the sums of its member_card_session rows (0 on a 储值卡).
     * Kept by the trigger member_card_session_sums in the transaction that writes those rows (the
     * ledger); checked with the ledger invariants (seed/memberChecks.ts) and the member rollups.
     */
    sessionsLeft: integer('sessions_left').notNull().default(0),
    sessionsTotal: integer('sessions_total').notNull().default(0),
    createdBy: createdBy(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('member_card_no_uq').on(t.cardNo),
    index('member_card_member_idx').on(t.memberId, t.openedAt),
    index('member_card_card_idx').on(t.cardId),
    index('member_card_store_idx').on(t.storeId),
    // Cards opened in a period, chain-wide, with what 卡项排行 counts of them (store, product,
    // buyer, paid; none of them ever changes): read from the index alone. Migration 0048 adds
    // INCLUDE (status, expires_at, balance, bonus_balance, sessions_left, sessions_total), what
    // 会员持卡 adds up, which drizzle cannot declare: a change of those is no longer a HOT update.
    index('member_card_opened_idx').on(t.openedAt, t.storeId, t.cardId, t.kind, t.memberId, t.paid),
    // The cards that expired since the last fold of the members' kept card figures (foldCardExpiries).
    index('member_card_expires_idx').on(t.expiresAt),
    check('member_card_kind_chk', sql`${t.kind} in ('combo', 'stored')`),
    oneOf(
      'member_card_status_chk',
      t.status,
      MEMBER_CARD_STATUSES.map((s) => s.value),
    ),
    check(
      'member_card_balance_chk',
      sql`(${t.kind} = 'stored' and ${t.balance} >= 0 and ${t.bonusBalance} >= 0) or (${t.kind} = 'combo' and ${t.balance} is null and ${t.bonusBalance} is null)`,
    ),
    check('member_card_paid_chk', sql`${t.paid} >= 0`),
  ],
);

/** 套餐卡: the sessions of each project the card holds and what is left. Written by the ledger only. */
export const memberCardSession = pgTable(
  'member_card_session',
  {
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberCardId, t.projectId] }),
    index('member_card_session_project_idx').on(t.projectId),
    check('member_card_session_chk', sql`${t.remaining} >= 0 and ${t.total} > 0`),
  ],
);

/** 充值: money put on a 储值卡 (the business record of a top-up ledger row). */
export const cardTopUp = pgTable(
  'card_top_up',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 充值单号: CZ and the id in ten digits. */
    topUpNo: text('top_up_no').notNull().generatedAlwaysAs(sql`'CZ' || lpad(id::text, 10, '0')`),
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** 分 paid (= principal added) and bonus added. */
    amount: integer('amount').notNull(),
    bonus: integer('bonus').notNull().default(0),
    toppedUpAt: at('topped_up_at').notNull(),
    /** A retried request with the same key answers the first top-up. */
    requestKey: text('request_key'),
    createdBy: createdBy(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('card_top_up_no_uq').on(t.topUpNo),
    unique('card_top_up_request_uq').on(t.requestKey),
    index('card_top_up_card_idx').on(t.memberCardId),
    check('card_top_up_amount_chk', sql`${t.amount} > 0 and ${t.bonus} >= 0`),
  ],
);

/** 消费单: one visit's bill — what the member had, what their cards paid and what was paid otherwise. */
export const memberConsume = pgTable(
  'member_consume',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 消费单号: XF and the id in ten digits. */
    billNo: text('bill_no').notNull().generatedAlwaysAs(sql`'XF' || lpad(id::text, 10, '0')`),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    consumedAt: at('consumed_at').notNull(),
    /** 分: total = paidByCard + paidOther. */
    total: integer('total').notNull(),
    paidByCard: integer('paid_by_card').notNull(),
    paidOther: integer('paid_other').notNull(),
    remark: text('remark'),
    /** A retried request with the same key answers the first bill instead of drawing twice. */
    requestKey: text('request_key'),
    /** 收银单 (contract entities/bill.ts): its kind from its lines (BILL_KINDS). */
    kind: text('kind').notNull().default('consume'),
    /** BILL_FLOW's states: completed 已完成, closed 已关单. */
    status: text('status').notNull().default('completed'),
    /** BILL_SOURCES: pos, mini, console, import. */
    source: text('source').notNull().default('pos'),
    /** The open-API client that sent it (open_client.id) and the sender's own number: unique per sender. */
    clientId: integer('client_id'),
    outerNo: text('outer_no'),
    /** 分 refunded of it so far (refunds executed); never above total. */
    refunded: integer('refunded').notNull().default(0),
    /** 关单 (BILL_FLOW close): when, by whom and why; /billingListClose lists by the day. */
    closedAt: at('closed_at'),
    closedBy: integer('closed_by'),
    closeReason: text('close_reason'),
    createdBy: createdBy(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('member_consume_bill_uq').on(t.billNo),
    index('member_consume_closed_idx').on(t.closedAt).where(sql`${t.closedAt} is not null`),
    // /billingList's 员工 filter chain-wide (with bill_share's staff index for the staff who served).
    index('member_consume_staff_idx').on(t.staffId, t.consumedAt).where(sql`${t.staffId} is not null`),
    unique('member_consume_outer_uq').on(t.clientId, t.outerNo),
    unique('member_consume_request_uq').on(t.requestKey),
    index('member_consume_member_idx').on(t.memberId, t.consumedAt, t.id),
    index('member_consume_store_idx').on(t.storeId, t.consumedAt),
    // Bills of a period, chain-wide (产品消耗).
    index('member_consume_at_idx').on(t.consumedAt),
    // 业绩提成's 明细 by 业绩: the period's refunded bills (few), whose shares' net 业绩 is below their own.
    index('member_consume_refunded_at_idx').on(t.consumedAt).where(sql`${t.refunded} > 0`),
    check(
      'member_consume_money_chk',
      sql`${t.paidByCard} >= 0 and ${t.paidOther} >= 0 and ${t.total} = ${t.paidByCard} + ${t.paidOther}`,
    ),
    check('member_consume_refunded_chk', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.total}`),
    check('member_consume_kind_chk', sql`${t.kind} in ('consume', 'openCard', 'topUp', 'retail', 'mixed')`),
    check('member_consume_status_chk', sql`${t.status} in ('completed', 'closed')`),
    check('member_consume_source_chk', sql`${t.source} in ('pos', 'mini', 'console', 'import')`),
  ],
);

/** One line of a bill: a project or a product, and the card it drew (if any). */
export const memberConsumeLine = pgTable(
  'member_consume_line',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    /**
     * 'project' or 'product' (which of the two ids is set); on a 收银单 also 'cardSale' (cardId is
     * the card product sold, memberCardId the card it opened) and 'topUp' (memberCardId topped up,
     * topUpId the top-up record). BILL_LINE_KINDS.
     */
    itemKind: text('item_kind').notNull(),
    projectId: integer('project_id').references(() => project.id),
    productId: integer('product_id').references(() => product.id),
    cardId: integer('card_id').references(() => card.id),
    topUpId: integer('top_up_id').references(() => cardTopUp.id),
    /** 分 of this line refunded so far. */
    refunded: integer('refunded').notNull().default(0),
    /** Sessions of this line given back to its 套餐卡 by refunds so far (≤ sessions). */
    refundedSessions: integer('refunded_sessions').notNull().default(0),
    quantity: integer('quantity').notNull(),
    /** 分, after the card's discount; amount = quantity × unitPrice. */
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    memberCardId: integer('member_card_id').references(() => memberCard.id),
    /** Sessions drawn from a 套餐卡. */
    sessions: integer('sessions'),
    /** 分 drawn from a 储值卡 (principal + bonus). */
    cardAmount: integer('card_amount').notNull().default(0),
    /** A trial project (体验项目) recorded in trial_use. */
    trial: boolean('trial').notNull().default(false),
  },
  (t) => [
    unique('member_consume_line_uq').on(t.consumeId, t.line),
    index('member_consume_line_card_idx').on(t.memberCardId),
    check(
      'member_consume_line_item_chk',
      sql`(${t.itemKind} = 'project' and ${t.projectId} is not null and ${t.productId} is null and ${t.cardId} is null) or (${t.itemKind} = 'product' and ${t.productId} is not null and ${t.projectId} is null and ${t.cardId} is null) or (${t.itemKind} = 'cardSale' and ${t.cardId} is not null and ${t.projectId} is null and ${t.productId} is null) or (${t.itemKind} = 'topUp' and ${t.memberCardId} is not null and ${t.projectId} is null and ${t.productId} is null and ${t.cardId} is null)`,
    ),
    check(
      'member_consume_line_money_chk',
      sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.amount} = ${t.quantity} * ${t.unitPrice} and ${t.cardAmount} >= 0 and ${t.cardAmount} <= ${t.amount}`,
    ),
    check('member_consume_line_refunded_chk', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
    check(
      'member_consume_line_refunded_sessions_chk',
      sql`${t.refundedSessions} >= 0 and ${t.refundedSessions} <= coalesce(${t.sessions}, 0)`,
    ),
    // /MemberExperience reads the trial lines (few) without walking every bill line.
    index('member_consume_line_trial_idx').on(t.consumeId).where(sql`${t.trial}`),
  ],
);

/**
 * Every change of a member card's balance or sessions, append-only: kind, the signed change, the
 * balance after it, the business record it belongs to, who and when. (refType, refId, seq) is its
 * idempotency key: a business record writes each of its rows once.
 */
export const cardLedger = pgTable(
  'card_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberCardId: integer('member_card_id')
      .notNull()
      .references(() => memberCard.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** open 开卡, topUp 充值, consume 消费, and the other kinds of contract LEDGER_OTHER_KINDS (LEDGER_KINDS). */
    kind: text('kind').notNull(),
    /** Signed 分 of the principal and of the bonus (储值卡). */
    amount: integer('amount').notNull().default(0),
    bonusAmount: integer('bonus_amount').notNull().default(0),
    balanceAfter: integer('balance_after'),
    bonusAfter: integer('bonus_after'),
    /** 套餐卡: the project whose sessions moved, signed, and what is left of them after. */
    projectId: integer('project_id').references(() => project.id),
    sessions: integer('sessions'),
    sessionsAfter: integer('sessions_after'),
    /** The business record: ('member_card', id) at 开卡, ('card_top_up', id), ('member_consume', id). */
    refType: text('ref_type').notNull(),
    refId: integer('ref_id').notNull(),
    /** The row's place within its business record. */
    seq: integer('seq').notNull(),
    /** Where it happened. */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /**
     * The card the business record named, when the row went to another card in its place: a refund
     * of a bill drawn from a card since reissued (补卡) goes to the open card of its chain.
     */
    originCardId: integer('origin_card_id').references((): AnyPgColumn => memberCard.id),
    createdBy: createdBy(),
    /** When the business record happened. */
    at: at('at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('card_ledger_ref_uq').on(t.refType, t.refId, t.seq),
    index('card_ledger_card_idx').on(t.memberCardId, t.id),
    index('card_ledger_member_idx').on(t.memberId, t.at),
    // Ledger rows of a period, chain-wide (卡项排行's 耗卡).
    index('card_ledger_at_idx').on(t.at),
    check(
      'card_ledger_kind_chk',
      sql`${t.kind} in ('open', 'topUp', 'consume', 'refund', 'adjust', 'migrateOut', 'migrateIn', 'transferOut', 'transferIn', 'cancel')`,
    ),
    check(
      'card_ledger_after_chk',
      sql`coalesce(${t.balanceAfter}, 0) >= 0 and coalesce(${t.bonusAfter}, 0) >= 0 and coalesce(${t.sessionsAfter}, 0) >= 0`,
    ),
  ],
);

// ── Rollups of the card ledger (modules/members/rollups.ts) ────────────────────
// The store of every rollup row is the card's selling store (member_card.store_id), the one that
// holds the balance; the card product and kind are the card's. Days and months are Beijing days.

/** The columns a flow rollup sums per key: changes (one per card per business record), 分 and sessions. */
const flowMeasures = () => ({
  /** Card changes: one per card per business record (a bill drawing one card on two lines is one). */
  n: integer('n').notNull().default(0),
  /** Signed 分 of the principal, of the bonus, and signed sessions (套餐卡). */
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
  sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
  /** 开卡 only: 分 paid for the cards opened (member_card.paid). */
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  /**
   * Rows of kind 'hold' only: the change of the cards holding value (本金, 赠金 or 次数 above 0 at the
   * day's end) and of the members holding value in a card of the key (distinct at the rollup's grain).
   */
  held: integer('held').notNull().default(0),
  holders: integer('holders').notNull().default(0),
});

/**
 * A family of rollups of one grain: flows per Beijing day and per month × key × ledger kind (plus
 * the 'hold' rows), and the balances at the end of each closed month per key. The fine family's key
 * is the selling store × card product; the store family's card_id is 0 and card_kind ''; the card
 * family's store_id is 0. Same columns in every family, so one code keeps and reads them all.
 */
const rollupFamily = (day: string, month: string, balance: string) => ({
  /** Flows per Beijing day. Kept by the writer (applyLedger) in the same transaction, with additive upserts. */
  day: pgTable(
    day,
    {
      day: date('day', { mode: 'string' }).notNull(),
      storeId: integer('store_id').notNull(),
      cardId: integer('card_id').notNull(),
      cardKind: text('card_kind').notNull(),
      kind: text('kind').notNull(),
      ...flowMeasures(),
    },
    (t) => [primaryKey({ columns: [t.day, t.storeId, t.cardId, t.cardKind, t.kind] })],
  ),
  /** The same flows per Beijing month (`month` is its first day). Kept by the writer like the day rows. */
  month: pgTable(
    month,
    {
      month: date('month', { mode: 'string' }).notNull(),
      storeId: integer('store_id').notNull(),
      cardId: integer('card_id').notNull(),
      cardKind: text('card_kind').notNull(),
      kind: text('kind').notNull(),
      ...flowMeasures(),
    },
    (t) => [primaryKey({ columns: [t.month, t.storeId, t.cardId, t.cardKind, t.kind] })],
  ),
  /**
   * Balances at the end of each closed month per key: principal, bonus, sessions left, cards opened
   * so far, cards and members holding value. Dense: a key has a row for every month from its first
   * flow through the closed-through month in member_rollup_state. New months are closed by the
   * scheduled job closeMemberBalanceMonths; a backdated write into a closed month adds its change
   * to that month and every later closed one in the same transaction.
   */
  balance: pgTable(
    balance,
    {
      month: date('month', { mode: 'string' }).notNull(),
      storeId: integer('store_id').notNull(),
      cardId: integer('card_id').notNull(),
      cardKind: text('card_kind').notNull(),
      amount: bigint('amount', { mode: 'number' }).notNull().default(0),
      bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
      sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
      cards: bigint('cards', { mode: 'number' }).notNull().default(0),
      held: bigint('held', { mode: 'number' }).notNull().default(0),
      holders: bigint('holders', { mode: 'number' }).notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.month, t.storeId, t.cardId, t.cardKind] })],
  ),
});

/** Per selling store × card product (× ledger kind). */
const fine = rollupFamily('member_flow_day', 'member_flow_month', 'member_balance_month');
export const memberFlowDay = fine.day;
export const memberFlowMonth = fine.month;
export const memberBalanceMonth = fine.balance;
/** Per selling store (the reports grouped by store; members distinct per store). */
const byStore = rollupFamily('member_store_flow_day', 'member_store_flow_month', 'member_store_balance_month');
export const memberStoreFlowDay = byStore.day;
export const memberStoreFlowMonth = byStore.month;
export const memberStoreBalanceMonth = byStore.balance;
/** Per card product, chain-wide (the reports grouped by card product; members distinct per product). */
const byCard = rollupFamily('member_card_flow_day', 'member_card_flow_month', 'member_card_balance_month');
export const memberCardFlowDay = byCard.day;
export const memberCardFlowMonth = byCard.month;
export const memberCardBalanceMonth = byCard.balance;

/** Watermarks of the rollups: `through` is the last month member_balance_month holds closed. */
export const memberRollupState = pgTable('member_rollup_state', {
  name: text('name').primaryKey(),
  through: date('through', { mode: 'string' }),
  /** An instant watermark: 'member_cards', the last fold of the members' kept card figures. */
  asOf: at('as_of'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

// ── Rollups of the bills (modules/members/rollups.ts, "report rollups") ────────
// Kept by the ledger's writer in the bill's transaction, like member_flow_day; the store of a
// row is where it happened (the bill's store), not the card's selling store.

/**
 * What a draw rollup sums: the ledger rows, sessions drawn from 套餐卡 and 分 drawn from 储值卡
 * (principal + bonus), both positive. `n` tells a key with facts in a period from one without.
 */
const drawMeasures = () => ({
  n: integer('n').notNull().default(0),
  sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
});

/** 耗卡 (card_ledger consume rows) per Beijing day × the store drawn at × card product (卡项排行). */
export const cardDrawDay = pgTable(
  'card_draw_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    cardId: integer('card_id').notNull(),
    cardKind: text('card_kind').notNull(),
    ...drawMeasures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId, t.cardId, t.cardKind] })],
);

/** The same per Beijing month (`month` its first day). */
export const cardDrawMonth = pgTable(
  'card_draw_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    cardId: integer('card_id').notNull(),
    cardKind: text('card_kind').notNull(),
    ...drawMeasures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.storeId, t.cardId, t.cardKind] })],
);

/** What an item rollup sums over bill lines: the lines, the quantity (a project line's sessions) and the amount (分). */
const itemMeasures = () => ({
  n: integer('n').notNull().default(0),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
});

/**
 * Bill lines per Beijing day × the bill's store × item (a project or a product, item_kind as
 * member_consume_line's): 产品消耗 multiplies the project rows by the project's usage when it reads them.
 */
export const consumeItemDay = pgTable(
  'consume_item_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    ...itemMeasures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId, t.itemKind, t.itemId] })],
);

/** The same per Beijing month (`month` its first day). */
export const consumeItemMonth = pgTable(
  'consume_item_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    ...itemMeasures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.storeId, t.itemKind, t.itemId] })],
);

// ── The chain's item rollups (s9-staffrep; modules/members/rollups.ts "chain items") ──────
// consume_item_day/_month without the store: 产品消耗 chain-wide by product or by month reads a
// few thousand rows a month here instead of ~790,000 store × item rows at the large scale.
// Folded from consume_item_delta with the store-level ones (no delta table of their own).

/** Bill lines per Beijing day × item, all stores (consume_item_day summed over its stores). */
export const consumeItemChainDay = pgTable(
  'consume_item_chain_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    ...itemMeasures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.itemKind, t.itemId] })],
);

/** The same per Beijing month (`month` its first day). */
export const consumeItemChainMonth = pgTable(
  'consume_item_chain_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    ...itemMeasures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.itemKind, t.itemId] })],
);

// ── The staff share rollups (s9-staffrep; modules/members/rollups.ts "staff shares") ────────
// The staff reports' figures (员工业绩, 业绩提成, 售卡排行) per Beijing day (month) × the bill's store ×
// staff × line kind, over the bills that stand (not 关单), shares net of the lines' refunds as the
// reports count them. staff_id 0 = any staff, line_kind '' = any kind: those rows carry only
// `bills` (distinct bills with a share, for a store's or a month's 服务单数) and `n`.

/** What a staff share rollup row adds up. */
const staffShareMeasures = () => ({
  /** Shares (bill_share rows) of the key. */
  n: integer('n').notNull().default(0),
  /** Σ the shared lines' amount and refunded amount (one per share). */
  lineAmount: bigint('line_amount', { mode: 'number' }).notNull().default(0),
  lineRefunded: bigint('line_refunded', { mode: 'number' }).notNull().default(0),
  /** Σ 业绩 and 提成 less the line's refunds in proportion. */
  performance: bigint('performance', { mode: 'number' }).notNull().default(0),
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  /** Distinct bills with a share of the key (a bill is on one day at one store: days add up). */
  bills: integer('bills').notNull().default(0),
});

/** Staff shares per Beijing day × the bill's store × staff (0: any) × line kind ('': any). */
export const staffShareDay = pgTable(
  'staff_share_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    staffId: integer('staff_id').notNull(),
    lineKind: text('line_kind').notNull(),
    ...staffShareMeasures(),
  },
  // Staff before store: the rows of any staff (by store, by month, the totals) are one range of each day.
  (t) => [primaryKey({ columns: [t.day, t.staffId, t.lineKind, t.storeId] })],
);

/** The same per Beijing month (`month` its first day). */
export const staffShareMonth = pgTable(
  'staff_share_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    staffId: integer('staff_id').notNull(),
    lineKind: text('line_kind').notNull(),
    ...staffShareMeasures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.staffId, t.lineKind, t.storeId] })],
);

/** A change of staff_share_day (and so of staff_share_month), appended by the bill's writers. */
export const staffShareDelta = pgTable('staff_share_delta', {
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  staffId: integer('staff_id').notNull(),
  lineKind: text('line_kind').notNull(),
  ...staffShareMeasures(),
});

// ── Rollup deltas (modules/members/rollups.ts, "deltas and the fold") ──────────
// The writers append their changes here instead of adding to the rollup rows, so concurrent
// bills of one store and day never wait on one rollup row; `foldRollupDeltas` moves them into
// the rollups (before every report read, in the month close, the check and a scheduled job).
// No key: rows are only appended, and deleted by the fold that adds them up.

/** A change of one family's day rollup (fam: ROLLUP_FAMILIES' index), its month derived at the fold. */
export const memberFlowDelta = pgTable('member_flow_delta', {
  fam: smallint('fam').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  cardId: integer('card_id').notNull(),
  cardKind: text('card_kind').notNull(),
  kind: text('kind').notNull(),
  ...flowMeasures(),
});

/** A change of card_draw_day (and so of card_draw_month). */
export const cardDrawDelta = pgTable('card_draw_delta', {
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  cardId: integer('card_id').notNull(),
  cardKind: text('card_kind').notNull(),
  ...drawMeasures(),
});

/** A change of consume_item_day (and so of consume_item_month). */
export const consumeItemDelta = pgTable('consume_item_delta', {
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  itemKind: text('item_kind').notNull(),
  itemId: integer('item_id').notNull(),
  ...itemMeasures(),
});

/** What a member rollup counts per home store and Beijing day (month). */
const memberStoreMeasures = () => ({
  /** Members of the store who joined that day. */
  joined: integer('joined').notNull().default(0),
  /** Members of the store whose last bill (member.last_visit_day) is that day. */
  lastVisits: integer('last_visits').notNull().default(0),
});

/**
 * 门店会员分析: per member's home store and Beijing day, the members who joined that day and those
 * whose last bill is that day (member.joined_at, member.last_visit_day). Kept through
 * member_store_delta by the trigger member_store_days on member (a member added, moved to another
 * store, or billed on a later day), folded like the other deltas before every report read.
 */
export const memberStoreDay = pgTable(
  'member_store_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    ...memberStoreMeasures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeId] })],
);

/** The same per Beijing month (`month` its first day). */
export const memberStoreMonth = pgTable(
  'member_store_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    ...memberStoreMeasures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.storeId] })],
);

/** A change of member_store_day (and so of member_store_month), appended by the trigger. */
export const memberStoreDelta = pgTable('member_store_delta', {
  day: date('day', { mode: 'string' }).notNull(),
  storeId: integer('store_id').notNull(),
  ...memberStoreMeasures(),
});
