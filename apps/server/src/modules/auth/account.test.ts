import { AUTH_API } from '@zb/contract/api/auth';
import { ADMIN_ROLE_NAME } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { RESOURCES } from '@zb/contract/routes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { codesOfGroups, DEMO_ROLES } from '../../seed/demo';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf } from '../../testing/testClient';
import { resource } from '../resources/schema';
import { region, store } from '../stores/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demoCodes = (code: string) => codesOfGroups(DEMO_ROLES.find((r) => r.code === code)!.groups);

describe('loginInfo', () => {
  it('answers the user and the roles, the chosen one checked', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const before = await c.call(AUTH_API.loginInfo);
    expect(before.body.data).toMatchObject({ userName: '张敏', phone: '13800000001', storeName: '' });
    expect(before.body.data.roles.map((r) => r.checked)).toEqual([false, false]);
    const regionRole = before.body.data.roles[1]!;
    await c.selectRole(regionRole.userRoleId);
    const after = await c.call(AUTH_API.loginInfo);
    expect(after.body.data.roles.map((r) => r.checked)).toEqual([false, true]);
    expect(after.body.data.userId).toBeGreaterThan(0);
  });
});

describe('getRResources', () => {
  it('gives an administrator every group, page and button as 系统管理员', async () => {
    const c = await t.signIn('admin', 'admin123');
    const res = await c.call(AUTH_API.getRResources);
    expect(res.body.errcode).toBe(ERR.OK);
    const { pages, buttons, roleName } = res.body.data;
    expect(roleName).toBe(ADMIN_ROLE_NAME);
    expect(pages.map((p) => p.code).sort()).toEqual(
      RESOURCES.filter((r) => r.kind !== 'button')
        .map((r) => r.code)
        .sort(),
    );
    expect(buttons.sort()).toEqual(
      RESOURCES.filter((r) => r.kind === 'button')
        .map((r) => r.code)
        .sort(),
    );
    expect(pages[0]).toEqual({ code: 'ZBHT-SPGL', name: '商品管理', description: '' });
  });

  it('refuses anyone else with 403', async () => {
    const c = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
    const res = await c.call(AUTH_API.getRResources);
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
  });
});

describe('selectHierRole', () => {
  it('puts the session in the role and answers its pages and buttons', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const hq = await userRoleIdOf(t.db, '13800000001', 'HQ_OPS');
    const res = await c.call(AUTH_API.selectHierRole, { params: { userRoleId: hq } });
    expect(res.body.errcode).toBe(ERR.OK);
    const { pages, buttons, roleName, userRoleId } = res.body.data;
    expect(roleName).toBe('总部运营');
    expect(userRoleId).toBe(hq);
    const expected = demoCodes('HQ_OPS');
    expect(new Set([...pages.map((p) => p.code), ...buttons])).toEqual(expected);
    expect(pages.map((p) => p.code)).toContain('ZBHT-SPGL');
    expect(pages.map((p) => p.code)).not.toContain('ZBHT-JCGL');

    const region = await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR');
    const other = await c.call(AUTH_API.selectHierRole, { params: { userRoleId: region } });
    expect(new Set([...other.body.data.pages.map((p) => p.code), ...other.body.data.buttons])).toEqual(
      demoCodes('REGION_SUPERVISOR'),
    );
  });

  it('takes menu names from the resource table, so an administrator’s edit shows', async () => {
    await t.db.update(resource).set({ name: '商品中心' }).where(eq(resource.code, 'ZBHT-SPGL'));
    const c = await t.signIn('13800000001', 'hq123456');
    const res = await c.call(AUTH_API.selectHierRole, {
      params: { userRoleId: await userRoleIdOf(t.db, '13800000001', 'HQ_OPS') },
    });
    await t.db.update(resource).set({ name: '商品管理' }).where(eq(resource.code, 'ZBHT-SPGL'));
    expect(res.body.data.pages.find((p) => p.code === 'ZBHT-SPGL')!.name).toBe('商品中心');
  });

  it('refuses a userRoleId that is someone else’s', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const lis = await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER');
    const res = await c.call(AUTH_API.selectHierRole, { params: { userRoleId: lis } });
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.ROLE_NOT_OWNED);
    const bad = await c.call(AUTH_API.selectHierRole, { params: { userRoleId: 'abc' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('synDWRole', () => {
  it('counts the SCRM stores in the chosen role’s data scope', async () => {
    const hq = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
    expect((await hq.call(AUTH_API.synDWRole)).body.data).toBe(6);
    // 张敏's region role covers 华南大区: one SCRM store.
    const south = await t.signIn(
      '13800000001',
      'hq123456',
      await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR'),
    );
    expect((await south.call(AUTH_API.synDWRole)).body.data).toBe(1);
    // 李强 covers 华东大区: two SCRM stores.
    const east = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
    expect((await east.call(AUTH_API.synDWRole)).body.data).toBe(2);
    const admin = await t.signIn('admin', 'admin123');
    expect((await admin.call(AUTH_API.synDWRole)).body.data).toBe(6);
  });

  it('needs a chosen role: 403 AUTH-40302', async () => {
    const c = await t.signIn('13800000002', 'region123');
    const res = await c.call(AUTH_API.synDWRole);
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.ROLE_REQUIRED);
  });

  it('the region role’s login stores are its region’s', async () => {
    const res = await t.client().login('13800000002', 'region123');
    const names = res.body.data.stores.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['上海徐汇店', '上海静安店', '杭州西湖店']));
    // Every store of 华东大区 (the demo seed adds more than these three), and no other.
    const east = await t.db
      .select({ name: store.name })
      .from(store)
      .innerJoin(region, eq(region.id, store.regionId))
      .where(eq(region.name, '华东大区'));
    expect([...names].sort()).toEqual(east.map((s) => s.name).sort());
  });
});

describe('modifyPassword', () => {
  const form = (oldPassword: string, newPassword: string, confirmPassword = newPassword) => ({
    body: { oldPassword, newPassword, confirmPassword },
  });

  it('refuses a wrong old password, a mismatched confirmation and bad characters', async () => {
    const c = await t.signIn('admin', 'admin123');
    const wrongOld = await c.call(AUTH_API.modifyPassword, form('nope1234', 'abc12345'));
    expect(wrongOld.body).toMatchObject({ errcode: ERR.OLD_PASSWORD_WRONG, errmsg: '原密码错误' });
    const mismatch = await c.call(AUTH_API.modifyPassword, form('admin123', 'abc12345', 'abc12346'));
    expect(mismatch.body).toMatchObject({ errcode: ERR.NEW_PASSWORD_MISMATCH, errmsg: '两次输入的新密码不一致' });
    const charset = await c.call(AUTH_API.modifyPassword, form('admin123', 'abc 1234!'));
    expect(charset.status).toBe(200);
    expect(charset.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(charset.body.errmsg).toBe('只能输入数字和大小写字母');
    expect(fieldsOf(charset.body)).toMatchObject({ newPassword: '只能输入数字和大小写字母' });
    const short = await c.call(AUTH_API.modifyPassword, form('admin123', 'abc12'));
    expect(short.body.errmsg).toBe('长度在 6 到 32 个字符');
    const empty = await c.call(AUTH_API.modifyPassword, form('', 'abc123'));
    expect(empty.body.errmsg).toBe('请输入原密码');
    const signIn = await t.client().login('admin', 'admin123');
    expect(signIn.body.errcode).toBe(ERR.OK);
  });

  it('changes the password, ends the other sessions and logs the change', async () => {
    const userId = await createUser(t.db, { loginName: 'pwtest', password: 'old12345' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'PW_ROLE',
      name: '改密测试',
      contentName: '总部',
      codes: [],
    });
    await grantRole(t.db, userId, contentRoleId);
    const me = await t.signIn('pwtest', 'old12345');
    const elsewhere = await t.signIn('pwtest', 'old12345');

    const res = await me.call(AUTH_API.modifyPassword, form('old12345', 'New12345'));
    expect(res.body).toEqual({ errcode: ERR.OK, errmsg: '操作成功', data: null });

    expect((await me.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.OK);
    const revoked = await elsewhere.call(AUTH_API.loginInfo);
    expect(revoked.status).toBe(401);
    expect(revoked.body.errcode).toBe(ERR.SESSION_REVOKED);

    expect((await t.client().login('pwtest', 'old12345')).body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    expect((await t.client().login('pwtest', 'New12345')).body.errcode).toBe(ERR.OK);

    const logs = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'modifyPassword'), eq(operationLog.userId, userId)));
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toMatch(/old12345|New12345/);
  });
});

describe('areaCodes', () => {
  it('lists the four areas with 0086 as default', async () => {
    const c = await t.signIn('admin', 'admin123');
    const res = await c.call(AUTH_API.areaCodes);
    expect(res.body.data).toEqual([
      { areaCode: '0086', name: '中国大陆', def: true },
      { areaCode: '00852', name: '中国香港', def: false },
      { areaCode: '00853', name: '中国澳门', def: false },
      { areaCode: '0065', name: '新加坡', def: false },
    ]);
  });
});
