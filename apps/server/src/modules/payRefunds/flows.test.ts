/**
 * The money paths between parts (issue 14, flows): a bill paid with 意向金 through POST
 * /open/v1/bills (refused whole for another member's, a used, an expired, another store's or too
 * large a deposit; a refunded 意向金 payment puts the deposit back to 已支付), deposit refunds
 * decided in the approval center (approving pays out once, also when two approvals race), and
 * mall after-sale refunds paid out with a payment-refund record, never more than paid. Every card
 * touched keeps balance = Σ ledger.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { INTENT_API } from '@zb/contract/api/intents';
import { REFUND_API } from '@zb/contract/api/refunds';
import type { OpenBillAnswer } from '@zb/contract/entities/bill';
import { BILL_API } from '@zb/contract/entities/billView';
import { MALL_API, type OpenMallOrderBody } from '@zb/contract/entities/mall';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { userRoleIdOf } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { approval } from '../approvals/schema';
import { billPayment } from '../bills/schema';
import { card, product } from '../goods/schema';
import { intentDeposit } from '../intents/schema';
import { recordDeposit } from '../intents/service';
import { stepMallOrderOpen } from '../mall/open';
import { createMallOrder } from '../mall/orders';
import { mallGoods, mallOrder, mallReturn } from '../mall/schema';
import { cardLedger, member, memberCard, memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import { store } from '../stores/schema';
import { paymentRefund } from './schema';

let t: TestApp;
let admin: TestClient;
let bj001 = 0;
let other = { id: 0, code: '' };
let c005Price = 0;
let seq = 0;
const POS = DEMO_OPEN_KEYS.pos;
const AT = '2026-11-20T10:30:00+08:00';
const DAY = 86_400_000;

type Envelope = { errcode: string; errmsg: string; data: OpenBillAnswer };
const ok = async <T>(p: Promise<{ body: { errcode: string; errmsg?: string; data: T } }>): Promise<T> => {
  const r = await p;
  expect(r.body.errcode, r.body.errmsg).toBe(ERR.OK);
  return r.body.data;
};
const postBill = (doc: Record<string, unknown>): Promise<Envelope> =>
  openPost(t.app, POS, OPEN_PATHS.bills, { outerNo: `FL-${Date.now()}-${++seq}`, storeCode: 'BJ001', at: AT, ...doc });

const newMember = async (storeId = bj001) => {
  const phone = `1390044${String(++seq).padStart(4, '0')}`;
  const m = await t.db.transaction((tx) =>
    createMember(tx, { name: `意向金会员${seq}`, phone, storeId, userId: null, joinedAt: new Date(AT) }),
  );
  return { phone, id: m.id as number };
};

const deposit = async (memberId: number, amount: number, o: { storeId?: number; paidAt?: Date } = {}) => {
  const row = await t.db.transaction((tx) =>
    recordDeposit(tx, {
      memberId,
      storeId: o.storeId ?? bj001,
      amount,
      payMethod: 'wechat',
      tradeNo: `WXD${++seq}`,
      paidAt: o.paidAt ?? new Date(new Date(AT).getTime() - DAY),
      source: 'console',
      by: { kind: 'system' },
    }),
  );
  return row!;
};
const depositRow = async (no: string) =>
  (await t.db.select().from(intentDeposit).where(eq(intentDeposit.depositNo, no)))[0]!;

/** A member with a 储值卡 (C005) opened by a bill paid by WeChat. */
const memberWithCard = async () => {
  const m = await newMember();
  const r = await postBill({
    member: m.phone,
    lines: [{ kind: 'cardSale', code: 'C005' }],
    payments: [{ method: 'wechat', amount: c005Price, tradeNo: 'WX-OPEN' }],
  });
  expect(r.errcode, r.errmsg).toBe(ERR.OK);
  return { ...m, cardNo: r.data.openedCards[0] as string };
};

/** For a card: Σ ledger rows = its balances, never below zero. */
const expectLedgerMatches = async (cardNo: string) => {
  const [c] = await t.db.select().from(memberCard).where(eq(memberCard.cardNo, cardNo));
  const [sum] = await t.db
    .select({ a: sql<number>`coalesce(sum(amount), 0)::int`, b: sql<number>`coalesce(sum(bonus_amount), 0)::int` })
    .from(cardLedger)
    .where(eq(cardLedger.memberCardId, c!.id));
  expect(sum!.a).toBe(c!.balance);
  expect(sum!.b).toBe(c!.bonusBalance);
  expect(c!.balance).toBeGreaterThanOrEqual(0);
  return c!;
};

const setConfig = (storeId: number, crossStore: boolean) =>
  ok(
    admin.call(INTENT_API.configUpdate, {
      query: {
        storeId,
        enabled: '1',
        amountMode: 'range',
        minAmount: 1000,
        validityDays: 90,
        refundable: '1',
        refundBy: 'store',
        crossStore: crossStore ? '1' : '0',
      } as never,
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  bj001 = (await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001')))[0]!.id;
  const [o] = await t.db
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(and(sql`${store.id} <> ${bj001}`, eq(store.status, 'open')))
    .orderBy(asc(store.id))
    .limit(1);
  other = o!;
  c005Price = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C005')))[0]!.p;
  await setConfig(bj001, false);
  await setConfig(other.id, false);
}, 600_000);
afterAll(() => t.close());

describe('a bill paid with 意向金 (POST /open/v1/bills intentDeposits)', () => {
  it('credits two deposits toward a top-up: two 意向金 payments, the deposits 已使用 on that bill', async () => {
    const m = await memberWithCard();
    const d1 = await deposit(m.id, 10_000);
    const d2 = await deposit(m.id, 5_000);
    const r = await postBill({
      member: m.phone,
      lines: [{ kind: 'topUp', cardNo: m.cardNo, amount: 30_000 }],
      payments: [{ method: 'wechat', amount: 15_000, tradeNo: 'WX-T1' }],
      intentDeposits: [d1.depositNo, d2.depositNo],
    });
    expect(r.errcode, r.errmsg).toBe(ERR.OK);
    expect(r.data).toMatchObject({ total: 30_000, paidOther: 30_000 });
    const [bill] = await t.db.select().from(memberConsume).where(eq(memberConsume.billNo, r.data.billNo));
    const pays = await t.db
      .select()
      .from(billPayment)
      .where(eq(billPayment.consumeId, bill!.id))
      .orderBy(asc(billPayment.seq));
    expect(pays.map((p) => [p.method, p.amount, p.tradeNo])).toEqual([
      ['wechat', 15_000, 'WX-T1'],
      ['intentDeposit', 10_000, d1.depositNo],
      ['intentDeposit', 5_000, d2.depositNo],
    ]);
    for (const d of [d1, d2]) {
      expect(await depositRow(d.depositNo)).toMatchObject({ status: 'used', consumeId: bill!.id });
    }
    const c = await expectLedgerMatches(m.cardNo);
    expect(c.balance).toBe(c005Price + 30_000);
    // /orderDetails shows them among the bill's payments.
    const view = await ok(admin.call(BILL_API.view, { params: { id: bill!.id } }));
    expect(view.payments.filter((p) => p.method === 'intentDeposit').map((p) => p.tradeNo)).toEqual([
      d1.depositNo,
      d2.depositNo,
    ]);
  });

  it('refuses the whole bill for another member’s, a used, an expired, a later, a refunding, or too large a deposit; nothing is written', async () => {
    const m = await memberWithCard();
    const stranger = await newMember();
    const theirs = await deposit(stranger.id, 5_000);
    const big = await deposit(m.id, 20_000);
    const expired = await deposit(m.id, 5_000, { paidAt: new Date(new Date(AT).getTime() - 100 * DAY) });
    const later = await deposit(m.id, 5_000, { paidAt: new Date(new Date(AT).getTime() + DAY) });
    const refunding = await deposit(m.id, 5_000);
    await ok(admin.call(INTENT_API.applyRefund, { params: { id: refunding.id }, body: { reason: '会员要求' } }));
    const before = await expectLedgerMatches(m.cardNo);
    const bills = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(memberConsume))[0]!.n;
    const n0 = await bills();
    const tryWith = (no: string, amount = 10_000, pay = 5_000) =>
      postBill({
        member: m.phone,
        lines: [{ kind: 'topUp', cardNo: m.cardNo, amount }],
        payments: pay ? [{ method: 'cash', amount: pay }] : [],
        intentDeposits: [no],
      });
    const cases: [Envelope, string][] = [
      [await tryWith(theirs.depositNo), '本人'],
      [await tryWith(expired.depositNo), '过期'],
      [await tryWith(later.depositNo), '晚于收银单时间'],
      [await tryWith(refunding.depositNo), '退款中'],
      [await tryWith(big.depositNo, 10_000, 0), '超过本单开卡和充值金额'],
      [await tryWith('YX9999999999'), '不存在'],
    ];
    for (const [r, text] of cases) {
      expect(r.errcode).toBe(ERR.BILL_INVALID);
      expect(r.errmsg).toContain(text);
    }
    // A retail bill has no card line to credit.
    const retail = await postBill({
      member: m.phone,
      lines: [{ kind: 'product', code: 'P001' }],
      payments: [],
      intentDeposits: [big.depositNo],
    });
    expect(retail.errcode).toBe(ERR.BILL_INVALID);
    // A bad number is a field error.
    const bad = await postBill({
      member: m.phone,
      lines: [{ kind: 'topUp', cardNo: m.cardNo, amount: 10_000 }],
      intentDeposits: ['X1'],
    });
    expect(bad.errcode).not.toBe(ERR.OK);
    expect(await bills()).toBe(n0);
    expect((await expectLedgerMatches(m.cardNo)).balance).toBe(before.balance);
    for (const d of [theirs, big, expired, later]) expect((await depositRow(d.depositNo)).status).toBe('paid');

    // Used once, refused the second time.
    const once = await deposit(m.id, 5_000);
    expect((await tryWith(once.depositNo)).errcode).toBe(ERR.OK);
    const twice = await tryWith(once.depositNo);
    expect(twice.errcode).toBe(ERR.BILL_INVALID);
    expect(twice.errmsg).toContain('已使用');
  });

  it('two bills racing for one deposit: one uses it, the other is refused whole', async () => {
    const m = await memberWithCard();
    const d = await deposit(m.id, 5_000);
    const doc = () => ({
      member: m.phone,
      lines: [{ kind: 'topUp', cardNo: m.cardNo, amount: 5_000 }],
      payments: [],
      intentDeposits: [d.depositNo],
    });
    const answers = await Promise.all([postBill(doc()), postBill(doc()), postBill(doc())]);
    expect(answers.filter((a) => a.errcode === ERR.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.errcode === ERR.BILL_INVALID)).toHaveLength(2);
    const c = await expectLedgerMatches(m.cardNo);
    expect(c.balance).toBe(c005Price + 5_000);
    const used = await depositRow(d.depositNo);
    const [bill] = await t.db.select().from(memberConsume).where(eq(memberConsume.id, used.consumeId!));
    expect(bill!.billNo).toBe(answers.find((a) => a.errcode === ERR.OK)!.data.billNo);
  });

  it('another store’s deposit only where that store allows 通店使用 (/stoIntentConfig)', async () => {
    const m = await memberWithCard();
    const elsewhere = await deposit(m.id, 5_000, { storeId: other.id });
    const doc = () => ({
      member: m.phone,
      lines: [{ kind: 'topUp', cardNo: m.cardNo, amount: 5_000 }],
      payments: [],
      intentDeposits: [elsewhere.depositNo],
    });
    const refused = await postBill(doc());
    expect(refused.errcode).toBe(ERR.BILL_INVALID);
    expect(refused.errmsg).toContain('通店');
    const cfg = await setConfig(other.id, true);
    expect(cfg.crossStore).toBe(true);
    expect((await postBill(doc())).errcode).toBe(ERR.OK);
    expect((await depositRow(elsewhere.depositNo)).status).toBe('used');
    await setConfig(other.id, false);
  });

  it('a bill refund gives a 意向金 payment back whole only; executed, the deposit is 已支付 again and the card’s balance = Σ ledger', async () => {
    const m = await memberWithCard();
    const d = await deposit(m.id, 10_000);
    const r = await postBill({
      member: m.phone,
      lines: [{ kind: 'topUp', cardNo: m.cardNo, amount: 20_000 }],
      payments: [{ method: 'alipay', amount: 10_000, tradeNo: 'ALI-T' }],
      intentDeposits: [d.depositNo],
    });
    expect(r.errcode, r.errmsg).toBe(ERR.OK);
    const [bill] = await t.db.select().from(memberConsume).where(eq(memberConsume.billNo, r.data.billNo));
    const part = await admin.call(REFUND_API.apply, {
      body: {
        consumeId: bill!.id,
        lines: [{ line: 1, amount: 15_000 }],
        payments: [
          { seq: 1, amount: 10_000 },
          { seq: 2, amount: 5_000 },
        ],
        reason: '部分退',
      },
    });
    expect(part.body.errcode).toBe(ERR.REFUND_INVALID);
    expect(part.body.errmsg).toContain('整笔');
    const applied = await ok(
      admin.call(REFUND_API.apply, {
        body: {
          consumeId: bill!.id,
          lines: [{ line: 1, amount: 20_000 }],
          payments: [
            { seq: 1, amount: 10_000 },
            { seq: 2, amount: 10_000 },
          ],
          reason: '会员不充了',
        },
      }),
    );
    await ok(admin.call(APPROVAL_API.decide, { body: { id: applied.approvalId!, decision: 'approve', comment: '' } }));
    await ok(admin.call(REFUND_API.step, { body: { id: applied.id, step: 'execute' } }));
    const back = await depositRow(d.depositNo);
    expect(back).toMatchObject({ status: 'paid', consumeId: null, memberCardId: null });
    const detail = await ok(admin.call(INTENT_API.depositDetail, { params: { id: back.id } }));
    expect(detail.history.map((h) => h.label)).toEqual(['创建', '抵扣开卡', '退单退回']);
    expect((await expectLedgerMatches(m.cardNo)).balance).toBe(c005Price);
    // Usable again.
    const again = await postBill({
      member: m.phone,
      lines: [{ kind: 'topUp', cardNo: m.cardNo, amount: 10_000 }],
      payments: [],
      intentDeposits: [d.depositNo],
    });
    expect(again.errcode, again.errmsg).toBe(ERR.OK);
    await expectLedgerMatches(m.cardNo);
  });
});

describe('意向金 refunds through the approval center', () => {
  const payoutsOf = (refundId: number) =>
    t.db
      .select()
      .from(paymentRefund)
      .where(and(eq(paymentRefund.kind, 'intentRefund'), eq(paymentRefund.refId, refundId)));

  it('applying opens an application linked to /refundIntentionDetail; approving it pays the deposit out once', async () => {
    const m = await newMember();
    const d = await deposit(m.id, 20_000);
    const d2 = await deposit(m.id, 5_000);
    const r = await ok(admin.call(INTENT_API.applyRefund, { params: { id: d.id }, body: { reason: '会员暂不开卡' } }));
    // The same user may have several applications pending.
    const r2 = await ok(admin.call(INTENT_API.applyRefund, { params: { id: d2.id }, body: { reason: '重复支付' } }));
    expect(r).toMatchObject({ status: 'pending', amount: 20_000 });
    expect(r.spNo).toMatch(/^SP/);
    const ap = await ok(admin.call(APPROVAL_API.detail, { params: { id: r.approvalId! } }));
    expect(ap).toMatchObject({ type: 'intentRefund', status: 'pending', link: `/refundIntentionDetail?id=${r.id}` });
    expect(ap.reason).toContain(d.depositNo);
    const list = await ok(
      admin.call(APPROVAL_API.list, { query: { type: 'intentRefund', status: 'pending', pageNo: 1, pageSize: 50 } }),
    );
    expect(list.list.map((x) => x.id)).toEqual(expect.arrayContaining([r.approvalId, r2.approvalId]));

    await ok(admin.call(APPROVAL_API.decide, { body: { id: r.approvalId!, decision: 'approve', comment: '同意' } }));
    const detail = await ok(admin.call(INTENT_API.refundDetail, { params: { id: r.id } }));
    expect(detail.refund.status).toBe('refunded');
    expect(detail.deposit.status).toBe('refunded');
    expect(detail.history.map((h) => h.label)).toEqual(['创建', '审核通过', '执行退款']);
    expect(detail.payouts).toEqual([
      expect.objectContaining({ kind: 'intentRefund', method: 'wechat', amount: 20_000, tradeNo: d.tradeNo }),
    ]);
    // Decided: neither the center nor the detail page can decide or execute it again.
    const again = await admin.call(APPROVAL_API.decide, {
      body: { id: r.approvalId!, decision: 'approve', comment: '' },
    });
    expect(again.body.errcode).toBe(ERR.APPROVAL_DECIDED);
    for (const step of ['approve', 'execute'] as const) {
      const x = await admin.call(INTENT_API.refundStep, { params: { id: r.id }, body: { step } });
      expect(x.body.errcode).toBe(ERR.STATE_CHANGED);
    }
    expect(await payoutsOf(r.id)).toHaveLength(1);

    // Rejected in the center: the deposit is 已支付 again, nothing paid.
    await ok(admin.call(APPROVAL_API.decide, { body: { id: r2.approvalId!, decision: 'reject', comment: '已开卡' } }));
    expect((await depositRow(d2.depositNo)).status).toBe('paid');
    expect(await payoutsOf(r2.id)).toHaveLength(0);
  });

  it('a region’s manager can neither see nor decide a refund of another region’s store', async () => {
    const east = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
    const m = await newMember();
    const d = await deposit(m.id, 5_000);
    const r = await ok(admin.call(INTENT_API.applyRefund, { params: { id: d.id }, body: { reason: '会员要求' } }));
    const seen = await east.call(APPROVAL_API.list, { query: { type: 'intentRefund', pageNo: 1, pageSize: 100 } });
    if (seen.body.errcode === ERR.OK) expect(seen.body.data.list.map((x) => x.id)).not.toContain(r.approvalId);
    const decided = await east.call(APPROVAL_API.decide, {
      body: { id: r.approvalId!, decision: 'approve', comment: '' },
    });
    expect(decided.body.errcode).not.toBe(ERR.OK);
    const stepped = await east.call(INTENT_API.refundStep, { params: { id: r.id }, body: { step: 'approve' } });
    expect(stepped.body.errcode).not.toBe(ERR.OK);
    expect((await depositRow(d.depositNo)).status).toBe('refunding');
    expect(await payoutsOf(r.id)).toHaveLength(0);
  });

  it('two approvals racing (the center and /refundIntentionDetail, twice each): one pays out, the others are refused', async () => {
    const m = await newMember();
    const d = await deposit(m.id, 10_000);
    const r = await ok(admin.call(INTENT_API.applyRefund, { params: { id: d.id }, body: { reason: '会员要求' } }));
    const answers = await Promise.all([
      admin.call(APPROVAL_API.decide, { body: { id: r.approvalId!, decision: 'approve', comment: '' } }),
      admin.call(INTENT_API.refundStep, { params: { id: r.id }, body: { step: 'approve' } }),
      admin.call(APPROVAL_API.decide, { body: { id: r.approvalId!, decision: 'approve', comment: '' } }),
      admin.call(INTENT_API.refundStep, { params: { id: r.id }, body: { step: 'reject', reason: '不退' } }),
    ]);
    const codes = answers.map((a) => a.body.errcode);
    expect(codes.filter((c) => c === ERR.OK)).toHaveLength(1);
    expect(codes.every((c) => ([ERR.OK, ERR.APPROVAL_DECIDED, ERR.STATE_CHANGED] as string[]).includes(c))).toBe(true);
    const [ap] = await t.db.select().from(approval).where(eq(approval.id, r.approvalId!));
    const dep = await depositRow(d.depositNo);
    if (ap!.status === 'approved') {
      expect(dep.status).toBe('refunded');
      expect(await payoutsOf(r.id)).toHaveLength(1);
    } else {
      expect(dep.status).toBe('paid');
      expect(await payoutsOf(r.id)).toHaveLength(0);
    }
  });
});

describe('mall after-sale refunds paid out', () => {
  let phone = '';
  let code = '';
  const sender = { clientId: null };
  const order = (o: Partial<OpenMallOrderBody> = {}): OpenMallOrderBody => ({
    outerNo: `FL-MALL-${++seq}`,
    member: phone,
    storeCode: other.code,
    delivery: 'express',
    lines: [{ goodsCode: code, quantity: 2 }],
    freight: 500,
    total: 2 * 1990 + 500,
    receiver: { name: '王小姐', phone: '13912345678', address: '上海市徐汇区漕溪北路 1 号' },
    ...o,
  });
  /** An order paid, shipped and under an approved after-sale request; answers the order and the request. */
  const approvedReturn = async () => {
    const ans = await createMallOrder(t.db, sender, order());
    await stepMallOrderOpen(t.db, sender, ans.outerNo, {
      step: 'pay',
      method: 'alipay',
      tradeNo: `ALI-${seq}`,
      amount: ans.total,
    });
    const [o] = await t.db.select().from(mallOrder).where(eq(mallOrder.orderNo, ans.orderNo));
    await ok(
      admin.call(MALL_API.ship, { body: { id: o!.id, trackingCompany: '中通', trackingNo: `ZT${1000000 + seq}` } }),
    );
    await stepMallOrderOpen(t.db, sender, ans.outerNo, { step: 'applyAfterSale', kind: 'refundOnly', reason: '破损' });
    const [ret] = await t.db.select().from(mallReturn).where(eq(mallReturn.orderId, o!.id));
    await ok(admin.call(MALL_API.approveReturn, { body: { id: ret!.id, reason: '同意' } }));
    return { order: o!, ret: ret! };
  };

  beforeAll(async () => {
    const [m] = await t.db.select({ phone: member.phone }).from(member).orderBy(asc(member.id)).limit(1);
    phone = m!.phone;
    const [p] = await t.db.select({ id: product.id }).from(product).limit(1);
    code = `FL-GOODS-${Date.now() % 100000}`;
    await t.db.insert(mallGoods).values({
      code,
      name: '退款测试商品',
      goodsKind: 'product',
      productId: p!.id,
      price: 1990,
      stock: 100,
      enabled: true,
    } as never);
  });

  it('executing an approved return writes one payment-refund record of what was paid; the order ends 已退款', async () => {
    const { order: o, ret } = await approvedReturn();
    expect(ret.amount).toBe(o.paidAmount);
    await ok(admin.call(MALL_API.refundReturn, { body: { id: ret.id } }));
    const rows = await t.db
      .select()
      .from(paymentRefund)
      .where(and(eq(paymentRefund.kind, 'mallReturn'), eq(paymentRefund.refId, ret.id)));
    expect(rows.map((r) => [r.method, r.amount, r.tradeNo])).toEqual([['alipay', o.paidAmount, o.tradeNo]]);
    const [after] = await t.db.select().from(mallOrder).where(eq(mallOrder.id, o.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: o.paidAmount });
    const view = await ok(admin.call(MALL_API.view, { params: { id: o.id } }));
    expect(view.payouts).toEqual([expect.objectContaining({ returnNo: ret.returnNo, amount: o.paidAmount })]);
    // Again: refused, nothing more paid.
    const again = await admin.call(MALL_API.refundReturn, { body: { id: ret.id } });
    expect(again.body.errcode).toBe(ERR.STATE_CHANGED);
  });

  it('two executions racing pay out once, never more than was paid', async () => {
    const { order: o, ret } = await approvedReturn();
    const answers = await Promise.all([1, 2, 3].map(() => admin.call(MALL_API.refundReturn, { body: { id: ret.id } })));
    expect(answers.filter((a) => a.body.errcode === ERR.OK)).toHaveLength(1);
    expect(answers.every((a) => ([ERR.OK, ERR.STATE_CHANGED] as string[]).includes(a.body.errcode))).toBe(true);
    const [{ paid }] = (await t.db
      .select({ paid: sql<number>`coalesce(sum(${paymentRefund.amount}), 0)::int` })
      .from(paymentRefund)
      .where(and(eq(paymentRefund.kind, 'mallReturn'), eq(paymentRefund.refId, ret.id)))) as [{ paid: number }];
    expect(paid).toBe(o.paidAmount);
    const [after] = await t.db.select().from(mallOrder).where(eq(mallOrder.id, o.id));
    expect(after!.refundedAmount).toBe(o.paidAmount);
  });
});

describe('the demo data', () => {
  it('has a bill paid with 意向金, a deposit refund pending in the approval center, and payment-refund records of both kinds', async () => {
    const [paidBy] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billPayment)
      .where(eq(billPayment.method, 'intentDeposit'));
    expect(paidBy!.n).toBeGreaterThan(0);
    const pending = await ok(
      admin.call(APPROVAL_API.list, { query: { type: 'intentRefund', status: 'pending', pageNo: 1, pageSize: 10 } }),
    );
    expect(pending.total).toBeGreaterThan(0);
    const kinds = await t.db.selectDistinct({ k: paymentRefund.kind }).from(paymentRefund);
    expect(new Set(kinds.map((k) => k.k))).toEqual(new Set(['intentRefund', 'mallReturn']));
  });
});
