/**
 * 活动券 (contract entities/actCoupon.ts): 制作 writes a batch's codes, each with a random six-digit
 * 兑换密码; 分配 gives the next unallotted codes of a batch to a store (the batch row is the lock, so
 * two runs never take the same code); the POS redeems a code of its store, in one transaction with
 * the member coupon it becomes (coupons' issueCoupons, source 活动券).
 */
import { randomInt } from 'node:crypto';
import {
  ACT_COUPON_ALLOT,
  ACT_COUPON_BATCH,
  ACT_COUPON_CODE,
  type ActCouponTemplatePick,
  type OpenActCouponAnswer,
  type OpenActCouponBody,
} from '@zb/contract/entities/actCoupon';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, without } from '../../platform/resource/binding';
import { checkStoreInScope } from '../../platform/scope';
import { activeTemplate, issueCoupons } from '../coupons/ledger';
import { couponTemplate, memberCoupon } from '../coupons/schema';
import { member } from '../members/schema';
import type { OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { actCouponAllot, actCouponBatch, actCouponCode } from './schema';

/** HQ, the batch in five digits, the code's number in six, and two check digits (mod 97). */
export const actCodeOf = (batchId: number, seq: number): string => {
  const body = `${String(batchId).padStart(5, '0')}${String(seq).padStart(6, '0')}`;
  return `HQ${body}${String(Number(BigInt(body) % 97n)).padStart(2, '0')}`;
};

const CODE_CHUNK = 1000;

const writeCodes = async (tx: Tx, batchId: number, quantity: number) => {
  for (let from = 1; from <= quantity; from += CODE_CHUNK) {
    const rows = [];
    for (let seq = from; seq < Math.min(from + CODE_CHUNK, quantity + 1); seq++) {
      rows.push({ batchId, seq, code: actCodeOf(batchId, seq), pin: String(randomInt(0, 1_000_000)).padStart(6, '0') });
    }
    await tx.insert(actCouponCode).values(rows);
  }
};

const counted = (where: string) =>
  sql<number>`(select count(*)::int from act_coupon_code c where c.batch_id = ${actCouponBatch.id} and ${sql.raw(where)})`;

export const actCouponBatchBinding = bindResource({
  decl: ACT_COUPON_BATCH,
  table: actCouponBatch,
  id: actCouponBatch.id,
  columns: {
    templateName: couponTemplate.name,
    allotted: counted('c.allot_id is not null'),
    redeemed: counted('c.redeemed_at is not null'),
  },
  joins: [{ table: couponTemplate, on: eq(couponTemplate.id, actCouponBatch.templateId), inner: true }],
  uniques: { act_coupon_batch_name_uq: 'name' },
  service: {
    create: async ({ tx, auth }, values) => {
      try {
        await activeTemplate(tx, values.templateId, formatDate(new Date()));
      } catch (e) {
        if (e instanceof BizError) throw fieldError('templateId', e.message.replace('不能发放', '不能制作活动券'));
        throw e;
      }
      const [row] = await tx
        .insert(actCouponBatch)
        .values({ ...values, createdBy: auth.user.id })
        .returning({ id: actCouponBatch.id });
      await writeCodes(tx, row!.id, values.quantity);
      return row!.id;
    },
    remove: async ({ tx }, id) => {
      const [used] = await tx
        .select({ id: actCouponCode.id })
        .from(actCouponCode)
        .where(and(eq(actCouponCode.batchId, id), sql`${actCouponCode.allotId} is not null`))
        .limit(1);
      if (used) throw new BizError(ERR.ACT_COUPON_STATE, '该活动券已有券码分配到门店，不能删除，可停用');
      await tx.delete(actCouponBatch).where(eq(actCouponBatch.id, id));
    },
  },
});

export const actCouponAllotBinding = bindResource({
  decl: ACT_COUPON_ALLOT,
  table: actCouponAllot,
  id: actCouponAllot.id,
  columns: {
    batchNo: actCouponBatch.batchNo,
    batchName: actCouponBatch.name,
    storeName: store.name,
    redeemed: sql<number>`(select count(*)::int from act_coupon_code c
      where c.allot_id = ${actCouponAllot.id} and c.redeemed_at is not null)`,
  },
  joins: [
    { table: actCouponBatch, on: eq(actCouponBatch.id, actCouponAllot.batchId), inner: true },
    { table: store, on: eq(store.id, actCouponAllot.storeId), inner: true },
  ],
  scope: { store: actCouponAllot.storeId },
  service: {
    create: async ({ tx, auth }, values) => {
      await checkStoreInScope(tx, auth.scope, values.storeId, 'storeId');
      const [batch] = await tx.select().from(actCouponBatch).where(eq(actCouponBatch.id, values.batchId)).for('update');
      if (!batch) throw fieldError('batchId', '活动券不存在');
      if (!batch.enabled) throw fieldError('batchId', '该活动券已停用，不能再分配');
      const codes = await tx
        .select({ id: actCouponCode.id, code: actCouponCode.code })
        .from(actCouponCode)
        .where(and(eq(actCouponCode.batchId, batch.id), isNull(actCouponCode.allotId)))
        .orderBy(asc(actCouponCode.seq))
        .limit(values.quantity);
      if (codes.length < values.quantity) {
        throw fieldError('quantity', `该活动券未分配的券码只剩 ${codes.length} 张`);
      }
      const [row] = await tx
        .insert(actCouponAllot)
        .values({
          ...without(values, 'quantity'),
          quantity: values.quantity,
          codeFrom: codes[0]!.code,
          codeTo: codes.at(-1)!.code,
          createdBy: auth.user.id,
        })
        .returning({ id: actCouponAllot.id });
      await tx
        .update(actCouponCode)
        .set({ allotId: row!.id, storeId: values.storeId })
        .where(
          and(
            eq(actCouponCode.batchId, batch.id),
            isNull(actCouponCode.allotId),
            sql`${actCouponCode.code} between ${codes[0]!.code} and ${codes.at(-1)!.code}`,
          ),
        );
      return row!.id;
    },
    remove: async ({ tx }, id) => {
      const [done] = await tx
        .select({ id: actCouponCode.id })
        .from(actCouponCode)
        .where(and(eq(actCouponCode.allotId, id), sql`${actCouponCode.redeemedAt} is not null`))
        .limit(1);
      if (done) throw new BizError(ERR.ACT_COUPON_STATE, '该分配中已有券码被兑换，不能撤回');
      await tx.update(actCouponCode).set({ allotId: null, storeId: null }).where(eq(actCouponCode.allotId, id));
      await tx.delete(actCouponAllot).where(eq(actCouponAllot.id, id));
    },
  },
});

export const actCouponCodeBinding = bindResource({
  decl: ACT_COUPON_CODE,
  table: actCouponCode,
  id: actCouponCode.id,
  columns: {
    batchName: actCouponBatch.name,
    status: sql<string>`case when ${actCouponCode.redeemedAt} is not null then 'redeemed'
      when ${actCouponCode.allotId} is not null then 'allotted' else 'new' end`,
    storeName: store.name,
    memberName: member.name,
    couponNo: memberCoupon.couponNo,
  },
  joins: [
    { table: actCouponBatch, on: eq(actCouponBatch.id, actCouponCode.batchId), inner: true },
    { table: store, on: eq(store.id, actCouponCode.storeId) },
    { table: member, on: eq(member.id, actCouponCode.memberId) },
    { table: memberCoupon, on: eq(memberCoupon.id, actCouponCode.couponId) },
  ],
  scope: { store: actCouponCode.storeId },
});

export const ACT_COUPON_BINDINGS = [actCouponBatchBinding, actCouponAllotBinding, actCouponCodeBinding] as const;

export const activeTemplatePicks = async (db: Db): Promise<ActCouponTemplatePick[]> =>
  db
    .select({ id: couponTemplate.id, name: couponTemplate.name })
    .from(couponTemplate)
    .where(eq(couponTemplate.status, 'active'))
    .orderBy(asc(couponTemplate.name));

export const batchPicks = async (db: Db): Promise<ActCouponTemplatePick[]> =>
  (
    await db
      .select({ id: actCouponBatch.id, no: actCouponBatch.batchNo, name: actCouponBatch.name })
      .from(actCouponBatch)
      .where(eq(actCouponBatch.enabled, true))
      .orderBy(desc(actCouponBatch.id))
  ).map((b) => ({ id: b.id, name: `${b.no} ${b.name}` }));

const invalid = (why: string) => new BizError(ERR.ACT_COUPON_INVALID, why);

/** The POS redeems a printed code for a member (open API actCouponRedeem). */
export const redeemActCoupon = async (
  db: Db,
  caller: OpenCaller,
  body: OpenActCouponBody,
): Promise<OpenActCouponAnswer> =>
  db.transaction(async (tx) => {
    const [c] = await tx.select().from(actCouponCode).where(eq(actCouponCode.code, body.code)).for('update');
    // One answer for an unknown code and a wrong password: the pair cannot be guessed a part at a time.
    if (!c || c.pin !== body.pin) throw invalid('券码或兑换密码错误');
    const [m] = await tx.select({ id: member.id }).from(member).where(eq(member.phone, body.member));
    if (!m) throw invalid(`手机号 ${body.member} 的会员不存在，请先登记会员`);
    const answer = async (replayed: boolean): Promise<OpenActCouponAnswer> => {
      const [coupon] = await tx
        .select({ couponNo: memberCoupon.couponNo, validTo: memberCoupon.validTo, templateName: couponTemplate.name })
        .from(memberCoupon)
        .innerJoin(couponTemplate, eq(couponTemplate.id, memberCoupon.templateId))
        .where(eq(memberCoupon.id, c.couponId!));
      return { code: c.code, ...coupon!, replayed };
    };
    if (c.redeemedAt) {
      if (c.memberId === m.id) return answer(true);
      throw new BizError(ERR.ACT_COUPON_REDEEMED, `券码 ${c.code} 已于 ${formatDate(c.redeemedAt)} 被其他会员兑换`);
    }
    const [batch] = await tx.select().from(actCouponBatch).where(eq(actCouponBatch.id, c.batchId));
    if (!batch?.enabled) throw invalid('该活动券已停用');
    if (c.storeId === null) throw invalid('该券码尚未分配到门店');
    if (caller.kind === 'pos' && caller.storeId !== c.storeId) throw invalid('该券码不属于本门店');
    const r = await issueCoupons(tx, {
      templateId: batch.templateId,
      memberIds: [m.id],
      source: 'activity',
      label: `${batch.batchNo} ${batch.name}`,
      userId: null,
    });
    if (r.issued !== 1) throw invalid(r.failures[0]?.reason ?? '该会员不能再领取此优惠券');
    const [coupon] = await tx
      .select({ id: memberCoupon.id })
      .from(memberCoupon)
      .where(and(eq(memberCoupon.issueId, r.issueId), eq(memberCoupon.memberId, m.id)));
    await tx
      .update(actCouponCode)
      .set({ memberId: m.id, couponId: coupon!.id, redeemedAt: new Date() })
      .where(eq(actCouponCode.id, c.id));
    c.couponId = coupon!.id;
    return answer(false);
  });
