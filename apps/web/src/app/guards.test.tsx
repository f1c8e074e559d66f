import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { canOpen } from '@zb/contract/access';
import type { MenuResource } from '@zb/contract/api/auth';
import { AUTH_API } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { groupName } from '@zb/contract/groups';
import { ROUTES, type RouteDef } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { call } from '../platform/http';
import { navigateTo } from '../platform/navigation';
import { getSessionUser, lastAllowedPath, rememberAllowedPath, setSessionUser } from '../platform/session';
import { envelope, sessionUser, stubFetch } from '../test/fixtures';
import { renderApp, SLOW } from '../test/renderApp';
import { loginTarget, NO_ACCESS_TEXT, routeAccess } from './access';

/** A menu page of the contract with its own code (every route has its page now: a plain list). */
const page = ROUTES.find((r) => r.path === '/activityModelList') as RouteDef & { code: string };
/** The page's own calls answer empty lists. */
const emptyLists = () =>
  stubFetch((url) => ({ body: envelope(url.includes('/list') ? { list: [], total: 0 } : null) }));
const entry = (code: string): MenuResource => ({ code, name: '', description: '' });
/** May open `page` (its group and its code). */
const pageUser = () => sessionUser({ menu: [entry(page.group), entry(page.code)] });
/** Holds a group code only: may open /welcome but not `page`. */
const groupOnlyUser = () => sessionUser({ menu: [entry(page.group)] });

describe('route access (pure)', () => {
  const ctx = { codes: new Set(['A']), storeCount: null };
  it('opens a route with one of its codes, or with none', () => {
    expect(routeAccess({ codes: ['B', 'A'] }, ctx, '/x', null)).toEqual({ kind: 'ok' });
    expect(routeAccess({ codes: [] }, ctx, '/x', null)).toEqual({ kind: 'ok' });
  });
  it('sends a visitor without a session to /login, or to /relogin right after the session ended', () => {
    expect(loginTarget(false)).toBe('/login');
    expect(loginTarget(true)).toBe('/relogin');
  });

  it('sends a refused user back to the last allowed page, else /welcome', () => {
    expect(routeAccess({ codes: ['B'] }, ctx, '/x', '/y?q=1')).toEqual({ kind: 'forbidden', back: '/y?q=1' });
    expect(routeAccess({ codes: ['B'] }, ctx, '/x', null)).toEqual({ kind: 'forbidden', back: '/welcome' });
    expect(routeAccess({ codes: ['B'] }, ctx, '/x', '/x?again')).toEqual({ kind: 'forbidden', back: '/welcome' });
  });
});

describe('without a session', () => {
  it.each(['/welcome', '/', page.path])('%s goes to /login', async (path) => {
    const app = renderApp(path);
    await app.waitForPath('/login');
    expect(await screen.findByRole('tab', { name: '扫码登录' }, SLOW)).toBeTruthy();
  });

  it.each(['/no-such-page', '/404'])('%s shows the public 404 page', async (path) => {
    const app = renderApp(path);
    await app.waitForPath('/404');
    expect(await screen.findByRole('button', { name: /返回首页/ }, SLOW)).toBeTruthy();
  });

  it('/relogin stays and says the user has left', async () => {
    const app = renderApp('/relogin');
    expect(await screen.findByText('您已退出系统', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新登录/ })).toBeTruthy();
    expect(app.path()).toBe('/relogin');
  });

  it('/xxbLogin is public: it shows the switching state; an incomplete ticket goes to /login', async () => {
    const app = renderApp('/xxbLogin?u=a');
    expect(await screen.findByText('正在切换角色，请稍候…', {}, SLOW)).toBeTruthy();
    await app.waitForPath('/login');
  });
});

describe('with a session', () => {
  it('/ goes to /welcome', async () => {
    setSessionUser(pageUser());
    const app = renderApp('/');
    await app.waitForPath('/welcome');
    expect(await screen.findByText(/您好，张总部/, {}, SLOW)).toBeTruthy();
  });

  it('an unknown path goes to /404', async () => {
    setSessionUser(pageUser());
    const app = renderApp('/no-such-page');
    await app.waitForPath('/404');
    expect(await screen.findByRole('button', { name: /返回首页/ }, SLOW)).toBeTruthy();
  });

  it('paths match exactly: another letter case is unknown', async () => {
    setSessionUser(pageUser());
    const upper = page.path.toUpperCase();
    if (ROUTES.some((r) => r.path === upper)) return;
    const app = renderApp(upper);
    await app.waitForPath('/404');
  });

  it('an empty menu goes to /404', async () => {
    setSessionUser(sessionUser({ menu: [] }));
    const app = renderApp('/welcome');
    await app.waitForPath('/404');
  });

  it('a permitted route shows its title and breadcrumb', async () => {
    setSessionUser(pageUser());
    emptyLists();
    renderApp(page.path);
    expect(await screen.findByRole('heading', { name: page.title }, SLOW)).toBeTruthy();
    const crumbs = screen.getByTestId('breadcrumb');
    expect(within(crumbs).getByText(groupName(page.group))).toBeTruthy();
    expect(within(crumbs).getByText(page.title)).toBeTruthy();
    expect(screen.getByRole('heading', { name: page.title })).toBeTruthy();
  });

  it('a typed forbidden path goes back to /welcome when nothing was remembered, with a notice', async () => {
    setSessionUser(groupOnlyUser());
    const app = renderApp(page.path);
    await app.waitForPath('/welcome');
    expect(await screen.findByText(NO_ACCESS_TEXT, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: page.title })).toBeNull();
  });

  it('a typed forbidden path goes back to the remembered page (survives a reload)', async () => {
    setSessionUser(groupOnlyUser());
    rememberAllowedPath('/welcome?from=memory');
    const app = renderApp(page.path);
    await app.waitForPath('/welcome?from=memory');
  });

  it('navigating to a forbidden path leaves the user where they were', async () => {
    setSessionUser(groupOnlyUser());
    const app = renderApp('/welcome?tab=1');
    await screen.findByText(/您好/, {}, SLOW);
    act(() => navigateTo(page.path));
    await app.waitForPath('/welcome?tab=1');
    expect(await screen.findByText(NO_ACCESS_TEXT, {}, SLOW)).toBeTruthy();
  });

  const other = ROUTES.find((r) => r.codes.length > 0 && !canOpen(r, new Set([page.group, page.code])));
  it.runIf(other)('from one permitted page, a forbidden one leaves the user on the first', async () => {
    setSessionUser(pageUser());
    emptyLists();
    const app = renderApp(page.path);
    // The page itself (not only the shell's heading) is on screen: it is the last allowed one.
    await waitFor(() => expect(lastAllowedPath()).toBe(page.path), SLOW);
    act(() => navigateTo(other?.path ?? ''));
    await app.waitForPath(page.path);
  });

  it('a session errcode on any call ends at /relogin with the session cleared', async () => {
    setSessionUser(pageUser());
    const app = renderApp('/welcome');
    await screen.findByText(/您好/, {}, SLOW);
    stubFetch(() => ({ body: envelope(null, ERR.SESSION_EXPIRED, '登录已过期，请重新登录') }));
    await act(() => call(AUTH_API.synDWRole).catch(() => null));
    await app.waitForPath('/relogin');
    expect(getSessionUser()).toBeNull();
    expect(await screen.findByText('您已退出系统', {}, SLOW)).toBeTruthy();
  });

  it('退出登录 calls logout, clears the session and lands on /relogin', async () => {
    setSessionUser(pageUser());
    const fetch = stubFetch(() => ({ body: envelope(null) }));
    const app = renderApp('/welcome');
    const topBar = await screen.findByTestId('top-bar', {}, SLOW);
    expect(within(topBar).getByText('张总部')).toBeTruthy();
    fireEvent.click(within(topBar).getByRole('button', { name: /退出登录/ }));
    await app.waitForPath('/relogin');
    expect(fetch.mock.calls.map((c) => c[0])).toContain(AUTH_API.logout.path);
    expect(getSessionUser()).toBeNull();
  });
});
