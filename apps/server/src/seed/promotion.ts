/**
 * Demo data of /promotionList and /promotionDetail (issue 16): a member plan (points) and a staff
 * plan approved through the approval center, a draft; referrals registered as the mini-program
 * registers them, and first bills at BJ001's demo POS — one rewarding its referrer, one below the
 * threshold (未达标), one still waiting for its first bill.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { billWritten, postBill } from '../modules/bills/service';
import { member } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import { promotion } from '../modules/promotion/schema';
import { decideOnFirstBill, registerReferral, submitPromotion } from '../modules/promotion/service';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { rowsOf } from './generate';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
const dayOf = (d: Date) => beijing(d).slice(0, 10);

export const seedPromotions = async (tx: Tx, now: Date): Promise<void> => {
  // The reward is decided in the bill's transaction by the promotion module's hook.
  billWritten.register(decideOnFirstBill);
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [mini] = await tx.select().from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  const [pos] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const [bj] = await tx.select({ id: store.id }).from(store).where(eq(store.code, DEMO_OPEN_KEYS.pos.storeCode));
  if (!admin || !mini || !pos || !bj) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const fresh = rowsOf<{ id: number; phone: string }>(
    await tx.execute(sql`select id, phone from member m
      where not exists (select 1 from member_consume c where c.member_id = m.id) order by id limit 4`),
  );
  const [referrer] = await tx
    .select({ phone: member.phone })
    .from(member)
    .where(sql`exists (select 1 from member_consume c where c.member_id = ${member.id})`)
    .orderBy(asc(member.id))
    .limit(1);
  const [clerk] = await tx
    .select({ phone: staff.phone })
    .from(staff)
    .where(and(eq(staff.storeId, bj.id), eq(staff.status, 'active')))
    .orderBy(asc(staff.id))
    .limit(1);
  const [product] = rowsOf<{ code: string; price: number }>(
    await tx.execute(sql`select code, retail_price as price from product where code = 'P001'`),
  );
  if (fresh.length < 4 || !referrer || !clerk || !product) return;

  const plans = await tx
    .insert(promotion)
    .values([
      {
        name: '老带新送积分',
        referrerKind: 'member',
        startDay: dayOf(new Date(now.getTime() - 20 * DAY)),
        endDay: dayOf(new Date(now.getTime() + 40 * DAY)),
        remark: '会员分享小程序邀请好友注册，好友首单满 100 元送推荐人 500 积分',
        minFirstAmount: 10_000,
        firstWithinDays: 30,
        rewardKind: 'points',
        rewardPoints: 500,
        createdBy: admin.id,
      },
      {
        name: '员工推荐有礼',
        referrerKind: 'staff',
        startDay: dayOf(new Date(now.getTime() - 20 * DAY)),
        endDay: dayOf(new Date(now.getTime() + 40 * DAY)),
        remark: '员工推荐的新会员首单满 200 元，员工得推广奖励 30 元',
        minFirstAmount: 20_000,
        firstWithinDays: 15,
        rewardKind: 'points',
        staffReward: 3_000,
        createdBy: admin.id,
      },
      {
        name: '春季推广（草拟）',
        referrerKind: 'any',
        startDay: dayOf(new Date(now.getTime() + 60 * DAY)),
        endDay: dayOf(new Date(now.getTime() + 120 * DAY)),
        minFirstAmount: 0,
        firstWithinDays: 30,
        rewardKind: 'points',
        rewardPoints: 300,
        staffReward: 2_000,
        createdBy: admin.id,
      },
    ])
    .returning({ id: promotion.id, code: promotion.code });
  const [memberPlan, staffPlan] = plans as [(typeof plans)[number], (typeof plans)[number]];
  for (const p of [memberPlan, staffPlan]) {
    await submitPromotion(tx, auth, p.id);
    const [row] = await tx.select({ approvalId: promotion.approvalId }).from(promotion).where(eq(promotion.id, p.id));
    await decideIn(tx, admin.id, { id: row!.approvalId!, decision: 'approve', comment: '同意' }, undefined);
  }

  const caller = { clientId: mini.id, kind: 'mini' as const, name: mini.name, storeId: null };
  const refer = (k: number, code: string, ref: { kind: 'member' | 'staff'; phone: string }, daysAgo: number) =>
    registerReferral(tx, caller, {
      referralNo: `DEMO-TG-${k}`,
      promotionCode: code,
      referrer: ref,
      member: fresh[k]!.phone,
      at: beijing(new Date(now.getTime() - daysAgo * DAY)),
    });
  await refer(0, memberPlan.code, { kind: 'member', phone: referrer.phone }, 9);
  await refer(1, memberPlan.code, { kind: 'member', phone: referrer.phone }, 2);
  await refer(2, staffPlan.code, { kind: 'staff', phone: clerk.phone }, 6);
  await refer(3, staffPlan.code, { kind: 'staff', phone: clerk.phone }, 5);

  const posCaller = { clientId: pos.id, kind: 'pos' as const, name: pos.name, storeId: bj.id };
  const buy = (k: number, qty: number, daysAgo: number) =>
    postBill(tx, posCaller, {
      outerNo: `DEMO-TG-BILL-${k}`,
      storeCode: DEMO_OPEN_KEYS.pos.storeCode,
      member: fresh[k]!.phone,
      at: beijing(new Date(now.getTime() - daysAgo * DAY)),
      lines: [{ kind: 'product', code: product.code, quantity: qty, staff: [] }],
      payments: [
        {
          method: 'wechat',
          amount: Number(product.price) * qty,
          tradeNo: `4200020${String(880000 + k).padStart(10, '0')}`,
        },
      ],
      remark: '推荐新客首单',
    });
  const qtyFor = (amount: number) => Math.ceil(amount / Number(product.price));
  await buy(0, qtyFor(10_000) + 1, 7); // reaches 100 元: the referrer gets 500 points
  await buy(2, qtyFor(20_000), 4); // reaches 200 元: the clerk's 推广奖励
  await buy(3, 1, 3); // below 200 元: 未达标
};
