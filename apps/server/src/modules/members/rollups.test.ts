/**
 * The member rollups (rollups.ts): after the demo seed, after writes through the ledger (a card
 * sold in one store and drawn in another, writes dated in an earlier, already closed month),
 * after the month close job and with concurrent writers, the kept rollups equal a rebuild from
 * card_ledger and member_card, row for row. The reports' figures over them: reports.test.ts.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { card, cardProject, product, project } from '../goods/schema';
import { store } from '../stores/schema';
import { consume, openCard, topUp } from './ledger';
import {
  addMonths,
  checkMemberRollups,
  closeMemberBalanceMonths,
  DELTA_TABLES,
  foldRollupDeltas,
  ROLLUP_FAMILIES,
  rebuildMemberRollups,
  shanghaiDay,
} from './rollups';
import { createMember } from './service';

let t: TestApp;
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const today = () => shanghaiDay(new Date());

/** SH001's kept day flow of a card product and kind (the rollup row itself). */
const flowOf = async (day: string, cardId: number, kind: string) => {
  await foldRollupDeltas(t.db);
  const [row] = await q<Record<string, number>>(sql`select store_id, n, amount, sessions
    from member_flow_day where day = ${day}::date and card_id = ${cardId} and kind = ${kind} and store_id = ${ids.sh!}`);
  return row ? Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) : undefined;
};
const expectInSync = async () => {
  const check = await checkMemberRollups(t.db);
  expect(check.tables).toEqual(
    [
      ...ROLLUP_FAMILIES.flatMap((f) => [f.day, f.month, f.balance]),
      'card_draw_day',
      'card_draw_month',
      'consume_item_day',
      'consume_item_month',
      'consume_item_chain_day',
      'consume_item_chain_month',
      'member.last_visit_day',
      'member_card.sessions_left',
      'member.cards_valid',
      'member_store_day',
      'member_store_month',
      'staff_share_day',
      'staff_share_month',
    ].map((table) => ({ table, keptOnly: 0, rebuiltOnly: 0 })),
  );
  expect(check.tables).toHaveLength(22);
  expect(check.ok).toBe(true);
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
  const [big] = await t.db
    .insert(product)
    .values({ code: 'RL-G2', name: '汇总测试大商品', unit: '套', retailPrice: 65_000, costPrice: 0 })
    .returning({ id: product.id });
  ids.bigProduct = big!.id;
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
    // Kept by the selling store; the bill drew the combo card on two lines: one change.
    expect(await flowOf(today(), ids.combo!, 'consume')).toEqual({ store_id: ids.sh, n: 1, amount: 0, sessions: -3 });
    expect(await flowOf(today(), ids.stored!, 'topUp')).toMatchObject({ store_id: ids.sh, n: 1 });

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
    expect((await rebuildMemberRollups(t.db, later)).through).toBe(addMonths(today(), 1));
    await expectInSync();
  });

  it('concurrent writers adding to the same rollup rows both count', async () => {
    const m = await t.db.transaction((x) =>
      createMember(x, { name: '并发会员', phone: '13912340002', storeId: ids.sh!, userId: null }),
    );
    const at = new Date();
    const cards = [];
    for (let i = 0; i < 6; i++) {
      cards.push(
        await t.db.transaction((x) =>
          openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh!, at, userId: null }),
        ),
      );
    }
    const before = await flowOf(today(), ids.stored!, 'topUp');
    // Six transactions on six cards, all adding to one day row and one month row at once.
    await Promise.all(
      cards.map((c) =>
        t.db.transaction((x) =>
          topUp(x, { memberCardId: c.memberCardId, storeId: ids.sh!, amount: 700, bonus: 10, at, userId: null }),
        ),
      ),
    );
    const after = await flowOf(today(), ids.stored!, 'topUp');
    expect(after!.n! - (before?.n ?? 0)).toBe(6);
    expect(after!.amount! - (before?.amount ?? 0)).toBe(6 * 700);
    await expectInSync();
  });

  it('writers append deltas; the fold adds them to the rollups, which then equal the facts', async () => {
    const m = await t.db.transaction((x) =>
      createMember(x, { name: '增量会员', phone: '13912340003', storeId: ids.sh!, userId: null }),
    );
    const at = new Date();
    await foldRollupDeltas(t.db);
    const before = await flowOf(today(), ids.stored!, 'open');
    const opened = await t.db.transaction((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh!, at, userId: null }),
    );
    await t.db.transaction((x) =>
      topUp(x, { memberCardId: opened.memberCardId, storeId: ids.sh!, amount: 900, at, userId: null }),
    );
    // Written as deltas: the rollup row itself has not moved yet.
    const pending = await q<{ n: string | number }>(sql`select count(*) as n from member_flow_delta`);
    expect(Number(pending[0]!.n)).toBeGreaterThan(0);
    const [kept] = await q<{ n: number }>(sql`select n from member_flow_day
      where day = ${today()}::date and card_id = ${ids.stored!} and kind = 'open' and store_id = ${ids.sh!}`);
    expect(Number(kept?.n ?? 0)).toBe(before?.n ?? 0);
    // The fold moves every delta in (and deletes it); a second fold has nothing left.
    expect(await foldRollupDeltas(t.db)).toBeGreaterThan(0);
    for (const table of DELTA_TABLES) {
      expect(Number((await q<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n)).toBe(0);
    }
    expect(await foldRollupDeltas(t.db)).toBe(0);
    expect((await flowOf(today(), ids.stored!, 'open'))!.n).toBe((before?.n ?? 0) + 1);
    // The check folds what is pending itself: a delta left unfolded still proves equal.
    await t.db.transaction((x) =>
      topUp(x, { memberCardId: opened.memberCardId, storeId: ids.sh!, amount: 100, at, userId: null }),
    );
    await expectInSync();
  });

  it('draws that leave value, empty a card, are dated before its latest row, or run side by side: still equal', async () => {
    // A draw that leaves its card holding value, dated no earlier than the member's latest row, is
    // written without working the holding out (ledger.ts movesNoHolding); every other draw works it
    // out. Either way the kept holdings (held, holders) must equal the rebuild's.
    const m = await t.db.transaction((x) =>
      createMember(x, { name: '持有会员', phone: '13912340004', storeId: ids.sh!, userId: null }),
    );
    const dayAt = (daysBack: number) => new Date(Date.parse(`${today()}T12:00:00+08:00`) - daysBack * 86_400_000);
    const open = (cardId: number, at: Date) =>
      t.db.transaction((x) => openCard(x, { memberId: m.id, cardId, storeId: ids.sh!, at, userId: null }));
    const draw = (memberCardId: number, quantity: number, at: Date, item: 'project' | 'product' = 'project') =>
      t.db.transaction((x) =>
        consume(x, {
          memberId: m.id,
          storeId: ids.sh!,
          at,
          userId: null,
          lines: [
            item === 'project'
              ? { projectId: ids.project!, quantity, memberCardId }
              : { productId: ids.product!, quantity, memberCardId },
          ],
        }),
      );
    const combo = await open(ids.combo!, dayAt(5));
    const stored = await open(ids.stored!, dayAt(5));
    // Leaves value (3 of 10 sessions; part of the stored balance), today and again today.
    await draw(combo.memberCardId, 3, dayAt(0));
    await draw(stored.memberCardId, 1, dayAt(0), 'product');
    await draw(combo.memberCardId, 1, dayAt(0));
    await expectInSync();
    // Dated before the card's latest row: the card still holds value after, but not on the days
    // between (55,000 at day -5, a top-up of 10,000 + 1,000 at day -1, 65,000 drawn at day -3).
    await draw(combo.memberCardId, 2, dayAt(3));
    const topped = await open(ids.stored!, dayAt(5));
    await t.db.transaction((x) =>
      topUp(x, {
        memberCardId: topped.memberCardId,
        storeId: ids.sh!,
        amount: 10_000,
        bonus: 1000,
        at: dayAt(1),
        userId: null,
      }),
    );
    const big = await t.db.transaction((x) =>
      consume(x, {
        memberId: m.id,
        storeId: ids.sh!,
        at: dayAt(3),
        userId: null,
        lines: [{ productId: ids.bigProduct!, quantity: 1, memberCardId: topped.memberCardId }],
      }),
    );
    expect(big.cardsLeft).toEqual([expect.objectContaining({ balance: 0, bonusBalance: 1000 })]);
    await expectInSync();
    // Empties the combo card (4 sessions left): it no longer holds value from today.
    await draw(combo.memberCardId, 4, dayAt(0));
    await expectInSync();
    const [left] = await q<{ n: string | number }>(sql`select coalesce(sum(remaining), 0) as n
      from member_card_session where member_card_id = ${combo.memberCardId}`);
    expect(Number(left!.n)).toBe(0);
    // Side by side on one member: a card opened and emptied, and draws that leave value.
    const second = await open(ids.combo!, dayAt(1));
    await Promise.all([
      draw(second.memberCardId, 10, dayAt(0)),
      draw(stored.memberCardId, 1, dayAt(0), 'product'),
      draw(stored.memberCardId, 1, dayAt(0), 'product'),
    ]);
    await expectInSync();
  });
});
