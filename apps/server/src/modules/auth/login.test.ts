import { AUTH_API } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../platform/schema';
import { createUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';
import { MAX_LOGIN_STORES } from './account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('signs in by phone and answers the account, its roles and the first role’s stores', async () => {
    const c = t.client();
    const res = await c.login('13800000001', 'hq123456');
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.OK);
    const data = res.body.data;
    expect(data).toMatchObject({ loginName: '13800000001', nickname: '张敏', enabled: true, propertyEx: { admin: 0 } });
    expect(data.createdDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.roles.map((r) => [r.hier, r.roleName])).toEqual([
      ['总部', '总部运营'],
      ['大区', '大区督导'],
    ]);
    expect(data.roles[0]!.roleId).toBeLessThanOrEqual(5);
    expect(data.roles[1]!.roleId).toBeGreaterThan(5);
    for (const r of data.roles) {
      expect(r.userpwd).toBeNull();
      expect(r.checked).toBe(false);
      expect(r.userAccount).toBe('13800000001');
      expect(r.allRsrc.length).toBeGreaterThan(0);
    }
    expect(new Set(data.roles[0]!.allRsrc)).not.toEqual(new Set(data.roles[1]!.allRsrc));
    // Headquarters role first: its stores are every store, up to the login list's limit.
    const all = (await t.db.select({ id: store.id }).from(store)).length;
    expect(data.stores.length).toBe(Math.min(all, MAX_LOGIN_STORES));
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/HttpOnly/);
    expect(String(cookie)).toMatch(/SameSite=Lax/);
    expect(String(cookie)).toMatch(/Path=\//);
    expect(String(cookie)).not.toMatch(/Secure/);
  });

  it('stores only the sha256 of the cookie token', async () => {
    const c = t.client();
    await c.login('admin', 'admin123');
    const rows = await t.db.select({ id: session.id }).from(session);
    expect(rows.some((r) => r.id === c.cookie)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('gives the createdDate that stays the same on every login', async () => {
    const a = await t.client().login('admin', 'admin123');
    const b = await t.client().login('admin', 'admin123');
    expect(a.body.data.createdDate).toBe(b.body.data.createdDate);
    expect(a.body.data.propertyEx.admin).toBe(1);
  });

  it('answers a wrong password with the attempts left', async () => {
    const res = await t.client().login('13800000002', 'wrong-pass');
    expect(res.body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    expect(res.body.errmsg).toBe('账号或密码错误，还可尝试 4 次');
    await t.client().login('13800000002', 'region123'); // a success resets the count
    const again = await t.client().login('13800000002', 'wrong-pass');
    expect(again.body.errmsg).toBe('账号或密码错误，还可尝试 4 次');
    await t.client().login('13800000002', 'region123');
  });

  it('answers an unknown account like a wrong password, without a count', async () => {
    const res = await t.client().login('nobody', 'whatever1');
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    expect(res.body.errmsg).toBe('账号或密码错误');
  });

  it('refuses SYYG staff codes with 请使用手机号登录, also on the server', async () => {
    const res = await t.client().login('SYYG0001', 'store123');
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(res.body.errmsg).toBe('请使用手机号登录');
    expect(res.body.data).toEqual({ fields: { user: '请使用手机号登录' } });
    const lower = await t.client().login('syyg0001', 'store123');
    expect(lower.body.errmsg).toBe('请使用手机号登录');
  });

  it('refuses a disabled account', async () => {
    await createUser(t.db, { loginName: 'disabled01', password: 'secret123', enabled: false });
    const res = await t.client().login('disabled01', 'secret123');
    expect(res.body.errcode).toBe(ERR.LOGIN_DISABLED);
  });

  it('tells a store boss without roles to apply for boss permission (LOGIN-51005 with the user id)', async () => {
    const res = await t.client().login('13800000003', 'boss1234');
    const [boss] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000003'));
    expect(res.body.errcode).toBe(ERR.LOGIN_BOSS_APPROVAL_REQUIRED);
    // authority: the application ticket (modules/approvals/bossAuthority.test.ts covers its use).
    expect(res.body.data).toEqual({ userId: boss!.id, authority: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an account with no role that owns no store', async () => {
    // The store employee signs in with the phone number and has no headquarters role.
    const res = await t.client().login('13800000004', 'store123');
    expect(res.body.errcode).toBe(ERR.LOGIN_NO_ROLE);
  });

  it('validates the form: required account and password, maximum lengths', async () => {
    const c = t.client();
    expect((await c.call(AUTH_API.login, { body: { user: '', password: 'x' } })).body.errmsg).toBe('请输入账号');
    expect((await c.call(AUTH_API.login, { body: { user: 'admin', password: '' } })).body.errmsg).toBe('请输入密码');
    const long = await c.call(AUTH_API.login, { body: { user: '1234567890123456', password: 'x' } });
    expect(long.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(long.body.errmsg).toBe('账号最多 15 个字符');
  });

  it('with refresh ends the account’s other sessions', async () => {
    const first = await t.signIn('admin', 'admin123');
    expect((await first.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.OK);
    const second = t.client();
    await second.login('admin', 'admin123', true);
    const res = await first.call(AUTH_API.loginInfo);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_REVOKED);
    expect((await second.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.OK);
  });
});

describe('logout', () => {
  it('ends the session and clears the cookie', async () => {
    const c = await t.signIn('admin', 'admin123');
    const token = c.cookie;
    const res = await c.call(AUTH_API.logout);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errcode: '0', errmsg: '操作成功', data: null });
    expect(String(res.headers['set-cookie'])).toMatch(/zb_sid=;/);
    const replay = await c.call(AUTH_API.loginInfo, { headers: { cookie: `zb_sid=${token}` }, noCookie: true });
    expect(replay.status).toBe(401);
    expect(replay.body.errcode).toBe(ERR.NO_SESSION);
  });

  it('answers 0 without a session too', async () => {
    const res = await t.client().call(AUTH_API.logout);
    expect(res.body.errcode).toBe(ERR.OK);
  });
});

describe('enterprise-messaging and boss-approval calls', () => {
  it('the WeCom login with user and password signs in like the form', async () => {
    const c = t.client();
    const res = await c.call(AUTH_API.wxworkLogin, { query: { user: 'admin', password: 'admin123' } });
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.loginName).toBe('admin');
    expect(c.cookie).toBeTruthy();
    const bad = await c.call(AUTH_API.wxworkLogin, { query: { user: 'admin', password: 'nope' } });
    expect(bad.body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    const syyg = await c.call(AUTH_API.wxworkLogin, { query: { user: 'SYYG0001', password: 'store123' } });
    expect(syyg.body.errmsg).toBe('请使用手机号登录');
  });
});
