import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../platform/alerts';
import { setSessionUser } from '../platform/session';
import { envelope, role, sessionUser, stubFetch } from '../test/fixtures';
import { renderInProviders, SLOW } from '../test/renderApp';
import { RoleSwitch } from './RoleSwitch';

const roles = [
  role({ userRoleId: 101, roleId: 1, roleName: '总部运营', description: '总部运营人员' }),
  role({ userRoleId: 202, roleId: 6, hier: '大区', roleName: '大区督导', description: '华东大区督导' }),
];

const server = () =>
  stubFetch((url) =>
    url.startsWith('/rest/acct/loginInfo')
      ? { body: envelope({ userName: '张敏', phone: '', storeName: '', userId: 7, roles }) }
      : { status: 404, text: 'not found' },
  );

describe('切换角色', () => {
  it('lists the roles with level, name and description, marking this tab’s role 当前', async () => {
    setSessionUser(sessionUser({ userRoleId: 101 }));
    server();
    renderInProviders(<RoleSwitch />);
    fireEvent.click(screen.getByRole('button', { name: /切换角色/ }));
    const list = await screen.findByRole('list', { name: '角色列表' }, SLOW);
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(['总部总部运营总部运营人员当前', '大区大区督导华东大区督导']);
  });

  it('choosing the current role asks 确定切换角色？ and then only closes the dialog', async () => {
    setSessionUser(sessionUser({ userRoleId: 101 }));
    const fetch = server();
    renderInProviders(<RoleSwitch />);
    fireEvent.click(screen.getByRole('button', { name: /切换角色/ }));
    const list = await screen.findByRole('list', { name: '角色列表' }, SLOW);
    fireEvent.click(within(list).getByText('总部运营人员'));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定切换角色？'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    // The dialog leaves (jsdom never ends antd's leave animation, so its class says it).
    await waitFor(() => expect(screen.getByRole('dialog', { name: '切换角色' }).className).toContain('leave'), SLOW);
    expect(currentAlert()).toBeNull();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/rest/acct/loginInfo']);
  });
});
