/**
 * /orderDetails: one 收银单 with its lines, payments, the cards it touched with their ledger rows
 * for it, the staff's shares, its history and its abnormal records; and 关单 (BILL_FLOW close),
 * which reverses the bill's card draws through ledger 调整 entries in the same transaction.
 */
import { ABNORMAL_FLOW } from '@zb/contract/entities/abnormalBill';
import { BILL_FLOW } from '@zb/contract/entities/bill';
import type {
  BillStepDone,
  BillView,
  BillViewAbnormal,
  BillViewHistory,
  BillViewLedgerRow,
} from '@zb/contract/entities/billView';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { flowHistory, runStep } from '../../platform/flow';
import { storeScopeFilter } from '../../platform/scope';
import { returnCoupons } from '../coupons/ledger';
import { card, product, project } from '../goods/schema';
import { BILL_REVERSAL_REF, reverseBillDraws } from '../members/ledger';
import { addStaffShareDelta } from '../members/rollups';
import { cardLedger, member, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { abnormalBill, billPayment, billShare } from './schema';

const NOT_FOUND = '收银单不存在或不在您的数据范围内';
/** The ledger ref types of a bill's rows: its draws and their reversal (关单, 冲正). */
const BILL_LEDGER_REFS = ['member_consume', BILL_REVERSAL_REF] as const;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const historyOf = (rows: Awaited<ReturnType<typeof flowHistory>>): BillViewHistory[] =>
  rows.map((h) => ({
    at: h.at.toISOString(),
    label: h.label,
    by: h.userName ?? (h.actorKind === 'open' ? '开放接口' : h.actorKind === 'system' ? '系统' : null),
    reason: h.reason,
  }));

export const viewBill = async (db: Db, auth: Auth, id: number): Promise<BillView> => {
  const [b] = await db
    .select({
      id: memberConsume.id,
      billNo: memberConsume.billNo,
      consumedAt: memberConsume.consumedAt,
      storeId: memberConsume.storeId,
      storeCode: store.code,
      storeName: store.name,
      memberId: memberConsume.memberId,
      memberCode: member.code,
      memberName: member.name,
      memberPhone: member.phone,
      staffName: staff.name,
      kind: memberConsume.kind,
      source: memberConsume.source,
      status: memberConsume.status,
      outerNo: memberConsume.outerNo,
      total: memberConsume.total,
      paidByCard: memberConsume.paidByCard,
      paidOther: memberConsume.paidOther,
      refunded: memberConsume.refunded,
      remark: memberConsume.remark,
      closedAt: memberConsume.closedAt,
      closeReason: memberConsume.closeReason,
    })
    .from(memberConsume)
    .innerJoin(store, eq(store.id, memberConsume.storeId))
    .innerJoin(member, eq(member.id, memberConsume.memberId))
    .leftJoin(staff, eq(staff.id, memberConsume.staffId))
    .where(and(eq(memberConsume.id, id), storeScopeFilter(auth.scope, memberConsume.storeId)));
  if (!b) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);

  const l = memberConsumeLine;
  const lines = await db
    .select({
      line: l.line,
      kind: l.itemKind,
      code: sql<string | null>`coalesce(${project.code}, ${product.code}, ${card.code})`,
      name: sql<string>`coalesce(${project.name}, ${product.name}, ${card.name}, '充值')`,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
      cardNo: memberCard.cardNo,
      sessions: l.sessions,
      cardAmount: l.cardAmount,
      refunded: l.refunded,
      memberCardId: l.memberCardId,
    })
    .from(l)
    .leftJoin(project, eq(project.id, l.projectId))
    .leftJoin(product, eq(product.id, l.productId))
    .leftJoin(card, eq(card.id, l.cardId))
    .leftJoin(memberCard, eq(memberCard.id, l.memberCardId))
    .where(eq(l.consumeId, id))
    .orderBy(asc(l.line));

  const payments = await db
    .select({
      seq: billPayment.seq,
      method: billPayment.method,
      amount: billPayment.amount,
      cardNo: memberCard.cardNo,
      tradeNo: billPayment.tradeNo,
      signerName: staff.name,
      refunded: billPayment.refunded,
    })
    .from(billPayment)
    .leftJoin(memberCard, eq(memberCard.id, billPayment.memberCardId))
    .leftJoin(staff, eq(staff.id, billPayment.signerStaffId))
    .where(eq(billPayment.consumeId, id))
    .orderBy(asc(billPayment.seq));

  // The bill's ledger rows: its draws (member_consume) and what reversed them (关单, 冲正).
  const ledger = await db
    .select({
      id: cardLedger.id,
      memberCardId: cardLedger.memberCardId,
      at: cardLedger.at,
      kind: cardLedger.kind,
      refType: cardLedger.refType,
      amount: cardLedger.amount,
      bonusAmount: cardLedger.bonusAmount,
      balanceAfter: cardLedger.balanceAfter,
      bonusAfter: cardLedger.bonusAfter,
      projectName: project.name,
      sessions: cardLedger.sessions,
      sessionsAfter: cardLedger.sessionsAfter,
    })
    .from(cardLedger)
    .leftJoin(project, eq(project.id, cardLedger.projectId))
    .where(and(inArray(cardLedger.refType, [...BILL_LEDGER_REFS]), eq(cardLedger.refId, id)))
    .orderBy(asc(cardLedger.id));
  const cardIds = [
    ...new Set([
      ...lines.flatMap((x) => (x.memberCardId ? [x.memberCardId] : [])),
      ...ledger.map((r) => r.memberCardId),
    ]),
  ];
  const cards = cardIds.length
    ? await db
        .select({
          memberCardId: memberCard.id,
          cardNo: memberCard.cardNo,
          cardName: card.name,
          cardKind: memberCard.kind,
          balance: memberCard.balance,
          bonusBalance: memberCard.bonusBalance,
        })
        .from(memberCard)
        .innerJoin(card, eq(card.id, memberCard.cardId))
        .where(inArray(memberCard.id, cardIds))
        .orderBy(asc(memberCard.id))
    : [];

  const shares = await db
    .select({
      line: billShare.line,
      staffName: staff.name,
      performance: billShare.performance,
      commission: billShare.commission,
    })
    .from(billShare)
    .innerJoin(staff, eq(staff.id, billShare.staffId))
    .where(eq(billShare.consumeId, id))
    .orderBy(asc(billShare.line), asc(billShare.id));

  const abnormalRows = await db
    .select({
      id: abnormalBill.id,
      rule: abnormalBill.rule,
      reason: abnormalBill.reason,
      status: abnormalBill.status,
      detectedAt: abnormalBill.detectedAt,
    })
    .from(abnormalBill)
    .where(eq(abnormalBill.consumeId, id))
    .orderBy(asc(abnormalBill.id));
  const abnormal: BillViewAbnormal[] = [];
  for (const a of abnormalRows) {
    abnormal.push({
      ...a,
      detectedAt: a.detectedAt.toISOString(),
      history: historyOf(await flowHistory(db, ABNORMAL_FLOW, a.id)),
    });
  }

  return {
    bill: { ...b, consumedAt: b.consumedAt.toISOString(), closedAt: iso(b.closedAt) },
    lines: lines.map(({ memberCardId: _, ...x }) => x),
    payments,
    cards: cards.map((c) => ({
      ...c,
      ledger: ledger
        .filter((r) => r.memberCardId === c.memberCardId)
        .map(({ memberCardId: _, ...r }): BillViewLedgerRow => ({ ...r, at: r.at.toISOString() })),
    })),
    shares,
    history: historyOf(await flowHistory(db, BILL_FLOW, id)),
    abnormal,
  };
};

/** Who closes a bill: the user, and the data scope they may close in (none: the system, any store). */
export interface Closer {
  userId: number | null;
  scope?: Auth['scope'];
}

/**
 * 关单 in the caller's transaction: the step (completed → closed, STATE_CHANGED otherwise) with
 * who, when and why on the bill, and the bill's card draws reversed by 调整 entries.
 */
export const closeBillIn = async (tx: Tx, by: Closer, id: number, reason: string, at = new Date()): Promise<void> => {
  await runStep(tx, {
    flow: BILL_FLOW,
    table: memberConsume,
    id,
    step: 'close',
    by: { kind: 'console', userId: by.userId },
    reason,
    set: { closedAt: at, closedBy: by.userId, closeReason: reason.trim() },
    where: by.scope ? storeScopeFilter(by.scope, memberConsume.storeId) : undefined,
    at,
  });
  // A closed bill counts for nobody in the staff reports: what its shares counted comes off.
  await addStaffShareDelta(tx, sql`c.id = ${id}`, -1, true);
  await reverseBillDraws(tx, id, { reason: `关单：${reason.trim()}`, userId: by.userId, at });
  // Its coupons are 未使用 again (退回 under the bill's close).
  await returnCoupons(tx, { consumeId: id, refType: 'member_consume_close', refId: id, userId: by.userId, at });
};

export const closeBill = (db: Db, auth: Auth, id: number, reason: string): Promise<BillStepDone> =>
  db.transaction(async (tx) => {
    await closeBillIn(tx, { userId: auth.user.id, scope: auth.scope }, id, reason);
    return { id, status: 'closed' };
  });
