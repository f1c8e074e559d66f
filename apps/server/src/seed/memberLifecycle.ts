/**
 * Demo 会员生命周期 (modules/memberLifecycle): the administrator's edit of the definition (活跃 within
 * 90 days instead of 60, 沉睡 from the 91st day) saved through the service as version 1, and the
 * recomputation it queues run by the job's own code over every demo member — so /editMemberLifeCycle
 * shows a version with its changes and a finished run, and every lifecycle report shows rows.
 */
import { LIFECYCLE_DEFAULTS } from '@zb/contract/entities/memberLifecycle';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { runLifecycle } from '../modules/memberLifecycle/lifecycle';
import { writeDefinition } from '../modules/memberLifecycle/service';

export const seedMemberLifecycle = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  await writeDefinition(tx, admin?.id ?? null, {
    baseVersion: 0,
    params: { ...LIFECYCLE_DEFAULTS, activeDays: 90, sleepFrom: 91 },
    note: '门店护理周期较长：90 天内到店且半年内至少两次算活跃',
  });
  await runLifecycle(tx, now);
};
