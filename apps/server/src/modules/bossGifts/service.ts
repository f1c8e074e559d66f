/**
 * 老板赠送 (contract entities/bossGift.ts): the activities on the resource engine with their gifts,
 * their life through the approval center (approvals/campaigns.ts), the nightly end of activities
 * past their end day, and a store boss's gift: checked against the activity (running today, the
 * store and the gift in it), the caller's data scope, each member's 最多受赠 and the store's budget
 * — the activity's store locked while the gift is counted, so parallel gifts never pass the budget —
 * then the coupons issued through the coupon ledger and one record per member, all or nothing.
 */
import {
  BOSS_GIFT_ACT,
  BOSS_GIFT_RECORD,
  type BossGiftBudget,
  type BossGiftItemRow,
  type BossGiveAnswer,
  type BossGiveBody,
} from '@zb/contract/entities/bossGift';
import { splitCodes } from '@zb/contract/entities/coupon';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, without } from '../../platform/resource/binding';
import { checkStoreInScope, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { campaignLifecycle, campaignReads, checkCampaignDays } from '../approvals/campaigns';
import { issueCoupons } from '../coupons/ledger';
import { couponTemplate } from '../coupons/schema';
import { member } from '../members/schema';
import { chosenStoreCodes } from '../stores/codes';
import { store } from '../stores/schema';
import { bossGiftAct, bossGiftItem, bossGiftRecord } from './schema';

const invalid = (msg: string) => new BizError(ERR.BOSS_GIFT_INVALID, msg);
const overLimit = (msg: string) => new BizError(ERR.BOSS_GIFT_LIMIT, msg);

const checkItems = async (tx: Tx, rows: readonly BossGiftItemRow[]) => {
  const ids = rows.map((r) => r.couponTemplateId);
  if (new Set(ids).size !== ids.length) throw fieldError('items', '同一优惠券只能作一种赠品');
  if (!ids.length) return;
  const found = await tx.select({ id: couponTemplate.id }).from(couponTemplate).where(inArray(couponTemplate.id, ids));
  if (found.length !== ids.length) throw fieldError('items', '所选赠品优惠券不存在或已被删除');
};

const writeItems = async (tx: Tx, actId: number, rows: readonly BossGiftItemRow[]) => {
  await tx.delete(bossGiftItem).where(eq(bossGiftItem.actId, actId));
  if (rows.length) await tx.insert(bossGiftItem).values(rows.map((r, line) => ({ actId, line, ...r })));
};

export const bossGiftLifecycle = campaignLifecycle({
  type: 'bossGiftAct',
  title: '老板赠送活动',
  detailPage: '/bossGiftActDetail',
  ...campaignReads(bossGiftAct),
  setStatus: async (tx, id, status, approvalId) => {
    await tx
      .update(bossGiftAct)
      .set({ status, ...(approvalId ? { approvalId } : {}) })
      .where(eq(bossGiftAct.id, id));
  },
  check: async (tx, id) => {
    const items = await tx.select({ id: bossGiftItem.id }).from(bossGiftItem).where(eq(bossGiftItem.actId, id));
    if (!items.length) throw fieldError('items', '请至少添加一种赠品后再提交审核');
  },
});

const itemsJson = sql`(select coalesce(json_agg(json_build_object('couponTemplateId', i.coupon_template_id, 'value', i.value) order by i.line), '[]'::json)
  from boss_gift_item i where i.act_id = "boss_gift_act"."id")`;
const itemsText = sql<
  string | null
>`(select string_agg(t.name || '（计 ' || trim_scale(i.value / 100.0)::text || ' 元/张）', '、' order by i.line)
  from boss_gift_item i join coupon_template t on t.id = i.coupon_template_id where i.act_id = "boss_gift_act"."id")`;
const given = (expr: string) =>
  sql<number>`${sql.raw(`(select coalesce(${expr}, 0) from boss_gift_record g where g.act_id = "boss_gift_act"."id")`)}`;

/** The coupons of a record used on bills. */
const usedOf = (record: string) =>
  `(select count(*)::int from member_coupon c where c.issue_id = any(${record}.issue_ids)
    and c.member_id = ${record}.member_id and c.status = 'used')`;

export const bossGiftActBinding = bindResource({
  decl: BOSS_GIFT_ACT,
  table: bossGiftAct,
  id: bossGiftAct.id,
  columns: {
    items: itemsJson,
    itemsText,
    stores: given('count(distinct g.store_id)::int'),
    gifts: given('sum(g.count)::int'),
    given: given('sum(g.value)::int'),
    used: given(`sum(${usedOf('g')})::int`),
  },
  service: {
    create: async ({ tx, auth }, values) => {
      checkCampaignDays(values);
      const items = (values.items ?? []) as BossGiftItemRow[];
      await checkItems(tx, items);
      const storeCodes = await chosenStoreCodes(tx, values.storeScope, values.storeCodes);
      const [row] = await tx
        .insert(bossGiftAct)
        .values({
          ...(without(values, 'items') as typeof bossGiftAct.$inferInsert),
          storeCodes,
          createdBy: auth.user.id,
        })
        .returning({ id: bossGiftAct.id });
      await writeItems(tx, row!.id, items);
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await bossGiftLifecycle.editable(tx, id);
      const merged = { ...before, ...values };
      checkCampaignDays(merged);
      const items = values.items === null ? [] : (values.items as BossGiftItemRow[] | undefined);
      if (items !== undefined) await checkItems(tx, items);
      const row = {
        ...without(values, 'items'),
        storeCodes: await chosenStoreCodes(tx, merged.storeScope, merged.storeCodes),
      };
      await tx.update(bossGiftAct).set(row).where(eq(bossGiftAct.id, id));
      if (items !== undefined) await writeItems(tx, id, items);
    },
    remove: async ({ tx }, id) => {
      await bossGiftLifecycle.editable(tx, id);
      const [used] = await tx
        .select({ id: bossGiftRecord.id })
        .from(bossGiftRecord)
        .where(eq(bossGiftRecord.actId, id))
        .limit(1);
      if (used) throw new BizError(ERR.RECORD_IN_USE, '该老板赠送活动已有赠送记录，不能删除');
      await tx.delete(bossGiftAct).where(eq(bossGiftAct.id, id));
    },
  },
});

export const bossGiftRecordBinding = bindResource({
  decl: BOSS_GIFT_RECORD,
  table: bossGiftRecord,
  id: bossGiftRecord.id,
  columns: {
    actName: bossGiftAct.name,
    storeName: store.name,
    memberName: member.name,
    memberPhone: member.phone,
    giftName: couponTemplate.name,
    used: sql<number>`${sql.raw(usedOf('"boss_gift_record"'))}`,
    givenByName: userAccount.nickname,
  },
  joins: [
    { table: bossGiftAct, on: eq(bossGiftAct.id, bossGiftRecord.actId), inner: true },
    { table: store, on: eq(store.id, bossGiftRecord.storeId), inner: true },
    { table: member, on: eq(member.id, bossGiftRecord.memberId), inner: true },
    { table: couponTemplate, on: eq(couponTemplate.id, bossGiftRecord.couponTemplateId), inner: true },
    { table: userAccount, on: eq(userAccount.id, bossGiftRecord.givenBy) },
  ],
  scope: { store: bossGiftRecord.storeId },
});

export const bossGiftCoupons = (db: Db) =>
  db
    .select({ id: couponTemplate.id, name: couponTemplate.name })
    .from(couponTemplate)
    .where(ne(couponTemplate.status, 'draft'))
    .orderBy(asc(couponTemplate.name));

/** The scheduled job: activities past their end day end (their gifts stay). */
export const endBossGiftActs = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(bossGiftAct)
    .set({ status: 'ended' })
    .where(and(eq(bossGiftAct.status, 'active'), lt(bossGiftAct.endDay, formatDate(now))))
    .returning({ id: bossGiftAct.id });
  return rows.length;
};

const covers = (act: { storeScope: string; storeCodes: string | null }, code: string) =>
  act.storeScope === 'all' || splitCodes(act.storeCodes).includes(code.toUpperCase());

/** The stores of the caller's data scope the activity covers, with their budget given and left. */
export const bossGiftBudgets = async (db: Db, auth: Auth, actId: number): Promise<BossGiftBudget[]> => {
  const [act] = await db.select().from(bossGiftAct).where(eq(bossGiftAct.id, actId));
  if (!act) throw new BizError(ERR.RECORD_NOT_FOUND);
  const stores = await db
    .select({
      id: store.id,
      code: store.code,
      name: store.name,
      given: sql<number>`(select coalesce(sum(g.value), 0)::int from boss_gift_record g
        where g.act_id = ${actId} and g.store_id = ${store.id})`,
    })
    .from(store)
    .where(and(storeTableScope(auth.scope), ne(store.status, 'closed')))
    .orderBy(asc(store.code));
  return stores
    .filter((s) => covers(act, s.code))
    .map((s) => ({
      storeId: s.id,
      storeName: s.name,
      budget: act.storeBudget,
      given: Number(s.given),
      left: act.storeBudget - Number(s.given),
    }));
};

/** 赠送: all the members given, or none (the first refusal says why). */
export const giveBossGift = (db: Db, auth: Auth, body: BossGiveBody, now = new Date()): Promise<BossGiveAnswer> =>
  db.transaction(async (tx) => {
    await checkStoreInScope(tx, auth.scope, body.storeId);
    const [act] = await tx.select().from(bossGiftAct).where(eq(bossGiftAct.id, body.actId));
    if (!act) throw invalid('老板赠送活动不存在');
    const today = formatDate(now);
    if (act.status !== 'active' || today < act.startDay || today > act.endDay) {
      throw invalid(`活动「${act.name}」未在进行中（${act.startDay} 至 ${act.endDay}）`);
    }
    const [s] = await tx.select({ code: store.code, name: store.name }).from(store).where(eq(store.id, body.storeId));
    if (!s || !covers(act, s.code)) throw invalid(`门店「${s?.name ?? body.storeId}」不参与活动「${act.name}」`);
    const [item] = await tx
      .select({ value: bossGiftItem.value, name: couponTemplate.name })
      .from(bossGiftItem)
      .innerJoin(couponTemplate, eq(couponTemplate.id, bossGiftItem.couponTemplateId))
      .where(and(eq(bossGiftItem.actId, act.id), eq(bossGiftItem.couponTemplateId, body.couponTemplateId)));
    if (!item) throw invalid('所选赠品不在本活动中');
    const members = await tx
      .select({ id: member.id, phone: member.phone, name: member.name })
      .from(member)
      .where(inArray(member.phone, body.phones));
    const unknown = body.phones.filter((p) => !members.some((m) => m.phone === p));
    if (unknown.length) throw invalid(`会员不存在：${unknown.slice(0, 5).join('、')}`);

    // The activity's store: one gift at a time is counted against its budget.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`boss_gift:${act.id}`}), ${body.storeId})`);
    // And its members (in id order), whose limit another store's gift may count at the same time.
    for (const id of members.map((m) => m.id).sort((a, b) => a - b)) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`boss_gift_member:${act.id}`}), ${id})`);
    }
    const held = rowsOf<{ member_id: number; n: number }>(
      await tx.execute(sql`select member_id, sum(count)::int as n from boss_gift_record
        where act_id = ${act.id} and member_id in (${sql.join(
          members.map((m) => sql`${m.id}`),
          sql`, `,
        )}) group by member_id`),
    );
    for (const m of members) {
      const n = Number(held.find((h) => Number(h.member_id) === m.id)?.n ?? 0);
      if (n + body.count > act.perMemberMax) {
        throw overLimit(`会员 ${m.name}（${m.phone}）在本活动已受赠 ${n} 张，每位会员最多 ${act.perMemberMax} 张`);
      }
    }
    const value = item.value * body.count * members.length;
    const [spent] = rowsOf<{ v: number }>(
      await tx.execute(sql`select coalesce(sum(value), 0)::int as v from boss_gift_record
        where act_id = ${act.id} and store_id = ${body.storeId}`),
    );
    const left = act.storeBudget - Number(spent?.v ?? 0);
    if (value > left) {
      throw overLimit(`门店预算不足：本次赠送计 ${formatYuan(value)} 元，剩余预算 ${formatYuan(left)} 元`);
    }
    const issueIds: number[] = [];
    for (let k = 0; k < body.count; k++) {
      const r = await issueCoupons(tx, {
        templateId: body.couponTemplateId,
        memberIds: members.map((m) => m.id),
        source: 'bossGift',
        label: `${act.name}（${s.name}）`,
        userId: auth.user.id,
        at: now,
      });
      if (r.failures.length) {
        const f = r.failures[0]!;
        throw overLimit(`会员 ${f.target} 未能获赠：${f.reason}`);
      }
      issueIds.push(r.issueId);
    }
    await tx.insert(bossGiftRecord).values(
      members.map((m) => ({
        actId: act.id,
        storeId: body.storeId,
        memberId: m.id,
        couponTemplateId: body.couponTemplateId,
        count: body.count,
        value: item.value * body.count,
        issueIds,
        givenBy: auth.user.id,
        remark: body.remark || null,
        at: now,
      })),
    );
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'boss_gift.give',
      target: `boss_gift:${act.id}`,
      after: {
        act: act.name,
        store: s.name,
        gift: item.name,
        count: body.count,
        members: members.map((m) => m.phone).join('、'),
        value,
        ...(body.remark ? { remark: body.remark } : {}),
      },
    });
    return { members: members.length, coupons: members.length * body.count, budgetLeft: left - value };
  });
