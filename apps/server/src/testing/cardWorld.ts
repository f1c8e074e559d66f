/**
 * A member of SH001 holding a 储值卡 and a 套餐卡 (a project of 8000 分, `sessions` of it), and a
 * retail product priced 1–500 元: the world the refund and correction tests draw and give back.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { card, cardProject, product, project } from '../modules/goods/schema';
import { openCard } from '../modules/members/ledger';
import { createMember } from '../modules/members/service';
import { store } from '../modules/stores/schema';

export interface CardWorld {
  sh: number;
  other: number;
  project: number;
  product: number;
  /** The product's retail price (分). */
  price: number;
  member: number;
  stored: number;
  combo: number;
}

export const cardWorld = async (
  db: Db,
  o: { code: string; phone: string; amount: number; bonus: number; sessions: number },
): Promise<CardWorld> => {
  const stores = await db.select().from(store).orderBy(asc(store.id));
  const sh = stores.find((s) => s.code === 'SH001')!.id;
  const [p] = await db
    .insert(project)
    .values({
      code: `${o.code}-P1`,
      name: `${o.code}护理`,
      typeId: sql`(select id from master_item where category = 'projectType' order by id limit 1)` as never,
      durationMin: 60,
      price: 8000,
    })
    .returning({ id: project.id });
  const [prod] = await db
    .select({ id: product.id, price: product.retailPrice })
    .from(product)
    .where(sql`${product.retailPrice} between 100 and 50000`)
    .orderBy(asc(product.id))
    .limit(1);
  const [stored, combo] = await db
    .insert(card)
    .values([
      {
        code: `${o.code}-S`,
        name: `${o.code}储值卡`,
        kind: 'stored',
        price: o.amount,
        validityDays: 3650,
        amount: o.amount,
        bonus: o.bonus,
      },
      { code: `${o.code}-C`, name: `${o.code}套餐卡`, kind: 'combo', price: 80_000, validityDays: 3650 },
    ])
    .returning({ id: card.id });
  await db.insert(cardProject).values({ cardId: combo!.id, projectId: p!.id, sessions: o.sessions, line: 1 });
  const m = await db.transaction((x) =>
    createMember(x, { name: `${o.code}会员`, phone: o.phone, storeId: sh, userId: null }),
  );
  const open = (cardId: number) =>
    db.transaction((x) => openCard(x, { memberId: m.id, cardId, storeId: sh, at: new Date(), userId: null }));
  return {
    sh,
    other: stores.find((s) => s.id !== sh)!.id,
    project: p!.id,
    product: prod!.id,
    price: prod!.price,
    member: m.id,
    stored: (await open(stored!.id)).memberCardId,
    combo: (await open(combo!.id)).memberCardId,
  };
};

/** The errcode a call is refused with, or 'accepted'. */
export const refusal = async (p: Promise<unknown>): Promise<string | undefined> => {
  try {
    await p;
  } catch (e) {
    return (e as { errcode?: string }).errcode;
  }
  return 'accepted';
};
