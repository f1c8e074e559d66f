/**
 * A new user at a new browser: signs in with a password, chooses a role, sees only the groups
 * that role may open, opens a page and reads its breadcrumb, types a forbidden path and stays
 * where they were, and logs out to /relogin. Driven in Debian's Chromium on the real server.
 * (The store boss's 申请老板权限 is walked whole in boss.test.ts, which changes that account.)
 */
import { describe, expect, it } from 'vitest';
import { pathOf, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

describe('signing in and moving around the console', () => {
  it('sends a visitor without a session to /login, and unknown paths to /404', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/productList');
    await page.waitForURL('**/login');
    await page.getByRole('tab', { name: '扫码登录' }).waitFor();
    await page.goto('/no-such-page');
    await page.waitForURL('**/404');
    await context.close();
  });

  it('refuses a store employee code in the form with 请使用手机号登录', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'SYYG0001', 'store123');
    await page.getByText('请使用手机号登录').waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('walks a headquarters user through role choice, menu, breadcrumb, a forbidden path and logout', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, '13800000001', 'hq123456');

    // Two roles at different data levels are offered; choose the headquarters one.
    await page.getByText('大区督导', { exact: true }).waitFor();
    await page.getByText('总部运营', { exact: true }).click();
    await page.waitForURL('**/welcome');

    // The menu shows the role's groups and nothing else.
    const menu = page.getByTestId('side-menu');
    await menu.getByText('商品管理').first().waitFor();
    const menuText = await menu.innerText();
    for (const name of ['商品管理', '门店管理', '员工管理', '会员管理', '订单管理', '报表汇总', '消息中心']) {
      expect(menuText).toContain(name);
    }
    for (const name of ['系统运维', '基础管理', '商城管理', '平台优惠方案', '审批中心', '业务安全']) {
      expect(menuText).not.toContain(name);
    }

    // A permitted page opens with its breadcrumb and its list.
    await page.goto('/productList');
    await page.getByText(/^共 \d+ 条$/).waitFor();
    const crumbs = await page.getByTestId('breadcrumb').innerText();
    expect(crumbs).toContain('商品管理');
    expect(crumbs).toContain('商品列表');

    // Typing a path the role may not open leaves the user where they were.
    await page.goto('/systemLog');
    await page.waitForURL('**/productList');
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('商品列表');

    // Logging out lands on /relogin, and 重新登录 goes back to the login page.
    await page.getByTestId('top-bar').getByText('退出登录').click();
    await page.waitForURL('**/relogin');
    await page.getByText('您已退出系统').waitFor();
    await page.getByRole('button', { name: /重新登录/ }).click();
    await page.waitForURL('**/login');

    // The old session is gone on the server too.
    await page.goto('/productList');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('gives the administrator every group as 系统管理员', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const menuText = await page.getByTestId('side-menu').innerText();
    for (const name of ['商品管理', '系统运维', '业务安全', '审批中心', '基础管理']) expect(menuText).toContain(name);
    expect(await page.getByTestId('top-bar').innerText()).toContain('系统管理员');
    await context.close();
  });

  it('shows a region manager only the region groups of their role', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, '13800000002', 'region123');
    await page.getByText('大区经理', { exact: true }).click();
    await page.waitForURL('**/welcome');
    const menuText = await page.getByTestId('side-menu').innerText();
    expect(menuText).toContain('门店管理');
    expect(menuText).not.toContain('商品管理');
    await context.close();
  });
});
