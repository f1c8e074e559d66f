/**
 * /projectConstraints: open to any signed-in user, read-only in a drawer for them; a user holding
 * /projectConstraintsDetail's 编辑 adds and edits on that page, picking the trial project.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton, openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const limit = {
  id: 1,
  projectId: 20,
  projectCode: 'J020',
  projectName: '体验头疗（新客）',
  maxTimes: 1,
  period: 'lifetime',
  storeScope: 'all',
  enabled: true,
  usedCount: 16,
  remark: '新客体验，每位会员仅限一次',
  createdAt: '2025-03-01T02:00:00.000Z',
};

const projects = [
  { id: 20, code: 'J020', name: '体验头疗（新客）', status: 'on' },
  { id: 17, code: 'J017', name: '头皮检测', status: 'on' },
];

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/rest/projectConstraints/list') return { body: envelope({ list: [limit], total: 1 }) };
    if (path === '/rest/projectConstraints/detail/1') return { body: envelope(limit) };
    if (path === '/rest/goods/refOptions') return { body: envelope(projects) };
    return { body: envelope(null) };
  });

describe('/projectConstraints', { timeout: 60_000 }, () => {
  it('shows the limits to a user without any goods page, read-only, in a drawer', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
          { code: 'ZBHT-MDGL:storeList', name: '门店列表', description: '' },
        ],
      }),
    );
    server();
    const view = renderApp('/projectConstraints');
    const table = await tableBody();
    expect(await within(table).findByText('体验头疗（新客）', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('终身')).toBeTruthy();
    expect(within(table).getByText('全部门店合计')).toBeTruthy();
    expect(screen.queryByText('新增体验项目限制')).toBeNull();
    expect(within(table).queryByText(/^编\s*辑$/)).toBeNull();

    fireEvent.click(within(table).getByText(/^查\s*看$/));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('新客体验，每位会员仅限一次', {}, SLOW)).toBeTruthy();
    expect(view.path()).toBe('/projectConstraints');
  });

  it('lets a holder of /projectConstraintsDetail’s 编辑 add a limit on the detail page, picking the project', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
          { code: 'ZBHT-SPGL:projectConstraintsDetail', name: '体验项目限制详情', description: '' },
        ],
        btn: ['ZBHT-SPGL:projectConstraintsDetail:edit'],
      }),
    );
    const fetch = server();
    const view = renderApp('/projectConstraints');
    const table = await tableBody();
    expect(await within(table).findByText(/^编\s*辑$/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('批量停用')).toBeTruthy();

    fireEvent.click(await findButton(document, '新增体验项目限制'));
    await view.waitForPath('/projectConstraintsDetail?create=1');
    const form = await screen.findByRole('form', { name: '新增体验项目限制' }, SLOW);
    fireEvent.mouseDown(within(form).getByLabelText('选择项目'));
    expect(await screen.findByText('头皮检测（J017）', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => String(c[0]).startsWith('/rest/goods/refOptions?kind=project'))).toBe(true),
    );
  });
});
