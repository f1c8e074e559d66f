/**
 * 收银单 sent through the open API (contract entities/bill.ts, POST /open/v1/bills): resolves the
 * document's codes (store, member, goods, cards, staff), then writes the whole bill in ONE
 * transaction through the card ledger — card sales open cards, top-ups top up, project and
 * product lines are drawn by `consume`, whose header is the bill — and its payments (those sent
 * plus the cards drawn) and staff shares. Accepted whole or refused whole with the ledger's
 * reason. The same (sender, outerNo) again answers the first result and changes nothing, under
 * concurrency too (an advisory lock per number, the unique key as the last guard).
 */
import type { BillKind, BillLineKind, OpenBillAnswer, OpenBillBody } from '@zb/contract/entities/bill';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { hookPoint } from '../../platform/hooks';
import { card, product, project } from '../goods/schema';
import { uniqueViolation } from '../hierarchy/dbErrors';
import { type BillOtherLine, type ConsumeLineInput, consume, LedgerRefs, openCard, topUp } from '../members/ledger';
import { cardLedger, member, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { creditIntentDeposits } from './intentPayments';
import { billPayment, billShare } from './schema';

const invalid = (msg: string) => new BizError(ERR.BILL_INVALID, msg);

/** A bill's payments as written (bill_payment rows). */
export interface BillPaymentsToWrite {
  storeId: number;
  at: Date;
  payments: readonly { method: string; amount: number; signerStaffId?: number | null }[];
}

/**
 * Payment rules of modules above bills (billConfig: the /signBill quota), run in the bill's
 * transaction before its payments are written; a rule refuses the whole bill by throwing.
 */
export const billPaymentChecks = hookPoint<(tx: Tx, bill: BillPaymentsToWrite) => Promise<void>>();

/** A bill's kind from its lines: one kind of line names it (a project, or a product drawn on a card, is 消费; a product paid otherwise 零售); more kinds are 混合. */
export const billKindOf = (lines: readonly { kind: BillLineKind; cardNo?: string }[]): BillKind => {
  const kinds = new Set(
    lines.map((l): BillKind => {
      if (l.kind === 'cardSale') return 'openCard';
      if (l.kind === 'topUp') return 'topUp';
      if (l.kind === 'product' && !l.cardNo) return 'retail';
      return 'consume';
    }),
  );
  if (kinds.has('consume') && kinds.has('retail')) kinds.delete('retail');
  return kinds.size === 1 ? [...kinds][0]! : 'mixed';
};

/** The answer of a written bill, read back: what it totalled, the cards it opened and each card's balances after it. */
export const billAnswer = async (db: Db | Tx, consumeId: number, replayed: boolean): Promise<OpenBillAnswer> => {
  const [bill] = await db
    .select({
      billNo: memberConsume.billNo,
      outerNo: memberConsume.outerNo,
      total: memberConsume.total,
      paidByCard: memberConsume.paidByCard,
      paidOther: memberConsume.paidOther,
    })
    .from(memberConsume)
    .where(eq(memberConsume.id, consumeId));
  if (!bill) throw new BizError(ERR.RECORD_NOT_FOUND, '收银单不存在');
  const lines = await db
    .select({
      line: memberConsumeLine.line,
      itemKind: memberConsumeLine.itemKind,
      memberCardId: memberConsumeLine.memberCardId,
      topUpId: memberConsumeLine.topUpId,
      cardNo: memberCard.cardNo,
    })
    .from(memberConsumeLine)
    .leftJoin(memberCard, eq(memberCard.id, memberConsumeLine.memberCardId))
    .where(eq(memberConsumeLine.consumeId, consumeId))
    .orderBy(asc(memberConsumeLine.line));
  const opened = lines.filter((l) => l.itemKind === 'cardSale');
  const topUpIds = lines.flatMap((l) => (l.topUpId ? [l.topUpId] : []));
  const openedIds = opened.flatMap((l) => (l.memberCardId ? [l.memberCardId] : []));
  // The ledger rows the bill wrote (its draws, its top-ups, its cards' opening), in order: the last per card is what it left.
  const rows = await db
    .select({
      memberCardId: cardLedger.memberCardId,
      balanceAfter: cardLedger.balanceAfter,
      bonusAfter: cardLedger.bonusAfter,
      cardNo: memberCard.cardNo,
    })
    .from(cardLedger)
    .innerJoin(memberCard, eq(memberCard.id, cardLedger.memberCardId))
    .where(
      or(
        and(eq(cardLedger.refType, 'member_consume'), eq(cardLedger.refId, consumeId)),
        topUpIds.length ? and(eq(cardLedger.refType, 'card_top_up'), inArray(cardLedger.refId, topUpIds)) : undefined,
        openedIds.length ? and(eq(cardLedger.refType, 'member_card'), inArray(cardLedger.refId, openedIds)) : undefined,
      ),
    )
    .orderBy(asc(cardLedger.id));
  const cards = new Map<number, OpenBillAnswer['cards'][number]>();
  for (const r of rows) {
    cards.delete(r.memberCardId);
    cards.set(r.memberCardId, { cardNo: r.cardNo, balance: r.balanceAfter, bonusBalance: r.bonusAfter });
  }
  return {
    billNo: bill.billNo,
    outerNo: bill.outerNo ?? '',
    total: bill.total,
    paidByCard: bill.paidByCard,
    paidOther: bill.paidOther,
    openedCards: opened.flatMap((l) => (l.cardNo ? [l.cardNo] : [])),
    cards: [...cards.values()].sort((a, b) => a.cardNo.localeCompare(b.cardNo)),
    replayed,
  };
};

const findSent = async (db: Db | Tx, clientId: number, outerNo: string): Promise<number | null> => {
  const [row] = await db
    .select({ id: memberConsume.id })
    .from(memberConsume)
    .where(and(eq(memberConsume.clientId, clientId), eq(memberConsume.outerNo, outerNo)));
  return row?.id ?? null;
};

const byKey = <T, K>(rows: readonly T[], key: (r: T) => K) => new Map(rows.map((r) => [key(r), r]));

/** What the document names, looked up; an unknown code refuses the bill. */
const resolve = async (tx: Tx, caller: OpenCaller, body: OpenBillBody) => {
  const [s] = await tx.select({ id: store.id, name: store.name }).from(store).where(eq(store.code, body.storeCode));
  if (!s) throw invalid(`门店编码「${body.storeCode}」不存在`);
  assertStoreAllowed(caller, s.id);
  const [m] = await tx
    .select({ id: member.id, name: member.name })
    .from(member)
    .where(or(eq(member.phone, body.member), eq(member.code, body.member)));
  if (!m) throw invalid(`会员「${body.member}」不存在（请填写手机号或会员编号）`);

  const codes = (kind: BillLineKind) => [
    ...new Set(body.lines.flatMap((l) => (l.kind === kind && l.code ? [l.code] : []))),
  ];
  const projectCodes = codes('project');
  const productCodes = codes('product');
  const cardCodes = codes('cardSale');
  const cardNos = [...new Set(body.lines.flatMap((l) => (l.cardNo ? [l.cardNo] : [])))];
  const phones = [
    ...new Set([
      ...body.lines.flatMap((l) => l.staff.map((x) => x.staffPhone)),
      ...body.payments.flatMap((p) => (p.signerPhone ? [p.signerPhone] : [])),
    ]),
  ];
  /** Rows whose key is among `keys` (none asked, none read). */
  const among = async <T>(keys: string[], read: (keys: string[]) => Promise<T[]>) => (keys.length ? read(keys) : []);
  const projects = byKey(
    await among(projectCodes, (k) =>
      tx.select({ id: project.id, code: project.code }).from(project).where(inArray(project.code, k)),
    ),
    (r) => r.code,
  );
  const products = byKey(
    await among(productCodes, (k) =>
      tx.select({ id: product.id, code: product.code }).from(product).where(inArray(product.code, k)),
    ),
    (r) => r.code,
  );
  const cards = byKey(
    await among(cardCodes, (k) =>
      tx.select({ id: card.id, code: card.code, price: card.price }).from(card).where(inArray(card.code, k)),
    ),
    (r) => r.code,
  );
  const memberCards = byKey(
    await among(cardNos, (k) =>
      tx
        .select({ id: memberCard.id, cardNo: memberCard.cardNo, memberId: memberCard.memberId })
        .from(memberCard)
        .where(inArray(memberCard.cardNo, k)),
    ),
    (r) => r.cardNo,
  );
  const staffByPhone = byKey(
    await among(phones, (k) =>
      tx.select({ id: staff.id, phone: staff.phone }).from(staff).where(inArray(staff.phone, k)),
    ),
    (r) => r.phone,
  );
  return { s, m, projects, products, cards, memberCards, staffByPhone };
};

/** Writes the bill (the caller's transaction); answers its id. */
const writeBill = async (tx: Tx, caller: OpenCaller, body: OpenBillBody): Promise<OpenBillAnswer> => {
  const r = await resolve(tx, caller, body);
  const at = new Date(body.at);
  const refs = new LedgerRefs();
  const cardOf = (cardNo: string | undefined, n: number) => {
    if (!cardNo) return null;
    const c = r.memberCards.get(cardNo);
    if (!c || c.memberId !== r.m.id) throw invalid(`第 ${n} 行：会员卡「${cardNo}」不存在或不属于该会员`);
    return c.id;
  };
  const staffOf = (phone: string, what: string) => {
    const x = r.staffByPhone.get(phone);
    if (!x) throw invalid(`${what}：员工手机号「${phone}」不存在`);
    return x.id;
  };
  const signerOf = (phone: string | undefined, n: number) => {
    if (!phone) throw invalid(`第 ${n} 笔支付：签单须填写签单店长手机号（signerPhone）`);
    return staffOf(phone, `第 ${n} 笔支付（签单）`);
  };
  // Every card the bill touches, locked in id order before the ledger reads it: two bills on the same cards queue.
  const touched = [...new Set(body.lines.flatMap((l, i) => (l.cardNo ? [cardOf(l.cardNo, i + 1)!] : [])))].sort(
    (a, b) => a - b,
  );
  // (Without a top-up the ledger's one draw locks them all in that order itself.)
  if (touched.length && body.lines.some((l) => l.kind === 'topUp')) {
    await tx
      .select({ id: memberCard.id })
      .from(memberCard)
      .where(inArray(memberCard.id, touched))
      .orderBy(asc(memberCard.id))
      .for('update');
  }

  const other: BillOtherLine[] = [];
  const openedCards: string[] = [];
  const drawn: ConsumeLineInput[] = [];
  for (const [i, l] of body.lines.entries()) {
    const n = i + 1;
    if (l.kind === 'cardSale') {
      const c = l.code ? r.cards.get(l.code) : undefined;
      if (!c) throw invalid(`第 ${n} 行：卡项编码「${l.code ?? ''}」不存在`);
      if (l.quantity !== 1) throw invalid(`第 ${n} 行：售卡每行只能开一张卡（数量须为 1）`);
      if (l.cardNo) throw invalid(`第 ${n} 行：售卡行不能填写会员卡号`);
      const opened = await openCard(
        tx,
        { memberId: r.m.id, cardId: c.id, storeId: r.s.id, at, paid: c.price, userId: null },
        refs,
      );
      openedCards.push(opened.cardNo);
      other.push({
        line: n,
        itemKind: 'cardSale',
        cardId: c.id,
        memberCardId: opened.memberCardId,
        topUpId: null,
        quantity: 1,
        unitPrice: c.price,
        amount: c.price,
      });
    } else if (l.kind === 'topUp') {
      const memberCardId = cardOf(l.cardNo, n);
      if (memberCardId === null) throw invalid(`第 ${n} 行：充值须填写会员卡号`);
      if (!l.amount) throw invalid(`第 ${n} 行：充值金额须大于 0`);
      if (l.code) throw invalid(`第 ${n} 行：充值行不能填写商品编码`);
      const done = await topUp(
        tx,
        { memberCardId, storeId: r.s.id, amount: l.amount, bonus: l.bonus ?? 0, at, userId: null },
        refs,
      );
      other.push({
        line: n,
        itemKind: 'topUp',
        cardId: null,
        memberCardId,
        topUpId: done.topUpId,
        quantity: 1,
        unitPrice: l.amount,
        amount: l.amount,
      });
    } else {
      const found = l.code ? (l.kind === 'project' ? r.projects : r.products).get(l.code) : undefined;
      if (!found) throw invalid(`第 ${n} 行：${l.kind === 'project' ? '项目' : '商品'}编码「${l.code ?? ''}」不存在`);
      if (l.amount !== undefined || l.bonus !== undefined) throw invalid(`第 ${n} 行：只有充值行可以填写充值金额`);
      drawn.push({
        ...(l.kind === 'project' ? { projectId: found.id } : { productId: found.id }),
        quantity: l.quantity,
        memberCardId: cardOf(l.cardNo, n),
        line: n,
      });
    }
  }

  const bill = await consume(
    tx,
    {
      memberId: r.m.id,
      storeId: r.s.id,
      at,
      lines: drawn,
      remark: body.remark ?? null,
      userId: null,
      bill: {
        kind: billKindOf(body.lines),
        source: caller.kind,
        clientId: caller.clientId,
        outerNo: body.outerNo,
        otherLines: other,
      },
    },
    refs,
  );

  // 意向金 the sender names, credited toward the card lines (intentPayments.ts): each a payment.
  const intent = await creditIntentDeposits(tx, {
    consumeId: bill.consumeId,
    depositNos: body.intentDeposits,
    cardValue: other.reduce((n, o) => n + o.amount, 0),
    clientId: caller.clientId,
  });
  const sent = body.payments.reduce((n, p) => n + p.amount, 0) + intent.amount;
  if (sent !== bill.paidOther) {
    throw invalid(
      `支付合计 ${formatYuan(sent)} 元与应付 ${formatYuan(bill.paidOther)} 元不符（单据合计 ${formatYuan(bill.total)} 元，会员卡支付 ${formatYuan(bill.paidByCard)} 元）`,
    );
  }

  // Payments: those sent, then one per card the lines drew (储值卡 / 套餐卡次), by card.
  const draws = bill.cardDraws ?? [];
  const payments: (typeof billPayment.$inferInsert)[] = body.payments.map((p, i) => ({
    consumeId: bill.consumeId,
    seq: i + 1,
    method: p.method,
    amount: p.amount,
    tradeNo: p.tradeNo ?? null,
    signerStaffId: p.method === 'signBill' ? signerOf(p.signerPhone, i + 1) : null,
  }));
  for (const p of intent.payments) payments.push({ consumeId: bill.consumeId, seq: payments.length + 1, ...p });
  for (const d of draws) {
    if (d.amount <= 0) continue;
    payments.push({
      consumeId: bill.consumeId,
      seq: payments.length + 1,
      method: d.kind === 'stored' ? 'storedCard' : 'comboCard',
      amount: d.amount,
      memberCardId: d.memberCardId,
    });
  }
  // The payment rules of modules above (billConfig: 签单 within the signer's monthly quota).
  for (const check of billPaymentChecks.registered()) await check(tx, { storeId: r.s.id, at, payments });
  if (payments.length) await tx.insert(billPayment).values(payments);

  const shares: (typeof billShare.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const [i, l] of body.lines.entries()) {
    for (const x of l.staff) {
      const staffId = staffOf(x.staffPhone, `第 ${i + 1} 行`);
      const key = `${i + 1}:${staffId}`;
      if (seen.has(key)) throw invalid(`第 ${i + 1} 行：员工「${x.staffPhone}」重复`);
      seen.add(key);
      shares.push({
        consumeId: bill.consumeId,
        line: i + 1,
        staffId,
        performance: x.performance,
        commission: x.commission,
      });
    }
  }
  if (shares.length) await tx.insert(billShare).values(shares);
  // What the bill left on each card it touched (locked: what its ledger rows say, see billAnswer).
  const ids = [...touched, ...other.flatMap((o) => (o.itemKind === 'cardSale' ? [o.memberCardId] : []))];
  const left = ids.length
    ? await tx
        .select({ cardNo: memberCard.cardNo, balance: memberCard.balance, bonusBalance: memberCard.bonusBalance })
        .from(memberCard)
        .where(inArray(memberCard.id, ids))
    : [];
  return {
    billNo: bill.billNo,
    outerNo: body.outerNo,
    total: bill.total,
    paidByCard: bill.paidByCard,
    paidOther: bill.paidOther,
    openedCards,
    cards: left.sort((a, b) => a.cardNo.localeCompare(b.cardNo)),
    replayed: false,
  };
};

/**
 * POST /open/v1/bills: writes the bill, or answers the first result of the same (sender,
 * outerNo) with replayed: true. Refusals throw (BILL_INVALID or the ledger's errcode).
 */
export const postBill = async (db: Db, caller: OpenCaller, body: OpenBillBody): Promise<OpenBillAnswer> => {
  try {
    return await db.transaction(async (tx) => {
      // Requests with one number queue here; the later ones find the first bill and answer it.
      await tx.execute(sql`select pg_advisory_xact_lock(${caller.clientId}, hashtext(${body.outerNo}))`);
      const first = await findSent(tx, caller.clientId, body.outerNo);
      if (first !== null) return billAnswer(tx, first, true);
      return writeBill(tx, caller, body);
    });
  } catch (err) {
    if (uniqueViolation(err) !== 'member_consume_outer_uq') throw err;
    const id = await findSent(db, caller.clientId, body.outerNo);
    if (id === null) throw err;
    return billAnswer(db, id, true);
  }
};
