/**
 * 赠送方案: a plan's condition and gifts are checked; only an approved plan, within its dates and at
 * its stores, gives: a top-up over its 门槛 takes the highest tier's bonus in its own ledger entry
 * and the plan's coupons; a card sold takes its plan's coupon and, a stored card, the bonus on
 * top of the card's own; a coupon the coupon side cannot give is noted, never a refusal of the
 * bill; each gift is recorded and counted; 停用 stops the gifts.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { openBillBody } from '@zb/contract/entities/bill';
import { GIFT_PLAN_API } from '@zb/contract/entities/giftPlan';
import { ERR } from '@zb/contract/errcodes';
import { TRANSACTION_GIFT_DETAIL } from '@zb/contract/reports/offers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { posCaller } from '../../testing/openApi';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { postBill } from '../bills/service';
import type { OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused } from '../storesMore/testHelpers';
import { giftPlan } from './schema';

let t: TestApp;
let admin: TestClient;
let till: OpenCaller;
const STORE = 'SH002';
let holder: { phone: string; cardNo: string; memberId: number };
let coupon = 0;

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, STORE));
  till = await posCaller(t.db, s!.id, 'gift-till');
  const [h] = await q<{
    phone: string;
    card_no: string;
    member_id: number;
  }>(sql`select m.phone, mc.card_no, m.id as member_id
    from member_card mc join card c on c.id = mc.card_id join member m on m.id = mc.member_id
    where mc.kind = 'stored' and mc.status = 'active' and c.usable_scope = 'all' and m.status = 'normal'
      and mc.expires_at > now() and mc.store_id = (select id from store where code = ${STORE}) and not exists (select 1 from security_blacklist b
        where (b.kind = 'member' and b.member_id = m.id) or (b.kind = 'phone' and b.value = m.phone))
      order by mc.id desc limit 1`);
  holder = { phone: h!.phone, cardNo: h!.card_no, memberId: Number(h!.member_id) };
  const [c] = await q<{ id: number }>(
    sql`select id from coupon_template where status = 'active' and validity_mode = 'days' order by id limit 1`,
  );
  coupon = Number(c!.id);
  // Room enough for this file's gifts.
  await t.db.execute(
    sql`update coupon_template set total_quantity = issued_quantity + 1000, per_member_limit = 50 where id = ${coupon}`,
  );
}, 180_000);
afterAll(() => t.close());

let seq = 0;
const send = (lines: object[], pay: number) =>
  postBill(
    t.db,
    till,
    openBillBody.parse({
      outerNo: `GIFT-${++seq}`,
      storeCode: STORE,
      member: holder.phone,
      at: new Date().toISOString(),
      lines,
      payments: [{ method: 'cash', amount: pay }],
    }),
  );
const topUp = (amount: number) => send([{ kind: 'topUp', cardNo: holder.cardNo, amount }], amount);
const card = async () =>
  (
    await q<{ balance: number; bonus: number }>(
      sql`select balance, bonus_balance as bonus from member_card where card_no = ${holder.cardNo}`,
    )
  )[0]!;
const giftCoupons = async () =>
  Number(
    (
      await q<{ n: number }>(
        sql`select count(*)::int as n from member_coupon where member_id = ${holder.memberId} and source = 'gift'`,
      )
    )[0]!.n,
  );

const approve = async (id: number) => {
  okData(await admin.call(GIFT_PLAN_API.submit, { body: { id } }));
  const [p] = await t.db.select({ a: giftPlan.approvalId }).from(giftPlan).where(eq(giftPlan.id, id));
  okData(await admin.call(APPROVAL_API.decide, { body: { id: p!.a!, decision: 'approve', comment: '同意' } }));
};
const create = async (body: object) =>
  okData(
    await admin.call(GIFT_PLAN_API.create!, {
      body: { startDay: day(-1), endDay: day(10), storeScope: 'chosen', storeCodes: STORE, ...body } as never,
    }),
  ).id;

describe('赠送方案', () => {
  it('has the demo plans in every state and the gifts their bills took', async () => {
    const states = await q<{ status: string }>(sql`select distinct status from gift_plan order by 1`);
    expect(states.map((s) => s.status)).toEqual(['active', 'disabled', 'draft', 'ended', 'pending', 'rejected']);
    const list = okData(await admin.call(GIFT_PLAN_API.list, { query: { status: 'active' } }));
    const tier2 = list.list.find((p) => p.name === '充值满 3000 送 450 加护理券')!;
    // Two stores: a 3000 top-up each, 450 元 and two coupons each.
    expect(tier2).toMatchObject({ times: 2, bonusGiven: 90_000, couponsGiven: 4, revenue: 600_000 });
    const tier1 = list.list.find((p) => p.name === '充值满 1000 送 100')!;
    expect(tier1).toMatchObject({ times: 2, bonusGiven: 20_000 });
    // The bonus is in the top-up's own ledger entry.
    const [entry] = await q<{
      bonus: number;
    }>(sql`select l.bonus_amount as bonus from card_ledger l join card_top_up u on u.id = l.ref_id
      and l.ref_type = 'card_top_up' join gift_record g on g.member_card_id = u.member_card_id and g.bonus = 45000
      where u.amount = 300000 order by l.id limit 1`);
    expect(Number(entry!.bonus)).toBe(45_000);
  });

  it('checks a plan: a top-up 门槛, known cards, no bonus on a combo card, something to give', async () => {
    const base = { name: '检查', startDay: day(0), endDay: day(3), storeScope: 'all' };
    const errs = async (body: object) =>
      fieldErrors(await admin.call(GIFT_PLAN_API.create!, { body: { ...base, ...body } as never }));
    expect((await errs({ trigger: 'topUp', minAmount: 0, giftBonus: 100 })).minAmount).toMatch(/充值门槛/);
    expect((await errs({ trigger: 'cardSale', cardCodes: 'NOPE', giftBonus: 100 })).cardCodes).toMatch(
      /卡项编码不存在：NOPE/,
    );
    expect((await errs({ trigger: 'cardSale', cardCodes: 'C001', giftBonus: 100 })).giftBonus).toMatch(
      /套餐卡不能赠送金额/,
    );
    expect((await errs({ trigger: 'topUp', minAmount: 100, couponCount: 2 })).couponTemplateId).toMatch(
      /请选择赠送优惠券/,
    );
    expect((await errs({ trigger: 'topUp', minAmount: 100 })).giftBonus).toMatch(/至少设置一项赠送内容/);
    expect((await errs({ trigger: 'topUp', minAmount: 100, giftBonus: 1, endDay: day(-2) })).endDay).toBeTruthy();
    expect(await q(sql`select 1 from gift_plan where name = '检查'`)).toHaveLength(0);
  });

  it('gives the highest tier a top-up reaches, once, only while approved', async () => {
    const low = await create({
      name: '满 500 送 50',
      trigger: 'topUp',
      minAmount: 50_000,
      giftBonus: 5_000,
      couponTemplateId: coupon,
      couponCount: 1,
    });
    const high = await create({ name: '满 1500 送 300', trigger: 'topUp', minAmount: 150_000, giftBonus: 30_000 });
    // Drafts give nothing.
    let before = await card();
    await topUp(60_000);
    expect((await card()).bonus).toBe(before.bonus);
    refused(await admin.call(GIFT_PLAN_API.delete!, { body: { ids: [999_999] } }), ERR.RECORD_NOT_FOUND);

    await approve(low);
    await approve(high);
    refused(await admin.call(GIFT_PLAN_API.update!, { body: { id: low, name: '改' } as never }), ERR.CAMPAIGN_STATE);
    const coupons = await giftCoupons();
    before = await card();
    await topUp(60_000);
    let after = await card();
    expect([after.balance - before.balance, after.bonus - before.bonus]).toEqual([60_000, 5_000]);
    expect(await giftCoupons()).toBe(coupons + 1);

    before = after;
    await topUp(200_000);
    after = await card();
    expect(after.bonus - before.bonus).toBe(30_000);
    expect(await giftCoupons()).toBe(coupons + 1);

    before = after;
    await topUp(40_000);
    expect((await card()).bonus).toBe(before.bonus);

    const records = okData(await admin.call(GIFT_PLAN_API.record.list, { query: { planId: String(low) } }));
    expect(records.list.map((r) => [r.amount, r.bonus, r.coupons, r.trigger])).toEqual([[60_000, 5_000, 1, 'topUp']]);
    const detail = okData(await admin.call(GIFT_PLAN_API.detail, { params: { id: high } }));
    expect(detail).toMatchObject({ times: 1, members: 1, bonusGiven: 30_000, couponsGiven: 0, revenue: 200_000 });
  });

  it('gives a card sold its bonus on top of the card’s own; a coupon it cannot give is noted, the bill stands', async () => {
    const plan = await create({
      name: '办储值卡送',
      trigger: 'cardSale',
      cardCodes: 'c005',
      giftBonus: 3_000,
      couponTemplateId: coupon,
      couponCount: 2,
    });
    await approve(plan);
    // The coupon's quantity is used up: the bill stands, the record says why.
    await t.db.execute(sql`update coupon_template set total_quantity = issued_quantity where id = ${coupon}`);
    const [c5] = await q<{ price: number; bonus: number }>(sql`select price, bonus from card where code = 'C005'`);
    const bill = await send([{ kind: 'cardSale', code: 'C005' }], Number(c5!.price));
    const [opened] = await q<{ bonus: number }>(
      sql`select bonus_balance as bonus from member_card where card_no = ${bill.openedCards[0]!}`,
    );
    expect(Number(opened!.bonus)).toBe(Number(c5!.bonus) + 3_000);
    const [rec] = await q<{ bonus: number; coupons: number; note: string }>(
      sql`select bonus, coupons, note from gift_record where plan_id = ${plan}`,
    );
    expect(rec).toMatchObject({ bonus: 3_000, coupons: 0 });
    expect(rec!.note).toMatch(/优惠券少发 2 张：发行总量/);
  });

  it('/transactionGiftDetail equals the gifts recorded, by plan and store', async () => {
    const period = { periodFrom: day(-30), periodTo: day(0) };
    const r = await reportAll(admin, TRANSACTION_GIFT_DETAIL, { ...period, groupBy: 'planStore' });
    const facts = await q<{
      plan_id: number;
      store_id: number;
      n: number;
      amount: number;
      bonus: number;
      coupons: number;
    }>(
      sql`select plan_id, store_id, count(*)::int as n, sum(amount)::bigint as amount, sum(bonus)::bigint as bonus,
        sum(coupons)::int as coupons from gift_record
        where (at at time zone 'Asia/Shanghai')::date between ${period.periodFrom}::date and ${period.periodTo}::date
        group by 1, 2`,
    );
    expect(facts.length).toBeGreaterThan(2);
    const key = (p: unknown, s: unknown) => `${p}:${s}`;
    expect(
      Object.fromEntries(
        r.list.map((x) => [key(x.planId, x.storeId), [x.times, x.amount, x.bonus, x.coupons].map(Number)]),
      ),
    ).toEqual(
      Object.fromEntries(
        facts.map((f) => [key(f.plan_id, f.store_id), [f.n, f.amount, f.bonus, f.coupons].map(Number)]),
      ),
    );
  });

  it('停用 stops the gifts; a stopped plan is neither edited nor deleted', async () => {
    const plan = await create({ name: '满 100 送 10', trigger: 'topUp', minAmount: 10_000, giftBonus: 1_000 });
    await approve(plan);
    okData(await admin.call(GIFT_PLAN_API.disable, { body: { id: plan } }));
    refused(await admin.call(GIFT_PLAN_API.disable, { body: { id: plan } }), ERR.CAMPAIGN_STATE);
    refused(await admin.call(GIFT_PLAN_API.delete!, { body: { ids: [plan] } }), ERR.CAMPAIGN_STATE);
    const active = await q<{ id: number }>(
      sql`select id from gift_plan where status = 'active' and store_codes = ${STORE}`,
    );
    for (const a of active) okData(await admin.call(GIFT_PLAN_API.disable, { body: { id: Number(a.id) } }));
    const before = await card();
    await topUp(20_000);
    expect((await card()).bonus).toBe(before.bonus);
  });
});
