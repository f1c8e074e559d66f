/**
 * Demo marketing activities: three real-card activities in different states — one approved and
 * under way (some cards claimed, a few voided), one waiting for review, one draft — each with its
 * cards generated as saveActivityRealCard would. The claimed cards are claimed by demo members
 * through claimRealCard, so each opened its member card through the ledger: seed after members.
 * Without members (the large scale has none yet) the cards stay unclaimed.
 */
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { card } from '../modules/goods/schema';
import { claimCodeOf, claimKey, claimRealCard, generateCards } from '../modules/marketing/realCards';
import { marketingActivity, marketingRealCard } from '../modules/marketing/schema';
import { member } from '../modules/members/schema';
import { store } from '../modules/stores/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoActivity {
  name: string;
  card: string;
  quantity: number;
  status: 'approved' | 'pending' | 'draft';
  /** Days from the seed day. */
  from: number;
  to: number;
  remark: string;
  claimed?: number;
  voided?: number;
}

const ACTIVITIES: readonly DemoActivity[] = [
  {
    name: '年终回馈·头皮清洁实体卡',
    card: 'C001',
    quantity: 200,
    status: 'approved',
    from: -20,
    to: 40,
    remark: '门店随护理套装发放',
    claimed: 23,
    voided: 5,
  },
  {
    name: '新店开业·储值实体卡',
    card: 'C005',
    quantity: 100,
    status: 'pending',
    from: 3,
    to: 63,
    remark: '杭州西湖店开业派发',
  },
  { name: '会员日实体卡', card: 'C002', quantity: 50, status: 'draft', from: 10, to: 40, remark: '草稿，待定数量' },
];

/**
 * The first `n` cards, claimed over the days before the seed day (the n-th earliest) by every
 * seventh demo member who had joined by then, at a store whose level the card product allows.
 */
const claimDemoCards = async (tx: Tx, activityId: number, n: number, now: Date) => {
  const earliest = new Date(now.getTime() - DAY - n * HOUR);
  const [goods] = await tx
    .select({ scope: card.usableScope, levels: card.storeLevelIds })
    .from(marketingActivity)
    .innerJoin(card, eq(card.id, marketingActivity.cardId))
    .where(eq(marketingActivity.id, activityId));
  const candidates = await tx
    .select({ id: member.id, levelId: store.levelId })
    .from(member)
    .innerJoin(store, eq(store.id, member.storeId))
    .where(and(eq(member.status, 'normal'), lt(member.joinedAt, earliest)))
    .orderBy(asc(member.id));
  const claimers = candidates
    .filter((m) => goods?.scope === 'all' || (m.levelId !== null && goods?.levels.includes(m.levelId)))
    .filter((_, i) => i % 7 === 3)
    .slice(0, n);
  const numbers = await tx
    .select({ seq: marketingRealCard.seq, number: marketingRealCard.number })
    .from(marketingRealCard)
    .where(and(eq(marketingRealCard.activityId, activityId), lt(marketingRealCard.seq, claimers.length + 1)))
    .orderBy(asc(marketingRealCard.seq));
  const key = await claimKey(tx);
  for (const [i, c] of numbers.entries()) {
    const at = new Date(now.getTime() - DAY - c.seq * HOUR);
    await claimRealCard(tx, { number: c.number, secret: claimCodeOf(key, c.number), memberId: claimers[i]!.id }, at);
  }
};

export const seedMarketing = async (tx: Tx, now: Date): Promise<void> => {
  const cards = await tx
    .select({ id: card.id, code: card.code })
    .from(card)
    .where(
      inArray(
        card.code,
        ACTIVITIES.map((a) => a.card),
      ),
    );
  const cardId = new Map(cards.map((c) => [c.code, c.id]));
  const [zhang] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, '13800000001'));
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const day = (d: number) => formatDate(new Date(now.getTime() + d * DAY));
  const at = (d: number) => new Date(now.getTime() + d * DAY);

  for (const a of ACTIVITIES) {
    const id = cardId.get(a.card);
    if (!id) throw new Error(`seed marketing: card ${a.card} missing`);
    const [row] = await tx
      .insert(marketingActivity)
      .values({
        kind: 'realCard',
        code: sql`'HD-' || gen_random_uuid()::text`,
        name: a.name,
        status: a.status,
        cardId: id,
        quantity: a.quantity,
        startDate: day(a.from),
        endDate: day(a.to),
        remark: a.remark,
        createdBy: zhang?.id ?? null,
        updatedBy: zhang?.id ?? null,
        createdAt: at(-25),
        updatedAt: at(-25),
        ...(a.status !== 'draft' ? { submittedBy: zhang?.id ?? null, submittedAt: at(-24) } : {}),
        ...(a.status === 'approved' ? { approvedBy: admin?.id ?? null, approvedAt: at(-22) } : {}),
      })
      .returning({ id: marketingActivity.id });
    const activityId = row!.id;
    await tx
      .update(marketingActivity)
      .set({ code: `HD${String(activityId).padStart(6, '0')}` })
      .where(eq(marketingActivity.id, activityId));
    await generateCards(tx, activityId, id, a.quantity);
    if (a.claimed) await claimDemoCards(tx, activityId, a.claimed, now);
    if (a.voided) {
      await tx
        .update(marketingRealCard)
        .set({ status: 'voided', voidedBy: admin?.id ?? null, voidedAt: at(-3) })
        .where(and(eq(marketingRealCard.activityId, activityId), gt(marketingRealCard.seq, a.quantity - a.voided)));
    }
  }
};
