/**
 * The large scale's members (seed/scale.ts `bulkMembers`): members, their cards, top-ups, bills
 * with their lines and the card ledger over the history window, streamed into COPY a block of
 * members at a time (memory holds one block's rows, never the whole history).
 *
 * The rows are what the ledger's writers (modules/members/ledger.ts) would have written for the
 * same events, decided by the same rules: a 储值卡 opens with its product's amount and bonus and
 * pays a project at its 关联项目 price and a product at its retail price, principal first, then
 * bonus, never past what it holds; a 套餐卡 holds its products' sessions per project and pays one
 * session of a project it still holds at the project's price; a card draws nothing once expired
 * or frozen, nor at a store its product's 适用门店 or the cross-level rule refuses (the line is
 * then paid otherwise); a frozen member does nothing after the freeze. Each ledger row carries
 * the balance or sessions after it, the business record it belongs to (ref_type, ref_id, seq:
 * ('member_card', id) at 开卡, ('card_top_up', id), ('member_consume', id) with the line number)
 * and the store where it happened; each card's balances and sessions are its last row's.
 * seed/memberHistory.test.ts proves those invariants with SQL on both databases.
 *
 * The planner is a pure function of a seeded PRNG and the world it is given, member by member
 * (each member's events in time order, so a card's ledger ids follow time); ids are handed out
 * by the planner. Across members ids are in the members' order, not in time order.
 *
 * Loading: the member tables' secondary indexes, unique and foreign-key constraints are dropped
 * (their triggers disabled) before the COPY and rebuilt after it (one sort per index and one join per foreign key is much
 * cheaper than maintaining them row by row); primary keys and check constraints stay, so every
 * row is still checked as it goes in.
 */
import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbHandle, Tx } from '../db/client';
import { projectPricesOnCards } from '../modules/goods/associatedProjects';
import { crossLevelPairs, mayDrawBetween } from '../modules/goods/crossLevel';
import { card, cardProject, cardProjectDiscount, product, project, trialLimit } from '../modules/goods/schema';
import {
  cardLedger,
  cardTopUp,
  member,
  memberCard,
  memberCardSession,
  memberConsume,
  memberConsumeLine,
} from '../modules/members/schema';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { GIVEN, memberLookups, PHONE_PREFIXES, SURNAMES } from './members';
import { prng } from './stores';

type Rng = ReturnType<typeof prng>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;
const SURNAME_LIST = [...SURNAMES];

/** The member tables, in the order a block's rows are loaded. */
const TABLE_NAMES = [
  'member',
  'member_card',
  'member_card_session',
  'card_top_up',
  'member_consume',
  'member_consume_line',
  'card_ledger',
] as const;

// ── The world the planner reads ──────────────────────────────────────────────

export interface HistoryStore {
  id: number;
  regionId: number;
  levelId: number | null;
  /** Beijing midnight of the opening day, as an instant (0: long open). */
  openedAt: number;
}

export interface HistoryCard {
  id: number;
  kind: 'combo' | 'stored';
  price: number;
  validityDays: number;
  amount: number;
  bonus: number;
  usableScope: string;
  storeLevelIds: number[];
  /** 套餐卡: every project it holds with its sessions (what 开卡 writes). */
  sessions: { projectId: number; sessions: number }[];
  /** What a draw may take: 套餐卡 its non-trial projects; 储值卡 its 关联项目 (non-trial) with the price on the card. */
  draws: { projectId: number; price: number }[];
}

export interface HistoryWorld {
  stores: HistoryStore[];
  staffOf: Map<number, number[]>;
  cards: HistoryCard[];
  /** Non-trial projects on sale (walk-in visits) and products on sale, with their prices. */
  projects: { id: number; price: number }[];
  products: { id: number; price: number }[];
  /** Cross-level draw pairs (sold level → draw level). */
  crossLevel: { soldLevelId: number; drawLevelId: number }[];
  genders: number[];
  levels: number[];
  sources: number[];
}

const beijingMidnight = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

export const loadHistoryWorld = async (tx: Tx): Promise<HistoryWorld> => {
  const stores = (
    await tx
      .select({ id: store.id, regionId: store.regionId, levelId: store.levelId, openDate: store.openDate })
      .from(store)
      .where(eq(store.status, 'open'))
      .orderBy(asc(store.id))
  ).map((s) => ({
    id: s.id,
    regionId: s.regionId,
    levelId: s.levelId,
    openedAt: s.openDate ? beijingMidnight(s.openDate) : 0,
  }));
  const staffOf = new Map<number, number[]>();
  for (const s of await tx
    .select({ id: staff.id, storeId: staff.storeId })
    .from(staff)
    .where(ne(staff.status, 'left'))
    .orderBy(asc(staff.id))) {
    const list = staffOf.get(s.storeId);
    if (list) list.push(s.id);
    else staffOf.set(s.storeId, [s.id]);
  }
  const trials = new Set(
    (await tx.select({ id: trialLimit.projectId }).from(trialLimit).where(eq(trialLimit.enabled, true))).map(
      (r) => r.id,
    ),
  );
  const projects = (
    await tx
      .select({ id: project.id, price: project.price })
      .from(project)
      .where(eq(project.status, 'on'))
      .orderBy(asc(project.id))
  ).filter((p) => !trials.has(p.id));
  const price = new Map(projects.map((p) => [p.id, p.price]));
  const allPrices = new Map(
    (await tx.select({ id: project.id, price: project.price }).from(project)).map((p) => [p.id, p.price]),
  );
  const products = await tx
    .select({ id: product.id, price: product.retailPrice })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.id));
  const cardRows = await tx
    .select({
      id: card.id,
      kind: card.kind,
      price: card.price,
      validityDays: card.validityDays,
      amount: card.amount,
      bonus: card.bonus,
      usableScope: card.usableScope,
      storeLevelIds: card.storeLevelIds,
    })
    .from(card)
    .where(eq(card.status, 'on'))
    .orderBy(asc(card.id));
  const ids = cardRows.map((c) => c.id);
  const comboRows = ids.length
    ? await tx
        .select({ cardId: cardProject.cardId, projectId: cardProject.projectId, sessions: cardProject.sessions })
        .from(cardProject)
        .where(inArray(cardProject.cardId, ids))
        .orderBy(asc(cardProject.cardId), asc(cardProject.line))
    : [];
  const storedIds = cardRows.filter((c) => c.kind === 'stored').map((c) => c.id);
  const onCards = await projectPricesOnCards(tx, storedIds);
  const related = storedIds.length
    ? await tx
        .select({ cardId: cardProjectDiscount.cardId, projectId: cardProjectDiscount.projectId })
        .from(cardProjectDiscount)
        .where(inArray(cardProjectDiscount.cardId, storedIds))
        .orderBy(asc(cardProjectDiscount.id))
    : [];
  const cards: HistoryCard[] = [];
  for (const c of cardRows) {
    const sessions = comboRows.filter((r) => r.cardId === c.id).map((r) => ({ ...r }));
    const draws =
      c.kind === 'combo'
        ? sessions
            .filter((s) => !trials.has(s.projectId) && allPrices.has(s.projectId))
            .map((s) => ({ projectId: s.projectId, price: allPrices.get(s.projectId)! }))
        : related
            .filter((r) => r.cardId === c.id && !trials.has(r.projectId) && price.has(r.projectId))
            .flatMap((r) => {
              const p = onCards.get(c.id)?.get(r.projectId);
              return p === undefined ? [] : [{ projectId: r.projectId, price: p }];
            });
    // Only cards a member can use: a 套餐卡 with a project to draw, a 储值卡 with 关联项目.
    if (draws.length === 0) continue;
    cards.push({
      id: c.id,
      kind: c.kind === 'stored' ? 'stored' : 'combo',
      price: c.price,
      validityDays: c.validityDays,
      amount: c.amount ?? 0,
      bonus: c.bonus ?? 0,
      usableScope: c.usableScope,
      storeLevelIds: c.storeLevelIds,
      sessions: sessions.map((s) => ({ projectId: s.projectId, sessions: s.sessions })),
      draws,
    });
  }
  return {
    stores,
    staffOf,
    cards,
    projects,
    products,
    crossLevel: await crossLevelPairs(tx),
    ...(await memberLookups(tx)),
  };
};

// ── The planner ──────────────────────────────────────────────────────────────
//
// Rows are plain objects of one shape per table, times as instants (ms): tens of millions of
// them pass through here, so they carry no Date and no optional keys.

export interface MemberRow {
  id: number;
  name: string;
  phone: string;
  genderId: number | null;
  levelId: number | null;
  sourceId: number | null;
  birthday: string;
  storeId: number;
  joinedAt: number;
  status: 'normal' | 'frozen';
  updatedAt: number;
}

export interface CardRow {
  id: number;
  memberId: number;
  cardId: number;
  kind: 'combo' | 'stored';
  storeId: number;
  openedAt: number;
  expiresAt: number;
  status: 'active' | 'frozen';
  paid: number;
  balance: number | null;
  bonusBalance: number | null;
  /** The sums of its session rows (member_card keeps them): set by `withKeptColumns` before the load. */
  sessionsLeft?: number;
  sessionsTotal?: number;
}

export interface SessionRow {
  memberCardId: number;
  projectId: number;
  total: number;
  remaining: number;
}

export interface TopUpRow {
  id: number;
  memberCardId: number;
  storeId: number;
  amount: number;
  bonus: number;
  at: number;
}

export interface BillRow {
  id: number;
  memberId: number;
  storeId: number;
  staffId: number | null;
  at: number;
  total: number;
  paidByCard: number;
  paidOther: number;
}

export interface LineRow {
  id: number;
  consumeId: number;
  line: number;
  itemKind: 'project' | 'product';
  projectId: number | null;
  productId: number | null;
  quantity: number;
  unitPrice: number;
  amount: number;
  memberCardId: number | null;
  sessions: number | null;
  cardAmount: number;
}

export interface LedgerRow {
  id: number;
  memberCardId: number;
  memberId: number;
  kind: 'open' | 'topUp' | 'consume';
  amount: number;
  bonusAmount: number;
  balanceAfter: number | null;
  bonusAfter: number | null;
  projectId: number | null;
  sessions: number | null;
  sessionsAfter: number | null;
  refType: 'member_card' | 'card_top_up' | 'member_consume';
  refId: number;
  seq: number;
  storeId: number;
  at: number;
}

export interface HistoryBlock {
  members: MemberRow[];
  cards: CardRow[];
  sessions: SessionRow[];
  topUps: TopUpRow[];
  bills: BillRow[];
  lines: LineRow[];
  ledger: LedgerRow[];
}

export interface FirstIds {
  member: number;
  card: number;
  topUp: number;
  bill: number;
  line: number;
  ledger: number;
}

export interface HistoryOptions {
  /** The window [from, to] of the history (instants; to is the last millisecond of its last day). */
  from: number;
  to: number;
  members: number;
  /** Members per block the planner yields. */
  blockSize?: number;
  firstIds?: Partial<FirstIds>;
}

/** A card while its member's history is planned. */
interface Held {
  row: CardRow;
  product: HistoryCard;
  sold: HistoryStore;
  /** No draw at or after this instant (frozen then); Infinity when never frozen. */
  frozenAt: number;
  /** 套餐卡: project → sessions left. */
  left: Map<number, number>;
}

/** 8 digits from a member's number, distinct for distinct numbers below 90,000,000, never below 10,000,000. */
const phoneDigits = (n: number) => 10_000_000 + ((n * 7_919_317 + 12_345_678) % 90_000_000);

/** A time in store hours (10:00–20:59 Beijing) on the Beijing day that starts at `dayStart`. */
const storeTime = (rng: Rng, dayStart: number) => dayStart + (10 + rng.int(0, 10)) * HOUR + rng.int(0, 59) * MINUTE;

const dayStartOf = (t: number) => t - ((t + BEIJING) % DAY);

const TOP_UPS = [50_000, 100_000, 100_000, 200_000, 300_000] as const;
const TOP_UP_BONUS = [0, 0.05, 0.1, 0.1, 0.15] as const;

const emptyBlock = (): HistoryBlock => ({
  members: [],
  cards: [],
  sessions: [],
  topUps: [],
  bills: [],
  lines: [],
  ledger: [],
});

const hasSessions = (h: Held) => {
  for (const d of h.product.draws) if ((h.left.get(d.projectId) ?? 0) > 0) return true;
  return false;
};

const maxDraw = (h: Held) => h.product.draws.reduce((n, d) => Math.max(n, d.price), 0);

/**
 * The planner: yields blocks of `blockSize` members with all their rows. Deterministic for a
 * given rng state, world and options.
 */
export function* planMemberHistory(rng: Rng, w: HistoryWorld, o: HistoryOptions): Generator<HistoryBlock> {
  const ids: FirstIds = { member: 1, card: 1, topUp: 1, bill: 1, line: 1, ledger: 1, ...o.firstIds };
  const blockSize = o.blockSize ?? 20_000;
  const stores = w.stores.filter((s) => s.openedAt < o.to - 30 * DAY);
  if (stores.length === 0 || w.projects.length === 0) return;
  const byRegion = new Map<number, HistoryStore[]>();
  for (const s of stores) byRegion.set(s.regionId, [...(byRegion.get(s.regionId) ?? []), s]);
  const scopeAllows = (c: HistoryCard, s: HistoryStore) =>
    c.usableScope === 'all' || (s.levelId !== null && c.storeLevelIds.includes(s.levelId));
  const offers = new Map<number, HistoryCard[]>();
  const cardsFor = (s: HistoryStore) => {
    let list = offers.get(s.levelId ?? -1);
    if (!list) {
      list = w.cards.filter((c) => scopeAllows(c, s));
      offers.set(s.levelId ?? -1, list);
    }
    return list;
  };
  /** The ledger's rule (Batch.assertUsable): not expired, not frozen, allowed at the store. */
  const usable = (h: Held, s: HistoryStore, t: number) =>
    t < h.row.expiresAt &&
    t < h.frozenAt &&
    scopeAllows(h.product, s) &&
    (h.sold.id === s.id || mayDrawBetween(w.crossLevel, h.sold.levelId, s.levelId));
  const span = o.to - o.from;

  let block = emptyBlock();
  const ledger = (
    h: Held,
    kind: LedgerRow['kind'],
    money: { amount: number; bonus: number } | null,
    session: { projectId: number; sessions: number; after: number } | null,
    refType: LedgerRow['refType'],
    refId: number,
    seq: number,
    storeId: number,
    at: number,
  ) => {
    block.ledger.push({
      id: ids.ledger++,
      memberCardId: h.row.id,
      memberId: h.row.memberId,
      kind,
      amount: money?.amount ?? 0,
      bonusAmount: money?.bonus ?? 0,
      balanceAfter: money ? h.row.balance : null,
      bonusAfter: money ? h.row.bonusBalance : null,
      projectId: session?.projectId ?? null,
      sessions: session?.sessions ?? null,
      sessionsAfter: session?.after ?? null,
      refType,
      refId,
      seq,
      storeId,
      at,
    });
  };
  const line = (
    consumeId: number,
    n: number,
    itemKind: 'project' | 'product',
    itemId: number,
    quantity: number,
    unitPrice: number,
    h: Held | null,
    cardAmount: number,
    sessions: number | null,
  ): LineRow => ({
    id: 0,
    consumeId,
    line: n,
    itemKind,
    projectId: itemKind === 'project' ? itemId : null,
    productId: itemKind === 'product' ? itemId : null,
    quantity,
    unitPrice,
    amount: quantity * unitPrice,
    memberCardId: h ? h.row.id : null,
    sessions,
    cardAmount,
  });
  /** A 储值卡 pays `due` (principal first, then bonus) with its ledger row; false when it holds too little. */
  const draw = (h: Held, due: number, billId: number, seq: number, storeId: number, at: number): boolean => {
    const balance = h.row.balance!;
    const bonus = h.row.bonusBalance!;
    if (balance + bonus < due) return false;
    const fromBalance = Math.min(balance, due);
    h.row.balance = balance - fromBalance;
    h.row.bonusBalance = bonus - (due - fromBalance);
    ledger(
      h,
      'consume',
      { amount: -fromBalance, bonus: -(due - fromBalance) },
      null,
      'member_consume',
      billId,
      seq,
      storeId,
      at,
    );
    return true;
  };

  for (let i = 0; i < o.members; i++) {
    const home = rng.pick(stores);
    // A third joined before the window; the others during it, more of them lately.
    const earliest = Math.max(home.openedAt, o.from - 3 * 365 * DAY);
    const joinedDay = rng.chance(0.3)
      ? dayStartOf(earliest + rng.next() * Math.max(DAY, o.from - earliest))
      : dayStartOf(Math.max(home.openedAt, o.from + Math.sqrt(rng.next()) * (span - 2 * DAY)));
    const joinedAt = storeTime(rng, joinedDay);
    const memberId = ids.member++;
    // How the member comes: every `gap` days on average; some stop coming, a few are frozen.
    const gap = rng.int(16, 48);
    const frozenMember = rng.chance(0.015);
    const activeUntil =
      frozenMember || rng.chance(0.3) ? joinedAt + DAY + rng.next() * Math.max(0, o.to - joinedAt - DAY) : o.to;
    const wantsCards = rng.chance(0.85);
    block.members.push({
      id: memberId,
      name: `${rng.pick(SURNAME_LIST)}${rng.pick(GIVEN)}`,
      phone: `${rng.pick(PHONE_PREFIXES)}${phoneDigits(memberId)}`,
      genderId: w.genders.length ? (rng.chance(0.8) ? (w.genders[1] ?? null) : (w.genders[0] ?? null)) : null,
      levelId: w.levels.length ? rng.pick(w.levels) : null,
      sourceId: w.sources.length ? rng.pick(w.sources) : null,
      birthday: `${rng.int(1965, 2005)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      storeId: home.id,
      joinedAt,
      status: frozenMember ? 'frozen' : 'normal',
      updatedAt: frozenMember ? Math.floor(activeUntil) : joinedAt,
    });

    const held: Held[] = [];
    const offer = cardsFor(home);
    const region = byRegion.get(home.regionId)!;

    const open = (product: HistoryCard, t: number) => {
      const stored = product.kind === 'stored';
      const row: CardRow = {
        id: ids.card++,
        memberId,
        cardId: product.id,
        kind: product.kind,
        storeId: home.id,
        openedAt: t,
        expiresAt: t + product.validityDays * DAY,
        status: 'active',
        paid: product.price,
        balance: stored ? product.amount : null,
        bonusBalance: stored ? product.bonus : null,
      };
      const h: Held = {
        row,
        product,
        sold: home,
        frozenAt: rng.chance(0.01) ? t + rng.next() * product.validityDays * DAY : Number.POSITIVE_INFINITY,
        left: new Map(product.sessions.map((s) => [s.projectId, s.sessions])),
      };
      held.push(h);
      if (stored) {
        ledger(h, 'open', { amount: product.amount, bonus: product.bonus }, null, 'member_card', row.id, 1, home.id, t);
      } else {
        product.sessions.forEach((s, k) => {
          const session = { projectId: s.projectId, sessions: s.sessions, after: s.sessions };
          ledger(h, 'open', null, session, 'member_card', row.id, k + 1, home.id, t);
        });
      }
    };

    let day = dayStartOf(Math.max(joinedAt, o.from)) + (joinedAt >= o.from ? 0 : rng.int(0, gap) * DAY);
    let visits = 0;
    while (day < o.to && day < activeUntil) {
      const t = storeTime(rng, day);
      if (t >= activeUntil || t > o.to) break;
      const at = rng.chance(0.07) && region.length > 1 ? rng.pick(region) : home;
      let clock = t;
      // Cards are sold at the home store: a first card on one of the first visits, another when
      // the ones held are used up or expired, now and then one more.
      if (at === home && wantsCards && offer.length && held.length < 4) {
        const live = held.some((h) => usable(h, home, t) && (h.product.kind === 'stored' || hasSessions(h)));
        const buy = held.length === 0 ? visits < 3 && rng.chance(0.75) : live ? rng.chance(0.01) : rng.chance(0.35);
        if (buy) {
          open(rng.pick(offer), clock);
          if (held.length === 1 && rng.chance(0.08)) open(rng.pick(offer), clock);
          clock += 3 * MINUTE;
        }
      }
      // A 储值卡 running low is topped up (where it may be drawn).
      for (const h of held) {
        if (h.product.kind !== 'stored' || !usable(h, at, clock)) continue;
        if (h.row.balance! + h.row.bonusBalance! >= 2 * maxDraw(h) || !rng.chance(0.55)) continue;
        const amount = rng.pick(TOP_UPS);
        const bonus = Math.round(amount * rng.pick(TOP_UP_BONUS));
        const id = ids.topUp++;
        h.row.balance! += amount;
        h.row.bonusBalance! += bonus;
        block.topUps.push({ id, memberCardId: h.row.id, storeId: at.id, amount, bonus, at: clock });
        ledger(h, 'topUp', { amount, bonus }, null, 'card_top_up', id, 1, at.id, clock);
        clock += 2 * MINUTE;
      }
      // The bill: a project (from a card when one can pay it), sometimes a second one and a product.
      clock += rng.int(30, 90) * MINUTE;
      const billId = ids.bill++;
      const lines: LineRow[] = [];
      const payable = held.filter((h) => usable(h, at, clock));
      const addProject = (withCard: boolean) => {
        const h = withCard && payable.length ? rng.pick(payable) : null;
        if (h?.product.kind === 'combo') {
          const options = h.product.draws.filter((d) => (h.left.get(d.projectId) ?? 0) > 0);
          if (options.length) {
            const d = rng.pick(options);
            const after = h.left.get(d.projectId)! - 1;
            h.left.set(d.projectId, after);
            lines.push(line(billId, lines.length + 1, 'project', d.projectId, 1, d.price, h, d.price, 1));
            const session = { projectId: d.projectId, sessions: -1, after };
            ledger(h, 'consume', null, session, 'member_consume', billId, lines.length, at.id, clock);
            return;
          }
        } else if (h) {
          const d = rng.pick(h.product.draws);
          if (draw(h, d.price, billId, lines.length + 1, at.id, clock)) {
            lines.push(line(billId, lines.length + 1, 'project', d.projectId, 1, d.price, h, d.price, null));
            return;
          }
        }
        const p = rng.pick(w.projects);
        lines.push(line(billId, lines.length + 1, 'project', p.id, 1, p.price, null, 0, null));
      };
      addProject(true);
      if (rng.chance(0.08)) addProject(rng.chance(0.5));
      if (w.products.length && rng.chance(0.25)) {
        const p = rng.pick(w.products);
        const quantity = rng.chance(0.8) ? 1 : 2;
        const due = p.price * quantity;
        const h = payable.find((x) => x.product.kind === 'stored') ?? null;
        const paid = h !== null && rng.chance(0.6) && draw(h, due, billId, lines.length + 1, at.id, clock);
        lines.push(
          line(billId, lines.length + 1, 'product', p.id, quantity, p.price, paid ? h : null, paid ? due : 0, null),
        );
      }
      let total = 0;
      let paidByCard = 0;
      for (const l of lines) {
        total += l.amount;
        paidByCard += l.cardAmount;
        l.id = ids.line++;
        block.lines.push(l);
      }
      const team = w.staffOf.get(at.id);
      const staffId = team?.length && rng.chance(0.92) ? rng.pick(team) : null;
      block.bills.push({
        id: billId,
        memberId,
        storeId: at.id,
        staffId,
        at: clock,
        total,
        paidByCard,
        paidOther: total - paidByCard,
      });
      visits++;
      // The next visit: around the member's gap, a little sooner while a 套餐卡 holds sessions.
      const pace = held.some((h) => h.product.kind === 'combo' && hasSessions(h) && h.row.expiresAt > day) ? 0.8 : 1;
      day += Math.max(1, Math.round(gap * pace * (0.5 + rng.next()))) * DAY;
    }
    // The cards as the history left them (balances are already the last row's).
    for (const h of held) {
      if (h.frozenAt <= o.to) h.row.status = 'frozen';
      block.cards.push(h.row);
      for (const s of h.product.sessions) {
        block.sessions.push({
          memberCardId: h.row.id,
          projectId: s.projectId,
          total: s.sessions,
          remaining: h.left.get(s.projectId)!,
        });
      }
    }
    if (block.members.length >= blockSize) {
      yield block;
      block = emptyBlock();
    }
  }
  if (block.members.length) yield block;
}

// ── Loading ──────────────────────────────────────────────────────────────────

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** COPY's text format for the planner's values: none of its strings holds a tab, newline or backslash. */
const n = (v: number | null) => (v === null ? '\\N' : String(v));

/** Instants as ISO text, remembered (the same minutes recur across a block's rows). */
const isoCache = new Map<number, string>();
const ts = (t: number) => {
  let s = isoCache.get(t);
  if (s === undefined) {
    if (isoCache.size > 2_000_000) isoCache.clear();
    s = new Date(t).toISOString();
    isoCache.set(t, s);
  }
  return s;
};

interface Format<R> {
  table: PgTable;
  /** Column keys (drizzle property names) in the order `line` writes them. */
  keys: readonly string[];
  line: (r: R) => string;
}

const FORMATS = {
  members: {
    table: member,
    keys: [
      'id',
      'name',
      'phone',
      'genderId',
      'levelId',
      'sourceId',
      'birthday',
      'storeId',
      'joinedAt',
      'status',
      'createdAt',
      'updatedAt',
    ],
    line: (r: MemberRow) =>
      `${r.id}\t${r.name}\t${r.phone}\t${n(r.genderId)}\t${n(r.levelId)}\t${n(r.sourceId)}\t${r.birthday}\t${r.storeId}\t${ts(r.joinedAt)}\t${r.status}\t${ts(r.joinedAt)}\t${ts(r.updatedAt)}\n`,
  } satisfies Format<MemberRow>,
  cards: {
    table: memberCard,
    // card_no: the system number the insert trigger gives (off for the load, see below).
    keys: [
      'id',
      'cardNo',
      'memberId',
      'cardId',
      'kind',
      'storeId',
      'openedAt',
      'expiresAt',
      'status',
      'paid',
      'balance',
      'bonusBalance',
      'sessionsLeft',
      'sessionsTotal',
      'createdAt',
    ],
    line: (r: CardRow) =>
      `${r.id}\tKH${String(r.id).padStart(8, '0')}\t${r.memberId}\t${r.cardId}\t${r.kind}\t${r.storeId}\t${ts(r.openedAt)}\t${ts(r.expiresAt)}\t${r.status}\t${r.paid}\t${n(r.balance)}\t${n(r.bonusBalance)}\t${r.sessionsLeft ?? 0}\t${r.sessionsTotal ?? 0}\t${ts(r.openedAt)}\n`,
  } satisfies Format<CardRow>,
  sessions: {
    table: memberCardSession,
    keys: ['memberCardId', 'projectId', 'total', 'remaining'],
    line: (r: SessionRow) => `${r.memberCardId}\t${r.projectId}\t${r.total}\t${r.remaining}\n`,
  } satisfies Format<SessionRow>,
  topUps: {
    table: cardTopUp,
    keys: ['id', 'memberCardId', 'storeId', 'amount', 'bonus', 'toppedUpAt', 'createdAt'],
    line: (r: TopUpRow) =>
      `${r.id}\t${r.memberCardId}\t${r.storeId}\t${r.amount}\t${r.bonus}\t${ts(r.at)}\t${ts(r.at)}\n`,
  } satisfies Format<TopUpRow>,
  bills: {
    table: memberConsume,
    keys: ['id', 'memberId', 'storeId', 'staffId', 'consumedAt', 'total', 'paidByCard', 'paidOther', 'createdAt'],
    line: (r: BillRow) =>
      `${r.id}\t${r.memberId}\t${r.storeId}\t${n(r.staffId)}\t${ts(r.at)}\t${r.total}\t${r.paidByCard}\t${r.paidOther}\t${ts(r.at)}\n`,
  } satisfies Format<BillRow>,
  lines: {
    table: memberConsumeLine,
    keys: [
      'id',
      'consumeId',
      'line',
      'itemKind',
      'projectId',
      'productId',
      'quantity',
      'unitPrice',
      'amount',
      'memberCardId',
      'sessions',
      'cardAmount',
      'trial',
    ],
    line: (r: LineRow) =>
      `${r.id}\t${r.consumeId}\t${r.line}\t${r.itemKind}\t${n(r.projectId)}\t${n(r.productId)}\t${r.quantity}\t${r.unitPrice}\t${r.amount}\t${n(r.memberCardId)}\t${n(r.sessions)}\t${r.cardAmount}\tf\n`,
  } satisfies Format<LineRow>,
  ledger: {
    table: cardLedger,
    keys: [
      'id',
      'memberCardId',
      'memberId',
      'kind',
      'amount',
      'bonusAmount',
      'balanceAfter',
      'bonusAfter',
      'projectId',
      'sessions',
      'sessionsAfter',
      'refType',
      'refId',
      'seq',
      'storeId',
      'at',
      'createdAt',
    ],
    line: (r: LedgerRow) =>
      `${r.id}\t${r.memberCardId}\t${r.memberId}\t${r.kind}\t${r.amount}\t${r.bonusAmount}\t${n(r.balanceAfter)}\t${n(r.bonusAfter)}\t${n(r.projectId)}\t${n(r.sessions)}\t${n(r.sessionsAfter)}\t${r.refType}\t${r.refId}\t${r.seq}\t${r.storeId}\t${ts(r.at)}\t${ts(r.at)}\n`,
  } satisfies Format<LedgerRow>,
};

/** A block's rows of one table as COPY text, about `bytes` characters a chunk. */
function* textChunks<R>(format: Format<R>, rows: readonly R[], bytes = 1 << 20): Generator<string> {
  let buf = '';
  for (const r of rows) {
    buf += format.line(r);
    if (buf.length >= bytes) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

export interface Deferred {
  drop: string[];
  create: string[];
}

/**
 * The tables' foreign keys, unique constraints and secondary indexes (not their primary keys or
 * checks): the statements that drop them and those that build them again (a bulk load sets them
 * aside: the member COPY here, the bills' payments and shares in seed/billFacts.ts).
 */
export const deferrable = async (db: Db | Tx, tables: readonly string[]): Promise<Deferred> => {
  const names = tables.map((t) => `'${t}'`).join(', ');
  const constraints = rowsOf<{ t: string; n: string; def: string; kind: string }>(
    await db.execute(
      sql.raw(`select c.relname as t, k.conname as n, pg_get_constraintdef(k.oid) as def, k.contype as kind
        from pg_constraint k join pg_class c on c.oid = k.conrelid
       where c.relnamespace = 'public'::regnamespace and c.relname in (${names}) and k.contype in ('f', 'u')
       order by k.contype desc, c.relname, k.conname`),
    ),
  );
  const indexes = rowsOf<{ n: string; def: string }>(
    await db.execute(
      sql.raw(`select i.relname as n, pg_get_indexdef(i.oid) as def
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
       where c.relnamespace = 'public'::regnamespace and c.relname in (${names})
         and not x.indisprimary and not exists (select 1 from pg_constraint k where k.conindid = i.oid)
       order by c.relname, i.relname`),
    ),
  );
  // The app's own triggers (their functions live in public): not a harness's, such as the test
  // workers' statement triggers that note which tables a test wrote (testing/workerDb.ts).
  const triggers = rowsOf<{ t: string; n: string }>(
    await db.execute(
      sql.raw(`select c.relname as t, g.tgname as n
        from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where c.relnamespace = 'public'::regnamespace and c.relname in (${names}) and not g.tgisinternal
         and p.pronamespace = 'public'::regnamespace
       order by c.relname, g.tgname`),
    ),
  );
  return {
    drop: [
      ...constraints.map((k) => `alter table "${k.t}" drop constraint "${k.n}"`),
      ...indexes.map((i) => `drop index "${i.n}"`),
      // The tables' own triggers would run per copied row (the bill rollups' would collect every
      // row in their transition tables; member.last_visit_day, member_card's sessions and the
      // member rollup per row): off for the load; the rollups are rebuilt from the facts after it.
      ...triggers.map((g) => `alter table "${g.t}" disable trigger "${g.n}"`),
    ],
    // Unique constraints and indexes before the foreign keys (a key's check can use them).
    create: [
      ...triggers.map((g) => `alter table "${g.t}" enable trigger "${g.n}"`),
      ...constraints.filter((k) => k.kind === 'u').map((k) => `alter table "${k.t}" add constraint "${k.n}" ${k.def}`),
      ...indexes.map((i) => i.def),
      ...constraints.filter((k) => k.kind === 'f').map((k) => `alter table "${k.t}" add constraint "${k.n}" ${k.def}`),
    ],
  };
};

const nextIds = async (handle: DbHandle): Promise<FirstIds> => {
  const [r] = rowsOf<Record<keyof FirstIds, string | number>>(
    await handle.db.execute(
      sql.raw(`select
        (select coalesce(max(id), 0) + 1 from member) as member,
        (select coalesce(max(id), 0) + 1 from member_card) as card,
        (select coalesce(max(id), 0) + 1 from card_top_up) as "topUp",
        (select coalesce(max(id), 0) + 1 from member_consume) as bill,
        (select coalesce(max(id), 0) + 1 from member_consume_line) as line,
        (select coalesce(max(id), 0) + 1 from card_ledger) as ledger`),
    ),
  );
  return {
    member: Number(r!.member),
    card: Number(r!.card),
    topUp: Number(r!.topUp),
    bill: Number(r!.bill),
    line: Number(r!.line),
    ledger: Number(r!.ledger),
  };
};

export interface MemberHistoryOptions {
  seed: number;
  members: number;
  /** The window: the history ends the day before `now` (Beijing) and spans `days` days. */
  now: Date;
  days: number;
  blockSize?: number;
  /** Progress, after each block: members written so far. */
  onProgress?: (members: number, seconds: number) => void;
}

export interface MemberHistoryReport {
  rows: Record<(typeof TABLE_NAMES)[number], number>;
  /** Seconds spent generating and loading, and rebuilding the indexes and keys. */
  loadSeconds: number;
  indexSeconds: number;
}

/**
 * What member_card keeps of its session rows (sessions left and in all), as the trigger
 * member_card_session_sums would have written them: COPY loads the block with the triggers off.
 */
const withKeptColumns = (b: { cards: CardRow[]; sessions: readonly SessionRow[] }) => {
  const sums = new Map<number, [number, number]>();
  for (const x of b.sessions) {
    const [l, t] = sums.get(x.memberCardId) ?? [0, 0];
    sums.set(x.memberCardId, [l + x.remaining, t + x.total]);
  }
  for (const c of b.cards) [c.sessionsLeft, c.sessionsTotal] = sums.get(c.id) ?? [0, 0];
};

/**
 * Generates `members` members and their history after what the database holds (ids continue
 * after the largest), loads them with COPY and rebuilds the member tables' indexes and keys.
 */
export const copyMemberHistory = async (handle: DbHandle, o: MemberHistoryOptions): Promise<MemberHistoryReport> => {
  const started = performance.now();
  const world = await handle.db.transaction((tx) => loadHistoryWorld(tx));
  const to = o.now.getTime() - ((o.now.getTime() + BEIJING) % DAY) - 1;
  const from = to + 1 - o.days * DAY;
  const firstIds = await nextIds(handle);
  const deferred = await deferrable(handle.db, TABLE_NAMES);
  for (const s of deferred.drop) await handle.db.execute(sql.raw(s));
  const rows = Object.fromEntries(TABLE_NAMES.map((t) => [t, 0])) as MemberHistoryReport['rows'];
  const load = async <R>(name: (typeof TABLE_NAMES)[number], format: Format<R>, list: readonly R[]) => {
    if (list.length) await handle.copyText(format.table, format.keys, textChunks(format, list));
    rows[name] += list.length;
  };
  let done = 0;
  for (const b of planMemberHistory(prng(o.seed + 300), world, {
    from,
    to,
    members: o.members,
    blockSize: o.blockSize,
    firstIds,
  })) {
    withKeptColumns(b);
    const jobs = [
      () => load('member', FORMATS.members, b.members),
      () => load('member_card', FORMATS.cards, b.cards),
      () => load('member_card_session', FORMATS.sessions, b.sessions),
      () => load('card_top_up', FORMATS.topUps, b.topUps),
      () => load('member_consume', FORMATS.bills, b.bills),
      () => load('member_consume_line', FORMATS.lines, b.lines),
      () => load('card_ledger', FORMATS.ledger, b.ledger),
    ];
    // On PostgreSQL the tables load side by side, each on a connection of its own.
    if (handle.driver === 'postgres') await Promise.all(jobs.map((job) => job()));
    else for (const job of jobs) await job();
    done += b.members.length;
    o.onProgress?.(done, (performance.now() - started) / 1000);
  }
  const loaded = performance.now();
  // Rebuilding: on PostgreSQL in one transaction with room to sort in memory.
  await handle.db.transaction(async (tx) => {
    if (handle.driver === 'postgres') await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    for (const s of deferred.create) await tx.execute(sql.raw(s));
  });
  await handle.db.transaction(async (tx) => {
    for (const table of [
      'member',
      'member_card',
      'card_top_up',
      'member_consume',
      'member_consume_line',
      'card_ledger',
    ]) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
        ),
      );
    }
  });
  return {
    rows,
    loadSeconds: (loaded - started) / 1000,
    indexSeconds: (performance.now() - loaded) / 1000,
  };
};
