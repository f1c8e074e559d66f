import { AUTH_API } from '@zb/contract/api/auth';
import { endpoint, PUBLIC } from '@zb/contract/api/endpoint';
import { ACCOUNT_VERSION_HEADER, accountVersion } from '@zb/contract/constants';
import { ERR, ERRMSG, WXWORK_LOGIN_ABNORMAL } from '@zb/contract/errcodes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, headerOf, loginResult, sessionUser, stubFetch } from '../test/fixtures';
import { closeAlert, currentAlert, type Notice, pendingAlerts, resetAlerts, subscribeNotices } from './alerts';
import { ApiError } from './apiError';
import { call } from './http';
import { setNavigator } from './navigation';
import { serverOffsetMs } from './serverTime';
import { endSession, getSessionUser, setLoginResult, setSessionUser } from './session';

const hello = endpoint<undefined, undefined, string>({
  method: 'GET',
  path: '/rest/hello',
  access: PUBLIC,
  summary: '',
});
const exportList = endpoint<undefined, undefined, Blob>({
  method: 'GET',
  path: '/rest/goods/export',
  access: PUBLIC,
  summary: '',
});

let notices: Notice[];
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let stopNotices: () => void;

beforeEach(() => {
  notices = [];
  stopNotices = subscribeNotices((n) => notices.push(n));
  navigate = vi.fn<(to: string) => void>();
  setNavigator(navigate);
});

afterEach(() => {
  stopNotices();
  resetAlerts();
  vi.unstubAllGlobals();
});

const failWith = (errcode: string, errmsg = `失败 ${errcode}`) =>
  stubFetch(() => ({ body: envelope(null, errcode, errmsg) }));

/** Closes the alert on screen as if the user pressed 确定. */
const confirmAlert = () => {
  const alert = currentAlert();
  if (alert) closeAlert(alert.id, true);
};

describe('request', () => {
  it('sends the account-version header from the stored login result on endpoints that need it', async () => {
    setLoginResult(loginResult());
    const fetch = stubFetch(() => ({ body: envelope({ userId: 7 }) }));
    await call(AUTH_API.loginInfo);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/rest/acct/loginInfo');
    expect(init?.credentials).toBe('same-origin');
    expect(headerOf(init, ACCOUNT_VERSION_HEADER)).toBe(accountVersion('13800000001', '2024-01-02 03:04:05'));
  });

  it('prefers the chosen session user for the header', async () => {
    setLoginResult(loginResult());
    setSessionUser(sessionUser({ loginName: 'other', createdDate: 'd2' }));
    const fetch = stubFetch(() => ({ body: envelope(3) }));
    await call(AUTH_API.synDWRole);
    expect(headerOf(fetch.mock.calls[0]?.[1], ACCOUNT_VERSION_HEADER)).toBe('other|d2');
  });

  it.each([
    ['login', () => call(AUTH_API.login, { body: { user: '13800000001', password: 'x' } })],
    ['logout', () => call(AUTH_API.logout)],
    ['selectHierRole', () => call(AUTH_API.selectHierRole, { params: { userRoleId: 7 } })],
  ])('does not send the header on %s', async (_name, run) => {
    setLoginResult(loginResult());
    const fetch = stubFetch(() => ({ body: envelope(null) }));
    await run();
    expect(headerOf(fetch.mock.calls[0]?.[1], ACCOUNT_VERSION_HEADER)).toBeNull();
  });

  it('fills path parameters, serialises the query and sends a JSON body', async () => {
    const fetch = stubFetch(() => ({ body: envelope(null) }));
    await call(AUTH_API.selectHierRole, { params: { userRoleId: 42 } });
    await call(AUTH_API.getStoreAuthorityResult, { query: { spNo: 'SP 1', n: 0 } });
    await call(AUTH_API.login, { body: { user: 'u', password: 'p' } });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      '/rest/acct/selectHierRole/42',
      '/rest/staffList/getStoreAuthorityResult?spNo=SP+1&n=0',
      '/rest/auth/login',
    ]);
    const init = fetch.mock.calls[2]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ user: 'u', password: 'p' }));
    expect(headerOf(init, 'Content-Type')).toBe('application/json');
  });

  it('keeps the server time offset from the Date header', async () => {
    const ahead = new Date(Date.now() + 3_600_000).toUTCString();
    stubFetch(() => ({ body: envelope(null), headers: { Date: ahead } }));
    await call(AUTH_API.loginInfo);
    expect(serverOffsetMs()).toBeGreaterThan(3_590_000);
    expect(serverOffsetMs()).toBeLessThan(3_610_000);
  });
});

describe('success', () => {
  it('resolves with data and shows a 成功 notice with errmsg on a mutation', async () => {
    stubFetch(() => ({ body: envelope({ ok: 1 }, '0', '保存成功') }));
    await expect(
      call(AUTH_API.modifyPassword, { body: { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' } }),
    ).resolves.toEqual({ ok: 1 });
    expect(notices).toEqual([{ kind: 'success', title: '成功', text: '保存成功', key: undefined }]);
    expect(pendingAlerts()).toBe(0);
  });

  it('stays quiet on a GET', async () => {
    stubFetch(() => ({ body: envelope(5) }));
    await expect(call(AUTH_API.synDWRole)).resolves.toBe(5);
    expect(notices).toEqual([]);
  });

  it('lets options silence a mutation or announce a GET', async () => {
    stubFetch(() => ({ body: envelope(null, '0', '好了') }));
    await call(AUTH_API.logout, {}, { success: false });
    expect(notices).toEqual([]);
    await call(AUTH_API.synDWRole, {}, { success: true });
    expect(notices.map((n) => n.text)).toEqual(['好了']);
  });
});

describe('errors', () => {
  it('rejects with an ApiError and shows one 警告 alert with errmsg', async () => {
    failWith(ERR.LOGIN_LOCKED, '密码错误次数过多，账号已锁定，请于 10:15 后再试');
    const error = await call(AUTH_API.login, { body: { user: 'u', password: 'p' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errcode: ERR.LOGIN_LOCKED, status: 200 });
    expect(pendingAlerts()).toBe(1);
    expect(currentAlert()).toMatchObject({ kind: 'error', title: '警告', text: expect.stringContaining('10:15') });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([ERR.NO_SESSION, ERR.SESSION_EXPIRED, ERR.ACCOUNT_VERSION_MISMATCH, ERR.SESSION_REVOKED])(
    '%s shows the message, clears the session and goes to /relogin',
    async (code) => {
      setSessionUser(sessionUser());
      failWith(code, '登录已失效');
      await expect(call(AUTH_API.synDWRole)).rejects.toMatchObject({ errcode: code });
      expect(currentAlert()?.text).toBe('登录已失效');
      expect(getSessionUser()).toBeNull();
      expect(sessionStorage.length).toBe(0);
      expect(navigate).toHaveBeenCalledWith('/relogin');
    },
  );

  it('LOGIN-40103 shows 获取用户信息失败, then clears the session and goes to /relogin', async () => {
    setSessionUser(sessionUser());
    failWith(ERR.USER_INFO_FAILED, 'whatever the server said');
    await expect(call(AUTH_API.loginInfo)).rejects.toBeInstanceOf(ApiError);
    expect(currentAlert()?.text).toBe(ERRMSG[ERR.USER_INFO_FAILED]);
    expect(currentAlert()?.text).toBe('获取用户信息失败');
    expect(getSessionUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/relogin');
  });

  it('parallel calls on an expired session show one alert', async () => {
    setSessionUser(sessionUser());
    failWith(ERR.SESSION_EXPIRED);
    await Promise.allSettled([call(AUTH_API.loginInfo), call(AUTH_API.synDWRole), call(AUTH_API.shortcutList)]);
    expect(pendingAlerts()).toBe(1);
  });

  it('a session errcode answering after 退出登录 stays quiet: the user is already on /relogin', async () => {
    setSessionUser(sessionUser());
    endSession('logout');
    failWith(ERR.NO_SESSION, '请重新登录');
    await expect(call(AUTH_API.synDWRole)).rejects.toMatchObject({ errcode: ERR.NO_SESSION });
    expect(pendingAlerts()).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an HTTP 500 without envelope alerts in Chinese', async () => {
    stubFetch(() => ({ status: 500, text: '<html>Internal Server Error</html>' }));
    await expect(call(AUTH_API.loginInfo)).rejects.toMatchObject({ errcode: 'HTTP-500', status: 500 });
    expect(currentAlert()).toMatchObject({ title: '警告', text: '服务器错误，请稍后再试（HTTP 500）' });
  });

  it('an HTTP error carrying an envelope is handled by its errcode', async () => {
    setSessionUser(sessionUser());
    stubFetch(() => ({ status: 401, body: envelope(null, ERR.NO_SESSION, '请重新登录') }));
    await expect(call(AUTH_API.loginInfo)).rejects.toMatchObject({ errcode: ERR.NO_SESSION });
    expect(navigate).toHaveBeenCalledWith('/relogin');
  });

  it('a network failure alerts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(AUTH_API.loginInfo)).rejects.toMatchObject({ errcode: 'NETWORK', status: 0 });
    expect(currentAlert()?.text).toBe('网络连接失败，请检查网络后重试');
  });

  it('codes the caller handles reject without an alert', async () => {
    failWith(ERR.LOGIN_APPROVAL_PENDING);
    await expect(
      call(AUTH_API.login, { body: { user: 'u', password: 'p' } }, { handled: [ERR.LOGIN_APPROVAL_PENDING] }),
    ).rejects.toMatchObject({ errcode: ERR.LOGIN_APPROVAL_PENDING });
    expect(pendingAlerts()).toBe(0);
  });
});

describe('exemptions from the generic alert', () => {
  it('urls containing "hello"', async () => {
    failWith(ERR.INTERNAL);
    await expect(call(hello)).rejects.toBeInstanceOf(ApiError);
    expect(pendingAlerts()).toBe(0);
  });

  it('excel-type calls answering -10, but not other codes', async () => {
    failWith(ERR.EXCEL_EMPTY);
    await expect(call(exportList, {}, { excel: true })).rejects.toMatchObject({ errcode: '-10' });
    expect(pendingAlerts()).toBe(0);
    await expect(call(exportList)).rejects.toBeInstanceOf(ApiError);
    expect(pendingAlerts()).toBe(1);
    resetAlerts();
    failWith(ERR.INTERNAL);
    await expect(call(exportList, {}, { excel: true })).rejects.toBeInstanceOf(ApiError);
    expect(pendingAlerts()).toBe(1);
  });

  it('excel-type calls resolve a file as a Blob', async () => {
    stubFetch(() => ({ text: 'a,b\n1,2' }));
    const file = await call(exportList, {}, { excel: true });
    // Node's fetch makes its own Blob (not jsdom's), so check the content rather than the class.
    await expect(file.text()).resolves.toBe('a,b\n1,2');
  });

  it.each(['200', '204', '505'])('the store-authority result answering %s', async (code) => {
    failWith(code);
    await expect(call(AUTH_API.getStoreAuthorityResult, { query: { spNo: 'SP1', n: 1 } })).rejects.toMatchObject({
      errcode: code,
    });
    expect(pendingAlerts()).toBe(0);
  });

  it('the store-authority result still alerts other codes', async () => {
    failWith(ERR.INTERNAL);
    await expect(call(AUTH_API.getStoreAuthorityResult, { query: { spNo: 'SP1', n: 1 } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(pendingAlerts()).toBe(1);
  });

  it('enterprise login: the abnormal-login message goes straight to /login', async () => {
    failWith('WX-1', `${WXWORK_LOGIN_ABNORMAL}，请重新扫码`);
    await expect(call(AUTH_API.wxworkLogin, { query: { code: 'c' } })).rejects.toBeInstanceOf(ApiError);
    expect(pendingAlerts()).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('enterprise login: codes the page handles itself (LOGIN-51005) neither alert nor navigate', async () => {
    failWith(ERR.LOGIN_BOSS_APPROVAL_REQUIRED);
    await expect(
      call(AUTH_API.wxworkLogin, { query: { code: 'c' } }, { handled: [ERR.LOGIN_BOSS_APPROVAL_REQUIRED] }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(pendingAlerts()).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('enterprise login: other messages alert, then go to /login', async () => {
    failWith('WX-2', '扫码已过期');
    await expect(call(AUTH_API.wxworkLogin, { query: { code: 'c' } })).rejects.toBeInstanceOf(ApiError);
    expect(currentAlert()?.text).toBe('扫码已过期');
    expect(navigate).not.toHaveBeenCalled();
    confirmAlert();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });
});
