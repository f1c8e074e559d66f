import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResourceNode, RoleBrief, RoleResourceSet } from '@zb/contract/api/resources';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const item = (
  id: number,
  kind: ResourceNode['kind'],
  name: string,
  over: Partial<ResourceNode> = {},
): ResourceNode => ({
  id,
  code: `R${id}`,
  kind,
  name,
  description: '',
  parentCode: null,
  sort: id,
  defaultName: name,
  defaultDescription: '',
  edited: false,
  path: null,
  category: null,
  children: [],
  ...over,
});

const tree: ResourceNode[] = [
  item(1, 'group', '基础管理', {
    code: 'ZBHT-JCGL',
    children: [
      item(10, 'page', '资源管理', {
        code: 'ZBHT-JCGL:resourceList',
        category: '账号与权限',
        path: '/resourceList',
        children: [item(100, 'button', '编辑', { code: 'ZBHT-JCGL:resourceList:edit' })],
      }),
      item(11, 'page', '门店快捷', {
        code: 'ZBHT-JCGL:storeQuickConfig',
        category: '账号与权限',
        path: '/storeQuickConfig',
        edited: true,
        defaultName: '门店快捷入口',
      }),
    ],
  }),
  item(2, 'group', '审批中心', { code: 'ZBHT-SPZX', children: [item(20, 'page', '审批中心', { category: '审批' })] }),
];

const roles: RoleBrief[] = [
  {
    id: 7,
    code: 'HQ_SYSTEM',
    name: '总部系统管理',
    description: '基础管理与运维',
    hierId: 1,
    hierName: '总部',
    level: 'hq',
  },
  { id: 8, code: 'HQ_FINANCE', name: '总部财务', description: '订单与审批', hierId: 1, hierName: '总部', level: 'hq' },
];

const administrator = () =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: 'ZBHT-JCGL:resourceList', name: '资源管理', description: '' },
      ],
      btn: ['ZBHT-JCGL:resourceList:edit', 'ZBHT-JCGL:resourceList:delete'],
      roleName: '系统管理员',
    }),
  );

const server = () => {
  const held: Record<number, number[]> = { 7: [1, 10, 100], 8: [2, 20] };
  return stubFetch((url, init) => {
    const path = url.split('?')[0];
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    if (path === '/rest/resources/resources') return { body: envelope(tree) };
    if (path === '/rest/resources/roles') return { body: envelope(roles) };
    if (path === '/rest/resources/roleResources') {
      const roleId = Number(query.get('roleId'));
      return { body: envelope({ roleId, resourceIds: held[roleId] ?? [], codes: [] } satisfies RoleResourceSet) };
    }
    if (path === '/rest/resources/addRoleResources' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { roleId: number; resourceIds: number[] };
      held[body.roleId] = body.resourceIds;
      return { body: envelope({ ...body, codes: [] }) };
    }
    if (path === '/rest/menu/deleteMenu/11') return { body: envelope(tree[0]!.children[1]) };
    return { body: envelope(null) };
  });
};

/** antd spaces out two-character labels (保 存), so compare without spaces. */
const buttonNamed = (text: string): HTMLButtonElement => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

const checkboxOf = (title: string) => {
  const node = screen.getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode');
  return node!.querySelector('.ant-tree-checkbox') as HTMLElement;
};

describe('/resourceList', { timeout: 30_000 }, () => {
  it('opens 角色授权 with the role of the URL checked from its resources, and saves a change', async () => {
    administrator();
    const fetch = server();
    renderApp('/resourceList?tab=role&roleId=7');
    await screen.findByText('基础管理', { selector: '.ant-tree-title' }, SLOW);
    // The role of the URL is the one chosen (and its description shows beside it).
    expect(await screen.findByText('基础管理与运维')).toBeTruthy();
    await waitFor(() => expect(checkboxOf('基础管理').className).toContain('ant-tree-checkbox-indeterminate'));
    expect(checkboxOf('审批中心').className).not.toContain('ant-tree-checkbox-checked');
    const save = buttonNamed('保存');
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(checkboxOf('审批中心'));
    await waitFor(() => expect(checkboxOf('审批中心').className).toContain('ant-tree-checkbox-checked'));
    fireEvent.click(buttonNamed('保存'));
    await waitFor(() => expect(fetch.mock.calls.some((c) => String(c[0]).includes('addRoleResources'))).toBe(true));
    const post = fetch.mock.calls.find((c) => String(c[0]).includes('addRoleResources'))!;
    const body = JSON.parse(String(post[1]!.body)) as { roleId: number; resourceIds: number[] };
    expect(body.roleId).toBe(7);
    expect(body.resourceIds.sort((a, b) => a - b)).toEqual([1, 2, 10, 20, 100]);
  });

  it('asks before dropping unsaved changes when another role is picked', async () => {
    administrator();
    server();
    const app = renderApp('/resourceList?tab=role&roleId=7');
    await screen.findByText('审批中心', { selector: '.ant-tree-title' }, SLOW);
    await waitFor(() => expect(checkboxOf('基础管理').className).toContain('indeterminate'));
    fireEvent.click(checkboxOf('审批中心'));
    const select = document.querySelector('[aria-label="选择角色"]') as HTMLElement;
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('总部财务', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(currentAlert()?.text).toBe('当前角色的授权尚未保存，确定放弃修改？'));
    closeAlert(currentAlert()!.id, false);
    expect(app.path()).toBe('/resourceList?tab=role&roleId=7');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('总部财务', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(currentAlert()).not.toBeNull());
    closeAlert(currentAlert()!.id, true);
    await app.waitForPath('/resourceList?tab=role&roleId=8');
  });

  it('lists resources with 编辑 and, for an edited entry, 重置 after confirmation', async () => {
    administrator();
    const fetch = server();
    renderApp('/resourceList');
    const cell = await screen.findByText('基础管理', { selector: '.ant-table-cell span' }, SLOW);
    fireEvent.click(cell.closest('tr')!.querySelector('.ant-table-row-expand-icon')!);
    const row = (await screen.findByText('门店快捷', { selector: '.ant-table-cell span' })).closest('tr')!;
    expect(within(row).getByText('已修改')).toBeTruthy();
    fireEvent.click([...row.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '重置')!);
    await waitFor(() => expect(currentAlert()?.text).toContain('恢复为默认名称「门店快捷入口」'));
    closeAlert(currentAlert()!.id, true);
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/menu/deleteMenu/11'))).toBe(true),
    );
  });
});
