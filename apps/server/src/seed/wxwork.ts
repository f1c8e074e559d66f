/** The demo WeCom (企业微信) directory: which demo accounts the simulator lists, by WeCom userid. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';

/** login name → WeCom userid; the administrator has none. */
export const DEMO_WXWORK_USERIDS: readonly [login: string, userid: string][] = [
  ['13800000001', 'zhangmin'],
  ['13800000002', 'liqiang'],
  ['13800000003', 'wangjianguo'],
];

export const seedWxwork = async (tx: Tx): Promise<void> => {
  for (const [login, userid] of DEMO_WXWORK_USERIDS) {
    await tx.update(userAccount).set({ wxworkUserid: userid }).where(eq(userAccount.loginName, login));
  }
};
