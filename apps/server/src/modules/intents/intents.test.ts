/**
 * 意向金: the stores' configuration at SPEC §7.8's calls, the open API's service (configuration
 * enforced, idempotent by the sender's number), INTENT_FLOW's refusals (STATE_CHANGED), using a
 * deposit toward a card bill, refunds with their review, the expiry job, the caller's data scope,
 * the member tab's calls and the lists.
 */
import { INTENT_API, type IntentDepositDto } from '@zb/contract/api/intents';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { OpenIntentDepositAnswer } from '@zb/contract/entities/intentDeposit';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { ABNORMAL_INTENTION_RECORD, PAY_INTENTION_RECORD, REFUND_INTENTION_LIST } from '@zb/contract/reports/intents';
import { routeByPath } from '@zb/contract/routes';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../platform/errors';
import { flowEvent } from '../../platform/schema';
import { rowsOf } from '../../seed/generate';
import { memberInvariantViolations } from '../../seed/memberChecks';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { addDays, reportAll, todayBeijing } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { hierContent } from '../hierarchy/schema';
import { cardTopUp, member, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import type { OpenCaller } from '../openApi/types';
import { JOBS } from '../schedule/jobs';
import { region, store } from '../stores/schema';
import { intentConfig, intentDeposit } from './schema';
import { openIntentDeposit, useIntentDeposit } from './service';

let t: TestApp;
let admin: TestClient;
/** 13800000002 as 大区经理 of 华东大区: orders and members of that region's stores. */
let eastManager: TestClient;
let eastStores: Set<number>;
let bj001: number;
let sh: { id: number; code: string };

const ok = async <R>(res: Promise<{ body: { errcode: string; errmsg: string; data: R } }>): Promise<R> => {
  const { body } = await res;
  expect(body.errcode, body.errmsg).toBe(ERR.OK);
  return body.data;
};

const storeOf = async (code: string) => {
  const [r] = await t.db.select({ id: store.id, code: store.code }).from(store).where(eq(store.code, code));
  return r!;
};

/** The store's k-th member (by id, wrapping round: a demo store has a handful). */
const memberAt = async (storeId: number, k = 0) => {
  const all = await t.db
    .select({ id: member.id, phone: member.phone, code: member.code })
    .from(member)
    .where(eq(member.storeId, storeId))
    .orderBy(member.id);
  expect(all.length).toBeGreaterThan(1);
  return all[k % all.length]!;
};

/** A period the lists accept (at most REPORT_PERIOD_DAYS_MAX) that holds every demo and test deposit. */
const WHOLE = { periodFrom: addDays(todayBeijing(), -700), periodTo: todayBeijing() };

const pos = (storeId: number, clientId = 990_001): OpenCaller => ({ clientId, kind: 'pos', name: '测试POS', storeId });
const mini: OpenCaller = { clientId: 990_100, kind: 'mini', name: '测试小程序', storeId: null };

let outerSeq = 0;
const doc = (storeCode: string, memberKey: string, amount: number, extra: Record<string, unknown> = {}) => ({
  outerNo: `T-${Date.now()}-${++outerSeq}`,
  storeCode,
  member: memberKey,
  amount,
  payMethod: 'wechat' as const,
  tradeNo: `4200${outerSeq}`,
  paidAt: new Date().toISOString(),
  ...extra,
});

const first = <T>(rows: T[]): T => rows[0]!;

const refusal = async (p: Promise<unknown>): Promise<BizError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof BizError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

const setConfig = (client: TestClient, query: Record<string, string | number | boolean | undefined>) =>
  client.call(INTENT_API.configUpdate, { query });

/** A top-up bill of the member at the store (a 收银单 with a topUp line), as the bill service writes one. */
const topUpBill = async (memberId: number, storeId: number): Promise<number> => {
  const [c] = await t.db
    .select({ id: memberCard.id })
    .from(memberCard)
    .where(and(eq(memberCard.memberId, memberId), eq(memberCard.kind, 'stored')))
    .limit(1);
  let cardId = c?.id;
  if (!cardId) {
    const [any] = await t.db
      .select({ id: memberCard.id, cardId: memberCard.cardId })
      .from(memberCard)
      .where(eq(memberCard.kind, 'stored'))
      .limit(1);
    const [mine] = await t.db
      .insert(memberCard)
      .values({
        memberId,
        cardId: any!.cardId,
        kind: 'stored',
        storeId,
        openedAt: new Date(),
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
        paid: 0,
        balance: 0,
        bonusBalance: 0,
      })
      .returning({ id: memberCard.id });
    cardId = mine!.id;
  }
  const [top] = await t.db
    .insert(cardTopUp)
    .values({ memberCardId: cardId, storeId, amount: 100_000, toppedUpAt: new Date() })
    .returning({ id: cardTopUp.id });
  const [bill] = await t.db
    .insert(memberConsume)
    .values({
      memberId,
      storeId,
      consumedAt: new Date(),
      total: 100_000,
      paidByCard: 0,
      paidOther: 100_000,
      kind: 'topUp',
    })
    .returning({ id: memberConsume.id });
  await t.db.insert(memberConsumeLine).values({
    consumeId: bill!.id,
    line: 1,
    itemKind: 'topUp',
    memberCardId: cardId,
    topUpId: top!.id,
    quantity: 1,
    unitPrice: 100_000,
    amount: 100_000,
  });
  return bill!.id;
};

const depositId = async (depositNo: string) => {
  const [d] = await t.db
    .select({ id: intentDeposit.id })
    .from(intentDeposit)
    .where(eq(intentDeposit.depositNo, depositNo));
  return d!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  eastManager = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const east = await t.db
    .select({ id: store.id })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(eq(region.name, '华东大区'));
  eastStores = new Set(east.map((s) => s.id));
  bj001 = (await storeOf('BJ001')).id;
  // A store of no configuration: the first store of 华东大区 without one.
  const [free] = await t.db
    .select({ id: store.id, code: store.code })
    .from(store)
    .leftJoin(intentConfig, eq(intentConfig.storeId, store.id))
    .where(and(sql`${intentConfig.storeId} is null`, sql`${store.id} in ${[...eastStores]}`))
    .orderBy(store.id)
    .limit(1);
  sh = free!;
  // Seeding the worker's database may take minutes on a loaded machine.
}, 600_000);
afterAll(() => t.close());

// First, before the tests below write their own bills and top-ups straight to the tables.
describe('the demo data', () => {
  it('the demo data’s bills credited with a deposit keep the member ledger’s invariants', async () => {
    const broken = await memberInvariantViolations(t.db);
    expect(broken).toEqual(Object.fromEntries(Object.keys(broken).map((k) => [k, 0])));
    const { n } = first(
      rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from intent_deposit d join member_consume c on c.id = d.consume_id
            join member_consume_line l on l.consume_id = c.id and l.item_kind = 'topUp'
            where d.status = 'used' and c.member_id = d.member_id and c.store_id = d.store_id`,
        ),
      ),
    );
    expect(n).toBeGreaterThan(0);
  });
});

describe('/stoIntentConfig at SPEC §7.8 calls', () => {
  it('lists every store of the scope with its configuration; count agrees; unconfigured stores take none', async () => {
    const { n } = first(await t.db.select({ n: count() }).from(store));
    expect(await ok(admin.call(INTENT_API.configCount, { query: {} }))).toBe(n);
    const page = await ok(admin.call(INTENT_API.configList, { query: { pageNo: 1, pageSize: 100 } }));
    expect(page.total).toBe(n);
    const bj = page.list.find((r) => r.storeCode === 'BJ001')!;
    expect(bj).toMatchObject({
      configured: true,
      enabled: true,
      amountMode: 'fixed',
      fixedAmounts: [5000, 10000, 20000],
    });
    const none = page.list.find((r) => r.storeId === sh.id)!;
    expect(none).toMatchObject({ configured: false, enabled: false });
    const enabled = await ok(admin.call(INTENT_API.configCount, { query: { enabled: '1' } }));
    expect(enabled).toBe(page.list.filter((r) => r.enabled).length);
  });

  it('a region user sees and changes only the stores of their region', async () => {
    const page0 = routeByPath('/stoIntentConfig')!;
    const userId = await createUser(t.db, { loginName: 'intenteast', password: 'east123456' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'INTENT_EAST',
      name: '华东意向金配置',
      contentName: '华东大区',
      codes: [page0.group, ...page0.codes, buttonCodeOf('/stoIntentConfig', 'edit')],
    });
    const east = await t.signIn('intenteast', 'east123456', await grantRole(t.db, userId, contentRoleId));
    // 大区经理 has no /stoIntentConfig.
    expect((await eastManager.call(INTENT_API.configCount, { query: {} })).body.errcode).toBe(ERR.FORBIDDEN);
    const page = await ok(east.call(INTENT_API.configList, { query: { pageNo: 1, pageSize: 100 } }));
    expect(page.total).toBe(eastStores.size);
    expect(page.list.every((r) => eastStores.has(r.storeId))).toBe(true);
    expect(await ok(east.call(INTENT_API.configCount, { query: {} }))).toBe(eastStores.size);
    const res = await setConfig(east, {
      storeId: bj001,
      enabled: '1',
      fixedAmounts: '100',
      validityDays: 30,
      refundable: '1',
    });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('update (a GET with its values in the query) saves the store whole and refuses what does not hold', async () => {
    const saved = await ok(
      setConfig(admin, {
        storeId: sh.id,
        enabled: '1',
        amountMode: 'range',
        minAmount: 1000,
        maxAmount: 30000,
        validityDays: 30,
        refundable: '1',
        refundBy: 'store',
      }),
    );
    expect(saved).toMatchObject({
      configured: true,
      enabled: true,
      amountMode: 'range',
      minAmount: 1000,
      maxAmount: 30000,
      validityDays: 30,
      refundBy: 'store',
    });
    expect(saved.updatedByName).toBe('系统管理员');
    const bad = await setConfig(admin, {
      storeId: sh.id,
      enabled: '1',
      amountMode: 'range',
      minAmount: 5000,
      maxAmount: 100,
      validityDays: 30,
      refundable: '1',
    });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    const noAmounts = await setConfig(admin, {
      storeId: sh.id,
      enabled: '1',
      amountMode: 'fixed',
      validityDays: 30,
      refundable: '1',
    });
    expect(noAmounts.body.errcode).toBe(ERR.PARAM_INVALID);
    const noDays = await setConfig(admin, {
      storeId: sh.id,
      enabled: '1',
      fixedAmounts: '100',
      validityDays: 0,
      refundable: '1',
    });
    expect(noDays.body.errcode).toBe(ERR.PARAM_INVALID);
    // The refused calls changed nothing.
    const [row] = await t.db.select().from(intentConfig).where(eq(intentConfig.storeId, sh.id));
    expect(row).toMatchObject({ minAmount: 1000, maxAmount: 30000 });
  });
});

describe('recording a paid deposit (POST /open/v1/intentDeposits service)', () => {
  it('refuses a store that takes no deposits and amounts outside its configuration', async () => {
    const off = await t.db
      .select({ id: store.id, code: store.code })
      .from(store)
      .leftJoin(intentConfig, eq(intentConfig.storeId, store.id))
      .where(sql`${intentConfig.storeId} is null`)
      .limit(1);
    const m = await memberAt(bj001);
    const e1 = await refusal(openIntentDeposit(t.db, mini, doc(off[0]!.code, m.phone, 5000)));
    expect(e1.errcode).toBe(ERR.INTENT_INVALID);
    expect(e1.message).toContain('未开通意向金');
    // BJ001 takes 50, 100 or 200 元 only.
    const e2 = await refusal(openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 7000)));
    expect(e2.errcode).toBe(ERR.INTENT_INVALID);
    expect(e2.message).toContain('50、100、200');
    // The range store: 10 to 300 元.
    const sm = await memberAt(sh.id);
    expect((await refusal(openIntentDeposit(t.db, mini, doc(sh.code, sm.phone, 999)))).message).toContain(
      '不能少于 10 元',
    );
    expect((await refusal(openIntentDeposit(t.db, mini, doc(sh.code, sm.phone, 30001)))).message).toContain(
      '不能超过 300 元',
    );
    const fine = await openIntentDeposit(t.db, mini, doc(sh.code, sm.phone, 30000));
    expect(fine).toMatchObject({ amount: 30000, status: 'paid', replayed: false });
    expect(fine.depositNo).toMatch(/^YX\d{10}$/);
  });

  it('refuses a POS terminal sending for another store, an unknown store or member', async () => {
    const m = await memberAt(bj001);
    expect((await refusal(openIntentDeposit(t.db, pos(sh.id), doc('BJ001', m.phone, 5000)))).errcode).toBe(
      ERR.OPEN_STORE_NOT_BOUND,
    );
    expect((await refusal(openIntentDeposit(t.db, mini, doc('NOPE99', m.phone, 5000)))).errcode).toBe(
      ERR.OPEN_DOCUMENT_INVALID,
    );
    expect((await refusal(openIntentDeposit(t.db, mini, doc('BJ001', '19999999999', 5000)))).errcode).toBe(
      ERR.OPEN_DOCUMENT_INVALID,
    );
  });

  it('is idempotent by the sender’s number, also for 20 identical posts at once', async () => {
    const m = await memberAt(bj001, 1);
    const body = doc('BJ001', m.code, 10000);
    const original = await openIntentDeposit(t.db, pos(bj001), body);
    const again = await openIntentDeposit(t.db, pos(bj001), { ...body, amount: 20000 });
    expect(again).toEqual({ ...original, replayed: true });
    const burst = doc('BJ001', m.phone, 5000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => openIntentDeposit(t.db, pos(bj001), burst)));
    expect(new Set(answers.map((a) => a.depositNo)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed).length).toBeLessThanOrEqual(1);
    const { n } = first(
      await t.db.select({ n: count() }).from(intentDeposit).where(eq(intentDeposit.outerNo, burst.outerNo)),
    );
    expect(n).toBe(1);
    // The same number from another sender is another deposit.
    const other = await openIntentDeposit(t.db, pos(bj001, 990_002), burst);
    expect(other.depositNo).not.toBe(answers[0]!.depositNo);
  });
});

describe('INTENT_FLOW: use, refund, refusals', () => {
  it('credits a deposit toward the member’s top-up bill once; a second use is STATE_CHANGED', async () => {
    const m = await memberAt(bj001, 2);
    const d = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 20000));
    const bill = await topUpBill(m.id, bj001);
    const used = await t.db.transaction((tx) => useIntentDeposit(tx, { depositNo: d.depositNo, consumeId: bill }));
    expect(used.amount).toBe(20000);
    const again = await refusal(
      t.db.transaction((tx) => useIntentDeposit(tx, { depositNo: d.depositNo, consumeId: bill })),
    );
    expect(again.errcode).toBe(ERR.STATE_CHANGED);
    const id = await depositId(d.depositNo);
    const detail = await ok(admin.call(INTENT_API.depositDetail, { params: { id } }));
    expect(detail.deposit).toMatchObject({ status: 'used', consumeId: bill });
    expect(detail.deposit.billNo).toMatch(/^XF/);
    expect(detail.history.map((h) => h.label)).toEqual(['创建', '抵扣开卡']);
    // A used deposit can no longer be refunded.
    const r = await admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '会员要求' } });
    expect(r.body.errcode).toBe(ERR.STATE_CHANGED);
  });

  it('refuses another member’s bill, another store’s bill and a bill opening no card', async () => {
    const m = await memberAt(bj001, 3);
    const other = await memberAt(bj001, 4);
    const d = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 5000));
    const othersBill = await topUpBill(other.id, bj001);
    expect(
      (await refusal(t.db.transaction((tx) => useIntentDeposit(tx, { depositNo: d.depositNo, consumeId: othersBill }))))
        .errcode,
    ).toBe(ERR.INTENT_INVALID);
    const elsewhere = await topUpBill(m.id, sh.id);
    expect(
      (await refusal(t.db.transaction((tx) => useIntentDeposit(tx, { depositNo: d.depositNo, consumeId: elsewhere }))))
        .message,
    ).toContain('支付的门店');
    const [plain] = await t.db
      .insert(memberConsume)
      .values({ memberId: m.id, storeId: bj001, consumedAt: new Date(), total: 0, paidByCard: 0, paidOther: 0 })
      .returning({ id: memberConsume.id });
    expect(
      (await refusal(t.db.transaction((tx) => useIntentDeposit(tx, { depositNo: d.depositNo, consumeId: plain!.id }))))
        .message,
    ).toContain('开卡或充值');
    const [row] = await t.db.select().from(intentDeposit).where(eq(intentDeposit.depositNo, d.depositNo));
    expect(row!.status).toBe('paid');
  });

  it('a refund runs 申请 → 审核通过 (which executes it); the deposit is 退款中 meanwhile and cannot be used; steps out of order are STATE_CHANGED', async () => {
    const m = await memberAt(bj001, 5);
    const d = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 10000));
    const id = await depositId(d.depositNo);
    const noReason = await admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: ' ' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    const refund = await ok(admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '会员暂不开卡' } }));
    expect(refund).toMatchObject({ status: 'pending', amount: 10000, reason: '会员暂不开卡' });
    const twice = await admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '再申请' } });
    expect(twice.body.errcode).toBe(ERR.STATE_CHANGED);
    const bill = await topUpBill(m.id, bj001);
    expect(
      (await refusal(t.db.transaction((tx) => useIntentDeposit(tx, { depositId: id, consumeId: bill })))).errcode,
    ).toBe(ERR.STATE_CHANGED);
    const early = await admin.call(INTENT_API.refundStep, { params: { id: refund.id }, body: { step: 'execute' } });
    expect(early.body.errcode).toBe(ERR.STATE_CHANGED);
    // Approving (its application in the approval center) executes the refund at once.
    const done = await ok(
      admin.call(INTENT_API.refundStep, {
        params: { id: refund.id },
        body: { step: 'approve', refundTradeNo: '50300001' },
      }),
    );
    expect(done).toMatchObject({ status: 'refunded', refundTradeNo: '50300001' });
    expect(done.refundedAt).not.toBeNull();
    const again = await admin.call(INTENT_API.refundStep, { params: { id: refund.id }, body: { step: 'execute' } });
    expect(again.body.errcode).toBe(ERR.STATE_CHANGED);
    const detail = await ok(admin.call(INTENT_API.refundDetail, { params: { id: refund.id } }));
    expect(detail.deposit.status).toBe('refunded');
    expect(detail.history.map((h) => h.label)).toEqual(['创建', '审核通过', '执行退款']);
    expect(detail.depositHistory.map((h) => h.label)).toEqual(['创建', '申请退款', '已退款']);
  });

  it('a rejected refund needs a reason and gives the deposit back its 已支付 state', async () => {
    const m = await memberAt(bj001, 6);
    const d = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 5000));
    const id = await depositId(d.depositNo);
    const refund = await ok(admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '会员要求' } }));
    const noReason = await admin.call(INTENT_API.refundStep, { params: { id: refund.id }, body: { step: 'reject' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    await ok(
      admin.call(INTENT_API.refundStep, { params: { id: refund.id }, body: { step: 'reject', reason: '超出期限' } }),
    );
    const detail = await ok(admin.call(INTENT_API.depositDetail, { params: { id } }));
    expect(detail.deposit.status).toBe('paid');
    expect(detail.refunds.map((r) => r.status)).toEqual(['rejected']);
    // It may be applied for again.
    await ok(admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '再次申请' } }));
  });

  it('obeys the store’s refund rules: not refundable; head office only', async () => {
    const m = await memberAt(sh.id, 1);
    await ok(
      setConfig(admin, {
        storeId: sh.id,
        enabled: '1',
        amountMode: 'range',
        minAmount: 1000,
        validityDays: 30,
        refundable: '0',
      }),
    );
    const d = await openIntentDeposit(t.db, mini, doc(sh.code, m.phone, 2000));
    const id = await depositId(d.depositNo);
    const r1 = await admin.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '会员要求' } });
    expect(r1.body.errcode).toBe(ERR.INTENT_INVALID);
    expect(r1.body.errmsg).toContain('不可退款');
    await ok(
      setConfig(admin, {
        storeId: sh.id,
        enabled: '1',
        amountMode: 'range',
        minAmount: 1000,
        validityDays: 30,
        refundable: '1',
        refundBy: 'hq',
      }),
    );
    // A store-level role holding the 申请退款 button.
    const userId = await createUser(t.db, { loginName: 'intentstore', password: 'store123456', kind: 'store' });
    const [content] = await t.db
      .select({ name: hierContent.name })
      .from(hierContent)
      .where(eq(hierContent.storeId, sh.id))
      .limit(1);
    expect(content, 'a store-level hierarchy content of the store').toBeDefined();
    const { contentRoleId } = await createRole(t.db, {
      code: 'INTENT_STORE',
      name: '门店意向金',
      contentName: content!.name,
      codes: ['ZBHT-DDGL', 'ZBHT-DDGL:payIntentionRecord', 'ZBHT-DDGL:payIntentionRecord:refund'],
    });
    const storeUser = await t.signIn('intentstore', 'store123456', await grantRole(t.db, userId, contentRoleId));
    const r2 = await storeUser.call(INTENT_API.applyRefund, { params: { id }, body: { reason: '会员要求' } });
    expect(r2.body.errcode).toBe(ERR.INTENT_INVALID);
    expect(r2.body.errmsg).toContain('只能由总部申请');
    // Another store's deposit is not found for them.
    const other = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', (await memberAt(bj001, 7)).phone, 5000));
    const r3 = await storeUser.call(INTENT_API.applyRefund, {
      params: { id: await depositId(other.depositNo) },
      body: { reason: 'x' },
    });
    expect(r3.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('the expiry job', () => {
  it('moves paid deposits past their expiry to 已过期 with a system history row, and says what it did', async () => {
    const m = await memberAt(bj001, 8);
    const long = new Date(Date.now() - 200 * 86_400_000).toISOString();
    const d = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 5000, { paidAt: long }));
    const fresh = await openIntentDeposit(t.db, pos(bj001), doc('BJ001', m.phone, 5000));
    const job = JOBS.find((j) => j.name === 'expireIntentDeposits')!;
    const log = { info() {}, warn() {}, error() {} };
    const message = await job.run({ db: t.db, log, now: new Date() });
    expect(message).toMatch(/^到期失效意向金 [1-9]\d* 笔，共 [\d.]+ 元$/);
    const id = await depositId(d.depositNo);
    const [row] = await t.db.select().from(intentDeposit).where(eq(intentDeposit.id, id));
    expect(row!.status).toBe('expired');
    const [ev] = await t.db
      .select()
      .from(flowEvent)
      .where(and(eq(flowEvent.flow, 'intentDeposit'), eq(flowEvent.recordId, id), eq(flowEvent.step, 'expire')));
    expect(ev).toMatchObject({ actorKind: 'system', fromState: 'paid', toState: 'expired' });
    const [still] = await t.db.select().from(intentDeposit).where(eq(intentDeposit.depositNo, fresh.depositNo));
    expect(still!.status).toBe('paid');
    expect(await job.run({ db: t.db, log, now: new Date() })).toBe('没有到期的意向金');
    // An expired deposit can be neither used nor refunded.
    const bill = await topUpBill(m.id, bj001);
    expect(
      (await refusal(t.db.transaction((tx) => useIntentDeposit(tx, { depositId: id, consumeId: bill })))).errcode,
    ).toBe(ERR.STATE_CHANGED);
  });
});

describe('the member tab’s SPEC calls and the lists', () => {
  it('findStoUserIntentListByUserId and …CountByUserId agree with the member’s deposits', async () => {
    const [busy] = await t.db
      .select({ memberId: intentDeposit.memberId, n: count() })
      .from(intentDeposit)
      .groupBy(intentDeposit.memberId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const userId = busy!.memberId;
    const c = await ok(admin.call(INTENT_API.userIntentCount, { query: { userId } }));
    expect(c.total).toBe(busy!.n);
    const { sum } = first(
      await t.db
        .select({ sum: sql<number>`sum(amount)::int` })
        .from(intentDeposit)
        .where(eq(intentDeposit.memberId, userId)),
    );
    expect(c.totalAmount).toBe(sum);
    expect(c.byStatus.map((s) => s.status)).toEqual(['paid', 'used', 'refunding', 'refunded', 'expired']);
    const list: IntentDepositDto[] = [];
    for (let pageNo = 1; list.length < c.total; pageNo++) {
      const p = await ok(admin.call(INTENT_API.userIntentList, { query: { userId, pageNo, pageSize: 10 } }));
      expect(p.total).toBe(c.total);
      list.push(...p.list);
    }
    expect(list.every((d) => d.memberId === userId)).toBe(true);
    const paidAt = list.map((d) => d.paidAt);
    expect(paidAt).toEqual([...paidAt].sort().reverse());
    const paid = await ok(
      admin.call(INTENT_API.userIntentList, { query: { userId, status: 'paid', pageNo: 1, pageSize: 100 } }),
    );
    expect(paid.total).toBe(c.byStatus.find((s) => s.status === 'paid')!.count);
  });

  it('the demo data has deposits in every state and refunds in every state', async () => {
    const states = await t.db
      .select({ s: intentDeposit.status, n: count() })
      .from(intentDeposit)
      .groupBy(intentDeposit.status);
    expect(new Set(states.map((x) => x.s))).toEqual(new Set(['paid', 'used', 'refunding', 'refunded', 'expired']));
    const r = await reportAll(admin, REFUND_INTENTION_LIST, WHOLE);
    expect(new Set(r.list.map((x) => x.status))).toEqual(new Set(['pending', 'rejected', 'refunded']));
    // Each applied through the approval center: its 审批编号 is listed.
    expect(r.list.every((x) => /^SP\d+/.test(String(x.spNo)))).toBe(true);
  });

  it('/payIntentionRecord lists each deposit of the period once, within the caller’s scope', async () => {
    const all = await reportAll(admin, PAY_INTENTION_RECORD, WHOLE);
    const { n, sum } = first(await t.db.select({ n: count(), sum: sql<number>`sum(amount)::int` }).from(intentDeposit));
    expect(all.total).toBe(n);
    expect(all.totals?.amount).toBe(sum);
    const east = await reportAll(eastManager, PAY_INTENTION_RECORD, WHOLE);
    const eastIds = new Set(
      (await t.db.select({ id: intentDeposit.id, storeId: intentDeposit.storeId }).from(intentDeposit))
        .filter((d) => eastStores.has(d.storeId))
        .map((d) => d.id),
    );
    expect(new Set(east.list.map((x) => Number(x.id)))).toEqual(eastIds);
    // A deposit outside the region is not found for the region's manager.
    const outside = all.list.find((x) => !eastIds.has(Number(x.id)))!;
    const res = await eastManager.call(INTENT_API.depositDetail, { params: { id: Number(outside.id) } });
    expect(res.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });

  it('/abnormalIntentionRecord flags the declared rules; 退款超过实付 finds none', async () => {
    const r = await reportAll(admin, ABNORMAL_INTENTION_RECORD, WHOLE);
    const rules = new Set(r.list.map((x) => x.rule));
    expect(rules).toContain('noTradeNo');
    expect(rules).toContain('duplicatePay');
    expect(rules).not.toContain('refundOverPaid');
    for (const x of r.list.filter((y) => y.rule === 'noTradeNo')) {
      expect(['wechat', 'alipay', 'bankCard']).toContain(x.payMethod);
      expect(x.tradeNo ?? '').toBe('');
    }
    const over = await reportAll(admin, ABNORMAL_INTENTION_RECORD, {
      ...WHOLE,
      rule: 'refundOverPaid',
    });
    expect(over.total).toBe(0);
  });
});

describe('POST /open/v1/intentDeposits through the signed open API', () => {
  const url = OPEN_PATHS.intentDeposits;
  it('records a deposit for BJ001’s POS, answers the first result to a replay, refuses what the configuration refuses', async () => {
    const m = await memberAt(bj001, 9);
    const body = doc('BJ001', m.phone, 10000);
    const first = await openPost<OpenIntentDepositAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, body);
    expect(first.errcode, first.errmsg).toBe(ERR.OK);
    expect(first.data).toMatchObject({ outerNo: body.outerNo, amount: 10000, status: 'paid', replayed: false });
    const again = await openPost<OpenIntentDepositAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, body);
    expect(again.data).toEqual({ ...first.data, replayed: true });
    const badAmount = await openPost(t.app, DEMO_OPEN_KEYS.pos, url, doc('BJ001', m.phone, 12345));
    expect(badAmount.errcode).toBe(ERR.INTENT_INVALID);
    const otherStore = await openPost(t.app, DEMO_OPEN_KEYS.pos, url, doc(sh.code, m.phone, 5000));
    expect(otherStore.errcode).toBe(ERR.OPEN_STORE_NOT_BOUND);
    const malformed = await openPost(t.app, DEMO_OPEN_KEYS.pos, url, { ...doc('BJ001', m.phone, 5000), amount: 10.5 });
    expect(malformed.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    // The mini-program may send for any store that takes deposits.
    const viaMini = await openPost<OpenIntentDepositAnswer>(
      t.app,
      DEMO_OPEN_KEYS.mini,
      url,
      doc('BJ001', m.code, 5000),
    );
    expect(viaMini.errcode, viaMini.errmsg).toBe(ERR.OK);
    const [row] = await t.db.select().from(intentDeposit).where(eq(intentDeposit.outerNo, body.outerNo));
    expect(row).toMatchObject({ source: 'pos', memberId: m.id, amount: 10000 });
  });
});
