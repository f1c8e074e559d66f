/**
 * Associated projects (关联项目) on the resource engine: which projects a stored-value card may pay
 * for, and at what discount. Rules: the card is a stored-value card (储值卡); the project exists;
 * one row per (card, project), and the pair is written once (to change the pair, delete the row
 * and add another). `projectPricesOnCards` is the rule the member ledger consults.
 */
import {
  CARD_PROJECT_DISCOUNT,
  DISCOUNT_FULL,
  discounted,
  type StoredCardOption,
} from '@zb/contract/entities/cardProjectDiscount';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { card, cardProjectDiscount, project } from './schema';

const c = alias(card, 'c');
const p = alias(project, 'p');

const STORED = 'stored';

/**
 * The prices in 分 stored-value cards pay for one session of each project — the project's price
 * after the card's discount for it (half a 分 rounds up): card → project → price. A project the
 * card may not pay for (no such rule, or the card is not a stored-value card) is absent.
 */
export const projectPricesOnCards = async (
  tx: Tx | Db,
  cardIds: readonly number[],
): Promise<Map<number, Map<number, number>>> => {
  const out = new Map<number, Map<number, number>>(cardIds.map((id) => [id, new Map()]));
  if (cardIds.length === 0) return out;
  const rows = await tx
    .select({
      cardId: cardProjectDiscount.cardId,
      projectId: cardProjectDiscount.projectId,
      price: project.price,
      discount: cardProjectDiscount.discount,
    })
    .from(cardProjectDiscount)
    .innerJoin(card, eq(card.id, cardProjectDiscount.cardId))
    .innerJoin(project, eq(project.id, cardProjectDiscount.projectId))
    .where(and(inArray(cardProjectDiscount.cardId, [...cardIds]), eq(card.kind, STORED)));
  for (const r of rows) out.get(r.cardId)?.set(r.projectId, discounted(r.price, r.discount));
  return out;
};

/** One card's price for one project (projectPricesOnCards), or null when the card may not pay for it. */
export const projectPriceOnCard = async (tx: Tx | Db, cardId: number, projectId: number): Promise<number | null> =>
  (await projectPricesOnCards(tx, [cardId])).get(cardId)?.get(projectId) ?? null;

const checkPair = async (tx: Tx, cardId: number, projectId: number): Promise<void> => {
  const [found] = await tx.select({ kind: card.kind }).from(card).where(eq(card.id, cardId));
  if (!found) throw fieldError('cardId', '所选储值卡不存在或已被删除');
  if (found.kind !== STORED) throw fieldError('cardId', '只有储值卡可以设置关联项目');
  const [j] = await tx.select({ id: project.id }).from(project).where(eq(project.id, projectId));
  if (!j) throw fieldError('projectId', '所选项目不存在或已被删除');
  const [dup] = await tx
    .select({ id: cardProjectDiscount.id })
    .from(cardProjectDiscount)
    .where(and(eq(cardProjectDiscount.cardId, cardId), eq(cardProjectDiscount.projectId, projectId)));
  if (dup) throw fieldError('projectId', '该储值卡已关联此项目，请编辑原有设置');
};

// The discount as read: 8500 → 8.5折; trim_scale drops the zeros numeric division leaves.
const discountText = sql<string>`(case when ${cardProjectDiscount.discount} >= ${DISCOUNT_FULL} then '不打折'
  else trim_scale(${cardProjectDiscount.discount} / 1000.0)::text || '折' end)`;

export const cardProjectDiscountBinding = bindResource({
  decl: CARD_PROJECT_DISCOUNT,
  table: cardProjectDiscount,
  id: cardProjectDiscount.id,
  columns: {
    cardName: c.name,
    projectCode: p.code,
    projectName: p.name,
    discountText,
    projectPrice: p.price,
    // Half a 分 rounds up, as `discounted` does.
    cardPrice: sql<number>`round(${p.price}::numeric * ${cardProjectDiscount.discount} / ${DISCOUNT_FULL})::int`,
  },
  joins: [
    { table: c, on: eq(c.id, cardProjectDiscount.cardId) },
    { table: p, on: eq(p.id, cardProjectDiscount.projectId) },
  ],
  uniques: { card_project_discount_uq: 'projectId' },
  service: {
    create: async ({ tx }, values) => {
      await checkPair(tx, values.cardId, values.projectId);
      const [row] = await tx.insert(cardProjectDiscount).values(values).returning({ id: cardProjectDiscount.id });
      return row!.id;
    },
  },
});

/** The stored-value cards the form offers, by name. */
export const storedCardOptions = (db: Db): Promise<StoredCardOption[]> =>
  db
    .select({ id: card.id, code: card.code, name: card.name, status: card.status, price: card.price })
    .from(card)
    .where(eq(card.kind, STORED))
    .orderBy(asc(card.name), asc(card.id)) as Promise<StoredCardOption[]>;
