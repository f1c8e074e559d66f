/**
 * Headless rules of the /close flow: which stores may be closed or receive, the receiving store
 * of each member (the bulk one unless chosen), the body of the start call (only the members whose
 * store differs from the bulk one), what would move, and a closure's progress.
 */
import type { ClosureDto, MoveStoreDto, PreviewMemberDto, StartClosureBody } from '@zb/contract/api/memberMoves';

/** Stores that may be closed: any not closed yet. */
export const closableStores = (stores: readonly MoveStoreDto[]): MoveStoreDto[] =>
  stores.filter((s) => s.status !== 'closed');

/** Stores that may receive the members of `closing`: not closed, not the closing store. */
export const receivingStores = (stores: readonly MoveStoreDto[], closing: number | null): MoveStoreDto[] =>
  stores.filter((s) => s.status !== 'closed' && s.id !== closing);

/** The receiving store of a member: their own choice, else the bulk one. */
export const receiverOf = (memberId: number, bulk: number | null, chosen: ReadonlyMap<number, number>): number | null =>
  chosen.get(memberId) ?? bulk;

export const startBody = (
  storeId: number,
  bulk: number,
  chosen: ReadonlyMap<number, number>,
  reason: string,
): StartClosureBody => {
  const members = [...chosen.entries()]
    .filter(([, to]) => to !== bulk)
    .map(([memberId, toStoreId]) => ({ memberId, toStoreId }));
  return {
    storeId,
    toStoreId: bulk,
    ...(reason.trim() ? { reason: reason.trim() } : {}),
    ...(members.length ? { members } : {}),
  };
};

/** What a member's cards of the closing store hold: 本金, 赠送 (分), sessions. */
export const memberHolds = (m: PreviewMemberDto) => ({
  amount: m.cards.reduce((n, c) => n + (c.balance ?? 0), 0),
  bonus: m.cards.reduce((n, c) => n + (c.bonusBalance ?? 0), 0),
  sessions: m.cards.reduce((n, c) => n + c.sessionsLeft, 0),
});

/** Percent of the closure's members settled (moved or failed). */
export const progressOf = (c: Pick<ClosureDto, 'total' | 'moved' | 'failed'>): number =>
  c.total === 0 ? 100 : Math.floor(((c.moved + c.failed) * 100) / c.total);
