/**
 * 退款 (service.ts): a store applies through the open API (idempotent under 20 identical posts),
 * never for more than is left (executed and pending refunds count, per line, payment and bill),
 * the application shows in the approval center, deciding there moves the refund, head office
 * executes it once (two executors at once: one refused), the card lines go back to the cards
 * through the ledger, the money paid otherwise is marked returned on its payments; a closed
 * bill is refunded no more; every state change is refused out of order with STATE_CHANGED.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { MEMBER_ASSET_API } from '@zb/contract/api/memberAssets';
import { REFUND_API } from '@zb/contract/api/refunds';
import { BILL_API } from '@zb/contract/entities/billView';
import { ERR } from '@zb/contract/errcodes';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardWorld, refusal } from '../../testing/cardWorld';
import { posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { approval } from '../approvals/schema';
import { billPayment } from '../bills/schema';
import { BILL_REVERSAL_REF, consume } from '../members/ledger';
import { checkMemberRollups } from '../members/rollups';
import { memberCard, memberCardSession, memberConsume, memberConsumeLine } from '../members/schema';
import type { OpenCaller } from '../openApi/types';
import { refund } from './schema';
import { applyOpenRefund } from './service';

let t: TestApp;
let admin: TestClient;
const ids: Record<string, number> = {};
let price = 0;
let pos: OpenCaller;
let otherPos: OpenCaller;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const cardOf = async (id: number) => (await t.db.select().from(memberCard).where(eq(memberCard.id, id)))[0]!;
const sessionsOf = async (id: number) =>
  (await t.db.select().from(memberCardSession).where(eq(memberCardSession.memberCardId, id)))[0]!.remaining;
const client = (storeId: number, key: string) => posCaller(t.db, storeId, `rf-${key}`);

/** A bill: line 1 a product on the 储值卡, line 2 three sessions on the 套餐卡, line 3 a product paid half cash, half WeChat. */
const newBill = async () => {
  const b = await t.db.transaction((x) =>
    consume(x, {
      memberId: ids.member!,
      storeId: ids.sh!,
      at: new Date(),
      userId: null,
      lines: [
        { productId: ids.product!, quantity: 1, memberCardId: ids.stored! },
        { projectId: ids.project!, quantity: 3, memberCardId: ids.combo! },
        { productId: ids.product!, quantity: 1 },
      ],
    }),
  );
  const half = Math.floor(price / 2);
  await t.db.insert(billPayment).values([
    { consumeId: b.consumeId, seq: 1, method: 'storedCard', amount: price, memberCardId: ids.stored! },
    { consumeId: b.consumeId, seq: 2, method: 'comboCard', amount: 24_000, memberCardId: ids.combo! },
    { consumeId: b.consumeId, seq: 3, method: 'cash', amount: half },
    { consumeId: b.consumeId, seq: 4, method: 'wechat', amount: price - half, tradeNo: 'WX1' },
  ]);
  return b;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const w = await cardWorld(t.db, { code: 'RF', phone: '13912360001', amount: 99_000, bonus: 0, sessions: 30 });
  Object.assign(ids, w);
  price = w.price;
  pos = await client(ids.sh!, 'sh');
  otherPos = await client(ids.other!, 'other');
});
afterAll(() => t.close());

const step = (id: number, s: 'approve' | 'reject' | 'execute', reason?: string) =>
  admin.call(REFUND_API.step, { body: { id, step: s, reason } });
const refundRow = async (refundNo: string) =>
  (await t.db.select().from(refund).where(eq(refund.refundNo, refundNo)))[0]!;

describe('退款', () => {
  it('a store applies through the open API once per outerNo, also under 20 identical posts', async () => {
    const bill = await newBill();
    const body = {
      outerNo: 'RF-0001',
      billNo: bill.billNo,
      lines: [{ line: 1, amount: 100 }],
      payments: [],
      reason: '顾客不满意',
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => applyOpenRefund(t.db, pos, body)));
    expect(new Set(answers.map((a) => a.refundNo)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from refund where client_id = ${pos.clientId} and outer_no = 'RF-0001'`,
      ),
    );
    expect(Number(n!.n)).toBe(1);
    expect(answers[0]).toMatchObject({ billNo: bill.billNo, status: 'applied', amount: 100 });
    // Another store's terminal may not apply for this bill.
    expect(await refusal(applyOpenRefund(t.db, otherPos, { ...body, outerNo: 'RF-0002' }))).toBe(
      ERR.OPEN_STORE_NOT_BOUND,
    );
  });

  it('refuses more than is left (pending refunds count), payments not adding up, a card payment named alone', async () => {
    const bill = await newBill();
    const apply = (outerNo: string, b: Partial<Parameters<typeof applyOpenRefund>[2]>) =>
      applyOpenRefund(t.db, pos, { outerNo, billNo: bill.billNo, lines: [], payments: [], reason: '测试', ...b });
    await apply('RF-L1', { lines: [{ line: 1, amount: price - 1 }] });
    expect(await refusal(apply('RF-L2', { lines: [{ line: 1, amount: 2 }] }))).toBe(ERR.REFUND_EXCEEDS);
    expect(await refusal(apply('RF-L3', { lines: [{ line: 2, amount: 8000, sessions: 4 }] }))).toBe(ERR.REFUND_EXCEEDS);
    expect(await refusal(apply('RF-L4', { lines: [{ line: 2, amount: 8000 }] }))).toBe(ERR.REFUND_INVALID);
    expect(await refusal(apply('RF-L5', { lines: [{ line: 3, amount: 100 }] }))).toBe(ERR.REFUND_INVALID);
    expect(
      await refusal(apply('RF-L6', { lines: [{ line: 3, amount: 100 }], payments: [{ seq: 3, amount: 99 }] })),
    ).toBe(ERR.REFUND_INVALID);
    expect(await refusal(apply('RF-L7', { payments: [{ seq: 1, amount: 1 }] }))).toBe(ERR.REFUND_INVALID);
    expect(await refusal(apply('RF-L8', { payments: [{ seq: 3, amount: price }] }))).toBe(ERR.REFUND_EXCEEDS);
    expect(await refusal(apply('RF-L9', { lines: [{ line: 9, amount: 1 }] }))).toBe(ERR.REFUND_INVALID);
  });

  it('shows in the approval center; deciding there moves the refund; executing gives the cards back once', async () => {
    const bill = await newBill();
    const stored0 = await cardOf(ids.stored!);
    const sessions0 = await sessionsOf(ids.combo!);
    const half = Math.floor(price / 2);
    const a = await applyOpenRefund(t.db, pos, {
      outerNo: 'RF-A1',
      billNo: bill.billNo,
      lines: [
        { line: 1, amount: price },
        { line: 2, amount: 8000, sessions: 1 },
        { line: 3, amount: half + 1 },
      ],
      payments: [
        { seq: 3, amount: half },
        { seq: 4, amount: 1 },
      ],
      reason: '项目未做完',
    });
    const r = await refundRow(a.refundNo);
    // Executing before the decision: refused.
    expect((await step(r.id, 'execute')).body.errcode).toBe(ERR.STATE_CHANGED);
    const list = await admin.call(APPROVAL_API.list, { query: { type: 'refund', status: 'pending' } });
    const row = list.body.data.list.find((x) => x.id === r.approvalId)!;
    expect(row).toMatchObject({ type: 'refund', applicantName: '门店（收银终端）' });
    const detail = await admin.call(APPROVAL_API.detail, { params: { id: r.approvalId! } });
    expect(detail.body.data.link).toBe(`/refundDetail?id=${r.id}`);
    // A rejection without its reason is refused and decides nothing.
    const noReason = await admin.call(APPROVAL_API.decide, { body: { id: r.approvalId, decision: 'reject' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    expect((await t.db.select().from(approval).where(eq(approval.id, r.approvalId!)))[0]!.status).toBe('pending');
    const ok = await admin.call(APPROVAL_API.decide, {
      body: { id: r.approvalId, decision: 'approve', comment: '同意' },
    });
    expect(ok.body.errcode).toBe('0');
    expect((await refundRow(a.refundNo)).status).toBe('approved');
    // Deciding again on /refundDetail: refused by the refund's state.
    expect((await step(r.id, 'reject', '不退了')).body.errcode).toBe(ERR.STATE_CHANGED);
    // Two executors at once: one executes, the other is refused.
    const both = await Promise.all([step(r.id, 'execute'), step(r.id, 'execute')]);
    expect(both.map((x) => x.body.errcode).sort()).toEqual(['0', ERR.STATE_CHANGED].sort());
    const done = both.find((x) => x.body.errcode === '0')!.body.data;
    expect(done).toMatchObject({
      status: 'executed',
      amount: price + 8000 + half + 1,
      toCards: price + 8000,
      outside: half + 1,
    });
    expect(done.history.map((h) => h.label)).toEqual(['创建', '审核通过', '执行退款']);
    expect(done.ledger).toHaveLength(2);
    expect((await cardOf(ids.stored!)).balance).toBe(stored0.balance! + price);
    expect(await sessionsOf(ids.combo!)).toBe(sessions0 + 1);
    const [head] = await t.db.select().from(memberConsume).where(eq(memberConsume.id, bill.consumeId));
    expect(head!.refunded).toBe(price + 8000 + half + 1);
    const pays = await t.db
      .select()
      .from(billPayment)
      .where(eq(billPayment.consumeId, bill.consumeId))
      .orderBy(asc(billPayment.seq));
    expect(pays.map((p) => p.refunded)).toEqual([price, 8000, half, 1]);
    // What is left of line 2 is two sessions: a partial refund of them, then no more.
    const b = await applyOpenRefund(t.db, pos, {
      outerNo: 'RF-A2',
      billNo: bill.billNo,
      lines: [{ line: 2, amount: 16_000, sessions: 2 }],
      payments: [],
      reason: '再退两次',
    });
    expect(
      await refusal(
        applyOpenRefund(t.db, pos, {
          outerNo: 'RF-A3',
          billNo: bill.billNo,
          lines: [{ line: 2, amount: 1, sessions: 1 }],
          payments: [],
          reason: '超出',
        }),
      ),
    ).toBe(ERR.REFUND_EXCEEDS);
    const rb = await refundRow(b.refundNo);
    expect((await step(rb.id, 'approve')).body.errcode).toBe('0');
    expect((await step(rb.id, 'execute')).body.errcode).toBe('0');
    expect(await sessionsOf(ids.combo!)).toBe(sessions0 + 3);
    const [line2] = await t.db
      .select()
      .from(memberConsumeLine)
      .where(sql`${memberConsumeLine.consumeId} = ${bill.consumeId} and ${memberConsumeLine.line} = 2`);
    expect([line2!.refunded, line2!.refundedSessions]).toEqual([24_000, 3]);
    expect((await checkMemberRollups(t.db)).ok).toBe(true);
  });

  it('a rejected refund frees what it held; a closed bill is refunded no more', async () => {
    const bill = await newBill();
    const a = await applyOpenRefund(t.db, pos, {
      outerNo: 'RF-C1',
      billNo: bill.billNo,
      lines: [{ line: 1, amount: price }],
      payments: [],
      reason: '测试',
    });
    const r = await refundRow(a.refundNo);
    const rejected = await step(r.id, 'reject', '证据不足');
    expect(rejected.body.data.status).toBe('rejected');
    expect((await t.db.select().from(approval).where(eq(approval.id, r.approvalId!)))[0]!.status).toBe('rejected');
    const b = await applyOpenRefund(t.db, pos, {
      outerNo: 'RF-C2',
      billNo: bill.billNo,
      lines: [{ line: 1, amount: price }],
      payments: [],
      reason: '重新申请',
    });
    const rb = await refundRow(b.refundNo);
    expect((await step(rb.id, 'approve')).body.errcode).toBe('0');
    // The bill is closed meanwhile (关单): executing is refused, nothing moves.
    await t.db.update(memberConsume).set({ status: 'closed' }).where(eq(memberConsume.id, bill.consumeId));
    const balance = (await cardOf(ids.stored!)).balance;
    expect((await step(rb.id, 'execute')).body.errcode).toBe(ERR.STATE_CHANGED);
    expect((await cardOf(ids.stored!)).balance).toBe(balance);
    expect((await refundRow(b.refundNo)).status).toBe('approved');
    expect(
      await refusal(
        applyOpenRefund(t.db, pos, {
          outerNo: 'RF-C3',
          billNo: bill.billNo,
          lines: [{ line: 3, amount: 1 }],
          payments: [{ seq: 3, amount: 1 }],
          reason: '测试',
        }),
      ),
    ).toBe(ERR.STATE_CHANGED);
  });

  it('lists with filters and shows a refund with its bill, lines and buttons', async () => {
    const bill = await newBill();
    const applied = await admin.call(REFUND_API.apply, {
      body: {
        consumeId: bill.consumeId,
        lines: [{ line: 3, amount: 10 }],
        payments: [{ seq: 4, amount: 10 }],
        reason: '总部补退',
      },
    });
    expect(applied.body.errcode).toBe('0');
    expect(applied.body.data).toMatchObject({ source: 'console', status: 'applied', amount: 10, billNo: bill.billNo });
    const list = await admin.call(REFUND_API.list, { query: { billNo: bill.billNo, status: 'applied' } });
    expect(list.body.data.total).toBe(1);
    const byMember = await admin.call(REFUND_API.list, { query: { member: '13912360001' } });
    expect(byMember.body.data.total).toBeGreaterThan(1);
    const none = await admin.call(REFUND_API.list, { query: { storeId: ids.other!, billNo: bill.billNo } });
    expect(none.body.data.total).toBe(0);
    const d = await admin.call(REFUND_API.detail, { params: { id: applied.body.data.id } });
    expect(d.body.data.lines).toMatchObject([{ line: 3, amount: 10, lineAmount: price }]);
    expect(d.body.data.payments).toMatchObject([{ seq: 4, method: 'wechat', amount: 10, tradeNo: 'WX1' }]);
    const bad = await admin.call(REFUND_API.list, { query: { from: '2026-13-01' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('a bill drawn from cards since reissued (补卡) goes back to the new cards, each row naming the old, refunded or closed (关单); a card 注销 refuses, nothing written', async () => {
    const bill = await newBill();
    const bill2 = await newBill();
    const bill3 = await newBill();
    const ledgerOf = async (id: number) =>
      rowsOf<{ a: number; b: number; s: number }>(
        await t.db.execute(sql`select coalesce(sum(amount), 0)::int as a, coalesce(sum(bonus_amount), 0)::int as b,
          coalesce(sum(sessions), 0)::int as s from card_ledger where member_card_id = ${id}`),
      )[0]!;
    const decide = async (memberCardId: number) => {
      const [x] = rowsOf<{ id: number }>(
        await t.db.execute(sql`select approval_id as id from card_closure
          where member_card_id = ${memberCardId} and status = 'pending'`),
      );
      const res = await admin.call(APPROVAL_API.decide, {
        body: { id: Number(x!.id), decision: 'approve', comment: '' },
      });
      expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    };
    /** 补卡 of a card, applied and approved: answers the new card. */
    const reissue = async (memberCardId: number, newCardNo: string) => {
      const res = await admin.call(MEMBER_ASSET_API.reissue, { body: { memberCardId, newCardNo, reason: '卡遗失' } });
      expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
      await decide(memberCardId);
      const [n] = await t.db.select().from(memberCard).where(eq(memberCard.predecessorId, memberCardId));
      return n!;
    };
    const stored = await reissue(ids.stored!, 'RFBK001');
    const combo = await reissue(ids.combo!, 'RFBK002');
    expect((await cardOf(ids.stored!)).status).toBe('closed');
    const [storedOld, comboOld] = [await cardOf(ids.stored!), await cardOf(ids.combo!)];
    const storedBefore = stored.balance!;
    const comboBefore = (await cardOf(combo.id)).sessionsLeft;

    // Half of line 1 (the 储值卡) and one session of line 2 (the 套餐卡), applied, approved, executed.
    const half = Math.floor(price / 2);
    const a = await applyOpenRefund(t.db, pos, {
      outerNo: 'RF-R1',
      billNo: bill.billNo,
      lines: [
        { line: 1, amount: half },
        { line: 2, amount: 8000, sessions: 1 },
      ],
      payments: [],
      reason: '补卡后退款',
    });
    const r = await refundRow(a.refundNo);
    expect((await step(r.id, 'approve')).body.errcode).toBe('0');
    const done = await step(r.id, 'execute');
    expect(done.body.errcode, done.body.errmsg).toBe('0');
    expect(done.body.data.ledger.map((l) => [l.cardNo, l.originCardNo, l.amount, l.sessions])).toEqual([
      [stored.cardNo, storedOld.cardNo, half, null],
      [combo.cardNo, comboOld.cardNo, 0, 1],
    ]);
    // The new cards took it (each = Σ its ledger); the old ones stay 已补卡 and empty.
    const storedNow = await cardOf(stored.id);
    expect(storedNow.balance).toBe(storedBefore + half);
    expect((await ledgerOf(stored.id)).a).toBe(storedNow.balance);
    expect((await cardOf(combo.id)).sessionsLeft).toBe(comboBefore + 1);
    expect((await ledgerOf(combo.id)).s).toBe(comboBefore + 1);
    for (const old of [ids.stored!, ids.combo!]) {
      expect(await cardOf(old)).toMatchObject({ status: 'closed', sessionsLeft: 0 });
      expect(await ledgerOf(old)).toEqual({ a: 0, b: 0, s: 0 });
    }
    const rows = rowsOf<{ card: number; origin: number; kind: string }>(
      await t.db.execute(sql`select member_card_id as card, origin_card_id as origin, kind from card_ledger
        where ref_type = 'refund' and ref_id = ${r.id} order by seq`),
    );
    expect(rows).toEqual([
      { card: stored.id, origin: ids.stored!, kind: 'refund' },
      { card: combo.id, origin: ids.combo!, kind: 'refund' },
    ]);

    // 关单 of another bill drawn from the old cards: its draws go back onto the new cards as 调整 rows
    // naming the old ones (as a refund's do).
    const [storedMid, comboMid] = [(await cardOf(stored.id)).balance!, (await cardOf(combo.id)).sessionsLeft];
    const closed = await admin.call(BILL_API.close, { body: { id: bill3.consumeId, reason: '补卡后关单' } });
    expect(closed.body.errcode, closed.body.errmsg).toBe(ERR.OK);
    const reversed = rowsOf<{ card: number; origin: number; amount: number; sessions: number | null }>(
      await t.db.execute(sql`select member_card_id as card, origin_card_id as origin, amount, sessions from card_ledger
        where ref_type = ${BILL_REVERSAL_REF} and ref_id = ${bill3.consumeId} order by seq`),
    );
    expect(reversed).toEqual([
      { card: stored.id, origin: ids.stored!, amount: price, sessions: null },
      { card: combo.id, origin: ids.combo!, amount: 0, sessions: 3 },
    ]);
    expect((await cardOf(stored.id)).balance).toBe(storedMid + price);
    expect((await cardOf(combo.id)).sessionsLeft).toBe(comboMid + 3);
    for (const old of [ids.stored!, ids.combo!]) expect(await ledgerOf(old)).toEqual({ a: 0, b: 0, s: 0 });

    // The rest of line 1 applied and approved; then the new card is 注销: executing is refused, and
    // so is an application for another bill drawn from the old card — nothing written.
    const b = await applyOpenRefund(t.db, pos, {
      outerNo: 'RF-R2',
      billNo: bill.billNo,
      lines: [{ line: 1, amount: price - half }],
      payments: [],
      reason: '再退',
    });
    const rb = await refundRow(b.refundNo);
    expect((await step(rb.id, 'approve')).body.errcode).toBe('0');
    const cancel = await admin.call(MEMBER_ASSET_API.cancel, {
      body: { memberCardId: stored.id, rule: 'forfeit', reason: '会员放弃' } as never,
    });
    expect(cancel.body.errcode, cancel.body.errmsg).toBe(ERR.OK);
    await decide(stored.id);
    const count = async () =>
      rowsOf<{ n: number; refunds: number }>(
        await t.db.execute(
          sql`select (select count(*)::int from card_ledger) as n, (select count(*)::int from refund) as refunds`,
        ),
      )[0]!;
    const before = await count();
    const refused = await step(rb.id, 'execute');
    expect(refused.body.errcode).toBe(ERR.REFUND_CARD_CANCELLED);
    expect(refused.body.errmsg).toBe(
      `会员卡（${storedOld.cardNo}）已补卡为（${stored.cardNo}），新卡已注销，余额已在注销时结清，退款不能再退回到卡上`,
    );
    expect((await refundRow(b.refundNo)).status).toBe('approved');
    expect(
      await refusal(
        applyOpenRefund(t.db, pos, {
          outerNo: 'RF-R3',
          billNo: bill2.billNo,
          lines: [{ line: 1, amount: 1 }],
          payments: [],
          reason: '再退',
        }),
      ),
    ).toBe(ERR.REFUND_CARD_CANCELLED);
    // 关单 of a bill drawn from the old 储值卡 (now 注销 at the chain's end): refused, nothing written.
    const close2 = await admin.call(BILL_API.close, { body: { id: bill2.consumeId, reason: '注销后关单' } });
    expect(close2.body.errcode).toBe(ERR.REFUND_CARD_CANCELLED);
    expect(close2.body.errmsg).toBe(
      `会员卡（${storedOld.cardNo}）已补卡为（${stored.cardNo}），新卡已注销，余额已在注销时结清，冲正不能再退回到卡上`,
    );
    expect(await count()).toEqual(before);
    expect(await cardOf(stored.id)).toMatchObject({ status: 'cancelled', balance: 0, bonusBalance: 0 });
    expect((await checkMemberRollups(t.db)).ok).toBe(true);
  });
});
