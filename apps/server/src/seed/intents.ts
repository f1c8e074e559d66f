/**
 * Demo 意向金 (modules/intents): five stores take deposits, each with its own rules, and their
 * members' deposits are in every state — 已支付, 已使用 (credited toward a top-up bill), 退款中,
 * 已退款, 已过期 — plus a few that /abnormalIntentionRecord flags. Everything goes through
 * the module's services (recordDeposit, useIntentDeposit, the refund steps, the expiry job), so
 * their history and log rows are the real ones.
 */
import { and, asc, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { intentConfig } from '../modules/intents/schema';
import {
  applyIntentRefund,
  expireIntentDeposits,
  intentRefundStep,
  recordDeposit,
  useIntentDeposit,
} from '../modules/intents/service';
import { cardTopUp, member, memberCard, memberConsume, memberConsumeLine } from '../modules/members/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';

const DAY = 86_400_000;

/** The store of the demo POS credential: it takes deposits. */
const BJ001 = 'BJ001';

export const seedIntents = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  if (!admin) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const by = { kind: 'console' as const, userId: admin.id };

  // The stores with the most top-ups (bills a deposit can be credited to), BJ001 among them.
  const busy = await tx
    .select({ storeId: cardTopUp.storeId, n: sql<number>`count(*)::int` })
    .from(cardTopUp)
    .groupBy(cardTopUp.storeId)
    .orderBy(desc(sql`count(*)`), asc(cardTopUp.storeId))
    .limit(4);
  const [bj] = await tx.select({ id: store.id }).from(store).where(eq(store.code, BJ001));
  const storeIds = [...new Set([...(bj ? [bj.id] : []), ...busy.map((b) => b.storeId)])].slice(0, 5);
  if (storeIds.length === 0) return;
  const rules = [
    {
      amountMode: 'fixed',
      fixedAmounts: [5000, 10000, 20000],
      minAmount: null,
      maxAmount: null,
      validityDays: 90,
      refundable: true,
      refundBy: 'store',
    },
    {
      amountMode: 'range',
      fixedAmounts: [],
      minAmount: 1000,
      maxAmount: 50000,
      validityDays: 60,
      refundable: true,
      refundBy: 'hq',
    },
    {
      amountMode: 'range',
      fixedAmounts: [],
      minAmount: 2000,
      maxAmount: null,
      validityDays: 30,
      refundable: true,
      refundBy: 'hq',
    },
    {
      amountMode: 'fixed',
      fixedAmounts: [10000],
      minAmount: null,
      maxAmount: null,
      validityDays: 180,
      refundable: false,
      refundBy: 'hq',
    },
    {
      amountMode: 'range',
      fixedAmounts: [],
      minAmount: 5000,
      maxAmount: 30000,
      validityDays: 90,
      refundable: true,
      refundBy: 'store',
    },
  ] as const;
  await tx.insert(intentConfig).values(
    storeIds.map((storeId, i) => ({
      storeId,
      enabled: true,
      updatedBy: admin.id,
      ...rules[i]!,
      fixedAmounts: [...rules[i]!.fixedAmounts],
    })),
  );
  const amountOf = (i: number, k: number): number => {
    const r = rules[i]!;
    if (r.amountMode === 'fixed') return r.fixedAmounts[k % r.fixedAmounts.length]!;
    return r.minAmount * (1 + (k % 4));
  };

  let seq = 0;
  const pay = async (i: number, memberId: number, paidAt: Date, k: number, tradeNo: string | null = null) => {
    seq++;
    const method = (['wechat', 'alipay', 'cash', 'wechat'] as const)[k % 4] ?? 'wechat';
    const row = await recordDeposit(tx, {
      memberId,
      storeId: storeIds[i]!,
      amount: amountOf(i, k),
      payMethod: method,
      tradeNo: method === 'cash' ? null : (tradeNo ?? `420000${String(20260000 + seq * 7919).padStart(12, '0')}`),
      paidAt,
      source: k % 2 === 0 ? 'pos' : 'mini',
      by,
    });
    return row!;
  };

  for (const [i, storeId] of storeIds.entries()) {
    const members = await tx
      .select({ id: member.id })
      .from(member)
      .where(eq(member.storeId, storeId))
      .orderBy(asc(member.id))
      .limit(12);
    if (members.length < 6) continue;
    const m = (k: number) => members[k % members.length]!.id;
    const validity = rules[i]!.validityDays;

    // 已支付, still valid: paid in the last days.
    for (let k = 0; k < 3; k++) await pay(i, m(k), new Date(now.getTime() - (k * 3 + 1) * DAY), k);

    // 已使用: a deposit paid a few days before one of the member's top-ups at this store, credited to that top-up's bill.
    const topUps = await tx
      .select({ t: cardTopUp, memberId: memberCard.memberId })
      .from(cardTopUp)
      .innerJoin(memberCard, eq(memberCard.id, cardTopUp.memberCardId))
      .where(
        and(
          eq(cardTopUp.storeId, storeId),
          gt(cardTopUp.toppedUpAt, new Date(now.getTime() - (validity - 5) * DAY)),
          gte(cardTopUp.amount, amountOf(i, 0) * 4),
        ),
      )
      .orderBy(desc(cardTopUp.toppedUpAt))
      .limit(2);
    for (const [k, { t, memberId }] of topUps.entries()) {
      const d = await pay(i, memberId, new Date(t.toppedUpAt.getTime() - 3 * DAY), k);
      const [bill] = await tx
        .insert(memberConsume)
        .values({
          memberId,
          storeId,
          consumedAt: t.toppedUpAt,
          total: t.amount,
          paidByCard: 0,
          paidOther: t.amount,
          kind: 'topUp',
          source: 'pos',
          remark: `充值 ${t.topUpNo}，意向金抵扣`,
          createdBy: admin.id,
        })
        .returning({ id: memberConsume.id });
      await tx.insert(memberConsumeLine).values({
        consumeId: bill!.id,
        line: 1,
        itemKind: 'topUp',
        memberCardId: t.memberCardId,
        topUpId: t.id,
        quantity: 1,
        unitPrice: t.amount,
        amount: t.amount,
      });
      await useIntentDeposit(tx, { depositId: d.id, consumeId: bill!.id });
    }

    if (!rules[i]!.refundable) continue;
    // Refunds through the approval center: one waiting for 审核 (a pending 意向金退款申请), two
    // approved (approving pays out: 已退款 with a payment-refund record), one rejected (back to 已支付).
    const refundable = [];
    for (let k = 3; k < 7; k++) refundable.push(await pay(i, m(k), new Date(now.getTime() - (k + 2) * DAY), k));
    const reasons = ['会员暂不开卡', '会员搬家，无法到店', '重复支付', '会员改变主意'];
    const refunds = [];
    for (const [k, d] of refundable.entries()) refunds.push(await applyIntentRefund(tx, auth, d.id, reasons[k]!));
    await intentRefundStep(tx, auth, refunds[1]!.id, { step: 'approve' });
    await intentRefundStep(tx, auth, refunds[2]!.id, {
      step: 'approve',
      reason: '核实无误',
      refundTradeNo: `5030${String(20260000 + refunds[2]!.id).padStart(12, '0')}`,
    });
    await intentRefundStep(tx, auth, refunds[3]!.id, { step: 'reject', reason: '已超出门店承诺的退款期限' });

    // Expired: paid longer ago than the validity; the expiry job moves them below.
    for (let k = 7; k < 9; k++) await pay(i, m(k), new Date(now.getTime() - (validity + k) * DAY), k);
  }

  await expireIntentDeposits(tx, now);

  // For /abnormalIntentionRecord: a WeChat payment without its transaction number, the same
  // member paying twice on one day, and one past its expiry that the job has not run over yet.
  const i = 0;
  const [someone] = await tx
    .select({ id: member.id })
    .from(member)
    .where(inArray(member.storeId, [storeIds[i]!]))
    .orderBy(desc(member.id))
    .limit(1);
  if (someone) {
    await pay(i, someone.id, new Date(now.getTime() - 2 * DAY), 0, '');
    const day = new Date(now.getTime() - 4 * DAY);
    await pay(i, someone.id, day, 1);
    await pay(i, someone.id, new Date(day.getTime() + 3_600_000), 1);
    await pay(i, someone.id, new Date(now.getTime() - (rules[i]!.validityDays + 1) * DAY), 2);
  }
};
