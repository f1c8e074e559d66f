/**
 * 推广方案: a plan's rules are checked; 提交审核 goes through the approval center and only an approved
 * plan takes referrals; the mini-program registers a referral once per sender's number and a member
 * once; the referred member's first bill rewards the referrer (points into the points ledger) when
 * it reaches the threshold, else 未达标, and a second bill changes nothing; a plan in review or
 * running cannot be edited; 停用 stops referrals.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { openBillBody } from '@zb/contract/entities/bill';
import { type OpenReferralAnswer, PROMOTION_API } from '@zb/contract/entities/promotion';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost, posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { postBill } from '../bills/service';
import { pointsLedger } from '../memberAccount/schema';
import type { OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused } from '../storesMore/testHelpers';
import { promotion, promotionReferral } from './schema';

let t: TestApp;
let admin: TestClient;
let bj: OpenCaller;
let price = 0;
/** Members with no bill (new members) and one referrer. */
let fresh: { id: number; phone: string }[] = [];
let referrer: { id: number; phone: string };

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const [bjStore] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  bj = await posCaller(t.db, bjStore!.id, 'promo-bj');
  price = Number((await q<{ p: number }>(sql`select retail_price as p from product where code = 'P001'`))[0]!.p);
  fresh =
    await q(sql`select id, phone from member m where not exists (select 1 from member_consume c where c.member_id = m.id)
      and not exists (select 1 from promotion_referral r where r.member_id = m.id) order by id limit 3`);
  referrer = (
    await q<{ id: number; phone: string }>(sql`select id, phone from member m
      where exists (select 1 from member_consume c where c.member_id = m.id) order by id limit 1`)
  )[0]!;
  expect(fresh).toHaveLength(3);
}, 180_000);
afterAll(() => t.close());

const plan = {
  name: '老带新送积分',
  referrerKind: 'any',
  startDay: day(-1),
  endDay: day(30),
  minFirstAmount: 0,
  firstWithinDays: 30,
  rewardKind: 'points',
  rewardPoints: 500,
  staffReward: 2000,
};

const refer = (no: string, code: string, member: string, ref: { kind: 'member' | 'staff'; phone: string }) =>
  openPost<OpenReferralAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.referrals, {
    referralNo: no,
    promotionCode: code,
    referrer: ref,
    member,
    at: new Date().toISOString(),
  });

let seq = 0;
const bill = (phone: string, qty: number, at = new Date()) =>
  postBill(
    t.db,
    bj,
    openBillBody.parse({
      outerNo: `PROMO-${++seq}`,
      storeCode: 'BJ001',
      member: phone,
      at: at.toISOString(),
      lines: [{ kind: 'product', code: 'P001', quantity: qty }],
      payments: [{ method: 'cash', amount: qty * price }],
    }),
  );

describe('推广方案', () => {
  let id = 0;
  let code = '';

  it('has the demo plans: approved ones with referrals, a first bill rewarded, one 未达标, one waiting', async () => {
    const demo = await q<{ name: string; status: string; referrals: number; rewarded: number }>(
      sql`select name, status, referrals, rewarded from promotion order by id`,
    );
    expect(demo.map((p) => [p.status, Number(p.referrals), Number(p.rewarded)])).toEqual([
      ['active', 2, 1],
      ['active', 2, 1],
      ['draft', 0, 0],
    ]);
    const states = await q<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from promotion_referral group by 1 order by 1`,
    );
    expect(states.map((s) => [s.status, Number(s.n)])).toEqual([
      ['missed', 1],
      ['registered', 1],
      ['rewarded', 2],
    ]);
    // The member referrer's 500 points are in the points ledger; the clerk's reward is recorded.
    const [pts] = await q<{ n: number }>(
      sql`select count(*)::int as n from points_ledger where kind = 'reward' and points = 500`,
    );
    expect(Number(pts!.n)).toBe(1);
    const [clerk] = await q<{ r: number }>(
      sql`select staff_reward as r from promotion_referral where referrer_kind = 'staff' and status = 'rewarded'`,
    );
    expect(Number(clerk!.r)).toBe(3000);
  });

  it('checks a plan and sends it for review; only an approved plan takes referrals', async () => {
    expect(fieldErrors(await admin.call(PROMOTION_API.create!, { body: { ...plan, rewardPoints: 0 } }))).toHaveProperty(
      'rewardPoints',
    );
    expect(fieldErrors(await admin.call(PROMOTION_API.create!, { body: { ...plan, endDay: day(-5) } }))).toHaveProperty(
      'endDay',
    );
    id = okData(await admin.call(PROMOTION_API.create!, { body: { ...plan, minFirstAmount: price * 2 } })).id;
    code = (await t.db.select({ code: promotion.code }).from(promotion).where(eq(promotion.id, id)))[0]!.code;
    expect(code).toMatch(/^TG\d{6}$/);
    // A draft takes no referral.
    const early = await refer('R-0', code, fresh[0]!.phone, { kind: 'member', phone: referrer.phone });
    expect(early.errcode).toBe(ERR.PROMOTION_NOT_ACTIVE);

    const sent = okData(await admin.call(PROMOTION_API.submit, { body: { id } }));
    expect(sent.status).toBe('pending');
    refused(await admin.call(PROMOTION_API.update!, { body: { id, name: '改名' } }), ERR.PROMOTION_STATE);
    const [p] = await t.db.select({ approvalId: promotion.approvalId }).from(promotion).where(eq(promotion.id, id));
    okData(
      await admin.call(APPROVAL_API.decide, { body: { id: p!.approvalId!, decision: 'approve', comment: '同意' } }),
    );
    const [after] = await t.db.select({ status: promotion.status }).from(promotion).where(eq(promotion.id, id));
    expect(after!.status).toBe('active');
  });

  it('registers a referral once per number and a member once; refuses what is not a referral', async () => {
    const first = await refer('R-1', code, fresh[0]!.phone, { kind: 'member', phone: referrer.phone });
    expect(first).toMatchObject({ errcode: ERR.OK, data: { status: 'registered', replayed: false } });
    const again = await refer('R-1', code, fresh[0]!.phone, { kind: 'member', phone: referrer.phone });
    expect(again.data).toMatchObject({ replayed: true });
    const twice = await refer('R-2', code, fresh[0]!.phone, { kind: 'member', phone: referrer.phone });
    expect([twice.errcode, twice.errmsg]).toEqual([ERR.REFERRAL_INVALID, '该会员已被推荐过']);
    const old = await refer('R-3', code, referrer.phone, { kind: 'member', phone: fresh[1]!.phone });
    expect(old.errmsg).toBe('该会员已有消费记录，不是新会员');
    const self = await refer('R-4', code, fresh[1]!.phone, { kind: 'member', phone: fresh[1]!.phone });
    expect(self.errmsg).toBe('不能推荐自己');
    const [s] = await t.db.select({ phone: staff.phone }).from(staff).where(eq(staff.status, 'active')).limit(1);
    const byStaff = await refer('R-5', code, fresh[1]!.phone, { kind: 'staff', phone: s!.phone });
    expect(byStaff.data).toMatchObject({ status: 'registered' });
    const [p] = await t.db.select({ n: promotion.referrals }).from(promotion).where(eq(promotion.id, id));
    expect(p!.n).toBe(2);
  });

  it("rewards the referrer on the member's first bill that reaches the threshold, once; a small first bill misses", async () => {
    const before = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.memberId, referrer.id), eq(pointsLedger.kind, 'reward')));
    // A visit dated before the referral, uploaded late, is not the first bill after it.
    await bill(fresh[0]!.phone, 9, new Date(Date.now() - 2 * 86_400_000));
    const [waiting] = await t.db.select().from(promotionReferral).where(eq(promotionReferral.memberId, fresh[0]!.id));
    expect(waiting!.status).toBe('registered');
    await bill(fresh[0]!.phone, 2);
    await bill(fresh[0]!.phone, 3);
    const rewards = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.memberId, referrer.id), eq(pointsLedger.kind, 'reward')));
    expect(rewards.length - before.length).toBe(1);
    expect(rewards.at(-1)).toMatchObject({ points: 500, refType: 'promotion_referral' });
    const [r] = await t.db.select().from(promotionReferral).where(eq(promotionReferral.memberId, fresh[0]!.id));
    expect(r).toMatchObject({ status: 'rewarded', firstAmount: 2 * price, rewardPoints: 500 });

    // The staff's referral: a first bill below the threshold misses, a later one does not reward.
    await bill(fresh[1]!.phone, 1);
    await bill(fresh[1]!.phone, 5);
    const [m] = await t.db.select().from(promotionReferral).where(eq(promotionReferral.memberId, fresh[1]!.id));
    expect(m).toMatchObject({ status: 'missed', firstAmount: price, staffReward: 0 });

    const [p] = await t.db.select().from(promotion).where(eq(promotion.id, id));
    expect(p).toMatchObject({ referrals: 2, rewarded: 1, firstRevenue: 2 * price });
    const listed = okData(await admin.call(PROMOTION_API.referral.list, { query: { promotionId: String(id) } }));
    expect(listed.list.map((x) => [x.memberPhone, x.status, x.reward])).toEqual(
      expect.arrayContaining([
        [fresh[0]!.phone, 'rewarded', '积分 500'],
        [fresh[1]!.phone, 'missed', null],
      ]),
    );
  });

  it('停用 stops referrals; a stopped plan cannot be edited or deleted', async () => {
    okData(await admin.call(PROMOTION_API.disable, { body: { id } }));
    const late = await refer('R-9', code, fresh[2]!.phone, { kind: 'member', phone: referrer.phone });
    expect(late.errcode).toBe(ERR.PROMOTION_NOT_ACTIVE);
    refused(await admin.call(PROMOTION_API.disable, { body: { id } }), ERR.PROMOTION_STATE);
    refused(await admin.call(PROMOTION_API.delete!, { body: { ids: [id] } }), ERR.PROMOTION_STATE);
    expect(today() <= plan.endDay).toBe(true);
  });
});
