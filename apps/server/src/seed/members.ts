/**
 * Demo members: about 300 members over the demo stores' open stores, and six months of their
 * cards before the seed's last day — 开卡, 充值 and 消费 made THROUGH the ledger's batch service
 * (modules/members/ledger.ts applyLedger), so balances, sessions, ledger rows and bills agree
 * exactly as they would in the product. Deterministic: the plan is a pure function of the prng
 * seed and `now`; the events run in time order (so ids follow time). A planned draw the ledger
 * refuses (a card drawn past its balance, a store its card may not be drawn at) is skipped, a
 * refused bill paid otherwise, the same way on every run. The large scale's members go in with COPY instead (seed/memberHistory.ts).
 */
import type { OpenBillBody } from '@zb/contract/entities/bill';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sendBill } from '../modules/bills/service';
import { card, cardProject, cardProjectDiscount, product, project, trialLimit } from '../modules/goods/schema';
import { masterItem } from '../modules/master/schema';
import {
  applyLedger,
  type ConsumeLineInput,
  type LedgerEntry,
  LedgerRefs,
  type OpenedCard,
} from '../modules/members/ledger';
import { createMembers } from '../modules/members/service';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { BizError } from '../platform/errors';
import { prng } from './stores';

type Rng = ReturnType<typeof prng>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;
const MEMBERS = 300;
const HISTORY_DAYS = 183;
/** The last days whose visits go through the bill service as 收银单 (the older ones through the ledger's batch, as bills without payments). */
const BILL_SERVICE_DAYS = 92;

export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁沈任姚卢';
export const GIVEN = [
  '静',
  '敏',
  '丽',
  '娜',
  '婷',
  '雪',
  '芳',
  '颖',
  '倩',
  '琳',
  '晓燕',
  '思雨',
  '欣怡',
  '雨桐',
  '梓涵',
  '佳怡',
  '海燕',
  '慧敏',
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '杰',
  '涛',
  '明',
  '超',
  '浩然',
  '子轩',
  '宇航',
  '建华',
  '志强',
  '俊杰',
  '晨阳',
  '国庆',
  '振宇',
];
export const PHONE_PREFIXES = ['135', '136', '137', '139', '150', '151', '158', '177', '186', '188', '189'];

/** A visit's time in store hours (10:00–20:59 Beijing) on the day of `t`. */
const inStoreHours = (rng: Rng, t: number) => {
  const day = t - ((t + BEIJING) % DAY);
  return new Date(day + (10 + rng.int(0, 10)) * HOUR + rng.int(0, 59) * 60_000);
};

interface World {
  stores: { id: number; regionId: number; levelId: number | null }[];
  staffOf: Map<number, number[]>;
  cards: { id: number; kind: string; usableScope: string; storeLevelIds: number[] }[];
  /** Combo cards' projects (not trials); stored cards' 关联项目 (not trials). */
  comboProjects: Map<number, number[]>;
  storedProjects: Map<number, number[]>;
  walkInProjects: number[];
  products: number[];
  genders: number[];
  levels: number[];
  sources: number[];
}

const loadWorld = async (tx: Tx): Promise<World> => {
  const stores = await tx
    .select({ id: store.id, regionId: store.regionId, levelId: store.levelId })
    .from(store)
    .where(eq(store.status, 'open'))
    .orderBy(asc(store.id));
  const staffRows = await tx
    .select({ id: staff.id, storeId: staff.storeId })
    .from(staff)
    .where(ne(staff.status, 'left'))
    .orderBy(asc(staff.id));
  const staffOf = new Map<number, number[]>();
  for (const s of staffRows) staffOf.set(s.storeId, [...(staffOf.get(s.storeId) ?? []), s.id]);
  const trials = new Set(
    (await tx.select({ id: trialLimit.projectId }).from(trialLimit).where(eq(trialLimit.enabled, true))).map(
      (r) => r.id,
    ),
  );
  const cards = await tx
    .select({ id: card.id, kind: card.kind, usableScope: card.usableScope, storeLevelIds: card.storeLevelIds })
    .from(card)
    .where(eq(card.status, 'on'))
    .orderBy(asc(card.id));
  const group = (rows: { cardId: number; projectId: number }[]) => {
    const m = new Map<number, number[]>();
    for (const r of rows) if (!trials.has(r.projectId)) m.set(r.cardId, [...(m.get(r.cardId) ?? []), r.projectId]);
    return m;
  };
  const cardIds = cards.map((c) => c.id);
  const comboProjects = group(
    await tx
      .select({ cardId: cardProject.cardId, projectId: cardProject.projectId })
      .from(cardProject)
      .where(inArray(cardProject.cardId, cardIds))
      .orderBy(asc(cardProject.cardId), asc(cardProject.line)),
  );
  const storedProjects = group(
    await tx
      .select({ cardId: cardProjectDiscount.cardId, projectId: cardProjectDiscount.projectId })
      .from(cardProjectDiscount)
      .where(inArray(cardProjectDiscount.cardId, cardIds))
      .orderBy(asc(cardProjectDiscount.id)),
  );
  const walkInProjects = (
    await tx.select({ id: project.id }).from(project).where(eq(project.status, 'on')).orderBy(asc(project.id))
  )
    .map((r) => r.id)
    .filter((id) => !trials.has(id));
  const products = (
    await tx.select({ id: product.id }).from(product).where(eq(product.status, 'on')).orderBy(asc(product.id))
  ).map((r) => r.id);
  return {
    stores,
    staffOf,
    // Only cards a member can use: a combo card with non-trial projects, a stored card with 关联项目.
    cards: cards.filter((c) => (c.kind === 'combo' ? comboProjects.has(c.id) : storedProjects.has(c.id))),
    comboProjects,
    storedProjects,
    walkInProjects,
    products,
    ...(await memberLookups(tx)),
  };
};

type Event =
  | { at: Date; seq: number; kind: 'open'; member: number; card: number; cardId: number; storeId: number }
  | { at: Date; seq: number; kind: 'topUp'; card: number; storeId: number; amount: number; bonus: number }
  | {
      at: Date;
      seq: number;
      kind: 'consume';
      member: number;
      storeId: number;
      staffId: number | null;
      lines: (Omit<ConsumeLineInput, 'memberCardId'> & { card: number | null })[];
    };

type Visit = Extract<Event, { kind: 'consume' }>;

interface PlannedMember {
  name: string;
  phone: string;
  genderId: number | null;
  levelId: number | null;
  sourceId: number | null;
  birthday: string;
  storeId: number;
  joinedAt: Date;
}

/** The members and, in time order, every card event of the window [from, to]. */
export const planMembers = (rng: Rng, w: World, from: number, to: number) => {
  const members: PlannedMember[] = [];
  const events: Event[] = [];
  let seq = 0;
  let cardSeq = 0;
  const at = (t: number) => inStoreHours(rng, Math.min(t, to - DAY));
  for (let i = 0; i < MEMBERS && w.stores.length; i++) {
    const home = rng.pick(w.stores);
    // Joined in store hours (10:00–20:59), the hour and minute taken from the member's place in
    // the list so the plan's random draws stay what they were.
    const joined = to + 1 - DAY - rng.int(10, 720) * DAY + (10 + ((i * 7) % 11)) * HOUR + ((i * 13) % 60) * 60_000;
    members.push({
      name: `${rng.pick([...SURNAMES])}${rng.pick(GIVEN)}`,
      phone: `${rng.pick(PHONE_PREFIXES)}${String(i * 37 + 1000).padStart(8, '0')}`,
      genderId: rng.chance(0.8) ? (w.genders[1] ?? null) : (w.genders[0] ?? null),
      levelId: w.levels.length ? rng.pick(w.levels) : null,
      sourceId: w.sources.length ? rng.pick(w.sources) : null,
      birthday: `${rng.int(1965, 2003)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      storeId: home.id,
      joinedAt: new Date(joined),
    });
    const usable = w.cards.filter(
      (c) => c.usableScope === 'all' || (home.levelId !== null && c.storeLevelIds.includes(home.levelId)),
    );
    const nCards = usable.length && rng.chance(0.85) ? (rng.chance(0.7) ? 1 : rng.chance(0.85) ? 2 : 3) : 0;
    const held: { n: number; cardId: number; kind: string; opened: number; sessions: Map<number, number> }[] = [];
    for (let k = 0; k < nCards; k++) {
      const c = rng.pick(usable);
      const start = Math.max(joined, from);
      const opened = start + rng.int(0, Math.max(0, Math.floor((to - start) / DAY) - 3)) * DAY;
      const n = cardSeq++;
      events.push({ at: at(opened), seq: seq++, kind: 'open', member: i, card: n, cardId: c.id, storeId: home.id });
      held.push({
        n,
        cardId: c.id,
        kind: c.kind,
        opened,
        sessions: new Map((w.comboProjects.get(c.id) ?? []).map((p) => [p, 6])),
      });
      if (c.kind === 'stored') {
        for (let u = rng.int(0, 2); u > 0; u--) {
          const amount = rng.pick([50_000, 100_000, 200_000]);
          const when = opened + rng.int(20, 150) * DAY;
          if (when < to)
            events.push({
              at: at(when),
              seq: seq++,
              kind: 'topUp',
              card: n,
              storeId: home.id,
              amount,
              bonus: amount / 10,
            });
        }
      }
    }
    // Visits: every 12–35 days from the first card (or from joining, for members paying as they go).
    const first = held.length ? Math.min(...held.map((h) => h.opened)) + HOUR : Math.max(joined, from);
    for (
      let t = first + rng.int(0, 10) * DAY;
      t < to - DAY;
      t += rng.int(held.length ? 12 : 25, held.length ? 35 : 60) * DAY
    ) {
      const away = rng.chance(0.1) ? rng.pick(w.stores.filter((s) => s.regionId === home.regionId)) : home;
      const open = held.filter((h) => h.opened < t);
      const lines: Extract<Event, { kind: 'consume' }>['lines'] = [];
      const h = open.length ? rng.pick(open) : null;
      if (h?.kind === 'combo') {
        const left = [...h.sessions].filter(([, n]) => n > 0);
        if (left.length) {
          const [projectId, n] = rng.pick(left);
          h.sessions.set(projectId, n - 1);
          lines.push({ projectId, quantity: 1, card: h.n });
        }
      } else if (h) {
        lines.push({ projectId: rng.pick(w.storedProjects.get(h.cardId)!), quantity: 1, card: h.n });
      }
      if (!lines.length && w.walkInProjects.length)
        lines.push({ projectId: rng.pick(w.walkInProjects), quantity: 1, card: null });
      if (w.products.length && rng.chance(0.3)) {
        lines.push({
          productId: rng.pick(w.products),
          quantity: rng.int(1, 2),
          card: h?.kind === 'stored' && rng.chance(0.5) ? h.n : null,
        });
      }
      const staffIds = w.staffOf.get(away.id) ?? [];
      events.push({
        at: at(t),
        seq: seq++,
        kind: 'consume',
        member: i,
        storeId: away.id,
        staffId: staffIds.length ? rng.pick(staffIds) : null,
        lines,
      });
    }
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
  return { members, events };
};

export interface MemberSeedOptions {
  seed: number;
  /** The history ends the day before this (Beijing). */
  now: Date;
}

/** What a bill document names by code: stores, goods with their prices, staff phones. */
const loadCodes = async (tx: Tx) => {
  const stores = new Map(
    (await tx.select({ id: store.id, code: store.code }).from(store)).map((r) => [r.id, r.code] as const),
  );
  const projects = new Map(
    (await tx.select({ id: project.id, code: project.code, price: project.price }).from(project)).map(
      (r) => [r.id, r] as const,
    ),
  );
  const products = new Map(
    (await tx.select({ id: product.id, code: product.code, price: product.retailPrice }).from(product)).map(
      (r) => [r.id, r] as const,
    ),
  );
  const phones = new Map(
    (await tx.select({ id: staff.id, phone: staff.phone }).from(staff)).map((r) => [r.id, r.phone] as const),
  );
  return { stores, projects, products, phones };
};

/** How a bill's part not paid by card is paid, by the visit's place in the plan (no random draw: the plan stays as it was). */
const PAID_BY = ['wechat', 'alipay', 'cash', 'bankCard'] as const;

/**
 * Writes the plan: 开卡 and 充值 through the ledger's batch service (applyLedger), with the
 * reference data read once, in runs; the visits of the last BILL_SERVICE_DAYS (about three
 * months) as 收银单 through the bill service (modules/bills/service.ts sendBill, what POST
 * /open/v1/bills runs), sent as the store's till (source 门店收银) with its lines, the staff's
 * shares and the payments of what no card paid, each in a savepoint of its own; older visits
 * through the ledger's batch too (bills without payments or shares: one bill at a time costs
 * the first start about 3 times the CPU of the batch). A refused event writes nothing; a bill
 * the ledger refuses (a card drawn past its balance, a store its card may not be drawn at) is
 * sent again paid otherwise.
 */
export const seedMembers = async (tx: Tx, o: MemberSeedOptions): Promise<void> => {
  const rng = prng(o.seed + 200);
  const world = await loadWorld(tx);
  const codes = await loadCodes(tx);
  const to = o.now.getTime() - ((o.now.getTime() + BEIJING) % DAY) - 1;
  const { members, events } = planMembers(rng, world, to - HISTORY_DAYS * DAY, to);
  const order = members
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.joinedAt.getTime() - b.m.joinedAt.getTime() || a.i - b.i);
  const created = await createMembers(
    tx,
    order.map(({ m }) => ({ ...m, userId: null })),
  );
  const memberIds: number[] = [];
  for (const [k, { i }] of order.entries()) memberIds[i] = created[k]!.id;

  const refs = new LedgerRefs();
  const paidOtherwise = (entry: LedgerEntry): LedgerEntry | null =>
    entry.kind === 'consume' ? { ...entry, lines: entry.lines.map((l) => ({ ...l, memberCardId: null })) } : null;
  const billsFrom = to - BILL_SERVICE_DAYS * DAY;
  /** Card index → its id and number (undefined: refused, or not opened yet when drawn). */
  const cardIds: (OpenedCard | undefined)[] = [];
  let run: LedgerEntry[] = [];
  /** Cards the run opens: card index → the open's place in the run. */
  let opening = new Map<number, number>();
  const flush = async () => {
    if (run.length === 0) return;
    const results = await applyLedger(tx, run, { refs, onRefused: paidOtherwise });
    for (const [n, at] of opening) {
      const r = results[at]!;
      cardIds[n] = r.ok ? (r.value as OpenedCard) : undefined;
    }
    run = [];
    opening = new Map();
  };
  const cardOf = async (n: number | null): Promise<OpenedCard | null | undefined> => {
    if (n === null) return null;
    if (opening.has(n)) await flush();
    return cardIds[n];
  };
  /** A visit as the document a till sends: its lines (with the card that pays each, if any) and what is paid otherwise. */
  const billOf = (e: Visit, lines: { l: Visit['lines'][number]; cardNo: string | null }[]): OpenBillBody => {
    const phone = e.staffId === null ? undefined : codes.phones.get(e.staffId);
    let other = 0;
    const sent = lines.map(({ l, cardNo }) => {
      const item = l.projectId ? codes.projects.get(l.projectId)! : codes.products.get(l.productId!)!;
      const amount = item.price * l.quantity;
      if (cardNo === null) other += amount;
      return {
        kind: l.projectId ? ('project' as const) : ('product' as const),
        code: item.code,
        quantity: l.quantity,
        ...(cardNo === null ? {} : { cardNo }),
        staff: phone ? [{ staffPhone: phone, performance: amount, commission: Math.floor(amount / 10) }] : [],
      };
    });
    return {
      outerNo: `DEMO-${e.seq}`,
      storeCode: codes.stores.get(e.storeId)!,
      member: members[e.member]!.phone,
      at: e.at.toISOString(),
      lines: sent,
      payments: other > 0 ? [{ method: PAID_BY[e.seq % PAID_BY.length]!, amount: other }] : [],
    };
  };
  const send = async (storeId: number, body: OpenBillBody) =>
    tx.transaction((inner) =>
      sendBill(inner, { kind: 'pos', clientId: null, name: '门店收银（演示历史）', storeId }, body, refs),
    );
  for (const e of events) {
    if (e.kind === 'open') {
      opening.set(e.card, run.length);
      run.push({
        kind: 'open',
        memberId: memberIds[e.member]!,
        cardId: e.cardId,
        storeId: e.storeId,
        at: e.at,
        userId: null,
      });
    } else if (e.kind === 'topUp') {
      const c = await cardOf(e.card);
      if (c)
        run.push({
          kind: 'topUp',
          memberCardId: c.memberCardId,
          storeId: e.storeId,
          amount: e.amount,
          bonus: e.bonus,
          at: e.at,
          userId: null,
        });
    } else {
      const lines: { l: (typeof e.lines)[number]; cardNo: string | null; memberCardId: number | null }[] = [];
      for (const l of e.lines) {
        const c = await cardOf(l.card);
        if (c !== undefined) lines.push({ l, cardNo: c?.cardNo ?? null, memberCardId: c?.memberCardId ?? null });
      }
      if (lines.length === 0) continue;
      if (e.at.getTime() < billsFrom) {
        run.push({
          kind: 'consume',
          memberId: memberIds[e.member]!,
          storeId: e.storeId,
          staffId: e.staffId,
          at: e.at,
          userId: null,
          lines: lines.map(({ l: { card: _, ...l }, memberCardId }) => ({ ...l, memberCardId })),
        });
        continue;
      }
      // The cards' opens and top-ups before the visit are written first: the bill draws what they left.
      await flush();
      try {
        await send(e.storeId, billOf(e, lines));
      } catch (err) {
        if (!(err instanceof BizError) || lines.every((x) => x.cardNo === null)) throw err;
        // Refused by the ledger: the same visit paid otherwise.
        await send(
          e.storeId,
          billOf(
            e,
            lines.map(({ l }) => ({ l, cardNo: null })),
          ),
        );
      }
    }
  }
  await flush();
};

/** The ids of the member file's lookups (gender, level, source), in their list order. */
export const memberLookups = async (tx: Tx) => {
  const ids = async (category: string) =>
    (
      await tx
        .select({ id: masterItem.id })
        .from(masterItem)
        .where(eq(masterItem.category, category))
        .orderBy(asc(masterItem.sort), asc(masterItem.id))
    ).map((r) => r.id);
  return { genders: await ids('gender'), levels: await ids('memberLevel'), sources: await ids('memberSource') };
};
