import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { envelope } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { callsTo, hierServer, signInAsHq } from './testData';

describe('/hierarchicalRoles', { timeout: 60_000 }, () => {
  it('shows a tab per box and the first box’s roles with code and member count', async () => {
    signInAsHq();
    hierServer();
    renderApp('/hierarchicalRoles');
    expect(await screen.findByText('HQ_OPS', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('总部（总部）')).toBeTruthy();
    expect(screen.getByText('大区（大区）')).toBeTruthy();
    const table = document.querySelector('.ant-table') as HTMLElement;
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['总部运营', 'HQ_OPS', '运营', '1'],
      ['总部培训', 'HQ_R0006', '', '0'],
    ]);
    expect(within(table).getAllByText('分配权限')).toHaveLength(2);
    expect(screen.getByText('新增角色')).toBeTruthy();
  });

  it('删除 asks 确定删除？ and shows the server’s refusal as it is', async () => {
    signInAsHq();
    const fetch = hierServer((path) =>
      path === '/rest/hier/delRole'
        ? { body: envelope(null, 'HIER-40901', '角色“总部运营”下还有 1 名成员，不能删除') }
        : undefined,
    );
    renderApp('/hierarchicalRoles');
    await screen.findByText('HQ_OPS', {}, SLOW);
    fireEvent.click(screen.getAllByText(/^删\s*除$/)[0]!);
    await waitFor(() => expect(currentAlert()?.text).toBe('确定删除？'), SLOW);
    expect(callsTo(fetch, '/rest/hier/delRole')).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(currentAlert()?.text).toBe('角色“总部运营”下还有 1 名成员，不能删除'), SLOW);
    expect(callsTo(fetch, '/rest/hier/delRole')[0]).toContain('roleId=5');
  });

  it('分配权限 goes to the role tab of /resourceList', async () => {
    signInAsHq();
    hierServer();
    const app = renderApp('/hierarchicalRoles');
    await screen.findByText('HQ_OPS', {}, SLOW);
    fireEvent.click(screen.getAllByText('分配权限')[1]!);
    await app.waitForPath('/resourceList?tab=role&roleId=6');
  });

  it('hides 新增角色, 改名 and 删除 without their button codes', async () => {
    signInAsHq({ btn: [] });
    hierServer();
    renderApp('/hierarchicalRoles');
    await screen.findByText('HQ_OPS', {}, SLOW);
    expect(screen.queryByText('新增角色')).toBeNull();
    expect(screen.queryByText(/^改\s*名$/)).toBeNull();
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
    expect(screen.getAllByText(/^成\s*员$/)).toHaveLength(2);
  });

  it('tells a region role the hierarchy is kept by headquarters, without calling the server', async () => {
    signInAsHq({ hierName: '大区' });
    const fetch = hierServer();
    renderApp('/hierarchicalRoles');
    expect(await screen.findByText('层级架构仅限总部角色维护，请切换到总部角色', {}, SLOW)).toBeTruthy();
    expect(callsTo(fetch, '/rest/hier/hierarchyBox')).toHaveLength(0);
  });
});
