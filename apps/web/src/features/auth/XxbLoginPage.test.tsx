import { screen, waitFor } from '@testing-library/react';
import type { RoleResources } from '@zb/contract/api/auth';
import { ACCOUNT_VERSION_HEADER } from '@zb/contract/constants';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { getLoginResult, getSessionUser } from '../../platform/session';
import { envelope, headerOf, loginResult, type Reply, role, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { ticketFromQuery } from './useXxbLogin';

const roles = [role(), role({ hier: '大区', roleName: '大区督导', userRoleId: 202, roleId: 6, hierId: 2 })];
const regionPages: RoleResources = {
  pages: [{ code: 'ZBHT-MDGL', name: '门店管理', description: '' }],
  buttons: [],
  roleName: '大区督导',
  hierId: 2,
  userRoleId: 202,
};

const server = (ticketAnswer: Reply) =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? url;
    if (path === '/rest/auth/ticketLogin') return ticketAnswer;
    if (path === '/rest/acct/selectHierRole/202') return { body: envelope(regionPages) };
    if (path === '/rest/acct/synDWRole') return { body: envelope(3) };
    if (path === '/rest/acct/loginInfo')
      return { body: envelope({ userId: 7, userName: '', phone: '', storeName: '', roles }) };
    return { status: 404, text: 'not found' };
  });

const URL_OF_TICKET = '/xxbLogin?u=13800000001&uid=202&userId=7&p=abc_DEF-123';

describe('/xxbLogin', () => {
  it('reads u, uid, userId and p from the query, refusing a missing or malformed part', () => {
    const q = (s: string) => ticketFromQuery(new URLSearchParams(s));
    expect(q('u=a&uid=2&userId=3&p=x%2By')).toEqual({ u: 'a', uid: 2, userId: 3, p: 'x+y' });
    expect(q('u=a&uid=2&userId=3')).toBeNull();
    expect(q('u=a&uid=two&userId=3&p=x')).toBeNull();
    expect(q('uid=2&userId=3&p=x')).toBeNull();
  });

  it('signs in with the ticket, enters its role like the role choice does, and lands on /welcome', async () => {
    const fetch = server({ body: envelope(loginResult({ roles })) });
    const app = renderApp(URL_OF_TICKET);
    expect(await screen.findByText('正在切换角色，请稍候…', {}, SLOW)).toBeTruthy();
    await app.waitForPath('/welcome');
    const sent = fetch.mock.calls.find((c) => String(c[0]) === '/rest/auth/ticketLogin');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ u: '13800000001', uid: 202, userId: 7, p: 'abc_DEF-123' });
    expect(getSessionUser()).toMatchObject({
      roleName: '大区督导',
      hierName: '大区',
      userRoleId: 202,
      menu: regionPages.pages,
      storeCount: 3,
      userId: 7,
      switchUserId: 7,
    });
    const select = fetch.mock.calls.find((c) => String(c[0]).includes('selectHierRole'));
    expect(select).toBeDefined();
    const info = fetch.mock.calls.find((c) => String(c[0]).includes('loginInfo'));
    expect(headerOf(info?.[1], ACCOUNT_VERSION_HEADER)).toBe('13800000001|2024-01-02 03:04:05');
    expect(fetch.mock.calls.filter((c) => String(c[0]) === '/rest/auth/ticketLogin')).toHaveLength(1);
  });

  it('a refused ticket: the server’s message in an alert, then /login with nothing kept', async () => {
    server({ body: envelope(null, ERR.TICKET_INVALID, ERRMSG[ERR.TICKET_INVALID]) });
    const app = renderApp(URL_OF_TICKET);
    await app.waitForPath('/login');
    await waitFor(() =>
      expect(currentAlert()).toMatchObject({ title: '警告', text: '切换凭证已失效，请重新切换角色' }),
    );
    expect(getSessionUser()).toBeNull();
    expect(getLoginResult()).toBeNull();
  });
});
