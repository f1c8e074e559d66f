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
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { pipelined } from '../../db/pipeline';
import { BizError } from '../../platform/errors';
import { hookPoint } from '../../platform/hooks';
import { redeemCoupons } from '../coupons/ledger';
import { uniqueViolation } from '../hierarchy/dbErrors';
import {
  type BillOtherLine,
  type ConsumedBill,
  type ConsumeLineInput,
  consume,
  LedgerRefs,
  openCard,
  topUp,
} from '../members/ledger';
import { addStaffShareDelta } from '../members/rollups';
import { cardLedger, memberCard, memberConsume, memberConsumeLine } from '../members/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
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

/** A bill just written (not a replay), in its transaction: modules above take part (memberAccount: 消费积分). */
export const billWritten =
  hookPoint<
    (
      tx: Tx,
      bill: { consumeId: number; memberId: number; storeId: number; at: Date; paidOther: number },
    ) => Promise<void>
  >();

/** Goods a bill's line sells that an offer may price: a project or product paid otherwise than by a card, or a card sold. */
export interface PricedGoods {
  kind: 'project' | 'product' | 'card';
  id: number;
}

/** A price an offer gives goods at a store on a day, with its list price and the offer's own mark (its plan's id). */
export interface PriceOffer extends PricedGoods {
  unitPrice: number;
  listPrice: number;
  tag: number;
}

/**
 * Offers of modules above bills (sales: 折扣方案): `offers` names the prices they give the bill's
 * goods at its store on its day; the bill takes the lowest offer below the list price for each
 * goods, and `priced` is told, in the bill's transaction, which lines each offer priced.
 */
export const billPricing = hookPoint<{
  offers: (tx: Tx, q: { storeId: number; storeCode: string; at: Date; goods: PricedGoods[] }) => Promise<PriceOffer[]>;
  priced: (
    tx: Tx,
    bill: { consumeId: number; memberId: number; storeId: number; at: Date },
    lines: (PriceOffer & { line: number; quantity: number })[],
  ) => Promise<void>;
}>();

/** A line a gift plan may reward: a top-up (its amount) or a card sold (its card product). */
export interface GiftLine {
  line: number;
  kind: 'topUp' | 'cardSale';
  amount: number;
  /** cardSale: the card product. */
  cardId?: number;
  /** cardSale: whether the card is a 储值卡 (only a stored card takes a bonus). */
  stored?: boolean;
}

/** The gift a module gives a line: a bonus onto its stored card, and the module's mark (its plan). */
export interface LineGift {
  line: number;
  bonus: number;
  tag: number;
}

/**
 * Gifts of modules above bills (giftPlans: 赠送方案): `gifts` names, before the bill is written,
 * the gift each top-up or card-sale line takes (a line takes one, the first module's); its bonus
 * goes into the line's own ledger entry, and `given` is told in the bill's transaction, once the
 * bill is written, which lines took which gift and the card each went to.
 */
export const billGifts = hookPoint<{
  gifts: (tx: Tx, q: { storeId: number; storeCode: string; at: Date; lines: GiftLine[] }) => Promise<LineGift[]>;
  given: (
    tx: Tx,
    bill: { consumeId: number; memberId: number; storeId: number; at: Date },
    lines: (LineGift & GiftLine & { memberCardId: number })[],
  ) => Promise<void>;
}>();

/** The lowest offer below its list price for each goods (kind:id), the earliest plan first on a tie. */
const bestOffers = async (
  tx: Tx,
  q: { storeId: number; storeCode: string; at: Date; goods: PricedGoods[] },
): Promise<Map<string, PriceOffer & { by: number }>> => {
  const best = new Map<string, PriceOffer & { by: number }>();
  const hooks = billPricing.registered();
  if (!q.goods.length || !hooks.length) return best;
  for (const [by, h] of hooks.entries()) {
    for (const o of await h.offers(tx, q)) {
      if (o.unitPrice >= o.listPrice || o.unitPrice < 0) continue;
      const key = `${o.kind}:${o.id}`;
      const was = best.get(key);
      if (!was || o.unitPrice < was.unitPrice || (o.unitPrice === was.unitPrice && o.tag < was.tag)) {
        best.set(key, { ...o, by });
      }
    }
  }
  return best;
};

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

/**
 * Who sends a bill: an open-API caller, or the demo seed sending each store's history as its
 * till (kind 'pos', the bill's store, no key of its own: clientId null, so its outerNo is not
 * kept unique).
 */
export type BillSender = Omit<OpenCaller, 'clientId'> & { clientId: number | null };

const byKey = <T, K>(rows: readonly T[], key: (r: T) => K) => new Map(rows.map((r) => [key(r), r]));

/** A json column as read (postgres-js and PGlite parse it; a driver that does not gives text). */
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** `col in (keys)` of text keys, or false when there is none. */
const inKeys = (col: string, keys: readonly string[]) =>
  keys.length
    ? sql`${sql.raw(col)} in (${sql.join(
        keys.map((k) => sql`${k}::text`),
        sql`, `,
      )})`
    : sql`false`;

/** The document's keys to look up: its goods' and cards' codes and the staff's phones. */
const keysOf = (body: OpenBillBody) => {
  const codes = (kind: BillLineKind) => [
    ...new Set(body.lines.flatMap((l) => (l.kind === kind && l.code ? [l.code] : []))),
  ];
  return {
    projectCodes: codes('project'),
    productCodes: codes('product'),
    cardCodes: codes('cardSale'),
    cardNos: [...new Set(body.lines.flatMap((l) => (l.cardNo ? [l.cardNo] : [])))],
    phones: [
      ...new Set([
        ...body.lines.flatMap((l) => l.staff.map((x) => x.staffPhone)),
        ...body.payments.flatMap((p) => (p.signerPhone ? [p.signerPhone] : [])),
      ]),
    ],
  };
};

interface Looked {
  sent: number | null;
  store: { id: number; name: string } | null;
  member: { id: number; name: string } | null;
  projects: { id: number; code: string }[];
  products: { id: number; code: string }[];
  cards: { id: number; code: string; price: number; kind: string }[];
  memberCards: { id: number; cardNo: string; memberId: number }[];
  staff: { id: number; phone: string }[];
}

/**
 * One statement: the bill already sent under (sender, outerNo) if any, and everything the
 * document names (store, member, goods, cards, staff) — a bill reads its references in one
 * round trip. Answers the query itself (not yet run), to be sent with others (db/pipeline.ts);
 * `lookedOf` reads its answer.
 */
const lookUp = (tx: Tx, caller: BillSender, body: OpenBillBody) => {
  const k = keysOf(body);
  const list = (cols: string, table: string, where: SQL) =>
    sql`(select coalesce(json_agg(json_build_object(${sql.raw(cols)})), '[]'::json) from ${sql.raw(table)} where ${where})`;
  return tx.execute(sql`select
      (select id from member_consume where client_id = ${caller.clientId} and outer_no = ${body.outerNo}) as sent,
      (select json_build_object('id', id, 'name', name) from store where code = ${body.storeCode}) as store,
      (select json_build_object('id', id, 'name', name) from member
        where phone = ${body.member} or code = ${body.member} order by id limit 1) as member,
      ${list(`'id', id, 'code', code`, 'project', inKeys('code', k.projectCodes))} as projects,
      ${list(`'id', id, 'code', code`, 'product', inKeys('code', k.productCodes))} as products,
      ${list(`'id', id, 'code', code, 'price', price, 'kind', kind`, 'card', inKeys('code', k.cardCodes))} as cards,
      ${list(`'id', id, 'cardNo', card_no, 'memberId', member_id`, 'member_card', inKeys('card_no', k.cardNos))} as member_cards,
      ${list(`'id', id, 'phone', phone`, 'staff', inKeys('phone', k.phones))} as staff`);
};

const lookedOf = (r: unknown): Looked => {
  const row = rowsOf<Record<string, unknown>>(r)[0]!;
  return {
    sent: row.sent === null || row.sent === undefined ? null : Number(row.sent),
    store: jsonOf(row.store),
    member: jsonOf(row.member),
    projects: jsonOf(row.projects),
    products: jsonOf(row.products),
    cards: jsonOf(row.cards),
    memberCards: jsonOf(row.member_cards),
    staff: jsonOf(row.staff),
  };
};

/** What the document names, looked up; an unknown code refuses the bill. */
const resolve = (caller: BillSender, body: OpenBillBody, looked: Looked) => {
  const s = looked.store;
  if (!s) throw invalid(`门店编码「${body.storeCode}」不存在`);
  assertStoreAllowed(caller, s.id);
  const m = looked.member;
  if (!m) throw invalid(`会员「${body.member}」不存在（请填写手机号或会员编号）`);
  return {
    s,
    m,
    projects: byKey(looked.projects, (r) => r.code),
    products: byKey(looked.products, (r) => r.code),
    cards: byKey(looked.cards, (r) => r.code),
    memberCards: byKey(looked.memberCards, (r) => r.cardNo),
    staffByPhone: byKey(looked.staff, (r) => r.phone),
  };
};

/** Writes the bill (the caller's transaction); answers its id. */
const writeBill = async (
  tx: Tx,
  caller: BillSender,
  body: OpenBillBody,
  looked: Looked,
  refs: LedgerRefs,
): Promise<OpenBillAnswer> => {
  const r = resolve(caller, body, looked);
  const at = new Date(body.at);
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

  // The offers that price the lines paid otherwise and the cards sold (billPricing).
  const goodsOf = (l: OpenBillBody['lines'][number]): PricedGoods | null => {
    if (!l.code) return null;
    if (l.kind === 'cardSale') {
      const c = r.cards.get(l.code);
      return c ? { kind: 'card', id: c.id } : null;
    }
    if ((l.kind === 'project' || l.kind === 'product') && !l.cardNo) {
      const g = (l.kind === 'project' ? r.projects : r.products).get(l.code);
      return g ? { kind: l.kind, id: g.id } : null;
    }
    return null;
  };
  const offers = await bestOffers(tx, {
    storeId: r.s.id,
    storeCode: body.storeCode,
    at,
    goods: body.lines.flatMap((l) => {
      const g = goodsOf(l);
      return g ? [g] : [];
    }),
  });
  const offerOf = (l: OpenBillBody['lines'][number]) => {
    const g = goodsOf(l);
    return g ? offers.get(`${g.kind}:${g.id}`) : undefined;
  };
  const pricedLines: (PriceOffer & { by: number; line: number; quantity: number })[] = [];
  // The gifts the top-ups and cards sold take (billGifts): one per line, the first module's.
  const giftHooks = billGifts.registered();
  const giftLines: GiftLine[] = giftHooks.length
    ? body.lines.flatMap((l, i): GiftLine[] => {
        if (l.kind === 'topUp' && l.amount) return [{ line: i + 1, kind: 'topUp', amount: l.amount }];
        const c = l.kind === 'cardSale' && l.code ? r.cards.get(l.code) : undefined;
        if (!c) return [];
        const price = offerOf(l)?.unitPrice ?? c.price;
        return [{ line: i + 1, kind: 'cardSale', amount: price, cardId: c.id, stored: c.kind === 'stored' }];
      })
    : [];
  const gifts = new Map<number, LineGift & { by: number }>();
  for (const [by, h] of giftHooks.entries()) {
    if (!giftLines.length) break;
    for (const g of await h.gifts(tx, { storeId: r.s.id, storeCode: body.storeCode, at, lines: giftLines })) {
      if (!gifts.has(g.line)) gifts.set(g.line, { ...g, by });
    }
  }
  const giftCards = new Map<number, number>();

  const other: BillOtherLine[] = [];
  const openedCards: string[] = [];
  const drawn: ConsumeLineInput[] = [];
  for (const [i, l] of body.lines.entries()) {
    const offer = offerOf(l);
    if (offer) pricedLines.push({ ...offer, line: i + 1, quantity: l.quantity });
    const n = i + 1;
    if (l.kind === 'cardSale') {
      const c = l.code ? r.cards.get(l.code) : undefined;
      if (!c) throw invalid(`第 ${n} 行：卡项编码「${l.code ?? ''}」不存在`);
      if (l.quantity !== 1) throw invalid(`第 ${n} 行：售卡每行只能开一张卡（数量须为 1）`);
      if (l.cardNo) throw invalid(`第 ${n} 行：售卡行不能填写会员卡号`);
      const price = offer?.unitPrice ?? c.price;
      const extraBonus = c.kind === 'stored' ? (gifts.get(n)?.bonus ?? 0) : 0;
      const opened = await openCard(
        tx,
        { memberId: r.m.id, cardId: c.id, storeId: r.s.id, at, paid: price, extraBonus, userId: null },
        refs,
      );
      giftCards.set(n, opened.memberCardId);
      openedCards.push(opened.cardNo);
      other.push({
        line: n,
        itemKind: 'cardSale',
        cardId: c.id,
        memberCardId: opened.memberCardId,
        topUpId: null,
        quantity: 1,
        unitPrice: price,
        amount: price,
      });
    } else if (l.kind === 'topUp') {
      const memberCardId = cardOf(l.cardNo, n);
      if (memberCardId === null) throw invalid(`第 ${n} 行：充值须填写会员卡号`);
      if (!l.amount) throw invalid(`第 ${n} 行：充值金额须大于 0`);
      if (l.code) throw invalid(`第 ${n} 行：充值行不能填写商品编码`);
      const bonus = (l.bonus ?? 0) + (gifts.get(n)?.bonus ?? 0);
      const done = await topUp(tx, { memberCardId, storeId: r.s.id, amount: l.amount, bonus, at, userId: null }, refs);
      giftCards.set(n, memberCardId);
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
        ...(offer ? { unitPrice: offer.unitPrice } : {}),
      });
    }
  }

  // The bill's staff (member_consume.staff_id): who served its first line with a share.
  const served = body.lines.findIndex((l) => l.staff.length > 0);
  const billStaffId = served < 0 ? null : staffOf(body.lines[served]!.staff[0]!.staffPhone, `第 ${served + 1} 行`);
  // Its payments and staff shares, written with the ledger's last statements (BillHeader.alsoWrite).
  const alsoWrite = async (written: ConsumedBill) => {
    // 意向金 the sender names, credited toward the card lines (intentPayments.ts): each a payment.
    const intent = await creditIntentDeposits(tx, {
      consumeId: written.consumeId,
      depositNos: body.intentDeposits,
      cardValue: other.reduce((n, o) => n + o.amount, 0),
      clientId: caller.clientId,
    });
    // 优惠券 the sender names, valued on the lines paid otherwise (coupons/ledger.ts): each a payment.
    const coupon = await redeemCoupons(tx, {
      consumeId: written.consumeId,
      couponNos: body.coupons,
      memberId: r.m.id,
      storeId: r.s.id,
      storeCode: body.storeCode,
      at,
      lines: (written.lines ?? []).flatMap((x) => {
        const l = body.lines[x.line - 1];
        return l && (l.kind === 'project' || l.kind === 'product') && l.code
          ? [{ line: x.line, kind: l.kind, code: l.code, quantity: l.quantity, amount: x.amount - x.cardAmount }]
          : [];
      }),
    });
    const sent = body.payments.reduce((n, p) => n + p.amount, 0) + intent.amount + coupon.amount;
    if (sent !== written.paidOther) {
      throw invalid(
        `支付合计 ${formatYuan(sent)} 元与应付 ${formatYuan(written.paidOther)} 元不符（单据合计 ${formatYuan(written.total)} 元，会员卡支付 ${formatYuan(written.paidByCard)} 元）`,
      );
    }

    // Payments: those sent, then one per card the lines drew (储值卡 / 套餐卡次), by card.
    const draws = written.cardDraws ?? [];
    const payments: (typeof billPayment.$inferInsert)[] = body.payments.map((p, i) => ({
      consumeId: written.consumeId,
      seq: i + 1,
      method: p.method,
      amount: p.amount,
      tradeNo: p.tradeNo ?? null,
      signerStaffId: p.method === 'signBill' ? signerOf(p.signerPhone, i + 1) : null,
    }));
    for (const p of [...intent.payments, ...coupon.payments]) {
      payments.push({ consumeId: written.consumeId, seq: payments.length + 1, ...p });
    }
    for (const d of draws) {
      if (d.amount <= 0) continue;
      payments.push({
        consumeId: written.consumeId,
        seq: payments.length + 1,
        method: d.kind === 'stored' ? 'storedCard' : 'comboCard',
        amount: d.amount,
        memberCardId: d.memberCardId,
      });
    }
    // The payment rules of modules above (billConfig: 签单 within the signer's monthly quota).
    for (const check of billPaymentChecks.registered()) await check(tx, { storeId: r.s.id, at, payments });

    const shares: (typeof billShare.$inferInsert)[] = [];
    const seen = new Set<string>();
    for (const [i, l] of body.lines.entries()) {
      for (const x of l.staff) {
        const staffId = staffOf(x.staffPhone, `第 ${i + 1} 行`);
        const key = `${i + 1}:${staffId}`;
        if (seen.has(key)) throw invalid(`第 ${i + 1} 行：员工「${x.staffPhone}」重复`);
        seen.add(key);
        shares.push({
          consumeId: written.consumeId,
          line: i + 1,
          staffId,
          performance: x.performance,
          commission: x.commission,
        });
      }
    }
    // The staff reports' rollups take the shares just written, as deltas (folded before every report read).
    await pipelined(
      () => (payments.length ? tx.insert(billPayment).values(payments) : Promise.resolve()),
      () => (shares.length ? tx.insert(billShare).values(shares) : Promise.resolve()),
      () => (shares.length ? addStaffShareDelta(tx, sql`c.id = ${written.consumeId}`, 1) : Promise.resolve()),
    );
  };
  const bill = await consume(
    tx,
    {
      memberId: r.m.id,
      storeId: r.s.id,
      staffId: billStaffId,
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
        alsoWrite,
      },
    },
    refs,
  );

  // Each offer's module told the lines it priced.
  const hooks = billPricing.registered();
  for (const [by, h] of hooks.entries()) {
    const mine = pricedLines.filter((x) => x.by === by).map(({ by: _by, ...x }) => x);
    if (mine.length) await h.priced(tx, { consumeId: bill.consumeId, memberId: r.m.id, storeId: r.s.id, at }, mine);
  }
  // Each gift's module told the lines that took its gifts.
  for (const [by, h] of giftHooks.entries()) {
    const mine = giftLines.flatMap((gl) => {
      const g = gifts.get(gl.line);
      return g && g.by === by ? [{ ...gl, bonus: g.bonus, tag: g.tag, memberCardId: giftCards.get(gl.line)! }] : [];
    });
    if (mine.length) await h.given(tx, { consumeId: bill.consumeId, memberId: r.m.id, storeId: r.s.id, at }, mine);
  }
  for (const fn of billWritten.registered()) {
    await fn(tx, { consumeId: bill.consumeId, memberId: r.m.id, storeId: r.s.id, at, paidOther: bill.paidOther });
  }

  // What the bill left on each card it touched (locked: what its ledger rows say, see billAnswer).
  const ids = [...touched, ...other.flatMap((o) => (o.itemKind === 'cardSale' ? [o.memberCardId] : []))];
  // A bill that only drew its cards: the ledger's answer says what it left on them; else read them.
  const drewOnly = other.length === 0 && ids.every((id) => bill.cardsLeft?.some((c) => c.memberCardId === id));
  const left = drewOnly
    ? (bill.cardsLeft ?? []).map(({ cardNo, balance, bonusBalance }) => ({ cardNo, balance, bonusBalance }))
    : ids.length
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
 * Sends one bill in the caller's transaction: the bill service's whole work (POST /open/v1/bills
 * and the demo seed's history both come here). The same (sender, outerNo) again answers the
 * first result (replayed) and changes nothing; refusals throw (BILL_INVALID or the ledger's
 * errcode) — the caller rolls its transaction (or savepoint) back.
 */
export const sendBill = async (
  tx: Tx,
  caller: BillSender,
  body: OpenBillBody,
  /** The ledger's reference data; a caller that changes none of it between bills (the demo seed) may keep one. */
  refs = new LedgerRefs(),
): Promise<OpenBillAnswer> => {
  // Requests with one number queue here; the later ones find the first bill and answer it. The
  // lookup is sent with the lock, not after its answer (one round trip): PostgreSQL runs them in
  // order, so the lookup's snapshot is taken once the lock is held.
  const { clientId } = caller;
  const [, found] = await pipelined(
    () =>
      clientId === null
        ? Promise.resolve(null)
        : tx.execute(sql`select pg_advisory_xact_lock(${clientId}, hashtext(${body.outerNo}))`),
    () => lookUp(tx, caller, body),
  );
  const looked = lookedOf(found);
  if (looked.sent !== null) return billAnswer(tx, looked.sent, true);
  return writeBill(tx, caller, body, looked, refs);
};

/**
 * POST /open/v1/bills: writes the bill, or answers the first result of the same (sender,
 * outerNo) with replayed: true. Refusals throw (BILL_INVALID or the ledger's errcode).
 */
export const postBill = async (db: Db, caller: OpenCaller, body: OpenBillBody): Promise<OpenBillAnswer> => {
  try {
    return await db.transaction((tx) => sendBill(tx, caller, body));
  } catch (err) {
    if (uniqueViolation(err) !== 'member_consume_outer_uq') throw err;
    const id = await findSent(db, caller.clientId, body.outerNo);
    if (id === null) throw err;
    return billAnswer(db, id, true);
  }
};
