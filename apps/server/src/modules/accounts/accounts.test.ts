/** Accounts (SPEC §7.7): every call, its rules, and what the account holder notices. */
import { AUTH_API } from '@zb/contract/api/auth';
import { ACCOUNT_API, ACCOUNT_INFO } from '@zb/contract/entities/account';
import { ERR } from '@zb/contract/errcodes';
import { resourceApi } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { createRole, grantRole } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, TestClient } from '../../testing/testClient';
import { userAccount } from './schema';

let t: TestApp;
let admin: TestClient;

const newAccount = (over: Record<string, unknown> = {}) => ({
  loginName: 'acct_new',
  nickname: '新账号',
  phone: '13912345678',
  kind: 'hq',
  password: 'abc12345',
  ...over,
});

const create = async (over: Record<string, unknown> = {}) => {
  const res = await admin.call(ACCOUNT_API.create!, { body: newAccount(over) });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return (res.body.data as { id: number }).id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

describe('list, count and detail', () => {
  it('lists accounts with their roles, counts with the same filters, and reads one', async () => {
    const res = await admin.call(ACCOUNT_API.list, { query: { nickname: '张敏' } });
    const page = res.body.data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ loginName: '13800000001', kind: 'hq', enabled: true });
    expect(String(page.list[0]!.roleNames)).toContain('总部运营');
    expect(page.list[0]).not.toHaveProperty('passwordHash');
    const count = await admin.call(ACCOUNT_API.count, { query: { nickname: '张敏' } });
    expect(count.body.data).toBe(1);
    const all = await admin.call(ACCOUNT_API.count, { query: {} });
    expect(all.body.data).toBeGreaterThanOrEqual(5);
    const detail = await admin.call(ACCOUNT_API.detail, { params: { id: page.list[0]!.id } });
    expect(detail.body.data).toMatchObject({ nickname: '张敏', phone: '13800000001' });
    expect(detail.body.data).not.toHaveProperty('password');
  });
});

describe('create and modify', () => {
  it('creates an account that signs in with its password (and is told it has no role yet)', async () => {
    const id = await create();
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.id, id));
    expect(row!.passwordHash).not.toContain('abc12345');
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `account:${id}`));
    expect(JSON.stringify(log)).not.toContain('abc12345');
    const c = new TestClient(t.app);
    const login = await c.login('acct_new', 'abc12345');
    expect(login.body.errcode).toBe(ERR.LOGIN_NO_ROLE);
  });

  it('checks the SPEC §5 password rule, the store prefix and a phone already in use', async () => {
    const short = await admin.call(ACCOUNT_API.create!, { body: newAccount({ loginName: 'acct_x', password: 'ab1' }) });
    expect(fieldsOf(short.body).password).toBe('初始密码至少 6 个字符');
    const prefix = await admin.call(ACCOUNT_API.create!, {
      body: newAccount({ loginName: 'SYYG9999', phone: '13900000001' }),
    });
    expect(fieldsOf(prefix.body).loginName).toBe('只有门店员工账号以 SYYG 开头');
    const phone = await admin.call(ACCOUNT_API.create!, {
      body: newAccount({ loginName: 'acct_phone', phone: '13800000001' }),
    });
    expect(fieldsOf(phone.body).phone).toBe('该手机号已被其他账号使用');
    const dup = await admin.call(ACCOUNT_API.create!, { body: newAccount({ phone: '13900000002' }) });
    expect(dup.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(fieldsOf(dup.body).loginName).toBe('登录账号已存在');
  });

  it('modifies at PUT /rest/acct/modify, keeping the login name', async () => {
    const id = await create({ loginName: 'acct_mod', phone: '13900000003' });
    const res = await admin.call(ACCOUNT_API.update!, {
      body: { id, nickname: '改名了', loginName: 'hijack', wxworkUserid: 'wx.mod' },
    });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    expect(ACCOUNT_API.update!.path).toBe('/rest/acct/modify');
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.id, id));
    expect(row).toMatchObject({ nickname: '改名了', loginName: 'acct_mod', wxworkUserid: 'wx.mod' });
    const clear = await admin.call(ACCOUNT_API.update!, { body: { id, phone: '' } });
    expect(clear.body.errcode).toBe(ERR.OK);
    const [cleared] = await t.db.select().from(userAccount).where(eq(userAccount.id, id));
    expect(cleared!.phone).toBeNull();
  });
});

describe('enable, disable, setCa and reset password', () => {
  it('disabling ends the account’s session at once; enabling lets it sign in again', async () => {
    const id = await create({ loginName: 'acct_dis', phone: '13900000004', password: 'pass1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'ACCT_T',
      name: '账号测试角色',
      contentName: '总部',
      codes: ['ZBHT-XTYW', routeByPath('/downloadhistory')?.code ?? 'ZBHT-XTYW'],
    });
    const user = await t.signIn('acct_dis', 'pass1234', await grantRole(t.db, id, contentRoleId));
    expect((await user.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.OK);

    const off = await admin.call(ACCOUNT_API.batch!, { body: { action: 'disable', ids: [id] } });
    expect(off.body.data).toEqual({ count: 1 });
    expect((await user.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.SESSION_REVOKED);
    const again = new TestClient(t.app);
    expect((await again.login('acct_dis', 'pass1234')).body.errcode).toBe(ERR.LOGIN_DISABLED);

    await admin.call(ACCOUNT_API.batch!, { body: { action: 'enable', ids: [id] } });
    expect((await again.login('acct_dis', 'pass1234')).body.errcode).toBe(ERR.OK);
  });

  it('refuses disabling oneself and un-admining oneself', async () => {
    const [me] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
    const off = await admin.call(ACCOUNT_API.batch!, { body: { action: 'disable', ids: [me!.id] } });
    expect(off.body.errmsg).toBe('不能停用自己的账号');
    const ca = await admin.call(ACCOUNT_API.setCa, { params: { id: me!.id }, body: { admin: false } });
    expect(ca.body.errmsg).toBe('不能取消自己的管理员身份');
  });

  it('setCa makes an administrator, administrators only', async () => {
    const id = await create({ loginName: 'acct_ca', phone: '13900000005', password: 'pass1234' });
    const res = await admin.call(ACCOUNT_API.setCa, { params: { id }, body: { admin: true } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const c = new TestClient(t.app);
    const login = await c.login('acct_ca', 'pass1234');
    expect(login.body.data.propertyEx.admin).toBe(1);
    const zhang = await t.signIn('13800000001', 'hq123456');
    const refused = await zhang.call(ACCOUNT_API.setCa, { params: { id }, body: { admin: false } });
    expect(refused.body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('resets a password with the SPEC §5 rules, unlocking the account and ending its sessions', async () => {
    const id = await create({ loginName: 'acct_pw', phone: '13900000006', password: 'oldpass1' });
    await t.db
      .update(userAccount)
      .set({ failedLogins: 5, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(userAccount.id, id));
    const mismatch = await admin.call(ACCOUNT_API.resetPassword, {
      params: { id },
      body: { password: 'newpass1', confirmPassword: 'newpass2' },
    });
    expect(mismatch.body.errcode).toBe(ERR.NEW_PASSWORD_MISMATCH);
    const weak = await admin.call(ACCOUNT_API.resetPassword, {
      params: { id },
      body: { password: 'new pass!', confirmPassword: 'new pass!' },
    });
    expect(weak.body.errmsg).toBe('只能输入数字和大小写字母');
    const ok = await admin.call(ACCOUNT_API.resetPassword, {
      params: { id },
      body: { password: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    const c = new TestClient(t.app);
    expect((await c.login('acct_pw', 'oldpass1')).body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    expect((await c.login('acct_pw', 'newpass1')).body.errcode).not.toBe(ERR.LOGIN_BAD_CREDENTIALS);
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'account.resetPassword'));
    expect(JSON.stringify(log)).not.toContain('newpass1');
  });
});

describe('permissions and the overview', () => {
  it('refuses the accounts of a role without /accountManagement', async () => {
    const zhang = await t.signIn('13800000001', 'hq123456');
    const list = await zhang.call(ACCOUNT_API.list, { query: {} });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(list.body.errcode);
    const count = await zhang.call(ACCOUNT_API.count, { query: {} });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(count.body.errcode);
    const create = await zhang.call(ACCOUNT_API.create!, { body: newAccount({ loginName: 'nope' }) });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(create.body.errcode);
  });

  it('/accountInfoList shows each account’s systems, filterable', async () => {
    const api = resourceApi(ACCOUNT_INFO);
    const res = await admin.call(api.list, { query: { loginName: 'admin' } });
    const row = res.body.data.list.find((r) => r.loginName === 'admin');
    expect(row).toMatchObject({ enabled: true, locked: false });
    expect(typeof row!.roleCount).toBe('number');
    expect(String(row!.lastLoginAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const unbound = await admin.call(api.list, { query: { wxworkBound: 'false', pageSize: 100 } });
    expect(unbound.body.data.list.every((r) => r.wxworkBound === false)).toBe(true);
  });
});
