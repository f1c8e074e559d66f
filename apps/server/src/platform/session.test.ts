import { AUTH_API } from '@zb/contract/api/auth';
import { ACCOUNT_VERSION_HEADER, SESSION_IDLE_MINUTES } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../modules/accounts/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { session } from './schema';
import { hashToken } from './session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionRow = async (token: string | null) =>
  (
    await t.db
      .select()
      .from(session)
      .where(eq(session.id, hashToken(token!)))
  )[0]!;

describe('session cookie', () => {
  it('no cookie answers 401 FILTER_LOGIN_001', async () => {
    const res = await t.client().call(AUTH_API.loginInfo);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errcode: ERR.NO_SESSION, errmsg: '您尚未登录或登录已失效，请重新登录', data: null });
  });

  it('an unknown token answers 401 FILTER_LOGIN_001', async () => {
    const res = await t.client().call(AUTH_API.loginInfo, { headers: { cookie: 'zb_sid=forged-token' } });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.NO_SESSION);
  });

  it('idle for longer than the idle timeout answers 401 FILTER_LOGIN_002', async () => {
    const c = await t.signIn('admin', 'admin123');
    const idle = new Date(Date.now() - (SESSION_IDLE_MINUTES + 1) * 60_000);
    await t.db
      .update(session)
      .set({ lastSeenAt: idle })
      .where(eq(session.id, hashToken(c.cookie!)));
    const res = await c.call(AUTH_API.loginInfo);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_EXPIRED);
  });

  it('past the absolute limit answers 401 FILTER_LOGIN_002 even when active', async () => {
    const c = await t.signIn('admin', 'admin123');
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, hashToken(c.cookie!)));
    const res = await c.call(AUTH_API.loginInfo);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_EXPIRED);
  });

  it('records activity at most once a minute', async () => {
    const c = await t.signIn('admin', 'admin123');
    const first = (await sessionRow(c.cookie)).lastSeenAt;
    await c.call(AUTH_API.loginInfo);
    expect((await sessionRow(c.cookie)).lastSeenAt.getTime()).toBe(first.getTime());
    const old = new Date(Date.now() - 5 * 60_000);
    await t.db
      .update(session)
      .set({ lastSeenAt: old })
      .where(eq(session.id, hashToken(c.cookie!)));
    await c.call(AUTH_API.loginInfo);
    expect((await sessionRow(c.cookie)).lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('a disabled account loses its sessions: 401 SECURES-LOGIN-ON-401', async () => {
    const c = await t.signIn('13800000002', 'region123');
    await t.db.update(userAccount).set({ enabled: false }).where(eq(userAccount.loginName, '13800000002'));
    const res = await c.call(AUTH_API.loginInfo);
    await t.db.update(userAccount).set({ enabled: true }).where(eq(userAccount.loginName, '13800000002'));
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_REVOKED);
  });

  it('lives in the database, so another server instance serves the same session', async () => {
    const c = await t.signIn('admin', 'admin123');
    const other = await createTestApp({ handle: t.handle });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: AUTH_API.loginInfo.path,
        headers: { cookie: `zb_sid=${c.cookie}`, [ACCOUNT_VERSION_HEADER]: c.accountVersion! },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.userName).toBe('系统管理员');
    } finally {
      await other.close();
    }
  });
});

describe('account-version header', () => {
  it('missing answers 401 FILTER_LOGIN_003', async () => {
    const c = await t.signIn('admin', 'admin123');
    const res = await c.call(AUTH_API.loginInfo, { noAccountVersion: true });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.ACCOUNT_VERSION_MISMATCH);
  });

  it('of another account answers 401 FILTER_LOGIN_003', async () => {
    const admin = await t.signIn('admin', 'admin123');
    const zhang = await t.signIn('13800000001', 'hq123456');
    const res = await admin.call(AUTH_API.loginInfo, {
      noAccountVersion: true,
      headers: { [ACCOUNT_VERSION_HEADER]: zhang.accountVersion! },
    });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.ACCOUNT_VERSION_MISMATCH);
    const sameNameOtherDate = await admin.call(AUTH_API.loginInfo, {
      noAccountVersion: true,
      headers: { [ACCOUNT_VERSION_HEADER]: 'admin|2000-01-01 00:00:00' },
    });
    expect(sameNameOtherDate.body.errcode).toBe(ERR.ACCOUNT_VERSION_MISMATCH);
  });

  it('is exactly <loginName>|<createdDate> as login returned them', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    expect(c.accountVersion).toMatch(/^13800000001\|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await c.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.OK);
  });

  it('is not required on login, logout and selectHierRole', async () => {
    const c = t.client();
    expect((await c.call(AUTH_API.login, { body: { user: '13800000001', password: 'hq123456' } })).body.errcode).toBe(
      ERR.OK,
    );
    const roles = await c.call(AUTH_API.loginInfo, { noAccountVersion: true });
    expect(roles.status).toBe(401);
    const [first] = (await t.signIn('13800000001', 'hq123456').then((x) => x.call(AUTH_API.loginInfo))).body.data.roles;
    const select = await c.call(AUTH_API.selectHierRole, { params: { userRoleId: first!.userRoleId } });
    expect(select.body.errcode).toBe(ERR.OK);
    const out = await c.call(AUTH_API.logout);
    expect(out.body.errcode).toBe(ERR.OK);
  });
});
