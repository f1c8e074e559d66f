/**
 * 团购券退款 (/onlineCouponRefundList, /onlineCouponRefundDetail): a verified voucher's 撤销核销,
 * asked of the platform first (within its window; refused there, nothing is written), or its
 * 平台退款 recorded; then, in one transaction, the voucher's state moves from 已核销 (a conditional
 * update: a second registration finds it moved and is refused), the refund row and its
 * operation-log row.
 */
import { type ApplyGroupBuyRefund, GROUPBUY_REFUND } from '@zb/contract/entities/groupBuy';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import type { ResourceBinding } from '../../platform/resource/binding';
import { checkStoreInScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';
import { GroupBuyError } from './client';
import { groupBuyDeal, groupBuyRefund, groupBuyVoucher } from './schema';
import { clientOf, type GroupBuyEnv, platformFailure } from './service';

const NOT_VERIFIED = '该券已撤销核销或已退款';

export const applyRefund = async (
  db: Db,
  env: GroupBuyEnv,
  auth: Auth,
  body: ApplyGroupBuyRefund,
): Promise<{ id: number }> => {
  const [v] = await db.select().from(groupBuyVoucher).where(eq(groupBuyVoucher.id, body.voucherId));
  if (!v) throw fieldError('voucherId', '团购券不存在');
  await checkStoreInScope(db, auth.scope, v.storeId, 'voucherId');
  if (v.state !== 'verified') throw fieldError('voucherId', NOT_VERIFIED);
  if (body.kind === 'cancel') {
    const client = await clientOf(db, env, v.platform as 'meituan' | 'douyin');
    try {
      await client.cancel(v.code, v.verifyId);
    } catch (e) {
      if (e instanceof GroupBuyError) throw platformFailure(v.platform as 'meituan' | 'douyin', e);
      throw e;
    }
  }
  return db.transaction(async (tx) => {
    const state = body.kind === 'cancel' ? 'cancelled' : 'refunded';
    const moved = await tx
      .update(groupBuyVoucher)
      .set({ state })
      .where(and(eq(groupBuyVoucher.id, v.id), eq(groupBuyVoucher.state, 'verified')))
      .returning({ id: groupBuyVoucher.id });
    if (moved.length === 0) throw new BizError(ERR.STATE_CHANGED, NOT_VERIFIED);
    const [row] = await tx
      .insert(groupBuyRefund)
      .values({ voucherId: v.id, kind: body.kind, amount: v.paidAmount, reason: body.reason, createdBy: auth.user.id })
      .returning({ id: groupBuyRefund.id });
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'groupBuyRefund.create',
      target: `groupBuyRefund:${row!.id}`,
      after: { code: v.code, kind: body.kind, amount: v.paidAmount, reason: body.reason, voucherState: state },
    });
    return { id: row!.id };
  });
};

/** The verified vouchers of the caller's stores, newest first (the 登记退款 form's choices). */
export const refundableVouchers = (db: Db, auth: Auth) =>
  db
    .select({
      id: groupBuyVoucher.id,
      name: sql<string>`${groupBuyVoucher.code} || ' ' || ${store.name} || ' ¥' || to_char(${groupBuyVoucher.paidAmount} / 100.0, 'FM999999990.00')`,
    })
    .from(groupBuyVoucher)
    .innerJoin(store, eq(store.id, groupBuyVoucher.storeId))
    .where(and(eq(groupBuyVoucher.state, 'verified'), storeScopeFilter(auth.scope, groupBuyVoucher.storeId)))
    .orderBy(sql`${groupBuyVoucher.verifiedAt} desc`, asc(groupBuyVoucher.id))
    .limit(500);

export const refundResource: ResourceBinding = {
  decl: GROUPBUY_REFUND,
  table: groupBuyRefund,
  id: groupBuyRefund.id,
  columns: {
    code: groupBuyVoucher.code,
    platform: groupBuyVoucher.platform,
    dealTitle: groupBuyDeal.title,
    storeId: groupBuyVoucher.storeId,
    storeName: store.name,
    voucherState: groupBuyVoucher.state,
    verifiedAt: groupBuyVoucher.verifiedAt,
    createdByName: userAccount.nickname,
  },
  joins: [
    { table: groupBuyVoucher, on: eq(groupBuyVoucher.id, groupBuyRefund.voucherId), inner: true },
    { table: groupBuyDeal, on: eq(groupBuyDeal.id, groupBuyVoucher.dealId), inner: true },
    { table: store, on: eq(store.id, groupBuyVoucher.storeId), inner: true },
    { table: userAccount, on: eq(userAccount.id, groupBuyRefund.createdBy) },
  ],
  scope: { store: groupBuyVoucher.storeId },
};
