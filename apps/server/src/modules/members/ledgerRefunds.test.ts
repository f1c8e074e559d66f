/**
 * The ledger's 退款 and 调整 writers (ledger.ts): refunds and corrections move cards only through
 * ledger rows, never below zero, once per business record; a bill's refunds give back what its
 * lines drew (principal first, then bonus; sessions), never more than is left, also when two run
 * at once; a bill's reversal (冲正) gives back what is still drawn, once. After all of it every
 * card's balance and sessions equal the sum of its ledger rows, and the kept rollups equal a
 * rebuild.
 */
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardWorld, refusal } from '../../testing/cardWorld';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { adjustCards, consume, refundBillLines, refundToCards, reverseBillDraws } from './ledger';
import { checkMemberRollups } from './rollups';
import { memberCard, memberCardSession, memberConsume, memberConsumeLine } from './schema';

let t: TestApp;
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

const ids: Record<string, number> = {};
let price = 0;

const cardOf = async (id: number) => (await t.db.select().from(memberCard).where(eq(memberCard.id, id)))[0]!;
const sessionsOf = async (id: number) =>
  (await t.db.select().from(memberCardSession).where(eq(memberCardSession.memberCardId, id)))[0]!.remaining;

/** Every card: balance, bonus and sessions equal the sums of its ledger rows; the rollups equal a rebuild. */
const expectLedgerInvariants = async () => {
  const money = await q<{ n: number }>(sql`select count(*)::int as n from member_card c
    left join lateral (select coalesce(sum(amount), 0)::int as a, coalesce(sum(bonus_amount), 0)::int as b
      from card_ledger l where l.member_card_id = c.id) s on true
    where c.kind = 'stored' and (c.balance <> s.a or c.bonus_balance <> s.b)`);
  expect(Number(money[0]!.n)).toBe(0);
  const sessions = await q<{ n: number }>(sql`select count(*)::int as n from member_card_session s
    where s.remaining <> (select coalesce(sum(sessions), 0)::int from card_ledger l
      where l.member_card_id = s.member_card_id and l.project_id = s.project_id)`);
  expect(Number(sessions[0]!.n)).toBe(0);
  const check = await checkMemberRollups(t.db);
  expect(check.ok).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  const w = await cardWorld(t.db, { code: 'LR', phone: '13912350001', amount: 50_000, bonus: 5000, sessions: 10 });
  Object.assign(ids, w);
  price = w.price;
});
afterAll(() => t.close());

const bill = (lines: Parameters<typeof consume>[1]['lines']) =>
  t.db.transaction((x) => consume(x, { memberId: ids.member!, storeId: ids.sh!, at: new Date(), userId: null, lines }));

const entries = (refId: number, list: Parameters<typeof refundToCards>[1]['entries'], reason = '测试') => ({
  refType: 'test_record',
  refId,
  storeId: ids.sh!,
  at: new Date(),
  userId: null,
  reason,
  entries: list,
});

describe('ledger 退款 and 调整', () => {
  it('moves a card both ways through ledger rows, once per record, never below zero', async () => {
    const before = await cardOf(ids.stored!);
    const done = await t.db.transaction((x) =>
      refundToCards(x, entries(1, [{ memberCardId: ids.stored!, amount: 1200, bonus: 300 }])),
    );
    expect(done.written).toBe(true);
    expect(done.rows[0]).toMatchObject({ seq: 1, amount: 1200, bonus: 300, balanceAfter: before.balance! + 1200 });
    // The same record again: nothing moves.
    const again = await t.db.transaction((x) =>
      refundToCards(x, entries(1, [{ memberCardId: ids.stored!, amount: 1200, bonus: 300 }])),
    );
    expect(again.written).toBe(false);
    expect((await cardOf(ids.stored!)).balance).toBe(before.balance! + 1200);
    // Value taken off in cash: never below zero, and a refused record writes nothing.
    expect(
      await refusal(
        t.db.transaction((x) =>
          refundToCards(
            x,
            entries(2, [
              { memberCardId: ids.combo!, projectId: ids.project!, sessions: -1 },
              { memberCardId: ids.stored!, amount: -(before.balance! + 1201) },
            ]),
          ),
        ),
      ),
    ).toBe(ERR.MEMBER_OVERDRAW);
    expect(await sessionsOf(ids.combo!)).toBe(10);
    expect(
      await refusal(
        t.db.transaction((x) =>
          adjustCards(x, entries(3, [{ memberCardId: ids.combo!, projectId: ids.project!, sessions: -11 }])),
        ),
      ),
    ).toBe(ERR.MEMBER_OVERDRAW);
    // A correction needs its reason; it is signed.
    expect(
      await refusal(
        t.db.transaction((x) => adjustCards(x, entries(4, [{ memberCardId: ids.stored!, amount: -1 }], ' '))),
      ),
    ).toBe(ERR.MEMBER_INVALID);
    await t.db.transaction((x) =>
      adjustCards(x, entries(4, [{ memberCardId: ids.combo!, projectId: ids.project!, sessions: -2 }], '冲正多划')),
    );
    expect(await sessionsOf(ids.combo!)).toBe(8);
    // Money on a 套餐卡, sessions on a 储值卡, zero entries: refused.
    for (const e of [
      { memberCardId: ids.combo!, amount: 5 },
      { memberCardId: ids.stored!, projectId: ids.project!, sessions: 1 },
      { memberCardId: ids.stored! },
    ]) {
      expect(await refusal(t.db.transaction((x) => refundToCards(x, entries(5, [e]))))).toBe(ERR.MEMBER_INVALID);
    }
    const [log] = await q<{ action: string; after: { reason: string } }>(sql`select action, after from operation_log
      where target = ${`member_card:${ids.combo}`} and action = 'memberCard.adjust'`);
    expect(log!.after.reason).toBe('冲正多划');
    await expectLedgerInvariants();
  });

  it("gives a bill's lines back as drawn, never more than is left, and reverses what is still drawn once", async () => {
    // The 储值卡 holds half a product's price of principal and a whole price of bonus.
    const c0 = await cardOf(ids.stored!);
    const half = Math.floor(price / 2);
    await t.db.transaction((x) =>
      adjustCards(
        x,
        entries(
          10,
          [{ memberCardId: ids.stored!, amount: half - c0.balance!, bonus: price - c0.bonusBalance! }],
          '测试余额',
        ),
      ),
    );
    const b0 = await bill([
      { productId: ids.product!, quantity: 1, memberCardId: ids.stored! },
      { projectId: ids.project!, quantity: 3, memberCardId: ids.combo! },
      { productId: ids.product!, quantity: 1 },
    ]);
    let c = await cardOf(ids.stored!);
    expect([c.balance, c.bonusBalance]).toEqual([0, price - (price - half)]);
    expect(await sessionsOf(ids.combo!)).toBe(5);
    const refund = (refId: number, lines: { line: number; amount: number; sessions?: number }[], extra = 0) =>
      t.db.transaction((x) =>
        refundBillLines(x, {
          consumeId: b0.consumeId,
          lines,
          extra,
          refType: 'test_refund',
          refId,
          at: new Date(),
          userId: null,
          reason: '顾客不满意',
        }),
      );
    // Part of the card line: principal comes back first.
    const a = await refund(1, [{ line: 1, amount: half - 1 }]);
    expect(a).toMatchObject({ written: true, toCards: half - 1, outside: 0 });
    c = await cardOf(ids.stored!);
    expect([c.balance, c.bonusBalance]).toEqual([half - 1, half]);
    // More than is left of the line: refused, nothing written.
    expect(await refusal(refund(2, [{ line: 1, amount: price - half + 2 }]))).toBe(ERR.REFUND_EXCEEDS);
    expect(await refusal(refund(2, [{ line: 2, amount: 8000, sessions: 4 }]))).toBe(ERR.REFUND_EXCEEDS);
    expect(await refusal(refund(2, [{ line: 2, amount: 8000 }]))).toBe(ERR.REFUND_INVALID);
    // Sessions go back; the cash line is paid back outside.
    const b = await refund(2, [
      { line: 2, amount: 8000, sessions: 1 },
      { line: 3, amount: 100 },
    ]);
    expect(b).toMatchObject({ toCards: 8000, outside: 100, amount: 8100 });
    expect(await sessionsOf(ids.combo!)).toBe(6);
    // Two refunds of the rest of line 1 at once: one gives it back, the other is refused.
    const rest = price - (half - 1);
    const raced = await Promise.all(
      [refund(3, [{ line: 1, amount: rest }]), refund(4, [{ line: 1, amount: rest }])].map(refusal),
    );
    expect(raced.sort()).toEqual([ERR.REFUND_EXCEEDS, 'accepted'].sort());
    c = await cardOf(ids.stored!);
    expect([c.balance, c.bonusBalance]).toEqual([half, price]);
    const [line1] = await t.db
      .select()
      .from(memberConsumeLine)
      .where(sql`${memberConsumeLine.consumeId} = ${b0.consumeId} and ${memberConsumeLine.line} = 1`);
    expect(line1!.refunded).toBe(price);
    const [head] = await t.db.select().from(memberConsume).where(eq(memberConsume.id, b0.consumeId));
    expect(head!.refunded).toBe(price + 8100);
    await expectLedgerInvariants();

    // 冲正: what is still drawn (two sessions) goes back, once.
    const r = await t.db.transaction((x) => reverseBillDraws(x, b0.consumeId, { reason: '重复收银', userId: null }));
    expect(r.written).toBe(true);
    expect(r.rows).toMatchObject([{ projectId: ids.project, sessions: 2 }]);
    expect(await sessionsOf(ids.combo!)).toBe(8);
    const again = await t.db.transaction((x) =>
      reverseBillDraws(x, b0.consumeId, { reason: '重复收银', userId: null }),
    );
    expect(again.written).toBe(false);
    expect(await sessionsOf(ids.combo!)).toBe(8);
    // A reversed bill is refunded no more.
    expect(await refusal(refund(5, [{ line: 3, amount: 1 }]))).toBe(ERR.STATE_CHANGED);
    await expectLedgerInvariants();
  });

  it('reverses a whole 储值卡 draw as principal and bonus', async () => {
    const c0 = await cardOf(ids.stored!);
    const b1 = await bill([{ productId: ids.product!, quantity: 1, memberCardId: ids.stored! }]);
    await t.db.transaction((x) => reverseBillDraws(x, b1.consumeId, { reason: '关单', userId: null }));
    const c = await cardOf(ids.stored!);
    expect([c.balance, c.bonusBalance]).toEqual([c0.balance, c0.bonusBalance]);
    await expectLedgerInvariants();
  });
});
