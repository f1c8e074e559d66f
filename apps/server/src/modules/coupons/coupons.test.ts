/**
 * 优惠券 as assets: a template's rules and steps, issuing within quantity, per-member limit and the
 * blacklist (failures kept and retried), coupons paid on open-API bills (exactly one of 20 parallel
 * bills uses a coupon; every refusal writes nothing), a refund giving the coupon back whole, the
 * result figures against independent counts over the coupon ledger, 延期 through the approval
 * center, and the nightly expiry.
 */
import {
  COUPON_API,
  COUPON_FAILURE_API,
  COUPON_TEMPLATE_API,
  type CouponIssueResult,
} from '@zb/contract/entities/coupon';
import { CROWD_API } from '@zb/contract/entities/crowd';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { cardWorld } from '../../testing/cardWorld';
import { posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { decideIn } from '../approvals/service';
import { postBill } from '../bills/service';
import { closeBillIn } from '../bills/view';
import { crowdSnapshotMember } from '../crowds/schema';
import { member, memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import type { OpenCaller } from '../openApi/types';
import { refund } from '../refunds/schema';
import { applyRefundIn, executeRefund } from '../refunds/service';
import { securityBlacklist } from '../security/schema';
import { crowdIssueFinished, runCrowdIssue } from './crowdIssue';
import { expireCoupons } from './ledger';
import { couponIssue, couponIssueFailure, couponLedger, couponTemplate, memberCoupon } from './schema';

let t: TestApp;
let admin: TestClient;
let adminId: number;
let pos: OpenCaller;
let world: Awaited<ReturnType<typeof cardWorld>>;
let projectCode: string;
let phoneSeq = 0;

const okData = <R>(res: { body: { errcode: string; data: R }; raw: string }): R => {
  expect(res.body.errcode, res.raw).toBe(ERR.OK);
  return res.body.data;
};

const newMember = async () => {
  phoneSeq++;
  const m = await t.db.transaction((x) =>
    createMember(x, {
      name: `券会员${phoneSeq}`,
      phone: `1370000${String(phoneSeq).padStart(4, '0')}`,
      storeId: world.sh,
      userId: null,
    }),
  );
  return { id: m.id, phone: `1370000${String(phoneSeq).padStart(4, '0')}` };
};

const form = (over: Record<string, unknown> = {}) => ({
  name: '满80减10',
  kind: 'fullReduction',
  amount: 1000,
  threshold: 5000,
  goodsScope: 'all',
  storeScope: 'all',
  stackable: false,
  validityMode: 'days',
  validDays: 30,
  totalQuantity: 100,
  perMemberLimit: 5,
  ...over,
});

/** A template made, submitted and approved: 进行中. */
const activeTemplate = async (over: Record<string, unknown> = {}) => {
  const { id } = okData(await admin.call(COUPON_TEMPLATE_API.create!, { body: form(over) as never })) as { id: number };
  okData(await admin.call(COUPON_API.submit, { body: { id } }));
  okData(await admin.call(COUPON_API.approve, { body: { id } }));
  return id;
};

const issue = async (templateId: number, memberIds: number[]) =>
  okData(
    await admin.call(COUPON_API.issue, { body: { templateId, source: 'members', memberIds } }),
  ) as CouponIssueResult;

const couponsOf = (memberId: number, templateId?: number) =>
  t.db
    .select()
    .from(memberCoupon)
    .where(and(eq(memberCoupon.memberId, memberId), templateId ? eq(memberCoupon.templateId, templateId) : undefined))
    .orderBy(memberCoupon.id);

let outer = 0;
const bill = (phone: string, coupons: string[], cash: number, code = projectCode, storeCode = 'SH001') =>
  postBill(t.db, pos, {
    outerNo: `CPN-${++outer}`,
    storeCode,
    member: phone,
    at: new Date().toISOString(),
    lines: [{ kind: 'project', code, quantity: 1, staff: [] }],
    payments: cash > 0 ? [{ method: 'cash', amount: cash }] : [],
    coupons,
  });

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return { errcode: 'accepted', message: '' };
  } catch (e) {
    const err = e as { errcode?: string; message: string };
    return { errcode: err.errcode ?? 'thrown', message: err.message };
  }
};

const billsOf = async (memberId: number) =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(memberConsume).where(eq(memberConsume.memberId, memberId))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  adminId = (await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin')))[0]!
    .id;
  world = await cardWorld(t.db, { code: 'CPN', phone: '13799990001', amount: 100_000, bonus: 0, sessions: 10 });
  projectCode = 'CPN-P1';
  pos = await posCaller(t.db, world.sh, 'cpn');
});

afterAll(async () => {
  await t?.close();
});

describe('templates', () => {
  it('checks the kind’s rules, moves 草稿 → 待审核 → 进行中 → 已停用, issues only while 进行中', async () => {
    const bad = await admin.call(COUPON_TEMPLATE_API.create!, { body: form({ threshold: 500 }) as never });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(JSON.stringify(bad.body.data)).toContain('使用门槛不能低于减免金额');
    const unknownGoods = await admin.call(COUPON_TEMPLATE_API.create!, {
      body: form({ kind: 'projectTrial', goodsScope: 'chosen', goodsCodes: 'NO-SUCH' }) as never,
    });
    expect(JSON.stringify(unknownGoods.body.data)).toContain('NO-SUCH');
    const { id } = okData(await admin.call(COUPON_TEMPLATE_API.create!, { body: form() as never })) as { id: number };
    const m = await newMember();
    const early = await admin.call(COUPON_API.issue, {
      body: { templateId: id, source: 'members', memberIds: [m.id] },
    });
    expect(early.body.errcode).toBe(ERR.COUPON_STATE_CHANGED);
    okData(await admin.call(COUPON_API.submit, { body: { id } }));
    const again = await admin.call(COUPON_API.submit, { body: { id } });
    expect(again.body.errcode).toBe(ERR.COUPON_STATE_CHANGED);
    okData(await admin.call(COUPON_API.approve, { body: { id } }));
    const edit = await admin.call(COUPON_TEMPLATE_API.update!, { body: { id, ...form({ name: '改名' }) } as never });
    expect(edit.body.errcode).toBe(ERR.COUPON_STATE_CHANGED);
    expect((await issue(id, [m.id])).issued).toBe(1);
    okData(await admin.call(COUPON_API.disable, { body: { id } }));
    const late = await admin.call(COUPON_API.issue, { body: { templateId: id, source: 'members', memberIds: [m.id] } });
    expect(late.body.errcode).toBe(ERR.COUPON_STATE_CHANGED);
    expect(await couponsOf(m.id)).toHaveLength(1);
    const [row] = await t.db.select().from(couponTemplate).where(eq(couponTemplate.id, id));
    expect(row).toMatchObject({ status: 'disabled', issuedQuantity: 1, code: `QT${String(id).padStart(6, '0')}` });
  });
});

describe('issuing', () => {
  it('respects the total quantity, the per-member limit and the blacklist; failures are kept and retried', async () => {
    const id = await activeTemplate({ name: '限量券', totalQuantity: 3, perMemberLimit: 1 });
    const [m1, m2, m3, m4, black] = [
      await newMember(),
      await newMember(),
      await newMember(),
      await newMember(),
      await newMember(),
    ];
    await t.db.insert(securityBlacklist).values({ kind: 'phone', value: black!.phone, reason: '疑似套券' });
    const first = okData(
      await admin.call(COUPON_API.issue, {
        body: { templateId: id, source: 'members', memberKeys: [m1!.phone, m2!.phone, black!.phone] },
      }),
    ) as CouponIssueResult;
    expect(first).toMatchObject({ issued: 2, failed: 1 });
    expect(first.failures[0]!.reason).toContain('疑似套券');
    const second = await issue(id, [m1!.id, m3!.id, m4!.id]);
    expect(second).toMatchObject({ issued: 1, failed: 2 });
    expect(second.failures.map((f) => f.reason)).toEqual([
      expect.stringContaining('每人限领 1 张'),
      expect.stringContaining('发行总量 3 张已发完'),
    ]);
    // Rows: three coupons, three 发放 rows, the template's count, three failures.
    const coupons = await t.db.select().from(memberCoupon).where(eq(memberCoupon.templateId, id));
    expect(coupons.map((c) => c.memberId).sort()).toEqual([m1!.id, m2!.id, m3!.id].sort());
    expect(coupons.every((c) => /^QY\d{10}$/.test(c.couponNo) && c.status === 'unused')).toBe(true);
    const issued = await t.db
      .select()
      .from(couponLedger)
      .where(and(eq(couponLedger.templateId, id), eq(couponLedger.kind, 'issue')));
    expect(issued).toHaveLength(3);
    const [tpl] = await t.db.select().from(couponTemplate).where(eq(couponTemplate.id, id));
    expect(tpl!.issuedQuantity).toBe(3);
    const failures = await t.db
      .select()
      .from(couponIssueFailure)
      .where(eq(couponIssueFailure.templateId, id))
      .orderBy(couponIssueFailure.id);
    expect(failures.map((f) => f.memberId)).toEqual([black!.id, m1!.id, m4!.id]);
    // 补发 of m4: still no quantity left, so it stays failed with one more attempt; nothing issued.
    const resend = okData(
      await admin.call(COUPON_FAILURE_API.batch!, { body: { action: 'resend', ids: [failures[2]!.id] } } as never),
    );
    expect(resend).toBeDefined();
    const [after] = await t.db.select().from(couponIssueFailure).where(eq(couponIssueFailure.id, failures[2]!.id));
    expect(after).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await t.db.select().from(memberCoupon).where(eq(memberCoupon.templateId, id))).toHaveLength(3);
  });
});

describe('issuing to a crowd', () => {
  it('issues one coupon per member the crowd selects as a job; failures recorded; a re-run writes nothing more', async () => {
    const id = await activeTemplate({ name: '人群券', totalQuantity: 1000, perMemberLimit: 1 });
    const [held, black] = [await newMember(), await newMember()];
    await newMember();
    await t.db.insert(securityBlacklist).values({ kind: 'phone', value: black!.phone, reason: '人群黑名单' });
    expect((await issue(id, [held!.id])).issued).toBe(1);
    const saved = okData(
      await admin.call(CROWD_API.save, {
        body: {
          name: '上海店会员（券）',
          rule: { groups: [[{ kind: 'store', storeIds: [world.sh], regionIds: [] }]] },
        },
      }),
    ) as { id: number };
    const issuesBefore = await t.db.select({ id: couponIssue.id }).from(couponIssue);
    const refused = [
      await admin.call(COUPON_API.issue, { body: { templateId: id, source: 'crowd' } as never }),
      await admin.call(COUPON_API.issue, { body: { templateId: id, source: 'crowd', crowdId: 999_999 } }),
    ];
    expect(refused.map((r) => r.body.errcode)).toEqual([ERR.PARAM_INVALID, ERR.PARAM_INVALID]);
    expect(JSON.stringify(refused.map((r) => r.body))).toContain('请选择人群');
    expect(JSON.stringify(refused[1]!.body)).toContain('该人群不存在');
    expect(await t.db.select({ id: couponIssue.id }).from(couponIssue)).toHaveLength(issuesBefore.length);

    // Independently: the members of the store now, in member-id order.
    const inStore = await t.db
      .select({ id: member.id, phone: member.phone })
      .from(member)
      .where(eq(member.storeId, world.sh))
      .orderBy(member.id);
    const want = inStore.map((r) => r.id);
    const listed = await t.db.select().from(securityBlacklist);
    const blackPhones = new Set(listed.filter((b) => b.kind === 'phone').map((b) => b.value));
    const blackIds = new Set(listed.filter((b) => b.kind === 'member').map((b) => b.memberId));
    const refusedIds = [
      held!.id,
      ...inStore.filter((m) => blackPhones.has(m.phone) || blackIds.has(m.id)).map((m) => m.id),
    ].sort();
    expect(refusedIds).toContain(black!.id);
    const n = refusedIds.length;
    expect(okData(await admin.call(COUPON_API.crowdCount, { query: { crowdId: saved.id } }))).toEqual({
      count: want.length,
    });
    const started = okData(
      await admin.call(COUPON_API.issue, { body: { templateId: id, source: 'crowd', crowdId: saved.id } }),
    ) as CouponIssueResult;
    expect(started.total).toBe(want.length);
    await crowdIssueFinished(started.issueId);
    const done = okData(await admin.call(COUPON_API.progress, { query: { id: started.issueId } })) as CouponIssueResult;
    expect(done, JSON.stringify(done.failures)).toMatchObject({
      state: 'done',
      total: want.length,
      done: want.length,
      failed: n,
      issued: want.length - n,
    });
    expect(done.failures.map((f) => f.reason)).toEqual(
      expect.arrayContaining([expect.stringContaining('人群黑名单'), expect.stringContaining('每人限领 1 张')]),
    );
    const [i] = await t.db.select().from(couponIssue).where(eq(couponIssue.id, started.issueId));
    const snapped = await t.db
      .select({ id: crowdSnapshotMember.memberId })
      .from(crowdSnapshotMember)
      .where(eq(crowdSnapshotMember.snapshotId, i!.snapshotId!))
      .orderBy(crowdSnapshotMember.memberId);
    expect(snapped.map((r) => r.id)).toEqual(want);
    const rowsOfIssue = async () => ({
      coupons: (
        await t.db
          .select()
          .from(memberCoupon)
          .where(eq(memberCoupon.issueId, started.issueId))
          .orderBy(memberCoupon.memberId)
      ).map((c) => c.memberId),
      ledger: (
        await t.db
          .select()
          .from(couponLedger)
          .where(and(eq(couponLedger.refType, 'coupon_issue'), eq(couponLedger.refId, started.issueId)))
      ).length,
      failures: (
        await t.db.select().from(couponIssueFailure).where(eq(couponIssueFailure.issueId, started.issueId))
      ).map((f) => f.memberId),
      issued: (await t.db.select().from(couponTemplate).where(eq(couponTemplate.id, id)))[0]!.issuedQuantity,
    });
    const first = await rowsOfIssue();
    expect(first.coupons).toEqual(want.filter((m) => !refusedIds.includes(m)));
    expect(first.ledger).toBe(want.length - n);
    expect(first.failures.sort()).toEqual(refusedIds);
    expect(first.issued).toBe(want.length - n + 1);
    // Interrupted part-way and run again from the start, a member a batch: nothing more is written.
    await t.db
      .update(couponIssue)
      .set({ state: 'running', afterMemberId: 0, done: 0 })
      .where(eq(couponIssue.id, started.issueId));
    await runCrowdIssue(t.db, started.issueId, 1);
    expect(await rowsOfIssue()).toEqual(first);
    const [again] = await t.db.select().from(couponIssue).where(eq(couponIssue.id, started.issueId));
    expect(again).toMatchObject({ state: 'done', issued: want.length - n, failed: n, done: want.length });
  });
});

describe('coupons paid on bills', () => {
  it('one coupon pays one bill of 20 sent at once', async () => {
    const id = await activeTemplate({ name: '并发券' });
    const m = await newMember();
    await issue(id, [m.id]);
    const [c] = await couponsOf(m.id, id);
    const results = await Promise.all(Array.from({ length: 20 }, () => refusal(bill(m.phone, [c!.couponNo], 7000))));
    expect(results.filter((r) => r.errcode === 'accepted')).toHaveLength(1);
    expect(results.filter((r) => r.errcode === ERR.COUPON_USED)).toHaveLength(19);
    expect(await billsOf(m.id)).toBe(1);
    const [used] = await couponsOf(m.id, id);
    expect(used).toMatchObject({ status: 'used', usedValue: 1000 });
    const uses = await t.db
      .select()
      .from(couponLedger)
      .where(and(eq(couponLedger.couponId, c!.id), eq(couponLedger.kind, 'use')));
    expect(uses).toHaveLength(1);
    // 关单 gives it back (退回 under the close), once.
    await t.db.transaction((tx) => closeBillIn(tx, { userId: adminId }, used!.usedConsumeId!, '录错单'));
    const [back] = await couponsOf(m.id, id);
    expect(back).toMatchObject({ status: 'unused', usedConsumeId: null });
    const returns = await t.db
      .select()
      .from(couponLedger)
      .where(and(eq(couponLedger.couponId, c!.id), eq(couponLedger.kind, 'return')));
    expect(returns).toMatchObject([{ value: -1000, refType: 'member_consume_close' }]);
  });

  it('refuses a coupon outside its threshold, goods, store, validity or stacking, and writes nothing', async () => {
    const m = await newMember();
    const high = await activeTemplate({ name: '高门槛', threshold: 10_000 });
    const [p] = rowsOf<{ code: string }>(
      await t.db.execute(sql`select code from project where code <> ${projectCode} order by id limit 1`),
    );
    const otherProject = await activeTemplate({
      name: '体验券',
      kind: 'projectTrial',
      amount: null,
      threshold: 0,
      goodsScope: 'chosen',
      goodsCodes: p!.code,
    });
    const store = await activeTemplate({ name: '限店券', storeScope: 'chosen', storeCodes: 'BJ001' });
    const plain = await activeTemplate({ name: '不叠加A' });
    const plain2 = await activeTemplate({ name: '不叠加B' });
    const old = await activeTemplate({ name: '过期券' });
    for (const x of [high, otherProject, store, plain, plain2, old]) await issue(x, [m.id]);
    const no = async (tpl: number) => (await couponsOf(m.id, tpl))[0]!;
    const oldCoupon = await no(old);
    await t.db
      .update(memberCoupon)
      .set({ validTo: '2020-01-31', validFrom: '2020-01-01' })
      .where(eq(memberCoupon.id, oldCoupon.id));
    const cases: [string[], string][] = [
      [[(await no(high)).couponNo], '未达到使用门槛'],
      [[(await no(otherProject)).couponNo], '没有可使用的适用商品'],
      [[(await no(store)).couponNo], '不适用于本门店'],
      [[(await no(plain)).couponNo, (await no(plain2)).couponNo], '不可与其他优惠券同时使用'],
      [[oldCoupon.couponNo], '已过期'],
    ];
    for (const [nos, words] of cases) {
      const r = await refusal(bill(m.phone, nos, 7000));
      expect(r.errcode, words).toBe(ERR.COUPON_INVALID);
      expect(r.message).toContain(words);
    }
    // Another member's coupon, and a wrong payment total with a valid coupon.
    const other = await newMember();
    expect((await refusal(bill(other.phone, [(await no(plain)).couponNo], 7000))).errcode).toBe(ERR.COUPON_INVALID);
    expect((await refusal(bill(m.phone, [(await no(plain)).couponNo], 8000))).errcode).toBe(ERR.BILL_INVALID);
    expect(await billsOf(m.id)).toBe(0);
    const all = await couponsOf(m.id);
    expect(all.every((c) => c.status === 'unused' && c.usedConsumeId === null)).toBe(true);
    const uses = await t.db
      .select()
      .from(couponLedger)
      .where(
        and(
          inArray(
            couponLedger.couponId,
            all.map((c) => c.id),
          ),
          sql`${couponLedger.kind} <> 'issue'`,
        ),
      );
    expect(uses).toEqual([]);
  });

  it('a refund gives the coupon back whole; the result figures equal counts over the ledger', async () => {
    const id = await activeTemplate({ name: '退回券', stackable: true, perMemberLimit: 2 });
    const m = await newMember();
    await issue(id, [m.id]);
    await issue(id, [m.id]);
    const [c1, c2] = await couponsOf(m.id, id);
    const answer = await bill(m.phone, [c1!.couponNo, c2!.couponNo], 6000);
    expect(answer.paidOther).toBe(8000);
    const [b] = await t.db.select().from(memberConsume).where(eq(memberConsume.billNo, answer.billNo));
    const apply = (couponAmount: number) =>
      t.db.transaction((tx) =>
        applyRefundIn(tx, {
          consumeId: b!.id,
          lines: [{ line: 1, amount: 8000 }],
          payments: [
            { seq: 1, amount: 6000 },
            { seq: 2, amount: 1000 },
            { seq: 3, amount: couponAmount },
          ],
          reason: '顾客取消',
          source: 'console',
          applicantId: adminId,
        }),
      );
    const partial = await refusal(apply(500));
    expect(partial.errcode).toBe(ERR.REFUND_INVALID);
    expect(partial.message).toContain('须整笔退回');
    const refundId = await apply(1000);
    const [r] = await t.db.select().from(refund).where(eq(refund.id, refundId));
    await t.db.transaction(async (tx) => {
      await decideIn(tx, adminId, { id: r!.approvalId!, decision: 'approve', comment: '同意' }, undefined);
      await executeRefund(tx, refundId, adminId);
    });
    const back = await couponsOf(m.id, id);
    expect(back.map((c) => c.status)).toEqual(['unused', 'unused']);
    const returns = await t.db
      .select()
      .from(couponLedger)
      .where(and(eq(couponLedger.templateId, id), eq(couponLedger.kind, 'return')));
    expect(returns.map((x) => x.value).sort()).toEqual([-1000, -1000]);
    // Used again on a new bill: the figures follow the ledger.
    await bill(m.phone, [c1!.couponNo], 7000);
    const ledger = await t.db.select().from(couponLedger).where(eq(couponLedger.templateId, id));
    const n = (k: string) => ledger.filter((x) => x.kind === k).length;
    const row = okData(await admin.call(COUPON_TEMPLATE_API.detail, { params: { id } })) as Record<string, number>;
    expect(row.issuedCount).toBe(n('issue'));
    expect(row.usedCount).toBe(n('use') - n('return'));
    expect(row.unusedCount).toBe(n('issue') - (n('use') - n('return')));
    expect(row.discountGiven).toBe(
      ledger.reduce((s, x) => s + (x.kind === 'use' || x.kind === 'return' ? x.value : 0), 0),
    );
    expect(row.billRevenue).toBe(8000);
  });
});

describe('延期 and 过期', () => {
  it('extends the coupons named once the application is approved; the job expires what is past', async () => {
    const id = await activeTemplate({
      name: '延期券',
      validityMode: 'fixed',
      validDays: null,
      validFrom: '2026-01-01',
      validTo: '2099-12-01',
    });
    const m = await newMember();
    await issue(id, [m.id]);
    const [c] = await couponsOf(m.id, id);
    const applied = okData(
      await admin.call(COUPON_API.applyDelay, { body: { couponNos: [c!.couponNo], days: 10, reason: '活动顺延' } }),
    ) as { approvalId: number; status: string };
    expect(applied.status).toBe('pending');
    expect((await couponsOf(m.id, id))[0]!.validTo).toBe('2099-12-01');
    const [ap] = await t.db.select().from(approval).where(eq(approval.id, applied.approvalId));
    expect(ap).toMatchObject({ type: 'couponDelay', status: 'pending' });
    await t.db.transaction((tx) =>
      decideIn(tx, adminId, { id: applied.approvalId, decision: 'approve', comment: '同意' }, undefined),
    );
    const [extended] = await couponsOf(m.id, id);
    expect(extended!.validTo).toBe('2099-12-11');
    const rows = await t.db
      .select()
      .from(couponLedger)
      .where(and(eq(couponLedger.couponId, c!.id), eq(couponLedger.kind, 'extend')));
    expect(rows).toMatchObject([{ validToBefore: '2099-12-01', validToAfter: '2099-12-11' }]);

    await t.db
      .update(memberCoupon)
      .set({ validFrom: '2020-01-01', validTo: '2020-01-31' })
      .where(eq(memberCoupon.id, c!.id));
    const n = await t.db.transaction((tx) => expireCoupons(tx, new Date()));
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await couponsOf(m.id, id))[0]!.status).toBe('expired');
    expect(await t.db.transaction((tx) => expireCoupons(tx, new Date()))).toBe(0);
    const expired = await t.db
      .select()
      .from(couponLedger)
      .where(and(eq(couponLedger.couponId, c!.id), eq(couponLedger.kind, 'expire')));
    expect(expired).toHaveLength(1);
  });
});
