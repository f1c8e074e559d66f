/**
 * The card ledger: the ONLY writers of member card balances and sessions. Each runs inside the
 * caller's transaction, writes its business record (the card, the top-up, the bill), the
 * card_ledger rows and the new balances together, and its operation-log row. A card is locked
 * (SELECT … FOR UPDATE, in id order) before anything reads its balance or sessions, so two
 * draws on one card queue and the second sees what the first left: nothing is ever overdrawn.
 */
import { MONEY_MAX } from '@zb/contract/entities/goodsCommon';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { projectPriceOnCard } from '../goods/associatedProjects';
import { mayDrawAtStores } from '../goods/crossLevel';
import { card, cardProject, product, project, trialLimit } from '../goods/schema';
import { assertTrialAllowed, recordTrialUse } from '../goods/trialLimits';
import { store } from '../stores/schema';
import {
  cardLedger,
  cardTopUp,
  member,
  memberCard,
  memberCardSession,
  memberConsume,
  memberConsumeLine,
} from './schema';

const DAY_MS = 86_400_000;
/** Most lines one bill holds, and most of one item on a line. */
export const CONSUME_LINES_MAX = 50;
export const CONSUME_QUANTITY_MAX = 999;

type LedgerRow = typeof cardLedger.$inferInsert;

const invalid = (msg: string) => new BizError(ERR.MEMBER_INVALID, msg);

const memberOf = async (tx: Tx, memberId: number) => {
  const [row] = await tx
    .select({ id: member.id, name: member.name, phone: member.phone, status: member.status })
    .from(member)
    .where(eq(member.id, memberId));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '会员不存在或已被删除');
  return row;
};

const storeOf = async (tx: Tx, storeId: number) => {
  const [row] = await tx
    .select({ id: store.id, name: store.name, levelId: store.levelId })
    .from(store)
    .where(eq(store.id, storeId));
  if (!row) throw invalid('门店不存在或已被删除');
  return row;
};

const assertMemberActive = (m: { name: string; status: string }) => {
  if (m.status !== 'normal') throw new BizError(ERR.MEMBER_FROZEN, `会员「${m.name}」已冻结，不能使用会员卡`);
};

const assertMoney = (value: number, what: string, min = 0) => {
  if (!Number.isInteger(value) || value < min || value > MONEY_MAX) {
    throw invalid(`${what}须为 ${formatYuan(min)} 至 ${formatYuan(MONEY_MAX)} 元之间的金额`);
  }
};

interface CardProduct {
  id: number;
  name: string;
  kind: string;
  status: string;
  price: number;
  validityDays: number;
  amount: number | null;
  bonus: number | null;
  usableScope: string;
  storeLevelIds: number[];
}

const cardProductsOf = async (tx: Tx, ids: readonly number[]): Promise<Map<number, CardProduct>> => {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: card.id,
      name: card.name,
      kind: card.kind,
      status: card.status,
      price: card.price,
      validityDays: card.validityDays,
      amount: card.amount,
      bonus: card.bonus,
      usableScope: card.usableScope,
      storeLevelIds: card.storeLevelIds,
    })
    .from(card)
    .where(inArray(card.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
};

/** The card product's 适用门店 allows the store's level. */
const scopeAllows = (c: CardProduct, s: { levelId: number | null }) =>
  c.usableScope === 'all' || (s.levelId !== null && c.storeLevelIds.includes(s.levelId));

type HeldCard = typeof memberCard.$inferSelect;

/** Locks the cards in id order (every writer does, so two draws on one card queue) and reads them. */
const lockCards = async (tx: Tx, ids: readonly number[]): Promise<Map<number, HeldCard>> => {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(memberCard)
    .where(inArray(memberCard.id, sorted))
    .orderBy(asc(memberCard.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
};

const cardLabel = (c: HeldCard, p: CardProduct) => `「${p.name}」（${c.cardNo}）`;

/**
 * Refuses a card that may not be drawn at `drawStore` at `at`: frozen, expired, outside its
 * product's 适用门店, or sold at a store whose level may not be drawn here (跨级划卡).
 */
const assertUsable = async (
  tx: Tx,
  c: HeldCard,
  p: CardProduct,
  drawStore: { id: number; name: string; levelId: number | null },
  at: Date,
) => {
  if (c.status !== 'active') throw new BizError(ERR.MEMBER_FROZEN, `会员卡${cardLabel(c, p)}已冻结`);
  if (c.expiresAt.getTime() <= at.getTime()) {
    throw new BizError(ERR.MEMBER_CARD_EXPIRED, `会员卡${cardLabel(c, p)}已过期，不能使用`);
  }
  if (!scopeAllows(p, drawStore) || !(await mayDrawAtStores(tx, c.storeId, drawStore.id))) {
    throw new BizError(ERR.MEMBER_CARD_WRONG_STORE, `会员卡${cardLabel(c, p)}不能在${drawStore.name}使用`);
  }
};

// ── 开卡 ─────────────────────────────────────────────────────────────────────

export interface OpenCardInput {
  memberId: number;
  /** The card product (goods card). */
  cardId: number;
  /** The store that sells it. */
  storeId: number;
  at: Date;
  /** 分 paid; default the card's price. */
  paid?: number;
  userId: number | null;
  /**
   * The business record the card comes from when it is not a sale at the counter: its ledger rows
   * name it (ref_type, ref_id) instead of the card itself, e.g. ('marketing_real_card', id) for a
   * claimed real card — so the (ref_type, ref_id, seq) key also lets that record open one card only.
   */
  source?: { refType: string; refId: number; label: string };
}

export interface OpenedCard {
  memberCardId: number;
  cardNo: string;
}

/**
 * 开卡: a 储值卡 starts with the card's amount and bonus, a 套餐卡 with the sessions of each of its
 * projects; one ledger row per balance or project. The card must be on sale and sold where its
 * 适用门店 allows; the member must not be frozen. A claimed real card opens through here too
 * (paid 0, `source` the real card: modules/marketing/realCards.ts).
 */
export const openCard = async (tx: Tx, input: OpenCardInput): Promise<OpenedCard> => {
  const m = await memberOf(tx, input.memberId);
  assertMemberActive(m);
  const s = await storeOf(tx, input.storeId);
  const p = (await cardProductsOf(tx, [input.cardId])).get(input.cardId);
  if (!p) throw invalid('卡项不存在或已被删除');
  if (p.status !== 'on') throw invalid(`卡项「${p.name}」已停售，不能开卡`);
  if (!scopeAllows(p, s)) throw new BizError(ERR.MEMBER_CARD_WRONG_STORE, `卡项「${p.name}」不适用于${s.name}`);
  const paid = input.paid ?? p.price;
  assertMoney(paid, '实付金额');
  const stored = p.kind === 'stored';
  const sessions = stored
    ? []
    : await tx
        .select({ projectId: cardProject.projectId, sessions: cardProject.sessions })
        .from(cardProject)
        .where(eq(cardProject.cardId, p.id))
        .orderBy(asc(cardProject.line));
  if (!stored && sessions.length === 0) throw invalid(`套餐卡「${p.name}」没有包含项目，不能开卡`);
  const balance = stored ? (p.amount ?? 0) : null;
  const bonus = stored ? (p.bonus ?? 0) : null;
  const [row] = await tx
    .insert(memberCard)
    .values({
      memberId: m.id,
      cardId: p.id,
      kind: p.kind,
      storeId: s.id,
      openedAt: input.at,
      expiresAt: new Date(input.at.getTime() + p.validityDays * DAY_MS),
      paid,
      balance,
      bonusBalance: bonus,
      createdBy: input.userId,
    })
    .returning({ id: memberCard.id, cardNo: memberCard.cardNo });
  const id = row!.id;
  if (sessions.length) {
    await tx
      .insert(memberCardSession)
      .values(
        sessions.map((x) => ({ memberCardId: id, projectId: x.projectId, total: x.sessions, remaining: x.sessions })),
      );
  }
  const base = {
    memberCardId: id,
    memberId: m.id,
    kind: 'open',
    refType: input.source?.refType ?? 'member_card',
    refId: input.source?.refId ?? id,
    storeId: s.id,
    at: input.at,
    createdBy: input.userId,
  };
  const rows: LedgerRow[] = stored
    ? [{ ...base, seq: 1, amount: balance!, bonusAmount: bonus!, balanceAfter: balance, bonusAfter: bonus }]
    : sessions.map((x, i) => ({
        ...base,
        seq: i + 1,
        projectId: x.projectId,
        sessions: x.sessions,
        sessionsAfter: x.sessions,
      }));
  await tx.insert(cardLedger).values(rows);
  await recordOperation(tx, {
    userId: input.userId,
    action: 'memberCard.open',
    target: `member_card:${id}`,
    after: {
      cardNo: row!.cardNo,
      member: m.name,
      card: p.name,
      store: s.name,
      paid,
      balance,
      bonus,
      sessions,
      ...(input.source ? { source: input.source.label } : {}),
    },
  });
  return { memberCardId: id, cardNo: row!.cardNo };
};

// ── 充值 ─────────────────────────────────────────────────────────────────────

export interface TopUpInput {
  memberCardId: number;
  storeId: number;
  /** 分 paid, added to the principal (> 0). */
  amount: number;
  /** 分 given on top (赠送), added to the bonus. */
  bonus?: number;
  at: Date;
  userId: number | null;
  /** A retried request with the same key answers the first top-up and changes nothing. */
  requestKey?: string;
}

export interface ToppedUp {
  topUpId: number;
  topUpNo: string;
  balance: number;
  bonusBalance: number;
}

/** 充值 a 储值卡 that may be used at the store: one top-up record, one ledger row. */
export const topUp = async (tx: Tx, input: TopUpInput): Promise<ToppedUp> => {
  if (input.requestKey) {
    const [done] = await tx
      .select({ id: cardTopUp.id, no: cardTopUp.topUpNo, cardId: cardTopUp.memberCardId })
      .from(cardTopUp)
      .where(eq(cardTopUp.requestKey, input.requestKey));
    if (done) {
      const [c] = await tx.select().from(memberCard).where(eq(memberCard.id, done.cardId));
      return { topUpId: done.id, topUpNo: done.no, balance: c!.balance ?? 0, bonusBalance: c!.bonusBalance ?? 0 };
    }
  }
  const bonus = input.bonus ?? 0;
  assertMoney(input.amount, '充值金额', 1);
  assertMoney(bonus, '赠送金额');
  const c = (await lockCards(tx, [input.memberCardId])).get(input.memberCardId);
  if (!c) throw invalid('会员卡不存在');
  const p = (await cardProductsOf(tx, [c.cardId])).get(c.cardId)!;
  if (c.kind !== 'stored') throw invalid(`会员卡${cardLabel(c, p)}是套餐卡，只有储值卡可以充值`);
  assertMemberActive(await memberOf(tx, c.memberId));
  const s = await storeOf(tx, input.storeId);
  await assertUsable(tx, c, p, s, input.at);
  const balance = (c.balance ?? 0) + input.amount;
  const bonusBalance = (c.bonusBalance ?? 0) + bonus;
  const [t] = await tx
    .insert(cardTopUp)
    .values({
      memberCardId: c.id,
      storeId: s.id,
      amount: input.amount,
      bonus,
      toppedUpAt: input.at,
      requestKey: input.requestKey ?? null,
      createdBy: input.userId,
    })
    .returning({ id: cardTopUp.id, no: cardTopUp.topUpNo });
  await tx.update(memberCard).set({ balance, bonusBalance }).where(eq(memberCard.id, c.id));
  await tx.insert(cardLedger).values({
    memberCardId: c.id,
    memberId: c.memberId,
    kind: 'topUp',
    amount: input.amount,
    bonusAmount: bonus,
    balanceAfter: balance,
    bonusAfter: bonusBalance,
    refType: 'card_top_up',
    refId: t!.id,
    seq: 1,
    storeId: s.id,
    createdBy: input.userId,
    at: input.at,
  });
  await recordOperation(tx, {
    userId: input.userId,
    action: 'memberCard.topUp',
    target: `member_card:${c.id}`,
    before: { balance: c.balance, bonusBalance: c.bonusBalance },
    after: { topUpNo: t!.no, amount: input.amount, bonus, balance, bonusBalance },
  });
  return { topUpId: t!.id, topUpNo: t!.no, balance, bonusBalance };
};

// ── 消费 ─────────────────────────────────────────────────────────────────────

export interface ConsumeLineInput {
  /** Exactly one of projectId / productId. */
  projectId?: number;
  productId?: number;
  quantity: number;
  /** The member card that pays the line; none: paid otherwise (cash, WeChat …). */
  memberCardId?: number | null;
}

export interface ConsumeInput {
  memberId: number;
  storeId: number;
  staffId?: number | null;
  at: Date;
  lines: readonly ConsumeLineInput[];
  remark?: string | null;
  userId: number | null;
  /** A retried request with the same key answers the first bill and draws nothing again. */
  requestKey?: string;
}

export interface ConsumedBill {
  consumeId: number;
  billNo: string;
  total: number;
  paidByCard: number;
  paidOther: number;
}

interface Item {
  kind: 'project' | 'product';
  id: number;
  name: string;
  price: number;
}

const itemsOf = async (tx: Tx, lines: readonly ConsumeLineInput[]) => {
  const projectIds = [...new Set(lines.flatMap((l) => (l.projectId ? [l.projectId] : [])))];
  const productIds = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const projects = projectIds.length
    ? await tx
        .select({ id: project.id, name: project.name, price: project.price })
        .from(project)
        .where(inArray(project.id, projectIds))
    : [];
  const products = productIds.length
    ? await tx
        .select({ id: product.id, name: product.name, price: product.retailPrice })
        .from(product)
        .where(inArray(product.id, productIds))
    : [];
  const trials = projectIds.length
    ? await tx
        .select({ projectId: trialLimit.projectId })
        .from(trialLimit)
        .where(and(inArray(trialLimit.projectId, projectIds), eq(trialLimit.enabled, true)))
    : [];
  return {
    item: (l: ConsumeLineInput): Item => {
      const found = l.projectId
        ? projects.find((x) => x.id === l.projectId)
        : products.find((x) => x.id === l.productId);
      if (!found) throw invalid(l.projectId ? '项目不存在或已被删除' : '商品不存在或已被删除');
      return { kind: l.projectId ? 'project' : 'product', ...found };
    },
    isTrial: (projectId: number) => trials.some((t) => t.projectId === projectId),
  };
};

const checkLines = (lines: readonly ConsumeLineInput[]) => {
  if (lines.length === 0) throw invalid('请添加消费项目或商品');
  if (lines.length > CONSUME_LINES_MAX) throw invalid(`一张消费单最多 ${CONSUME_LINES_MAX} 行`);
  for (const l of lines) {
    if (!!l.projectId === !!l.productId) throw invalid('每行须为一个项目或一个商品');
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > CONSUME_QUANTITY_MAX) {
      throw invalid(`数量须为 1 至 ${CONSUME_QUANTITY_MAX} 的整数`);
    }
  }
};

/**
 * 消费: writes the bill, its lines, one ledger row per line a card pays, the cards' new balances
 * and sessions, and the trials taken, together. A 套餐卡 pays projects it holds, one session each;
 * a 储值卡 pays a project at its 关联项目 price (projectPriceOnCard) and a product at its retail
 * price, from the principal first, then the bonus. Refuses (and writes nothing) an overdraw, a
 * frozen member or card, an expired card, a card not usable at the store, an item the card does
 * not pay, and a trial taken once too often (the error rolls the caller's transaction back).
 */
export const consume = async (tx: Tx, input: ConsumeInput): Promise<ConsumedBill> => {
  if (input.requestKey) {
    const [done] = await tx
      .select({
        consumeId: memberConsume.id,
        billNo: memberConsume.billNo,
        total: memberConsume.total,
        paidByCard: memberConsume.paidByCard,
        paidOther: memberConsume.paidOther,
      })
      .from(memberConsume)
      .where(eq(memberConsume.requestKey, input.requestKey));
    if (done) return done;
  }
  checkLines(input.lines);
  const m = await memberOf(tx, input.memberId);
  const s = await storeOf(tx, input.storeId);
  const cardIds = input.lines.flatMap((l) => (l.memberCardId ? [l.memberCardId] : []));
  if (cardIds.length) assertMemberActive(m);
  const cards = await lockCards(tx, cardIds);
  const products = await cardProductsOf(tx, [...new Set([...cards.values()].map((c) => c.cardId))]);
  for (const id of new Set(cardIds)) {
    const c = cards.get(id);
    if (!c || c.memberId !== m.id) throw invalid('会员卡不存在或不属于该会员');
    await assertUsable(tx, c, products.get(c.cardId)!, s, input.at);
  }
  const sessionRows = cards.size
    ? await tx
        .select()
        .from(memberCardSession)
        .where(inArray(memberCardSession.memberCardId, [...cards.keys()]))
    : [];
  const remaining = new Map(sessionRows.map((r) => [`${r.memberCardId}:${r.projectId}`, r.remaining]));
  const money = new Map(
    [...cards.values()].map((c) => [c.id, { balance: c.balance ?? 0, bonus: c.bonusBalance ?? 0 }]),
  );
  const { item, isTrial } = await itemsOf(tx, input.lines);

  const planned = [];
  for (const [i, l] of input.lines.entries()) {
    const it = item(l);
    const c = l.memberCardId ? cards.get(l.memberCardId)! : null;
    const p = c ? products.get(c.cardId)! : null;
    let unitPrice = it.price;
    let sessions: number | null = null;
    let cardAmount = 0;
    let draw: { amount: number; bonus: number; balanceAfter: number; bonusAfter: number } | null = null;
    let sessionsAfter: number | null = null;
    if (c && p && c.kind === 'combo') {
      const key = `${c.id}:${it.id}`;
      const left = it.kind === 'project' ? remaining.get(key) : undefined;
      if (left === undefined) {
        throw new BizError(
          ERR.MEMBER_CARD_WRONG_ITEM,
          `套餐卡${cardLabel(c, p)}不包含${it.kind === 'project' ? '项目' : '商品'}「${it.name}」`,
        );
      }
      if (left < l.quantity) {
        throw new BizError(
          ERR.MEMBER_OVERDRAW,
          `套餐卡${cardLabel(c, p)}的「${it.name}」剩余 ${left} 次，不够划 ${l.quantity} 次`,
        );
      }
      sessions = l.quantity;
      sessionsAfter = left - l.quantity;
      remaining.set(key, sessionsAfter);
      cardAmount = unitPrice * l.quantity;
    } else if (c && p) {
      if (it.kind === 'project') {
        const onCard = await projectPriceOnCard(tx, c.cardId, it.id);
        if (onCard === null) {
          throw new BizError(
            ERR.MEMBER_CARD_WRONG_ITEM,
            `储值卡${cardLabel(c, p)}不能支付项目「${it.name}」（未设置关联项目）`,
          );
        }
        unitPrice = onCard;
      }
      const due = unitPrice * l.quantity;
      const held = money.get(c.id)!;
      if (held.balance + held.bonus < due) {
        throw new BizError(
          ERR.MEMBER_OVERDRAW,
          `储值卡${cardLabel(c, p)}余额不足：可用 ${formatYuan(held.balance + held.bonus)} 元，需支付 ${formatYuan(due)} 元`,
        );
      }
      const fromBalance = Math.min(held.balance, due);
      const fromBonus = due - fromBalance;
      held.balance -= fromBalance;
      held.bonus -= fromBonus;
      cardAmount = due;
      draw = { amount: -fromBalance, bonus: -fromBonus, balanceAfter: held.balance, bonusAfter: held.bonus };
    }
    const trial = it.kind === 'project' && isTrial(it.id);
    planned.push({
      i,
      l,
      it,
      c,
      unitPrice,
      amount: unitPrice * l.quantity,
      sessions,
      sessionsAfter,
      cardAmount,
      draw,
      trial,
    });
  }

  const total = planned.reduce((n, x) => n + x.amount, 0);
  const paidByCard = planned.reduce((n, x) => n + x.cardAmount, 0);
  assertMoney(total, '消费单金额');
  const [bill] = await tx
    .insert(memberConsume)
    .values({
      memberId: m.id,
      storeId: s.id,
      staffId: input.staffId ?? null,
      consumedAt: input.at,
      total,
      paidByCard,
      paidOther: total - paidByCard,
      remark: input.remark ?? null,
      requestKey: input.requestKey ?? null,
      createdBy: input.userId,
    })
    .returning({ id: memberConsume.id, billNo: memberConsume.billNo });
  const consumeId = bill!.id;

  for (const x of planned) {
    if (!x.trial) continue;
    for (let k = 0; k < x.l.quantity; k++) {
      const take = { memberPhone: m.phone, projectId: x.it.id, storeId: s.id, at: input.at };
      await assertTrialAllowed(tx, take);
      await recordTrialUse(tx, { ...take, ref: bill!.billNo });
    }
  }
  await tx.insert(memberConsumeLine).values(
    planned.map((x) => ({
      consumeId,
      line: x.i + 1,
      itemKind: x.it.kind,
      projectId: x.it.kind === 'project' ? x.it.id : null,
      productId: x.it.kind === 'product' ? x.it.id : null,
      quantity: x.l.quantity,
      unitPrice: x.unitPrice,
      amount: x.amount,
      memberCardId: x.c?.id ?? null,
      sessions: x.sessions,
      cardAmount: x.cardAmount,
      trial: x.trial,
    })),
  );
  const ledger: LedgerRow[] = planned.flatMap((x) =>
    x.c
      ? [
          {
            memberCardId: x.c.id,
            memberId: m.id,
            kind: 'consume',
            amount: x.draw?.amount ?? 0,
            bonusAmount: x.draw?.bonus ?? 0,
            balanceAfter: x.draw?.balanceAfter ?? null,
            bonusAfter: x.draw?.bonusAfter ?? null,
            projectId: x.sessions !== null ? x.it.id : null,
            sessions: x.sessions !== null ? -x.sessions : null,
            sessionsAfter: x.sessionsAfter,
            refType: 'member_consume',
            refId: consumeId,
            seq: x.i + 1,
            storeId: s.id,
            createdBy: input.userId,
            at: input.at,
          },
        ]
      : [],
  );
  if (ledger.length) await tx.insert(cardLedger).values(ledger);
  for (const c of cards.values()) {
    if (c.kind !== 'stored') continue;
    const held = money.get(c.id)!;
    await tx.update(memberCard).set({ balance: held.balance, bonusBalance: held.bonus }).where(eq(memberCard.id, c.id));
  }
  for (const x of planned) {
    if (x.sessions === null || !x.c) continue;
    await tx
      .update(memberCardSession)
      .set({ remaining: sql`${memberCardSession.remaining} - ${x.sessions}` })
      .where(and(eq(memberCardSession.memberCardId, x.c.id), eq(memberCardSession.projectId, x.it.id)));
  }
  await recordOperation(tx, {
    userId: input.userId,
    action: 'member.consume',
    target: `member_consume:${consumeId}`,
    after: {
      billNo: bill!.billNo,
      member: m.name,
      store: s.name,
      total,
      paidByCard,
      lines: planned.map((x) => ({
        item: x.it.name,
        quantity: x.l.quantity,
        amount: x.amount,
        card: x.c?.cardNo ?? null,
        sessions: x.sessions,
        cardAmount: x.cardAmount,
      })),
    },
  });
  return { consumeId, billNo: bill!.billNo, total, paidByCard, paidOther: total - paidByCard };
};
