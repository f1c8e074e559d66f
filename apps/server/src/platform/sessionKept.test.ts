/**
 * Each server instance keeps the sessions it has looked up (platform/session.ts), so these tests
 * run two instances on one database and check that whatever ends a session or narrows it, done
 * through one instance, is obeyed by the other on its very next call — after that other instance
 * had already served (and kept) the session.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import { TAB_ROLE_HEADER } from '@zb/contract/constants';
import { STORE } from '@zb/contract/entities/store';
import { ERR } from '@zb/contract/errcodes';
import { resourceApi } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../modules/accounts/schema';
import { userRole } from '../modules/hierarchy/schema';
import { roleResource } from '../modules/resources/schema';
import { createRole, createUser, grantRole } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/testApp';
import { TestClient } from '../testing/testClient';
import { AUTH_VERSION } from './authVersion';
import { appSetting, session } from './schema';
import { hashToken } from './session';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ handle: a.handle });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const STORE_LIST = resourceApi(STORE).list;
const LIST_QUERY = { query: { pageNo: 1, pageSize: 20 } };

let serial = 0;
/** A new account holding one role (the store list's page codes) in 总部; signed in on instance a. */
const newAccount = async () => {
  serial++;
  const loginName = `kept${serial}`;
  const userId = await createUser(a.db, { loginName, password: 'kept12345' });
  const { roleId, contentRoleId } = await createRole(a.db, {
    code: `KEPT_${serial}`,
    name: `缓存测试${serial}`,
    contentName: '总部',
    codes: routeByPath(STORE.page)?.codes ?? [],
  });
  const userRoleId = await grantRole(a.db, userId, contentRoleId);
  const onA = await a.signIn(loginName, 'kept12345', userRoleId);
  return { loginName, userId, roleId, userRoleId, onA, onB: sameBrowserOn(b, onA) };
};

/** The same browser (cookie and account-version header) calling the other instance. */
const sameBrowserOn = (t: TestApp, c: TestClient): TestClient => {
  const other = new TestClient(t.app);
  other.cookie = c.cookie;
  other.accountVersion = c.accountVersion;
  return other;
};

/** Serves the session on instance b twice, so b keeps it. */
const keptOnB = async (c: TestClient, headers: Record<string, string> = {}) => {
  for (let i = 0; i < 2; i++) expect((await c.call(STORE_LIST, { ...LIST_QUERY, headers })).body.errcode).toBe(ERR.OK);
};

const authVersion = async () =>
  (await a.db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, AUTH_VERSION)))[0]?.value;

describe('a session kept by another instance', () => {
  it('ends there on the next call after a logout here', async () => {
    const { onA, onB } = await newAccount();
    await keptOnB(onB);
    expect((await onA.call(AUTH_API.logout)).body.errcode).toBe(ERR.OK);
    const res = await onB.call(STORE_LIST, LIST_QUERY);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.NO_SESSION);
  });

  it('ends there on the next call after a password change here ends the other sessions', async () => {
    const { loginName, userRoleId, onA } = await newAccount();
    const elsewhere = sameBrowserOn(b, await a.signIn(loginName, 'kept12345', userRoleId));
    await keptOnB(elsewhere);
    const changed = await onA.call(AUTH_API.modifyPassword, {
      body: { oldPassword: 'kept12345', newPassword: 'Kept54321', confirmPassword: 'Kept54321' },
    });
    expect(changed.body.errcode).toBe(ERR.OK);
    const res = await elsewhere.call(STORE_LIST, LIST_QUERY);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_REVOKED);
  });

  it('ends there on the next call after a sign-in with refresh here ends the other sessions', async () => {
    const { loginName, onB } = await newAccount();
    await keptOnB(onB);
    expect((await a.client().login(loginName, 'kept12345', true)).body.errcode).toBe(ERR.OK);
    expect((await onB.call(STORE_LIST, LIST_QUERY)).body.errcode).toBe(ERR.SESSION_REVOKED);
  });

  it('ends there on the next call once the account is disabled', async () => {
    const { userId, onB } = await newAccount();
    await keptOnB(onB);
    await a.db.update(userAccount).set({ enabled: false }).where(eq(userAccount.id, userId));
    expect((await onB.call(STORE_LIST, LIST_QUERY)).body.errcode).toBe(ERR.SESSION_REVOKED);
  });

  it('ends the tab acting in a role on the next call once the role is taken away', async () => {
    const { userRoleId, onB } = await newAccount();
    const tab = { [TAB_ROLE_HEADER]: String(userRoleId) };
    await keptOnB(onB, tab);
    await a.db.delete(userRole).where(eq(userRole.id, userRoleId));
    const res = await onB.call(STORE_LIST, { ...LIST_QUERY, headers: tab });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.USER_INFO_FAILED);
  });

  it('refuses a page on the next call once the role no longer holds it', async () => {
    const { roleId, onB } = await newAccount();
    await keptOnB(onB);
    await a.db.delete(roleResource).where(eq(roleResource.roleId, roleId));
    expect((await onB.call(STORE_LIST, LIST_QUERY)).body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('expires there once idle, judged on the activity recorded by any instance', async () => {
    const { onA, onB } = await newAccount();
    await keptOnB(onB);
    const idle = new Date(Date.now() - 31 * 24 * 3_600_000);
    await a.db
      .update(session)
      .set({ lastSeenAt: idle })
      .where(eq(session.id, hashToken(onA.cookie!)));
    expect((await onB.call(STORE_LIST, LIST_QUERY)).body.errcode).toBe(ERR.SESSION_EXPIRED);
  });

  it('is not disturbed by calls that change nothing it depends on', async () => {
    const { onB } = await newAccount();
    await keptOnB(onB);
    const before = await authVersion();
    await keptOnB(onB);
    await a.client().login('nobody-at-all', 'whatever1');
    await a.signIn('admin', 'admin123');
    await a.client().call(AUTH_API.logout, { headers: { cookie: 'zb_sid=no-such-session' } });
    expect(await authVersion()).toBe(before);
  });
});
