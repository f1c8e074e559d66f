import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RoleResources } from '@zb/contract/api/auth';
import { ACCOUNT_VERSION_HEADER, ADMIN_ROLE_NAME } from '@zb/contract/constants';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { getSessionUser } from '../../platform/session';
import { envelope, headerOf, loginResult, type Reply, role, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const resources = (over: Partial<RoleResources> = {}): RoleResources => ({
  pages: [
    { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
    { code: 'ZBHT-SPGL:productList', name: '商品列表', description: '' },
  ],
  buttons: ['ZBHT-SPGL:productList:add'],
  roleName: '大区经理',
  hierId: 2,
  userRoleId: 202,
  ...over,
});

const server = (answers: Record<string, Reply>) =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? url;
    const match = Object.keys(answers).find((p) => path === p || path.startsWith(`${p}/`));
    return match ? (answers[match] as Reply) : { status: 404, text: 'not found' };
  });

const signIn = async (user = '13800000001', password = 'hq123456') => {
  fireEvent.click(await screen.findByRole('tab', { name: '账号登录' }, SLOW));
  fireEvent.change(await screen.findByPlaceholderText('请输入账号', {}, SLOW), { target: { value: user } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
};

describe('login page', () => {
  it('is titled 总部后台', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: '总部后台' }, SLOW)).toBeTruthy();
    expect(document.title).toBe('总部后台');
  });

  it('an administrator gets every resource as 系统管理员 and enters /welcome', async () => {
    const fetch = server({
      '/rest/auth/login': { body: envelope(loginResult({ loginName: 'admin', propertyEx: { admin: 1 }, roles: [] })) },
      '/rest/acct/getRResources': { body: envelope(resources({ roleName: 'x', hierId: null, userRoleId: null })) },
      '/rest/acct/synDWRole': { body: envelope(4) },
      '/rest/acct/loginInfo': { body: envelope({ userId: 1, userName: 'admin', phone: '', storeName: '', roles: [] }) },
    });
    const app = renderApp('/login');
    await signIn('admin', 'admin123');
    await app.waitForPath('/welcome');
    expect(getSessionUser()).toMatchObject({
      loginName: 'admin',
      admin: 1,
      roleName: ADMIN_ROLE_NAME,
      menu: resources().pages,
      btn: resources().buttons,
      storeCount: 4,
      userId: 1,
    });
    const rres = fetch.mock.calls.find((c) => String(c[0]).includes('getRResources'));
    expect(headerOf(rres?.[1], ACCOUNT_VERSION_HEADER)).toBe('admin|2024-01-02 03:04:05');
  });

  it('other users choose a role: level, name and description; the choice loads its pages and buttons', async () => {
    const roles = [
      role(),
      role({ hier: '大区', roleName: '大区经理', description: '华东大区数据', userRoleId: 202, hierId: 2 }),
    ];
    const fetch = server({
      '/rest/auth/login': { body: envelope(loginResult({ roles })) },
      '/rest/acct/selectHierRole': { body: envelope(resources()) },
      '/rest/acct/synDWRole': { body: envelope(0) },
      '/rest/acct/loginInfo': { body: envelope({ userId: 9, userName: '', phone: '', storeName: '', roles }) },
    });
    const app = renderApp('/login');
    await signIn();
    expect(await screen.findByText('选择角色', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('总部运营')).toBeTruthy();
    expect(screen.getByText('总部运营人员')).toBeTruthy();
    expect(screen.getByText('华东大区数据')).toBeTruthy();
    expect(app.path()).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: /大区经理/ }));
    await app.waitForPath('/welcome');
    const select = fetch.mock.calls.find((c) => String(c[0]).includes('selectHierRole'));
    expect(select?.[0]).toBe('/rest/acct/selectHierRole/202');
    expect(headerOf(select?.[1], ACCOUNT_VERSION_HEADER)).toBeNull();
    expect(getSessionUser()).toMatchObject({
      roleName: '大区经理',
      hierName: '大区',
      hierId: 2,
      userRoleId: 202,
      admin: 0,
      userId: 9,
      storeCount: 0,
      menu: resources().pages,
      btn: resources().buttons,
    });
    expect(await screen.findByText(/您好，张总部/, {}, SLOW)).toBeTruthy();
  });

  it('server errors show in the 警告 alert, e.g. the lockout with its unlock time', async () => {
    server({ '/rest/auth/login': { body: envelope(null, ERR.LOGIN_LOCKED, '账号已锁定，请于 10:30 后再试') } });
    const app = renderApp('/login');
    await signIn();
    await waitFor(
      () => expect(currentAlert()).toMatchObject({ title: '警告', text: '账号已锁定，请于 10:30 后再试' }),
      SLOW,
    );
    expect(app.path()).toBe('/login');
    expect(getSessionUser()).toBeNull();
  });

  it('LOGIN-51005 offers 申请老板权限, which asks the server', async () => {
    const fetch = server({
      '/rest/auth/login': {
        body: envelope({ userId: 33, authority: 'tkt' }, ERR.LOGIN_BOSS_APPROVAL_REQUIRED, '您暂无总部后台权限'),
      },
      '/rest/staffList/getStoreAuthority': { body: envelope(null, ERR.NOT_AVAILABLE, ERRMSG[ERR.NOT_AVAILABLE]) },
    });
    renderApp('/login');
    await signIn('13800000003', 'boss1234');
    const apply = await screen.findByRole('button', { name: /申请老板权限/ }, SLOW);
    expect(currentAlert()).toBeNull();
    fireEvent.click(apply);
    await waitFor(() => expect(currentAlert()?.text).toBe('该功能尚未开放'), SLOW);
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('getStoreAuthority'));
    expect(call?.[0]).toContain('userId=33');
    expect(call?.[0]).toContain('authority=tkt');
  });

  it('LOGIN-51008 warns 审批中，暂时无法登录，请留意审批结果', async () => {
    server({ '/rest/auth/login': { body: envelope(null, ERR.LOGIN_APPROVAL_PENDING, '审批中') } });
    renderApp('/login');
    await signIn();
    await waitFor(
      () => expect(currentAlert()).toMatchObject({ title: '提示', text: '审批中，暂时无法登录，请留意审批结果' }),
      SLOW,
    );
  });

  it('signs in once however often 登录 is clicked', async () => {
    let answer: (r: Reply) => void = () => {};
    const fetch = stubFetch(
      (url) =>
        new Promise<Reply>((resolve) => {
          if (url === '/rest/auth/login') answer = resolve;
          else resolve({ body: envelope(null) });
        }),
    );
    // The 扫码登录 tab asks for its QR parameters too; only login calls count here.
    const logins = () => fetch.mock.calls.filter((c) => String(c[0]) === '/rest/auth/login').length;
    renderApp('/login');
    await signIn();
    await waitFor(() => expect(logins()).toBe(1), SLOW);
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(logins()).toBe(1);
    answer({ body: envelope(null, ERR.LOGIN_BAD_CREDENTIALS, '账号或密码错误') });
  });
});
