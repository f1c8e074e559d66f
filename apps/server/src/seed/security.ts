/**
 * Demo data of business security (issue 15, SPEC §2.15): /useCardLimit's rules — the chain's
 * default (stopped, so the demo's own tests and tills run unlimited), C006 and C007's overrides
 * and a store's — and /blacklistAdmin's entries: a member, a phone no member holds yet and a
 * spare POS terminal, each with its reason and one with a last day; and the warnings the scan
 * finds over the demo's ledger, with a member's day made to break three of the rules. Added after the demo's
 * history, which they would otherwise have refused.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { card, product } from '../modules/goods/schema';
import { consume, LedgerRefs, openCard } from '../modules/members/ledger';
import { member } from '../modules/members/schema';
import { createMember } from '../modules/members/service';
import { openClient } from '../modules/openApi/schema';
import { securityBlacklist, useCardLimit } from '../modules/security/schema';
import { scanWarnings } from '../modules/security/warnings';
import { store } from '../modules/stores/schema';
import { posTerminal } from '../modules/storesMore/schema';

const DAY = 86_400_000;

/**
 * A member whose day breaks the warning rules, written through the ledger like every bill: three
 * cards opened in one day (一号多卡), one drawn at three stores that day (多店划卡), and a 3000
 * 元 card drawing over 2000 元 on one bill (大额划卡).
 */
const seedRiskyDay = async (tx: Tx, now: Date): Promise<number | null> => {
  // A store no test names: the member is blacklisted, and the e2e tests draw on BJ001's members.
  const [home] = await tx.select({ id: store.id, levelId: store.levelId }).from(store).where(eq(store.code, 'TJ001'));
  if (!home?.levelId) return null;
  const peers = await tx
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.levelId, home.levelId), ne(store.id, home.id)))
    .orderBy(store.id)
    .limit(2);
  const [p001] = await tx.select({ id: product.id }).from(product).where(eq(product.code, 'P001'));
  const [c005] = await tx.select({ id: card.id }).from(card).where(eq(card.code, 'C005'));
  const [c006] = await tx.select({ id: card.id }).from(card).where(eq(card.code, 'C006'));
  if (peers.length < 2 || !p001 || !c005 || !c006) return null;
  const day = new Date(now.getTime() - 2 * DAY);
  const at = (h: number, m = 0) => {
    const d = new Date(`${day.toISOString().slice(0, 10)}T00:00:00+08:00`);
    return new Date(d.getTime() + (h * 60 + m) * 60_000);
  };
  const refs = new LedgerRefs();
  const { id: memberId } = await createMember(tx, {
    name: '风控演示会员',
    phone: '13999990002',
    storeId: home.id,
    userId: null,
    joinedAt: at(9),
  });
  const open = (cardId: number, t: Date) =>
    openCard(tx, { memberId, cardId, storeId: home.id, at: t, userId: null }, refs);
  const first = await open(c005.id, at(10));
  await open(c005.id, at(10, 5));
  const big = await open(c006.id, at(10, 10));
  const draw = (storeId: number, memberCardId: number, quantity: number, t: Date) =>
    consume(
      tx,
      { memberId, storeId, at: t, lines: [{ productId: p001.id, quantity, memberCardId }], userId: null },
      refs,
    );
  await draw(home.id, first.memberCardId, 1, at(11));
  await draw(peers[0]!.id, first.memberCardId, 1, at(14));
  await draw(peers[1]!.id, first.memberCardId, 1, at(18));
  await draw(home.id, big.memberCardId, 16, at(19));
  return memberId;
};

export const seedSecurity = async (tx: Tx, now: Date, history = true): Promise<void> => {
  // A world without the demo's history (a bulk scale) gets the rules only.
  const risky = history ? await seedRiskyDay(tx, now) : null;
  // The warning scan over the whole demo ledger, as its job runs every five minutes.
  await scanWarnings(tx, now);
  const cards = new Map(
    (await tx.select({ id: card.id, code: card.code }).from(card)).map((c) => [c.code, c.id] as const),
  );
  const [hz] = await tx.select({ id: store.id }).from(store).where(eq(store.code, 'HZ001'));
  await tx.insert(useCardLimit).values([
    {
      scope: 'chain',
      maxDraws: 10,
      maxAmount: 500_000,
      maxStores: 3,
      enabled: false,
      remark: '全连锁默认：每卡每天最多 10 次、5000 元、3 家门店（演示中停用）',
    },
    ...(cards.has('C006')
      ? [
          {
            scope: 'card',
            cardId: cards.get('C006')!,
            maxDraws: 3,
            maxAmount: 200_000,
            maxStores: 2,
            remark: '3000 元储值卡',
          },
        ]
      : []),
    ...(cards.has('C007')
      ? [{ scope: 'card', cardId: cards.get('C007')!, maxDraws: 2, maxStores: 1, remark: '高端店储值卡只在一家店用' }]
      : []),
    ...(hz ? [{ scope: 'store', storeId: hz.id, maxDraws: 6, maxAmount: 300_000, remark: '杭州门店售出的卡' }] : []),
  ]);

  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).orderBy(userAccount.id).limit(1);
  const [last] = risky
    ? await tx.select({ id: member.id, phone: member.phone }).from(member).where(eq(member.id, risky))
    : [];
  // A terminal that holds no open-API key: the demo till keeps working.
  const [spare] = await tx
    .select({ sn: posTerminal.sn })
    .from(posTerminal)
    .where(
      and(
        isNull(posTerminal.deletedAt),
        sql`not exists (select 1 from ${openClient} k where k.pos_terminal_id = ${posTerminal.id})`,
      ),
    )
    .orderBy(desc(posTerminal.id))
    .limit(1);
  const later = new Date(now.getTime() + 90 * DAY).toISOString().slice(0, 10);
  await tx.insert(securityBlacklist).values([
    ...(last
      ? [
          {
            kind: 'member',
            value: last.phone,
            memberId: last.id,
            reason: '多次恶意退款，经核实列入黑名单',
            createdBy: admin?.id ?? null,
          },
        ]
      : []),
    {
      kind: 'phone',
      value: '13999990001',
      reason: '同一手机号批量开卡套取赠金',
      expiresOn: later,
      createdBy: admin?.id ?? null,
    },
    ...(spare
      ? [{ kind: 'device', value: spare.sn, reason: '终端遗失，停用期间禁止开卡划卡', createdBy: admin?.id ?? null }]
      : []),
  ]);
};
