/**
 * The member rollups (rollups.ts) and the member-finance reports read from them (reports.ts):
 * after the demo seed, after writes through the ledger (a card sold in one store and drawn in
 * another, writes dated in an earlier, already closed month) and after the month close, the kept
 * rollups equal a rebuild from the facts, and every report figure equals an independent sum over
 * card_ledger and member_card (bounded by instants, not by the rollups' Beijing days); per store
 * 期初 + 开卡 + 充值 + 消费 + 其他 = 期末.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { card, cardProject, product, project } from '../goods/schema';
import { store } from '../stores/schema';
import { consume, openCard, topUp } from './ledger';
import { type BalanceRow, cardChanges, currentMemberBalance, memberBalance, monthlyMemberBalance } from './reports';
import {
  addMonths,
  checkMemberRollups,
  closeMemberBalanceMonths,
  nextDay,
  rebuildMemberRollups,
  shanghaiDay,
} from './rollups';
import { createMember } from './service';

let t: TestApp;
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const instant = (day: string) => `${day}T00:00:00+08:00`;
const today = () => shanghaiDay(new Date());
const endOfMonth = (first: string) =>
  new Date(Date.parse(`${addMonths(first, 1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const expectInSync = async () => {
  const check = await checkMemberRollups(t.db);
  expect(check.tables).toEqual([
    { table: 'member_flow_day', keptOnly: 0, rebuiltOnly: 0 },
    { table: 'member_flow_month', keptOnly: 0, rebuiltOnly: 0 },
    { table: 'member_balance_month', keptOnly: 0, rebuiltOnly: 0 },
  ]);
  expect(check.ok).toBe(true);
};

type Figures = Record<string, number>;
const EMPTY = ['opening', 'open', 'topUp', 'consume', 'other', 'closing'];

/** Independent sums over card_ledger ⋈ member_card per `group` for [from, to]: 期初, flows by kind, 期末. */
const expected = async (group: 'c.store_id' | 'c.card_id', from: string, to: string) => {
  const rows = await q<Record<string, string | number | null>>(sql`select ${sql.raw(group)} as g,
      case when l.at < ${instant(from)}::timestamptz then 'opening'
           when l.kind in ('refund', 'adjust') then 'other' else l.kind end as k,
      count(distinct (l.ref_type, l.ref_id, l.member_card_id)) as n,
      sum(l.amount) as amount, sum(l.bonus_amount) as bonus, coalesce(sum(l.sessions), 0) as sessions
    from card_ledger l join member_card c on c.id = l.member_card_id
    where l.at < ${instant(nextDay(to))}::timestamptz
    group by 1, 2`);
  const out = new Map<number, Figures>();
  for (const r of rows) {
    const f = out.get(Number(r.g)) ?? {};
    for (const m of ['amount', 'bonus', 'sessions']) {
      f[`${r.k}.${m}`] = Number(r[m]);
      f[`closing.${m}`] = (f[`closing.${m}`] ?? 0) + Number(r[m]);
    }
    if (r.k !== 'opening') f[`${r.k}.n`] = Number(r.n);
    out.set(Number(r.g), f);
  }
  return out;
};

/** A report row as the same flat figures (zeros left out). */
const figures = (r: BalanceRow): Figures => {
  const f: Figures = {};
  for (const k of EMPTY) {
    const part = r[k as keyof BalanceRow] as unknown as Record<string, number>;
    for (const m of ['n', 'amount', 'bonus', 'sessions']) {
      if (m in part && part[m] !== 0 && !(k === 'opening' || k === 'closing' ? m === 'n' : false))
        f[`${k}.${m}`] = part[m]!;
    }
  }
  return f;
};
const nonZero = (f: Figures): Figures => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== 0));

const expectBalanceReport = async (from: string, to: string) => {
  for (const by of ['store', 'card'] as const) {
    const report = await memberBalance(t.db, { from, to, by });
    const want = await expected(by === 'store' ? 'c.store_id' : 'c.card_id', from, to);
    const got = new Map(report.map((r) => [(by === 'store' ? r.storeId : r.cardId)!, figures(r)]));
    for (const id of new Set([...want.keys(), ...got.keys()])) {
      expect({ id, ...nonZero(got.get(id) ?? {}) }).toEqual({ id, ...nonZero(want.get(id) ?? {}) });
    }
    for (const r of report) {
      for (const m of ['amount', 'bonus', 'sessions'] as const) {
        expect(r.opening[m] + r.open[m] + r.topUp[m] + r.consume[m] + r.other[m]).toBe(r.closing[m]);
      }
    }
  }
};

const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const stores = await t.db.select().from(store).orderBy(asc(store.id));
  const sh = stores.find((s) => s.code === 'SH001')!;
  ids.sh = sh.id;
  ids.other = stores.find((s) => s.id !== sh.id && s.levelId === sh.levelId)!.id;
  const [p] = await t.db
    .insert(project)
    .values({
      code: 'RL-P1',
      name: '汇总测试护理',
      typeId: sql`(select id from master_item where category = 'projectType' order by id limit 1)` as never,
      durationMin: 60,
      price: 10_000,
    })
    .returning({ id: project.id });
  ids.project = p!.id;
  ids.product = (await t.db.select({ id: product.id }).from(product).orderBy(asc(product.id)).limit(1))[0]!.id;
  const [stored, combo] = await t.db
    .insert(card)
    .values([
      {
        code: 'RL-S',
        name: '汇总储值卡',
        kind: 'stored',
        price: 50_000,
        validityDays: 3650,
        amount: 50_000,
        bonus: 5000,
      },
      { code: 'RL-C', name: '汇总套餐卡', kind: 'combo', price: 80_000, validityDays: 3650 },
    ])
    .returning({ id: card.id });
  ids.stored = stored!.id;
  ids.combo = combo!.id;
  await t.db.insert(cardProject).values({ cardId: combo!.id, projectId: ids.project, sessions: 10, line: 1 });
});
afterAll(() => t.close());

describe('member rollups', () => {
  it('after the demo seed, equal a rebuild from the card ledger, and the reports equal sums over it', async () => {
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from card_ledger`);
    expect(Number(n!.n)).toBeGreaterThan(0);
    await expectInSync();
    const month = addMonths(today(), -1);
    await expectBalanceReport(month, endOfMonth(month));
    await expectBalanceReport('2020-01-01', today());
  });

  it('after live writes (cross-store, backdated into a closed month) and the month close, still equal', async () => {
    const m = await t.db.transaction((x) =>
      createMember(x, { name: '汇总会员', phone: '13912340001', storeId: ids.sh!, userId: null }),
    );
    const now = new Date();
    const earlier = new Date(Date.parse(`${addMonths(today(), -2)}T10:00:00+08:00`));
    const s = await t.db.transaction((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh!, at: earlier, userId: null }),
    );
    const c = await t.db.transaction((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh!, at: now, userId: null }),
    );
    await t.db.transaction((x) =>
      topUp(x, {
        memberCardId: s.memberCardId,
        storeId: ids.other!,
        amount: 10_000,
        bonus: 1000,
        at: now,
        userId: null,
      }),
    );
    // Drawn in another store: the balance is still the selling store's.
    const bill = await t.db.transaction((x) =>
      consume(x, {
        memberId: m.id,
        storeId: ids.other!,
        at: now,
        userId: null,
        lines: [
          { productId: ids.product!, quantity: 1, memberCardId: s.memberCardId },
          { projectId: ids.project!, quantity: 2, memberCardId: c.memberCardId },
          { projectId: ids.project!, quantity: 1, memberCardId: c.memberCardId },
        ],
      }),
    );
    expect(bill.paidByCard).toBeGreaterThan(0);
    await expectInSync();
    const from = addMonths(today(), -2);
    await expectBalanceReport(from, today());
    await expectBalanceReport(today(), today());

    const sh = (await memberBalance(t.db, { from: today(), to: today(), by: 'store', stores: [ids.sh!] }))[0]!;
    expect(sh.storeId).toBe(ids.sh);
    expect(sh.topUp.amount).toBeGreaterThanOrEqual(10_000);
    expect(sh.consume.sessions).toBeLessThanOrEqual(-3);
    // The bill drew the combo card on two lines: one change.
    const changes = await cardChanges(t.db, { from: today(), to: today(), byCard: true, stores: [ids.sh!] });
    const comboConsume = changes.find((r) => r.cardId === ids.combo && r.kind === 'consume')!;
    expect(comboConsume).toMatchObject({ n: 1, sessions: -3, storeId: ids.sh });
    const other = await memberBalance(t.db, { from: today(), to: today(), by: 'store', stores: [ids.other!] });
    expect(other.every((r) => r.storeId === ids.other)).toBe(true);

    // The month close job on the first day of a later month: the closings equal a rebuild's.
    const later = new Date(Date.parse(`${addMonths(today(), 2)}T00:30:00+08:00`));
    const closed = await closeMemberBalanceMonths(t.db, later);
    expect(closed.through).toBe(addMonths(today(), 1));
    await expectInSync();
    // Backdated again, into a month closed now.
    await t.db.transaction((x) =>
      topUp(x, { memberCardId: s.memberCardId, storeId: ids.sh!, amount: 2000, at: earlier, userId: null }),
    );
    await expectInSync();
    await expectBalanceReport(from, today());
    await expectBalanceReport(addMonths(today(), -1), addMonths(today(), 1));
    expect((await rebuildMemberRollups(t.db, later)).through).toBe(addMonths(today(), 1));
    await expectInSync();
  });

  it('card changes, current and monthly balances equal sums over the facts', async () => {
    const from = addMonths(today(), -3);
    const changes = await cardChanges(t.db, { from, to: today(), byCard: false });
    const want = await q<Record<string, string>>(sql`select c.store_id, l.kind,
        count(distinct (l.ref_type, l.ref_id, l.member_card_id)) as n, sum(l.amount) as amount,
        sum(l.bonus_amount) as bonus, coalesce(sum(l.sessions), 0) as sessions
      from card_ledger l join member_card c on c.id = l.member_card_id
      where l.at >= ${instant(from)}::timestamptz and l.at < ${instant(nextDay(today()))}::timestamptz
      group by 1, 2`);
    const key = (s: unknown, k: unknown) => `${s}|${k}`;
    expect(new Map(changes.map((r) => [key(r.storeId, r.kind), [r.n, r.amount, r.bonus, r.sessions]]))).toEqual(
      new Map(want.map((r) => [key(r.store_id, r.kind), [r.n, r.amount, r.bonus, r.sessions].map(Number)])),
    );
    const paid = await q<{ paid: string }>(sql`select coalesce(sum(paid), 0) as paid from member_card
      where opened_at >= ${instant(from)}::timestamptz and opened_at < ${instant(nextDay(today()))}::timestamptz`);
    expect(changes.filter((r) => r.kind === 'open').reduce((n, r) => n + r.paid, 0)).toBe(Number(paid[0]!.paid));

    // Now: the balances equal the cards' own balances and sessions left, per selling store.
    const current = await currentMemberBalance(t.db, { today: today() });
    const cards = await q<Record<string, string>>(sql`select c.store_id, count(*) as cards,
        coalesce(sum(c.balance), 0) as amount, coalesce(sum(c.bonus_balance), 0) as bonus,
        coalesce(sum((select sum(x.remaining) from member_card_session x where x.member_card_id = c.id)), 0) as sessions,
        count(*) filter (where coalesce(c.balance, 0) + coalesce(c.bonus_balance, 0) > 0
          or exists (select 1 from member_card_session x where x.member_card_id = c.id and x.remaining > 0)) as live
      from member_card c group by 1`);
    expect(
      new Map(current.map((r) => [r.storeId, [r.cards, r.amount, r.bonus, r.sessions, r.cardsWithBalance]])),
    ).toEqual(
      new Map(cards.map((r) => [Number(r.store_id), [r.cards, r.amount, r.bonus, r.sessions, r.live].map(Number)])),
    );
    expect(current.every((r) => r.membersWithBalance! <= r.cardsWithBalance!)).toBe(true);
    // As of a past day: the ledger up to the end of that day.
    const day = addMonths(today(), -1);
    const past = await currentMemberBalance(t.db, { day, today: today() });
    const upTo = await expected('c.store_id', day, day);
    for (const r of past) {
      const f = upTo.get(r.storeId) ?? {};
      expect([r.amount, r.bonus, r.sessions]).toEqual([
        f['closing.amount'] ?? 0,
        f['closing.bonus'] ?? 0,
        f['closing.sessions'] ?? 0,
      ]);
      expect(r.cardsWithBalance).toBeNull();
    }

    // Monthly: each month's 期末 is the next month's 期初 and equals the ledger up to the month's end.
    const monthly = await monthlyMemberBalance(t.db, {
      fromMonth: addMonths(today(), -3).slice(0, 7),
      toMonth: today().slice(0, 7),
    });
    expect(monthly.length).toBeGreaterThan(0);
    for (const month of new Set(monthly.map((r) => r.month))) {
      const first = `${month}-01`;
      const want = await expected('c.store_id', first, endOfMonth(first));
      for (const r of monthly.filter((x) => x.month === month)) {
        const f = want.get(r.storeId) ?? {};
        expect([r.opening.amount, r.closing.amount, r.closing.bonus, r.closing.sessions, r.topUp.n]).toEqual([
          f['opening.amount'] ?? 0,
          f['closing.amount'] ?? 0,
          f['closing.bonus'] ?? 0,
          f['closing.sessions'] ?? 0,
          f['topUp.n'] ?? 0,
        ]);
      }
    }
  });
});
