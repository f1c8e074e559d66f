import { AUTH_API } from '@zb/contract/api/auth';
import { QUICK_LOGIN_COOKIE, QUICK_LOGIN_TTL_SECONDS, SESSION_COOKIE } from '@zb/contract/constants';
import { ERR, QUICK_LOGIN_INVALID_TEXT } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { issueTicket } from '../../platform/tickets';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { CallResult, TestClient } from '../../testing/testClient';

let t: TestApp;
let region: number;
beforeAll(async () => {
  t = await createTestApp();
  region = await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR');
});
afterAll(() => t.close());

const setCookies = (res: CallResult<unknown>): string[] => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
};

const cookieLine = (res: CallResult<unknown>, name: string): string | undefined =>
  setCookies(res).find((line) => line.startsWith(`${name}=`));

/** The quick-login cookie a signed-in client was given. */
const quickCookieOf = async (c: TestClient): Promise<string> => {
  const res = await c.call(AUTH_API.quickLoginCookie);
  expect(res.body.errcode).toBe(ERR.OK);
  const line = cookieLine(res, QUICK_LOGIN_COOKIE);
  expect(line).toBeDefined();
  return line!.slice(QUICK_LOGIN_COOKIE.length + 1).split(';')[0]!;
};

/** A browser coming to /login?ql=1 with only the quick-login cookie (or none). */
const quickLogin = (cookie: string | null, from: TestClient = t.client()) =>
  from.call(AUTH_API.quickLogin, {
    noCookie: true,
    headers: cookie === null ? {} : { cookie: `${QUICK_LOGIN_COOKIE}=${cookie}` },
  });

const expectCleared = (res: CallResult<unknown>) => {
  const line = cookieLine(res, QUICK_LOGIN_COOKIE);
  expect(line, 'the quick-login cookie is cleared').toBeDefined();
  expect(line).toMatch(/^zb_ql=;/);
  expect(line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
};

describe('quickLoginCookie', () => {
  it('sets an encrypted HttpOnly, SameSite=Lax cookie for the signed-in user, and logs it', async () => {
    const c = await t.signIn('13800000001', 'hq123456', region);
    const res = await c.call(AUTH_API.quickLoginCookie);
    expect(res.body.errcode).toBe(ERR.OK);
    const line = cookieLine(res, QUICK_LOGIN_COOKIE)!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(new RegExp(`Max-Age=${QUICK_LOGIN_TTL_SECONDS}`));
    expect(line).not.toMatch(/Secure/);
    expect(line).not.toContain('13800000001');
    const logged = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'quickLoginCookie')));
    expect(logged.at(-1)?.after).toEqual({ userRoleId: region });
  });

  it('needs a session', async () => {
    const res = await t.client().call(AUTH_API.quickLoginCookie);
    expect(res.body.errcode).toBe(ERR.NO_SESSION);
    expect(cookieLine(res, QUICK_LOGIN_COOKIE)).toBeUndefined();
  });
});

describe('quickLogin', () => {
  it('signs in once, in the recorded role, and clears the cookie', async () => {
    const cookie = await quickCookieOf(await t.signIn('13800000001', 'hq123456', region));
    const browser = t.client();
    const res = await quickLogin(cookie, browser);
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toMatchObject({ loginName: '13800000001', nickname: '张敏' });
    expectCleared(res);
    expect(cookieLine(res, SESSION_COOKIE)).toMatch(/HttpOnly/);
    browser.accountVersion = `${res.body.data.loginName}|${res.body.data.createdDate}`;
    const info = await browser.call(AUTH_API.loginInfo);
    expect(info.body.data.roles.filter((r) => r.checked).map((r) => r.userRoleId)).toEqual([region]);

    const again = await quickLogin(cookie);
    expect(again.body).toMatchObject({ errcode: ERR.TICKET_INVALID, errmsg: QUICK_LOGIN_INVALID_TEXT });
    expectCleared(again);
    expect(cookieLine(again, SESSION_COOKIE)).toBeUndefined();
  });

  it('signs in without a role when none was chosen', async () => {
    const cookie = await quickCookieOf(await t.signIn('13800000001', 'hq123456'));
    const browser = t.client();
    const res = await quickLogin(cookie, browser);
    expect(res.body.errcode).toBe(ERR.OK);
    browser.accountVersion = `${res.body.data.loginName}|${res.body.data.createdDate}`;
    const info = await browser.call(AUTH_API.loginInfo);
    expect(info.body.data.roles.some((r) => r.checked)).toBe(false);
  });

  it('refuses no cookie, a tampered cookie, an expired one and another kind of ticket, clearing it each time', async () => {
    const cookie = await quickCookieOf(await t.signIn('13800000001', 'hq123456'));
    const tampered = `${cookie.slice(0, 20)}${cookie[20] === 'A' ? 'B' : 'A'}${cookie.slice(21)}`;
    const claim = { userId: 1, userRoleId: null };
    const expired = issueTicket(
      t.app.cipher,
      'quickLogin',
      claim,
      QUICK_LOGIN_TTL_SECONDS,
      new Date(Date.now() - 301_000),
    );
    const switchKind = issueTicket(t.app.cipher, 'switchRole', claim, 60);
    for (const bad of [null, tampered, expired, switchKind, 'x'.repeat(3000)]) {
      const res = await quickLogin(bad);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errcode: ERR.TICKET_INVALID, errmsg: QUICK_LOGIN_INVALID_TEXT });
      expectCleared(res);
    }
    // The genuine cookie was never used by those attempts.
    expect((await quickLogin(cookie)).body.errcode).toBe(ERR.OK);
  });
});
