/**
 * The world and the operations of the money-integrity property test (moneyIntegrity.test.ts).
 *
 * A world is one random sequence's own stores, members and cards, written through the real API
 * (bills and refunds on their routes, 调整 through the approval center, 闭店迁移 through its route)
 * or the real service (会员迁入). Each operation is one entry of OPERATIONS: a name, a generator of
 * its input from the current world (null when the world offers none), and the call, which asserts
 * what a caller would see — accepted, or refused with its errcode and nothing changed. A new
 * operation (补卡, 注销) is one more entry.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { MEMBER_ASSET_API } from '@zb/contract/api/memberAssets';
import { MEMBER_MOVE_API } from '@zb/contract/api/memberMoves';
import { REFUND_API } from '@zb/contract/api/refunds';
import type { OpenBillBody } from '@zb/contract/entities/bill';
import { BILL_API } from '@zb/contract/entities/billView';
import { MEMBER_IMPORT_COLUMNS, type MemberImportColumnKey } from '@zb/contract/entities/memberImport';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { HQ_SCOPE } from '../../platform/scope';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import type { prng } from '../../seed/stores';
import { openPost } from '../../testing/openApi';
import { beijingDay, factRows } from '../../testing/reports';
import type { TestClient } from '../../testing/testClient';
import { flagBill } from '../bills/abnormal';
import { createImport, importFinished, importHeader, rollbackImport, startImport } from '../memberImport/service';
import { closureRun } from '../memberMoves/service';
import { BILL_REVERSAL_REF } from '../members/ledger';
import { createMember } from '../members/service';

export type Rng = ReturnType<typeof prng>;

/** A card of the world as the database holds it (re-read after every operation). */
export interface WorldCard {
  id: number;
  cardNo: string;
  kind: 'stored' | 'combo';
  storeId: number;
  memberId: number;
  /** The card's status, or 'expired' once past its expiry. */
  status: string;
  balance: number;
  bonus: number;
  /** A 套餐卡's one project and its sessions left. */
  projectId: number | null;
  sessions: number;
}

export interface Goods {
  /** The retail product drawn from 储值卡 (no card discount on products). */
  product: { code: string; price: number };
  /** The project of the 套餐卡 (its only one). */
  project: { id: number; code: string };
  stored: { code: string; price: number };
  combo: { code: string; price: number };
  adminId: number;
}

export interface World {
  db: Db;
  app: Parameters<typeof openPost>[0];
  admin: TestClient;
  goods: Goods;
  rng: Rng;
  seq: number;
  stores: { id: number; code: string; open: boolean }[];
  members: { id: number; phone: string }[];
  cards: WorldCard[];
  /** The world's accepted bills: outerNo → the body sent and the answer (for replays and refunds). */
  bills: Map<string, { body: OpenBillBody; billNo: string; consumeId: number; answer: unknown }>;
  /** 调整 waiting in the approval center. */
  pending: { memberCardId: number; approvalId: number }[];
  /** The imports done (not undone): their files, for replays and their undo. */
  imports: { id: number; file: Buffer }[];
  /** The sequence's business time (ms): bills are dated by it; it only moves forward. */
  clock: number;
  /** The clock's mean step per bill (ms) while the sequence writes the past. */
  step: number;
  /** Beijing days written to. */
  days: Set<string>;
  serial: number;
  /** Per operation: how often accepted and refused. */
  tally: Map<string, { accepted: number; refused: number; ms: number }>;
}

export type Outcome = 'accepted' | 'refused';

export interface Operation<I> {
  name: string;
  weight: number;
  /**
   * Done now, not dated by the sender (approvals, refund executions, closures, imports): drawn only
   * once the sequence has written its past, and the clock is now after it.
   */
  now?: boolean;
  /** The input drawn from the world, or null when the world offers none now. */
  input(w: World): I | null | Promise<I | null>;
  run(w: World, input: I): Promise<Outcome>;
}

/** Declares an operation (keeps each entry's input type its own). */
export const operation = <I>(op: Operation<I>): Operation<unknown> => op as Operation<unknown>;

const q = <T = Record<string, unknown>>(w: World, query: ReturnType<typeof sql>) => factRows<T>(w.db, query);

// ── Footprint: what a refusal must leave as it was ─────────────────────────────

/**
 * What a refused call must leave as it was: the newest row of every money table (a row written
 * anywhere moves it), and the world's cards, bills and refunds as they stand.
 */
export const footprint = async (db: Db, w?: World) => {
  const cards = sql.join((w?.cards ?? []).map((c) => sql`${c.id}::int`).concat(sql`0`), sql`, `);
  const bills = sql.join([...(w?.bills.values() ?? [])].map((b) => sql`${b.consumeId}::int`).concat(sql`0`), sql`, `);
  return (
    await factRows<Record<string, string>>(
      db,
      sql`select (select max(id) from card_ledger)::text as ledger, (select max(id) from member_card)::text as cards,
      (select max(id) from member_consume)::text as bills, (select max(id) from member)::text as members,
      (select max(id) from refund)::text as refunds, (select max(id) from card_top_up)::text as "topUps",
      (select string_agg(id || ':' || coalesce(balance, 0) || '/' || coalesce(bonus_balance, 0) || '/' || sessions_left
         || '/' || status || '/' || store_id, ',' order by id) from member_card where id in (${cards})) as held,
      (select string_agg(id || ':' || refunded || '/' || status, ',' order by id) from member_consume
        where id in (${bills})) as refunded,
      (select count(*) filter (where status = 'executed') || '/' || count(*) filter (where status = 'approved')
         from refund where consume_id in (${bills})) as "refundStates",
      (select count(*) from store where status = 'closed')::text as closed`,
    )
  )[0]!;
};

interface Answer {
  errcode: string;
  errmsg: string;
}

/** A call that may be refused: a refusal is a business errcode (never a 500) and changes nothing. */
export const attempt = async <A extends Answer>(
  w: World,
  what: string,
  call: () => Promise<A & { status?: number }>,
  expected?: readonly string[],
): Promise<A | null> => {
  const before = await footprint(w.db, w);
  const a = await call();
  if (a.status !== undefined) expect(a.status, `${what}: ${a.errmsg}`).toBeLessThan(500);
  if (a.errcode === ERR.OK) {
    if (expected) expect.fail(`${what} was accepted, expected a refusal (${expected.join('/')})`);
    return a;
  }
  if (expected?.length) expect(expected, `${what}: ${a.errmsg}`).toContain(a.errcode);
  expect(a.errmsg, what).toMatch(/[\u4e00-\u9fa5]/);
  expect(await footprint(w.db, w), `${what} refused (${a.errcode} ${a.errmsg}) but changed rows`).toEqual(before);
  return null;
};

/** A service call as an answer: its BizError as a refusal. */
const serviceAnswer = async <T>(fn: () => Promise<T>): Promise<Answer & { data?: T }> => {
  try {
    return { errcode: ERR.OK, errmsg: '', data: await fn() };
  } catch (e) {
    if (e instanceof BizError) return { errcode: e.errcode, errmsg: e.message };
    throw e;
  }
};

/** A call that must be accepted. */
const ok = async <R>(what: string, p: Promise<{ body: { errcode: string; errmsg: string; data: R } }>) => {
  const r = await p;
  expect(r.body.errcode, `${what}: ${r.body.errmsg}`).toBe(ERR.OK);
  return r.body.data;
};

const envelope = async <R>(p: Promise<{ status: number; body: Answer & { data: R } }>) => {
  const r = await p;
  return { status: r.status, ...r.body };
};

// ── The world ────────────────────────────────────────────────────────────────

export const loadGoods = async (db: Db): Promise<Goods> => {
  const one = async <T>(query: ReturnType<typeof sql>) => (await factRows<T>(db, query))[0]!;
  const product = await one<{ code: string; price: number }>(
    sql`select code, retail_price as price from product where code = 'P001'`,
  );
  const cardOf = (code: string) =>
    one<{ code: string; price: number }>(sql`select code, price from card where code = ${code}`);
  const project = await one<{ id: number; code: string }>(sql`select p.id, p.code from card_project cp
    join project p on p.id = cp.project_id join card c on c.id = cp.card_id where c.code = 'C001'`);
  const admin = await one<{ id: number }>(sql`select id from user_account where login_name = 'admin'`);
  return {
    product: { code: product.code, price: Number(product.price) },
    project: { id: Number(project.id), code: project.code },
    stored: await cardOf('C005'),
    combo: await cardOf('C001'),
    adminId: Number(admin.id),
  };
};

/** One sequence's world: its stores (new, open), four members, its clock some days back. */
export const makeWorld = async (
  base: Omit<World, 'stores' | 'members' | 'cards' | 'clock' | 'step'>,
  stores: readonly { id: number; code: string }[],
  pastOperations: number,
): Promise<World> => {
  const w: World = {
    ...base,
    stores: stores.map((s) => ({ ...s, open: true })),
    members: [],
    cards: [],
    clock: Date.now() - base.rng.int(3, 40) * 86_400_000,
    step: 0,
  };
  w.step = (Date.now() - w.clock) / pastOperations;
  for (let i = 0; i < 4; i++) {
    const phone = phoneOf(w, '1377', i);
    const m = await w.db.transaction((tx) =>
      createMember(tx, {
        name: `资金会员${w.seq}-${i}`,
        phone,
        storeId: w.rng.pick(w.stores).id,
        userId: null,
        joinedAt: new Date(w.clock),
      }),
    );
    w.members.push({ id: m.id, phone });
  }
  return w;
};

const phoneOf = (w: World, prefix: string, i: number) =>
  `${prefix}${String(w.seq).padStart(3, '0')}${String(i).padStart(4, '0')}`;

/** The world's cards as stored now. */
export const refreshWorld = async (w: World): Promise<void> => {
  const ids = w.members.map((m) => m.id);
  const rows = await q<Record<string, string | number | null>>(
    w,
    sql`select c.id, c.card_no as "cardNo", c.kind, c.store_id as "storeId", c.member_id as "memberId",
      case when c.expires_at <= now() then 'expired' else c.status end as status,
      coalesce(c.balance, 0) as balance, coalesce(c.bonus_balance, 0) as bonus, c.sessions_left as sessions,
      (select s.project_id from member_card_session s where s.member_card_id = c.id order by s.project_id limit 1)
        as "projectId"
      from member_card c where c.member_id in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}) order by c.id`,
  );
  w.cards = rows.map((r) => ({
    id: Number(r.id),
    cardNo: String(r.cardNo),
    kind: r.kind as WorldCard['kind'],
    storeId: Number(r.storeId),
    memberId: Number(r.memberId),
    status: String(r.status),
    balance: Number(r.balance),
    bonus: Number(r.bonus),
    projectId: r.projectId === null ? null : Number(r.projectId),
    sessions: Number(r.sessions),
  }));
  const open = new Set(
    (
      await q<{ id: number }>(
        w,
        sql`select id from store where status = 'open' and id in (${sql.join(
          w.stores.map((s) => sql`${s.id}::int`),
          sql`, `,
        )})`,
      )
    ).map((r) => Number(r.id)),
  );
  for (const s of w.stores) s.open = open.has(s.id);
};

/** The business time of the next bill: the clock moves on a little (never back, never past now). */
const billTime = (w: World): Date => {
  w.clock = Math.max(w.clock, Math.min(Date.now(), w.clock + Math.floor(w.rng.next() * 2 * w.step)));
  w.days.add(beijingDay(w.clock));
  return new Date(w.clock);
};

/** After an operation done now (approvals, executions, closures, imports): the clock is now. */
export const now = (w: World) => {
  w.clock = Math.max(w.clock, Date.now());
  w.days.add(beijingDay(w.clock));
};

const openStores = (w: World) => w.stores.filter((s) => s.open);
const liveCards = (w: World, kind: WorldCard['kind']) =>
  w.cards.filter((c) => c.kind === kind && c.status === 'active');
const storeCodeFor = (w: World, c?: WorldCard) => {
  const home = c && w.stores.find((s) => s.id === c.storeId && s.open);
  return (home ?? w.rng.pick(openStores(w))).code;
};

// ── Bills (POST /open/v1/bills, as the mini-program) ─────────────────────────

type Line = OpenBillBody['lines'][number];

const postBill = (w: World, body: OpenBillBody) =>
  openPost<{ billNo: string; replayed: boolean; openedCards: string[] }>(
    w.app,
    DEMO_OPEN_KEYS.mini,
    OPEN_PATHS.bills,
    body,
  );

const billBody = (w: World, memberPhone: string, storeCode: string, lines: Line[], paid: number): OpenBillBody => ({
  outerNo: `MI${w.seq}B${w.serial++}`,
  storeCode,
  member: memberPhone,
  at: billTime(w).toISOString(),
  lines,
  payments: paid > 0 ? [{ method: w.rng.pick(['cash', 'wechat', 'alipay'] as const), amount: paid }] : [],
});

/** Sends a bill: accepted (kept for replays and refunds) or refused with one of `refusals`, nothing changed. */
const sendBill = async (w: World, what: string, body: OpenBillBody, refusals?: readonly string[]): Promise<Outcome> => {
  const a = await attempt(w, what, () => postBill(w, body), refusals);
  if (!a) return 'refused';
  expect(a.data.replayed).toBe(false);
  const [c] = await q<{ id: number }>(w, sql`select id from member_consume where bill_no = ${a.data.billNo}`);
  w.bills.set(body.outerNo, { body, billNo: a.data.billNo, consumeId: Number(c!.id), answer: a.data });
  return 'accepted';
};

const memberOf = (w: World, c: WorldCard) => w.members.find((m) => m.id === c.memberId)!;

/** Lines drawing `units` from a card: P001 on a 储值卡, the project's sessions on a 套餐卡. */
const drawLine = (w: World, c: WorldCard, units: number): Line =>
  c.kind === 'stored'
    ? { kind: 'product', code: w.goods.product.code, cardNo: c.cardNo, quantity: units, staff: [] }
    : { kind: 'project', code: w.goods.project.code, cardNo: c.cardNo, quantity: units, staff: [] };

/** What a card holds in the units a draw takes (P001s of a 储值卡, sessions of a 套餐卡). */
const unitsHeld = (w: World, c: WorldCard) =>
  c.kind === 'stored' ? Math.floor((c.balance + c.bonus) / w.goods.product.price) : c.sessions;

// ── The operations ───────────────────────────────────────────────────────────

/** 开卡: a 储值卡 or 套餐卡 sold on a bill at one of the world's open stores. */
const openCardOp = operation({
  name: '开卡',
  weight: 10,
  input: (w) =>
    openStores(w).length
      ? { member: w.rng.pick(w.members).phone, stored: w.rng.chance(0.6), store: w.rng.pick(openStores(w)).code }
      : null,
  run: (w, i) => {
    const c = i.stored ? w.goods.stored : w.goods.combo;
    const line: Line = { kind: 'cardSale', code: c.code, quantity: 1, staff: [] };
    return sendBill(w, '开卡', billBody(w, i.member, i.store, [line], c.price));
  },
});

/** 充值: money (and a bonus) onto a 储值卡; on a card no longer active it is refused. */
const topUpOp = operation({
  name: '充值',
  weight: 12,
  input: (w) => {
    const cards = w.cards.filter((c) => c.kind === 'stored');
    if (!cards.length || !openStores(w).length) return null;
    const c =
      w.rng.chance(0.9) && liveCards(w, 'stored').length ? w.rng.pick(liveCards(w, 'stored')) : w.rng.pick(cards);
    return {
      card: c,
      amount: w.rng.int(1, 300) * 100 + w.rng.int(0, 99),
      bonus: w.rng.chance(0.4) ? w.rng.int(1, 50) * 100 : 0,
    };
  },
  run: (w, i) => {
    const line: Line = {
      kind: 'topUp',
      cardNo: i.card.cardNo,
      amount: i.amount,
      bonus: i.bonus,
      quantity: 1,
      staff: [],
    };
    const body = billBody(w, memberOf(w, i.card).phone, storeCodeFor(w, i.card), [line], i.amount);
    return sendBill(w, `充值 ${i.card.cardNo}`, body);
  },
});

/** 消费: a draw on a card; one that asks for more than the card holds is refused (余额不足), nothing changed. */
const drawOp = operation({
  name: '消费',
  weight: 28,
  input: (w) => {
    const cards = [...liveCards(w, 'stored'), ...liveCards(w, 'combo')];
    if (!cards.length || !openStores(w).length) return null;
    const c = w.rng.pick(cards);
    const held = unitsHeld(w, c);
    const over = w.rng.chance(0.25) || held === 0;
    return { card: c, units: over ? held + w.rng.int(1, 3) : w.rng.int(1, Math.min(held, 4)), over };
  },
  run: (w, i) => {
    const body = billBody(w, memberOf(w, i.card).phone, storeCodeFor(w, i.card), [drawLine(w, i.card, i.units)], 0);
    return sendBill(w, `消费 ${i.card.cardNo} ×${i.units}`, body, i.over ? [ERR.MEMBER_OVERDRAW] : undefined);
  },
});

/** Two draws on one card at once that together exceed it: one is accepted, the other refused. */
const concurrentDrawsOp = operation({
  name: '并发消费',
  weight: 6,
  input: (w) => {
    const cards = [...liveCards(w, 'stored'), ...liveCards(w, 'combo')].filter((c) => unitsHeld(w, c) >= 2);
    if (!cards.length || !openStores(w).length) return null;
    const c = w.rng.pick(cards);
    const held = unitsHeld(w, c);
    // Each fits alone (more than half of what the card holds); together they do not.
    const a = w.rng.int(Math.floor(held / 2) + 1, held);
    return { card: c, units: [a, w.rng.int(held - a + 1, held)] };
  },
  run: async (w, i) => {
    const bodies = i.units.map((u) =>
      billBody(w, memberOf(w, i.card).phone, storeCodeFor(w, i.card), [drawLine(w, i.card, u)], 0),
    );
    const answers = await Promise.all(bodies.map((b) => postBill(w, b)));
    const accepted = answers.filter((a) => a.errcode === ERR.OK);
    expect(
      answers.map((a) => a.errcode).sort(),
      `并发消费 ${i.card.cardNo} ${i.units}: ${answers.map((a) => a.errmsg)}`,
    ).toEqual([ERR.OK, ERR.MEMBER_OVERDRAW].sort());
    const won = bodies[answers.indexOf(accepted[0]!)]!;
    const [c] = await q<{ id: number }>(
      w,
      sql`select id from member_consume where bill_no = ${accepted[0]!.data.billNo}`,
    );
    w.bills.set(won.outerNo, {
      body: won,
      billNo: accepted[0]!.data.billNo,
      consumeId: Number(c!.id),
      answer: accepted[0]!.data,
    });
    // The loser wrote nothing: exactly one draw of this card is in the ledger for the two bills.
    const [n] = await q<{ n: number }>(
      w,
      sql`select count(*)::int as n from member_consume
      where outer_no in (${bodies[0]!.outerNo}, ${bodies[1]!.outerNo})`,
    );
    expect(Number(n!.n)).toBe(1);
    return 'accepted';
  },
});

/**
 * 补录消费 (off unless MONEY_LATE_BILLS=1): a draw sent late, dated just before the card's last
 * top-up, for all the card holds now. The bill API accepts a date before the card's
 * last row; when the card was topped up after that date, the card is below zero at that moment
 * of its history (the property's time-ordered check finds it). See the report of issue 15.
 */
const lateDrawOp = operation({
  name: '补录消费',
  weight: process.env.MONEY_LATE_BILLS === '1' ? 8 : 0,
  input: async (w) => {
    const cards = liveCards(w, 'stored').filter((c) => unitsHeld(w, c) > 0);
    if (!cards.length || !openStores(w).length) return null;
    const c = w.rng.pick(cards);
    // Dated just before the card's last top-up: what it holds now is more than it held then.
    const [credit] = await q<{ at: string }>(
      w,
      sql`select (extract(epoch from at) * 1000)::bigint::text as at from card_ledger where member_card_id = ${c.id} and kind = 'topUp'
        order by at desc limit 1`,
    );
    return credit ? { card: c, units: unitsHeld(w, c), at: Number(credit.at) - 1 } : null;
  },
  run: (w, i) => {
    const body = billBody(w, memberOf(w, i.card).phone, storeCodeFor(w, i.card), [drawLine(w, i.card, i.units)], 0);
    w.days.add(beijingDay(i.at));
    return sendBill(w, `补录消费 ${i.card.cardNo} ×${i.units}`, { ...body, at: new Date(i.at).toISOString() });
  },
});

/** The same bill sent again (a POS retry): the first answer, marked replayed, and nothing written twice. */
const replayBillOp = operation({
  name: '重发收银单',
  weight: 6,
  input: (w) => (w.bills.size ? w.rng.pick([...w.bills.values()]) : null),
  run: async (w, bill) => {
    const before = await footprint(w.db, w);
    const again = await postBill(w, bill.body);
    expect(again.errcode, again.errmsg).toBe(ERR.OK);
    expect(again.data).toEqual({ ...(bill.answer as object), replayed: true });
    expect(await footprint(w.db, w), `重发 ${bill.body.outerNo} wrote rows`).toEqual(before);
    return 'accepted';
  },
});

interface RefundLine {
  line: number;
  kind: string;
  amount: number;
  refunded: number;
  sessions: number | null;
  refundedSessions: number;
  memberCardId: number | null;
  cardAmount: number;
}

/**
 * Where a line's card stands: its own (never reissued), reissued to an open card (补卡: the refund
 * goes there), or ended 注销 — itself or at the end of its 补卡 chain (the refund is refused).
 */
const chainOf = async (w: World, memberCardId: number | null) => {
  if (memberCardId === null) return { state: 'none' as const, openCardId: null };
  const [end] = await q<{ id: number; status: string; depth: number }>(
    w,
    sql`with recursive chain as (
        select id, status, 0 as depth from member_card where id = ${memberCardId}
        union all
        select c.id, c.status, chain.depth + 1 from member_card c
          join chain on c.predecessor_id = chain.id and chain.status = 'closed')
      select id, status, depth from chain order by depth desc limit 1`,
  );
  const state = end!.status === 'cancelled' ? 'cancelled' : Number(end!.depth) > 0 ? 'reissued' : 'own';
  return { state, openCardId: Number(end!.id) } as const;
};

/**
 * 退款 of a line of one of the world's bills through the refund API: applied from /orderDetails,
 * approved in the approval center, executed; then executed again (refused, nothing changes). A
 * draw goes back onto its card — or, once the card was reissued (补卡), onto the open card of its
 * chain, the row naming the old card; a card 注销 refuses it. A top-up or card sale comes off its
 * card and goes back as money. Some ask for more than is left (refused at the application).
 */
const refundOp = operation({
  name: '退款',
  now: true,
  weight: 12,
  input: async (w) => {
    if (!w.bills.size) return null;
    // Now and then a bill drawn from a card since reissued or 注销, when the world has one.
    const ids = [...w.bills.values()].map((b) => b.consumeId);
    const touched = w.rng.chance(0.4)
      ? new Set(
          (
            await q<{ id: number }>(
              w,
              sql`select distinct l.consume_id as id from member_consume_line l join member_card c on c.id = l.member_card_id
                where c.status in ('closed', 'cancelled') and l.consume_id in (${sql.join(ids, sql`, `)})`,
            )
          ).map((r) => Number(r.id)),
        )
      : new Set<number>();
    const candidates = [...w.bills.values()].filter((b) => !touched.size || touched.has(b.consumeId));
    const bill = w.rng.pick(candidates);
    const lines = await q<RefundLine>(
      w,
      sql`select line, item_kind as kind, amount, refunded, sessions, refunded_sessions as "refundedSessions",
        member_card_id as "memberCardId", card_amount as "cardAmount"
        from member_consume_line where consume_id = ${bill.consumeId} order by line`,
    );
    const l = w.rng.pick(lines);
    const left = Number(l.amount) - Number(l.refunded);
    const sessionsLeft = l.sessions === null ? 0 : Number(l.sessions) - Number(l.refundedSessions);
    const over = w.rng.chance(0.15) || (left === 0 && sessionsLeft === 0);
    const whole = w.rng.chance(0.5);
    const amount = over ? left + w.rng.int(1, 500) : whole ? left : w.rng.int(0, left);
    const sessions =
      l.sessions === null ? undefined : over ? sessionsLeft + 1 : whole ? sessionsLeft : w.rng.int(1, sessionsLeft);
    if (!over && amount === 0 && !sessions) return null;
    if (!over && l.sessions !== null && !sessions) return null;
    const paidBack = l.kind === 'topUp' || l.kind === 'cardSale' ? amount : 0;
    const chain = await chainOf(w, l.memberCardId === null ? null : Number(l.memberCardId));
    const draw = l.memberCardId !== null && (l.kind === 'project' || l.kind === 'product');
    // A bill closed (冲正) takes no refund: refused by its state, whatever is asked.
    const [{ status } = { status: '' }] = await q<{ status: string }>(
      w,
      sql`select status from member_consume where id = ${bill.consumeId}`,
    );
    const closed = status === 'closed';
    return {
      bill,
      line: Number(l.line),
      amount,
      sessions,
      paidBack,
      over,
      chain,
      draw,
      cardId: l.memberCardId,
      closed,
    };
  },
  run: async (w, i) => {
    const what = `退款 ${i.bill.billNo} 第${i.line}行 ${i.amount}分${i.sessions ? ` ${i.sessions}次` : ''}（卡${i.chain.state}）`;
    const refusedAtApply = [ERR.REFUND_EXCEEDS, ERR.PARAM_INVALID, ERR.REFUND_INVALID];
    const applied = await attempt(
      w,
      what,
      () =>
        envelope(
          w.admin.call(REFUND_API.apply, {
            body: {
              consumeId: i.bill.consumeId,
              lines: [{ line: i.line, amount: i.amount, ...(i.sessions ? { sessions: i.sessions } : {}) }],
              payments: i.paidBack > 0 ? [{ seq: 1, amount: i.paidBack }] : [],
              reason: '资金性质测试退款',
            },
          }),
        ),
      // A card 注销 (itself or at the end of its 补卡 chain) takes nothing back: never accepted.
      i.closed
        ? [ERR.STATE_CHANGED, ...(i.chain.state === 'cancelled' ? [ERR.REFUND_CARD_CANCELLED] : [])]
        : i.chain.state === 'cancelled'
          ? [ERR.REFUND_CARD_CANCELLED, ERR.STATE_CHANGED, ...refusedAtApply]
          : i.over
            ? refusedAtApply
            : undefined,
    );
    if (!applied) return 'refused';
    const id = applied.data.id;
    const [r] = await q<{ approvalId: number }>(
      w,
      sql`select approval_id as "approvalId" from refund where id = ${id}`,
    );
    await ok(
      '退款审批',
      w.admin.call(APPROVAL_API.decide, { body: { id: Number(r!.approvalId), decision: 'approve', comment: '' } }),
    );
    now(w);
    const step = () => envelope(w.admin.call(REFUND_API.step, { body: { id, step: 'execute' } }));
    // A top-up refunded after the card was drawn cannot take its value back: refused, nothing changes.
    const done = await attempt(w, `${what} 执行`, step);
    if (i.chain.state === 'reissued' && i.draw) {
      // A draw on a card since reissued goes back to the open card of its chain, naming the old card.
      expect(done, `${what} 执行`).not.toBeNull();
      const rows = await q<{ card: number; origin: number | null }>(
        w,
        sql`select member_card_id as card, origin_card_id as origin from card_ledger where ref_type = 'refund' and ref_id = ${id}`,
      );
      expect(rows.map((r) => [Number(r.card), Number(r.origin)])).toEqual(
        rows.map(() => [i.chain.openCardId, Number(i.cardId)]),
      );
    }
    // Executed again (a double click, a retry): refused by its state, nothing changes.
    await attempt(w, `${what} 再次执行`, step, done ? [ERR.STATE_CHANGED] : undefined);
    return done ? 'accepted' : 'refused';
  },
});

/** 本金, 赠金 and sessions of the ledger rows `where` selects, summed per `card` (an expression). */
const ledgerSums = (w: World, card: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
  q<{ card: number; amount: number; bonus: number; sessions: number }>(
    w,
    sql`select ${card} as card, coalesce(sum(amount), 0)::int as amount, coalesce(sum(bonus_amount), 0)::int as bonus,
        coalesce(sum(sessions), 0)::int as sessions
      from card_ledger where ${where} group by 1`,
  );

/**
 * 冲正 of one of the world's bills on /abnormalBillingList: the bill is flagged (as the scan flags
 * one, rule 超限额) and 冲正 with a reason — the bill closed, what its card draws took and no
 * refund gave back put back on the cards by ledger 调整 rows, in one transaction (a card since
 * reissued: on its chain's open card). A bill already closed is refused by its state; one drawn on
 * a card 注销 (or frozen, expired) may be refused with its reason. A refusal changes nothing.
 */
const reverseOp = operation({
  name: '冲正',
  now: true,
  weight: 5,
  input: async (w) => {
    if (!w.bills.size) return null;
    const bill = w.rng.pick([...w.bills.values()]);
    const [state] = await q<{ status: string; cardsOpen: boolean }>(
      w,
      sql`select c.status, coalesce(bool_and(mc.status = 'active' and (mc.expires_at is null or mc.expires_at > now())), true)
          as "cardsOpen"
        from member_consume c left join member_consume_line l on l.consume_id = c.id
          left join member_card mc on mc.id = l.member_card_id
        where c.id = ${bill.consumeId} group by c.status`,
    );
    return { bill, open: state!.status === 'completed', cardsOpen: Boolean(state!.cardsOpen) };
  },
  run: async (w, i) => {
    const what = `冲正 ${i.bill.billNo}`;
    const flag = await flagBill(w.db, i.bill.consumeId, 'overLimit', '资金性质测试：单笔金额超限');
    const reverse = () =>
      envelope(w.admin.call(BILL_API.reverseAbnormal, { body: { id: flag, reason: '资金性质测试冲正' } }));
    // What the bill's draws took, card by card (negative): 冲正 puts back at most that.
    const drawn = await ledgerSums(
      w,
      sql`member_card_id`,
      sql`ref_type = 'member_consume' and kind = 'consume' and ref_id = ${i.bill.consumeId}`,
    );
    const done = await attempt(w, what, reverse, i.open ? undefined : [ERR.STATE_CHANGED]);
    if (i.open && i.cardsOpen) expect(done, `${what}: a completed bill on open cards is reversed`).not.toBeNull();
    if (!done) return 'refused';
    const [bill] = await q<{ status: string }>(
      w,
      sql`select status from member_consume where id = ${i.bill.consumeId}`,
    );
    expect(bill!.status, what).toBe('closed');
    const back = await ledgerSums(
      w,
      sql`coalesce(origin_card_id, member_card_id)`,
      sql`ref_type = ${BILL_REVERSAL_REF} and ref_id = ${i.bill.consumeId}`,
    );
    // Every 调整 row is for a card the bill drew from (on it, or on the open card of its 补卡 chain
    // naming it), and gives back no more than it drew.
    for (const b of back) {
      const d = drawn.find((x) => Number(x.card) === Number(b.card));
      expect(d, `${what}: 调整 on card ${b.card}, which the bill did not draw`).toBeDefined();
      for (const k of ['amount', 'bonus', 'sessions'] as const) {
        expect(Number(b[k]), `${what} card ${b.card} ${k}`).toBeGreaterThanOrEqual(0);
        expect(Number(b[k]), `${what} card ${b.card} ${k}`).toBeLessThanOrEqual(-Number(d![k]));
      }
    }
    // Closed again (a double click): refused by its state, nothing changes.
    await attempt(w, `${what} 再次冲正`, reverse, [ERR.STATE_CHANGED]);
    return 'accepted';
  },
});

/**
 * 调整 applied on /abnormalCardList (pending in the approval center): signed 本金/赠金 of a 储值卡 or
 * the sessions of a 套餐卡; more off than the card holds, or a second one while one waits, is refused.
 */
const adjustOp = operation({
  name: '调整申请',
  now: true,
  weight: 6,
  input: (w) => {
    const cards = w.cards.filter((c) => c.status === 'active');
    if (!cards.length) return null;
    const c = w.rng.pick(cards);
    const waiting = w.pending.some((p) => p.memberCardId === c.id);
    const signed = (held: number, unit: number) =>
      w.rng.chance(0.5) ? w.rng.int(1, 20) * unit : -w.rng.int(1, Math.max(1, Math.ceil((held * 1.2) / unit))) * unit;
    if (c.kind === 'stored') {
      const amount = signed(c.balance, 100);
      const bonus = w.rng.chance(0.3) ? signed(c.bonus, 10) : 0;
      return { card: c, body: { amount, bonus }, refused: waiting || -amount > c.balance || -bonus > c.bonus };
    }
    const sessions = w.rng.chance(0.5) ? w.rng.int(1, 5) : -w.rng.int(1, c.sessions + 1);
    return { card: c, body: { projectId: c.projectId!, sessions }, refused: waiting || -sessions > c.sessions };
  },
  run: async (w, i) => {
    const what = `调整 ${i.card.cardNo} ${JSON.stringify(i.body)}`;
    const a = await attempt(
      w,
      what,
      () =>
        envelope(
          w.admin.call(MEMBER_ASSET_API.adjust, {
            body: { memberCardId: i.card.id, ...i.body, reason: '资金性质测试调整' } as never,
          }),
        ),
      i.refused ? [ERR.MEMBER_OVERDRAW, ERR.CARD_HANDLING_STATE, ERR.PARAM_INVALID] : undefined,
    );
    if (!a) return 'refused';
    const [h] = await q<{ approvalId: number }>(
      w,
      sql`select approval_id as "approvalId" from card_handling
      where member_card_id = ${i.card.id} and status = 'pending'`,
    );
    w.pending.push({ memberCardId: i.card.id, approvalId: Number(h!.approvalId) });
    return 'accepted';
  },
});

/** The approval of the card's application just made, waiting: decided by 调整审批's operation like a 调整. */
const pendingClosure = async (w: World, memberCardId: number) => {
  const [c] = await q<{ approvalId: number }>(
    w,
    sql`select approval_id as "approvalId" from card_closure where member_card_id = ${memberCardId} and status = 'pending'`,
  );
  w.pending.push({ memberCardId, approvalId: Number(c!.approvalId) });
};

/** Cards a 补卡 or 注销 may take: open (正常 or 冻结), not past their expiry. */
const closableCards = (w: World) => w.cards.filter((c) => c.status === 'active' || c.status === 'frozen');

/**
 * 补卡 applied: the card's value moves to a new card when approved (补卡转出/转入); refused while an
 * application of the card waits or when it holds nothing (注销 is for that).
 */
const reissueOp = operation({
  name: '补卡申请',
  now: true,
  weight: 3,
  input: (w) => {
    const cards = closableCards(w);
    if (!cards.length) return null;
    const c = w.rng.pick(cards);
    const waiting = w.pending.some((p) => p.memberCardId === c.id);
    const empty = c.balance === 0 && c.bonus === 0 && c.sessions === 0;
    return { card: c, newCardNo: `NEW${w.seq}X${c.id}X${w.rng.int(100, 999)}`, refused: waiting || empty };
  },
  run: async (w, i) => {
    const body = { memberCardId: i.card.id, newCardNo: i.newCardNo, reason: '资金性质测试补卡' };
    const a = await attempt(
      w,
      `补卡 ${i.card.cardNo} → ${i.newCardNo}`,
      () => envelope(w.admin.call(MEMBER_ASSET_API.reissue, { body })),
      i.refused ? [ERR.CARD_HANDLING_STATE] : undefined,
    );
    if (!a) return 'refused';
    await pendingClosure(w, i.card.id);
    return 'accepted';
  },
});

/**
 * 注销 applied: the card emptied when approved, its 本金 refunded in part (储值卡) or everything
 * forfeited; refused while an application waits or for a refund above the 本金 left.
 */
const cancelOp = operation({
  name: '注销申请',
  now: true,
  weight: 2,
  input: (w) => {
    const cards = closableCards(w);
    if (!cards.length) return null;
    const c = w.rng.pick(cards);
    const waiting = w.pending.some((p) => p.memberCardId === c.id);
    const refund = c.kind === 'stored' && w.rng.chance(0.6);
    const refundAmount = refund ? w.rng.int(1, Math.max(1, Math.ceil(c.balance * 1.2))) : 0;
    return {
      card: c,
      body: { rule: refund ? 'refund' : 'forfeit', refundAmount },
      refused: waiting || refundAmount > c.balance,
    };
  },
  run: async (w, i) => {
    const body = { memberCardId: i.card.id, ...i.body, reason: '资金性质测试注销' };
    const a = await attempt(
      w,
      `注销 ${i.card.cardNo} ${JSON.stringify(i.body)}`,
      () => envelope(w.admin.call(MEMBER_ASSET_API.cancel, { body: body as never })),
      i.refused ? [ERR.CARD_HANDLING_STATE, ERR.CARD_REFUND_OVER] : undefined,
    );
    if (!a) return 'refused';
    await pendingClosure(w, i.card.id);
    return 'accepted';
  },
});

/**
 * 调整 decided in the approval center: a rejection moves nothing; an approval writes the ledger, or
 * is refused (nothing changes) when the card can no longer take it. The same decision twice is refused.
 */
const decideAdjustOp = operation({
  name: '调整审批',
  now: true,
  weight: 8,
  input: (w) => (w.pending.length ? { ...w.rng.pick(w.pending), approve: w.rng.chance(0.7) } : null),
  run: async (w, i) => {
    now(w);
    const decide = () =>
      envelope(
        w.admin.call(APPROVAL_API.decide, {
          body: { id: i.approvalId, decision: i.approve ? 'approve' : 'reject', comment: '' },
        }),
      );
    const before = await footprint(w.db, w);
    const a = await attempt(w, `调整审批 ${i.approvalId}`, decide);
    if (a) {
      w.pending = w.pending.filter((p) => p.approvalId !== i.approvalId);
      if (!i.approve) expect(await footprint(w.db, w), '驳回调整 moved money').toEqual(before);
      await attempt(w, `调整审批 ${i.approvalId} 重复`, decide, []);
    }
    return a && i.approve ? 'accepted' : 'refused';
  },
});

/**
 * 闭店迁移 of one of the world's stores to another of them: every card's value moves to a successor
 * card at the receiving store, the chain's total unchanged to the 分 and the closed store holding
 * nothing; closing it again, or into a closed store, is refused.
 */
const closeStoreOp = operation({
  name: '闭店迁移',
  now: true,
  weight: 2,
  input: (w) => {
    const open = openStores(w);
    if (open.length < 2) return null;
    const from = w.rng.pick(open);
    const closed = w.stores.filter((s) => !s.open);
    const to = closed.length && w.rng.chance(0.2) ? w.rng.pick(closed) : w.rng.pick(open.filter((s) => s !== from));
    return { from: from.id, to: to.id, refused: !to.open };
  },
  run: async (w, i) => {
    now(w);
    const held = async () =>
      (
        await q<{ store: string; chain: string }>(
          w,
          sql`select (select coalesce(sum(coalesce(balance, 0) + coalesce(bonus_balance, 0)), 0) || '/'
            || coalesce(sum(sessions_left), 0) from member_card where store_id = ${i.from}) as store,
          (select coalesce(sum(coalesce(balance, 0) + coalesce(bonus_balance, 0)), 0) || '/' || coalesce(sum(sessions_left), 0)
            from member_card) as chain`,
        )
      )[0]!;
    const before = await held();
    const start = () =>
      envelope(
        w.admin.call(MEMBER_MOVE_API.start, { body: { storeId: i.from, toStoreId: i.to, reason: '资金性质测试' } }),
      );
    const a = await attempt(w, `闭店 ${i.from} → ${i.to}`, start, i.refused ? [ERR.MOVE_INVALID] : undefined);
    if (!a) return 'refused';
    await closureRun(a.data.id);
    const [c] = await q<{ status: string; failed: number }>(
      w,
      sql`select c.status, (select count(*)::int from member_move m
      where m.closure_id = c.id and m.status <> 'done') as failed from store_closure c where c.id = ${a.data.id}`,
    );
    expect(c, `闭店 ${i.from}`).toEqual({ status: 'done', failed: 0 });
    const after = await held();
    expect(after.chain, '闭店 changed the chain’s total').toBe(before.chain);
    expect(after.store, '闭店 left value at the closed store').toBe('0/0');
    await attempt(w, `闭店 ${i.from} 再次`, start, [ERR.MOVE_STORE_CLOSED]);
    return 'accepted';
  },
});

/** The file of an import: its rows' cells by column key. */
const importFile = async (rows: Partial<Record<MemberImportColumnKey, string>>[]) => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('会员迁入');
  sheet.addRow(MEMBER_IMPORT_COLUMNS.map((c) => c.title));
  for (const r of rows) sheet.addRow(MEMBER_IMPORT_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * 会员迁入 through the import service (check, then the job): new members with a 储值卡 or 套餐卡 at
 * the world's open stores, one bad row now and then (named, not imported); the same file again
 * imports nothing and its start is refused.
 */
const importOp = operation({
  name: '迁入',
  now: true,
  weight: 3,
  input: async (w) => {
    const open = openStores(w);
    if (!open.length) return null;
    if (w.imports.length && w.rng.chance(0.5)) return { file: w.rng.pick(w.imports).file, ready: 0, replay: true };
    const rows: Partial<Record<MemberImportColumnKey, string>>[] = [];
    const n = w.rng.int(1, 3);
    for (let k = 0; k < n; k++) {
      const stored = w.rng.chance(0.6);
      const no = w.serial++;
      rows.push({
        name: `迁入会员${w.seq}-${no}`,
        phone: phoneOf(w, '1366', no),
        storeCode: w.rng.pick(open).code,
        cardCode: stored ? w.goods.stored.code : w.goods.combo.code,
        cardNo: `MIOLD${w.seq}-${no}`,
        ...(stored
          ? { principal: yuan(w.rng.int(1, 200_000)), bonus: w.rng.chance(0.5) ? yuan(w.rng.int(1, 20_000)) : '' }
          : { sessions: `${w.goods.project.code}:${w.rng.int(1, 12)}` }),
        openedAt: beijingDay(w.clock - w.rng.int(30, 300) * 86_400_000),
      });
    }
    const bad = w.rng.chance(0.3);
    if (bad) rows.push({ name: `错店会员${w.seq}`, phone: phoneOf(w, '1355', w.serial++), storeCode: 'NOSUCHSTORE' });
    return { file: await importFile(rows), ready: n, replay: false };
  },
  run: async (w, i) => {
    now(w);
    const caller = { user: { id: w.goods.adminId }, scope: HQ_SCOPE };
    const checked = await createImport(w.db, caller, { name: `资金性质${w.seq}.xlsx`, data: i.file });
    expect(checked.header.readyRows, JSON.stringify(checked.errors)).toBe(i.ready);
    const id = checked.header.id;
    if (i.replay) {
      const refused = await attempt(w, '迁入 重复文件', () => serviceAnswer(() => startImport(w.db, caller, id)), [
        ERR.MEMBER_IMPORT_STATE,
      ]);
      expect(refused).toBeNull();
      return 'refused';
    }
    await startImport(w.db, caller, id);
    await importFinished(id);
    const done = await importHeader(w.db, HQ_SCOPE, id);
    expect(done.state, done.failure ?? '').toBe('done');
    expect(done.createdRows).toBe(i.ready);
    w.imports.push({ id, file: i.file });
    // Undone at once now and then (nothing has touched its cards yet): accepted, every card left empty.
    if (w.rng.chance(0.3)) expect(await undoImport(w, id), `撤销迁入 ${id} at once`).toBe('accepted');
    const phones = await q<{ id: number; phone: string }>(
      w,
      sql`select m.id, m.phone from member_import_row r
      join member m on m.phone = r.phone where r.import_id = ${id} and r.outcome = 'created'`,
    );
    for (const m of phones) {
      if (!w.members.some((x) => x.id === Number(m.id))) w.members.push({ id: Number(m.id), phone: m.phone });
    }
    return 'accepted';
  },
});

/** Undoes an import: accepted (its cards then hold nothing, an undo again is refused) or refused, nothing changed. */
const undoImport = async (w: World, id: number): Promise<Outcome> => {
  const caller = { user: { id: w.goods.adminId }, scope: HQ_SCOPE };
  const undo = () => serviceAnswer(() => rollbackImport(w.db, caller, id));
  const a = await attempt(w, `撤销迁入 ${id}`, undo);
  if (!a) return 'refused';
  w.imports = w.imports.filter((x) => x.id !== id);
  const [left] = await q<{ n: number }>(
    w,
    sql`select count(*)::int as n from member_card c
    join member_import_row r on r.member_card_id = c.id where r.import_id = ${id}
    and (coalesce(c.balance, 0) <> 0 or coalesce(c.bonus_balance, 0) <> 0 or c.sessions_left <> 0)`,
  );
  expect(left!.n, `撤销迁入 ${id} left value on its cards`).toBe(0);
  await attempt(w, `撤销迁入 ${id} 再次`, undo, [ERR.MEMBER_IMPORT_STATE]);
  return 'accepted';
};

/**
 * 撤销迁入 of one of the world's imports: accepted while nothing else touched its cards and members
 * (each card then holds nothing), else refused with nothing changed; an undo again is refused.
 */
const undoImportOp = operation({
  name: '撤销迁入',
  weight: 2,
  now: true,
  input: (w) => (w.imports.length ? { id: w.rng.pick(w.imports).id } : null),
  run: (w, i) => undoImport(w, i.id),
});

/** Every operation of the sequences; 补卡 and 注销 are each one more entry here. */
export const OPERATIONS: readonly Operation<unknown>[] = [
  openCardOp,
  topUpOp,
  drawOp,
  concurrentDrawsOp,
  replayBillOp,
  refundOp,
  reverseOp,
  adjustOp,
  decideAdjustOp,
  reissueOp,
  cancelOp,
  closeStoreOp,
  importOp,
  undoImportOp,
  lateDrawOp,
];
