/**
 * 活动券: the demo batch was made, allotted and partly redeemed; 制作 needs an active coupon and
 * writes its codes (check digits, six-digit passwords); 分配 takes the next unallotted codes and never
 * more than are left, within the caller's stores; the POS redeems a code of its own store with its
 * password into a member coupon (again by the same member: the same answer), one code once under 10
 * parallel redemptions; a 停用 batch redeems nothing; deletes are refused once codes are out.
 */
import { ACT_COUPON_API, type OpenActCouponAnswer } from '@zb/contract/entities/actCoupon';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { fieldErrors, okData, refused, signInRegion } from '../storesMore/testHelpers';
import { actCouponCode } from './schema';
import { actCodeOf } from './service';

let t: TestApp;
let admin: TestClient;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const id = async (s: ReturnType<typeof sql>) => Number((await q<{ id: number }>(s))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
}, 180_000);
afterAll(() => t.close());

const redeem = (body: { code: string; pin: string; member: string }) =>
  openPost<OpenActCouponAnswer>(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.actCouponRedeem, body);

describe('活动券', () => {
  let batch = 0;
  it('has the demo batch: 300 codes, 150 allotted, 3 redeemed into member coupons', async () => {
    const list = okData(await admin.call(ACT_COUPON_API.batch.list, { query: { name: '周年庆门店活动券' } }));
    expect(list.list[0]).toMatchObject({ quantity: 300, allotted: 150, redeemed: 3, templateName: '会员日85折券' });
    const n = await q<{ n: number }>(sql`select count(*)::int as n from member_coupon where source = 'activity'`);
    expect(Number(n[0]!.n)).toBe(3);
  });

  it('makes a batch of an active coupon only, with checked codes and passwords', async () => {
    const stopped = await id(sql`select id from coupon_template where status <> 'active' limit 1`);
    const bad = fieldErrors(
      await admin.call(ACT_COUPON_API.batch.create!, {
        body: { name: 'x', templateId: stopped, quantity: 10, enabled: true },
      }),
    );
    expect(bad.templateId).toMatch(/不能制作活动券/);
    const active = await id(sql`select id from coupon_template where name = '会员日85折券'`);
    batch = okData(
      await admin.call(ACT_COUPON_API.batch.create!, {
        body: { name: '测试活动券', templateId: active, quantity: 40, enabled: true },
      }),
    ).id;
    const codes = await t.db.select().from(actCouponCode).where(eq(actCouponCode.batchId, batch));
    expect(codes).toHaveLength(40);
    expect(codes.every((c) => /^HQ\d{13}$/.test(c.code) && /^\d{6}$/.test(c.pin))).toBe(true);
    expect(codes.find((c) => c.seq === 7)!.code).toBe(actCodeOf(batch, 7));
  });

  it('allots the next codes to a store, never more than are left, within the caller’s stores', async () => {
    const bj = await id(sql`select id from store where code = 'BJ001'`);
    const over = fieldErrors(
      await admin.call(ACT_COUPON_API.allot.create!, { body: { batchId: batch, storeId: bj, quantity: 41 } }),
    );
    expect(over.quantity).toBe('该活动券未分配的券码只剩 40 张');
    okData(await admin.call(ACT_COUPON_API.allot.create!, { body: { batchId: batch, storeId: bj, quantity: 30 } }));
    const rows = okData(await admin.call(ACT_COUPON_API.allot.list, { query: { batchId: batch } }));
    expect(rows.list[0]).toMatchObject({ quantity: 30, codeFrom: actCodeOf(batch, 1), codeTo: actCodeOf(batch, 30) });
    // 李强 (华东大区) holds no /actCouponsM: refused.
    const region = await signInRegion(t);
    refused(
      await region.call(ACT_COUPON_API.allot.create!, { body: { batchId: batch, storeId: bj, quantity: 1 } }),
      ERR.FORBIDDEN,
    );
  });

  it('redeems a code of the POS’s store with its password, once; the same member again gets the same answer', async () => {
    const [c1, c2] = await t.db
      .select()
      .from(actCouponCode)
      .where(eq(actCouponCode.batchId, batch))
      .orderBy(actCouponCode.seq)
      .limit(2);
    const [m1, m2] = await q<{ phone: string }>(sql`select phone from member m where not exists
      (select 1 from member_coupon c join coupon_template t on t.id = c.template_id
        where c.member_id = m.id and t.name = '会员日85折券') order by id limit 2`);
    const wrong = await redeem({ code: c1!.code, pin: c1!.pin === '000000' ? '000001' : '000000', member: m1!.phone });
    expect([wrong.errcode, wrong.errmsg]).toEqual([ERR.ACT_COUPON_INVALID, '券码或兑换密码错误']);
    const ok = await redeem({ code: c1!.code.toLowerCase(), pin: c1!.pin, member: m1!.phone });
    expect(ok.errcode, ok.errmsg).toBe(ERR.OK);
    expect(ok.data).toMatchObject({ code: c1!.code, templateName: '会员日85折券', replayed: false });
    const [coupon] = await q<{ source: string; status: string }>(
      sql`select source, status from member_coupon where coupon_no = ${ok.data.couponNo}`,
    );
    expect(coupon).toEqual({ source: 'activity', status: 'unused' });
    const again = await redeem({ code: c1!.code, pin: c1!.pin, member: m1!.phone });
    expect(again.data).toMatchObject({ couponNo: ok.data.couponNo, replayed: true });
    const taken = await redeem({ code: c1!.code, pin: c1!.pin, member: m2!.phone });
    expect(taken.errcode).toBe(ERR.ACT_COUPON_REDEEMED);
    // Ten members at once on one code: one coupon.
    const members = await q<{ phone: string }>(sql`select phone from member m where not exists
      (select 1 from member_coupon c join coupon_template t on t.id = c.template_id
        where c.member_id = m.id and t.name = '会员日85折券') order by id limit 10`);
    const all = await Promise.all(members.map((m) => redeem({ code: c2!.code, pin: c2!.pin, member: m.phone })));
    expect(all.filter((r) => r.errcode === ERR.OK)).toHaveLength(1);
    expect(all.filter((r) => r.errcode === ERR.ACT_COUPON_REDEEMED)).toHaveLength(9);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from member_coupon c
      join act_coupon_code a on a.coupon_id = c.id where a.code = ${c2!.code}`);
    expect(Number(n!.n)).toBe(1);
  });

  it('refuses a code of another store, an unallotted one, a stopped batch; and deletes once codes are out', async () => {
    const sh = await q<{ code: string; pin: string }>(sql`select a.code, a.pin from act_coupon_code a
      join store s on s.id = a.store_id where s.code = 'SH001' and a.redeemed_at is null limit 1`);
    const [m] = await q<{ phone: string }>(sql`select phone from member order by id desc limit 1`);
    expect((await redeem({ ...sh[0]!, member: m!.phone })).errmsg).toBe('该券码不属于本门店');
    const [fresh] = await t.db
      .select()
      .from(actCouponCode)
      .where(sql`${actCouponCode.batchId} = ${batch} and ${actCouponCode.allotId} is null`)
      .limit(1);
    expect((await redeem({ code: fresh!.code, pin: fresh!.pin, member: m!.phone })).errmsg).toBe(
      '该券码尚未分配到门店',
    );
    okData(await admin.call(ACT_COUPON_API.batch.update!, { body: { id: batch, enabled: false } }));
    const [left] = await t.db
      .select()
      .from(actCouponCode)
      .where(
        sql`${actCouponCode.batchId} = ${batch} and ${actCouponCode.allotId} is not null and ${actCouponCode.redeemedAt} is null`,
      )
      .limit(1);
    expect((await redeem({ code: left!.code, pin: left!.pin, member: m!.phone })).errmsg).toBe('该活动券已停用');
    refused(await admin.call(ACT_COUPON_API.batch.delete!, { body: { ids: [batch] } }), ERR.ACT_COUPON_STATE);
    const [allot] = await q<{ id: number }>(sql`select id from act_coupon_allot where batch_id = ${batch}`);
    refused(await admin.call(ACT_COUPON_API.allot.delete!, { body: { ids: [allot!.id] } }), ERR.ACT_COUPON_STATE);
  });
});
