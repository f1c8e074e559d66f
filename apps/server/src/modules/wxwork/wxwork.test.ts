/**
 * WeCom QR sign-in end to end on the server: the app listens on a real port, its WeCom client
 * calls the built-in simulator over HTTP, and the test plays the phone through the simulator's
 * pages (qrConnect, confirm) and the login page's poll (qrStatus).
 */
import { randomBytes } from 'node:crypto';
import { AUTH_API, type LoginResult, type WxworkInfo } from '@zb/contract/api/auth';
import type { WxworkQrStatus } from '@zb/contract/api/wxwork';
import { accountVersion } from '@zb/contract/constants';
import { ERR, WXWORK_LOGIN_ABNORMAL } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WXWORK_DEMO } from '../../config';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { wxsimLogin, wxsimToken } from './schema';

let t: TestApp;
let origin: string;
let info: WxworkInfo;

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  info = (await t.client().call(AUTH_API.wxworkInfo, { headers: { host: new URL(origin).host } })).body.data;
});
afterAll(() => t.close());

const newState = () => randomBytes(9).toString('base64url');

const qrLink = (state: string) =>
  `${info.qrConnectUrl}?${new URLSearchParams({ appid: info.appid, agentid: info.agentid, redirect_uri: `${origin}/login`, state })}`;

const qrStatus = async (state: string): Promise<WxworkQrStatus> =>
  (await fetch(`${info.qrStatusUrl}?state=${encodeURIComponent(state)}`)).json() as Promise<WxworkQrStatus>;

/** The phone: opens the QR link and confirms as the person. */
const confirmAs = async (state: string, userid: string): Promise<string> => {
  const form = new URLSearchParams({
    appid: info.appid,
    agentid: info.agentid,
    redirect_uri: `${origin}/login`,
    state,
    userid,
  });
  const res = await fetch(`${origin}/wxsim/wwopen/sso/confirm`, { method: 'POST', body: form });
  return res.text();
};

/** QR drawn, confirmed by the person, code picked up by the poll. */
const scan = async (userid: string): Promise<string> => {
  const state = newState();
  await confirmAs(state, userid);
  const status = await qrStatus(state);
  if (status.status !== 'confirmed' || !status.code) throw new Error(`not confirmed: ${JSON.stringify(status)}`);
  return status.code;
};

const codeLogin = async (c: TestClient, code: string) => {
  const res = await c.call(AUTH_API.wxworkLogin, { query: { code } });
  if (res.body.errcode === ERR.OK) {
    const data = res.body.data as LoginResult;
    c.accountVersion = accountVersion(data.loginName, data.createdDate);
  }
  return res;
};

describe('wxworkInfo', () => {
  it('answers the corp, the agent and the simulator’s QR page and status call at the caller’s origin', () => {
    expect(info).toEqual({
      appid: WXWORK_DEMO.corpId,
      agentid: WXWORK_DEMO.agentId,
      qrConnectUrl: `${origin}/wxsim/wwopen/sso/qrConnect`,
      qrStatusUrl: `${origin}/wxsim/wwopen/sso/qrStatus`,
    });
  });
});

describe('the QR round trip through the simulator', () => {
  it('lists the directory, confirms, reports the code, signs in as 张敏 once', async () => {
    const state = newState();
    expect(await qrStatus(state)).toEqual({ status: 'waiting' });

    const page = await (await fetch(qrLink(state))).text();
    expect(page).toContain('企业微信扫码登录模拟器');
    for (const name of ['张敏', '李强', '王建国']) expect(page).toContain(name);
    expect(page).not.toContain('系统管理员');
    expect(page).toContain('确认登录');

    expect(await confirmAs(state, 'zhangmin')).toContain('已确认，请回到登录页');
    const status = await qrStatus(state);
    expect(status.status).toBe('confirmed');
    expect(status.code).toEqual(expect.any(String));

    const c = t.client();
    const res = await codeLogin(c, status.code!);
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toMatchObject({ loginName: '13800000001', nickname: '张敏', propertyEx: { admin: 0 } });
    expect(res.body.data.roles.map((r) => r.roleName)).toEqual(['总部运营', '大区督导']);
    expect(c.cookie).toEqual(expect.any(String));
    expect((await c.call(AUTH_API.loginInfo)).body.data).toMatchObject({ userName: '张敏' });

    const again = await codeLogin(t.client(), status.code!);
    expect(again.body.errcode).toBe(ERR.WXWORK_LOGIN_FAILED);
    expect(again.body.errmsg).toContain(WXWORK_LOGIN_ABNORMAL);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('keeps one access token for many sign-ins', async () => {
    const before = (await t.db.select().from(wxsimToken)).length;
    await codeLogin(t.client(), await scan('liqiang'));
    await codeLogin(t.client(), await scan('liqiang'));
    expect((await t.db.select().from(wxsimToken)).length).toBeLessThanOrEqual(Math.max(before, 1));
  });

  it('applies the password path’s rules: a boss without roles is told to apply (LOGIN-51005)', async () => {
    const res = await codeLogin(t.client(), await scan('wangjianguo'));
    expect(res.body.errcode).toBe(ERR.LOGIN_BOSS_APPROVAL_REQUIRED);
  });

  it('refuses a second confirmation of the same QR code and reports expired states', async () => {
    const state = newState();
    await confirmAs(state, 'zhangmin');
    expect(await confirmAs(state, 'liqiang')).toContain('已确认过');
    const old = newState();
    await t.db.insert(wxsimLogin).values({ state: old, createdAt: new Date(Date.now() - 301_000) });
    expect(await qrStatus(old)).toEqual({ status: 'expired' });
    expect(await confirmAs(old, 'zhangmin')).toContain('二维码已失效');
    expect((await fetch(`${info.qrStatusUrl}?state=${encodeURIComponent('<bad>')}`)).status).toBe(400);
  });
});

describe('wxworkLogin refusals', () => {
  it('answers 企业微信登录异常 for an invalid code, and opens no session', async () => {
    const res = await codeLogin(t.client(), 'nope');
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.WXWORK_LOGIN_FAILED);
    expect(res.body.errmsg).toBe(`${WXWORK_LOGIN_ABNORMAL}：二维码已失效，请重新扫码`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 企业微信登录异常 for a code older than five minutes', async () => {
    const code = `old-${newState()}`;
    const confirmedAt = new Date(Date.now() - 301_000);
    await t.db.insert(wxsimLogin).values({ state: newState(), userid: 'zhangmin', code, confirmedAt });
    expect((await codeLogin(t.client(), code)).body.errmsg).toContain(WXWORK_LOGIN_ABNORMAL);
  });

  it('tells a WeCom person bound to no account so, without 企业微信登录异常', async () => {
    const code = `stranger-${newState()}`;
    await t.db.insert(wxsimLogin).values({ state: newState(), userid: 'stranger', code, confirmedAt: new Date() });
    const res = await codeLogin(t.client(), code);
    expect(res.body.errcode).toBe(ERR.WXWORK_NOT_BOUND);
    expect(res.body.errmsg).toBe('该企业微信账号未绑定总部后台账号');
    expect(res.body.errmsg).not.toContain(WXWORK_LOGIN_ABNORMAL);
  });

  it('answers 企业微信登录异常 when the configured secret or corp id is wrong', async () => {
    const code = await scan('zhangmin');
    for (const [wrong, wecomCode] of [
      [{ secret: 'not-the-secret' }, '40001'],
      [{ corpId: 'ww-other' }, '40013'],
    ] as const) {
      const other = await createTestApp({
        handle: t.handle,
        config: { wxwork: { ...WXWORK_DEMO, apiBase: `${origin}/wxsim`, ...wrong } },
      });
      try {
        const res = await codeLogin(other.client(), code);
        expect(res.body.errcode).toBe(ERR.WXWORK_LOGIN_FAILED);
        expect(res.body.errmsg).toContain(WXWORK_LOGIN_ABNORMAL);
        expect(res.body.errmsg).toContain(wecomCode);
      } finally {
        await other.close();
      }
    }
    // The code was never redeemed: the right configuration still signs in with it.
    expect((await codeLogin(t.client(), code)).body.errcode).toBe(ERR.OK);
  });

  it('answers 企业微信登录异常 when WeCom cannot be reached', async () => {
    const other = await createTestApp({
      handle: t.handle,
      config: { wxwork: { ...WXWORK_DEMO, apiBase: 'http://127.0.0.1:9/wxsim' } },
    });
    try {
      const res = await codeLogin(other.client(), 'whatever');
      expect(res.body.errmsg).toContain(WXWORK_LOGIN_ABNORMAL);
    } finally {
      await other.close();
    }
  });

  it('still signs in with account and password, and asks for one or the other', async () => {
    const c = t.client();
    const res = await c.call(AUTH_API.wxworkLogin, { query: { user: '13800000001', password: 'hq123456' } });
    expect(res.body.errcode).toBe(ERR.OK);
    expect((await c.call(AUTH_API.wxworkLogin)).body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('loginAllInfo', () => {
  it('answers the session’s login result with the current role checked', async () => {
    const c = t.client();
    const login = await codeLogin(c, await scan('zhangmin'));
    const first = await c.call(AUTH_API.loginAllInfo);
    expect(first.body.errcode).toBe(ERR.OK);
    expect(first.body.data).toMatchObject({ loginName: '13800000001', nickname: '张敏' });
    expect(first.body.data.roles.every((r) => !r.checked)).toBe(true);

    const chosen = login.body.data.roles[1]!.userRoleId;
    await c.selectRole(chosen);
    const after = await c.call(AUTH_API.loginAllInfo);
    expect(after.body.data.roles.find((r) => r.checked)?.userRoleId).toBe(chosen);
  });

  it('refuses a caller without a session', async () => {
    const res = await t.client().call(AUTH_API.loginAllInfo);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toMatch(/^FILTER_LOGIN_/);
  });
});

describe('the simulator’s own checks', () => {
  it('refuses a wrong appid on the QR page and an unknown person on confirm', async () => {
    const bad = (await fetch(qrLink(newState()).replace(`appid=${info.appid}`, 'appid=ww-x'))).status;
    expect(bad).toBe(400);
    expect(await confirmAs(newState(), 'nobody')).toContain('通讯录中没有该成员');
    const [row] = await t.db.select().from(wxsimLogin).where(eq(wxsimLogin.userid, 'nobody'));
    expect(row).toBeUndefined();
  });
});
