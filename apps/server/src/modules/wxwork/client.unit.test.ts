import { ERR, WXWORK_LOGIN_ABNORMAL } from '@zb/contract/errcodes';
import { describe, expect, it } from 'vitest';
import { WECOM, WecomClient, WecomError, wecomFailure, wecomFailureText } from './client';

/** A stand-in for WeCom: answers from a script and records the calls. */
const fakeWecom = (answer: (url: URL) => unknown) => {
  const calls: URL[] = [];
  const fetchStub = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    calls.push(url);
    const body = answer(url);
    if (body instanceof Error) throw body;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetch: fetchStub };
};

const clientWith = (fake: ReturnType<typeof fakeWecom>, now = () => 1_000_000) =>
  new WecomClient({ base: () => 'https://wecom.test', corpId: 'ww1', secret: 's3', fetch: fake.fetch, now });

describe('WecomClient', () => {
  it('gets a token, then the userid of the code, at WeCom’s paths and parameters', async () => {
    const fake = fakeWecom((url) =>
      url.pathname === '/cgi-bin/gettoken'
        ? { errcode: 0, errmsg: 'ok', access_token: 'T1', expires_in: 7200 }
        : { errcode: 0, errmsg: 'ok', userid: 'zhangmin' },
    );
    expect(await clientWith(fake).userIdOf('C1')).toBe('zhangmin');
    expect(fake.calls.map((u) => u.pathname)).toEqual(['/cgi-bin/gettoken', '/cgi-bin/auth/getuserinfo']);
    expect(Object.fromEntries(fake.calls[0]!.searchParams)).toEqual({ corpid: 'ww1', corpsecret: 's3' });
    expect(Object.fromEntries(fake.calls[1]!.searchParams)).toEqual({ access_token: 'T1', code: 'C1' });
  });

  it('keeps the token until shortly before it expires', async () => {
    let clock = 0;
    let issued = 0;
    const fake = fakeWecom((url) =>
      url.pathname === '/cgi-bin/gettoken'
        ? { errcode: 0, access_token: `T${++issued}`, expires_in: 7200 }
        : { errcode: 0, userid: 'u' },
    );
    const client = clientWith(fake, () => clock);
    await client.userIdOf('a');
    clock = 7_000_000;
    await client.userIdOf('b');
    expect(issued).toBe(1);
    clock = 7_200_000;
    await client.userIdOf('c');
    expect(issued).toBe(2);
  });

  it('refetches the token once when WeCom says it is invalid (40014) or expired (42001)', async () => {
    for (const stale of [WECOM.INVALID_TOKEN, WECOM.TOKEN_EXPIRED]) {
      let issued = 0;
      const fake = fakeWecom((url) => {
        if (url.pathname === '/cgi-bin/gettoken') return { errcode: 0, access_token: `T${++issued}`, expires_in: 7200 };
        return url.searchParams.get('access_token') === 'T1' ? { errcode: stale, errmsg: 'stale' } : { userid: 'u' };
      });
      expect(await clientWith(fake).userIdOf('c')).toBe('u');
      expect(issued).toBe(2);
    }
  });

  it('throws WeCom’s errcode for a bad secret, a bad corp id or an invalid code', async () => {
    for (const errcode of [WECOM.BAD_SECRET, WECOM.INVALID_CORPID]) {
      const fake = fakeWecom(() => ({ errcode, errmsg: 'no' }));
      await expect(clientWith(fake).userIdOf('c')).rejects.toMatchObject({ errcode });
    }
    const fake = fakeWecom((url) =>
      url.pathname === '/cgi-bin/gettoken'
        ? { errcode: 0, access_token: 'T' }
        : { errcode: 40029, errmsg: 'invalid code' },
    );
    await expect(clientWith(fake).userIdOf('c')).rejects.toMatchObject({ errcode: WECOM.INVALID_CODE });
  });

  it('treats a network failure or a non-JSON answer as unreachable, and a missing userid as an invalid code', async () => {
    await expect(clientWith(fakeWecom(() => new TypeError('fetch failed'))).userIdOf('c')).rejects.toMatchObject({
      errcode: WECOM.UNREACHABLE,
    });
    const noUser = fakeWecom((url) =>
      url.pathname === '/cgi-bin/gettoken' ? { errcode: 0, access_token: 'T' } : { errcode: 0, openid: 'o' },
    );
    await expect(clientWith(noUser).userIdOf('c')).rejects.toMatchObject({ errcode: WECOM.INVALID_CODE });
  });
});

describe('wecomFailure', () => {
  it('maps every WeCom failure to WXWORK_LOGIN_FAILED with 企业微信登录异常 in the message', () => {
    for (const code of [40001, 40013, 40014, 42001, 40029, -1, 60011]) {
      const err = wecomFailure(new WecomError(code, 'x'));
      expect(err.errcode).toBe(ERR.WXWORK_LOGIN_FAILED);
      expect(err.message.startsWith(`${WXWORK_LOGIN_ABNORMAL}：`), String(code)).toBe(true);
    }
    expect(wecomFailureText(WECOM.INVALID_CODE)).toBe(`${WXWORK_LOGIN_ABNORMAL}：二维码已失效，请重新扫码`);
    expect(wecomFailureText(WECOM.BAD_SECRET)).toContain('40001');
  });
});
