/**
 * 老板赠送: an activity's gifts are checked and it is reviewed like every plan; a boss gives only
 * while it runs, at a store it covers in the boss's data scope, a gift it has, to known members:
 * the coupons are issued and recorded, all or none; a store's budget and a member's limit hold,
 * under parallel gifts too; /storeGiftCal and the member's /giftsProject show the gifts.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { BOSS_GIFT_API } from '@zb/contract/entities/bossGift';
import { ERR } from '@zb/contract/errcodes';
import { MEMBER_GIFTS_VIEW, STORE_GIFT_CAL } from '@zb/contract/reports/offers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import type { Auth } from '../../platform/context';
import { type DataScope, OUT_OF_SCOPE_STORE, storeScopeFilter } from '../../platform/scope';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused } from '../storesMore/testHelpers';
import { bossGiftAct, bossGiftRecord } from './schema';
import { giveBossGift } from './service';

/** The records a reader of `scope` may see, as the resource engine scopes them. */
const bossGiftRecordsIn = async (db: TestApp['db'], scope: DataScope) =>
  (
    await db
      .select({ id: bossGiftRecord.id })
      .from(bossGiftRecord)
      .where(storeScopeFilter(scope, bossGiftRecord.storeId))
  ).length;

let t: TestApp;
let admin: TestClient;
let storeId = 0;
let phones: string[] = [];
let voucher = 0;
let trial = 0;

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'SH001'));
  storeId = s!.id;
  phones = (
    await q<{ phone: string }>(sql`select m.phone from member m where m.status = 'normal' and not exists (
      select 1 from security_blacklist b where (b.kind = 'member' and b.member_id = m.id) or (b.kind = 'phone' and b.value = m.phone))
      order by m.id desc limit 12`)
  ).map((r) => r.phone);
  voucher = Number(
    (await q<{ id: number }>(sql`select id from coupon_template where name = '护理礼券（赠送）'`))[0]!.id,
  );
  trial = Number(
    (await q<{ id: number }>(sql`select id from coupon_template where name = '头疗体验券（老板赠送）'`))[0]!.id,
  );
  await t.db.execute(sql`update coupon_template set total_quantity = issued_quantity + 1000, per_member_limit = 50
    where id in (${voucher}, ${trial})`);
}, 180_000);
afterAll(() => t.close());

const give = (c: TestClient, body: object) =>
  c.call(BOSS_GIFT_API.give, { body: { storeId, couponTemplateId: voucher, count: 1, ...body } as never });

const approve = async (id: number) => {
  okData(await admin.call(BOSS_GIFT_API.submit, { body: { id } }));
  const [a] = await t.db.select({ a: bossGiftAct.approvalId }).from(bossGiftAct).where(eq(bossGiftAct.id, id));
  okData(await admin.call(APPROVAL_API.decide, { body: { id: a!.a!, decision: 'approve', comment: '同意' } }));
};

describe('老板赠送', () => {
  let act = 0;

  it('has the demo activities, gifts at TJ001 and CQ001 and one gift coupon used', async () => {
    const states = await q<{ status: string }>(sql`select distinct status from boss_gift_act order by 1`);
    expect(states.map((s) => s.status)).toEqual(['active', 'draft', 'ended', 'pending']);
    const stores = await q<{ code: string; n: number }>(sql`select s.code, count(*)::int as n from boss_gift_record g
      join store s on s.id = g.store_id group by 1 order by 1`);
    expect(stores.map((s) => [s.code, Number(s.n)])).toEqual([
      ['CQ001', 4],
      ['TJ001', 4],
    ]);
    const running = okData(await admin.call(BOSS_GIFT_API.list, { query: { status: 'active' } })).list[0]!;
    expect(running).toMatchObject({ stores: 2, gifts: 10, used: 1 });
  });

  it('checks an activity and gives nothing until it is approved', async () => {
    const base = {
      name: '测试老板礼',
      startDay: day(-1),
      endDay: day(10),
      storeBudget: 10_000,
      perMemberMax: 2,
      storeScope: 'chosen',
      storeCodes: 'SH001',
    };
    expect(
      fieldErrors(
        await admin.call(BOSS_GIFT_API.create!, {
          body: {
            ...base,
            items: [
              { couponTemplateId: voucher, value: 3_000 },
              { couponTemplateId: voucher, value: 1 },
            ],
          } as never,
        }),
      ).items,
    ).toMatch(/只能作一种赠品/);
    const empty = okData(await admin.call(BOSS_GIFT_API.create!, { body: { ...base, items: [] } as never })).id;
    expect(fieldErrors(await admin.call(BOSS_GIFT_API.submit, { body: { id: empty } }))).toHaveProperty('items');
    act = okData(
      await admin.call(BOSS_GIFT_API.create!, {
        body: { ...base, items: [{ couponTemplateId: voucher, value: 3_000 }] } as never,
      }),
    ).id;
    refused(await give(admin, { actId: act, phones: [phones[0]] }), ERR.BOSS_GIFT_INVALID, /未在进行中/);
    await approve(act);
  });

  it('gives the members their coupons and records each; refuses what the activity does not allow, changing nothing', async () => {
    const r = okData(await give(admin, { actId: act, phones: phones.slice(0, 2), remark: '答谢' }));
    expect(r).toEqual({ members: 2, coupons: 2, budgetLeft: 10_000 - 6_000 });
    const coupons = await q<{
      n: number;
    }>(sql`select count(*)::int as n from member_coupon c join member m on m.id = c.member_id
      where c.source = 'bossGift' and c.template_id = ${voucher} and m.phone in (${phones[0]!}, ${phones[1]!})`);
    expect(Number(coupons[0]!.n)).toBeGreaterThanOrEqual(2);
    const records = okData(await admin.call(BOSS_GIFT_API.record.list, { query: { actId: String(act) } }));
    expect(records.list.map((x) => [x.memberPhone, x.count, x.value, x.used, x.remark]).sort()).toEqual(
      [
        [phones[0], 1, 3_000, 0, '答谢'],
        [phones[1], 1, 3_000, 0, '答谢'],
      ].sort(),
    );

    const before = await q<{ n: number }>(sql`select count(*)::int as n from boss_gift_record`);
    refused(await give(admin, { actId: act, phones: ['13000000000'] }), ERR.BOSS_GIFT_INVALID, /会员不存在/);
    refused(
      await give(admin, { actId: act, phones: [phones[2]], couponTemplateId: trial }),
      ERR.BOSS_GIFT_INVALID,
      /赠品不在本活动/,
    );
    const [other] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'SH002'));
    refused(
      await give(admin, { actId: act, phones: [phones[2]], storeId: other!.id }),
      ERR.BOSS_GIFT_INVALID,
      /不参与活动/,
    );
    // 4000 元 left is 1 coupon of 30 元 each for 2 members (60 元) … a third gift to the first member passes his limit of 2.
    okData(await give(admin, { actId: act, phones: [phones[0]] }));
    refused(await give(admin, { actId: act, phones: [phones[0]] }), ERR.BOSS_GIFT_LIMIT, /最多 2 张/);
    // Over the budget: 10 元 left.
    refused(
      await give(admin, { actId: act, phones: phones.slice(2, 4), count: 1 }),
      ERR.BOSS_GIFT_LIMIT,
      /门店预算不足/,
    );
    const after = await q<{ n: number }>(sql`select count(*)::int as n from boss_gift_record`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
    expect(fieldErrors(await give(admin, { actId: act, phones: [] }))).toBeTruthy();
  });

  it("holds a store's budget under parallel gifts", async () => {
    const id = okData(
      await admin.call(BOSS_GIFT_API.create!, {
        body: {
          name: '并发预算',
          startDay: day(-1),
          endDay: day(3),
          storeBudget: 12_000,
          perMemberMax: 5,
          storeScope: 'all',
          items: [{ couponTemplateId: voucher, value: 3_000 }],
        } as never,
      }),
    ).id;
    await approve(id);
    const results = await Promise.all(phones.slice(2, 12).map((p) => give(admin, { actId: id, phones: [p] })));
    const ok = results.filter((r) => r.body.errcode === ERR.OK).length;
    expect(ok).toBe(4);
    expect(results.filter((r) => r.body.errcode === ERR.BOSS_GIFT_LIMIT)).toHaveLength(6);
    const [sum] = await q<{ v: number }>(
      sql`select coalesce(sum(value), 0)::int as v from boss_gift_record where act_id = ${id}`,
    );
    expect(Number(sum!.v)).toBe(12_000);
  });

  it("gives only at a store of the giver's data scope; the records are scoped the same way", async () => {
    const [u] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
    const [east] = await q<{ id: number }>(sql`select id from region where name = '华东大区'`);
    const [tj] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'TJ001'));
    const [running] = await q<{ id: number }>(sql`select id from boss_gift_act where name = '老板请客·头疗体验'`);
    const east_: Auth = {
      sessionId: 't',
      user: u!,
      role: null,
      scope: { level: 'region', regionIds: [Number(east!.id)] },
      codes: null,
    };
    const body = {
      actId: Number(running!.id),
      storeId: tj!.id,
      couponTemplateId: voucher,
      count: 1,
      phones: [phones[11]!],
    };
    await expect(giveBossGift(t.db, east_, body)).rejects.toMatchObject({
      errcode: ERR.PARAM_INVALID,
      message: OUT_OF_SCOPE_STORE,
    });
    const tjAuth: Auth = { ...east_, scope: { level: 'store', storeIds: [tj!.id] } };
    await expect(giveBossGift(t.db, tjAuth, body)).resolves.toMatchObject({ members: 1 });
    const other = await q<{
      n: number;
    }>(sql`select count(*)::int as n from boss_gift_record g join store s on s.id = g.store_id
      join region r on r.id = s.region_id where r.name = '华东大区'`);
    // A 华东 reader sees the 华东 records only (SH001's, above), not TJ001's or CQ001's.
    const seen = await bossGiftRecordsIn(t.db, east_.scope);
    expect(seen).toBe(Number(other[0]!.n));
  });

  it('/storeGiftCal equals the records by activity and store; /giftsProject lists a member’s gifts', async () => {
    const period = { periodFrom: day(-30), periodTo: day(0) };
    const r = await reportAll(admin, STORE_GIFT_CAL, { ...period, groupBy: 'actStore' });
    const facts = await q<{ act_id: number; store_id: number; given: number; gifts: number; budget: number }>(
      sql`select g.act_id, g.store_id, sum(g.value)::int as given, sum(g.count)::int as gifts, a.store_budget as budget
        from boss_gift_record g join boss_gift_act a on a.id = g.act_id
        where a.start_day between ${period.periodFrom}::date and ${period.periodTo}::date group by 1, 2, a.store_budget`,
    );
    expect(facts.length).toBeGreaterThan(2);
    const key = (a: unknown, s: unknown) => `${a}:${s}`;
    expect(
      Object.fromEntries(r.list.map((x) => [key(x.actId, x.storeId), [x.given, x.gifts, x.budget].map(Number)])),
    ).toEqual(
      Object.fromEntries(facts.map((f) => [key(f.act_id, f.store_id), [f.given, f.gifts, f.budget].map(Number)])),
    );
    const [m] = await q<{ id: number }>(sql`select id from member where phone = ${phones[0]!}`);
    const view = await reportAll(admin, MEMBER_GIFTS_VIEW, { memberId: String(m!.id) });
    expect(view.list.length).toBeGreaterThanOrEqual(2);
    expect(view.list.every((x) => x.source === 'bossGift' || x.source === 'gift')).toBe(true);
    expect(String(view.list.find((x) => x.source === 'bossGift')!.label)).toMatch(/^测试老板礼（/);
  });
});
