import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MenuResource } from '@zb/contract/api/auth';
import { MENU_HOVER_DELAY_MS } from '@zb/contract/constants';
import { GROUPS } from '@zb/contract/groups';
import { firstVisibleChild, ROUTES, type RouteDef } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { menuContextOf } from '../platform/permissions';
import { setSessionUser } from '../platform/session';
import { sessionUser } from '../test/fixtures';
import { renderApp, SLOW } from '../test/renderApp';

const entry = (code: string, name = ''): MenuResource => ({ code, name, description: '' });
const page = ROUTES.find((r) => r.code && !r.hidden) as RouteDef & { code: string };
const groupName = GROUPS.find((g) => g.code === page.group)?.name ?? '';

describe('side menu', () => {
  it('shows only the permitted groups', async () => {
    setSessionUser(sessionUser({ menu: [entry(page.group), entry(page.code)] }));
    renderApp('/welcome');
    const menu = await screen.findByTestId('side-menu', {}, SLOW);
    expect(within(menu).getByText(groupName)).toBeTruthy();
    for (const other of GROUPS.filter((g) => g.code !== page.group)) {
      expect(within(menu).queryByText(other.name)).toBeNull();
    }
  });

  it('clicking a group goes to its first visible child; the group of the location stays highlighted', async () => {
    const user = sessionUser({ menu: [entry(page.group), entry(page.code, '我的页面')] });
    setSessionUser(user);
    const first = firstVisibleChild(page.group, menuContextOf(user));
    const app = renderApp('/welcome');
    const menu = await screen.findByTestId('side-menu', {}, SLOW);
    const group = within(menu).getByRole('button', { name: new RegExp(groupName) });
    expect(group.getAttribute('aria-current')).toBeNull();
    fireEvent.click(group);
    await app.waitForPath(first?.path ?? '');
    await waitFor(() => expect(group.getAttribute('aria-current')).toBe('true'));
  });

  it('hovering a group opens its panel after the hover delay, by category with tips; leaving closes it', async () => {
    const user = sessionUser({
      menu: [entry(page.group), { code: page.code, name: '我的页面', description: '我的提示' }],
    });
    setSessionUser(user);
    const app = renderApp('/welcome');
    const menu = await screen.findByTestId('side-menu', {}, SLOW);
    const group = within(menu).getByRole('button', { name: new RegExp(groupName) });
    fireEvent.mouseEnter(group);
    expect(screen.queryByTestId('menu-panel')).toBeNull();
    const panel = await screen.findByTestId('menu-panel', {}, { timeout: MENU_HOVER_DELAY_MS + 1000 });
    expect(within(panel).getByText(page.category)).toBeTruthy();
    expect(within(panel).getByText('我的提示')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('link', { name: /我的页面/ }));
    await app.waitForPath(page.path);
    await waitFor(() => expect(screen.queryByTestId('menu-panel')).toBeNull());

    fireEvent.mouseEnter(group);
    await screen.findByTestId('menu-panel', {}, { timeout: MENU_HOVER_DELAY_MS + 1000 });
    fireEvent.mouseLeave(menu);
    await waitFor(() => expect(screen.queryByTestId('menu-panel')).toBeNull());
  });

  it('a short pass over a group opens nothing', async () => {
    setSessionUser(sessionUser({ menu: [entry(page.group), entry(page.code)] }));
    renderApp('/welcome');
    const menu = await screen.findByTestId('side-menu', {}, SLOW);
    const group = within(menu).getByRole('button', { name: new RegExp(groupName) });
    fireEvent.mouseEnter(group);
    await new Promise((r) => setTimeout(r, MENU_HOVER_DELAY_MS / 2));
    fireEvent.mouseLeave(menu);
    await new Promise((r) => setTimeout(r, MENU_HOVER_DELAY_MS));
    expect(screen.queryByTestId('menu-panel')).toBeNull();
  });
});
