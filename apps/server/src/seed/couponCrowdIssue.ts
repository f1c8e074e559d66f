/**
 * Demo 按人群发放 (issue 16): 「会员日85折券」 issued to the crowd 「沉睡储值会员」 through the same
 * service the job uses (a fresh snapshot, one coupon_issue, its batches), so /couponsManagement's
 * template shows the crowd's coupons and the issue is 已完成. Seed after the coupons and the crowds.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { issueBatchIn, openCrowdIssueIn } from '../modules/coupons/crowdIssue';
import { couponTemplate } from '../modules/coupons/schema';
import { crowd } from '../modules/crowds/schema';
import { HQ_SCOPE } from '../platform/scope';

export const seedCouponCrowdIssue = async (tx: Tx): Promise<void> => {
  const [admin] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, '13800000001'));
  const [t] = await tx
    .select({ id: couponTemplate.id, status: couponTemplate.status })
    .from(couponTemplate)
    .where(eq(couponTemplate.name, '会员日85折券'));
  const [c] = await tx.select({ id: crowd.id }).from(crowd).where(eq(crowd.name, '沉睡储值会员'));
  if (!admin || t?.status !== 'active' || !c) return;
  const issueId = await openCrowdIssueIn(tx, { templateId: t.id, crowdId: c.id, scope: HQ_SCOPE, userId: admin.id });
  while (await issueBatchIn(tx, issueId)) {
    // the job's batches, here in the seed's transaction
  }
};
