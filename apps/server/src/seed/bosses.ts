/**
 * A second store boss without headquarters roles, so the boss-permission flow can be approved for
 * one boss and rejected for another: 王丽 owns 广州天河店.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { store } from '../modules/stores/schema';
import { hashPassword } from '../platform/password';
import { demoPassword } from './accounts';

export const SECOND_BOSS = { loginName: '13800000005', nickname: '王丽', storeCode: 'GZ001' } as const;

/** A store boss account (password from the demo accounts) who owns the store: answers the account's id. */
export const addBoss = async (
  tx: Tx,
  b: { loginName: string; nickname: string; storeCode: string },
): Promise<number> => {
  const [boss] = await tx
    .insert(userAccount)
    .values({
      loginName: b.loginName,
      phone: b.loginName,
      nickname: b.nickname,
      passwordHash: await hashPassword(demoPassword(b.loginName)),
      kind: 'boss',
    })
    .returning({ id: userAccount.id });
  await tx.update(store).set({ bossUserId: boss!.id }).where(eq(store.code, b.storeCode));
  return boss!.id;
};

export const seedBosses = async (tx: Tx): Promise<void> => {
  await addBoss(tx, SECOND_BOSS);
};
