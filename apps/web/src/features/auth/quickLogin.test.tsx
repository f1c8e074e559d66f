import { screen, waitFor } from '@testing-library/react';
import { ERR, QUICK_LOGIN_INVALID_TEXT } from '@zb/contract/errcodes';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { getSessionUser } from '../../platform/session';
import { envelope, loginResult, type Reply, role, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const server = (answer: Reply) =>
  stubFetch((url) => (url.startsWith('/rest/auth/quickLogin') ? answer : { status: 404, text: 'not found' }));

const quickCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter((c) => String(c[0]) === '/rest/auth/quickLogin');

describe('/login?ql=1', () => {
  it('signs in once with the cookie and continues like a password sign-in: the role choice', async () => {
    const roles = [role(), role({ hier: '大区', roleName: '大区督导', userRoleId: 202 })];
    const fetch = server({ body: envelope(loginResult({ roles })) });
    const app = renderApp('/login?ql=1');
    expect(await screen.findByText('选择角色', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('大区督导')).toBeTruthy();
    expect(quickCalls(fetch)).toHaveLength(1);
    expect(quickCalls(fetch)[0]?.[1]?.method).toBe('POST');
    await app.waitForPath('/login');
  });

  it('a refused cookie stays on /login with a 提示, and is not retried', async () => {
    const fetch = server({ body: envelope(null, ERR.TICKET_INVALID, QUICK_LOGIN_INVALID_TEXT) });
    const app = renderApp('/login?ql=1');
    await waitFor(() => expect(currentAlert()).toMatchObject({ title: '提示', text: QUICK_LOGIN_INVALID_TEXT }), SLOW);
    await app.waitForPath('/login');
    expect(await screen.findByPlaceholderText('请输入账号', {}, SLOW)).toBeTruthy();
    expect(getSessionUser()).toBeNull();
    expect(quickCalls(fetch)).toHaveLength(1);
  });

  it('without ql the login page does not try', async () => {
    const fetch = server({ body: envelope(loginResult()) });
    renderApp('/login');
    expect(await screen.findByPlaceholderText('请输入账号', {}, SLOW)).toBeTruthy();
    expect(quickCalls(fetch)).toHaveLength(0);
  });
});
