/**
 * Demo marketing activities: three real-card activities in different states — one approved and
 * under way (some cards claimed, a few voided), one waiting for review, one draft — each with its
 * cards generated as saveActivityRealCard would.
 */
import { formatDate } from '@zb/contract/time';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/auth/schema';
import { card } from '../modules/goods/schema';
import { generateCards } from '../modules/marketing/realCards';
import { marketingActivity, marketingRealCard } from '../modules/marketing/schema';

const DAY = 86_400_000;

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
    if (a.claimed) {
      // The first cards were claimed over the last days, by made-up members.
      await tx.execute(sql`
        update marketing_real_card
        set status = 'claimed',
            member_phone = '1390000' || lpad((seq + 100)::text, 4, '0'),
            claimed_at = ${at(-1).toISOString()}::timestamptz - (seq || ' hours')::interval
        where activity_id = ${activityId} and seq <= ${a.claimed}`);
    }
    if (a.voided) {
      await tx
        .update(marketingRealCard)
        .set({ status: 'voided', voidedBy: admin?.id ?? null, voidedAt: at(-3) })
        .where(and(eq(marketingRealCard.activityId, activityId), gt(marketingRealCard.seq, a.quantity - a.voided)));
    }
  }
};
