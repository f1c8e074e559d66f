/**
 * Role switch and quick login as a new user does them (SPEC §4): 张敏 holds 总部运营 (role id 1,
 * opens in a new tab) and 大区督导 (role id 6, same tab). Each switch goes through /xxbLogin
 * with a single-use ticket; a used ticket is refused; the quick-login cookie signs in once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

/** The /xxbLogin addresses the browser opened, in order (the ticket is in the query). */
const recordXxbLogins = (context: BrowserContext): string[] => {
  const seen: string[] = [];
  context.on('request', (req) => {
    if (req.isNavigationRequest() && new URL(req.url()).pathname === '/xxbLogin') seen.push(req.url());
  });
  return seen;
};

/** 切换角色 → the role → 确定切换角色？ → 确定. */
const chooseRoleToSwitch = async (page: Page, roleName: string) => {
  await page
    .getByTestId('top-bar')
    .getByRole('button', { name: /切换角色/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '切换角色' });
  await dialog.getByText(roleName, { exact: true }).click();
  const question = page.getByRole('dialog').filter({ hasText: '确定切换角色？' });
  await question.getByRole('button', { name: /确\s*定/ }).click();
};

const menuText = (page: Page) => page.getByTestId('side-menu').innerText();

describe('switching role', () => {
  it('same tab for 大区督导, a new tab for 总部运营, and a used ticket is refused', async () => {
    const { page, context } = await browser.newPage();
    const xxbLogins = recordXxbLogins(context);
    // Hold the ticket sign-in a moment so the switching state can be seen.
    await context.route('**/rest/auth/ticketLogin', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });

    await submitPasswordLogin(page, '13800000001', 'hq123456');
    await page.getByText('总部运营', { exact: true }).click();
    await page.waitForURL('**/welcome');
    expect(await menuText(page)).toContain('商品管理');

    // 大区督导 has role id 6: the same tab goes through /xxbLogin.
    await chooseRoleToSwitch(page, '大区督导');
    await page.getByText('正在切换角色，请稍候…').waitFor();
    expect(pathOf(page)).toBe('/xxbLogin');
    await page.waitForURL('**/welcome');
    await page.getByTestId('top-bar').getByText('大区督导').waitFor();
    const regionMenu = await menuText(page);
    expect(regionMenu).toContain('门店管理');
    expect(regionMenu).not.toContain('商品管理');
    expect(xxbLogins).toHaveLength(1);
    const query = new URL(xxbLogins[0]!).searchParams;
    expect([...query.keys()].sort()).toEqual(['p', 'u', 'uid', 'userId']);
    expect(query.get('u')).toBe('13800000001');
    expect(xxbLogins[0]).not.toContain('hq123456');

    // 总部运营 has role id 1: a new tab opens and signs in there.
    const opened = context.waitForEvent('page');
    await chooseRoleToSwitch(page, '总部运营');
    const tab = await opened;
    await tab.waitForURL('**/welcome');
    await tab.getByTestId('top-bar').getByText('总部运营').waitFor();
    expect(await menuText(tab)).toContain('商品管理');
    expect(xxbLogins).toHaveLength(2);

    // Opening a used switch address again is refused, and the user lands on /login.
    await tab.goto(xxbLogins[1]!);
    await tab.getByText('切换凭证已失效，请重新切换角色').waitFor();
    await tab.waitForURL('**/login');
    await context.close();
  });
});

describe('quick login', () => {
  it('signs in once with the cookie; the second time stays on /login', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, '13800000001', 'hq123456');
    await page.getByText('总部运营', { exact: true }).click();
    await page.waitForURL('**/welcome');

    const errcode = await page.evaluate(async () => {
      const user = JSON.parse(sessionStorage.getItem('zb.session.user') ?? '{}') as {
        loginName: string;
        createdDate: string;
      };
      const res = await fetch('/rest/auth/quickLoginCookie', {
        method: 'POST',
        headers: { 'account-version': `${user.loginName}|${user.createdDate}` },
      });
      return ((await res.json()) as { errcode: string }).errcode;
    });
    expect(errcode).toBe('0');

    const logout = async () => {
      await page.getByTestId('top-bar').getByText('退出登录').click();
      await page.waitForURL('**/relogin');
    };
    await logout();

    await page.goto('/login?ql=1');
    await page.getByText('选择角色').waitFor();
    await page.getByText('总部运营', { exact: true }).click();
    await page.waitForURL('**/welcome');
    await logout();

    await page.goto('/login?ql=1');
    await page.getByText('快捷登录凭证已失效，请使用账号密码登录').waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.getByRole('heading', { name: '总部后台' }).waitFor();
    expect(await page.getByText('选择角色').count()).toBe(0);
    await context.close();
  });
});
