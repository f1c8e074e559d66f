/**
 * Demo approvals (/approvalCenter), one of each state the approvals module has, made through its
 * services as a boss and head office would make them: 赵磊 was rejected and has applied again
 * (待审批), 孙悦 is approved and has not yet signed in with it (已通过), 周涛 is approved and signed
 * in with it (已通过, 授权登录: he now holds 店长 of his store). 13800000003 and 13800000005 keep no
 * application: the end-to-end tests apply as them. Runs after the stores and the hierarchy.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { authorizeLogin, submitBossAuthority } from '../modules/approvals/bossAuthority';
import { approval } from '../modules/approvals/schema';
import { recordDecision } from '../modules/approvals/service';
import { deleteSession } from '../platform/session';
import { addBoss } from './bosses';

type Step =
  | { daysAgo: number; step: 'submit' }
  | { daysAgo: number; step: 'approve' | 'reject'; comment: string }
  | { daysAgo: number; step: 'authorize' };

/** The applicants: a boss of a store with no boss yet, and what happened to their applications. */
export const APPROVAL_BOSSES: readonly { login: string; nickname: string; storeCode: string; steps: Step[] }[] = [
  {
    login: '13800000006',
    nickname: '赵磊',
    storeCode: 'SZ001',
    steps: [
      { daysAgo: 9, step: 'submit' },
      { daysAgo: 8, step: 'reject', comment: '门店营业执照尚未备案，请备案后重新申请' },
      { daysAgo: 2, step: 'submit' },
    ],
  },
  {
    login: '13800000007',
    nickname: '孙悦',
    storeCode: 'BJ002',
    steps: [
      { daysAgo: 4, step: 'submit' },
      { daysAgo: 3, step: 'approve', comment: '同意，开通店长权限' },
    ],
  },
  {
    login: '13800000008',
    nickname: '周涛',
    storeCode: 'CD001',
    steps: [
      { daysAgo: 12, step: 'submit' },
      { daysAgo: 11, step: 'approve', comment: '门店资料齐全，同意' },
      { daysAgo: 11, step: 'authorize' },
    ],
  },
];

export const seedApprovals = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const at = (daysAgo: number, minute: number) => new Date(now.getTime() - daysAgo * 86_400_000 + minute * 60_000);
  for (const b of APPROVAL_BOSSES) {
    const bossId = await addBoss(tx, { loginName: b.login, nickname: b.nickname, storeCode: b.storeCode });
    let spNo = '';
    let id = 0;
    for (const [i, s] of b.steps.entries()) {
      const when = at(s.daysAgo, i * 7);
      if (s.step === 'submit') {
        spNo = (await submitBossAuthority(tx, bossId, when)).spNo;
        id = await approvalIdOf(tx, spNo);
      } else if (s.step === 'authorize') {
        // The boss signed in with it once; the session of that day is long over.
        const { token } = await authorizeLogin(tx, { userId: bossId, spNo }, null, when);
        await deleteSession(tx, token);
      } else {
        await recordDecision(tx, admin!.id, { id, decision: s.step, comment: s.comment }, undefined, when);
      }
    }
  }
};

const approvalIdOf = async (tx: Tx, spNo: string): Promise<number> => {
  const [row] = await tx.select({ id: approval.id }).from(approval).where(eq(approval.spNo, spNo));
  return row!.id;
};
