import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { renderApp, SLOW } from '../../test/renderApp';
import { callsTo, hierServer, signInAsHq } from './testData';

const openEastRegion = async () => {
  fireEvent.click(await screen.findByText('大区（大区·1）', {}, SLOW));
  fireEvent.click(await screen.findByText('华东大区', {}, SLOW));
};

describe('/hierarchicalArchitecture', { timeout: 60_000 }, () => {
  it('lists the boxes; a content shows its roles, a role its members', async () => {
    signInAsHq();
    hierServer();
    renderApp('/hierarchicalArchitecture');
    expect(await screen.findByText('总部（总部·1）', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('请在左侧选择一个节点，查看其角色与成员')).toBeTruthy();
    await openEastRegion();
    expect(await screen.findByText('节点：华东大区', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('REGION_MANAGER')).toBeTruthy();
    fireEvent.click(screen.getByText(/^成\s*员$/));
    expect(await screen.findByText('成员：华东大区 · 大区经理', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('李强', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('新增层级')).toBeTruthy();
  });

  it('添加成员 checks the picked account first and adds only an allowed one', async () => {
    signInAsHq();
    const fetch = hierServer();
    renderApp('/hierarchicalArchitecture');
    await openEastRegion();
    fireEvent.click(await screen.findByText(/^成\s*员$/, {}, SLOW));
    fireEvent.click(await screen.findByText('添加成员', {}, SLOW));
    await waitFor(() => expect(document.querySelector('.ant-modal')).not.toBeNull(), SLOW);
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    const ok = () => within(modal).getByText('确定添加').closest('button') as HTMLButtonElement;
    expect(ok().disabled).toBe(true);

    fireEvent.click(await within(modal).findByText('李强', {}, SLOW));
    expect(await within(modal).findByText('该账号已是此角色的成员', {}, SLOW)).toBeTruthy();
    expect(ok().disabled).toBe(true);

    fireEvent.click(within(modal).getByText('周婷'));
    expect(await within(modal).findByText('可以将 周婷 添加为“华东大区 · 大区经理”的成员', {}, SLOW)).toBeTruthy();
    expect(ok().disabled).toBe(false);
    fireEvent.click(ok());
    await waitFor(() => expect(callsTo(fetch, '/rest/hier/addHierContentRoleMember')).toHaveLength(1), SLOW);
    expect(callsTo(fetch, '/rest/hier/addHierContentRoleMember')[0]).toContain('contentRoleId=30&userId=8');
    expect(callsTo(fetch, '/rest/hier/addHierContentRoleMemberCheck').map((u) => u.includes('userId=8'))).toContain(
      true,
    );
  });

  it('searches contents by name and shows the hits under their boxes', async () => {
    signInAsHq();
    const fetch = hierServer((path) =>
      path === '/rest/hier/searchHierarchyBoxContent'
        ? {
            body: {
              errcode: '0',
              errmsg: '操作成功',
              data: [{ id: 10, name: '华东大区', hierId: 2, hierName: '大区', level: 'region' }],
            },
          }
        : undefined,
    );
    renderApp('/hierarchicalArchitecture');
    await screen.findByText('总部（总部·1）', {}, SLOW);
    const search = screen.getByPlaceholderText('搜索节点名称');
    fireEvent.change(search, { target: { value: '华东' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('华东大区', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('总部（总部·1）')).toBeNull();
    expect(callsTo(fetch, '/rest/hier/searchHierarchyBoxContent')[0]).toContain(
      `keyword=${encodeURIComponent('华东')}`,
    );
  });

  it('删除 of a box asks 确定删除？, deletes it and asks no more for its contents', async () => {
    signInAsHq();
    const fetch = hierServer();
    renderApp('/hierarchicalArchitecture');
    fireEvent.click(await screen.findByText('大区（大区·1）', {}, SLOW));
    await screen.findByText('华东大区', {}, SLOW);
    const contentCalls = callsTo(fetch, '/rest/hier/hierarchyBoxContent').length;
    fireEvent.click(screen.getByText(/^删\s*除$/));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定删除？'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(callsTo(fetch, '/rest/hier/delHier')).toHaveLength(1), SLOW);
    expect(callsTo(fetch, '/rest/hier/delHier')[0]).toContain('hierId=2');
    await waitFor(() => expect(callsTo(fetch, '/rest/hier/hierarchyBox').length).toBeGreaterThan(1), SLOW);
    expect(callsTo(fetch, '/rest/hier/hierarchyBoxContent')).toHaveLength(contentCalls);
  });
});
