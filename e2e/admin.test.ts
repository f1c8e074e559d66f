/**
 * Administration as a new user meets it: an administrator creates a role in the 总部 box, gives it
 * three pages in 角色授权, creates an account, offers the role in the 总部 content and adds the
 * account to it; the account, signed in at another browser, sees exactly those three pages (and
 * the open pages of their groups), opens one, and is turned away from a page it was not given.
 */
import { GROUPS } from '@zb/contract/groups';
import { ROUTES, type RouteDef } from '@zb/contract/routes';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, pathOf, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

const routeOf = (path: string): RouteDef => {
  const r = ROUTES.find((x) => x.path === path);
  if (!r?.code) throw new Error(`${path} is not a menu page with a code`);
  return r;
};

const groupName = (code: string): string => GROUPS.find((g) => g.code === code)?.name ?? code;

/** The three pages given: from two groups, each page owning a code. */
const GRANTED = ['/basicProps', '/operationLog', '/accountInfoList'].map(routeOf);

const groupsOf = (routes: readonly RouteDef[]): string[] => [...new Set(routes.map((r) => r.group))];

/** What the panel of a group shows the new account: the pages given, and the group's open pages. */
const expectedEntries = (group: string): string[] =>
  ROUTES.filter((r) => r.group === group && !r.hidden && (GRANTED.includes(r) || r.codes.length === 0)).map(
    (r) => r.title,
  );

/** A node of an antd tree by its own title (its name also holds the switcher's 展开/收起). */
const treeNode = (tree: Locator, title: string) =>
  tree.getByRole('treeitem').filter({ has: tree.page().getByText(title, { exact: true }) });

/** Waits for the tree's open/close animation to end: until then antd renders the moving nodes twice. */
const settled = (tree: Locator) =>
  expect.poll(() => tree.locator('.ant-tree-treenode-motion').count(), { timeout: 10_000 }).toBe(0);

/** Opens or closes a node of the 角色授权 tree by its switcher, the caret before its title. */
const toggleNode = async (tree: Locator, title: string, open: boolean) => {
  await settled(tree);
  const node = treeNode(tree, title);
  const state = open ? 'true' : 'false';
  if ((await node.getAttribute('aria-expanded')) === state) return;
  await node.getByRole('img', { name: open ? '展开' : '收起' }).click();
  await expect.poll(() => node.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe(state);
  await settled(tree);
};

/** The entries of the hover panel: each link's own name (its tip is a span after it). */
const panelEntries = (panel: Locator): Promise<string[]> =>
  panel.getByRole('link').evaluateAll((links) => links.map((a) => (a.firstChild?.textContent ?? '').trim()));

describe('an administrator gives a new account a role with three pages', () => {
  it('creates the role, the account and the membership; the account sees exactly those pages', async () => {
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const roleName = `巡检专员${suffix}`;
    const loginName = `xj${suffix}${Math.floor(Math.random() * 1000)}`;
    const nickname = `巡检员${suffix}`;
    const description = `巡检专员${suffix}：只看基础属性、操作日志与账号信息`;
    const password = 'Xunjian2026';
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');

    // 1. The role, in the 总部 box of /hierarchicalRoles.
    await page.goto('/hierarchicalRoles');
    await page.getByRole('tab', { name: /^总部（/ }).click();
    const rolesPanel = page.getByRole('tabpanel');
    await rolesPanel.getByRole('button', { name: '新增角色' }).click();
    const addRole = page.getByRole('dialog', { name: '新增角色：总部' });
    await addRole.getByLabel('角色名称').fill(roleName);
    await addRole.getByLabel('角色说明').fill(description);
    await button(addRole, '确定').click();
    await addRole.waitFor({ state: 'detached' });
    const roleRow = rolesPanel.getByRole('row').filter({ hasText: roleName });
    await roleRow.waitFor();

    // 2. Its pages: 分配权限 opens the role in 角色授权.
    await roleRow.getByRole('button', { name: '分配权限' }).click();
    await page.waitForURL('**/resourceList?tab=role&roleId=*');
    const roleId = Number(new URL(page.url()).searchParams.get('roleId'));
    expect(roleId).toBeGreaterThan(0);
    await page.getByText('已选 0 项').waitFor({ timeout: 30_000 });
    await page.getByText(description).waitFor();
    const tree = page.getByRole('tree');
    for (const route of GRANTED) {
      await toggleNode(tree, groupName(route.group), true);
      await toggleNode(tree, route.category, true);
      await treeNode(tree, route.title).getByRole('checkbox').click();
      await expect
        .poll(() => treeNode(tree, route.title).getAttribute('aria-checked'), { timeout: 10_000 })
        .toBe('true');
      await toggleNode(tree, route.category, false);
      await toggleNode(tree, groupName(route.group), false);
    }
    await page.getByText('有未保存的修改').waitFor();
    await button(page, '保存').click();
    await page.getByText('有未保存的修改').waitFor({ state: 'detached', timeout: 30_000 });
    // Held: the three pages, their buttons (checking a page checks what it holds) and their two groups.
    const held = GRANTED.length + GRANTED.reduce((n, r) => n + r.buttons.length, 0) + groupsOf(GRANTED).length;
    await page.getByText(`已选 ${held} 项`).waitFor();

    // 3. The account, from 新增账号 of /accountManagement.
    await page.goto('/accountManagement');
    await page.getByRole('button', { name: '新增账号' }).click();
    await page.waitForURL('**/accountDetail?create=1');
    const form = page.getByRole('form', { name: '新增账号' });
    await form.getByLabel('登录账号').fill(loginName);
    await form.getByLabel('姓名').fill(nickname);
    await form.getByLabel('手机号').fill(phone);
    expect(await form.getByText('总部员工').count()).toBe(1);
    await form.getByLabel('初始密码').fill(password);
    await button(form, '保存').click();
    await page.waitForURL(/\/accountDetail\?id=\d+$/, { timeout: 30_000 });
    // The new account's detail (the kept-alive list behind it holds the row too, hidden).
    await page.getByText(loginName, { exact: true }).filter({ visible: true }).waitFor();

    // 4. The role offered in the 总部 content of /hierarchicalArchitecture, and the account added to it.
    await page.goto('/hierarchicalArchitecture');
    const hierTree = page.getByRole('tree');
    await hierTree.getByText(/^总部（总部·\d+）$/).click();
    await hierTree.getByRole('treeitem', { name: '总部', exact: true }).click();
    await page.getByText('节点：总部').waitFor();
    await page.getByRole('combobox', { name: '选择要添加的角色' }).click();
    await page.locator('.ant-select-dropdown').getByText(roleName, { exact: true }).click();
    await page.getByRole('button', { name: '添加角色' }).click();
    const offerRow = page.getByRole('row').filter({ hasText: roleName });
    await offerRow.waitFor({ timeout: 30_000 });
    await offerRow.getByRole('button', { name: '成员' }).click();
    const members = page.getByText(`成员：总部 · ${roleName}`);
    await members.waitFor();
    await page.getByRole('button', { name: '添加成员' }).click();
    const addMember = page.getByRole('dialog', { name: `添加成员：总部 · ${roleName}` });
    await addMember.getByRole('searchbox').fill(loginName);
    await addMember.getByRole('searchbox').press('Enter');
    const candidate = addMember.getByRole('row').filter({ hasText: loginName });
    await candidate.waitFor({ timeout: 30_000 });
    await candidate.click();
    const check = addMember.getByTestId('member-check');
    await expect
      .poll(() => check.innerText(), { timeout: 30_000 })
      .toBe(`可以将 ${nickname} 添加为“总部 · ${roleName}”的成员`);
    await addMember.getByRole('button', { name: '确定添加' }).click();
    await addMember.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: loginName }).waitFor({ timeout: 30_000 });
    await context.close();

    // 5. The account at another browser: exactly the groups of its pages, and in each the pages given.
    const { page: user, context: userContext } = await browser.newPage();
    await submitPasswordLogin(user, loginName, password);
    const roleList = user.getByRole('list', { name: '角色列表' });
    const sideMenu = user.getByTestId('side-menu');
    await roleList.or(sideMenu).first().waitFor({ timeout: 30_000 });
    if (await roleList.isVisible()) await roleList.getByRole('button', { name: new RegExp(roleName) }).click();
    await user.waitForURL('**/welcome', { timeout: 30_000 });

    const groups = groupsOf(GRANTED);
    const groupButtons = sideMenu.getByRole('button');
    await groupButtons.first().waitFor();
    expect((await groupButtons.allInnerTexts()).map((t) => t.trim()).sort()).toEqual(groups.map(groupName).sort());
    const panelOf = async (group: string) => {
      await sideMenu.getByRole('button', { name: groupName(group) }).hover();
      const panel = user.getByTestId('menu-panel').and(user.getByRole('region', { name: `${groupName(group)}菜单` }));
      await panel.waitFor({ timeout: 10_000 });
      return panel;
    };
    for (const group of groups) {
      expect((await panelEntries(await panelOf(group))).sort()).toEqual(expectedEntries(group).sort());
    }

    // One of them opens from its menu entry and shows its rows.
    const opened = routeOf('/operationLog');
    await (await panelOf(opened.group)).getByRole('link', { name: opened.title }).click();
    await user.waitForURL(`**${opened.path}`);
    await expect.poll(() => user.getByTestId('breadcrumb').innerText(), { timeout: 10_000 }).toContain(opened.title);
    await user.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await user.getByText(/^共 \d+ 条$/).waitFor();

    // A page not given is refused: back to the last page allowed, with the notice.
    await user.goto('/accountManagement');
    await user.getByText('无权限访问该页面').waitFor({ timeout: 30_000 });
    await user.waitForURL(`**${opened.path}`);
    expect(pathOf(user)).toBe(opened.path);
    expect(await user.getByRole('button', { name: '新增账号' }).count()).toBe(0);
    await userContext.close();
  });
});
