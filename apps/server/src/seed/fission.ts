/**
 * Demo data of /fissionActList and /fissionActDetail (issue 16): a running activity (a welcome
 * coupon for the friend, a coupon for the sharer every second friend), one 待审核, one 已结束 and a
 * 草稿; and a sharing tree three levels deep — a member shares with two new members, one of them
 * shares on, and so on — registered as the mini-program registers them.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { couponTemplate } from '../modules/coupons/schema';
import { fissionAct } from '../modules/fission/schema';
import { fissionLifecycle, registerFission } from '../modules/fission/service';
import { openClient } from '../modules/openApi/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { rowsOf } from './generate';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
const dayOf = (d: Date) => beijing(d).slice(0, 10);

export const seedFission = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [mini] = await tx.select().from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  const [voucher] = await tx
    .select({ id: couponTemplate.id })
    .from(couponTemplate)
    .where(eq(couponTemplate.name, '护理礼券（赠送）'));
  // The first sharer: a member who has been to a store; the friends: new members (no bill, no referral).
  const [root] = rowsOf<{ phone: string }>(
    await tx.execute(sql`select m.phone from member m where exists (select 1 from member_consume c where c.member_id = m.id)
      order by m.id desc limit 1`),
  );
  const fresh = rowsOf<{ phone: string }>(
    await tx.execute(sql`select m.phone from member m
      where not exists (select 1 from member_consume c where c.member_id = m.id)
        and not exists (select 1 from promotion_referral r where r.member_id = m.id)
      order by m.id desc limit 5`),
  );
  if (!admin || !mini || !voucher || !root || fresh.length < 5) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const day = (d: number) => dayOf(new Date(now.getTime() + d * DAY));
  const rule = { friendCouponTemplateId: voucher.id, sharerCouponTemplateId: voucher.id, sharerEvery: 2, sharerMax: 5 };
  const acts = await tx
    .insert(fissionAct)
    .values([
      {
        name: '好友一起来·护理礼券',
        startDay: day(-15),
        endDay: day(45),
        remark: '好友注册送礼券，邀请满 2 位再送一张',
        ...rule,
      },
      { name: '元旦拼好友', startDay: day(30), endDay: day(40), remark: '待总部审核', ...rule },
      { name: '国庆邀好友', startDay: day(-70), endDay: day(-60), ...rule },
      { name: '春季裂变（草拟）', startDay: day(60), endDay: day(90), ...rule, sharerEvery: 3 },
    ])
    .returning({ id: fissionAct.id, code: fissionAct.code });
  const [running, pending, past] = acts as [(typeof acts)[number], (typeof acts)[number], (typeof acts)[number]];
  for (const a of [running, past]) {
    await fissionLifecycle.submit(tx, auth, a.id);
    const [row] = await tx.select({ a: fissionAct.approvalId }).from(fissionAct).where(eq(fissionAct.id, a.id));
    await decideIn(tx, admin.id, { id: row!.a!, decision: 'approve', comment: '同意' }, undefined);
  }
  await fissionLifecycle.submit(tx, auth, pending.id);
  await tx.update(fissionAct).set({ status: 'ended' }).where(eq(fissionAct.id, past.id));

  const caller = { clientId: mini.id, kind: 'mini' as const, name: mini.name, storeId: null };
  const [b, c, d, e, f] = fresh.map((x) => x.phone) as [string, string, string, string, string];
  const share = (k: number, sharer: string, friend: string, daysAgo: number) =>
    registerFission(tx, caller, {
      fissionNo: `DEMO-LX-${k}`,
      actCode: running.code,
      sharer,
      member: friend,
      at: beijing(new Date(now.getTime() - daysAgo * DAY)),
    });
  await share(1, root.phone, b, 10);
  await share(2, root.phone, c, 9); // the root's second friend: the root's reward
  await share(3, b, d, 6);
  await share(4, d, e, 3);
  await share(5, b, f, 2); // b's second friend: b's reward
};
