/**
 * Demo refunds of the bill finance reports (issue 14, /MonthlyRefundSum, the 退款 columns of
 * /finance and /storeSettlement): a few of the last months' bills refunded in part through the
 * refund service — applied, approved in the approval center and executed — a session given back
 * to a 套餐卡, a 储值卡 draw given back to its card, and, where a bill was paid by an outside
 * method, a line paid that way returned through its payment. Stores inside and outside 华东大区.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { abnormalBill, billPayment } from '../modules/bills/schema';
import { memberConsume, memberConsumeLine } from '../modules/members/schema';
import { refund } from '../modules/refunds/schema';
import { type Application, applyRefundIn, executeRefund } from '../modules/refunds/service';

const DAY = 86_400_000;

type Line = typeof memberConsumeLine.$inferSelect;

/** What to refund of a bill, or null when it has no line this seed knows how to refund. */
const planOf = (
  lines: Line[],
  pays: (typeof billPayment.$inferSelect)[],
): Pick<Application, 'lines' | 'payments'> | null => {
  const combo = lines.find((l) => l.memberCardId !== null && l.sessions !== null && l.sessions > 0 && l.amount > 0);
  if (combo) {
    return {
      lines: [{ line: combo.line, amount: Math.floor(combo.amount / combo.sessions!), sessions: 1 }],
      payments: [],
    };
  }
  const stored = lines.find(
    (l) => l.memberCardId !== null && l.sessions === null && l.cardAmount > 0 && l.cardAmount === l.amount,
  );
  if (stored) return { lines: [{ line: stored.line, amount: stored.amount }], payments: [] };
  const outside = lines.find((l) => l.memberCardId === null && (l.itemKind === 'project' || l.itemKind === 'product'));
  const pay = outside && pays.find((p) => p.memberCardId === null && p.amount - p.refunded >= outside.amount);
  if (outside && pay) {
    return {
      lines: [{ line: outside.line, amount: outside.amount }],
      payments: [{ seq: pay.seq, amount: outside.amount }],
    };
  }
  return null;
};

export const seedBillRefunds = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  // One recent bill per store (the first stores by id), never a closed or flagged one.
  const bills = await tx
    .selectDistinctOn([memberConsume.storeId], {
      id: memberConsume.id,
      storeId: memberConsume.storeId,
      at: memberConsume.consumedAt,
    })
    .from(memberConsume)
    .where(
      and(
        eq(memberConsume.status, 'completed'),
        eq(memberConsume.refunded, 0),
        gt(memberConsume.consumedAt, new Date(now.getTime() - 80 * DAY)),
        lt(memberConsume.consumedAt, new Date(now.getTime() - 3 * DAY)),
        notExists(tx.select({ x: sql`1` }).from(abnormalBill).where(eq(abnormalBill.consumeId, memberConsume.id))),
        notExists(tx.select({ x: sql`1` }).from(refund).where(eq(refund.consumeId, memberConsume.id))),
        // The member's cards move no more after the bill, so the refund's ledger rows (days later)
        // keep each card's ledger in time order.
        sql`not exists (select 1 from card_ledger l join member_card mc on mc.id = l.member_card_id
          where mc.member_id = ${memberConsume.memberId} and l.at > ${memberConsume.consumedAt})`,
      ),
    )
    .orderBy(asc(memberConsume.storeId), asc(sql`${memberConsume.id} % 7`), asc(memberConsume.id))
    .limit(12);
  if (!bills.length) return;
  const lines = await tx
    .select()
    .from(memberConsumeLine)
    .where(
      inArray(
        memberConsumeLine.consumeId,
        bills.map((b) => b.id),
      ),
    )
    .orderBy(asc(memberConsumeLine.line));
  const pays = await tx
    .select()
    .from(billPayment)
    .where(
      and(
        inArray(
          billPayment.consumeId,
          bills.map((b) => b.id),
        ),
        isNull(billPayment.memberCardId),
      ),
    );
  let n = 0;
  for (const b of bills) {
    const plan = planOf(
      lines.filter((l) => l.consumeId === b.id),
      pays.filter((p) => p.consumeId === b.id),
    );
    if (!plan) continue;
    const at = new Date(b.at.getTime() + (1 + (n++ % 3)) * DAY);
    const id = await applyRefundIn(tx, {
      consumeId: b.id,
      ...plan,
      reason: '顾客不满意，门店申请退款',
      source: 'console',
      applicantId: admin?.id ?? null,
      at,
    });
    const [r] = await tx
      .select({ approvalId: refund.approvalId })
      .from(refund)
      .where(and(eq(refund.id, id), isNotNull(refund.approvalId)));
    if (!r || !admin) continue;
    await decideIn(tx, admin.id, { id: r.approvalId!, decision: 'approve', comment: '同意退款' }, undefined, at);
    await executeRefund(tx, id, admin.id, undefined, new Date(at.getTime() + 3_600_000));
  }
};
