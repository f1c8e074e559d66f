/** What the mall's API tests share: the people and stores they order with, and a refusal's errcode. */
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { BizError } from '../../platform/errors';
import { userRoleIdOf } from '../../testing/fixtures';
import type { TestApp } from '../../testing/testApp';
import { region, store } from '../stores/schema';

/** The admin, 李强 (大区经理 of 华东大区), an open store in his region and one outside it. */
export const mallPeople = async (t: TestApp) => {
  const admin = await t.signIn('admin', 'admin123');
  const liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const stores = await t.db
    .select({ code: store.code, region: region.name })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(eq(store.status, 'open'));
  return {
    admin,
    liqiang,
    eastStore: stores.find((s) => s.region === '华东大区')!.code,
    southStore: stores.find((s) => s.region !== '华东大区')!.code,
  };
};

/** The errcode a service call ends with: OK, or its BizError's. */
export const bizCode = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return ERR.OK;
  } catch (e) {
    if (e instanceof BizError) return e.errcode;
    throw e;
  }
};
