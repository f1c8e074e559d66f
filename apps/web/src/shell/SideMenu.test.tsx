import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MenuResource } from '@zb/contract/api/auth';
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

  it('clicking a group title goes to its first visible child; the selection follows the location', async () => {
    const user = sessionUser({ menu: [entry(page.group), entry(page.code, '我的页面')] });
    setSessionUser(user);
    const first = firstVisibleChild(page.group, menuContextOf(user));
    const app = renderApp('/welcome');
    const menu = await screen.findByTestId('side-menu', {}, SLOW);
    fireEvent.click(within(menu).getByText(groupName));
    await app.waitForPath(first?.path ?? '');
    const item = await within(menu).findByText(first?.path === page.path ? '我的页面' : (first?.title ?? ''), {}, SLOW);
    await waitFor(() => expect(item.closest('li')?.className).toContain('ant-menu-item-selected'));
  });
});
