/**
 * Head office's bill pages: /billingList's filters and data scope, /orderDetails' figures against
 * the bill's facts, each abnormal rule flagging what it should and not what it should not, the
 * handling steps refusing a wrong state (STATE_CHANGED), and 冲正 / 关单 giving the card draws
 * back through ledger 调整 rows (balance = Σ ledger).
 */
import { OTHER_CONFIG_API } from '@zb/contract/api/configUtils';
import { BILL_API } from '@zb/contract/entities/billView';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import { ABNORMAL_BILL_LIST, BILLING_CLOSE_LIST, BILLING_LIST } from '@zb/contract/reports/bills';
import { SETTINGS } from '@zb/contract/settings';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { flowEvent } from '../../platform/schema';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { card, product, project } from '../goods/schema';
import { consume, openCard, refundToCards, topUp } from '../members/ledger';
import { cardLedger, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { createMember } from '../members/service';
import { staff } from '../staff/schema';
import { region, store } from '../stores/schema';
import { scanAbnormalBills } from './abnormal';
import { abnormalBill, billPayment } from './schema';

let t: TestApp;
let admin: TestClient;
let east: TestClient;
let eastStores: Set<number>;
const ids: Record<string, number> = {};
let phoneSeq = 0;

const tx = <T>(fn: (x: Tx) => Promise<T>) => t.db.transaction(fn);
const beijing = (s: string) => new Date(`${s}+08:00`);
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

type Row = Record<string, string | number | null>;
type Page = { list: Row[]; total: number; totals?: Row };

const list = async (
  c: TestClient,
  decl: typeof BILLING_LIST | typeof ABNORMAL_BILL_LIST | typeof BILLING_CLOSE_LIST,
  query: Record<string, string | number>,
) => {
  const res = await c.call(reportApi(decl).list, { query: { pageSize: 100, ...query } as never });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as unknown as Page;
};

/** A member of SH001 with a 储值卡 holding ¥2,000. */
const memberWithCard = async (storeId = ids.sh001!) =>
  tx(async (x) => {
    const m = await createMember(x, {
      name: '开单测试会员',
      phone: `1361111${String(++phoneSeq).padStart(4, '0')}`,
      storeId,
      userId: null,
      joinedAt: beijing('2026-01-05T10:00:00'),
    });
    const opened = await openCard(x, {
      memberId: m.id,
      cardId: ids.stored!,
      storeId,
      at: beijing('2026-01-05T10:00:00'),
      userId: null,
    });
    await topUp(x, {
      memberCardId: opened.memberCardId,
      storeId,
      amount: 200_000,
      at: beijing('2026-01-05T10:05:00'),
      userId: null,
    });
    return { memberId: m.id, memberCardId: opened.memberCardId };
  });

const drawBill = (
  who: { memberId: number; memberCardId: number },
  at: Date,
  opts: { card?: boolean; storeId?: number; quantity?: number } = {},
) =>
  tx((x) =>
    consume(x, {
      memberId: who.memberId,
      storeId: opts.storeId ?? ids.sh001!,
      staffId: ids.staff!,
      at,
      lines: [
        {
          projectId: ids.project!,
          quantity: opts.quantity ?? 1,
          memberCardId: opts.card === false ? null : who.memberCardId,
        },
      ],
      userId: null,
    }),
  );

const cardState = async (memberCardId: number) => {
  const [c] = await t.db.select().from(memberCard).where(eq(memberCard.id, memberCardId));
  const [sum] = await t.db
    .select({
      a: sql<number>`coalesce(sum(amount), 0)::int`,
      b: sql<number>`coalesce(sum(bonus_amount), 0)::int`,
    })
    .from(cardLedger)
    .where(eq(cardLedger.memberCardId, memberCardId));
  return { balance: c!.balance, bonus: c!.bonusBalance, ledger: sum!.a, ledgerBonus: sum!.b };
};

const flagsOf = async (consumeId: number) =>
  (
    await t.db
      .select({ id: abnormalBill.id, rule: abnormalBill.rule, reason: abnormalBill.reason })
      .from(abnormalBill)
      .where(eq(abnormalBill.consumeId, consumeId))
      .orderBy(asc(abnormalBill.id))
  ).map((r) => r);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const stores = await t.db.select({ id: store.id, code: store.code, regionId: store.regionId }).from(store);
  ids.sh001 = stores.find((s) => s.code === 'SH001')!.id;
  ids.gz001 = stores.find((s) => s.code === 'GZ001')!.id;
  const [eastRegion] = await t.db.select({ id: region.id }).from(region).where(eq(region.name, '华东大区'));
  eastStores = new Set(stores.filter((s) => s.regionId === eastRegion!.id).map((s) => s.id));
  expect(eastStores.has(ids.sh001)).toBe(true);
  expect(eastStores.has(ids.gz001)).toBe(false);
  ids.stored = (await t.db.select({ id: card.id }).from(card).where(eq(card.kind, 'stored')).limit(1))[0]!.id;
  ids.project = (await t.db.select({ id: project.id }).from(project).orderBy(asc(project.id)).limit(1))[0]!.id;
  ids.staff = (await t.db.select({ id: staff.id }).from(staff).where(eq(staff.storeId, ids.sh001)).limit(1))[0]!.id;
  ids.gzStaff = (await t.db.select({ id: staff.id }).from(staff).where(eq(staff.storeId, ids.gz001)).limit(1))[0]!.id;
  const codes = (await t.db.execute(
    sql`select code from resource where code like 'ZBHT-DDGL%' or code = 'ZBHT-DDGL'`,
  )) as unknown as { rows?: { code: string }[] } & { code: string }[];
  const all = (codes.rows ?? codes).map((r) => r.code);
  const userId = await createUser(t.db, { loginName: 'bills-east', password: 'bills12345' });
  const { contentRoleId } = await createRole(t.db, {
    code: 'BILLS_EAST',
    name: '华东开单',
    contentName: '华东大区',
    codes: all,
  });
  east = await t.signIn('bills-east', 'bills12345', await grantRole(t.db, userId, contentRoleId));
  // Flag what the demo left unscanned, so each test's scan reads only its own bills.
  await scanAbnormalBills(t.db);
}, 300_000);
afterAll(() => t.close());

describe('the demo data', () => {
  it('has bills flagged by several rules (one handled), and closed bills with their reasons', async () => {
    const rules = await t.db.select({ rule: abnormalBill.rule, status: abnormalBill.status }).from(abnormalBill);
    const kinds = new Set(rules.map((r) => r.rule));
    for (const k of ['duplicate', 'outsideHours', 'overLimit']) expect(kinds.has(k), k).toBe(true);
    expect(rules.some((r) => r.status === 'confirmed')).toBe(true);
    const closed = await t.db.execute(
      sql`select count(*)::int as n from member_consume where status = 'closed' and close_reason is not null`,
    );
    const n = ((closed as unknown as { rows?: { n: number }[] }).rows ?? (closed as unknown as { n: number }[]))[0]!.n;
    expect(n).toBeGreaterThanOrEqual(2);
  });
});

describe('/billingList', () => {
  it('lists the bills of the period newest first, with 共 N 条 and 合计; filters narrow; a region user sees only their stores', async () => {
    const who = await memberWithCard();
    const now = new Date();
    const bill = await drawBill(who, new Date(now.getTime() - 60_000));
    const period = { periodFrom: daysAgo(30), periodTo: today() };
    const all = await list(admin, BILLING_LIST, period);
    expect(all.total).toBeGreaterThan(0);
    const times = all.list.map((r) => String(r.consumedAt));
    expect([...times].sort().reverse()).toEqual(times);
    const sum = all.list.reduce((s, r) => s + Number(r.total), 0);
    if (all.total <= 100) expect(Number(all.totals!.total)).toBe(sum);

    const phone = (await t.db.execute(sql`select phone from member where id = ${who.memberId}`)) as unknown as {
      rows?: { phone: string }[];
    } & { phone: string }[];
    const byMember = await list(admin, BILLING_LIST, { ...period, member: (phone.rows ?? phone)[0]!.phone });
    expect(byMember.list.map((r) => r.billNo)).toEqual([bill.billNo]);
    expect(byMember.list[0]).toMatchObject({ total: bill.total, paidByCard: bill.paidByCard, kind: 'consume' });
    const byCode = await list(admin, BILLING_LIST, { ...period, member: `HY${String(who.memberId).padStart(8, '0')}` });
    expect(byCode.total).toBe(1);

    const byStore = await list(admin, BILLING_LIST, { ...period, storeId: ids.gz001! });
    for (const r of byStore.list) expect(r.storeId).toBe(ids.gz001);
    const memberPhone = (phone.rows ?? phone)[0]!.phone;
    const byStaff = await list(admin, BILLING_LIST, { ...period, staffId: ids.staff!, member: memberPhone });
    expect(byStaff.total).toBe(1);
    const byOtherStaff = await list(admin, BILLING_LIST, { ...period, staffId: ids.gzStaff!, member: memberPhone });
    expect(byOtherStaff.total).toBe(0);

    // A payment method: the bills with a payment of it.
    await t.db.insert(billPayment).values({ consumeId: bill.consumeId, seq: 1, method: 'wechat', amount: 1 });
    const byPay = await list(admin, BILLING_LIST, { ...period, payMethod: 'wechat' });
    expect(byPay.list.map((r) => r.id)).toContain(bill.consumeId);
    const byOtherPay = await list(admin, BILLING_LIST, { ...period, payMethod: 'alipay' });
    expect(byOtherPay.list.map((r) => r.id)).not.toContain(bill.consumeId);
    await t.db.delete(billPayment).where(eq(billPayment.consumeId, bill.consumeId));

    const none = await list(admin, BILLING_LIST, { ...period, refundState: 'full' });
    for (const r of none.list) expect(r.refundState).toBe('full');
    const consumeKind = await list(admin, BILLING_LIST, { ...period, kind: 'consume' });
    for (const r of consumeKind.list) expect(r.kind).toBe('consume');

    const mine = await list(east, BILLING_LIST, period);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
    for (const r of mine.list) expect(eastStores.has(Number(r.storeId))).toBe(true);
    const gz = await list(east, BILLING_LIST, { ...period, storeId: ids.gz001! });
    expect(gz.total).toBe(0);
  });

  it('refuses a malformed filter with a Chinese message', async () => {
    const res = await admin.call(reportApi(BILLING_LIST).list, {
      query: { periodFrom: daysAgo(3), periodTo: today(), payMethod: 'bitcoin' } as never,
    });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('/orderDetails', () => {
  it("shows the bill's lines, cards with their ledger rows for the bill, and figures equal to the bill", async () => {
    const who = await memberWithCard();
    const bill = await drawBill(who, beijing(`${daysAgo(1)}T15:00:00`), { quantity: 2 });
    const res = await admin.call(BILL_API.view, { params: { id: bill.consumeId } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const v = res.body.data;
    expect(v.bill).toMatchObject({
      billNo: bill.billNo,
      total: bill.total,
      paidByCard: bill.paidByCard,
      paidOther: bill.paidOther,
      status: 'completed',
      storeId: ids.sh001,
    });
    expect(v.lines.reduce((s, l) => s + l.amount, 0)).toBe(bill.total);
    expect(v.lines[0]).toMatchObject({ kind: 'project', quantity: 2 });
    expect(v.cards).toHaveLength(1);
    const drawn = v.cards[0]!;
    expect(drawn.memberCardId).toBe(who.memberCardId);
    expect(drawn.ledger.map((r) => r.kind)).toEqual(['consume']);
    expect(-drawn.ledger[0]!.amount - drawn.ledger[0]!.bonusAmount).toBe(bill.paidByCard);
    expect(v.history).toEqual([]);
    // Out of a region user's scope: not found.
    const gzWho = await memberWithCard(ids.gz001!);
    const gzBill = await drawBill(gzWho, beijing(`${daysAgo(1)}T15:00:00`), { storeId: ids.gz001! });
    expect((await east.call(BILL_API.view, { params: { id: gzBill.consumeId } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    expect((await east.call(BILL_API.view, { params: { id: bill.consumeId } })).body.errcode).toBe(ERR.OK);
  });
});

describe('abnormal rules', () => {
  it('重复开单: the same member, store and total within the window, not past it', async () => {
    const who = await memberWithCard();
    const day = daysAgo(2);
    const first = await drawBill(who, beijing(`${day}T14:00:00`));
    const again = await drawBill(who, beijing(`${day}T14:03:00`));
    const later = await drawBill(
      who,
      beijing(`${day}T14:${String(4 + SETTINGS.abnormalDuplicateMinutes.default).padStart(2, '0')}:00`),
    );
    await scanAbnormalBills(t.db);
    expect(await flagsOf(first.consumeId)).toEqual([]);
    const flags = await flagsOf(again.consumeId);
    expect(flags.map((f) => f.rule)).toEqual(['duplicate']);
    expect(flags[0]!.reason).toContain(first.billNo);
    expect(flags[0]!.reason).toContain('相隔 3 分钟');
    expect((await flagsOf(later.consumeId)).map((f) => f.rule)).not.toContain('duplicate');
  });

  it('营业时间外划卡: a card draw at night, not a cash bill at night nor a draw by day', async () => {
    const who = await memberWithCard();
    const day = daysAgo(3);
    const night = await drawBill(who, beijing(`${day}T23:30:00`));
    const cash = await drawBill(who, beijing(`${day}T22:45:00`), { card: false, quantity: 2 });
    const noon = await drawBill(who, beijing(`${day}T12:00:00`), { quantity: 3 });
    await scanAbnormalBills(t.db);
    const flags = await flagsOf(night.consumeId);
    expect(flags.map((f) => f.rule)).toEqual(['outsideHours']);
    expect(flags[0]!.reason).toContain('23:30');
    expect(await flagsOf(cash.consumeId)).toEqual([]);
    expect(await flagsOf(noon.consumeId)).toEqual([]);
  });

  it('金额超限: a bill over the limit, not one at it', async () => {
    const who = await memberWithCard();
    const [goods] = await t.db
      .select({ id: product.id, price: product.retailPrice })
      .from(product)
      .where(sql`${product.retailPrice} > 2000`)
      .orderBy(asc(product.id))
      .limit(1);
    const limit = SETTINGS.abnormalAmountLimitYuan.default * 100;
    const over = Math.floor(limit / goods!.price) + 1;
    const under = Math.floor(limit / goods!.price);
    const mk = (q: number, hh: string) =>
      tx((x) =>
        consume(x, {
          memberId: who.memberId,
          storeId: ids.sh001!,
          at: beijing(`${daysAgo(4)}T${hh}:00:00`),
          lines: [{ productId: goods!.id, quantity: q }],
          userId: null,
        }),
      );
    const big = await mk(over, '11');
    const small = await mk(under, '15');
    await scanAbnormalBills(t.db);
    expect((await flagsOf(big.consumeId)).map((f) => f.rule)).toEqual(['overLimit']);
    expect(await flagsOf(small.consumeId)).toEqual([]);
  });

  it('follows /otherConfig: a lowered limit flags the next bill over it; 关闭 pauses the scan and 开启 reads what came meanwhile', async () => {
    const who = await memberWithCard();
    const set = async (key: string, value: number) =>
      expect((await admin.call(OTHER_CONFIG_API.update, { body: { key, value } as never })).body.errcode).toBe(ERR.OK);
    await scanAbnormalBills(t.db);
    const bill = await drawBill(who, beijing(`${daysAgo(6)}T11:00:00`));
    expect(bill.total).toBeLessThan(SETTINGS.abnormalAmountLimitYuan.default * 100);
    await set('abnormalAmountLimitYuan', Math.max(100, Math.floor(bill.total / 100) - 1));
    await set('abnormalScanEnabled', 0);
    expect(await scanAbnormalBills(t.db)).toEqual({ read: 0, flagged: 0 });
    expect(await flagsOf(bill.consumeId)).toEqual([]);
    await set('abnormalScanEnabled', 1);
    expect((await scanAbnormalBills(t.db)).read).toBeGreaterThan(0);
    const flags = await flagsOf(bill.consumeId);
    expect(flags.map((f) => f.rule)).toEqual(['overLimit']);
    expect(flags[0]!.reason).toContain(`上限 ¥${Math.max(100, Math.floor(bill.total / 100) - 1)}.00`);
    await set('abnormalAmountLimitYuan', SETTINGS.abnormalAmountLimitYuan.default);
  });

  it('支付不平: payments that do not add up to the total, not ones that do', async () => {
    const who = await memberWithCard();
    const a = await drawBill(who, beijing(`${daysAgo(5)}T10:00:00`), { card: false });
    const b = await drawBill(who, beijing(`${daysAgo(5)}T16:00:00`), { card: false, quantity: 2 });
    await t.db.insert(billPayment).values([
      { consumeId: a.consumeId, seq: 1, method: 'cash', amount: a.total - 1 },
      { consumeId: b.consumeId, seq: 1, method: 'cash', amount: b.total - 100 },
      { consumeId: b.consumeId, seq: 2, method: 'wechat', amount: 100 },
    ]);
    await scanAbnormalBills(t.db);
    const flags = await flagsOf(a.consumeId);
    expect(flags.map((f) => f.rule)).toEqual(['paymentsMismatch']);
    expect(flags[0]!.reason).toContain('支付合计');
    expect(await flagsOf(b.consumeId)).toEqual([]);
  });

  it('充值后短时退款: a refund on a card within the hours after a bill’s top-up flags that bill, a later one does not', async () => {
    // A bill holding a top-up line (the open API's bill service writes these; here the fixture
    // writes the bill's rows around a ledger top-up), then 退款 rows on the card.
    const topUpBill = async (at: Date) => {
      const who = await memberWithCard();
      const done = await tx((x) =>
        topUp(x, { memberCardId: who.memberCardId, storeId: ids.sh001!, amount: 50_000, at, userId: null }),
      );
      const [bill] = await t.db
        .insert(memberConsume)
        .values({
          memberId: who.memberId,
          storeId: ids.sh001!,
          consumedAt: at,
          total: 50_000,
          paidByCard: 0,
          paidOther: 50_000,
          kind: 'topUp',
        })
        .returning({ id: memberConsume.id });
      await t.db.insert(memberConsumeLine).values({
        consumeId: bill!.id,
        line: 1,
        itemKind: 'topUp',
        memberCardId: who.memberCardId,
        topUpId: done.topUpId,
        quantity: 1,
        unitPrice: 50_000,
        amount: 50_000,
      });
      return { who, consumeId: bill!.id };
    };
    const refund = (memberCardId: number, refId: number, at: Date) =>
      tx((x) =>
        refundToCards(x, {
          refType: 'test_refund',
          refId,
          storeId: ids.sh001!,
          at,
          userId: null,
          reason: '测试退款',
          entries: [{ memberCardId, amount: -10_000 }],
        }),
      );
    const soon = await topUpBill(beijing(`${daysAgo(8)}T10:00:00`));
    const late = await topUpBill(beijing(`${daysAgo(8)}T11:00:00`));
    await refund(soon.who.memberCardId, soon.consumeId, beijing(`${daysAgo(7)}T10:00:00`));
    await refund(late.who.memberCardId, late.consumeId, beijing(`${daysAgo(2)}T11:00:00`));
    await scanAbnormalBills(t.db);
    const flags = await flagsOf(soon.consumeId);
    expect(flags.map((f) => f.rule)).toEqual(['refundAfterTopUp']);
    expect(flags[0]!.reason).toContain('24 小时内退款 ¥100.00');
    expect((await flagsOf(late.consumeId)).map((f) => f.rule)).not.toContain('refundAfterTopUp');
  });

  it('a scan reads only what came after its watermark, and flags a bill once', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(abnormalBill);
    const again = await scanAbnormalBills(t.db);
    expect(again).toEqual({ read: 0, flagged: 0 });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(abnormalBill);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('handling and 关单', () => {
  const flagged = async () => {
    const who = await memberWithCard();
    const s = await cardState(who.memberCardId);
    const bill = await drawBill(who, beijing(`${daysAgo(6)}T23:10:00`), { quantity: 2 });
    await scanAbnormalBills(t.db);
    const [flag] = await flagsOf(bill.consumeId);
    return { who, bill, abnormalId: flag!.id, before: s.balance! + s.bonus! };
  };

  it('确认无误 once; a second step on it is refused with STATE_CHANGED', async () => {
    const { abnormalId } = await flagged();
    const ok = await admin.call(BILL_API.confirmAbnormal, { body: { id: abnormalId, reason: '门店核实无误' } });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    for (const call of [BILL_API.confirmAbnormal, BILL_API.reverseAbnormal, BILL_API.supplementAbnormal]) {
      const res = await admin.call(call, { body: { id: abnormalId, reason: '再次处理' } });
      expect(res.body.errcode).toBe(ERR.STATE_CHANGED);
      expect(res.body.errmsg).toContain('确认无误');
    }
    const noReason = await admin.call(BILL_API.confirmAbnormal, { body: { id: abnormalId, reason: ' ' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    const [row] = await t.db.select().from(abnormalBill).where(eq(abnormalBill.id, abnormalId));
    expect(row).toMatchObject({ status: 'confirmed', handleNote: '门店核实无误' });
  });

  it('冲正 closes the bill and gives its draw back by 调整 rows: balance = Σ ledger; the bill cannot be closed again', async () => {
    const { who, bill, abnormalId, before } = await flagged();
    const drawn = await cardState(who.memberCardId);
    expect(bill.paidByCard).toBeGreaterThan(0);
    expect(drawn.balance! + drawn.bonus!).toBe(before - bill.paidByCard);
    const res = await admin.call(BILL_API.reverseAbnormal, { body: { id: abnormalId, reason: '夜间误划，冲正' } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const back = await cardState(who.memberCardId);
    expect(back.balance! + back.bonus!).toBe(before);
    expect([back.ledger, back.ledgerBonus]).toEqual([back.balance, back.bonus]);
    const v = (await admin.call(BILL_API.view, { params: { id: bill.consumeId } })).body.data;
    expect(v.bill.status).toBe('closed');
    expect(v.bill.closeReason).toContain('夜间误划');
    expect(v.cards[0]!.ledger.map((r) => r.kind)).toEqual(['consume', 'adjust']);
    expect(v.abnormal[0]!.status).toBe('reversed');
    expect(v.history.map((h) => h.label)).toEqual(['关单']);
    const again = await admin.call(BILL_API.close, { body: { id: bill.consumeId, reason: '再关一次' } });
    expect(again.body.errcode).toBe(ERR.STATE_CHANGED);
    expect((await cardState(who.memberCardId)).balance).toBe(back.balance);
    const closedList = await list(admin, BILLING_CLOSE_LIST, { periodFrom: today(), periodTo: today() });
    expect(closedList.list.find((r) => r.id === bill.consumeId)).toMatchObject({
      closeReason: expect.stringContaining('冲正'),
    });
  });

  it('关单 of a bill restores the card; 冲正 of its abnormal record afterwards is refused and changes nothing', async () => {
    const { who, bill, abnormalId, before } = await flagged();
    const noReason = await admin.call(BILL_API.close, { body: { id: bill.consumeId, reason: '' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    const res = await admin.call(BILL_API.close, { body: { id: bill.consumeId, reason: '会员未到店' } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const back = await cardState(who.memberCardId);
    expect(back.balance! + back.bonus!).toBe(before);
    expect([back.ledger, back.ledgerBonus]).toEqual([back.balance, back.bonus]);
    const rev = await admin.call(BILL_API.reverseAbnormal, { body: { id: abnormalId, reason: '冲正' } });
    expect(rev.body.errcode).toBe(ERR.STATE_CHANGED);
    const [row] = await t.db.select().from(abnormalBill).where(eq(abnormalBill.id, abnormalId));
    expect(row!.status).toBe('pending');
    expect((await cardState(who.memberCardId)).balance).toBe(back.balance);
    const events = await t.db
      .select({ step: flowEvent.step })
      .from(flowEvent)
      .where(and(eq(flowEvent.flow, 'bill'), eq(flowEvent.recordId, bill.consumeId)));
    expect(events.map((e) => e.step)).toEqual(['close']);
  });

  it('补单 records the bill that made it up, the same member’s; a region user cannot handle another region’s record', async () => {
    const { who, abnormalId } = await flagged();
    const made = await drawBill(who, beijing(`${daysAgo(6)}T10:00:00`), { card: false });
    const wrong = await admin.call(BILL_API.supplementAbnormal, {
      body: { id: abnormalId, reason: '补开', billNo: 'XF9999999999' },
    });
    expect(wrong.body.errcode).toBe(ERR.PARAM_INVALID);
    const ok = await admin.call(BILL_API.supplementAbnormal, {
      body: { id: abnormalId, reason: '门店补开现金单', billNo: made.billNo },
    });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    const [row] = await t.db.select().from(abnormalBill).where(eq(abnormalBill.id, abnormalId));
    expect(row).toMatchObject({ status: 'supplemented', supplementConsumeId: made.consumeId });

    const gzWho = await memberWithCard(ids.gz001!);
    const gz = await drawBill(gzWho, beijing(`${daysAgo(6)}T23:20:00`), { storeId: ids.gz001! });
    await scanAbnormalBills(t.db);
    const [gzFlag] = await flagsOf(gz.consumeId);
    const res = await east.call(BILL_API.confirmAbnormal, { body: { id: gzFlag!.id, reason: '越权处理' } });
    expect(res.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const rows = await t.db
      .select()
      .from(abnormalBill)
      .where(inArray(abnormalBill.id, [gzFlag!.id]));
    expect(rows[0]!.status).toBe('pending');
    const abnormalPage = await list(east, ABNORMAL_BILL_LIST, { periodFrom: today(), periodTo: today() });
    for (const r of abnormalPage.list) expect(eastStores.has(Number(r.storeId))).toBe(true);
    expect(abnormalPage.list.some((r) => r.abnormalId === gzFlag!.id)).toBe(false);
  });
});
