/**
 * The shell as a new user meets it (SPEC §2.2, §4, §5, §8, §9): the hover panel, the bell and the
 * payment-notice centre, the password change, a kept-alive list, one alert at a time, the
 * watermark, and a stale tab under another account. Driven in Chromium on the real server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialog, pathOf, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

const signIn = async (page: Page, user: string, password: string, roleName?: string) => {
  await submitPasswordLogin(page, user, password);
  if (roleName) await page.getByText(roleName, { exact: true }).click();
  await page.waitForURL('**/welcome');
};

/** The bell's unread count, read from its accessible name. */
const unread = async (page: Page): Promise<number> => {
  const label = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(label)?.[1] ?? 0);
};

/** The 全部/未读/已读 filter: antd hides the radio input inside its button label. */
const chooseFilter = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name }) })
    .click();

const alertDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('alert-text') });

describe('the shell', () => {
  it('opens a group’s sub-panel after a hover, with its categories and tips; an entry opens its page', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '13800000001', 'hq123456', '总部运营');
    const group = page.getByTestId('side-menu').getByRole('button', { name: /商品管理/ });
    await group.hover();
    const panel = page.getByTestId('menu-panel');
    await panel.waitFor({ timeout: 2000 });
    expect(await panel.getAttribute('aria-label')).toBe('商品管理菜单');
    const text = await panel.innerText();
    expect(text).toContain('商品列表');
    expect(text.split('\n').length).toBeGreaterThan(4);
    await panel.getByRole('link', { name: /商品列表/ }).click();
    await page.waitForURL('**/productList');
    await page.getByTestId('breadcrumb').getByText('商品列表').waitFor();
    // Leaving the menu and the panel closes it.
    await page.mouse.move(900, 600);
    await panel.waitFor({ state: 'detached' });
    // Clicking a group goes to its first visible child.
    await page
      .getByTestId('side-menu')
      .getByRole('button', { name: /消息中心/ })
      .click();
    await page.waitForURL((url) => url.pathname !== '/productList');
    await expect.poll(() => page.getByTestId('breadcrumb').innerText()).toContain('消息中心');
    await context.close();
  });

  it('shows the unread count on the bell and lowers it when a notice is read', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '13800000001', 'hq123456', '总部运营');
    await expect.poll(() => unread(page)).toBeGreaterThan(0);
    const before = await unread(page);

    await page.getByTestId('notice-bell').click();
    await page.waitForURL('**/taskCenterBoss');
    await chooseFilter(page, '未读');
    await page.waitForURL('**/taskCenterBoss?isRead=false');
    await page.getByText(/共 \d+ 条/).waitFor();
    const row = page.locator('tbody tr.ant-table-row').first();
    const title = await row.locator('td').nth(1).innerText();
    await row.click();
    await page.waitForURL('**/taskCenterDetailBoss?id=*');
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('付款通知详情');
    await expect.poll(() => unread(page)).toBe(before - 1);
    await context.close();
  });

  it('keeps the notice list’s filter, page and scroll across a detail and back', async () => {
    const { page, context } = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 500 });
    await signIn(page, '13800000001', 'hq123456', '总部运营');
    await page.getByTestId('notice-bell').click();
    await page.waitForURL('**/taskCenterBoss');
    await chooseFilter(page, '未读');
    await page.getByRole('listitem', { name: '2' }).click();
    await page.waitForURL('**/taskCenterBoss?isRead=false&pageNo=2');
    await page.waitForLoadState('networkidle');
    const opened = page.locator('tbody tr.ant-table-row').first();
    const openedTitle = await opened.locator('td').nth(1).innerText();
    // Scrolled a little, with the row in view (reading it shortens the unread page by a row, so
    // the offset stays small enough to remain reachable).
    await page.evaluate(() => window.scrollTo(0, 60));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBe(60);
    expect(await opened.isVisible()).toBe(true);
    await opened.click();
    await page.waitForURL('**/taskCenterDetailBoss?id=*');
    await page.getByRole('button', { name: '返回列表' }).click();
    await page.waitForURL('**/taskCenterBoss?isRead=false&pageNo=2');
    expect(await page.getByRole('radio', { name: '未读' }).isChecked()).toBe(true);
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    // The kept list refreshed after the reading: the notice read has left the unread page.
    await expect.poll(() => page.locator('tbody').innerText()).not.toContain(openedTitle);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Reopened bare (the bell) from another page of the menu, it shows the kept state too.
    await page
      .getByTestId('side-menu')
      .getByRole('button', { name: /商品管理/ })
      .click();
    await page.waitForURL('**/productList');
    await page.getByTestId('notice-bell').click();
    await page.waitForURL('**/taskCenterBoss?isRead=false&pageNo=2');
    expect(await page.getByRole('radio', { name: '未读' }).isChecked()).toBe(true);
    await context.close();
  });

  it('shows one alert at a time; Enter confirms and Esc cancels; titled 警告', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '13800000001', 'hq123456', '总部运营');
    await page.getByTestId('notice-bell').click();
    await page.getByText(/共 \d+ 条/).waitFor();
    // Two list calls fail (a busy server): two alerts, shown one after the other.
    let failures = 0;
    await page.route('**/rest/taskCenterRest/searchTaskBoss**', async (route) => {
      failures += 1;
      const n = failures;
      await new Promise((r) => setTimeout(r, 400 * n));
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ errcode: 'SYS-50001', errmsg: `系统繁忙（第 ${n} 次）`, data: null }),
      });
    });
    await chooseFilter(page, '未读');
    await chooseFilter(page, '已读');
    await alertDialog(page).waitFor();
    await expect.poll(() => failures).toBe(2);
    expect(await alertDialog(page).count()).toBe(1);
    expect(await alertDialog(page).innerText()).toContain('警告');
    expect(await page.getByTestId('alert-text').innerText()).toContain('第 1 次');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('alert-text').innerText()).toContain('第 2 次');
    expect(await alertDialog(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await alertDialog(page).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('watermarks every shell page with the last 8 characters of the login name', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '13800000001', 'hq123456', '总部运营');
    const mark = page.getByTestId('watermark');
    expect(await mark.getAttribute('data-text')).toBe('00000001');
    expect(await mark.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await page.goto('/productList');
    expect(await page.getByTestId('watermark').getAttribute('data-text')).toBe('00000001');
    await context.close();
  });

  it('sends a tab left open under another account to /relogin on its next call', async () => {
    const { page: tabA, context } = await browser.newPage();
    await signIn(tabA, '13800000001', 'hq123456', '总部运营');
    const tabB = await context.newPage();
    await signIn(tabB, 'admin', 'admin123');
    // Tab A moves on; its call carries 张敏's account version, but the cookie is now admin's.
    await tabA
      .getByTestId('side-menu')
      .getByRole('button', { name: /商品管理/ })
      .click();
    await tabA.waitForURL('**/relogin');
    await tabA.getByText('您已退出系统').waitFor();
    // Tab B carries on as admin.
    await tabB
      .getByTestId('side-menu')
      .getByRole('button', { name: /系统运维/ })
      .click();
    await tabB.waitForURL((url) => url.pathname !== '/welcome');
    expect(pathOf(tabB)).not.toBe('/relogin');
    await context.close();
  });

  it('changes the password by the rules of SPEC §5, logs out, and only the new password works', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '13800000002', 'region123', '大区经理');
    const openModal = async () => {
      await page
        .getByTestId('top-bar')
        .getByRole('button', { name: /修改密码/ })
        .click();
      return page.getByRole('dialog', { name: '修改密码' });
    };
    let modal = await openModal();
    await modal.getByPlaceholder('请输入新密码').fill('abc12');
    await modal.getByText('长度在 6 到 32 个字符').waitFor();
    await modal.getByPlaceholder('请输入新密码').fill('abc!@#12');
    await modal.getByText('只能输入数字和大小写字母').waitFor();

    // Closing with contents asks 确认关闭？; cancelling keeps the modal.
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByTestId('alert-text').getByText('确认关闭？').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor();

    await modal.getByPlaceholder('请输入原密码').fill('region123');
    await modal.getByPlaceholder('请输入新密码').fill('Region2026');
    await modal.getByPlaceholder('请再次输入新密码').fill('Region2026');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('alert-text').getByText('确认修改？').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/relogin');

    // The old password is refused, the new one works; then it is set back.
    await page.goto('/login');
    await page.getByRole('tab', { name: '账号登录' }).click();
    await page.getByPlaceholder('请输入账号').fill('13800000002');
    await page.getByPlaceholder('请输入密码').fill('region123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByTestId('alert-text').getByText('账号或密码错误').waitFor();
    await page.keyboard.press('Enter');
    await signIn(page, '13800000002', 'Region2026', '大区经理');
    modal = await openModal();
    await modal.getByPlaceholder('请输入原密码').fill('Region2026');
    await modal.getByPlaceholder('请输入新密码').fill('region123');
    await modal.getByPlaceholder('请再次输入新密码').fill('region123');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    // The confirm's 确定 once its dialog has zoomed in (a click during the zoom can miss it and
    // leave the password changed for the tests after).
    await confirmDialog(page, /确认修改？/);
    await page.waitForURL('**/relogin');
    await context.close();
  });
});
