/**
 * Cards brought from another system (会员迁入, modules/memberImport): inserted empty — a 储值卡 with
 * 本金 0 and 赠金 0, a 套餐卡 with each project's sessions at 0 left — so that the ledger's 迁入 rows
 * (writeLedgerEntries 'migrateIn'), written next in the same transaction, bring them to what the
 * member has left and keep the rollups. Not a sale: no 开卡 row, nothing paid. And the freezing of
 * such cards and members when their import is undone (the ledger's 迁出 rows empty them first).
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { member, memberCard, memberCardSession } from './schema';

export interface MigratedCard {
  memberId: number;
  /** The card product, and its kind. */
  cardId: number;
  kind: 'stored' | 'combo';
  storeId: number;
  openedAt: Date;
  expiresAt: Date;
  userId: number | null;
  /** 套餐卡: the projects the card holds and their sessions in all (what is left comes by the ledger). */
  sessions: readonly { projectId: number; total: number }[];
}

const CHUNK = 1000;

/** Inserts the cards empty; answers their ids in the order given. */
export const insertMigratedCards = async (tx: Tx, cards: readonly MigratedCard[]): Promise<number[]> => {
  const ids: number[] = [];
  for (let i = 0; i < cards.length; i += CHUNK) {
    const part = cards.slice(i, i + CHUNK);
    const rows = await tx
      .insert(memberCard)
      .values(
        part.map((c) => ({
          memberId: c.memberId,
          cardId: c.cardId,
          kind: c.kind,
          storeId: c.storeId,
          openedAt: c.openedAt,
          expiresAt: c.expiresAt,
          paid: 0,
          balance: c.kind === 'stored' ? 0 : null,
          bonusBalance: c.kind === 'stored' ? 0 : null,
          createdBy: c.userId,
        })),
      )
      .returning({ id: memberCard.id });
    ids.push(...rows.map((r) => r.id));
  }
  const sessions = cards.flatMap((c, i) =>
    c.sessions.map((s) => ({ memberCardId: ids[i]!, projectId: s.projectId, total: s.total, remaining: 0 })),
  );
  for (let i = 0; i < sessions.length; i += CHUNK) {
    await tx.insert(memberCardSession).values(sessions.slice(i, i + CHUNK));
  }
  return ids;
};

/** Freezes the cards and the members of the given id lists (SQL subqueries or ids): an undone import. */
export const freezeMigrated = async (tx: Tx, cardIds: SQL, memberIds: SQL): Promise<void> => {
  await tx.update(memberCard).set({ status: 'frozen' }).where(sql`${memberCard.id} in ${cardIds}`);
  await tx.update(member).set({ status: 'frozen' }).where(sql`${member.id} in ${memberIds}`);
};

/** Members frozen by an undone import who are imported again come back to 正常. */
export const reviveMigratedMembers = async (tx: Tx, ids: readonly number[]): Promise<void> => {
  if (ids.length)
    await tx
      .update(member)
      .set({ status: 'normal' })
      .where(inArray(member.id, [...ids]));
};
