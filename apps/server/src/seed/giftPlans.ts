/**
 * Demo data of /giftsList and /giftsDetail (issue 16): plans in every state — two 充值赠送 tiers and
 * a 购卡赠送 running at 天津 and 重庆's first stores, 待审核, 已驳回, 已停用, 已结束 and a 草稿 —
 * reviewed through the approval center; and bills at those stores that took the gifts (the bonus
 * in the top-up's or the new card's own ledger entry, coupons issued), so 交易赠送明细 has rows.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { billGifts, sendBill } from '../modules/bills/service';
import { couponTemplateBinding, moveTemplate } from '../modules/coupons/service';
import { GIFT_HOOK } from '../modules/giftPlans/routes';
import { giftPlan } from '../modules/giftPlans/schema';
import { giftPlanLifecycle } from '../modules/giftPlans/service';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { COUPON_BASE } from './coupons';
import { rowsOf } from './generate';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
const dayOf = (d: Date) => beijing(d).slice(0, 10);

/** The stores the running demo plans cover (tests bill elsewhere, at list prices and no gifts). */
export const GIFT_DEMO_STORES = ['TJ001', 'CQ001'];

export const seedGiftPlans = async (tx: Tx, now: Date): Promise<void> => {
  // A bill's gifts are decided in its transaction by the gift plans' hook.
  billGifts.register(GIFT_HOOK);
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const stores = await tx
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(inArray(store.code, GIFT_DEMO_STORES));
  // A member whose 储值卡 (usable everywhere) is active: the top-ups go onto it.
  const [holder] = rowsOf<{ card_no: string; phone: string }>(
    await tx.execute(sql`select mc.card_no, m.phone from member_card mc
      join card c on c.id = mc.card_id join member m on m.id = mc.member_id
      where mc.kind = 'stored' and mc.status = 'active' and c.usable_scope = 'all' and m.status = 'normal'
        and mc.expires_at > ${now.toISOString()}::timestamptz
        -- Its ledger ends before the demo top-ups (8 days ago and since): a card's ledger follows time.
        and not exists (select 1 from card_ledger l where l.member_card_id = mc.id
          and l.at > ${now.toISOString()}::timestamptz - interval '9 days')
      order by mc.id limit 1`),
  );
  if (!admin || stores.length < GIFT_DEMO_STORES.length || !holder) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  // The gifts' coupon: a 30 元 voucher a member may hold ten of.
  const coupon = {
    id: await couponTemplateBinding.service!.create!({ tx, auth }, {
      ...COUPON_BASE,
      name: '护理礼券（赠送）',
      kind: 'voucher',
      amount: 3000,
      validDays: 60,
      totalQuantity: 1000,
      perMemberLimit: 10,
      remark: '赠送方案的赠品',
    } as never),
  };
  await moveTemplate(tx, auth, 'submit', coupon.id);
  await moveTemplate(tx, auth, 'approve', coupon.id);
  const day = (d: number) => dayOf(new Date(now.getTime() + d * DAY));
  const chosen = { storeScope: 'chosen', storeCodes: GIFT_DEMO_STORES.join(',') };
  const plans = await tx
    .insert(giftPlan)
    .values([
      {
        name: '充值满 1000 送 100',
        trigger: 'topUp',
        minAmount: 100_000,
        giftBonus: 10_000,
        startDay: day(-30),
        endDay: day(30),
        ...chosen,
      },
      {
        name: '充值满 3000 送 450 加护理券',
        trigger: 'topUp',
        minAmount: 300_000,
        giftBonus: 45_000,
        couponTemplateId: coupon.id,
        couponCount: 2,
        startDay: day(-30),
        endDay: day(30),
        ...chosen,
      },
      {
        name: '办卡送护理券',
        trigger: 'cardSale',
        cardCodes: 'C001,C005',
        couponTemplateId: coupon.id,
        couponCount: 1,
        startDay: day(-10),
        endDay: day(50),
        ...chosen,
      },
      {
        name: '元旦充值礼',
        trigger: 'topUp',
        minAmount: 200_000,
        giftBonus: 30_000,
        startDay: day(30),
        endDay: day(40),
        remark: '待总部审核',
      },
      {
        name: '充值满 500 送 200（驳回）',
        trigger: 'topUp',
        minAmount: 50_000,
        giftBonus: 20_000,
        startDay: day(1),
        endDay: day(20),
      },
      {
        name: '国庆充值礼',
        trigger: 'topUp',
        minAmount: 100_000,
        giftBonus: 8_000,
        startDay: day(-70),
        endDay: day(-60),
      },
      {
        name: '开卡送金额（停用）',
        trigger: 'cardSale',
        cardCodes: 'C005',
        giftBonus: 5_000,
        startDay: day(-20),
        endDay: day(20),
      },
      {
        name: '春节充值礼（草拟）',
        trigger: 'topUp',
        minAmount: 200_000,
        giftBonus: 40_000,
        startDay: day(60),
        endDay: day(75),
      },
    ])
    .returning({ id: giftPlan.id });
  const [tier1, tier2, cardGift, pending, rejected, past, stopped] = plans.map((p) => p.id) as number[];
  const decide = async (id: number, decision: 'approve' | 'reject', comment: string) => {
    await giftPlanLifecycle.submit(tx, auth, id);
    const [row] = await tx.select({ approvalId: giftPlan.approvalId }).from(giftPlan).where(eq(giftPlan.id, id));
    await decideIn(tx, admin.id, { id: row!.approvalId!, decision, comment }, undefined);
  };
  for (const id of [tier1!, tier2!, cardGift!, past!, stopped!]) await decide(id, 'approve', '同意');
  await decide(rejected!, 'reject', '赠送比例过高');
  await giftPlanLifecycle.submit(tx, auth, pending!);
  await giftPlanLifecycle.disable(tx, auth, stopped!);
  await tx.update(giftPlan).set({ status: 'ended' }).where(eq(giftPlan.id, past!));

  // Bills at the covered stores, as each store's till sends them.
  // The top-ups in time order (a card's ledger follows time): each day, first TJ001, then CQ001 an hour later.
  const tillOf = (s: (typeof stores)[number]) => ({
    clientId: null,
    kind: 'pos' as const,
    name: `${s.code} 收银`,
    storeId: s.id,
  });
  const at = (daysAgo: number, k: number) => beijing(new Date(now.getTime() - daysAgo * DAY + k * 3_600_000));
  const steps = [
    { n: 1, amount: 100_000, daysAgo: 8 }, // 满 1000: 送 100
    { n: 2, amount: 300_000, daysAgo: 5 }, // 满 3000: 送 450 and two coupons
    { n: 3, amount: 50_000, daysAgo: 2 }, // below every 门槛: no gift
  ];
  for (const { n, amount, daysAgo } of steps) {
    for (const [k, s] of stores.entries()) {
      await sendBill(tx, tillOf(s), {
        outerNo: `DEMO-ZS-${s.code}-${n}`,
        storeCode: s.code,
        member: holder.phone,
        at: at(daysAgo, k),
        lines: [{ kind: 'topUp', cardNo: holder.card_no, amount, quantity: 1, staff: [] }],
        payments: [{ method: 'wechat', amount, tradeNo: `4200022${String(660000 + k * 10 + n).padStart(10, '0')}` }],
        remark: '充值活动',
      });
    }
  }
  // A 储值卡1000元 sold at each store: the 办卡送护理券 coupon (C005 is no 折扣方案's card).
  for (const [k, s] of stores.entries()) {
    await sendBill(tx, tillOf(s), {
      outerNo: `DEMO-ZS-${s.code}-card`,
      storeCode: s.code,
      member: holder.phone,
      at: at(1, k),
      lines: [{ kind: 'cardSale', code: 'C005', quantity: 1, staff: [] }],
      payments: [{ method: 'wechat', amount: 100_000, tradeNo: `4200022${String(660500 + k).padStart(10, '0')}` }],
      remark: '办卡活动',
    });
  }
};
