/**
 * POST /open/v1/bills through the signed plugin: card sales, top-ups, card draws and retail in
 * one bill, its payments and staff shares, its kind; the payments adding up; a bill accepted
 * whole or refused whole with the ledger's reason; the same outerNo answering the first result,
 * under 20 parallel identical posts too.
 */
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { card, product, project } from '../goods/schema';
import {
  cardLedger,
  cardTopUp,
  member,
  memberCard,
  memberCardSession,
  memberConsume,
  memberConsumeLine,
} from '../members/schema';
import { createMember } from '../members/service';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { billPayment, billShare } from './schema';

let t: TestApp;
const POS = DEMO_OPEN_KEYS.pos;
const MINI = DEMO_OPEN_KEYS.mini;
const price = { P001: 0, J001: 0, C005: 0, C001: 0 };
let staffPhone = '';
let seq = 0;
const AT = '2026-11-20T10:30:00+08:00';

const no = () => `B${Date.now()}-${++seq}`;
const post = (doc: Record<string, unknown>, key: { appKey: string; secret: string } = POS) =>
  openPost(t.app, key, OPEN_PATHS.bills, doc);

let phoneSeq = 0;
const newMember = async () => {
  const phone = `1390002${String(++phoneSeq).padStart(4, '0')}`;
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  await t.db.transaction((tx) =>
    createMember(tx, { name: `开单会员${phoneSeq}`, phone, storeId: s!.id, userId: null, joinedAt: new Date(AT) }),
  );
  return phone;
};

const cardOf = async (cardNo: string) =>
  (await t.db.select().from(memberCard).where(eq(memberCard.cardNo, cardNo)))[0]!;

/** A member with a 储值卡 (C005) and a 套餐卡 (C001) opened through the API; answers their numbers. */
const memberWithCards = async () => {
  const phone = await newMember();
  const res = await post({
    outerNo: no(),
    storeCode: 'BJ001',
    member: phone,
    at: AT,
    lines: [
      { kind: 'cardSale', code: 'C005' },
      { kind: 'cardSale', code: 'C001' },
    ],
    payments: [{ method: 'wechat', amount: price.C005 + price.C001, tradeNo: 'WX1' }],
  });
  expect(res.errcode).toBe(ERR.OK);
  const [stored, combo] = res.data.openedCards as [string, string];
  return { phone, stored, combo };
};

/** Σ of the ledger rows of a card equals its balances, and none is negative. */
const expectLedgerMatches = async (cardNo: string) => {
  const c = await cardOf(cardNo);
  const [sum] = await t.db
    .select({ a: sql<number>`coalesce(sum(amount), 0)::int`, b: sql<number>`coalesce(sum(bonus_amount), 0)::int` })
    .from(cardLedger)
    .where(eq(cardLedger.memberCardId, c.id));
  if (c.kind === 'stored') {
    expect(sum!.a).toBe(c.balance);
    expect(sum!.b).toBe(c.bonusBalance);
    expect(c.balance).toBeGreaterThanOrEqual(0);
  }
};

const tableCounts = async () => ({
  bills: (await t.db.select({ n: count() }).from(memberConsume))[0]!.n,
  cards: (await t.db.select({ n: count() }).from(memberCard))[0]!.n,
  topUps: (await t.db.select({ n: count() }).from(cardTopUp))[0]!.n,
  ledger: (await t.db.select({ n: count() }).from(cardLedger))[0]!.n,
  payments: (await t.db.select({ n: count() }).from(billPayment))[0]!.n,
  shares: (await t.db.select({ n: count() }).from(billShare))[0]!.n,
});

beforeAll(async () => {
  t = await createTestApp();
  price.P001 = (await t.db.select({ p: product.retailPrice }).from(product).where(eq(product.code, 'P001')))[0]!.p;
  price.J001 = (await t.db.select({ p: project.price }).from(project).where(eq(project.code, 'J001')))[0]!.p;
  price.C005 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C005')))[0]!.p;
  price.C001 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C001')))[0]!.p;
  const [s] = await t.db
    .select({ phone: staff.phone })
    .from(staff)
    .innerJoin(store, eq(store.id, staff.storeId))
    .where(eq(store.code, 'BJ001'))
    .orderBy(asc(staff.id))
    .limit(1);
  staffPhone = s!.phone;
});

afterAll(async () => {
  await t?.close();
});

describe('a bill', () => {
  it('opens cards, tops up, draws the cards and sells retail in one bill, with its payments and shares', async () => {
    const { phone, stored, combo } = await memberWithCards();
    const storedBefore = await cardOf(stored);
    const outerNo = no();
    const res = await post({
      outerNo,
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [
        {
          kind: 'topUp',
          cardNo: stored,
          amount: 50_000,
          bonus: 5_000,
          staff: [{ staffPhone, performance: 50_000, commission: 1_000 }],
        },
        { kind: 'product', code: 'P001', quantity: 2, cardNo: stored },
        {
          kind: 'project',
          code: 'J001',
          cardNo: combo,
          staff: [{ staffPhone, performance: price.J001, commission: 500 }],
        },
        { kind: 'product', code: 'P001', quantity: 1 },
      ],
      payments: [
        { method: 'cash', amount: 20_000 },
        { method: 'alipay', amount: 30_000 + price.P001, tradeNo: 'ALI-1' },
      ],
    });
    expect(res.errcode).toBe(ERR.OK);
    const paidByCard = 2 * price.P001 + price.J001;
    expect(res.data).toMatchObject({
      outerNo,
      total: 50_000 + 3 * price.P001 + price.J001,
      paidByCard,
      paidOther: 50_000 + price.P001,
      openedCards: [],
      replayed: false,
    });
    const storedAfter = res.data.cards.find((c) => c.cardNo === stored)!;
    // Principal first: the top-up adds 50,000 (+5,000 bonus), the two P001 come off the principal.
    expect(storedAfter.balance).toBe(storedBefore.balance! + 50_000 - 2 * price.P001);
    expect(storedAfter.bonusBalance).toBe(storedBefore.bonusBalance! + 5_000);
    expect(res.data.cards.find((c) => c.cardNo === combo)).toMatchObject({ balance: null });

    const [bill] = await t.db.select().from(memberConsume).where(eq(memberConsume.outerNo, outerNo));
    expect(bill).toMatchObject({ kind: 'mixed', source: 'pos', status: 'completed', paidByCard });
    const lines = await t.db
      .select()
      .from(memberConsumeLine)
      .where(eq(memberConsumeLine.consumeId, bill!.id))
      .orderBy(asc(memberConsumeLine.line));
    expect(lines.map((l) => [l.line, l.itemKind, l.amount, l.cardAmount])).toEqual([
      [1, 'topUp', 50_000, 0],
      [2, 'product', 2 * price.P001, 2 * price.P001],
      [3, 'project', price.J001, price.J001],
      [4, 'product', price.P001, 0],
    ]);
    expect(lines[0]!.topUpId).not.toBeNull();
    const pays = await t.db
      .select({ method: billPayment.method, amount: billPayment.amount, tradeNo: billPayment.tradeNo })
      .from(billPayment)
      .where(eq(billPayment.consumeId, bill!.id))
      .orderBy(asc(billPayment.seq));
    expect(pays).toEqual([
      { method: 'cash', amount: 20_000, tradeNo: null },
      { method: 'alipay', amount: 30_000 + price.P001, tradeNo: 'ALI-1' },
      { method: 'storedCard', amount: 2 * price.P001, tradeNo: null },
      { method: 'comboCard', amount: price.J001, tradeNo: null },
    ]);
    expect(pays.reduce((n, p) => n + p.amount, 0)).toBe(bill!.total);
    const shares = await t.db
      .select()
      .from(billShare)
      .where(eq(billShare.consumeId, bill!.id))
      .orderBy(asc(billShare.line));
    expect(shares.map((s) => [s.line, s.performance, s.commission])).toEqual([
      [1, 50_000, 1_000],
      [3, price.J001, 500],
    ]);
    const [sessions] = await t.db
      .select({ left: memberCardSession.remaining })
      .from(memberCardSession)
      .where(eq(memberCardSession.memberCardId, (await cardOf(combo)).id));
    expect(sessions!.left).toBe(9);
    await expectLedgerMatches(stored);
  });

  it('takes its kind from its lines and its source from the caller', async () => {
    const { phone, stored, combo } = await memberWithCards();
    const kinds: [string, Record<string, unknown>[], number][] = [
      ['openCard', [{ kind: 'cardSale', code: 'C001' }], price.C001],
      ['topUp', [{ kind: 'topUp', cardNo: stored, amount: 1_000 }], 1_000],
      ['consume', [{ kind: 'project', code: 'J001', cardNo: combo }], 0],
      [
        'consume',
        [
          { kind: 'project', code: 'J001', cardNo: combo },
          { kind: 'product', code: 'P001' },
        ],
        price.P001,
      ],
      ['retail', [{ kind: 'product', code: 'P001', quantity: 3 }], 3 * price.P001],
      [
        'mixed',
        [
          { kind: 'cardSale', code: 'C001' },
          { kind: 'product', code: 'P001' },
        ],
        price.C001 + price.P001,
      ],
    ];
    for (const [kind, lines, cash] of kinds) {
      const outerNo = no();
      const res = await post(
        {
          outerNo,
          storeCode: 'BJ001',
          member: phone,
          at: AT,
          lines,
          payments: cash ? [{ method: 'cash', amount: cash }] : [],
        },
        MINI,
      );
      expect(res.errcode, `${kind}: ${res.errmsg}`).toBe(ERR.OK);
      const [bill] = await t.db
        .select({ kind: memberConsume.kind, source: memberConsume.source })
        .from(memberConsume)
        .where(eq(memberConsume.outerNo, outerNo));
      expect(bill).toEqual({ kind, source: 'mini' });
    }
  });

  it('finds the member by 会员编号 too, and records a 签单 signer', async () => {
    const phone = await newMember();
    const [m] = await t.db.select({ code: member.code }).from(member).where(eq(member.phone, phone));
    const outerNo = no();
    const res = await post({
      outerNo,
      storeCode: 'BJ001',
      member: m!.code,
      at: AT,
      lines: [{ kind: 'product', code: 'P001' }],
      payments: [{ method: 'signBill', amount: price.P001, signerPhone: staffPhone }],
    });
    expect(res.errcode).toBe(ERR.OK);
    const [pay] = await t.db
      .select({ signer: billPayment.signerStaffId, method: billPayment.method })
      .from(billPayment)
      .innerJoin(memberConsume, eq(memberConsume.id, billPayment.consumeId))
      .where(eq(memberConsume.outerNo, outerNo));
    expect(pay!.method).toBe('signBill');
    expect(pay!.signer).not.toBeNull();
    const unsigned = await post({
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [{ kind: 'product', code: 'P001' }],
      payments: [{ method: 'signBill', amount: price.P001 }],
    });
    expect(unsigned.errcode).toBe(ERR.BILL_INVALID);
    expect(unsigned.errmsg).toContain('签单');
  });
});

describe('refusals', () => {
  it('refuses payments that do not add up to the bill less its card part, and writes nothing', async () => {
    const { phone, stored } = await memberWithCards();
    const before = await tableCounts();
    const res = await post({
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [
        { kind: 'product', code: 'P001', cardNo: stored },
        { kind: 'product', code: 'P001' },
      ],
      payments: [{ method: 'cash', amount: 2 * price.P001 }],
    });
    expect(res.errcode).toBe(ERR.BILL_INVALID);
    expect(res.errmsg).toContain('支付合计');
    expect(res.errmsg).toContain('不符');
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses the whole bill when line 3 overdraws: nothing of lines 1 and 2 remains', async () => {
    const { phone, stored, combo } = await memberWithCards();
    const storedBefore = await cardOf(stored);
    const before = await tableCounts();
    const res = await post({
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [
        { kind: 'cardSale', code: 'C005' },
        { kind: 'topUp', cardNo: stored, amount: 10_000 },
        { kind: 'project', code: 'J001', cardNo: combo, quantity: 11 },
      ],
      payments: [{ method: 'cash', amount: price.C005 + 10_000 }],
    });
    expect(res.errcode).toBe(ERR.MEMBER_OVERDRAW);
    expect(res.errmsg).toContain('剩余 10 次');
    expect(await tableCounts()).toEqual(before);
    expect(await cardOf(stored)).toEqual(storedBefore);
  });

  it('refuses unknown codes, a card of another member and a store not sent for, each with its reason', async () => {
    const { phone } = await memberWithCards();
    const other = await memberWithCards();
    const base = { storeCode: 'BJ001', member: phone, at: AT, payments: [] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, storeCode: 'NOPE' }, ERR.BILL_INVALID, '门店编码'],
      [{ ...base, member: '13999999999' }, ERR.BILL_INVALID, '会员'],
      [{ ...base, lines: [{ kind: 'project', code: 'J999' }] }, ERR.BILL_INVALID, '项目编码「J999」不存在'],
      [{ ...base, lines: [{ kind: 'cardSale', code: 'X' }] }, ERR.BILL_INVALID, '卡项编码'],
      [{ ...base, lines: [{ kind: 'product', code: 'P001', cardNo: other.stored }] }, ERR.BILL_INVALID, '不属于该会员'],
      [{ ...base, lines: [{ kind: 'topUp', amount: 100 }] }, ERR.BILL_INVALID, '充值须填写会员卡号'],
      [{ ...base, lines: [{ kind: 'topUp', cardNo: other.combo, amount: 100 }] }, ERR.BILL_INVALID, '不属于该会员'],
    ];
    for (const [doc, errcode, msg] of cases) {
      const res = await post({ outerNo: no(), lines: [{ kind: 'product', code: 'P001' }], ...doc });
      expect(res.errcode, JSON.stringify(doc)).toBe(errcode);
      expect(res.errmsg).toContain(msg);
    }
    const combo = await post({
      outerNo: no(),
      ...base,
      member: other.phone,
      lines: [{ kind: 'topUp', cardNo: other.combo, amount: 100 }],
      payments: [{ method: 'cash', amount: 100 }],
    });
    expect(combo.errcode).toBe(ERR.MEMBER_INVALID);
    expect(combo.errmsg).toContain('只有储值卡可以充值');
  });
});

describe('idempotency', () => {
  it('answers the same outerNo with the first result and changes nothing', async () => {
    const { phone, stored } = await memberWithCards();
    const doc = {
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [{ kind: 'product', code: 'P001', cardNo: stored }],
      payments: [],
    };
    const first = await post(doc);
    expect(first.errcode).toBe(ERR.OK);
    const before = await tableCounts();
    const again = await post(doc);
    expect(again.data).toEqual({ ...first.data, replayed: true });
    // Even a different document with that number answers the first bill.
    const changed = await post({ ...doc, lines: [{ kind: 'product', code: 'P001', cardNo: stored, quantity: 5 }] });
    expect(changed.data).toEqual({ ...first.data, replayed: true });
    expect(await tableCounts()).toEqual(before);
    // Another sender may use the same number for its own bill.
    const mini = await post(doc, MINI);
    expect(mini.data.replayed).toBe(false);
    expect(mini.data.billNo).not.toBe(first.data.billNo);
  });

  it('writes exactly one bill and one set of ledger rows for 20 parallel identical posts', async () => {
    const { phone, stored, combo } = await memberWithCards();
    const storedBefore = await cardOf(stored);
    const doc = {
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [
        { kind: 'topUp', cardNo: stored, amount: 1_000 },
        { kind: 'product', code: 'P001', cardNo: stored },
        { kind: 'project', code: 'J001', cardNo: combo },
      ],
      payments: [{ method: 'cash', amount: 1_000 }],
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(doc)));
    expect(answers.map((a) => a.errcode)).toEqual(Array(20).fill(ERR.OK));
    expect(answers.filter((a) => !a.data.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.billNo)).size).toBe(1);
    const { replayed: _, ...firstAnswer } = answers.find((a) => !a.data.replayed)!.data;
    for (const a of answers) expect({ ...a.data, replayed: false }).toEqual({ ...firstAnswer, replayed: false });
    const bills = await t.db
      .select({ id: memberConsume.id })
      .from(memberConsume)
      .where(eq(memberConsume.outerNo, doc.outerNo));
    expect(bills).toHaveLength(1);
    const tops = await t.db.select({ n: count() }).from(cardTopUp).where(eq(cardTopUp.memberCardId, storedBefore.id));
    expect(tops[0]!.n).toBe(1);
    const draws = await t.db
      .select({ n: count() })
      .from(cardLedger)
      .where(
        and(
          eq(cardLedger.refType, 'member_consume'),
          inArray(
            cardLedger.refId,
            bills.map((b) => b.id),
          ),
        ),
      );
    expect(draws[0]!.n).toBe(2);
    expect((await cardOf(stored)).balance).toBe(storedBefore.balance! + 1_000 - price.P001);
    await expectLedgerMatches(stored);
  });
});
