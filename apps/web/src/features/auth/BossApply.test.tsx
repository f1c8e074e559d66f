import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { describe, expect, it, vi } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { envelope, loginResult, type Reply, role, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

// Poll fast in tests; the real interval (5 s) is the contract's.
vi.mock('@zb/contract/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@zb/contract/constants')>()),
  APPROVAL_POLL_INTERVAL_MS: 30,
}));

const HINT = { userId: 33, authority: 'sealed-ticket' };
const bossRole = role({ hier: '门店', roleName: '门店店长', roleId: 5, userRoleId: 501 });

/** A server that refuses the login with 51005, then answers the poll from `results` in turn. */
const server = (results: string[], authorize: Reply = { body: envelope(loginResult({ roles: [bossRole] })) }) => {
  let polls = 0;
  return stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/rest/auth/login') {
      return { body: envelope(HINT, ERR.LOGIN_BOSS_APPROVAL_REQUIRED, '您暂无总部后台权限，可申请老板权限') };
    }
    if (path === '/rest/staffList/getStoreAuthority')
      return { body: envelope({ spNo: 'SP202611220001' }, '0', 'SP202611220001') };
    if (path === '/rest/staffList/getStoreAuthorityResult') {
      const code = results[Math.min(polls, results.length - 1)]!;
      polls += 1;
      return { body: envelope(null, code, ERRMSG[code as keyof typeof ERRMSG]) };
    }
    if (path === '/rest/centerWxwork/authorizeLogin') return authorize;
    if (path === '/api/v1/centerWxwork/info') {
      return {
        body: envelope({ appid: 'wx1', agentid: '1', qrConnectUrl: 'http://qr.test/connect', qrStatusUrl: null }),
      };
    }
    return { body: envelope(null) };
  });
};

const signInAndApply = async () => {
  fireEvent.click(await screen.findByRole('tab', { name: '账号登录' }, SLOW));
  fireEvent.change(await screen.findByPlaceholderText('请输入账号', {}, SLOW), { target: { value: '13800000003' } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'boss1234' } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  fireEvent.click(await screen.findByRole('button', { name: /申请老板权限/ }, SLOW));
};

const urls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes(part));

describe('boss permission on /login', () => {
  it('applies with the ticket, polls while 204, then on 200 shows 授权通过 and signs in to the role choice', async () => {
    const fetch = server([ERR.STORE_AUTH_PENDING, ERR.STORE_AUTH_PENDING, ERR.STORE_AUTH_PASSED]);
    renderApp('/login');
    await signInAndApply();
    expect(await screen.findByText('审批中…', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/SP202611220001/)).toBeTruthy();

    expect(await screen.findByText('门店店长', {}, SLOW)).toBeTruthy();
    expect(urls(fetch, 'getStoreAuthority?')[0]).toContain('authority=sealed-ticket');
    const polls = urls(fetch, 'getStoreAuthorityResult');
    expect(polls.map((u) => new URL(u, 'http://x').searchParams.get('n'))).toEqual(['1', '2', '3']);
    expect(urls(fetch, 'authorizeLogin')[0]).toContain('userId=33&spNo=SP202611220001');
    // 204 and 200 are the poll's answers, never a 警告.
    expect(currentAlert()).toBeNull();
  });

  it('shows 授权通过 before signing in', async () => {
    let release: (r: Reply) => void = () => {};
    const pending = new Promise<Reply>((resolve) => {
      release = resolve;
    });
    server([ERR.STORE_AUTH_PASSED], pending as unknown as Reply);
    renderApp('/login');
    await signInAndApply();
    expect(await screen.findByText('授权通过', {}, SLOW)).toBeTruthy();
    release({ body: envelope(loginResult({ roles: [bossRole] })) });
    expect(await screen.findByText('门店店长', {}, SLOW)).toBeTruthy();
  });

  it('on 505 shows 授权未通过，请重新申请 and offers the button again, quietly', async () => {
    const fetch = server([ERR.STORE_AUTH_PENDING, ERR.STORE_AUTH_REJECTED]);
    renderApp('/login');
    await signInAndApply();
    expect(await screen.findByText('授权未通过，请重新申请', {}, SLOW)).toBeTruthy();
    expect(currentAlert()).toBeNull();
    expect(urls(fetch, 'authorizeLogin')).toHaveLength(0);

    // 申请老板权限 again signs in for a fresh ticket and applies at once.
    fireEvent.click(screen.getByRole('button', { name: /申请老板权限/ }));
    await waitFor(() => expect(urls(fetch, '/rest/auth/login')).toHaveLength(2), SLOW);
    await waitFor(() => expect(urls(fetch, 'getStoreAuthority?')).toHaveLength(2), SLOW);
  });
});
