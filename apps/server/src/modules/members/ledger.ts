/**
 * The card ledger: the ONLY writers of member card balances and sessions. Each runs inside the
 * caller's transaction, writes its business record (the card, the top-up, the bill), the
 * card_ledger rows and the new balances together, and its operation-log row. A card is locked
 * (SELECT … FOR UPDATE, in id order) before anything reads its balance or sessions, so two
 * draws on one card queue and the second sees what the first left: nothing is ever overdrawn.
 *
 * `applyLedger` takes many records at once, in time order (a store's day-end import, the demo
 * seed): it locks every card they draw in one statement, decides each record in turn against
 * what the records before it left — a refused record writes nothing and the rest go on — and
 * writes all of them with one multi-row statement per table, ids in the records' order.
 * `openCard`, `topUp` and `consume` are batches of one that throw the refusal. The reference data
 * they read (stores, card products, projects, prices, the cross-level and trial rules) comes
 * through a `LedgerRefs`, which a caller running many batches may keep across them.
 */

import { discounted } from '@zb/contract/entities/cardProjectDiscount';
import type { CrossLevelPair } from '@zb/contract/entities/crossLevel';
import { MONEY_MAX } from '@zb/contract/entities/goodsCommon';
import type { LedgerOtherKind } from '@zb/contract/entities/member';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { pipelined } from '../../db/pipeline';
import { type Operation, recordOperations } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { hookPoint } from '../../platform/hooks';
import { crossLevelPairs, mayDrawBetween } from '../goods/crossLevel';
import { trialLimit } from '../goods/schema';
import { assertTrialAllowed, recordTrialUses, type TrialTake } from '../goods/trialLimits';
import { store } from '../stores/schema';
import {
  addStaffShareDelta,
  addToRollups,
  type DrawChange,
  holdChangesOf,
  type ItemChange,
  type RollupChange,
  SHANGHAI_TZ,
  shanghaiDay,
} from './rollups';
import {
  cardLedger,
  cardTopUp,
  member,
  memberCard,
  memberCardSession,
  memberConsume,
  memberConsumeLine,
} from './schema';

const DAY_MS = 86_400_000;
/** Most lines one bill holds, and most of one item on a line. */
export const CONSUME_LINES_MAX = 50;
export const CONSUME_QUANTITY_MAX = 999;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row here. */
const ROWS_PER_STATEMENT = 1000;

type LedgerRow = typeof cardLedger.$inferInsert;

const invalid = (msg: string) => new BizError(ERR.MEMBER_INVALID, msg);

const assertMemberActive = (m: { name: string; status: string }) => {
  if (m.status !== 'normal') throw new BizError(ERR.MEMBER_FROZEN, `会员「${m.name}」已冻结，不能使用会员卡`);
};

const assertMoney = (value: number, what: string, min = 0) => {
  if (!Number.isInteger(value) || value < min || value > MONEY_MAX) {
    throw invalid(`${what}须为 ${formatYuan(min)} 至 ${formatYuan(MONEY_MAX)} 元之间的金额`);
  }
};

/** Runs `write` on slices of `rows` and answers what the slices answer, in order. */
const inSlices = async <T, R>(rows: readonly T[], write: (part: T[]) => Promise<R[]>): Promise<R[]> => {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    out.push(...(await write(rows.slice(i, i + ROWS_PER_STATEMENT))));
  }
  return out;
};

// ── Reference data ───────────────────────────────────────────────────────────

interface StoreRef {
  id: number;
  name: string;
  levelId: number | null;
}

interface CardProduct {
  id: number;
  name: string;
  kind: string;
  status: string;
  price: number;
  validityDays: number;
  amount: number | null;
  bonus: number | null;
  usableScope: string;
  storeLevelIds: number[];
}

interface Item {
  kind: 'project' | 'product';
  id: number;
  name: string;
  price: number;
}

/** Adds the rows of the ids `map` lacks (null for an id not found). */
const fill = async <T extends { id: number }>(
  map: Map<number, T | null>,
  ids: Iterable<number>,
  read: (ids: number[]) => Promise<T[]>,
): Promise<void> => {
  const missing = [...new Set(ids)].filter((id) => !map.has(id));
  if (missing.length === 0) return;
  for (const id of missing) map.set(id, null);
  for (const row of await read(missing)) map.set(row.id, row);
};

/**
 * The reference data the ledger reads, each row read once: stores, card products and their
 * projects, projects and products with their prices, stored cards' project prices, the
 * cross-level matrix and the trial projects. A fresh one per call by default; a caller that
 * changes none of these (the demo seed, an import) may keep one across calls.
 */
export class LedgerRefs {
  readonly stores = new Map<number, StoreRef | null>();
  readonly cards = new Map<number, CardProduct | null>();
  readonly projects = new Map<number, Item | null>();
  readonly products = new Map<number, Item | null>();
  /** 套餐卡 product → its projects and sessions, in line order. */
  readonly comboProjects = new Map<number, { projectId: number; sessions: number }[]>();
  /** 储值卡 product → project → price on the card (projectPricesOnCards). */
  readonly prices = new Map<number, Map<number, number>>();
  private crossLevel: CrossLevelPair[] | null = null;
  private trials: Set<number> | null = null;

  /**
   * Reads what `need` names and the refs lack — stores, card products (with a 套餐卡's projects
   * and a 储值卡's project prices), projects, products, and the trial projects once — in one
   * statement.
   */
  async load(
    tx: Tx,
    need: { storeIds?: number[]; cardIds?: number[]; projectIds?: number[]; productIds?: number[] },
  ): Promise<void> {
    const missing = <T>(map: Map<number, T | null>, ids: readonly number[] = []) => {
      const out = [...new Set(ids)].filter((id) => !map.has(id));
      for (const id of out) map.set(id, null);
      return out;
    };
    const stores = missing(this.stores, need.storeIds);
    const cards = missing(this.cards, need.cardIds);
    const projects = missing(this.projects, need.projectIds);
    const products = missing(this.products, need.productIds);
    const trials = this.trials === null;
    if (!stores.length && !cards.length && !projects.length && !products.length && !trials) return;
    const among = (col: string, ids: readonly number[]) =>
      ids.length
        ? sql`${sql.raw(col)} in (${sql.join(
            ids.map((id) => sql`${id}::int`),
            sql`, `,
          )})`
        : sql`false`;
    const list = (fields: string, from: string, where: SQL, order = '') =>
      sql`(select coalesce(json_agg(json_build_object(${sql.raw(fields)})${sql.raw(order)}), '[]'::json) from ${sql.raw(from)} where ${where})`;
    const r = await tx.execute(sql`select
      ${list(`'id', id, 'name', name, 'levelId', level_id`, 'store', among('id', stores))} as stores,
      ${list(
        `'id', id, 'name', name, 'kind', kind, 'status', status, 'price', price, 'validityDays', validity_days, 'amount', amount, 'bonus', bonus, 'usableScope', usable_scope, 'storeLevelIds', store_level_ids`,
        'card',
        among('id', cards),
      )} as cards,
      ${list(`'id', id, 'name', name, 'price', price`, 'project', among('id', projects))} as projects,
      ${list(`'id', id, 'name', name, 'price', retail_price`, 'product', among('id', products))} as products,
      ${list(
        `'cardId', cp.card_id, 'projectId', cp.project_id, 'sessions', cp.sessions`,
        'card_project cp join card c on c.id = cp.card_id',
        sql`c.kind = 'combo' and ${among('cp.card_id', cards)}`,
        ' order by cp.card_id, cp.line',
      )} as combos,
      ${list(
        `'cardId', d.card_id, 'projectId', d.project_id, 'price', p.price, 'discount', d.discount`,
        'card_project_discount d join card c on c.id = d.card_id join project p on p.id = d.project_id',
        sql`c.kind = 'stored' and ${among('d.card_id', cards)}`,
      )} as prices,
      ${list(`'projectId', project_id`, 'trial_limit', trials ? sql`enabled` : sql`false`)} as trials`);
    const row = ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as unknown as Record<string, unknown>[]))[0]!;
    const json = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : v) as T[];
    for (const x of json<StoreRef>(row.stores)) this.stores.set(x.id, x);
    for (const x of json<CardProduct>(row.cards)) {
      this.cards.set(x.id, x);
      if (x.kind === 'combo') this.comboProjects.set(x.id, []);
      if (x.kind === 'stored') this.prices.set(x.id, new Map());
    }
    for (const x of json<Omit<Item, 'kind'>>(row.projects)) this.projects.set(x.id, { kind: 'project', ...x });
    for (const x of json<Omit<Item, 'kind'>>(row.products)) this.products.set(x.id, { kind: 'product', ...x });
    for (const x of json<{ cardId: number; projectId: number; sessions: number }>(row.combos)) {
      this.comboProjects.get(x.cardId)?.push({ projectId: x.projectId, sessions: x.sessions });
    }
    for (const x of json<{ cardId: number; projectId: number; price: number; discount: number }>(row.prices)) {
      this.prices.get(x.cardId)?.set(x.projectId, discounted(x.price, x.discount));
    }
    if (trials) this.trials = new Set(json<{ projectId: number }>(row.trials).map((x) => x.projectId));
  }

  async crossLevelPairs(tx: Tx): Promise<readonly CrossLevelPair[]> {
    this.crossLevel ??= await crossLevelPairs(tx);
    return this.crossLevel;
  }

  async isTrial(tx: Tx, projectId: number): Promise<boolean> {
    this.trials ??= new Set(
      (await tx.select({ id: trialLimit.projectId }).from(trialLimit).where(eq(trialLimit.enabled, true))).map(
        (r) => r.id,
      ),
    );
    return this.trials.has(projectId);
  }
}

// ── Inputs and answers ───────────────────────────────────────────────────────

/** Sessions of a project a bill draws on cards (what /drawLimitConfig limits). */
export interface DrawTake {
  memberId: number;
  projectId: number;
  storeId: number;
  at: Date;
  quantity: number;
}

/**
 * Checks of a bill's card-drawn project sessions before anything is written (billConfig registers
 * the draw limits): `takes` are the bill's, `earlier` those of the batch's records decided before
 * it and not written yet. A check refuses by throwing; the bill is then refused whole.
 */
export const drawChecks =
  hookPoint<
    (
      tx: Tx,
      takes: readonly DrawTake[],
      earlier: readonly DrawTake[],
      nameOf: (projectId: number) => string,
    ) => Promise<void>
  >();

/** One card a bill draws, as business security (modules/security: /useCardLimit) counts it. */
export interface CardUse {
  memberCardId: number;
  cardNo: string;
  /** The card product and the store that sold the card. */
  cardId: number;
  cardStoreId: number;
  /** Where and when the bill draws it, and the 分 of value it draws (套餐卡: the sessions' value). */
  storeId: number;
  at: Date;
  amount: number;
}

/** Who a record is for, as business security (/blacklistAdmin) checks it. */
export interface LedgerParty {
  memberId: number;
  phone: string;
  /** The open-API client that sent the bill (its POS terminal is the device); null otherwise. */
  clientId: number | null;
}

/**
 * Checks of modules above the ledger (security registers its limits and blacklist), run before
 * anything is written, reading what they need in the record's transaction: `openChecks` on each
 * card opening (a claimed real card too), `cardUseChecks` on each bill that draws cards or comes
 * from an open-API client (`opens`: its card-sale lines), with `earlier` the card uses of the
 * batch's records decided before it and not written yet. A check refuses by throwing.
 */
export const openChecks = hookPoint<(tx: Tx, party: LedgerParty, e: OpenCardInput) => Promise<void>>();
export const cardUseChecks =
  hookPoint<
    (
      tx: Tx,
      bill: { party: LedgerParty; uses: readonly CardUse[]; opens: number },
      earlier: readonly CardUse[],
    ) => Promise<void>
  >();

export interface OpenCardInput {
  memberId: number;
  /** The card product (goods card). */
  cardId: number;
  /** The store that sells it. */
  storeId: number;
  at: Date;
  /** 分 paid; default the card's price. */
  paid?: number;
  /** A 储值卡's bonus on top of the card's own (a 赠送方案's gift), in its opening entry. */
  extraBonus?: number;
  userId: number | null;
  /**
   * The business record the card comes from when it is not a sale at the counter: its ledger rows
   * name it (ref_type, ref_id) instead of the card itself, e.g. ('marketing_real_card', id) for a
   * claimed real card — so the (ref_type, ref_id, seq) key also lets that record open one card only.
   */
  source?: { refType: string; refId: number; label: string };
}

export interface OpenedCard {
  memberCardId: number;
  cardNo: string;
}

export interface TopUpInput {
  memberCardId: number;
  storeId: number;
  /** 分 paid, added to the principal (> 0). */
  amount: number;
  /** 分 given on top (赠送), added to the bonus. */
  bonus?: number;
  at: Date;
  userId: number | null;
  /** A retried request with the same key answers the first top-up and changes nothing. */
  requestKey?: string;
}

export interface ToppedUp {
  topUpId: number;
  topUpNo: string;
  balance: number;
  bonusBalance: number;
}

export interface ConsumeLineInput {
  /** Exactly one of projectId / productId. */
  projectId?: number;
  productId?: number;
  quantity: number;
  /** The member card that pays the line; none: paid otherwise (cash, WeChat …). */
  memberCardId?: number | null;
  /** The line's number on its bill (default its place in `lines`): a 收银单 numbers all its lines. */
  line?: number;
  /** A line paid otherwise: its unit price when an offer priced it (a 折扣方案); default the list price. */
  unitPrice?: number;
}

/**
 * What a 收银单 (contract entities/bill.ts) adds to the bill's header: its kind, source and
 * sender, and the lines the ledger does not draw (card sales, top-ups), which its caller writes
 * and whose amount counts in the bill's total, paid otherwise. Such a bill may have no drawn line.
 */
export interface BillHeader {
  kind: string;
  source: string;
  clientId: number | null;
  outerNo: string | null;
  /** Its card-sale and top-up lines (the cards already opened or topped up by the caller). */
  otherLines: readonly BillOtherLine[];
  /**
   * The caller's own rows of the bill (its payments, staff shares), written with the ledger's
   * last statements, in one round trip (db/pipeline.ts): given what the ledger wrote. May refuse
   * the bill by throwing.
   */
  alsoWrite?: (written: ConsumedBill) => Promise<void>;
}

export interface BillOtherLine {
  line: number;
  itemKind: 'cardSale' | 'topUp';
  /** cardSale: the card product sold. */
  cardId: number | null;
  /** cardSale: the card it opened; topUp: the card topped up. */
  memberCardId: number;
  /** topUp: the top-up record. */
  topUpId: number | null;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface ConsumeInput {
  memberId: number;
  storeId: number;
  staffId?: number | null;
  at: Date;
  lines: readonly ConsumeLineInput[];
  remark?: string | null;
  userId: number | null;
  /** A retried request with the same key answers the first bill and draws nothing again. */
  requestKey?: string;
  /** A 收银单's header columns and its other lines' total. */
  bill?: BillHeader;
}

export interface ConsumedBill {
  consumeId: number;
  billNo: string;
  total: number;
  paidByCard: number;
  paidOther: number;
  /** Written now (not a retried key): what each card drew, in card order (a 收银单's card payments). */
  cardDraws?: { memberCardId: number; kind: string; amount: number }[];
  /** Written now: what the bill left on each card it drew (its last ledger row's balances), in card order. */
  cardsLeft?: { memberCardId: number; cardNo: string; balance: number | null; bonusBalance: number | null }[];
  /** Written now: each drawn-or-paid line's number, amount and the part a card paid (coupons price against the rest). */
  lines?: { line: number; amount: number; cardAmount: number }[];
}

/** One record of a batch. A batch cannot draw a card it opens itself (its id is not known yet). */
export type LedgerEntry =
  | ({ kind: 'open' } & OpenCardInput)
  | ({ kind: 'topUp' } & TopUpInput)
  | ({ kind: 'consume' } & ConsumeInput);

export type LedgerAnswer = OpenedCard | ToppedUp | ConsumedBill;

/** Per record: what it wrote, or why it was refused (and wrote nothing). */
export type LedgerResult = { ok: true; value: LedgerAnswer } | { ok: false; error: BizError };

export interface LedgerOptions {
  refs?: LedgerRefs;
  /**
   * Called for a refused record: what it answers (say, the same bill paid otherwise) is tried in
   * its place, once; null keeps the refusal.
   */
  onRefused?: (entry: LedgerEntry, error: BizError) => LedgerEntry | null;
}

/**
 * Locks cards (SELECT … FOR UPDATE in id order), with the Beijing day of the latest ledger row of
 * each card's member (so no earlier than the card's own latest; one step back along the ledger's
 * member index), and reads the sessions left on them (sent with the lock, after it: db/pipeline.ts).
 */
const lockCards = async (tx: Tx, ids: readonly number[]) => {
  const [rows, sessions] = await pipelined(
    () =>
      tx
        .select({
          ...getTableColumns(memberCard),
          lastDay: sql<string | null>`(select (max(l.at) at time zone ${SHANGHAI_TZ})::date::text
            from ${cardLedger} l where l.member_id = ${memberCard.memberId})`,
        })
        .from(memberCard)
        .where(inArray(memberCard.id, [...ids]))
        .orderBy(asc(memberCard.id))
        .for('update'),
    () =>
      tx
        .select({
          memberCardId: memberCardSession.memberCardId,
          projectId: memberCardSession.projectId,
          remaining: memberCardSession.remaining,
        })
        .from(memberCardSession)
        .where(inArray(memberCardSession.memberCardId, [...ids])),
  );
  return { rows, sessions };
};

// ── The batch's state ────────────────────────────────────────────────────────

type HeldCard = typeof memberCard.$inferSelect;
type MemberRow = { id: number; name: string; phone: string; status: string };

/** What the batch has read and what its records have changed so far. */
class Batch {
  readonly members = new Map<number, MemberRow | null>();
  /** Locked cards, with the balances the records before have left. */
  readonly cards = new Map<number, HeldCard | null>();
  /** `${memberCardId}:${projectId}` → sessions left. */
  readonly sessions = new Map<string, number>();
  readonly changedCards = new Set<number>();
  readonly changedSessions = new Set<string>();
  /**
   * Per locked card: whether it held value (本金, 赠金 or 次数) when locked, and the Beijing day of
   * its member's latest ledger row then — no earlier than the card's own latest, to which no other
   * writer adds rows while the batch holds the card.
   */
  readonly whenLocked = new Map<number, { held: boolean; lastDay: string | null }>();
  /** Request keys already written before the batch, and those of its own records. */
  readonly doneTopUps = new Map<string, { id: number; no: string; cardId: number }>();
  readonly doneBills = new Map<string, ConsumedBill>();
  readonly keys = new Map<string, number>();
  /** Trials its bills take (recorded at the end). */
  readonly trialTakes: TrialTake[] = [];
  /** Card-drawn project sessions its bills take (counted against /drawLimitConfig). */
  readonly drawTakes: DrawTake[] = [];
  /** Cards its bills draw (counted against /useCardLimit). */
  readonly cardUses: CardUse[] = [];

  constructor(
    readonly tx: Tx,
    readonly refs: LedgerRefs,
  ) {}

  /** Reads (and locks, cards in id order) what `entries` need that the batch lacks. */
  async load(entries: readonly LedgerEntry[]): Promise<void> {
    const { tx } = this;
    const topUpKeys = entries.flatMap((e) => (e.kind === 'topUp' && e.requestKey ? [e.requestKey] : []));
    const billKeys = entries.flatMap((e) => (e.kind === 'consume' && e.requestKey ? [e.requestKey] : []));
    if (topUpKeys.length) {
      const rows = await tx
        .select({ id: cardTopUp.id, no: cardTopUp.topUpNo, cardId: cardTopUp.memberCardId, key: cardTopUp.requestKey })
        .from(cardTopUp)
        .where(inArray(cardTopUp.requestKey, topUpKeys));
      for (const r of rows) this.doneTopUps.set(r.key!, r);
    }
    if (billKeys.length) {
      const rows = await tx
        .select({
          key: memberConsume.requestKey,
          consumeId: memberConsume.id,
          billNo: memberConsume.billNo,
          total: memberConsume.total,
          paidByCard: memberConsume.paidByCard,
          paidOther: memberConsume.paidOther,
        })
        .from(memberConsume)
        .where(inArray(memberConsume.requestKey, billKeys));
      for (const { key, ...bill } of rows) this.doneBills.set(key!, bill);
    }
    const cardIds = entries.flatMap((e) =>
      e.kind === 'topUp'
        ? [
            e.memberCardId,
            ...(e.requestKey && this.doneTopUps.has(e.requestKey) ? [this.doneTopUps.get(e.requestKey)!.cardId] : []),
          ]
        : e.kind === 'consume'
          ? e.lines.flatMap((l) => (l.memberCardId ? [l.memberCardId] : []))
          : [],
    );
    const toLock = [...new Set(cardIds)].filter((id) => !this.cards.has(id)).sort((a, b) => a - b);
    if (toLock.length) {
      for (const id of toLock) this.cards.set(id, null);
      const { rows, sessions } = await lockCards(tx, toLock);
      for (const { lastDay, ...r } of rows) this.cards.set(r.id, r);
      for (const r of sessions) this.sessions.set(`${r.memberCardId}:${r.projectId}`, r.remaining);
      for (const r of rows) this.whenLocked.set(r.id, { held: this.holds(r.id), lastDay: r.lastDay });
    }
    const held = [...new Set(cardIds)].flatMap((id) => {
      const c = this.cards.get(id);
      return c ? [c] : [];
    });
    await fill(
      this.members,
      [...entries.flatMap((e) => (e.kind === 'topUp' ? [] : [e.memberId])), ...held.map((c) => c.memberId)],
      (ids) =>
        tx
          .select({ id: member.id, name: member.name, phone: member.phone, status: member.status })
          .from(member)
          .where(inArray(member.id, ids)),
    );
    const lines = entries.flatMap((e) => (e.kind === 'consume' ? e.lines : []));
    await this.refs.load(tx, {
      storeIds: [...entries.map((e) => e.storeId), ...held.map((c) => c.storeId)],
      cardIds: [...entries.flatMap((e) => (e.kind === 'open' ? [e.cardId] : [])), ...held.map((c) => c.cardId)],
      projectIds: lines.flatMap((l) => (l.projectId ? [l.projectId] : [])),
      productIds: lines.flatMap((l) => (l.productId ? [l.productId] : [])),
    });
  }

  /** The card holds value now: 本金, 赠金 or sessions left (as the batch's records have left them). */
  holds(cardId: number): boolean {
    const c = this.cards.get(cardId);
    if (!c) return false;
    if ((c.balance ?? 0) > 0 || (c.bonusBalance ?? 0) > 0) return true;
    for (const [key, left] of this.sessions) if (left > 0 && key.startsWith(`${cardId}:`)) return true;
    return false;
  }

  /**
   * The ledger rows move no card's or member's holding of value (rollups.ts holdChangesOf), so
   * working it out before and after can be skipped: each row is on a card that held value when
   * locked and still does, dated no earlier (Beijing day) than the card's latest row (its member's
   * latest, read at the lock). A card's holding at a
   * day's end changes only where its running sum crosses zero, which such rows cannot make happen
   * at any day; a member's holding changes only with a card's. The usual draw or top-up.
   */
  movesNoHolding(rows: readonly { memberCardId: number; at: Date }[]): boolean {
    return rows.every((row) => {
      const then = this.whenLocked.get(row.memberCardId);
      return (
        then?.held === true &&
        then.lastDay !== null &&
        shanghaiDay(row.at) >= then.lastDay &&
        this.holds(row.memberCardId)
      );
    });
  }

  member(id: number): MemberRow {
    const m = this.members.get(id);
    if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '会员不存在或已被删除');
    return m;
  }

  store(id: number): StoreRef {
    const s = this.refs.stores.get(id);
    if (!s) throw invalid('门店不存在或已被删除');
    return s;
  }

  product(c: HeldCard): CardProduct {
    return this.refs.cards.get(c.cardId)!;
  }

  item(l: ConsumeLineInput): Item {
    const found = l.projectId ? this.refs.projects.get(l.projectId) : this.refs.products.get(l.productId!);
    if (!found) throw invalid(l.projectId ? '项目不存在或已被删除' : '商品不存在或已被删除');
    return found;
  }

  /**
   * Refuses a card that may not be drawn at `drawStore` at `at`: frozen, expired, outside its
   * product's 适用门店, or sold at a store whose level may not be drawn here (跨级划卡).
   */
  async assertUsable(c: HeldCard, drawStore: StoreRef, at: Date): Promise<void> {
    const p = this.product(c);
    if (c.status !== 'active') {
      const why = c.status === 'closed' ? '已补卡，请使用新卡' : c.status === 'cancelled' ? '已注销' : '已冻结';
      throw new BizError(ERR.MEMBER_FROZEN, `会员卡${cardLabel(c, p)}${why}`);
    }
    if (c.expiresAt.getTime() <= at.getTime()) {
      throw new BizError(ERR.MEMBER_CARD_EXPIRED, `会员卡${cardLabel(c, p)}已过期，不能使用`);
    }
    const sold = this.store(c.storeId);
    const crossLevel = sold.levelId !== drawStore.levelId ? await this.refs.crossLevelPairs(this.tx) : [];
    if (
      !scopeAllows(p, drawStore) ||
      (c.storeId !== drawStore.id && !mayDrawBetween(crossLevel, sold.levelId, drawStore.levelId))
    ) {
      throw new BizError(ERR.MEMBER_CARD_WRONG_STORE, `会员卡${cardLabel(c, p)}不能在${drawStore.name}使用`);
    }
  }
}

/** The card product's 适用门店 allows the store's level. */
const scopeAllows = (c: CardProduct, s: { levelId: number | null }) =>
  c.usableScope === 'all' || (s.levelId !== null && c.storeLevelIds.includes(s.levelId));

const cardLabel = (c: HeldCard, p: CardProduct) => `「${p.name}」（${c.cardNo}）`;

// ── Deciding each record ─────────────────────────────────────────────────────

interface PlannedOpen {
  kind: 'open';
  e: OpenCardInput;
  m: MemberRow;
  s: StoreRef;
  p: CardProduct;
  paid: number;
  sessions: { projectId: number; sessions: number }[];
  balance: number | null;
  bonus: number | null;
}

interface PlannedTopUp {
  kind: 'topUp';
  e: TopUpInput;
  c: HeldCard;
  s: StoreRef;
  bonus: number;
  before: { balance: number | null; bonusBalance: number | null };
  balance: number;
  bonusBalance: number;
}

interface PlannedLine {
  i: number;
  l: ConsumeLineInput;
  it: Item;
  c: HeldCard | null;
  unitPrice: number;
  amount: number;
  sessions: number | null;
  sessionsAfter: number | null;
  cardAmount: number;
  draw: { amount: number; bonus: number; balanceAfter: number; bonusAfter: number } | null;
  trial: boolean;
}

interface PlannedBill {
  kind: 'consume';
  e: ConsumeInput;
  m: MemberRow;
  s: StoreRef;
  lines: PlannedLine[];
  total: number;
  paidByCard: number;
  takes: TrialTake[];
}

/** A record decided: what to write, or an earlier answer (a retried request key). */
type Planned =
  | PlannedOpen
  | PlannedTopUp
  | PlannedBill
  | { kind: 'answer'; value: LedgerAnswer }
  | { kind: 'same'; as: number };

/**
 * 开卡: a 储值卡 starts with the card's amount and bonus, a 套餐卡 with the sessions of each of its
 * projects; one ledger row per balance or project. The card must be on sale and sold where its
 * 适用门店 allows; the member must not be frozen.
 */
const planOpen = async (b: Batch, e: OpenCardInput): Promise<PlannedOpen> => {
  const m = b.member(e.memberId);
  assertMemberActive(m);
  for (const check of openChecks.registered()) await check(b.tx, { memberId: m.id, phone: m.phone, clientId: null }, e);
  const s = b.store(e.storeId);
  const p = b.refs.cards.get(e.cardId);
  if (!p) throw invalid('卡项不存在或已被删除');
  if (p.status !== 'on') throw invalid(`卡项「${p.name}」已停售，不能开卡`);
  if (!scopeAllows(p, s)) throw new BizError(ERR.MEMBER_CARD_WRONG_STORE, `卡项「${p.name}」不适用于${s.name}`);
  const paid = e.paid ?? p.price;
  assertMoney(paid, '实付金额');
  const stored = p.kind === 'stored';
  const sessions = stored ? [] : (b.refs.comboProjects.get(p.id) ?? []);
  if (!stored && sessions.length === 0) throw invalid(`套餐卡「${p.name}」没有包含项目，不能开卡`);
  return {
    kind: 'open',
    e,
    m,
    s,
    p,
    paid,
    sessions,
    balance: stored ? (p.amount ?? 0) : null,
    bonus: stored ? (p.bonus ?? 0) + (e.extraBonus ?? 0) : null,
  };
};

/** 充值 a 储值卡 that may be used at the store: one top-up record, one ledger row. */
const planTopUp = async (b: Batch, e: TopUpInput): Promise<Planned> => {
  const done = e.requestKey ? b.doneTopUps.get(e.requestKey) : undefined;
  if (done) {
    const c = b.cards.get(done.cardId)!;
    const value = { topUpId: done.id, topUpNo: done.no, balance: c.balance ?? 0, bonusBalance: c.bonusBalance ?? 0 };
    return { kind: 'answer', value };
  }
  const bonus = e.bonus ?? 0;
  assertMoney(e.amount, '充值金额', 1);
  assertMoney(bonus, '赠送金额');
  const c = b.cards.get(e.memberCardId);
  if (!c) throw invalid('会员卡不存在');
  const p = b.product(c);
  if (c.kind !== 'stored') throw invalid(`会员卡${cardLabel(c, p)}是套餐卡，只有储值卡可以充值`);
  assertMemberActive(b.member(c.memberId));
  const s = b.store(e.storeId);
  await b.assertUsable(c, s, e.at);
  return {
    kind: 'topUp',
    e,
    c,
    s,
    bonus,
    before: { balance: c.balance, bonusBalance: c.bonusBalance },
    balance: (c.balance ?? 0) + e.amount,
    bonusBalance: (c.bonusBalance ?? 0) + bonus,
  };
};

const checkLines = (lines: readonly ConsumeLineInput[], mayBeEmpty = false) => {
  if (lines.length === 0 && !mayBeEmpty) throw invalid('请添加消费项目或商品');
  if (lines.length > CONSUME_LINES_MAX) throw invalid(`一张消费单最多 ${CONSUME_LINES_MAX} 行`);
  for (const l of lines) {
    if (!!l.projectId === !!l.productId) throw invalid('每行须为一个项目或一个商品');
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > CONSUME_QUANTITY_MAX) {
      throw invalid(`数量须为 1 至 ${CONSUME_QUANTITY_MAX} 的整数`);
    }
  }
};

/**
 * 消费: the bill, its lines, one ledger row per line a card pays, the cards' new balances and
 * sessions, and the trials taken. A 套餐卡 pays projects it holds, one session each; a 储值卡
 * pays a project at its 关联项目 price and a product at its retail price, from the principal
 * first, then the bonus. Refuses an overdraw, a frozen member or card, an expired card, a card
 * not usable at the store, an item the card does not pay, and a trial taken once too often.
 */
const planBill = async (b: Batch, e: ConsumeInput): Promise<Planned> => {
  const done = e.requestKey ? b.doneBills.get(e.requestKey) : undefined;
  if (done) return { kind: 'answer', value: done };
  checkLines(e.lines, e.bill !== undefined);
  const m = b.member(e.memberId);
  const s = b.store(e.storeId);
  const cardIds = [...new Set(e.lines.flatMap((l) => (l.memberCardId ? [l.memberCardId] : [])))];
  if (cardIds.length) assertMemberActive(m);
  for (const id of cardIds) {
    const c = b.cards.get(id);
    if (!c || c.memberId !== m.id) throw invalid('会员卡不存在或不属于该会员');
    await b.assertUsable(c, s, e.at);
  }
  // This bill's view of the balances and sessions; the batch takes it over if the bill stands.
  const money = new Map(
    cardIds.map((id) => {
      const c = b.cards.get(id)!;
      return [id, { balance: c.balance ?? 0, bonus: c.bonusBalance ?? 0 }];
    }),
  );
  const remaining = new Map<string, number>();
  const lines: PlannedLine[] = [];
  const takes: TrialTake[] = [];
  for (const [i, l] of e.lines.entries()) {
    const it = b.item(l);
    const c = l.memberCardId ? b.cards.get(l.memberCardId)! : null;
    let unitPrice = !l.memberCardId && l.unitPrice !== undefined ? l.unitPrice : it.price;
    let sessions: number | null = null;
    let sessionsAfter: number | null = null;
    let cardAmount = 0;
    let draw: PlannedLine['draw'] = null;
    if (c?.kind === 'combo') {
      const p = b.product(c);
      const key = `${c.id}:${it.id}`;
      const left = it.kind === 'project' ? (remaining.get(key) ?? b.sessions.get(key)) : undefined;
      if (left === undefined) {
        throw new BizError(
          ERR.MEMBER_CARD_WRONG_ITEM,
          `套餐卡${cardLabel(c, p)}不包含${it.kind === 'project' ? '项目' : '商品'}「${it.name}」`,
        );
      }
      if (left < l.quantity) {
        throw new BizError(
          ERR.MEMBER_OVERDRAW,
          `套餐卡${cardLabel(c, p)}的「${it.name}」剩余 ${left} 次，不够划 ${l.quantity} 次`,
        );
      }
      sessions = l.quantity;
      sessionsAfter = left - l.quantity;
      remaining.set(key, sessionsAfter);
      cardAmount = unitPrice * l.quantity;
    } else if (c) {
      const p = b.product(c);
      if (it.kind === 'project') {
        const onCard = b.refs.prices.get(c.cardId)?.get(it.id);
        if (onCard === undefined) {
          throw new BizError(
            ERR.MEMBER_CARD_WRONG_ITEM,
            `储值卡${cardLabel(c, p)}不能支付项目「${it.name}」（未设置关联项目）`,
          );
        }
        unitPrice = onCard;
      }
      const due = unitPrice * l.quantity;
      const held = money.get(c.id)!;
      if (held.balance + held.bonus < due) {
        throw new BizError(
          ERR.MEMBER_OVERDRAW,
          `储值卡${cardLabel(c, p)}余额不足：可用 ${formatYuan(held.balance + held.bonus)} 元，需支付 ${formatYuan(due)} 元`,
        );
      }
      const fromBalance = Math.min(held.balance, due);
      const fromBonus = due - fromBalance;
      held.balance -= fromBalance;
      held.bonus -= fromBonus;
      cardAmount = due;
      draw = { amount: -fromBalance, bonus: -fromBonus, balanceAfter: held.balance, bonusAfter: held.bonus };
    }
    const trial = it.kind === 'project' && (await b.refs.isTrial(b.tx, it.id));
    if (trial) {
      for (let k = 0; k < l.quantity; k++) {
        const take = { memberPhone: m.phone, projectId: it.id, storeId: s.id, at: e.at };
        await assertTrialAllowed(b.tx, take, [...b.trialTakes, ...takes]);
        takes.push(take);
      }
    }
    lines.push({
      i,
      l,
      it,
      c,
      unitPrice,
      amount: unitPrice * l.quantity,
      sessions,
      sessionsAfter,
      cardAmount,
      draw,
      trial,
    });
  }
  const total = lines.reduce((n, x) => n + x.amount, 0) + (e.bill?.otherLines ?? []).reduce((n, x) => n + x.amount, 0);
  assertMoney(total, '消费单金额');
  // Sessions of a project drawn on cards, within /drawLimitConfig's limits.
  const draws: DrawTake[] = lines.flatMap((x) =>
    x.c && x.it.kind === 'project'
      ? [{ memberId: m.id, projectId: x.it.id, storeId: s.id, at: e.at, quantity: x.l.quantity }]
      : [],
  );
  if (draws.length) {
    const nameOf = (id: number) => b.refs.projects.get(id)?.name ?? String(id);
    for (const check of drawChecks.registered()) await check(b.tx, draws, b.drawTakes, nameOf);
  }
  // Each card drawn, within /useCardLimit and /blacklistAdmin (modules/security).
  const uses: CardUse[] = cardIds.map((id) => {
    const c = b.cards.get(id)!;
    const amount = lines.reduce((n, x) => (x.c?.id === id ? n + x.cardAmount : n), 0);
    return {
      memberCardId: id,
      cardNo: c.cardNo,
      cardId: c.cardId,
      cardStoreId: c.storeId,
      storeId: s.id,
      at: e.at,
      amount,
    };
  });
  const clientId = e.bill?.clientId ?? null;
  if (uses.length || clientId !== null) {
    const party = { memberId: m.id, phone: m.phone, clientId };
    const opens = (e.bill?.otherLines ?? []).filter((o) => o.itemKind === 'cardSale').length;
    for (const check of cardUseChecks.registered()) await check(b.tx, { party, uses, opens }, b.cardUses);
  }
  // The bill stands: the batch takes over its balances, sessions and trials.
  for (const [id, held] of money) {
    const c = b.cards.get(id)!;
    if (c.kind !== 'stored') continue;
    c.balance = held.balance;
    c.bonusBalance = held.bonus;
    b.changedCards.add(id);
  }
  for (const [key, left] of remaining) {
    b.sessions.set(key, left);
    b.changedSessions.add(key);
  }
  b.trialTakes.push(...takes);
  b.drawTakes.push(...draws);
  b.cardUses.push(...uses);
  return { kind: 'consume', e, m, s, lines, total, paidByCard: lines.reduce((n, x) => n + x.cardAmount, 0), takes };
};

/** Decides one record against what the batch holds; a top-up it accepts moves the card's balance. */
const plan = async (b: Batch, entry: LedgerEntry): Promise<Planned> => {
  if (entry.kind === 'open') return planOpen(b, entry);
  const key = entry.requestKey ? `${entry.kind}:${entry.requestKey}` : null;
  const earlier = key === null ? undefined : b.keys.get(key);
  if (earlier !== undefined) return { kind: 'same', as: earlier };
  const planned = entry.kind === 'topUp' ? await planTopUp(b, entry) : await planBill(b, entry);
  if (planned.kind === 'topUp') {
    planned.c.balance = planned.balance;
    planned.c.bonusBalance = planned.bonusBalance;
    b.changedCards.add(planned.c.id);
  }
  return planned;
};

// ── Writing ──────────────────────────────────────────────────────────────────

const valuesList = (rows: SQL[]) => sql.join(rows, sql`, `);

/** Writes the records decided, one statement per table, and answers each. */
const write = async (b: Batch, planned: readonly (Planned | null)[]): Promise<(LedgerAnswer | null)[]> => {
  const { tx } = b;
  const opens = planned.filter((x): x is PlannedOpen => x?.kind === 'open');
  const topUps = planned.filter((x): x is PlannedTopUp => x?.kind === 'topUp');
  const bills = planned.filter((x): x is PlannedBill => x?.kind === 'consume');

  const cardRows = await inSlices(opens, (part) =>
    tx
      .insert(memberCard)
      .values(
        part.map((x) => ({
          memberId: x.m.id,
          cardId: x.p.id,
          kind: x.p.kind,
          storeId: x.s.id,
          openedAt: x.e.at,
          expiresAt: new Date(x.e.at.getTime() + x.p.validityDays * DAY_MS),
          paid: x.paid,
          balance: x.balance,
          bonusBalance: x.bonus,
          createdBy: x.e.userId,
        })),
      )
      .returning({ id: memberCard.id, cardNo: memberCard.cardNo }),
  );
  const opened = new Map(opens.map((x, i) => [x, cardRows[i]!]));
  const sessionRows = opens.flatMap((x) =>
    x.sessions.map((s) => ({
      memberCardId: opened.get(x)!.id,
      projectId: s.projectId,
      total: s.sessions,
      remaining: s.sessions,
    })),
  );
  await inSlices(sessionRows, async (part) => {
    await tx.insert(memberCardSession).values(part);
    return [];
  });
  const topUpRows = await inSlices(topUps, (part) =>
    tx
      .insert(cardTopUp)
      .values(
        part.map((x) => ({
          memberCardId: x.c.id,
          storeId: x.s.id,
          amount: x.e.amount,
          bonus: x.bonus,
          toppedUpAt: x.e.at,
          requestKey: x.e.requestKey ?? null,
          createdBy: x.e.userId,
        })),
      )
      .returning({ id: cardTopUp.id, no: cardTopUp.topUpNo }),
  );
  const toppedUp = new Map(topUps.map((x, i) => [x, topUpRows[i]!]));
  const billRows = await inSlices(bills, (part) =>
    tx
      .insert(memberConsume)
      .values(
        part.map((x) => ({
          memberId: x.m.id,
          storeId: x.s.id,
          staffId: x.e.staffId ?? null,
          consumedAt: x.e.at,
          total: x.total,
          paidByCard: x.paidByCard,
          paidOther: x.total - x.paidByCard,
          remark: x.e.remark ?? null,
          requestKey: x.e.requestKey ?? null,
          createdBy: x.e.userId,
          ...(x.e.bill
            ? { kind: x.e.bill.kind, source: x.e.bill.source, clientId: x.e.bill.clientId, outerNo: x.e.bill.outerNo }
            : {}),
        })),
      )
      .returning({ id: memberConsume.id, billNo: memberConsume.billNo }),
  );
  const billed = new Map(bills.map((x, i) => [x, billRows[i]!]));
  const lineRows: (typeof memberConsumeLine.$inferInsert)[] = bills.flatMap((x) =>
    x.lines.map((y) => ({
      consumeId: billed.get(x)!.id,
      line: y.l.line ?? y.i + 1,
      itemKind: y.it.kind,
      projectId: y.it.kind === 'project' ? y.it.id : null,
      productId: y.it.kind === 'product' ? y.it.id : null,
      quantity: y.l.quantity,
      unitPrice: y.unitPrice,
      amount: y.amount,
      memberCardId: y.c?.id ?? null,
      sessions: y.sessions,
      cardAmount: y.cardAmount,
      trial: y.trial,
    })),
  );
  for (const x of bills) {
    for (const o of x.e.bill?.otherLines ?? []) lineRows.push({ consumeId: billed.get(x)!.id, ...o });
  }

  // The ledger and the operation log, in the records' order.
  const ledger: LedgerRow[] = [];
  /** Per ledger row, what the rollups add (the card's selling store, product and kind). */
  const changes: RollupChange[] = [];
  const change = (row: LedgerRow, c: { storeId: number; cardId: number; kind: string }, first: boolean, paid = 0) =>
    changes.push({
      at: row.at,
      storeId: c.storeId,
      cardId: c.cardId,
      cardKind: c.kind,
      kind: row.kind,
      first,
      amount: row.amount ?? 0,
      bonus: row.bonusAmount ?? 0,
      sessions: row.sessions ?? 0,
      paid,
    });
  /** 耗卡 and bill lines for the bill rollups (where drawn, what was sold). */
  const draws: DrawChange[] = [];
  const items: ItemChange[] = [];
  const ops: Operation[] = [];
  const answers: (LedgerAnswer | null)[] = [];
  /** The bills' callers' own writes (BillHeader.alsoWrite). */
  const callers: (() => Promise<void>)[] = [];
  for (const x of planned) {
    if (x === null) answers.push(null);
    else if (x.kind === 'answer') answers.push(x.value);
    else if (x.kind === 'same') answers.push(answers[x.as]!);
    else if (x.kind === 'open') {
      const { id, cardNo } = opened.get(x)!;
      const base = {
        memberCardId: id,
        memberId: x.m.id,
        kind: 'open',
        refType: x.e.source?.refType ?? 'member_card',
        refId: x.e.source?.refId ?? id,
        storeId: x.s.id,
        at: x.e.at,
        createdBy: x.e.userId,
      };
      const sold = { storeId: x.s.id, cardId: x.p.id, kind: x.p.kind };
      if (x.p.kind === 'stored') {
        const row = {
          ...base,
          seq: 1,
          amount: x.balance!,
          bonusAmount: x.bonus!,
          balanceAfter: x.balance,
          bonusAfter: x.bonus,
        };
        ledger.push(row);
        change(row, sold, true, x.paid);
      } else {
        x.sessions.forEach((s, i) => {
          const row = {
            ...base,
            seq: i + 1,
            projectId: s.projectId,
            sessions: s.sessions,
            sessionsAfter: s.sessions,
          };
          ledger.push(row);
          change(row, sold, i === 0, i === 0 ? x.paid : 0);
        });
      }
      ops.push({
        userId: x.e.userId,
        action: 'memberCard.open',
        target: `member_card:${id}`,
        after: {
          cardNo,
          member: x.m.name,
          card: x.p.name,
          store: x.s.name,
          paid: x.paid,
          balance: x.balance,
          bonus: x.bonus,
          sessions: x.sessions,
          ...(x.e.source ? { source: x.e.source.label } : {}),
        },
      });
      answers.push({ memberCardId: id, cardNo });
    } else if (x.kind === 'topUp') {
      const t = toppedUp.get(x)!;
      const row: LedgerRow = {
        memberCardId: x.c.id,
        memberId: x.c.memberId,
        kind: 'topUp',
        amount: x.e.amount,
        bonusAmount: x.bonus,
        balanceAfter: x.balance,
        bonusAfter: x.bonusBalance,
        refType: 'card_top_up',
        refId: t.id,
        seq: 1,
        storeId: x.s.id,
        createdBy: x.e.userId,
        at: x.e.at,
      };
      ledger.push(row);
      change(row, x.c, true);
      ops.push({
        userId: x.e.userId,
        action: 'memberCard.topUp',
        target: `member_card:${x.c.id}`,
        before: x.before,
        after: { topUpNo: t.no, amount: x.e.amount, bonus: x.bonus, balance: x.balance, bonusBalance: x.bonusBalance },
      });
      answers.push({ topUpId: t.id, topUpNo: t.no, balance: x.balance, bonusBalance: x.bonusBalance });
    } else {
      const { id: consumeId, billNo } = billed.get(x)!;
      const drawn = new Set<number>();
      for (const y of x.lines) {
        items.push({
          at: x.e.at,
          storeId: x.s.id,
          itemKind: y.it.kind,
          itemId: y.it.id,
          quantity: y.l.quantity,
          amount: y.amount,
        });
        if (!y.c) continue;
        const row: LedgerRow = {
          memberCardId: y.c.id,
          memberId: x.m.id,
          kind: 'consume',
          amount: y.draw?.amount ?? 0,
          bonusAmount: y.draw?.bonus ?? 0,
          balanceAfter: y.draw?.balanceAfter ?? null,
          bonusAfter: y.draw?.bonusAfter ?? null,
          projectId: y.sessions !== null ? y.it.id : null,
          sessions: y.sessions !== null ? -y.sessions : null,
          sessionsAfter: y.sessionsAfter,
          refType: 'member_consume',
          refId: consumeId,
          seq: y.l.line ?? y.i + 1,
          storeId: x.s.id,
          createdBy: x.e.userId,
          at: x.e.at,
        };
        ledger.push(row);
        draws.push({
          at: row.at,
          storeId: row.storeId,
          cardId: y.c.cardId,
          cardKind: y.c.kind,
          sessions: -(row.sessions ?? 0),
          amount: -((row.amount ?? 0) + (row.bonusAmount ?? 0)),
        });
        change(row, y.c, !drawn.has(y.c.id));
        drawn.add(y.c.id);
      }
      ops.push({
        userId: x.e.userId,
        action: 'member.consume',
        target: `member_consume:${consumeId}`,
        after: {
          billNo,
          member: x.m.name,
          store: x.s.name,
          total: x.total,
          paidByCard: x.paidByCard,
          lines: x.lines.map((y) => ({
            item: y.it.name,
            quantity: y.l.quantity,
            amount: y.amount,
            card: y.c?.cardNo ?? null,
            sessions: y.sessions,
            cardAmount: y.cardAmount,
          })),
        },
      });
      const byCard = new Map<number, { memberCardId: number; kind: string; amount: number }>();
      const left = new Map<number, NonNullable<ConsumedBill['cardsLeft']>[number]>();
      for (const y of x.lines) {
        if (!y.c) continue;
        const d = byCard.get(y.c.id) ?? { memberCardId: y.c.id, kind: y.c.kind, amount: 0 };
        d.amount += y.cardAmount;
        byCard.set(y.c.id, d);
        const was = left.get(y.c.id);
        left.set(y.c.id, {
          memberCardId: y.c.id,
          cardNo: y.c.cardNo,
          // A 储值卡 line's draw says what it left; a 套餐卡's balances do not move.
          balance: y.draw ? y.draw.balanceAfter : (was?.balance ?? y.c.balance),
          bonusBalance: y.draw ? y.draw.bonusAfter : (was?.bonusBalance ?? y.c.bonusBalance),
        });
      }
      const written: ConsumedBill = {
        consumeId,
        billNo,
        total: x.total,
        paidByCard: x.paidByCard,
        paidOther: x.total - x.paidByCard,
        cardDraws: [...byCard.values()].sort((a, b) => a.memberCardId - b.memberCardId),
        cardsLeft: [...left.values()].sort((a, b) => a.memberCardId - b.memberCardId),
        lines: x.lines.map((y) => ({ line: y.l.line ?? y.i + 1, amount: y.amount, cardAmount: y.cardAmount })),
      };
      answers.push(written);
      const alsoWrite = x.e.bill?.alsoWrite;
      if (alsoWrite) callers.push(() => alsoWrite(written));
    }
  }
  // The rows, and how they moved the cards and members holding value: worked out around them
  // unless they move none (Batch.movesNoHolding), when they go out with the statements below.
  const writeLedger = async () => {
    await inSlices(ledger, async (part) => {
      await tx.insert(cardLedger).values(part);
      return [];
    });
  };
  const unmoved = b.movesNoHolding(ledger);
  const holds = unmoved
    ? []
    : await holdChangesOf(
        tx,
        ledger.map((row) => row.memberId),
        writeLedger,
      );

  // The balances and sessions the records left, one UPDATE … FROM (VALUES …) each (cards locked).
  const changed = [...b.changedCards].sort((x, y) => x - y).map((id) => b.cards.get(id)!);
  const updateCards = () =>
    inSlices(changed, async (part) => {
      const values = valuesList(part.map((c) => sql`(${c.id}::int, ${c.balance}::int, ${c.bonusBalance}::int)`));
      await tx.execute(sql`update ${memberCard} set balance = v.balance, bonus_balance = v.bonus
        from (values ${values}) as v(id, balance, bonus) where ${memberCard.id} = v.id`);
      return [];
    });
  const updateSessions = () =>
    inSlices([...b.changedSessions].sort(), async (part) => {
      const values = valuesList(
        part.map((key) => {
          const [cardId, projectId] = key.split(':').map(Number);
          return sql`(${cardId}::int, ${projectId}::int, ${b.sessions.get(key)!}::int)`;
        }),
      );
      await tx.execute(sql`update ${memberCardSession} set remaining = v.remaining
        from (values ${values}) as v(card_id, project_id, remaining)
        where ${memberCardSession.memberCardId} = v.card_id and ${memberCardSession.projectId} = v.project_id`);
      return [];
    });
  // The rest depends on nothing but the rows written above: sent together, one round trip.
  await pipelined(
    () => (unmoved ? writeLedger() : Promise.resolve()),
    () =>
      inSlices(lineRows, async (part) => {
        await tx.insert(memberConsumeLine).values(part);
        return [];
      }),
    () =>
      inSlices(
        bills.flatMap((x) => x.takes.map((t) => ({ ...t, ref: billed.get(x)!.billNo }))),
        (part) => recordTrialUses(tx, part),
      ),
    () => addToRollups(tx, changes, holds, { draws, items }),
    updateCards,
    updateSessions,
    () =>
      inSlices(ops, async (part) => {
        await recordOperations(tx, part);
        return [];
      }),
    ...callers,
  );
  return answers;
};

/**
 * Writes many card records in the caller's transaction, in the order given (time order): each
 * is decided against what the records before it left, exactly as one call each would; a refused
 * record writes nothing (or is replaced, see `onRefused`) and the rest go on. Answers, per
 * record, what it wrote or why it was refused.
 */
export const applyLedger = async (
  tx: Tx,
  entries: readonly LedgerEntry[],
  options: LedgerOptions = {},
): Promise<LedgerResult[]> => {
  const b = new Batch(tx, options.refs ?? new LedgerRefs());
  await b.load(entries);
  const planned: (Planned | null)[] = [];
  const errors: (BizError | null)[] = [];
  const decide = async (entry: LedgerEntry, fallback: boolean): Promise<void> => {
    try {
      const x = await plan(b, entry);
      const key = entry.kind !== 'open' && entry.requestKey ? `${entry.kind}:${entry.requestKey}` : null;
      if (key !== null && x.kind !== 'same') b.keys.set(key, planned.length);
      planned.push(x);
      errors.push(null);
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      const instead = fallback ? options.onRefused?.(entry, e) : null;
      if (instead) {
        await b.load([instead]);
        return decide(instead, false);
      }
      planned.push(null);
      errors.push(e);
    }
  };
  for (const entry of entries) await decide(entry, true);
  const answers = await write(b, planned);
  return answers.map((value, i) => (value ? { ok: true, value } : { ok: false, error: errors[i]! }));
};

/** One record; throws its refusal. */
const applyOne = async (tx: Tx, entry: LedgerEntry, refs?: LedgerRefs): Promise<LedgerAnswer> => {
  const [result] = await applyLedger(tx, [entry], { refs });
  if (!result!.ok) throw result!.error;
  return result!.value;
};

/** 开卡 (see planOpen). */
export const openCard = async (tx: Tx, input: OpenCardInput, refs?: LedgerRefs): Promise<OpenedCard> =>
  (await applyOne(tx, { kind: 'open', ...input }, refs)) as OpenedCard;

/** 充值 (see planTopUp). */
export const topUp = async (tx: Tx, input: TopUpInput, refs?: LedgerRefs): Promise<ToppedUp> =>
  (await applyOne(tx, { kind: 'topUp', ...input }, refs)) as ToppedUp;

/** 消费 (see planBill); the refusal rolls nothing back because nothing was written. */
export const consume = async (tx: Tx, input: ConsumeInput, refs?: LedgerRefs): Promise<ConsumedBill> =>
  (await applyOne(tx, { kind: 'consume', ...input }, refs)) as ConsumedBill;

// ── 退款 and 调整 ─────────────────────────────────────────────────────────────

/** One card's change in a 退款 or 调整 record: signed money (储值卡) or signed sessions of a project (套餐卡). */
export interface CardEntry {
  memberCardId: number;
  /** Signed 分 of the principal and of the bonus (储值卡 only). */
  amount?: number;
  bonus?: number;
  /** 套餐卡 only: the project whose sessions move, and how many (signed). */
  projectId?: number;
  sessions?: number;
  /** The card the record named, when the entry goes to another in its place (refundCardsOf). */
  originCardId?: number;
}

export interface CardEntriesInput {
  /** The business record the rows belong to (a refund, a correction): one call per record, its rows seq 1… */
  refType: string;
  refId: number;
  /** Where it happens. */
  storeId: number;
  at: Date;
  userId: number | null;
  /** Why (the operation log keeps it; the record it belongs to keeps it too). */
  reason: string;
  entries: readonly CardEntry[];
}

export interface CardEntryRow {
  memberCardId: number;
  seq: number;
  amount: number;
  bonus: number;
  projectId: number | null;
  sessions: number | null;
  balanceAfter: number | null;
  bonusAfter: number | null;
  sessionsAfter: number | null;
}

export interface CardEntriesDone {
  /** False when the record's rows were written before (a retried call): nothing changed. */
  written: boolean;
  rows: CardEntryRow[];
}

const ledgerRowsOf = async (tx: Tx, refType: string, refId: number): Promise<CardEntryRow[]> =>
  (
    await tx
      .select({
        memberCardId: cardLedger.memberCardId,
        seq: cardLedger.seq,
        amount: cardLedger.amount,
        bonus: cardLedger.bonusAmount,
        projectId: cardLedger.projectId,
        sessions: cardLedger.sessions,
        balanceAfter: cardLedger.balanceAfter,
        bonusAfter: cardLedger.bonusAfter,
        sessionsAfter: cardLedger.sessionsAfter,
      })
      .from(cardLedger)
      .where(sql`${cardLedger.refType} = ${refType} and ${cardLedger.refId} = ${refId}`)
      .orderBy(asc(cardLedger.seq))
  ).map((r) => ({ ...r }));

const checkEntry = (e: CardEntry) => {
  const ints = [e.amount ?? 0, e.bonus ?? 0, e.sessions ?? 0];
  if (!Number.isInteger(e.memberCardId)) throw invalid('会员卡不存在');
  const money = (e.amount ?? 0) !== 0 || (e.bonus ?? 0) !== 0;
  const sessions = (e.sessions ?? 0) !== 0;
  if (money === sessions) throw invalid('每条变动须为储值卡的金额或套餐卡某项目的次数，且不能为 0');
  if (sessions && !e.projectId) throw invalid('套餐卡的次数变动须指明项目');
  for (const n of ints) {
    if (!Number.isInteger(n) || Math.abs(n) > MONEY_MAX) throw invalid('金额和次数须为整数且不超过上限');
  }
};

/**
 * Writes a record's card rows of one of the kinds bills do not write (LEDGER_OTHER_KINDS: 退款, 调整,
 * 迁出/迁入, 补卡转出/转入, 注销) in the caller's transaction: the cards
 * are locked in id order, each entry moves its card's principal and bonus (储值卡) or one
 * project's sessions (套餐卡), never below zero (MEMBER_OVERDRAW refuses the whole record, nothing
 * written), one ledger row each with seq 1… under the record's (refType, refId), the new
 * balances, the rollups and one operation-log row per card. A record whose rows exist already
 * answers them and changes nothing (a retry, or a second taker who waited for the first).
 */
export const writeLedgerEntries = async (
  tx: Tx,
  kind: LedgerOtherKind,
  input: CardEntriesInput,
): Promise<CardEntriesDone> => {
  for (const e of input.entries) checkEntry(e);
  if (kind === 'adjust' && !input.reason.trim()) throw invalid('请填写调整原因');
  const ids = [...new Set(input.entries.map((e) => e.memberCardId))].sort((a, b) => a - b);
  const cards = new Map<number, HeldCard>();
  const sessions = new Map<string, number>();
  if (ids.length) {
    const locked = await lockCards(tx, ids);
    for (const r of locked.rows) cards.set(r.id, r);
    for (const r of locked.sessions) sessions.set(`${r.memberCardId}:${r.projectId}`, r.remaining);
  }
  // After the lock: a taker who waited sees the rows the first one wrote.
  const before = await ledgerRowsOf(tx, input.refType, input.refId);
  if (before.length) return { written: false, rows: before };
  if (input.entries.length === 0) return { written: true, rows: [] };
  const [s] = await tx.select({ id: store.id, name: store.name }).from(store).where(eq(store.id, input.storeId));
  if (!s) throw invalid('门店不存在或已被删除');
  const changedSessions = new Set<string>();
  const changedCards = new Set<number>();
  const ledger: LedgerRow[] = [];
  const changes: RollupChange[] = [];
  const out: CardEntryRow[] = [];
  for (const [i, e] of input.entries.entries()) {
    const c = cards.get(e.memberCardId);
    if (!c) throw invalid('会员卡不存在');
    const label = `（${c.cardNo}）`;
    // 已补卡 / 已注销 (memberAssets cardClosure.ts) are final: nothing more comes onto or off them.
    if (c.status === 'closed' || c.status === 'cancelled') {
      throw new BizError(
        ERR.CARD_HANDLING_STATE,
        `会员卡${label}${c.status === 'closed' ? '已补卡' : '已注销'}，不能再记入流水`,
      );
    }
    let row: CardEntryRow;
    if (c.kind === 'stored') {
      if (e.sessions) throw invalid(`会员卡${label}是储值卡，没有次数`);
      const amount = e.amount ?? 0;
      const bonus = e.bonus ?? 0;
      const balance = (c.balance ?? 0) + amount;
      const bonusBalance = (c.bonusBalance ?? 0) + bonus;
      if (balance < 0 || bonusBalance < 0) {
        throw new BizError(
          ERR.MEMBER_OVERDRAW,
          `会员卡${label}余额不足：本金 ${formatYuan(c.balance ?? 0)} 元、赠送 ${formatYuan(c.bonusBalance ?? 0)} 元，不够扣减`,
        );
      }
      if (balance > MONEY_MAX || bonusBalance > MONEY_MAX) throw invalid(`会员卡${label}余额超出上限`);
      c.balance = balance;
      c.bonusBalance = bonusBalance;
      changedCards.add(c.id);
      row = {
        memberCardId: c.id,
        seq: i + 1,
        amount,
        bonus,
        projectId: null,
        sessions: null,
        balanceAfter: balance,
        bonusAfter: bonusBalance,
        sessionsAfter: null,
      };
    } else {
      if (e.amount || e.bonus) throw invalid(`会员卡${label}是套餐卡，没有余额`);
      const key = `${c.id}:${e.projectId}`;
      const left = sessions.get(key);
      if (left === undefined) throw new BizError(ERR.MEMBER_CARD_WRONG_ITEM, `套餐卡${label}不包含该项目`);
      const after = left + e.sessions!;
      if (after < 0) {
        throw new BizError(ERR.MEMBER_OVERDRAW, `套餐卡${label}该项目剩余 ${left} 次，不够扣减 ${-e.sessions!} 次`);
      }
      sessions.set(key, after);
      changedSessions.add(key);
      row = {
        memberCardId: c.id,
        seq: i + 1,
        amount: 0,
        bonus: 0,
        projectId: e.projectId!,
        sessions: e.sessions!,
        balanceAfter: null,
        bonusAfter: null,
        sessionsAfter: after,
      };
    }
    out.push(row);
    ledger.push({
      memberCardId: c.id,
      memberId: c.memberId,
      kind,
      amount: row.amount,
      bonusAmount: row.bonus,
      balanceAfter: row.balanceAfter,
      bonusAfter: row.bonusAfter,
      projectId: row.projectId,
      sessions: row.sessions,
      sessionsAfter: row.sessionsAfter,
      refType: input.refType,
      refId: input.refId,
      seq: row.seq,
      storeId: s.id,
      originCardId: e.originCardId ?? null,
      createdBy: input.userId,
      at: input.at,
    });
    changes.push({
      at: input.at,
      storeId: c.storeId,
      cardId: c.cardId,
      cardKind: c.kind,
      kind,
      first: !out.slice(0, -1).some((r) => r.memberCardId === c.id),
      amount: row.amount,
      bonus: row.bonus,
      sessions: row.sessions ?? 0,
      paid: 0,
    });
  }
  // The rows, and how they moved the cards and members holding value (as applyLedger's writer).
  const holds = await holdChangesOf(
    tx,
    ledger.map((row) => row.memberId),
    async () => {
      await tx.insert(cardLedger).values(ledger);
    },
  );
  await addToRollups(tx, changes, holds);
  for (const id of changedCards) {
    const c = cards.get(id)!;
    await tx.update(memberCard).set({ balance: c.balance, bonusBalance: c.bonusBalance }).where(eq(memberCard.id, id));
  }
  for (const key of [...changedSessions].sort()) {
    const [cardId, projectId] = key.split(':').map(Number);
    await tx
      .update(memberCardSession)
      .set({ remaining: sessions.get(key)! })
      .where(sql`${memberCardSession.memberCardId} = ${cardId} and ${memberCardSession.projectId} = ${projectId}`);
  }
  const ops: Operation[] = ids
    .filter((id) => out.some((r) => r.memberCardId === id))
    .map((id) => {
      const c = cards.get(id)!;
      const mine = out.filter((r) => r.memberCardId === id);
      return {
        userId: input.userId,
        action: kind === 'refund' ? 'memberCard.refund' : 'memberCard.adjust',
        target: `member_card:${id}`,
        after: {
          cardNo: c.cardNo,
          store: s.name,
          ref: `${input.refType}:${input.refId}`,
          reason: input.reason,
          ...(c.kind === 'stored'
            ? {
                amount: mine.reduce((n, r) => n + r.amount, 0),
                bonus: mine.reduce((n, r) => n + r.bonus, 0),
                balance: c.balance,
                bonusBalance: c.bonusBalance,
              }
            : { sessions: mine.map((r) => ({ projectId: r.projectId, sessions: r.sessions })) }),
        },
      };
    });
  await recordOperations(tx, ops);
  return { written: true, rows: out };
};

/**
 * 退款: value given back to cards (a refunded bill line's draw: positive) or taken off them (a
 * card's value refunded in cash: negative), under the refund record's reference.
 */
export const refundToCards = (tx: Tx, input: CardEntriesInput): Promise<CardEntriesDone> =>
  writeLedgerEntries(tx, 'refund', input);

/** 调整: a signed correction of cards with its reason (冲正 …), under the correcting record's reference. */
export const adjustCards = (tx: Tx, input: CardEntriesInput): Promise<CardEntriesDone> =>
  writeLedgerEntries(tx, 'adjust', input);

// ── A bill's refunds and reversal ─────────────────────────────────────────────

/** The part of a cumulative amount `upTo` that falls within the first `cap`: what a refund of a draw gives back first. */
const within = (upTo: number, cap: number) => Math.min(Math.max(upTo, 0), cap);
/** `whole × part / of`, rounded down (0 when `of` is 0). */
const share = (whole: number, part: number, of: number) => (of <= 0 ? 0 : Math.floor((whole * part) / of));

export interface BillRefundLine {
  /** The bill line's number (member_consume_line.line). */
  line: number;
  /** 分 of the line refunded now (> 0, or 0 with sessions on a 套餐卡 line priced 0). */
  amount: number;
  /** A line a 套餐卡 paid: the sessions given back (1 … what is left of them). */
  sessions?: number;
}

export interface BillRefundInput {
  consumeId: number;
  lines: readonly BillRefundLine[];
  /** 分 refunded of the bill besides its lines (e.g. an overpayment), through its payments. */
  extra?: number;
  /** The refund record. */
  refType: string;
  refId: number;
  at: Date;
  userId: number | null;
  reason: string;
}

export interface BillRefundDone {
  written: boolean;
  /** 分 in all (lines + extra). */
  amount: number;
  /** 分 of the lines whose draw went back to their cards. */
  toCards: number;
  /** 分 the store pays back outside (cash, WeChat …): the lines no card paid, top-ups and card sales, extra. */
  outside: number;
  rows: CardEntryRow[];
}

/** The refusal of a refund past what is left. */
const exceeds = (msg: string) => new BizError(ERR.REFUND_EXCEEDS, msg);

type BillLineRow = typeof memberConsumeLine.$inferSelect;

/** A bill's reversal's reference: a bill's draws are reversed once. */
export const BILL_REVERSAL_REF = 'member_consume_reverse';

/**
 * What a bill's card lines drew, per line: the consume ledger row of the line (principal and
 * bonus of a 储值卡 draw, as negative amounts).
 */
const drawsOf = async (tx: Tx, consumeId: number) =>
  new Map(
    (
      await tx
        .select({
          seq: cardLedger.seq,
          memberCardId: cardLedger.memberCardId,
          amount: cardLedger.amount,
          bonus: cardLedger.bonusAmount,
        })
        .from(cardLedger)
        .where(
          sql`${cardLedger.refType} = 'member_consume' and ${cardLedger.refId} = ${consumeId} and ${cardLedger.kind} = 'consume'`,
        )
    ).map((r) => [`${r.seq}:${r.memberCardId}`, r]),
  );

/** Principal and bonus a 储值卡 line drew: from its ledger row, else all from the principal. */
const drawOf = (draws: Awaited<ReturnType<typeof drawsOf>>, l: BillLineRow) => {
  const d = draws.get(`${l.line}:${l.memberCardId}`);
  return d ? { principal: -d.amount, bonus: -d.bonus } : { principal: l.cardAmount, bonus: 0 };
};

/**
 * Where value given back to (or taken off) a bill's cards goes: each card itself while open, or —
 * once reissued (补卡: 已补卡, its value moved to the card naming it as predecessor_id) — the open
 * card at the end of that chain, the entry naming the card the bill drew (originCardId; a 套餐卡's
 * project row added to the new card, 0 left, when the 补卡 did not carry it). A card 注销 — drawn
 * directly or at the chain's end — takes nothing back: its remainder was settled by the 注销
 * (REFUND_CARD_CANCELLED, nothing written).
 */
export const refundCardsOf = async (
  tx: Tx,
  entries: readonly CardEntry[],
  /** What gives the value back, as the refusal names it. */
  what: '退款' | '冲正' = '退款',
): Promise<CardEntry[]> => {
  const to = new Map<number, number>();
  for (const id of new Set(entries.map((e) => e.memberCardId))) to.set(id, await openCardOf(tx, id, what));
  const out: CardEntry[] = [];
  for (const e of entries) {
    const target = to.get(e.memberCardId)!;
    if (target === e.memberCardId) {
      out.push(e);
      continue;
    }
    if (e.projectId !== undefined) {
      await tx.execute(sql`insert into ${memberCardSession} (member_card_id, project_id, total, remaining)
        select ${target}::int, project_id, total, 0 from ${memberCardSession}
         where member_card_id = ${e.memberCardId} and project_id = ${e.projectId}
        on conflict do nothing`);
    }
    out.push({ ...e, memberCardId: target, originCardId: e.memberCardId });
  }
  return out;
};

/** The open card of a card's 补卡 chain (the card itself when it was never reissued); see refundCardsOf. */
export const openCardOf = async (tx: Tx, memberCardId: number, what: '退款' | '冲正' = '退款'): Promise<number> => {
  const chain = rowsOf<{ id: number; card_no: string; status: string }>(
    await tx.execute(sql`with recursive chain as (
        select id, card_no, status, 0 as depth from ${memberCard} where id = ${memberCardId}
        union all
        select c.id, c.card_no, c.status, chain.depth + 1 from ${memberCard} c
          join chain on c.predecessor_id = chain.id and chain.status = 'closed')
      select id, card_no, status from chain order by depth, id`),
  );
  const first = chain[0];
  if (!first) throw invalid('会员卡不存在');
  const last = chain[chain.length - 1]!;
  const via = last.id === first.id ? '' : `已补卡为（${last.card_no}），新卡`;
  if (last.status === 'cancelled') {
    throw new BizError(
      ERR.REFUND_CARD_CANCELLED,
      `会员卡（${first.card_no}）${via}已注销，余额已在注销时结清，${what}不能再退回到卡上`,
    );
  }
  if (last.status === 'closed')
    throw new BizError(ERR.CARD_HANDLING_STATE, `会员卡（${first.card_no}）已补卡，新卡未找到`);
  return last.id;
};

/** Locks the bill and answers it with its lines; refuses a closed or reversed bill. */
const lockBill = async (tx: Tx, consumeId: number) => {
  const [bill] = await tx.select().from(memberConsume).where(eq(memberConsume.id, consumeId)).for('update');
  if (!bill) throw new BizError(ERR.RECORD_NOT_FOUND, '收银单不存在');
  const lines = await tx
    .select()
    .from(memberConsumeLine)
    .where(eq(memberConsumeLine.consumeId, consumeId))
    .orderBy(asc(memberConsumeLine.line));
  return { bill, lines };
};

const isReversed = async (tx: Tx, consumeId: number) =>
  (
    await tx
      .select({ id: cardLedger.id })
      .from(cardLedger)
      .where(sql`${cardLedger.refType} = ${BILL_REVERSAL_REF} and ${cardLedger.refId} = ${consumeId}`)
      .limit(1)
  ).length > 0;

/**
 * 退款 of a bill's lines, in the caller's transaction: the bill is locked; each line gives back
 * at most what is left of it (amount − refunded, and sessions − refunded sessions) — else
 * REFUND_EXCEEDS and nothing is written; a closed bill, or one whose draws were reversed, is
 * refused (STATE_CHANGED). A line a card paid goes back to its card as drawn: 储值卡 principal
 * first then bonus (cumulatively, so partial refunds add up to the draw), 套餐卡 sessions. A top-up
 * line or a 储值卡 sale line takes its share of the value it put on the card off the card again
 * (the store pays the money back outside); other lines and `extra` are paid back outside. The
 * lines' and the bill's `refunded` grow; the ledger rows are written under (refType, refId). A
 * refund record whose card rows exist answers them (`written` false) and changes nothing; a
 * record that moves no card is the caller's to run once (its state step, e.g. REFUND_FLOW's 执行).
 */
export const refundBillLines = async (tx: Tx, input: BillRefundInput): Promise<BillRefundDone> => {
  const extra = input.extra ?? 0;
  assertMoney(extra, '退款金额');
  const { bill, lines } = await lockBill(tx, input.consumeId);
  const done = await ledgerRowsOf(tx, input.refType, input.refId);
  if (done.length) return { written: false, amount: 0, toCards: 0, outside: 0, rows: done };
  if (bill.status !== 'completed' || (await isReversed(tx, bill.id))) {
    throw new BizError(ERR.STATE_CHANGED, `收银单${bill.billNo}已关单或已冲正，不能退款`);
  }
  const draws = await drawsOf(tx, bill.id);
  const byNo = new Map(lines.map((l) => [l.line, l]));
  const seen = new Set<number>();
  const entries: CardEntry[] = [];
  let toCards = 0;
  let outside = extra;
  const lineUpdates: { id: number; amount: number; sessions: number }[] = [];
  for (const r of input.lines) {
    const l = byNo.get(r.line);
    if (!l) throw new BizError(ERR.REFUND_INVALID, `收银单没有第 ${r.line} 行`);
    if (seen.has(r.line)) throw new BizError(ERR.REFUND_INVALID, `第 ${r.line} 行重复`);
    seen.add(r.line);
    assertMoney(r.amount, '退款金额');
    const left = l.amount - l.refunded;
    if (r.amount > left) {
      throw exceeds(`第 ${r.line} 行最多还可退 ${formatYuan(left)} 元，不能退 ${formatYuan(r.amount)} 元`);
    }
    const sessions = r.sessions ?? 0;
    if (!Number.isInteger(sessions) || sessions < 0) throw new BizError(ERR.REFUND_INVALID, '退回次数须为整数');
    if (l.sessions !== null && l.memberCardId !== null) {
      const sessionsLeft = l.sessions - l.refundedSessions;
      if (sessions > sessionsLeft) throw exceeds(`第 ${r.line} 行最多还可退 ${sessionsLeft} 次`);
      if (sessions === 0) throw new BizError(ERR.REFUND_INVALID, `第 ${r.line} 行是套餐卡划次，请填写退回次数`);
    } else if (sessions > 0) {
      throw new BizError(ERR.REFUND_INVALID, `第 ${r.line} 行不是套餐卡划次，不能退次数`);
    }
    if (r.amount === 0 && sessions === 0) throw new BizError(ERR.REFUND_INVALID, `第 ${r.line} 行退款金额须大于 0`);
    lineUpdates.push({ id: l.id, amount: r.amount, sessions });
    if (l.memberCardId !== null && l.sessions !== null) {
      // A 套餐卡 draw: the sessions go back.
      entries.push({ memberCardId: l.memberCardId, projectId: l.projectId!, sessions });
      toCards += r.amount;
    } else if (l.memberCardId !== null && (l.itemKind === 'project' || l.itemKind === 'product') && l.cardAmount > 0) {
      // A 储值卡 draw: principal first, then bonus, as the line drew them.
      const { principal } = drawOf(draws, l);
      const from = within(l.refunded, l.cardAmount);
      const to = within(l.refunded + r.amount, l.cardAmount);
      const p = within(to, principal) - within(from, principal);
      const b = to - from - p;
      if (p || b) entries.push({ memberCardId: l.memberCardId, amount: p, bonus: b });
      toCards += to - from;
      outside += r.amount - (to - from);
    } else if (l.itemKind === 'topUp' || l.itemKind === 'cardSale') {
      // Value put on a card by the bill: its share comes off the card; the money goes back outside.
      const put = await valuePutBy(tx, l);
      if (put) {
        const p = share(put.principal, l.refunded + r.amount, l.amount) - share(put.principal, l.refunded, l.amount);
        const b = share(put.bonus, l.refunded + r.amount, l.amount) - share(put.bonus, l.refunded, l.amount);
        if (p || b) entries.push({ memberCardId: put.memberCardId, amount: -p, bonus: -b });
      }
      outside += r.amount;
    } else {
      outside += r.amount;
    }
  }
  const amount = input.lines.reduce((n, r) => n + r.amount, 0) + extra;
  if (amount <= 0 && input.lines.every((r) => !r.sessions)) throw new BizError(ERR.REFUND_INVALID, '退款金额须大于 0');
  if (bill.refunded + amount > bill.total) {
    throw exceeds(
      `收银单${bill.billNo}最多还可退 ${formatYuan(bill.total - bill.refunded)} 元，不能退 ${formatYuan(amount)} 元`,
    );
  }
  const written = await refundToCards(tx, {
    refType: input.refType,
    refId: input.refId,
    storeId: bill.storeId,
    at: input.at,
    userId: input.userId,
    reason: input.reason,
    entries: await refundCardsOf(tx, entries),
  });
  // The staff reports' rollups count shares net of their lines' refunds: the bill's shares come
  // off as they were and go back as they are after the refund (deltas, one bill's few rows).
  const billShares = sql`c.id = ${bill.id}`;
  if (lineUpdates.length > 0) await addStaffShareDelta(tx, billShares, -1);
  for (const u of lineUpdates) {
    await tx
      .update(memberConsumeLine)
      .set({
        refunded: sql`${memberConsumeLine.refunded} + ${u.amount}`,
        refundedSessions: sql`${memberConsumeLine.refundedSessions} + ${u.sessions}`,
      })
      .where(eq(memberConsumeLine.id, u.id));
  }
  if (lineUpdates.length > 0) await addStaffShareDelta(tx, billShares, 1);
  await tx
    .update(memberConsume)
    .set({ refunded: sql`${memberConsume.refunded} + ${amount}` })
    .where(eq(memberConsume.id, bill.id));
  return { written: true, amount, toCards, outside, rows: written.rows };
};

/** What a top-up or a 储值卡 sale line put on its card (principal, bonus); null for a 套餐卡 sale. */
const valuePutBy = async (
  tx: Tx,
  l: BillLineRow,
): Promise<{ memberCardId: number; principal: number; bonus: number } | null> => {
  if (l.memberCardId === null) return null;
  if (l.itemKind === 'topUp' && l.topUpId !== null) {
    const [t] = await tx
      .select({ amount: cardTopUp.amount, bonus: cardTopUp.bonus })
      .from(cardTopUp)
      .where(eq(cardTopUp.id, l.topUpId));
    return t ? { memberCardId: l.memberCardId, principal: t.amount, bonus: t.bonus } : null;
  }
  const [open] = await tx
    .select({ amount: cardLedger.amount, bonus: cardLedger.bonusAmount, kind: memberCard.kind })
    .from(cardLedger)
    .innerJoin(memberCard, eq(memberCard.id, cardLedger.memberCardId))
    .where(sql`${cardLedger.memberCardId} = ${l.memberCardId} and ${cardLedger.kind} = 'open'`)
    .limit(1);
  if (open?.kind !== 'stored') {
    throw new BizError(ERR.REFUND_INVALID, `第 ${l.line} 行售出的是套餐卡，请按退卡处理，不能在收银单上退款`);
  }
  return { memberCardId: l.memberCardId, principal: open.amount, bonus: open.bonus };
};

export interface ReverseBillInput {
  reason: string;
  userId: number | null;
  at?: Date;
}

/**
 * 冲正 of a bill's card draws (关单, an abnormal bill's correction), in the caller's transaction:
 * every card line's draw, less what refunds gave back already, goes back to its card as ledger
 * 调整 rows under ('member_consume_reverse', bill id) — a bill's draws are reversed once; a second
 * call answers the first's rows (`written` false). A card since reissued (补卡) takes its draw back
 * on the open card of its chain, the row naming the card drawn; a card 注销 refuses the whole
 * reversal (refundCardsOf). The bill is locked; its state is the
 * caller's (runStep of BILL_FLOW's close). Top-ups and card sales on the bill are not draws and
 * stay as they are.
 */
export const reverseBillDraws = async (
  tx: Tx,
  consumeId: number,
  input: ReverseBillInput,
): Promise<CardEntriesDone> => {
  const { bill, lines } = await lockBill(tx, consumeId);
  const draws = await drawsOf(tx, consumeId);
  const entries: CardEntry[] = [];
  for (const l of lines) {
    if (l.memberCardId === null || (l.itemKind !== 'project' && l.itemKind !== 'product')) continue;
    if (l.sessions !== null) {
      const back = l.sessions - l.refundedSessions;
      if (back > 0) entries.push({ memberCardId: l.memberCardId, projectId: l.projectId!, sessions: back });
    } else if (l.cardAmount > 0) {
      const { principal, bonus } = drawOf(draws, l);
      const returned = within(l.refunded, l.cardAmount);
      const p = principal - within(returned, principal);
      const b = bonus - (returned - within(returned, principal));
      if (p || b) entries.push({ memberCardId: l.memberCardId, amount: p, bonus: b });
    }
  }
  return adjustCards(tx, {
    refType: BILL_REVERSAL_REF,
    refId: consumeId,
    storeId: bill.storeId,
    at: input.at ?? new Date(),
    userId: input.userId,
    reason: input.reason,
    // As a refund's: onto the open card of a 补卡 chain, never onto a card 注销.
    entries: await refundCardsOf(tx, entries, '冲正'),
  });
};

// ── A successor card (闭店迁移, modules/memberMoves) ─────────────────────────────

/**
 * Opens an EMPTY card of the same product, kind, expiry and status as `from`, for the same member,
 * at `storeId` (a 套餐卡 with the same session rows, 0 left): the card a move's 迁入 rows then fill
 * through `writeLedgerEntries`, so its value comes from ledger rows only. `paid` 0: nothing was sold.
 */
export const openSuccessorCard = async (
  tx: Tx,
  from: number,
  storeId: number,
  at: Date,
  userId: number | null,
  /**
   * 补卡 (memberAssets cardClosure.ts): the new card of a lost one — 正常 (a loss's 冻结 ends with it),
   * naming its predecessor, with only the session rows that hold sessions (each one its ledger fills).
   */
  reissue = false,
  /** The new card's printed number (补卡); none: the system number. */
  cardNo?: string | null,
): Promise<{ id: number; cardNo: string }> => {
  const [c] = await tx.select().from(memberCard).where(eq(memberCard.id, from));
  if (!c) throw invalid('会员卡不存在');
  const [next] = await tx
    .insert(memberCard)
    .values({
      memberId: c.memberId,
      cardId: c.cardId,
      kind: c.kind,
      storeId,
      openedAt: at,
      expiresAt: c.expiresAt,
      status: reissue ? 'active' : c.status,
      predecessorId: reissue ? c.id : null,
      ...(cardNo ? { cardNo } : {}),
      paid: 0,
      balance: c.kind === 'stored' ? 0 : null,
      bonusBalance: c.kind === 'stored' ? 0 : null,
      createdBy: userId,
    })
    .returning({ id: memberCard.id, cardNo: memberCard.cardNo });
  const rows = (await tx.select().from(memberCardSession).where(eq(memberCardSession.memberCardId, from))).filter(
    (x) => !reissue || x.remaining > 0,
  );
  if (rows.length) {
    await tx
      .insert(memberCardSession)
      .values(rows.map((x) => ({ memberCardId: next!.id, projectId: x.projectId, total: x.total, remaining: 0 })));
  }
  return next!;
};
