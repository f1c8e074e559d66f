/**
 * Demo data of /actCouponsM and /actCouponAllot (issue 16): a batch of 300 printed 会员日85折券
 * codes, 100 allotted to 北京朝阳店 and 50 to 上海徐汇店, and three redeemed at 北京朝阳店's demo POS
 * as it redeems them (so each became a member coupon); a second batch made and not yet allotted.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { actCouponCode } from '../modules/actCoupons/schema';
import { actCouponAllotBinding, actCouponBatchBinding, redeemActCoupon } from '../modules/actCoupons/service';
import { couponTemplate } from '../modules/coupons/schema';
import { openClient } from '../modules/openApi/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { rowsOf } from './generate';
import { DEMO_OPEN_KEYS } from './openApi';

export const seedActCoupons = async (tx: Tx): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [template] = await tx
    .select({ id: couponTemplate.id })
    .from(couponTemplate)
    .where(and(eq(couponTemplate.name, '会员日85折券'), eq(couponTemplate.status, 'active')));
  const [pos] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const stores = await tx
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(sql`${store.code} in ('BJ001', 'SH001')`);
  const bj = stores.find((s) => s.code === 'BJ001');
  const sh = stores.find((s) => s.code === 'SH001');
  if (!admin || !template || !pos || !bj || !sh) return;
  const ctx = { tx, auth: { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null } as Auth };
  const batch = await actCouponBatchBinding.service!.create!(ctx, {
    name: '周年庆门店活动券',
    templateId: template.id,
    quantity: 300,
    enabled: true,
    remark: '周年庆期间门店发放，顾客刮开密码后到店兑换',
  } as never);
  await actCouponAllotBinding.service!.create!(ctx, { batchId: batch, storeId: bj.id, quantity: 100 } as never);
  await actCouponAllotBinding.service!.create!(ctx, { batchId: batch, storeId: sh.id, quantity: 50 } as never);
  await actCouponBatchBinding.service!.create!(ctx, {
    name: '商场快闪活动券',
    templateId: template.id,
    quantity: 200,
    enabled: true,
    remark: '待分配',
  } as never);

  const codes = await tx
    .select({ code: actCouponCode.code, pin: actCouponCode.pin })
    .from(actCouponCode)
    .where(and(eq(actCouponCode.batchId, batch), eq(actCouponCode.storeId, bj.id)))
    .orderBy(asc(actCouponCode.seq))
    .limit(3);
  const members = rowsOf<{ phone: string }>(
    await tx.execute(sql`select m.phone from member m where m.status = 'normal'
      and (select count(*) from member_coupon c where c.member_id = m.id and c.template_id = ${template.id}) = 0
      and not exists (select 1 from security_blacklist b where b.member_id = m.id or b.value = m.phone)
      order by m.id desc limit 3`),
  );
  const caller = { clientId: pos.id, kind: 'pos' as const, name: pos.name, storeId: bj.id };
  for (const [i, c] of codes.entries()) {
    const m = members[i];
    if (m) await redeemActCoupon(tx as unknown as Db, caller, { code: c.code, pin: c.pin, member: m.phone });
  }
};
