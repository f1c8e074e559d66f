/**
 * Demo data of the money paths between parts (issue 14, flows), written through the services:
 * two BJ001 members open a 储值卡 at the demo POS with a bill paid partly by their 意向金
 * (/orderDetails shows the 意向金 payment, /payIntentionRecord the deposit 已使用), and one of
 * those bills is refunded with its 意向金 payment (the deposit is 已支付 again, its history says
 * 退单退回). The approval center's 意向金退款申请 and their payment-refund records come from
 * seed/intents.ts; the mall's after-sale payouts from seed/mall.ts (refundReturn writes them).
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { postBill } from '../modules/bills/service';
import { card } from '../modules/goods/schema';
import { recordDeposit, storeIntentConfig } from '../modules/intents/service';
import { member, memberConsume } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import { applyConsoleRefund, stepRefund } from '../modules/refunds/service';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');

export const seedFlows = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [client] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const [bj] = await tx.select({ id: store.id }).from(store).where(eq(store.code, DEMO_OPEN_KEYS.pos.storeCode));
  const [c005] = await tx.select({ price: card.price }).from(card).where(eq(card.code, 'C005'));
  if (!admin || !client || !bj || !c005) return;
  const cfg = await storeIntentConfig(tx, bj.id);
  const amount = cfg.amountMode === 'fixed' ? cfg.fixedAmounts[0] : (cfg.minAmount ?? 5000);
  if (!cfg.enabled || !amount || amount >= c005.price) return;
  const caller = { clientId: client.id, kind: 'pos' as const, name: client.name, storeId: bj.id };
  const members = await tx
    .select({ id: member.id, code: member.code })
    .from(member)
    .where(eq(member.storeId, bj.id))
    .orderBy(asc(member.id))
    .limit(2);
  const bills: number[] = [];
  for (const [k, m] of members.entries()) {
    const at = new Date(now.getTime() - (6 - k) * DAY);
    const d = await recordDeposit(tx, {
      memberId: m.id,
      storeId: bj.id,
      amount,
      payMethod: 'wechat',
      tradeNo: `4200009${String(880000 + k).padStart(10, '0')}`,
      paidAt: new Date(at.getTime() - 3 * DAY),
      source: 'pos',
      by: { kind: 'open', clientId: client.id },
    });
    if (!d) continue;
    const answer = await postBill(tx, caller, {
      outerNo: `DEMO-YX-${k + 1}`,
      storeCode: DEMO_OPEN_KEYS.pos.storeCode,
      member: m.code,
      at: beijing(at),
      lines: [{ kind: 'cardSale', code: 'C005', quantity: 1, staff: [] }],
      payments: [
        { method: 'wechat', amount: c005.price - amount, tradeNo: `4200009${String(890000 + k).padStart(10, '0')}` },
      ],
      intentDeposits: [d.depositNo],
      remark: '意向金抵扣开卡',
    });
    const [b] = await tx
      .select({ id: memberConsume.id })
      .from(memberConsume)
      .where(eq(memberConsume.billNo, answer.billNo));
    bills.push(b!.id);
  }
  // The second member changed their mind the next day: the whole bill refunded, its 意向金 back to 已支付.
  const refunded = bills[1];
  if (refunded === undefined) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const applied = await applyConsoleRefund(tx, auth, {
    consumeId: refunded,
    lines: [{ line: 1, amount: c005.price }],
    payments: [
      { seq: 1, amount: c005.price - amount },
      { seq: 2, amount },
    ],
    reason: '会员次日反悔，整单退款',
  });
  await decideIn(tx, admin.id, { id: applied.approvalId!, decision: 'approve', comment: '核实无误' }, undefined);
  await stepRefund(tx, auth, { id: applied.id, step: 'execute' });
};
