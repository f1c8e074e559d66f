/**
 * A property of the bill service: whatever random sequence of bills comes in — card sales,
 * top-ups, draws on 储值卡 and 套餐卡 (some overdrawing), retail, and replays of earlier numbers —
 * every bill is accepted exactly when a simple model of the cards says it can be, a replay
 * answers the first result, and at the end every card's balance and sessions equal the sum of
 * its ledger rows and none is below zero.
 */
import { ERR } from '@zb/contract/errcodes';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BizError } from '../../platform/errors';
import { prng } from '../../seed/stores';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { card, product } from '../goods/schema';
import { memberCard } from '../members/schema';
import { createMember } from '../members/service';
import { openClient } from '../openApi/schema';
import type { OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { postBill } from './service';

let t: TestApp;
let caller: OpenCaller;
/**
 * A thousand bills on PostgreSQL (concurrency and locking are its own); a quarter of that on the
 * embedded database, where the same service runs on one connection and a bill costs four times
 * as long: it keeps `npm test` within its ten minutes without losing a rule.
 */
const BILLS = process.env.TEST_DB === 'postgres' ? 1000 : 250;

beforeAll(async () => {
  t = await createTestApp();
  const [c] = await t.db.select({ id: openClient.id }).from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  caller = { clientId: c!.id, kind: 'mini', name: 'property', storeId: null };
});

afterAll(async () => {
  await t?.close();
});

interface ModelCard {
  cardNo: string;
  kind: 'stored' | 'combo';
  balance: number;
  bonus: number;
  sessions: number;
}

it(`keeps every card equal to its ledger and never below zero over ${BILLS} random bills and replays`, async () => {
  const rng = prng(14_2026);
  const one = async <T>(q: Promise<T[]>) => (await q)[0]!;
  const P = await one(t.db.select({ price: product.retailPrice }).from(product).where(eq(product.code, 'P001')));
  const C5 = await one(
    t.db.select({ price: card.price, amount: card.amount, bonus: card.bonus }).from(card).where(eq(card.code, 'C005')),
  );
  const C1 = await one(t.db.select({ price: card.price }).from(card).where(eq(card.code, 'C001')));
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  const members: { phone: string; cards: ModelCard[] }[] = [];
  for (let i = 0; i < 4; i++) {
    const phone = `1390003${String(i).padStart(4, '0')}`;
    await t.db.transaction((tx) =>
      createMember(tx, { name: `性质会员${i}`, phone, storeId: s!.id, userId: null, joinedAt: new Date() }),
    );
    members.push({ phone, cards: [] });
  }

  const answers = new Map<string, unknown>();
  const sent: string[] = [];
  let accepted = 0;
  let refused = 0;
  let replays = 0;
  for (let n = 0; n < BILLS; n++) {
    if (sent.length && rng.chance(0.1)) {
      const outerNo = rng.pick(sent);
      const again = await postBill(t.db, caller, {
        outerNo,
        storeCode: 'BJ001',
        member: members[0]!.phone,
        at: '2026-11-20T10:00:00+08:00',
        lines: [{ kind: 'product', code: 'P001', quantity: 1, staff: [] }],
        payments: [],
      });
      expect(again).toEqual({ ...(answers.get(outerNo) as object), replayed: true });
      replays++;
      continue;
    }
    const m = rng.pick(members);
    const stored = m.cards.filter((c) => c.kind === 'stored');
    const combos = m.cards.filter((c) => c.kind === 'combo');
    type Line = Parameters<typeof postBill>[2]['lines'][number];
    const lines: Line[] = [];
    let other = 0;
    let ok = true;
    // What the bill would leave on each card: its top-ups first, then its draws in line order (as the service writes them).
    const after = new Map(m.cards.map((c) => [c.cardNo, { ...c }]));
    const draws: (() => void)[] = [];
    const opened: ModelCard[] = [];
    for (let k = rng.int(1, 3); k > 0; k--) {
      const roll = rng.next();
      if (roll < 0.12 || m.cards.length === 0) {
        const storedSale = rng.chance(0.5);
        lines.push({ kind: 'cardSale', code: storedSale ? 'C005' : 'C001', quantity: 1, staff: [] });
        other += storedSale ? C5!.price : C1!.price;
        opened.push({
          cardNo: '',
          kind: storedSale ? 'stored' : 'combo',
          balance: storedSale ? (C5!.amount ?? 0) : 0,
          bonus: storedSale ? (C5!.bonus ?? 0) : 0,
          sessions: storedSale ? 0 : 10,
        });
      } else if (roll < 0.3 && stored.length) {
        const c = after.get(rng.pick(stored).cardNo)!;
        const amount = rng.int(1, 40) * 1_000;
        const bonus = rng.chance(0.3) ? rng.int(1, 5) * 100 : 0;
        lines.push({ kind: 'topUp', cardNo: c.cardNo, amount, bonus, quantity: 1, staff: [] });
        other += amount;
        c.balance += amount;
        c.bonus += bonus;
      } else if (roll < 0.65 && stored.length) {
        const c = after.get(rng.pick(stored).cardNo)!;
        const quantity = rng.int(1, 12);
        const due = quantity * P!.price;
        lines.push({ kind: 'product', code: 'P001', cardNo: c.cardNo, quantity, staff: [] });
        draws.push(() => {
          if (c.balance + c.bonus < due) ok = false;
          else {
            const fromBalance = Math.min(c.balance, due);
            c.balance -= fromBalance;
            c.bonus -= due - fromBalance;
          }
        });
      } else if (roll < 0.85 && combos.length) {
        const c = after.get(rng.pick(combos).cardNo)!;
        const quantity = rng.int(1, 4);
        lines.push({ kind: 'project', code: 'J001', cardNo: c.cardNo, quantity, staff: [] });
        draws.push(() => {
          if (c.sessions < quantity) ok = false;
          else c.sessions -= quantity;
        });
      } else {
        const quantity = rng.int(1, 3);
        lines.push({ kind: 'product', code: 'P001', quantity, staff: [] });
        other += quantity * P!.price;
      }
    }
    for (const draw of draws) draw();
    const outerNo = `P${n}`;
    const cash = rng.chance(0.5) ? other : Math.floor(other / 2);
    const payments =
      other === 0
        ? []
        : cash === other
          ? [{ method: 'cash' as const, amount: other }]
          : [
              { method: 'cash' as const, amount: cash },
              { method: 'wechat' as const, amount: other - cash },
            ].filter((p) => p.amount > 0);
    try {
      const answer = await postBill(t.db, caller, {
        outerNo,
        storeCode: 'BJ001',
        member: m.phone,
        at: '2026-11-20T10:00:00+08:00',
        lines,
        payments,
      });
      expect(ok, `bill ${n} was accepted but the model refuses it`).toBe(true);
      expect(answer.replayed).toBe(false);
      answers.set(outerNo, { ...answer, replayed: false });
      sent.push(outerNo);
      for (const c of m.cards) Object.assign(c, after.get(c.cardNo));
      opened.forEach((c, i) => {
        c.cardNo = answer.openedCards[i]!;
        m.cards.push(c);
      });
      for (const c of answer.cards) {
        const mc = m.cards.find((x) => x.cardNo === c.cardNo)!;
        if (mc.kind === 'stored') expect([c.balance, c.bonusBalance]).toEqual([mc.balance, mc.bonus]);
      }
      accepted++;
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      expect(ok, `bill ${n} was refused (${e.message}) but the model accepts it`).toBe(false);
      expect(e.errcode).toBe(ERR.MEMBER_OVERDRAW);
      refused++;
    }
  }
  expect(accepted).toBeGreaterThan(BILLS / 3);
  expect(refused).toBeGreaterThan(BILLS / 100);
  expect(replays).toBeGreaterThan(BILLS / 20);

  // Every card: its balances and sessions are the ledger's sums, agree with the model, and none is negative.
  const cardNos = members.flatMap((m) => m.cards.map((c) => c.cardNo));
  const rows = await t.db
    .select({
      id: memberCard.id,
      cardNo: memberCard.cardNo,
      balance: memberCard.balance,
      bonus: memberCard.bonusBalance,
      // Spelled out: inside a sub-select drizzle would name the outer column unqualified.
      sumAmount: sql<number>`(select coalesce(sum(l.amount), 0)::int from card_ledger l where l.member_card_id = "member_card"."id")`,
      sumBonus: sql<number>`(select coalesce(sum(l.bonus_amount), 0)::int from card_ledger l where l.member_card_id = "member_card"."id")`,
      sumSessions: sql<number>`(select coalesce(sum(l.sessions), 0)::int from card_ledger l where l.member_card_id = "member_card"."id")`,
      sessions: sql<number>`(select coalesce(sum(s.remaining), 0)::int from member_card_session s where s.member_card_id = "member_card"."id")`,
    })
    .from(memberCard)
    .where(inArray(memberCard.cardNo, cardNos));
  expect(rows).toHaveLength(cardNos.length);
  const model = new Map(members.flatMap((m) => m.cards.map((c) => [c.cardNo, c])));
  for (const r of rows) {
    const c = model.get(r.cardNo)!;
    if (c.kind === 'stored') {
      expect([r.balance, r.bonus]).toEqual([r.sumAmount, r.sumBonus]);
      expect([r.balance, r.bonus]).toEqual([c.balance, c.bonus]);
      expect(r.balance!).toBeGreaterThanOrEqual(0);
      expect(r.bonus!).toBeGreaterThanOrEqual(0);
    } else {
      expect(r.sessions).toBe(r.sumSessions);
      expect(r.sessions).toBe(c.sessions);
      expect(r.sessions).toBeGreaterThanOrEqual(0);
    }
  }
}, 600_000);
