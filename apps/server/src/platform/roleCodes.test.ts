/**
 * Role codes are kept between calls, but a change to what a role may open shows at once: the
 * server refuses a removed page on the very next call, and grants an added one.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resource, roleResource } from '../modules/resources/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { codesOfRole } from './roleCodes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleIdOf = async (user: string, password: string) => {
  const c = await t.signIn(user, password);
  const info = await c.call(AUTH_API.loginInfo);
  return info.body.data.roles[0]!.roleId;
};

describe('kept role codes', () => {
  it('answer the same codes twice, and follow a removal and a grant at once', async () => {
    const roleId = await roleIdOf('13800000001', 'hq123456');
    const before = await codesOfRole(t.db, roleId);
    expect(await codesOfRole(t.db, roleId)).toEqual(before);
    expect(before.has('ZBHT-SPGL:productList')).toBe(true);

    const [page] = await t.db
      .select({ id: resource.id })
      .from(resource)
      .where(eq(resource.code, 'ZBHT-SPGL:productList'));
    await t.db.delete(roleResource).where(and(eq(roleResource.roleId, roleId), eq(roleResource.resourceId, page!.id)));
    expect((await codesOfRole(t.db, roleId)).has('ZBHT-SPGL:productList')).toBe(false);

    const granted = await t.db
      .select({ id: resource.id })
      .from(resource)
      .where(inArray(resource.code, ['ZBHT-XTYW', 'ZBHT-XTYW:systemLog']));
    await t.db.insert(roleResource).values(granted.map((r) => ({ roleId, resourceId: r.id })));
    const after = await codesOfRole(t.db, roleId);
    expect(after.has('ZBHT-XTYW:systemLog')).toBe(true);
    expect(after.has('ZBHT-SPGL:productList')).toBe(false);
  });

  it('loginInfo answers a role’s codes as they are now', async () => {
    const c = await t.signIn('13800000002', 'region123');
    const first = await c.call(AUTH_API.loginInfo);
    expect(first.body.errcode).toBe(ERR.OK);
    const role = first.body.data.roles[0]!;
    await t.db.delete(roleResource).where(eq(roleResource.roleId, role.roleId));
    const second = await c.call(AUTH_API.loginInfo);
    expect(second.body.data.roles[0]!.allRsrc).toEqual([]);
  });
});
