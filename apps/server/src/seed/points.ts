/**
 * Demo points (issue 15): the demo bills' 消费积分 and their refunds' 退款扣回, in the order they
 * happened, through the points service (the same as the bill's and the refund's hooks, idempotent,
 * so bills that already earned while sent are skipped); then exchanges for members of stores
 * inside and outside 华东大区, made by 张敏 (headquarters) as the /creditsExchange tab's 兑换 makes
 * them; and the expiry job's run as of the seed's day.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { earnOnBill, exchangeIn, expirePoints, takeBackOnRefund } from '../modules/memberAccount/points';
import { memberPoints } from '../modules/memberAccount/schema';
import { member, memberConsume } from '../modules/members/schema';
import { refund } from '../modules/refunds/schema';
import { region, store } from '../modules/stores/schema';
import { HQ_SCOPE } from '../platform/scope';

const MINUTE = 60_000;

const ITEMS = [
  { itemName: '护发精油小样', unitPoints: 200 },
  { itemName: '头皮护理体验券', unitPoints: 500 },
  { itemName: '洗护旅行套装', unitPoints: 800 },
  { itemName: '满100减20优惠券', unitPoints: 300 },
] as const;

export const seedPoints = async (tx: Tx, now: Date): Promise<void> => {
  const bills = await tx
    .select({
      consumeId: memberConsume.id,
      memberId: memberConsume.memberId,
      storeId: memberConsume.storeId,
      at: memberConsume.consumedAt,
      paidOther: memberConsume.paidOther,
    })
    .from(memberConsume)
    .where(gt(memberConsume.paidOther, 0))
    .orderBy(asc(memberConsume.consumedAt), asc(memberConsume.id));
  const refunds = await tx
    .select({ refundId: refund.id, consumeId: refund.consumeId, userId: refund.executedBy, at: refund.executedAt })
    .from(refund)
    .where(eq(refund.status, 'executed'));
  const events = [
    ...bills.map((b) => ({ at: b.at, run: () => earnOnBill(tx, b) })),
    ...refunds.map((r) => ({ at: r.at ?? now, run: () => takeBackOnRefund(tx, { ...r, at: r.at ?? now }) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events) await e.run();

  // Exchanges: the members with the most points, of every region, minutes before the seed's time (after every bill).
  const [ops] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, '13800000001'));
  const rich = await tx
    .select({ memberId: memberPoints.memberId, balance: memberPoints.balance, regionName: region.name })
    .from(memberPoints)
    .innerJoin(member, eq(member.id, memberPoints.memberId))
    .innerJoin(store, eq(store.id, member.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(gt(memberPoints.balance, 1000)))
    .orderBy(desc(memberPoints.balance), asc(memberPoints.memberId))
    .limit(40);
  const picked = [...new Set(rich.map((r) => r.regionName))].flatMap((name) =>
    rich.filter((r) => r.regionName === name).slice(0, 3),
  );
  for (const [i, m] of picked.entries()) {
    let left = m.balance;
    for (let k = 0; k < 1 + (i % 2); k++) {
      const item = ITEMS[(i + k) % ITEMS.length]!;
      const quantity = 1 + ((i + k) % 2);
      if (item.unitPoints * quantity > left) continue;
      const at = new Date(now.getTime() - ((picked.length - i) * 2 + k) * MINUTE);
      const done = await exchangeIn(
        tx,
        { userId: ops?.id ?? null, scope: HQ_SCOPE },
        {
          memberId: m.memberId,
          itemName: item.itemName,
          quantity,
          unitPoints: item.unitPoints,
          remark: '门店积分兑换活动',
        },
        at,
      );
      left = done.balance;
    }
  }
  await expirePoints(tx as unknown as Db, now);
  // The points of every member are the sum of their rows (a seed that drifted stops here).
  const drift = await tx.execute(sql`select p.member_id from member_points p
    left join (select member_id, sum(points) as s from points_ledger group by member_id) l on l.member_id = p.member_id
    where p.balance <> coalesce(l.s, 0) limit 1`);
  if (((drift as { rows?: unknown[] }).rows ?? (drift as unknown[])).length)
    throw new Error('demo points: a balance differs from its ledger');
};
