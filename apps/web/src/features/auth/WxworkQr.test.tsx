import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WxworkInfo } from '@zb/contract/api/auth';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, pendingAlerts } from '../../platform/alerts';
import { envelope, loginResult, type Reply, role, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { codeReturnPath, FOREIGN_STATE_TEXT, qrLinkOf, rememberQrState } from './wxworkQrModel';

const INFO: WxworkInfo = {
  appid: 'ww-zb-demo',
  agentid: '1000002',
  qrConnectUrl: 'http://wecom.test/wxsim/wwopen/sso/qrConnect',
  qrStatusUrl: 'http://wecom.test/wxsim/wwopen/sso/qrStatus',
};

const zhangmin = loginResult({
  nickname: '张敏',
  roles: [role(), role({ roleId: 12, roleName: '大区督导', hier: '大区', userRoleId: 102 })],
});

/** A server and a WeCom simulator: `status` answers the QR poll, `login` the code sign-in. */
const server = (opts: { status?: () => unknown; login?: Reply } = {}) =>
  stubFetch((url) => {
    if (url.startsWith(INFO.qrStatusUrl!)) return { body: opts.status?.() ?? { status: 'waiting' } };
    if (url.startsWith('/api/v1/centerWxwork/info')) return { body: envelope(INFO) };
    if (url.startsWith('/api/v1/centerWxwork/login')) return opts.login ?? { body: envelope(zhangmin) };
    return { body: envelope(null) };
  });

const WAIT = { timeout: 10_000 };

afterEach(() => {
  for (let a = currentAlert(); a; a = currentAlert()) closeAlert(a.id, false);
});

describe('the 扫码登录 tab', () => {
  it('comes first and draws the QR code of the qrConnect link, with the link to open in a new tab', async () => {
    server();
    renderApp('/login');
    const tabs = await screen.findAllByRole('tab', {}, SLOW);
    expect(tabs.map((t) => t.textContent)).toEqual(['扫码登录', '账号登录']);
    expect((await screen.findByRole('img', { name: '企业微信登录二维码' }, SLOW)).querySelector('svg')).toBeTruthy();
    const link = screen.getByRole('link', { name: '在新标签页打开' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe(INFO.qrConnectUrl);
    expect(url.searchParams.get('appid')).toBe(INFO.appid);
    expect(url.searchParams.get('agentid')).toBe(INFO.agentid);
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('polls the status; once confirmed it signs in with the code and offers the role choice', async () => {
    let polls = 0;
    const fetch = server({
      status: () => (++polls < 2 ? { status: 'waiting' } : { status: 'confirmed', code: 'C-1' }),
    });
    const app = renderApp('/login');
    expect(await screen.findByText('大区督导', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('总部运营')).toBeTruthy();
    const logins = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/v1/centerWxwork/login'));
    expect(logins).toEqual(['/api/v1/centerWxwork/login?code=C-1']);
    // The code left the address: a reload never spends it again. The router applies the address
    // in a transition, which a loaded machine may commit after the role choice has rendered.
    await app.waitForPath('/login');
  });

  it('says 二维码已失效 when the state expired, and 刷新二维码 draws a new one', async () => {
    let expired = true;
    server({ status: () => (expired ? { status: 'expired' } : { status: 'waiting' }) });
    renderApp('/login');
    const first = (await screen.findByRole('link', { name: '在新标签页打开' }, SLOW)).getAttribute('href');
    const refresh = await screen.findByRole('button', { name: /刷新二维码/ }, WAIT);
    expect(screen.getByText('二维码已失效')).toBeTruthy();
    expired = false;
    fireEvent.click(refresh);
    const second = (await screen.findByRole('link', { name: '在新标签页打开' }, SLOW)).getAttribute('href');
    expect(second).not.toBe(first);
  });
});

describe('a code in /login’s query (SPEC §4, §8)', () => {
  it('an abnormal enterprise login goes straight back to a clean /login and the QR, without an alert', async () => {
    server({ login: { body: envelope(null, ERR.WXWORK_LOGIN_FAILED, ERRMSG[ERR.WXWORK_LOGIN_FAILED]) } });
    rememberQrState('x');
    const app = renderApp(codeReturnPath('nope', 'x'));
    expect(await screen.findByRole('img', { name: '企业微信登录二维码' }, SLOW)).toBeTruthy();
    expect(app.path()).toBe('/login');
    expect(pendingAlerts()).toBe(0);
  });

  it('other messages alert, then go to /login', async () => {
    server({ login: { body: envelope(null, ERR.WXWORK_NOT_BOUND, ERRMSG[ERR.WXWORK_NOT_BOUND]) } });
    rememberQrState('s');
    const app = renderApp(codeReturnPath('c', 's'));
    await waitFor(() => expect(currentAlert()?.text).toBe('该企业微信账号未绑定总部后台账号'), SLOW);
    closeAlert(currentAlert()!.id, true);
    await app.waitForPath('/login');
    expect(await screen.findByRole('tab', { name: '扫码登录' }, SLOW)).toBeTruthy();
  });

  it('does not use a code whose state this tab never drew (a forged sign-in link)', async () => {
    const fetch = server({});
    renderApp(codeReturnPath('stolen', 'not-mine'));
    await waitFor(() => expect(currentAlert()?.text).toBe(FOREIGN_STATE_TEXT), SLOW);
    const logins = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/v1/centerWxwork/login'));
    expect(logins).toEqual([]);
  });
});

describe('qrLinkOf', () => {
  it('carries appid, agentid, the encoded redirect_uri and the state', () => {
    expect(qrLinkOf(INFO, 'S1', 'https://hq.example.com')).toBe(
      `${INFO.qrConnectUrl}?appid=ww-zb-demo&agentid=1000002&redirect_uri=${encodeURIComponent('https://hq.example.com/login')}&state=S1`,
    );
  });
});
