/**
 * Demo cards of /abnormalCardList (issue 15), one in every abnormal state, made through the ledger
 * and the handling services the API uses:
 * - 过期仍有余额: a 储值卡 of a 30-day card product sold 60 days ago, never drawn, with a 调整 clearing
 *   it waiting in the approval center;
 * - 单日多店消费: a 储值卡 drawn yesterday at three stores, then 冻结 and 解冻 (its history), with a 调整
 *   approved in the approval center (a 调整 ledger row);
 * - 冻结卡近期有消费: a 储值卡 drawn three days ago, then 冻结;
 * Then 补卡 and 注销 (/supplementOrCancellation, seedCardClosures below).
 * The fourth rule, 余额与流水不符, finds only a card changed outside the ledger (a faulty import, a
 * hand edit of the database): the demo keeps every card equal to its ledger — the invariant every
 * other check of the demo counts on — so memberAssets.test.ts damages 异常卡丁's card itself.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { card, product } from '../modules/goods/schema';
import { applyCancelIn, applyReissueIn } from '../modules/memberAssets/cardClosure';
import { cardClosure, cardHandling } from '../modules/memberAssets/schema';
import { type Actor, applyAdjustIn, setCardStatusIn } from '../modules/memberAssets/service';
import { consume, openCard } from '../modules/members/ledger';
import { shanghaiDay } from '../modules/members/rollups';
import { createMember } from '../modules/members/service';
import { store } from '../modules/stores/schema';
import { HQ_SCOPE } from '../platform/scope';

const DAY = 86_400_000;

export const seedMemberAssets = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const actor = { user: { id: admin!.id }, scope: HQ_SCOPE };
  // Three stores of one level (a card of one may be drawn at the others), the first by id.
  const stores = await tx.select({ id: store.id, levelId: store.levelId }).from(store).orderBy(asc(store.id));
  const level = stores[0]!.levelId;
  const [s1, s2, s3] = stores.filter((s) => s.levelId === level).map((s) => s.id);
  const [goods] = await tx.select({ id: product.id }).from(product).orderBy(asc(product.id)).limit(1);
  const products = await tx
    .insert(card)
    .values([
      {
        code: 'ZC-DEMO',
        name: '资产演示储值卡',
        kind: 'stored',
        price: 100_000,
        validityDays: 730,
        amount: 100_000,
        bonus: 10_000,
      },
      {
        code: 'ZC-DEMO30',
        name: '月度体验储值卡',
        kind: 'stored',
        price: 20_000,
        validityDays: 30,
        amount: 20_000,
        bonus: 0,
      },
    ])
    .returning({ id: card.id });
  const [yearly, monthly] = products.map((p) => p.id);
  const cardOf = async (i: number, cardId: number, daysAgo: number) => {
    const m = await createMember(tx, {
      name: ['异常卡甲', '异常卡乙', '异常卡丙', '异常卡丁'][i]!,
      phone: `1399008${String(i).padStart(4, '0')}`,
      storeId: s1!,
      userId: null,
    });
    const c = await openCard(tx, {
      memberId: m.id,
      cardId,
      storeId: s1!,
      at: new Date(now.getTime() - daysAgo * DAY),
      userId: null,
    });
    return { memberId: m.id, memberCardId: c.memberCardId };
  };
  const draw = (c: { memberId: number; memberCardId: number }, storeId: number, at: Date) =>
    consume(tx, {
      memberId: c.memberId,
      storeId,
      at,
      userId: null,
      lines: [{ productId: goods!.id, quantity: 1, memberCardId: c.memberCardId }],
    });

  // 过期仍有余额, and a 调整 clearing it waiting in the approval center.
  const expired = await cardOf(0, monthly!, 60);
  await applyAdjustIn(tx, actor, {
    memberCardId: expired.memberCardId,
    amount: -20_000,
    bonus: 0,
    sessions: 0,
    reason: '会员确认放弃过期卡余额，按规则清零',
  });
  // 单日多店消费, its 冻结 and 解冻, and an approved 调整.
  const many = await cardOf(1, yearly!, 20);
  // 10:00, 13:00 and 16:00 of yesterday (Beijing): one day, whatever the hour of the seed.
  const yesterday = Date.parse(`${shanghaiDay(new Date(now.getTime() - DAY))}T10:00:00+08:00`);
  for (const [k, s] of [s1, s2, s3].entries()) await draw(many, s!, new Date(yesterday + k * 3 * 3_600_000));
  await setCardStatusIn(
    tx,
    actor,
    { memberCardId: many.memberCardId, reason: '单日在三家门店消费，先冻结核实' },
    'frozen',
  );
  await setCardStatusIn(tx, actor, { memberCardId: many.memberCardId, reason: '已电话核实为会员本人' }, 'active');
  await applyAdjustIn(tx, actor, {
    memberCardId: many.memberCardId,
    amount: 5000,
    bonus: 0,
    sessions: 0,
    reason: '门店误扣一次，补回 50 元',
  });
  const [applied] = await tx
    .select({ approvalId: cardHandling.approvalId })
    .from(cardHandling)
    .where(and(eq(cardHandling.memberCardId, many.memberCardId), eq(cardHandling.action, 'adjust')));
  await decideIn(tx, admin!.id, { id: applied!.approvalId!, decision: 'approve', comment: '同意' }, undefined);
  // 冻结卡近期有消费.
  const frozen = await cardOf(2, yearly!, 15);
  await draw(frozen, s1!, new Date(now.getTime() - 3 * DAY));
  await setCardStatusIn(tx, actor, { memberCardId: frozen.memberCardId, reason: '会员报失，冻结待补卡' }, 'frozen');
  // A sound card: memberAssets.test.ts changes its balance outside the ledger (余额与流水不符).
  await cardOf(3, yearly!, 10);
  await seedCardClosures(tx, now, { actor, adminId: admin!.id, storeId: s1!, yearly: yearly!, monthly: monthly! });
};

/**
 * /supplementOrCancellation (补卡, 注销) through the services the API and the approval center use:
 * 补卡 of a lost 储值卡 (drawn once, frozen when reported lost) and of a 套餐卡, both approved; 注销 with
 * part of the 本金 refunded and 注销 of an expired card forfeited, both approved; a 注销 rejected; and a
 * 补卡 waiting in the approval center.
 */
const seedCardClosures = async (
  tx: Tx,
  now: Date,
  o: { actor: Actor; adminId: number; storeId: number; yearly: number; monthly: number },
) => {
  const [combo] = await tx.select({ id: card.id }).from(card).where(eq(card.code, 'C003'));
  const [goods] = await tx.select({ id: product.id }).from(product).orderBy(asc(product.id)).limit(1);
  const names = ['补卡会员甲', '补卡会员乙', '注销会员丙', '注销会员丁', '注销会员戊', '补卡会员己'];
  // An open store of another region than the first store's: the list's rows lie in more than one region.
  const [home] = await tx.select({ regionId: store.regionId }).from(store).where(eq(store.id, o.storeId));
  const [far] = await tx
    .select({ id: store.id })
    .from(store)
    .where(and(ne(store.regionId, home!.regionId!), eq(store.status, 'open')))
    .orderBy(asc(store.id))
    .limit(1);
  const cardOf = async (i: number, cardId: number, daysAgo: number, storeId = o.storeId) => {
    const m = await createMember(tx, {
      name: names[i]!,
      phone: `1399009${String(i).padStart(4, '0')}`,
      storeId,
      userId: null,
    });
    const c = await openCard(tx, {
      memberId: m.id,
      cardId,
      storeId,
      at: new Date(now.getTime() - daysAgo * DAY),
      userId: null,
    });
    return { memberId: m.id, memberCardId: c.memberCardId };
  };
  const decide = async (memberCardId: number, decision: 'approve' | 'reject') => {
    const [a] = await tx
      .select({ approvalId: cardClosure.approvalId })
      .from(cardClosure)
      .where(and(eq(cardClosure.memberCardId, memberCardId), eq(cardClosure.status, 'pending')));
    await decideIn(
      tx,
      o.adminId,
      { id: a!.approvalId!, decision, comment: decision === 'approve' ? '同意' : '请先核实会员身份' },
      undefined,
    );
  };
  // 补卡 of a lost 储值卡: drawn once, frozen when reported lost, then 补卡 (approved).
  const lost = await cardOf(0, o.yearly, 40);
  await consume(tx, {
    memberId: lost.memberId,
    storeId: o.storeId,
    at: new Date(now.getTime() - 12 * DAY),
    userId: null,
    lines: [{ productId: goods!.id, quantity: 1, memberCardId: lost.memberCardId }],
  });
  await setCardStatusIn(tx, o.actor, { memberCardId: lost.memberCardId, reason: '会员报失，冻结待补卡' }, 'frozen');
  await applyReissueIn(tx, o.actor, {
    memberCardId: lost.memberCardId,
    newCardNo: 'BK20260001',
    reason: '会员卡遗失，补办新卡',
  });
  await decide(lost.memberCardId, 'approve');
  // 补卡 of a 套餐卡 (approved).
  if (combo) {
    const worn = await cardOf(1, combo.id, 30);
    await applyReissueIn(tx, o.actor, {
      memberCardId: worn.memberCardId,
      newCardNo: 'BK20260002',
      reason: '卡面磨损无法识别',
    });
    await decide(worn.memberCardId, 'approve');
  }
  // 注销 with 300 元 of the 本金 refunded (the rest and the 赠金 forfeited), approved.
  const moving = await cardOf(2, o.yearly, 90);
  await applyCancelIn(tx, o.actor, {
    memberCardId: moving.memberCardId,
    rule: 'refund',
    refundAmount: 30_000,
    reason: '会员搬离本市，协商退还部分本金',
  });
  await decide(moving.memberCardId, 'approve');
  // 注销 of an expired card at a store of another region, everything forfeited, approved.
  const expired = await cardOf(3, o.monthly, 45, far?.id ?? o.storeId);
  await applyCancelIn(tx, o.actor, {
    memberCardId: expired.memberCardId,
    rule: 'forfeit',
    refundAmount: 0,
    reason: '卡已过期，会员确认放弃余额',
  });
  await decide(expired.memberCardId, 'approve');
  // A 注销 rejected: the card stays as it was.
  const kept = await cardOf(4, o.yearly, 20);
  await applyCancelIn(tx, o.actor, {
    memberCardId: kept.memberCardId,
    rule: 'forfeit',
    refundAmount: 0,
    reason: '会员要求注销',
  });
  await decide(kept.memberCardId, 'reject');
  // A 补卡 waiting in the approval center.
  const waiting = await cardOf(5, o.yearly, 25);
  await applyReissueIn(tx, o.actor, {
    memberCardId: waiting.memberCardId,
    newCardNo: 'BK20260003',
    reason: '会员卡被盗，申请补卡',
  });
};
