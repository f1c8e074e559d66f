/**
 * 裂变活动: the rule is checked and reviewed like every plan; the mini-program registers a friend
 * through a share once per number and a member once per activity, only a new member and never the
 * sharer; the friend's welcome coupon and the sharer's every-N-th reward are issued at once, the
 * sharer's up to the most even under parallel registrations; the tree places each friend under
 * their sharer.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { FISSION_API, type OpenFissionAnswer } from '@zb/contract/entities/fission';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { fieldErrors, okData } from '../storesMore/testHelpers';
import { fissionAct } from './schema';

let t: TestApp;
let admin: TestClient;
let voucher = 0;
let sharer = '';
let fresh: string[] = [];
let customer = '';

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  voucher = Number(
    (await q<{ id: number }>(sql`select id from coupon_template where name = '护理礼券（赠送）'`))[0]!.id,
  );
  await t.db.execute(
    sql`update coupon_template set total_quantity = issued_quantity + 1000, per_member_limit = 50 where id = ${voucher}`,
  );
  const clean = sql`not exists (select 1 from security_blacklist b where (b.kind = 'member' and b.member_id = m.id)
    or (b.kind = 'phone' and b.value = m.phone))`;
  fresh = (
    await q<{
      phone: string;
    }>(sql`select m.phone from member m where not exists (select 1 from member_consume c where c.member_id = m.id)
      and not exists (select 1 from fission_node n where n.member_id = m.id) and ${clean} order by m.id limit 16`)
  ).map((r) => r.phone);
  const old = await q<{
    phone: string;
  }>(sql`select m.phone from member m where exists (select 1 from member_consume c where c.member_id = m.id)
    and ${clean} order by m.id limit 2`);
  sharer = old[0]!.phone;
  customer = old[1]!.phone;
}, 180_000);
afterAll(() => t.close());

let seq = 0;
const register = (actCode: string, from: string, friend: string, no = `F-${++seq}`) =>
  openPost<OpenFissionAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.fissions, {
    fissionNo: no,
    actCode,
    sharer: from,
    member: friend,
    at: new Date().toISOString(),
  });
const couponsOf = async (phone: string) =>
  Number(
    (
      await q<{ n: number }>(sql`select count(*)::int as n from member_coupon c join member m on m.id = c.member_id
        where m.phone = ${phone} and c.source = 'fission'`)
    )[0]!.n,
  );
const create = async (body: object) =>
  okData(
    await admin.call(FISSION_API.create!, {
      body: {
        name: '测试裂变',
        startDay: day(-1),
        endDay: day(10),
        friendCouponTemplateId: voucher,
        sharerCouponTemplateId: voucher,
        sharerEvery: 2,
        sharerMax: 2,
        ...body,
      } as never,
    }),
  ).id;
const approve = async (id: number) => {
  okData(await admin.call(FISSION_API.submit, { body: { id } }));
  const [a] = await t.db
    .select({ a: fissionAct.approvalId, code: fissionAct.code })
    .from(fissionAct)
    .where(eq(fissionAct.id, id));
  okData(await admin.call(APPROVAL_API.decide, { body: { id: a!.a!, decision: 'approve', comment: '同意' } }));
  return a!.code;
};

describe('裂变活动', () => {
  it('has the demo activity with its tree three levels deep and its rewards', async () => {
    const list = okData(await admin.call(FISSION_API.list, { query: { status: 'active' } }));
    const running = list.list.find((a) => a.name === '好友一起来·护理礼券')!;
    expect(running).toMatchObject({ sharers: 3, friends: 5, sharerRewards: 2, friendRewards: 5, depth: 3 });
    const tree = okData(await admin.call(FISSION_API.tree, { query: { actId: running.id } }));
    expect(tree.roots).toHaveLength(1);
    const root = tree.roots[0]!;
    expect([root.invited, root.children.map((c) => c.invited).sort()]).toEqual([2, [0, 2]]);
    const b = root.children.find((c) => c.invited === 2)!;
    expect(b.children.map((c) => c.children.length).sort()).toEqual([0, 1]);
  });

  it('checks the rule: at least one reward', async () => {
    expect(
      fieldErrors(
        await admin.call(FISSION_API.create!, {
          body: { name: '无奖励', startDay: day(0), endDay: day(1), sharerEvery: 1, sharerMax: 1 } as never,
        }),
      ),
    ).toHaveProperty('sharerCouponTemplateId');
  });

  it('registers friends through a running activity only, once, and rewards by the rule', async () => {
    const id = await create({});
    const [draft] = await t.db.select({ code: fissionAct.code }).from(fissionAct).where(eq(fissionAct.id, id));
    expect((await register(draft!.code, sharer, fresh[0]!)).errcode).toBe(ERR.FISSION_NOT_ACTIVE);
    const code = await approve(id);
    expect(code).toMatch(/^LX\d{6}$/);

    const first = await register(code, sharer, fresh[0]!, 'F-A');
    expect(first).toMatchObject({
      errcode: ERR.OK,
      data: { level: 1, friendCoupon: true, sharerRewarded: false, replayed: false },
    });
    expect((await register(code, sharer, fresh[0]!, 'F-A')).data).toMatchObject({ replayed: true });
    const again = await register(code, sharer, fresh[0]!);
    expect([again.errcode, again.errmsg]).toEqual([ERR.FISSION_INVALID, '该会员已通过本活动的分享注册过']);
    expect((await register(code, sharer, customer)).errmsg).toBe('该会员已有消费记录，不是新会员');
    expect((await register(code, fresh[1]!, fresh[1]!)).errmsg).toBe('不能通过自己的分享注册');
    expect((await register(code, sharer, '13012345678')).errmsg).toBe('好友尚未注册会员，请先完成注册');
    expect((await register(code, '13012345678', fresh[1]!)).errmsg).toBe('分享人不是会员');

    // The second friend rewards the sharer; a friend of a friend is one level deeper.
    const sharerBefore = await couponsOf(sharer);
    expect((await register(code, sharer, fresh[1]!)).data).toMatchObject({ level: 1, sharerRewarded: true });
    expect(await couponsOf(sharer)).toBe(sharerBefore + 1);
    expect((await register(code, fresh[0]!, fresh[2]!)).data).toMatchObject({ level: 2, sharerRewarded: false });
    expect(await couponsOf(fresh[0]!)).toBe(1);
    const nodes = okData(await admin.call(FISSION_API.node.list, { query: { actId: String(id) } }));
    expect(nodes.total).toBe(3);
    expect(nodes.list.find((n) => n.memberPhone === fresh[0])).toMatchObject({ invited: 1, level: 1 });
  });

  it("holds the sharer's most under parallel registrations", async () => {
    const id = await create({ name: '并发裂变', sharerEvery: 1, sharerMax: 3, friendCouponTemplateId: null });
    const code = await approve(id);
    const before = await couponsOf(sharer);
    const results = await Promise.all(fresh.slice(4, 14).map((f) => register(code, sharer, f)));
    expect(results.every((r) => r.errcode === ERR.OK)).toBe(true);
    expect(results.filter((r) => r.data.sharerRewarded)).toHaveLength(3);
    expect(await couponsOf(sharer)).toBe(before + 3);
  });
});
