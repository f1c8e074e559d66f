/**
 * Members: the card ledger services (开卡, 充值, 消费 and their refusals, two draws racing on one
 * card), GET /rest/member/findMemberConsume (paging, filters, data scope, errors), the member
 * list and edit on the engine, and the account reads of /personalAccount.
 */
import { MEMBER_API } from '@zb/contract/api/members';
import type { Page } from '@zb/contract/api/paging';
import { MEMBER_RESOURCE_API } from '@zb/contract/entities/member';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import {
  card,
  cardProject,
  cardProjectDiscount,
  crossLevelDraw,
  product,
  project,
  trialLimit,
  trialUse,
} from '../goods/schema';
import { store } from '../stores/schema';
import { applyLedger, consume, type LedgerEntry, type LedgerResult, openCard, topUp } from './ledger';
import { cardLedger, member, memberCard, memberCardSession, memberConsume } from './schema';
import { createMember, createMembers } from './service';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient;
const ids: Record<string, number> = {};
let sameLevelName = '';
const AT = new Date('2026-03-10T10:00:00+08:00');
let phoneSeq = 0;

const tx = <T>(fn: (tx: Tx) => Promise<T>) => t.db.transaction(fn);

/** The errcode and message a service refused with (or OK). */
const outcome = async (fn: (tx: Tx) => Promise<unknown>) => {
  try {
    await tx(fn);
    return { errcode: ERR.OK as string, msg: '' };
  } catch (e) {
    if (e instanceof BizError) return { errcode: e.errcode as string, msg: e.message };
    throw e;
  }
};

const newMember = (storeId = ids.sh001!, name = '测试会员') =>
  tx((x) =>
    createMember(x, {
      name,
      phone: `1390000${String(++phoneSeq).padStart(4, '0')}`,
      storeId,
      userId: null,
      joinedAt: AT,
    }),
  );

const cardRow = async (id: number) => (await t.db.select().from(memberCard).where(eq(memberCard.id, id)))[0]!;

/** Σ of the ledger equals the card's balances and sessions. */
const expectLedgerMatches = async (memberCardId: number) => {
  const c = await cardRow(memberCardId);
  const [sum] = await t.db
    .select({ a: sql<number>`coalesce(sum(amount), 0)::int`, b: sql<number>`coalesce(sum(bonus_amount), 0)::int` })
    .from(cardLedger)
    .where(eq(cardLedger.memberCardId, memberCardId));
  if (c.kind === 'stored') expect([sum!.a, sum!.b]).toEqual([c.balance, c.bonusBalance]);
  const sessions = await t.db.select().from(memberCardSession).where(eq(memberCardSession.memberCardId, memberCardId));
  for (const s of sessions) {
    const [n] = await t.db
      .select({ n: sql<number>`coalesce(sum(sessions), 0)::int` })
      .from(cardLedger)
      .where(and(eq(cardLedger.memberCardId, memberCardId), eq(cardLedger.projectId, s.projectId)));
    expect(n!.n).toBe(s.remaining);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const stores = await t.db.select().from(store).orderBy(asc(store.id));
  const byCode = (code: string) => stores.find((s) => s.code === code)!;
  ids.sh001 = byCode('SH001').id;
  ids.gz001 = byCode('GZ001').id;
  // A store of the same level as SH001 and one of another level: only same-level draws are allowed here.
  await t.db.delete(crossLevelDraw);
  const level = byCode('SH001').levelId;
  const same = stores.find((s) => s.id !== ids.sh001 && s.levelId === level)!;
  ids.sameLevel = same.id;
  sameLevelName = same.name;
  ids.otherLevel = stores.find((s) => s.levelId !== null && s.levelId !== level)!.id;
  ids.level = level!;

  const [p1, p2, p3] = await t.db
    .insert(project)
    .values(
      ['头皮护理（测）', '防脱精华护理（测）', '体验头疗（测）'].map((name, i) => ({
        code: `MT-P${i}`,
        name,
        typeId: sql`(select id from master_item where category = 'projectType' order by id limit 1)` as never,
        durationMin: 60,
        price: [19_800, 29_800, 9_900][i]!,
      })),
    )
    .returning({ id: project.id });
  Object.assign(ids, { p1: p1!.id, p2: p2!.id, trial: p3!.id });
  ids.product = (await t.db.select({ id: product.id }).from(product).limit(1))[0]!.id;
  const [stored, combo, offSale, levelsOnly] = await t.db
    .insert(card)
    .values([
      {
        code: 'MT-S',
        name: '测试储值卡',
        kind: 'stored',
        price: 100_000,
        validityDays: 365,
        amount: 100_000,
        bonus: 20_000,
      },
      { code: 'MT-C', name: '测试套餐卡', kind: 'combo', price: 150_000, validityDays: 180 },
      {
        code: 'MT-OFF',
        name: '停售卡',
        kind: 'stored',
        price: 1000,
        validityDays: 30,
        amount: 1000,
        bonus: 0,
        status: 'off',
      },
      {
        code: 'MT-L',
        name: '限等级储值卡',
        kind: 'stored',
        price: 1000,
        validityDays: 30,
        amount: 50_000,
        bonus: 0,
        usableScope: 'levels',
        storeLevelIds: [ids.level],
      },
    ])
    .returning({ id: card.id });
  Object.assign(ids, { stored: stored!.id, combo: combo!.id, offSale: offSale!.id, levelsOnly: levelsOnly!.id });
  await t.db.insert(cardProject).values([
    { cardId: combo!.id, projectId: ids.p1!, sessions: 10, line: 1 },
    { cardId: combo!.id, projectId: ids.trial!, sessions: 5, line: 2 },
  ]);
  // The stored card pays 头皮护理 at 8.5 折, and nothing else among the projects.
  await t.db.insert(cardProjectDiscount).values([
    { cardId: stored!.id, projectId: ids.p1!, discount: 8500 },
    { cardId: levelsOnly!.id, projectId: ids.p1!, discount: 10_000 },
  ]);
  await t.db.insert(trialLimit).values({ projectId: ids.trial!, maxTimes: 1 });
});
afterAll(() => t.close());

describe('开卡 and 充值', () => {
  it('opens a 储值卡 with its amount and bonus, and tops it up, each with a ledger row and an operation row', async () => {
    const m = await newMember();
    const opened = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    expect(opened.cardNo).toMatch(/^KH\d{8}$/);
    const c = await cardRow(opened.memberCardId);
    expect(c).toMatchObject({
      kind: 'stored',
      balance: 100_000,
      bonusBalance: 20_000,
      paid: 100_000,
      status: 'active',
    });
    expect(c.expiresAt.getTime() - AT.getTime()).toBe(365 * 86_400_000);
    const up = await tx((x) =>
      topUp(x, {
        memberCardId: opened.memberCardId,
        storeId: ids.sh001!,
        amount: 50_000,
        bonus: 5000,
        at: AT,
        userId: null,
        requestKey: 'tu-1',
      }),
    );
    expect(up).toMatchObject({ balance: 150_000, bonusBalance: 25_000 });
    expect(up.topUpNo).toMatch(/^CZ\d{10}$/);
    // The same request again changes nothing.
    const again = await tx((x) =>
      topUp(x, {
        memberCardId: opened.memberCardId,
        storeId: ids.sh001!,
        amount: 50_000,
        at: AT,
        userId: null,
        requestKey: 'tu-1',
      }),
    );
    expect(again.topUpId).toBe(up.topUpId);
    expect((await cardRow(opened.memberCardId)).balance).toBe(150_000);
    const rows = await t.db.select().from(cardLedger).where(eq(cardLedger.memberCardId, opened.memberCardId));
    expect(rows.map((r) => [r.kind, r.amount, r.bonusAmount, r.balanceAfter, r.bonusAfter])).toEqual([
      ['open', 100_000, 20_000, 100_000, 20_000],
      ['topUp', 50_000, 5000, 150_000, 25_000],
    ]);
    await expectLedgerMatches(opened.memberCardId);
    expect((await lastOperation(t.db, 'memberCard.topUp'))?.target).toBe(`member_card:${opened.memberCardId}`);
  });

  it('opens a 套餐卡 with the sessions of its projects', async () => {
    const m = await newMember();
    const { memberCardId } = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, paid: 120_000, userId: null }),
    );
    const c = await cardRow(memberCardId);
    expect(c).toMatchObject({ kind: 'combo', balance: null, bonusBalance: null, paid: 120_000 });
    const sessions = await t.db
      .select()
      .from(memberCardSession)
      .where(eq(memberCardSession.memberCardId, memberCardId));
    expect(sessions.map((s) => [s.projectId, s.total, s.remaining]).sort()).toEqual(
      [
        [ids.p1, 10, 10],
        [ids.trial, 5, 5],
      ].sort(),
    );
    await expectLedgerMatches(memberCardId);
  });

  it('refuses a card off sale, a card outside its 适用门店, a top-up of a 套餐卡, a frozen member', async () => {
    const m = await newMember();
    const off = await outcome((x) =>
      openCard(x, { memberId: m.id, cardId: ids.offSale!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    expect(off).toEqual({ errcode: ERR.MEMBER_INVALID, msg: '卡项「停售卡」已停售，不能开卡' });
    const level = await outcome((x) =>
      openCard(x, { memberId: m.id, cardId: ids.levelsOnly!, storeId: ids.otherLevel!, at: AT, userId: null }),
    );
    expect(level.errcode).toBe(ERR.MEMBER_CARD_WRONG_STORE);
    const combo = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const up = await outcome((x) =>
      topUp(x, { memberCardId: combo.memberCardId, storeId: ids.sh001!, amount: 100, at: AT, userId: null }),
    );
    expect(up.errcode).toBe(ERR.MEMBER_INVALID);
    expect(up.msg).toContain('只有储值卡可以充值');
    await t.db.update(member).set({ status: 'frozen' }).where(eq(member.id, m.id));
    const frozen = await outcome((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    expect(frozen.errcode).toBe(ERR.MEMBER_FROZEN);
  });
});

describe('消费', () => {
  it('draws sessions from a 套餐卡 and money from a 储值卡 at the 关联项目 price, principal first, in one bill', async () => {
    const m = await newMember();
    const s = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const c = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const bill = await tx((x) =>
      consume(x, {
        memberId: m.id,
        storeId: ids.sameLevel!,
        at: new Date(AT.getTime() + 86_400_000),
        userId: null,
        lines: [
          { projectId: ids.p1!, quantity: 2, memberCardId: c.memberCardId },
          { projectId: ids.p1!, quantity: 1, memberCardId: s.memberCardId },
          { productId: ids.product!, quantity: 1 },
        ],
      }),
    );
    expect(bill.billNo).toMatch(/^XF\d{10}$/);
    // 2 × 198 (card sessions) + 168.30 (8.5 折 of 198) + the product at retail, paid otherwise.
    expect(bill.paidByCard).toBe(2 * 19_800 + 16_830);
    expect(bill.total - bill.paidByCard).toBe(bill.paidOther);
    expect((await cardRow(s.memberCardId)).balance).toBe(100_000 - 16_830);
    const [left] = await t.db
      .select()
      .from(memberCardSession)
      .where(and(eq(memberCardSession.memberCardId, c.memberCardId), eq(memberCardSession.projectId, ids.p1!)));
    expect(left!.remaining).toBe(8);
    await expectLedgerMatches(s.memberCardId);
    await expectLedgerMatches(c.memberCardId);
    // Past the principal, the bonus pays.
    await tx((x) =>
      consume(x, {
        memberId: m.id,
        storeId: ids.sh001!,
        at: AT,
        userId: null,
        lines: [{ projectId: ids.p1!, quantity: 5, memberCardId: s.memberCardId }],
      }),
    );
    expect(await cardRow(s.memberCardId)).toMatchObject({ balance: 0, bonusBalance: 120_000 - 6 * 16_830 });
    await expectLedgerMatches(s.memberCardId);
  });

  it('refuses an overdraw, a project the card does not pay, an expired, frozen or out-of-store card, and writes nothing', async () => {
    const m = await newMember();
    const s = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const c = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const draw = (line: Record<string, unknown>, over: Record<string, unknown> = {}) =>
      outcome((x) =>
        consume(x, { memberId: m.id, storeId: ids.sh001!, at: AT, userId: null, lines: [line as never], ...over }),
      );
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberConsume)
      .where(eq(memberConsume.memberId, m.id));

    const sessions = await draw({ projectId: ids.p1, quantity: 11, memberCardId: c.memberCardId });
    expect(sessions.errcode).toBe(ERR.MEMBER_OVERDRAW);
    expect(sessions.msg).toContain('剩余 10 次');
    const money = await draw({ projectId: ids.p1, quantity: 8, memberCardId: s.memberCardId });
    expect(money.errcode).toBe(ERR.MEMBER_OVERDRAW);
    expect(money.msg).toContain('余额不足');
    expect((await draw({ projectId: ids.p2, quantity: 1, memberCardId: c.memberCardId })).errcode).toBe(
      ERR.MEMBER_CARD_WRONG_ITEM,
    );
    expect((await draw({ projectId: ids.p2, quantity: 1, memberCardId: s.memberCardId })).errcode).toBe(
      ERR.MEMBER_CARD_WRONG_ITEM,
    );
    expect((await draw({ productId: ids.product, quantity: 1, memberCardId: c.memberCardId })).errcode).toBe(
      ERR.MEMBER_CARD_WRONG_ITEM,
    );
    const late = await draw(
      { projectId: ids.p1, quantity: 1, memberCardId: c.memberCardId },
      { at: new Date(AT.getTime() + 181 * 86_400_000) },
    );
    expect(late.errcode).toBe(ERR.MEMBER_CARD_EXPIRED);
    const away = await draw(
      { projectId: ids.p1, quantity: 1, memberCardId: c.memberCardId },
      { storeId: ids.otherLevel },
    );
    expect(away.errcode).toBe(ERR.MEMBER_CARD_WRONG_STORE);
    const other = await newMember();
    const notMine = await outcome((x) =>
      consume(x, {
        memberId: other.id,
        storeId: ids.sh001!,
        at: AT,
        userId: null,
        lines: [{ projectId: ids.p1!, quantity: 1, memberCardId: c.memberCardId }],
      }),
    );
    expect(notMine.errcode).toBe(ERR.MEMBER_INVALID);
    await t.db.update(memberCard).set({ status: 'frozen' }).where(eq(memberCard.id, c.memberCardId));
    expect((await draw({ projectId: ids.p1, quantity: 1, memberCardId: c.memberCardId })).errcode).toBe(
      ERR.MEMBER_FROZEN,
    );

    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberConsume)
      .where(eq(memberConsume.memberId, m.id));
    expect(after[0]!.n).toBe(before[0]!.n);
    await expectLedgerMatches(s.memberCardId);
    await expectLedgerMatches(c.memberCardId);
  });

  it('counts a trial project against its limit (体验项目限制) and a retried bill draws once', async () => {
    const m = await newMember();
    const c = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const line = { projectId: ids.trial!, quantity: 1, memberCardId: c.memberCardId };
    const first = await tx((x) =>
      consume(x, { memberId: m.id, storeId: ids.sh001!, at: AT, userId: null, lines: [line], requestKey: 'bill-1' }),
    );
    const retry = await tx((x) =>
      consume(x, { memberId: m.id, storeId: ids.sh001!, at: AT, userId: null, lines: [line], requestKey: 'bill-1' }),
    );
    expect(retry.consumeId).toBe(first.consumeId);
    const uses = await t.db.select().from(trialUse).where(eq(trialUse.ref, first.billNo));
    expect(uses).toHaveLength(1);
    const second = await outcome((x) =>
      consume(x, { memberId: m.id, storeId: ids.sh001!, at: AT, userId: null, lines: [line] }),
    );
    expect(second.errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
    const [left] = await t.db
      .select()
      .from(memberCardSession)
      .where(and(eq(memberCardSession.memberCardId, c.memberCardId), eq(memberCardSession.projectId, ids.trial!)));
    expect(left!.remaining).toBe(4);
  });

  it('lets only one of two draws racing on one card through: the card is never overdrawn', async () => {
    const m = await newMember();
    const s = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    // 1,200.00 held (principal and bonus); each draw takes 4 × 168.30 = 673.20: two would need 1,346.40.
    const draw = () =>
      outcome((x) =>
        consume(x, {
          memberId: m.id,
          storeId: ids.sh001!,
          at: AT,
          userId: null,
          lines: [{ projectId: ids.p1!, quantity: 4, memberCardId: s.memberCardId }],
        }),
      );
    const results = await Promise.all([draw(), draw(), draw()]);
    expect(results.filter((r) => r.errcode === ERR.OK)).toHaveLength(1);
    expect(results.filter((r) => r.errcode === ERR.MEMBER_OVERDRAW)).toHaveLength(2);
    const c = await cardRow(s.memberCardId);
    expect(c.balance! + c.bonusBalance!).toBe(120_000 - 4 * 16_830);
    await expectLedgerMatches(s.memberCardId);
  });
});

describe('applyLedger (many records in one call)', () => {
  const codes = (results: LedgerResult[]) => results.map((r) => (r.ok ? ERR.OK : r.error.errcode));

  it('decides each record against the ones before it: a refused one writes nothing and the rest go on', async () => {
    const m = await newMember();
    const s = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const later = (h: number) => new Date(AT.getTime() + h * 3_600_000);
    const bill = (quantity: number, h: number): LedgerEntry => ({
      kind: 'consume',
      memberId: m.id,
      storeId: ids.sh001!,
      at: later(h),
      userId: null,
      lines: [{ projectId: ids.p1!, quantity, memberCardId: s.memberCardId }],
    });
    const opsBefore = await t.db.execute(sql`select count(*)::int as n from operation_log`);
    // 1,200.00 held, + 500.00 topped up = 1,700.00; 6 × 168.30 = 1,009.80 leaves 690.20; 5 more is 841.50: refused.
    const results = await tx((x) =>
      applyLedger(x, [
        {
          kind: 'topUp',
          memberCardId: s.memberCardId,
          storeId: ids.sh001!,
          amount: 50_000,
          at: later(1),
          userId: null,
        },
        bill(6, 2),
        bill(5, 3),
        bill(4, 4),
        { kind: 'open', memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: later(5), userId: null },
      ]),
    );
    expect(codes(results)).toEqual([ERR.OK, ERR.OK, ERR.MEMBER_OVERDRAW, ERR.OK, ERR.OK]);
    expect(results[2]!.ok ? '' : results[2]!.error.message).toContain('余额不足');
    const c = await cardRow(s.memberCardId);
    expect(c.balance! + c.bonusBalance!).toBe(170_000 - 10 * 16_830);
    await expectLedgerMatches(s.memberCardId);
    const bills = await t.db
      .select({ id: memberConsume.id, at: memberConsume.consumedAt })
      .from(memberConsume)
      .where(eq(memberConsume.memberId, m.id))
      .orderBy(asc(memberConsume.id));
    expect(bills.map((b) => b.at.getTime())).toEqual([later(2).getTime(), later(4).getTime()]);
    const ledger = await t.db
      .select({ kind: cardLedger.kind, balanceAfter: cardLedger.balanceAfter })
      .from(cardLedger)
      .where(eq(cardLedger.memberCardId, s.memberCardId))
      .orderBy(asc(cardLedger.id));
    expect(ledger.map((r) => r.kind)).toEqual(['open', 'topUp', 'consume', 'consume']);
    expect(ledger.map((r) => r.balanceAfter)).toEqual([100_000, 150_000, 150_000 - 6 * 16_830, 0]);
    // One operation row per record written, none for the refused one.
    const opsAfter = await t.db.execute(sql`select count(*)::int as n from operation_log`);
    const n = (r: unknown) => ((r as { rows?: { n: number }[] }).rows ?? (r as { n: number }[]))[0]!.n;
    expect(n(opsAfter) - n(opsBefore)).toBe(4);
    const opened = results[4]!;
    expect(opened.ok && 'cardNo' in opened.value ? opened.value.cardNo : '').toMatch(/^KH\d{8}$/);
  });

  it('counts the trials of the bills before it, answers a request key used twice once, and tries a replacement for a refused record', async () => {
    const m = await newMember();
    const c = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const trialBill = (over: Partial<Extract<LedgerEntry, { kind: 'consume' }>> = {}): LedgerEntry => ({
      kind: 'consume',
      memberId: m.id,
      storeId: ids.sh001!,
      at: AT,
      userId: null,
      lines: [{ projectId: ids.trial!, quantity: 1, memberCardId: c.memberCardId }],
      ...over,
    });
    const results = await tx((x) =>
      applyLedger(x, [trialBill({ requestKey: 'batch-1' }), trialBill({ requestKey: 'batch-1' }), trialBill()]),
    );
    expect(codes(results)).toEqual([ERR.OK, ERR.OK, ERR.GOODS_TRIAL_USED_UP]);
    const first = results[0]!.ok ? results[0]!.value : null;
    expect(results[1]!.ok ? results[1]!.value : null).toEqual(first);
    expect(
      await t.db
        .select()
        .from(trialUse)
        .where(eq(trialUse.memberPhone, (await memberPhone(m.id))!)),
    ).toHaveLength(1);

    // The same member's 头皮护理 on a card they do not hold is refused; the replacement pays otherwise.
    const other = await newMember();
    const otherCard = await tx((x) =>
      openCard(x, { memberId: other.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    const replaced = await tx((x) =>
      applyLedger(
        x,
        [trialBill({ lines: [{ projectId: ids.p1!, quantity: 1, memberCardId: otherCard.memberCardId }] })],
        {
          onRefused: (entry, error) => {
            expect(error.errcode).toBe(ERR.MEMBER_INVALID);
            return entry.kind === 'consume'
              ? { ...entry, lines: entry.lines.map((l) => ({ ...l, memberCardId: null })) }
              : null;
          },
        },
      ),
    );
    expect(codes(replaced)).toEqual([ERR.OK]);
    expect(replaced[0]!.ok ? replaced[0]!.value : null).toMatchObject({
      total: 19_800,
      paidByCard: 0,
      paidOther: 19_800,
    });
    await expectLedgerMatches(c.memberCardId);
    await expectLedgerMatches(otherCard.memberCardId);
  });

  it('registers many members at once, and none when one phone is taken or given twice', async () => {
    const phone = (k: number) => `1391111${String(k).padStart(4, '0')}`;
    const base = { name: '批量会员', storeId: ids.sh001!, userId: null };
    const made = await tx((x) =>
      createMembers(
        x,
        [0, 1, 2].map((k) => ({ ...base, phone: phone(k) })),
      ),
    );
    expect(made.map((r) => r.id)).toEqual([...made.map((r) => r.id)].sort((a, b) => a - b));
    expect(made.map((r) => r.code)).toEqual(made.map((r) => `HY${String(r.id).padStart(8, '0')}`));
    const twice = await outcome((x) =>
      createMembers(
        x,
        [3, 3].map((k) => ({ ...base, phone: phone(k) })),
      ),
    );
    const taken = await outcome((x) =>
      createMembers(
        x,
        [4, 0].map((k) => ({ ...base, phone: phone(k) })),
      ),
    );
    expect([twice.errcode, taken.errcode]).toEqual([ERR.RECORD_DUPLICATE, ERR.RECORD_DUPLICATE]);
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(member)
      .where(sql`${member.phone} like '1391111%'`);
    expect(n!.n).toBe(3);
  });
});

const memberPhone = async (id: number) =>
  (await t.db.select({ phone: member.phone }).from(member).where(eq(member.id, id)))[0]?.phone;

describe('GET /rest/member/findMemberConsume', () => {
  const bills = (res: { body: { data: unknown } }) =>
    res.body.data as Page<{
      billNo: string;
      consumedAt: string;
      storeName: string;
      lines: { itemName: string; cardNo: string | null; sessions: number | null }[];
    }>;

  it('pages a member’s bills newest first, each with its lines, the card drawn and the store’s name', async () => {
    const m = await newMember();
    const c = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.combo!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    for (let d = 0; d < 12; d++) {
      await tx((x) =>
        consume(x, {
          memberId: m.id,
          storeId: d % 3 === 0 ? ids.sameLevel! : ids.sh001!,
          at: new Date(AT.getTime() + d * 86_400_000),
          userId: null,
          lines: [{ projectId: ids.p1!, quantity: 1, memberCardId: d < 6 ? c.memberCardId : null }],
        }),
      );
    }
    expect(MEMBER_API.findMemberConsume.path).toBe('/rest/member/findMemberConsume');
    const first = bills(await admin.call(MEMBER_API.findMemberConsume, { query: { memberId: m.id, pageSize: 10 } }));
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(10);
    const times = first.list.map((b) => b.consumedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const oldest = bills(
      await admin.call(MEMBER_API.findMemberConsume, { query: { memberId: m.id, pageSize: 10, pageNo: 2 } }),
    );
    expect(oldest.list).toHaveLength(2);
    expect(oldest.list[1]!.storeName).toBe(sameLevelName);
    expect(oldest.list[1]!.lines).toEqual([
      expect.objectContaining({
        itemName: '头皮护理（测）',
        cardNo: expect.stringMatching(/^KH/),
        cardName: '测试套餐卡',
        sessions: 1,
      }),
    ]);
    const day = bills(
      await admin.call(MEMBER_API.findMemberConsume, {
        query: { memberId: m.id, dateFrom: '2026-03-12', dateTo: '2026-03-13' },
      }),
    );
    expect(day.total).toBe(2);
    const atStore = bills(
      await admin.call(MEMBER_API.findMemberConsume, { query: { memberId: m.id, storeId: ids.sameLevel } }),
    );
    expect(atStore.total).toBe(4);
    expect(atStore.list.every((b) => b.storeName === sameLevelName)).toBe(true);
  });

  it('shows a region user only bills at stores of their scope, and no member of another region', async () => {
    const east = await newMember(ids.sh001!, '华东会员');
    await tx((x) =>
      consume(x, {
        memberId: east.id,
        storeId: ids.sh001!,
        at: AT,
        userId: null,
        lines: [{ productId: ids.product!, quantity: 1 }],
      }),
    );
    await tx((x) =>
      consume(x, {
        memberId: east.id,
        storeId: ids.gz001!,
        at: AT,
        userId: null,
        lines: [{ productId: ids.product!, quantity: 1 }],
      }),
    );
    expect(bills(await admin.call(MEMBER_API.findMemberConsume, { query: { memberId: east.id } })).total).toBe(2);
    const seen = bills(await liqiang.call(MEMBER_API.findMemberConsume, { query: { memberId: east.id } }));
    expect(seen.total).toBe(1);
    expect(seen.list[0]!.storeName).toBe('上海徐汇店');
    const south = await newMember(ids.gz001!, '华南会员');
    const res = await liqiang.call(MEMBER_API.findMemberConsume, { query: { memberId: south.id } });
    expect(res.body).toMatchObject({ errcode: ERR.RECORD_NOT_FOUND, errmsg: '会员不存在或不在您的数据范围内' });
    expect((await liqiang.call(MEMBER_API.cards, { query: { memberId: south.id } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
  });

  it('answers a missing or unknown member and a bad date range with a Chinese error, never a 500', async () => {
    const unknown = await admin.call(MEMBER_API.findMemberConsume, { query: { memberId: 99_999_999 } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ errcode: ERR.RECORD_NOT_FOUND, errmsg: '会员不存在或不在您的数据范围内' });
    const missing = await admin.call(MEMBER_API.findMemberConsume, { query: {} as never });
    expect(missing.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(missing.body).memberId).toBe('请指定会员');
    const m = await newMember();
    const range = await admin.call(MEMBER_API.findMemberConsume, {
      query: { memberId: m.id, dateFrom: '2026-03-02', dateTo: '2026-03-01' },
    });
    expect(fieldsOf(range.body).dateTo).toBe('结束日期不能早于开始日期');
    const bad = await admin.call(MEMBER_API.findMemberConsume, { query: { memberId: 'abc' as never } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('the member list and /personalAccount', () => {
  it('lists members in scope with store, level and balance, filters them, and edits with the phone rules', async () => {
    const m = await newMember(ids.sh001!, '列表会员');
    await tx((x) => openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }));
    const rows = (await admin.call(MEMBER_RESOURCE_API.list, { query: { name: '列表会员' } })).body.data;
    expect(rows.list).toHaveLength(1);
    expect(rows.list[0]).toMatchObject({ code: m.code, storeName: '上海徐汇店', regionName: '华东大区', cardCount: 1 });
    const east = (await liqiang.call(MEMBER_RESOURCE_API.list, { query: { pageSize: 100 } })).body.data;
    expect(east.list.every((r) => r.regionName === '华东大区')).toBe(true);

    const eight = await admin.call(MEMBER_RESOURCE_API.update!, { body: { id: m.id, phone: '91234567' } });
    expect(fieldsOf(eight.body).phone).toBe('您输入的号码为8位，请选择中国香港、中国澳门或新加坡区号');
    const [other] = await t.db.select({ phone: member.phone }).from(member).where(ne(member.id, m.id)).limit(1);
    const dup = await admin.call(MEMBER_RESOURCE_API.update!, { body: { id: m.id, phone: other!.phone } });
    expect(fieldsOf(dup.body).phone).toBeTruthy();
    const gz = await liqiang.call(MEMBER_RESOURCE_API.update!, { body: { id: m.id, storeId: ids.gz001 } });
    expect(fieldsOf(gz.body).storeId).toBe('请选择您数据范围内的门店');
    const ok = await admin.call(MEMBER_RESOURCE_API.update!, {
      body: { id: m.id, status: 'frozen', remark: '会员要求暂停' },
    });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    expect((await lastOperation(t.db, 'member.update'))?.target).toBe(`member:${m.id}`);
  });

  it('answers the member’s cards with balances and each card’s ledger, newest first', async () => {
    const m = await newMember();
    const s = await tx((x) =>
      openCard(x, { memberId: m.id, cardId: ids.stored!, storeId: ids.sh001!, at: AT, userId: null }),
    );
    await tx((x) =>
      consume(x, {
        memberId: m.id,
        storeId: ids.sh001!,
        at: new Date(AT.getTime() + 3_600_000),
        userId: null,
        lines: [{ projectId: ids.p1!, quantity: 1, memberCardId: s.memberCardId }],
      }),
    );
    const cards = (await admin.call(MEMBER_API.cards, { query: { memberId: m.id } })).body.data as {
      id: number;
      balance: number;
      cardName: string;
      expired: boolean;
    }[];
    expect(cards).toEqual([
      expect.objectContaining({
        id: s.memberCardId,
        cardName: '测试储值卡',
        balance: 100_000 - 16_830,
        expired: false,
      }),
    ]);
    const ledger = (await admin.call(MEMBER_API.cardLedger, { query: { memberCardId: s.memberCardId } })).body
      .data as Page<{ kindName: string; amount: number; refNo: string }>;
    expect(ledger.total).toBe(2);
    expect(ledger.list.map((r) => r.kindName)).toEqual(['消费', '开卡']);
    expect(ledger.list[0]!.refNo).toMatch(/^XF/);
    expect(ledger.list[1]!.refNo).toBe(s.cardNo);
  });
});

describe('demo members (seed/members.ts)', () => {
  it('has about 300 members with six months of bills, and every card agrees with its ledger', async () => {
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(member)
      .where(sql`${member.phone} not like '1390000%'`);
    expect(n!.n).toBeGreaterThanOrEqual(250);
    const [bills] = await t.db.select({ n: sql<number>`count(*)::int` }).from(memberConsume);
    expect(bills!.n).toBeGreaterThan(500);
    const drift = await t.db.execute(sql`
      select mc.id from member_card mc
      where (mc.kind = 'stored' and (mc.balance is distinct from
              (select coalesce(sum(l.amount), 0)::int from card_ledger l where l.member_card_id = mc.id)
            or mc.bonus_balance is distinct from
              (select coalesce(sum(l.bonus_amount), 0)::int from card_ledger l where l.member_card_id = mc.id)))
         or exists (select 1 from member_card_session s where s.member_card_id = mc.id and s.remaining <>
              (select coalesce(sum(l.sessions), 0) from card_ledger l where l.member_card_id = mc.id and l.project_id = s.project_id))`);
    expect((drift as unknown as { rows?: unknown[] }).rows ?? drift).toHaveLength(0);
  });
});
