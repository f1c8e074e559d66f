/**
 * The session cookie is shared by every tab of a browser; the role is not. A tab names the role
 * it acts in (TAB_ROLE_HEADER), so a tab left in 总部运营 keeps its data scope after another tab
 * switched the session to 大区督导, and a role the user no longer holds ends that tab's session.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import { TAB_ROLE_HEADER } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRole } from '../modules/hierarchy/schema';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rolesOf = async (user: string, password: string) => {
  const c = await t.signIn(user, password);
  const info = await c.call(AUTH_API.loginInfo);
  const [first, second] = info.body.data.roles.map((r) => r.userRoleId);
  return { c, hq: first!, region: second ?? 0 };
};

describe('the role a tab acts in', () => {
  it('follows the tab header, not the session’s last choice', async () => {
    const { c, hq, region } = await rolesOf('13800000001', 'hq123456');
    await c.selectRole(region);
    // The session now stands in 大区督导 (华南, one SCRM store); the tab still in 总部运营 sees all six.
    const asTab = await c.call(AUTH_API.synDWRole, { headers: { [TAB_ROLE_HEADER]: String(hq) } });
    expect(asTab.body).toMatchObject({ errcode: ERR.OK, data: 6 });
    const asSession = await c.call(AUTH_API.synDWRole);
    expect(asSession.body).toMatchObject({ errcode: ERR.OK, data: 1 });
    const info = await c.call(AUTH_API.loginInfo, { headers: { [TAB_ROLE_HEADER]: String(hq) } });
    expect(info.body.data.roles.find((r) => r.checked)?.userRoleId).toBe(hq);
  });

  it('refuses a role the user does not hold with the session code 获取用户信息失败', async () => {
    const { c } = await rolesOf('13800000001', 'hq123456');
    const other = await rolesOf('13800000002', 'region123');
    const res = await c.call(AUTH_API.synDWRole, { headers: { [TAB_ROLE_HEADER]: String(other.hq) } });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.USER_INFO_FAILED);
  });

  it('ends the tab once its role is taken away', async () => {
    const { c, hq, region } = await rolesOf('13800000001', 'hq123456');
    await c.selectRole(hq);
    await t.db.delete(userRole).where(eq(userRole.id, region));
    const res = await c.call(AUTH_API.synDWRole, { headers: { [TAB_ROLE_HEADER]: String(region) } });
    expect(res.body.errcode).toBe(ERR.USER_INFO_FAILED);
    // Without the header the session's own role still works.
    expect((await c.call(AUTH_API.synDWRole)).body.errcode).toBe(ERR.OK);
  });

  it('ignores a malformed header', async () => {
    const { c, hq } = await rolesOf('13800000001', 'hq123456');
    await c.selectRole(hq);
    for (const bad of ['abc', '-1', '0', '1e3', '99999999999']) {
      const res = await c.call(AUTH_API.synDWRole, { headers: { [TAB_ROLE_HEADER]: bad } });
      expect(res.body).toMatchObject({ errcode: ERR.OK, data: 6 });
    }
  });
});
