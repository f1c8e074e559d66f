/**
 * A page opened in a new tab of the same browser (ctrl-click on 查看, a bookmark, a pasted link)
 * opens signed in, in the role last chosen; two tabs in different roles each keep working in
 * their own; a logout in one tab ends the others on their next call, and new tabs start at /login.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { columnTexts, pathOf, signIn, useBrowser } from './browser';

const browser = useBrowser();

/** A tab opened on the address, as a pasted link or a ctrl-click opens one: nothing of another tab but the cookie. */
const openTab = async (context: BrowserContext, path: string): Promise<Page> => {
  const tab = await context.newPage();
  await tab.goto(path);
  return tab;
};

/** The regions of the stores the store list shows (one page of 100). */
const storeRegions = async (tab: Page): Promise<Set<string>> => {
  await tab.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
  return new Set(await columnTexts(tab, '大区'));
};

const roleShown = (tab: Page, roleName: string) => tab.getByTestId('top-bar').getByText(roleName).waitFor();

/** 切换角色 → the role → 确定切换角色？ → 确定. */
const switchRole = async (tab: Page, roleName: string) => {
  await tab
    .getByTestId('top-bar')
    .getByRole('button', { name: /切换角色/ })
    .click();
  await tab.getByRole('dialog', { name: '切换角色' }).getByText(roleName, { exact: true }).click();
  await tab
    .getByRole('dialog')
    .filter({ hasText: '确定切换角色？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
};

describe('a new tab of a signed-in browser', () => {
  it('opens the list signed in, in the last chosen role; each tab keeps its own role; a logout ends them all', async () => {
    const { page: first, context } = await browser.newPage();
    await signIn(first, '13800000001', 'hq123456', '总部运营');

    // A list pasted into a new tab: signed in, as 总部运营, every region's stores.
    const second = await openTab(context, '/storeList?pageSize=100');
    await roleShown(second, '总部运营');
    expect(pathOf(second)).toBe('/storeList');
    const everyRegion = await storeRegions(second);
    expect(everyRegion.size).toBeGreaterThan(1);

    // The first tab switches to 大区督导 (华南大区): it sees 华南's stores only.
    await switchRole(first, '大区督导');
    await first.waitForURL('**/welcome');
    await roleShown(first, '大区督导');
    await first.goto('/storeList?pageSize=100');
    expect(await storeRegions(first)).toEqual(new Set(['华南大区']));

    // The second tab keeps working in 总部运营, also after a reload.
    await second.reload();
    await roleShown(second, '总部运营');
    expect(await storeRegions(second)).toEqual(everyRegion);

    // A tab opened now starts in the role last chosen: 大区督导.
    const third = await openTab(context, '/storeList?pageSize=100');
    await roleShown(third, '大区督导');
    expect(await storeRegions(third)).toEqual(new Set(['华南大区']));

    // A logout in the first tab: the second ends on its next call; a new tab opens at /login.
    await first.getByTestId('top-bar').getByText('退出登录').click();
    await first.waitForURL('**/relogin');
    await second.reload();
    await second.waitForURL('**/relogin');
    const fourth = await openTab(context, '/storeList');
    await fourth.waitForURL('**/login');
    await context.close();
  });
});
