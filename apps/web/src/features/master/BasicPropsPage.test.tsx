/** /basicProps on the resource engine: list from the URL, create in the drawer with field errors, delete asks first. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const route = routeByPath('/basicProps')!;
const row = {
  id: 31,
  category: 'gender',
  parentId: null,
  parentName: null,
  code: 'M',
  name: '男',
  sort: 1,
  enabled: true,
};

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: route.code!, name: '基础属性', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf('/basicProps', b)),
    }),
  );

const server = (save: (body: Record<string, unknown>) => unknown = () => envelope({ id: 99 })) =>
  stubFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/basicProps/list') return { body: envelope({ list: [row], total: 1 }) };
    if (path === '/rest/basicProps/save') return { body: save(JSON.parse(String(init.body))) };
    if (path === '/rest/basicProps/delete') return { body: envelope({ count: 1 }) };
    if (path.startsWith('/rest/master/findMaster/')) return { body: envelope([]) };
    return { body: envelope(null) };
  });

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

describe('/basicProps', { timeout: 60_000 }, () => {
  it('lists with the URL filters, 共 N 条, tags, and only the buttons the user holds', async () => {
    signIn([]);
    const fetch = server();
    renderApp('/basicProps?category=gender&name=男');
    const table = await tableBody();
    expect(await within(table).findByText('男', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('性别')).toBeTruthy();
    expect(within(table).getByText('启用')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
    const url = String(calls(fetch, '/rest/basicProps/list')[0]?.[0]);
    expect(url).toContain('category=gender');
    expect(url).toContain(`name=${encodeURIComponent('男')}`);
    expect(screen.queryByText('新增基础属性')).toBeNull();
    expect(within(table).queryByText(/^删\s*除$/)).toBeNull();
  });

  it('新增 checks the form with the contract rules, then puts server field errors on their fields', async () => {
    signIn(['add']);
    const fetch = server(() => envelope({ fields: { code: '编码已存在' } }, ERR.RECORD_DUPLICATE, '编码已存在'));
    renderApp('/basicProps');
    fireEvent.click(await screen.findByText('新增基础属性', {}, SLOW));
    const drawer = await openDrawer();
    fireEvent.change(within(drawer).getByLabelText('编码'), { target: { value: 'bad code!' } });
    fireEvent.click(within(drawer).getByText(/^保\s*存$/));
    expect(await within(drawer).findByText('编码只能包含字母、数字、下划线和短横线', {}, SLOW)).toBeTruthy();
    expect(calls(fetch, '/rest/basicProps/save')).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('编码'), { target: { value: 'M' } });
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '男士' } });
    fireEvent.mouseDown(within(drawer).getByLabelText('类别'));
    fireEvent.click(await screen.findByTitle('学历', {}, SLOW));
    fireEvent.click(within(drawer).getByText(/^保\s*存$/));
    await waitFor(() => expect(calls(fetch, '/rest/basicProps/save')).toHaveLength(1), SLOW);
    const body = JSON.parse(String(calls(fetch, '/rest/basicProps/save')[0]![1]!.body));
    expect(body).toMatchObject({ category: 'education', code: 'M', name: '男士', sort: 0 });
    expect(await within(drawer).findByText('编码已存在', {}, SLOW)).toBeTruthy();
    expect(currentAlert()).toBeNull();
  });

  it('删除 asks 确定删除？ and deletes only when confirmed', async () => {
    signIn(['delete']);
    const fetch = server();
    renderApp('/basicProps');
    const table = await tableBody();
    fireEvent.click(await within(table).findByText(/^删\s*除$/, {}, SLOW));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定删除「男」？'), SLOW);
    act(() => closeAlert(currentAlert()!.id, false));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(fetch, '/rest/basicProps/delete')).toHaveLength(0);

    fireEvent.click(within(table).getByText(/^删\s*除$/));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定删除「男」？'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(calls(fetch, '/rest/basicProps/delete')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/basicProps/delete')[0]![1]!.body))).toEqual({ ids: [31] });
  });

  it('closing the drawer with unsaved changes asks 确认关闭？', async () => {
    signIn(['add']);
    server();
    renderApp('/basicProps');
    fireEvent.click(await screen.findByText('新增基础属性', {}, SLOW));
    const drawer = await openDrawer();
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '草稿' } });
    fireEvent.click(within(drawer).getByText(/^取\s*消$/));
    await waitFor(() => expect(currentAlert()?.text).toBe('确认关闭？'), SLOW);
    act(() => closeAlert(currentAlert()!.id, false));
    expect(within(drawer).getByLabelText('名称')).toHaveProperty('value', '草稿');
  });
});
