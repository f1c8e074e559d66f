/**
 * 赠送方案 (contract entities/giftPlan.ts): the plans on the resource engine, their life through the
 * approval center (approvals/campaigns.ts), the nightly end of plans past their end day, and the
 * gifts bills take (bills' `billGifts` hook): a top-up or card-sale line takes the one 进行中 plan
 * with the highest 门槛 it qualifies for; its bonus goes into the line's ledger entry, and here,
 * in the bill's transaction, its coupons are issued and the gift recorded.
 */

import { splitCodes } from '@zb/contract/entities/coupon';
import { GIFT_PLAN, GIFT_RECORD } from '@zb/contract/entities/giftPlan';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { campaignLifecycle, campaignReads, checkCampaignDays } from '../approvals/campaigns';
import type { GiftLine, LineGift } from '../bills/service';
import { issueCoupons } from '../coupons/ledger';
import { couponTemplate } from '../coupons/schema';
import { card } from '../goods/schema';
import { member, memberConsume } from '../members/schema';
import { chosenStoreCodes } from '../stores/codes';
import { store } from '../stores/schema';
import { giftPlan, giftRecord } from './schema';

/** The plan's condition and gifts as they will be, checked together; answers the columns to keep. */
const settle = async (tx: Tx, v: Values): Promise<Values> => {
  checkCampaignDays(v);
  const out: Values = {};
  if (v.trigger === 'topUp') {
    if (!(Number(v.minAmount) > 0)) throw fieldError('minAmount', '充值赠送请填写大于 0 的充值门槛');
    out.cardCodes = null;
  } else {
    const codes = splitCodes(v.cardCodes as string | null);
    if (!codes.length) throw fieldError('cardCodes', '购卡赠送请填写卡项编码');
    const found = await tx.select({ code: card.code, kind: card.kind }).from(card).where(inArray(card.code, codes));
    const known = new Map(found.map((f) => [f.code.toUpperCase(), f.kind]));
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length) throw fieldError('cardCodes', `卡项编码不存在：${unknown.slice(0, 5).join('、')}`);
    if (Number(v.giftBonus) > 0 && codes.some((c) => known.get(c) !== 'stored')) {
      throw fieldError('giftBonus', '套餐卡不能赠送金额：赠送金额只能配合储值卡');
    }
    out.cardCodes = codes.join(',');
    out.minAmount = 0;
  }
  const coupons = Number(v.couponCount ?? 0);
  if (v.couponTemplateId) {
    const [t] = await tx
      .select({ id: couponTemplate.id })
      .from(couponTemplate)
      .where(eq(couponTemplate.id, Number(v.couponTemplateId)));
    if (!t) throw fieldError('couponTemplateId', '赠送优惠券不存在');
    if (coupons < 1) throw fieldError('couponCount', '选择了赠送优惠券时，请填写赠送张数');
  } else if (coupons > 0) {
    throw fieldError('couponTemplateId', '填写了赠送张数时，请选择赠送优惠券');
  }
  if (!(Number(v.giftBonus) > 0) && !v.couponTemplateId) {
    throw fieldError('giftBonus', '请至少设置一项赠送内容：赠送金额或赠送优惠券');
  }
  out.storeCodes = await chosenStoreCodes(tx, v.storeScope, v.storeCodes);
  return out;
};

export const giftPlanLifecycle = campaignLifecycle({
  type: 'giftPlan',
  title: '赠送方案',
  detailPage: '/giftsDetail',
  ...campaignReads(giftPlan),
  setStatus: async (tx, id, status, approvalId) => {
    await tx
      .update(giftPlan)
      .set({ status, ...(approvalId ? { approvalId } : {}) })
      .where(eq(giftPlan.id, id));
  },
  check: async (tx, id) => {
    const [p] = await tx.select().from(giftPlan).where(eq(giftPlan.id, id));
    await settle(tx, p as unknown as Values);
  },
});

/** One figure of the plan's gifts. */
const given = (expr: string) =>
  sql<number>`${sql.raw(`(select coalesce(${expr}, 0) from gift_record g where g.plan_id = "gift_plan"."id")`)}`;

export const giftPlanBinding = bindResource({
  decl: GIFT_PLAN,
  table: giftPlan,
  id: giftPlan.id,
  columns: {
    couponName: couponTemplate.name,
    times: given('count(*)::int'),
    members: given('count(distinct g.member_id)::int'),
    bonusGiven: given('sum(g.bonus)::int'),
    couponsGiven: given('sum(g.coupons)::int'),
    revenue: given('sum(g.amount)::int'),
  },
  joins: [{ table: couponTemplate, on: eq(couponTemplate.id, giftPlan.couponTemplateId) }],
  service: {
    create: async ({ tx, auth }, values) => {
      const fixed = await settle(tx, values);
      const [row] = await tx
        .insert(giftPlan)
        .values({ ...(values as typeof giftPlan.$inferInsert), ...fixed, createdBy: auth.user.id })
        .returning({ id: giftPlan.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await giftPlanLifecycle.editable(tx, id);
      const fixed = await settle(tx, { ...before, ...values });
      await tx
        .update(giftPlan)
        .set({ ...values, ...fixed })
        .where(eq(giftPlan.id, id));
    },
    remove: async ({ tx }, id) => {
      await giftPlanLifecycle.editable(tx, id);
      const [used] = await tx.select({ id: giftRecord.id }).from(giftRecord).where(eq(giftRecord.planId, id)).limit(1);
      if (used) throw new BizError(ERR.RECORD_IN_USE, '该赠送方案已有赠送记录，不能删除');
      await tx.delete(giftPlan).where(eq(giftPlan.id, id));
    },
  },
});

export const giftRecordBinding = bindResource({
  decl: GIFT_RECORD,
  table: giftRecord,
  id: giftRecord.id,
  columns: { billNo: memberConsume.billNo, storeName: store.name, memberName: member.name },
  joins: [
    { table: memberConsume, on: eq(memberConsume.id, giftRecord.consumeId), inner: true },
    { table: store, on: eq(store.id, giftRecord.storeId), inner: true },
    { table: member, on: eq(member.id, giftRecord.memberId), inner: true },
  ],
});

export const giftCoupons = (db: Db) =>
  db
    .select({ id: couponTemplate.id, name: couponTemplate.name })
    .from(couponTemplate)
    .where(ne(couponTemplate.status, 'draft'))
    .orderBy(asc(couponTemplate.name));

/** The scheduled job: plans past their end day end (their gifts stay recorded). */
export const endGiftPlans = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(giftPlan)
    .set({ status: 'ended' })
    .where(and(eq(giftPlan.status, 'active'), lt(giftPlan.endDay, formatDate(now))))
    .returning({ id: giftPlan.id });
  return rows.length;
};

// ── The gifts a bill takes (bills' billGifts hook) ─────────────────────────────

interface Running {
  id: number;
  trigger: string;
  min_amount: number;
  card_codes: string | null;
  gift_bonus: number;
}

/** Each top-up or card-sale line's gift: the qualifying 进行中 plan with the highest 门槛, then the newest. */
export const planGifts = async (
  tx: Tx,
  q: { storeId: number; storeCode: string; at: Date; lines: GiftLine[] },
): Promise<LineGift[]> => {
  const day = formatDate(q.at);
  const plans = rowsOf<Running>(
    await tx.execute(sql`select id, trigger, min_amount, card_codes, gift_bonus from gift_plan
      where status = 'active' and ${day}::date between start_day and end_day
        and (store_scope = 'all' or upper(${q.storeCode}) = any(string_to_array(store_codes, ',')))
      order by min_amount desc, id desc`),
  );
  if (!plans.length) return [];
  const cardIds = q.lines.flatMap((l) => (l.cardId ? [l.cardId] : []));
  const codes = new Map(
    cardIds.length
      ? (await tx.select({ id: card.id, code: card.code }).from(card).where(inArray(card.id, cardIds))).map((c) => [
          c.id,
          c.code.toUpperCase(),
        ])
      : [],
  );
  return q.lines.flatMap((l) => {
    const p = plans.find((x) =>
      l.kind === 'topUp'
        ? x.trigger === 'topUp' && l.amount >= Number(x.min_amount)
        : x.trigger === 'cardSale' && splitCodes(x.card_codes).includes(codes.get(l.cardId ?? 0) ?? ''),
    );
    if (!p) return [];
    const bonus = l.kind === 'cardSale' && !l.stored ? 0 : Number(p.gift_bonus);
    return [{ line: l.line, bonus, tag: Number(p.id) }];
  });
};

/** The gifts taken: each plan's coupons issued to the member (a savepoint each), and the record. */
export const recordGifts = async (
  tx: Tx,
  bill: { consumeId: number; memberId: number; storeId: number; at: Date },
  lines: (LineGift & GiftLine & { memberCardId: number })[],
): Promise<void> => {
  const plans = await tx
    .select()
    .from(giftPlan)
    .where(
      inArray(
        giftPlan.id,
        lines.map((l) => l.tag),
      ),
    );
  for (const l of lines) {
    const p = plans.find((x) => x.id === l.tag)!;
    let coupons = 0;
    let note: string | null = null;
    if (p.couponTemplateId && p.couponCount > 0) {
      for (let k = 0; k < p.couponCount; k++) {
        try {
          // A savepoint: whatever the coupon side refuses leaves the bill whole.
          const r = await tx.transaction((sp) =>
            issueCoupons(sp, {
              templateId: p.couponTemplateId!,
              memberIds: [bill.memberId],
              source: 'gift',
              label: p.name,
              userId: null,
              at: bill.at,
            }),
          );
          coupons += r.issued;
          if (r.issued === 0) {
            note = `优惠券少发 ${p.couponCount - coupons} 张：${r.failures[0]?.reason ?? '发放失败'}`;
            break;
          }
        } catch (e) {
          note = `优惠券少发 ${p.couponCount - coupons} 张：${e instanceof Error ? e.message : String(e)}`;
          break;
        }
      }
    }
    await tx.insert(giftRecord).values({
      planId: p.id,
      consumeId: bill.consumeId,
      line: l.line,
      memberId: bill.memberId,
      storeId: bill.storeId,
      memberCardId: l.memberCardId,
      at: bill.at,
      trigger: l.kind,
      amount: l.amount,
      bonus: l.bonus,
      coupons,
      note,
    });
  }
};
