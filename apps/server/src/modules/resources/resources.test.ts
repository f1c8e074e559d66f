import { APPROVAL_API } from '@zb/contract/api/approvals';
import { AUTH_API } from '@zb/contract/api/auth';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { MENU_API, RESOURCE_API, type ResourceNode } from '@zb/contract/api/resources';
import { ERR } from '@zb/contract/errcodes';
import { RESOURCES, ROUTES, routeByPath } from '@zb/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createUser,
  grantRole,
  lastOperation as lastOperationOf,
  roleIdOf,
  userRoleIdOf,
} from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { resource } from './schema';

let t: TestApp;
let admin: TestClient;

const APPROVAL_PAGE = routeByPath('/approvalCenter')!.code!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

const ok = async <R>(res: Promise<{ body: { errcode: string; errmsg: string; data: R } }>): Promise<R> => {
  const { body } = await res;
  expect(body.errcode, body.errmsg).toBe(ERR.OK);
  return body.data;
};

const idOf = async (code: string): Promise<number> => {
  const [row] = await t.db.select({ id: resource.id }).from(resource).where(eq(resource.code, code));
  if (!row) throw new Error(`no resource ${code}`);
  return row.id;
};

const lastOperation = (action: string) => lastOperationOf(t.db, action);

const flatten = (nodes: ResourceNode[]): ResourceNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('reads', () => {
  it('answers every resource of the route table as a tree group → page → button', async () => {
    const tree = await ok(admin.call(RESOURCE_API.resources));
    expect(tree.map((g) => g.code)).toContain('ZBHT-JCGL');
    expect(tree.every((g) => g.kind === 'group')).toBe(true);
    const all = flatten(tree);
    expect(all).toHaveLength(RESOURCES.length);
    const basic = tree.find((g) => g.code === 'ZBHT-JCGL')!;
    const page = basic.children.find((p) => p.path === '/resourceList')!;
    expect(page).toMatchObject({ kind: 'page', name: '资源管理', category: '账号与权限', edited: false });
    expect(page.children.map((b) => b.name)).toEqual(['新增', '编辑', '删除', '导出']);
    expect(page.children.every((b) => b.kind === 'button' && b.parentCode === page.code)).toBe(true);
  });

  it('answers the menu as groups → categories → pages, without buttons or hidden pages', async () => {
    const menu = await ok(admin.call(MENU_API.menu));
    expect(menu).toHaveLength(13);
    const basic = menu.find((g) => g.code === 'ZBHT-JCGL')!;
    const accounts = basic.categories.find((c) => c.name === '账号与权限')!;
    expect(accounts.pages.map((p) => p.path)).toEqual(['/accountManagement', '/resourceList', '/storeQuickConfig']);
    const pages = menu.flatMap((g) => g.categories.flatMap((c) => c.pages));
    expect(pages.every((p) => p.kind === 'page')).toBe(true);
    expect(pages.map((p) => p.path)).not.toContain('/storeLevel');
    const store = pages.find((p) => p.path === '/storeQuickConfig')!;
    expect(store.description).toBe('门店端各角色的快捷入口');
  });

  it('searches by name, code and tip, with the trail of each hit', async () => {
    const byName = await ok(admin.call(RESOURCE_API.searchResources, { query: { keyword: '门店快捷' } }));
    expect(byName.map((h) => h.path)).toContain('/storeQuickConfig');
    expect(byName.find((h) => h.path === '/storeQuickConfig')!.trail).toEqual(['基础管理']);
    const byCode = await ok(admin.call(RESOURCE_API.searchResources, { query: { keyword: 'jcgl:resourcelist:EDIT' } }));
    expect(byCode.map((h) => h.code)).toEqual(['ZBHT-JCGL:resourceList:edit']);
    expect(byCode[0]!.trail).toEqual(['基础管理', '资源管理']);
    const byTip = await ok(admin.call(RESOURCE_API.searchResources, { query: { keyword: '菜单、页面与按钮' } }));
    expect(byTip.map((h) => h.path)).toEqual(['/resourceList']);
    expect(await ok(admin.call(RESOURCE_API.searchResources, { query: { keyword: '没有这个资源' } }))).toEqual([]);
  });

  it("answers a role's resource ids and codes, and the roles with their box", async () => {
    const roleId = await roleIdOf(t.db, 'HQ_FINANCE');
    const set = await ok(admin.call(RESOURCE_API.roleResources, { query: { roleId } }));
    expect(set.roleId).toBe(roleId);
    expect(set.codes).toContain('ZBHT-SPZX');
    expect(set.codes).toContain(APPROVAL_PAGE);
    expect(set.codes).not.toContain('ZBHT-JCGL');
    expect(set.resourceIds).toContain(await idOf(APPROVAL_PAGE));
    const roles = await ok(admin.call(RESOURCE_API.roles));
    expect(roles.find((r) => r.code === 'HQ_FINANCE')).toMatchObject({
      name: '总部财务',
      hierName: '总部',
      level: 'hq',
    });
    expect(roles.find((r) => r.code === 'STORE_MANAGER')).toMatchObject({ level: 'store' });
  });

  it('refuses bad input with a Chinese message and the field', async () => {
    const noKeyword = await admin.call(RESOURCE_API.searchResources, { query: { keyword: ' ' } });
    expect(noKeyword.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(noKeyword.body).keyword).toBe('请输入关键字');
    const badRole = await admin.call(RESOURCE_API.roleResources, { query: { roleId: 'abc' } });
    expect(badRole.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(badRole.body).roleId).toBe('角色编号无效');
    const noRole = await admin.call(RESOURCE_API.roleResources, { query: { roleId: 999999 } });
    expect(noRole.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '角色不存在' });
  });
});

describe('editing names, tips and order', () => {
  it('renames a resource and records before and after', async () => {
    const id = await idOf('ZBHT-JCGL:resourceList:edit');
    const item = await ok(
      admin.call(RESOURCE_API.updateResources, { body: { id, name: ' 修改资源 ', description: '改名与提示' } }),
    );
    expect(item).toMatchObject({ name: '修改资源', description: '改名与提示', defaultName: '编辑', edited: true });
    const op = await lastOperation('updateResources');
    expect(op).toMatchObject({
      target: 'resource:ZBHT-JCGL:resourceList:edit',
      before: { name: '编辑', description: '', menuSort: null },
      after: { name: '修改资源', description: '改名与提示', menuSort: null },
    });
  });

  it('refuses names and tips that are empty or too long, and unknown ids, changing nothing', async () => {
    const id = await idOf('ZBHT-JCGL');
    const long = await admin.call(RESOURCE_API.updateResources, { body: { id, name: '名'.repeat(21) } });
    expect(long.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(long.body).name).toBe('名称最多 20 个字符');
    const empty = await admin.call(RESOURCE_API.updateResources, { body: { id, name: '   ' } });
    expect(fieldsOf(empty.body).name).toBe('请输入名称');
    const tip = await admin.call(RESOURCE_API.updateResources, {
      body: { id, name: '基础', description: 'x'.repeat(61) },
    });
    expect(fieldsOf(tip.body).description).toBe('提示最多 60 个字符');
    const unknown = await admin.call(RESOURCE_API.updateResources, { body: { id: 999999, name: '新名' } });
    expect(unknown.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '资源不存在' });
    const [row] = await t.db.select().from(resource).where(eq(resource.id, id));
    expect(row!.name).toBe('基础管理');
  });

  it('re-orders a menu page, and the next role choice answers the menu in that order', async () => {
    const last = ROUTES.filter((r) => r.group === 'ZBHT-HYGL' && r.code && !r.hidden).at(-1)!;
    const id = await idOf(last.code!);
    const item = await ok(admin.call(MENU_API.updateMenu, { body: { id, sort: 0 } }));
    expect(item).toMatchObject({ sort: 0, edited: true });
    const menu = await ok(admin.call(MENU_API.menu));
    const members = menu.find((g) => g.code === 'ZBHT-HYGL')!;
    expect(members.categories[0]!.pages[0]!.path).toBe(last.path);
    const zhang = await t.signIn('13800000001', 'hq123456');
    const chosen = await zhang.selectRole(await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
    const memberPages = chosen.body.data.pages.filter((p) => p.code.startsWith('ZBHT-HYGL:'));
    expect(memberPages[0]!.code).toBe(last.code);
  });

  it('refuses a menu update of a button or without any change', async () => {
    const button = await admin.call(MENU_API.updateMenu, {
      body: { id: await idOf('ZBHT-JCGL:resourceList:add'), name: '新增' },
    });
    expect(button.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '按钮不是菜单项，请在资源中修改其名称' });
    const nothing = await admin.call(MENU_API.updateMenu, { body: { id: await idOf('ZBHT-JCGL') } });
    expect(nothing.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '请至少修改名称、提示或排序中的一项' });
    const badSort = await admin.call(MENU_API.updateMenu, { body: { id: await idOf('ZBHT-JCGL'), sort: -1 } });
    expect(fieldsOf(badSort.body).sort).toBe('排序不能小于 0');
  });

  it('deleteMenu resets an entry to the route table, keeping it and its grants', async () => {
    const code = 'ZBHT-SPZX';
    const id = await idOf(code);
    await ok(admin.call(MENU_API.updateMenu, { body: { id, name: '审批', description: '待办审批', sort: 99 } }));
    const reset = await ok(admin.call(MENU_API.deleteMenu, { params: { id } }));
    expect(reset).toMatchObject({ name: '审批中心', description: '', edited: false, sort: 8 });
    const finance = await roleIdOf(t.db, 'HQ_FINANCE');
    expect((await ok(admin.call(RESOURCE_API.roleResources, { query: { roleId: finance } }))).codes).toContain(code);
    const op = await lastOperation('deleteMenu');
    expect(op).toMatchObject({
      target: `resource:${code}`,
      before: { name: '审批', description: '待办审批', menuSort: 99 },
      after: { name: '审批中心', description: '', menuSort: null },
    });
    const bad = await admin.call(MENU_API.deleteMenu, { params: { id: 'x' } });
    expect(fieldsOf(bad.body).id).toBe('菜单编号无效');
  });
});

describe('role resources', () => {
  it('sets exactly the given set, adding the page of a button and the group of a page', async () => {
    const { roleId } = await createRole(t.db, {
      code: 'T_SET',
      name: '测试授权',
      contentName: '总部',
      codes: ['ZBHT-SPGL'],
    });
    const button = await idOf('ZBHT-JCGL:resourceList:edit');
    const set = await ok(
      admin.call(RESOURCE_API.addRoleResources, { body: { roleId, resourceIds: [button, button] } }),
    );
    expect(set.codes).toEqual(['ZBHT-JCGL', 'ZBHT-JCGL:resourceList', 'ZBHT-JCGL:resourceList:edit']);
    const op = await lastOperation('addRoleResources');
    expect(op).toMatchObject({ target: `role:${roleId}`, before: ['ZBHT-SPGL'], after: set.codes });
    const cleared = await ok(admin.call(RESOURCE_API.addRoleResources, { body: { roleId, resourceIds: [] } }));
    expect(cleared.codes).toEqual([]);
  });

  it('refuses unknown resource ids and unknown roles, changing nothing', async () => {
    const { roleId } = await createRole(t.db, {
      code: 'T_BAD',
      name: '测试拒绝',
      contentName: '总部',
      codes: ['ZBHT-SPGL'],
    });
    const unknown = await admin.call(RESOURCE_API.addRoleResources, {
      body: { roleId, resourceIds: [await idOf('ZBHT-JCGL'), 999999] },
    });
    expect(unknown.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '资源不存在：999999' });
    const noRole = await admin.call(RESOURCE_API.addRoleResources, { body: { roleId: 999999, resourceIds: [] } });
    expect(noRole.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '角色不存在' });
    const notList = await admin.call(RESOURCE_API.addRoleResources, { body: { roleId, resourceIds: 'all' } });
    expect(fieldsOf(notList.body).resourceIds).toBe('请提供资源编号列表');
    const set = await ok(admin.call(RESOURCE_API.roleResources, { query: { roleId } }));
    expect(set.codes).toEqual(['ZBHT-SPGL']);
  });

  it("takes effect on the member's very next call, and in their menu at the next role choice", async () => {
    const roleId = await roleIdOf(t.db, 'HQ_OPS');
    const userRoleId = await userRoleIdOf(t.db, '13800000001', 'HQ_OPS');
    const zhang = await t.signIn('13800000001', 'hq123456', userRoleId);
    expect((await zhang.call(APPROVAL_API.list)).body.errcode).toBe(ERR.FORBIDDEN);

    const held = (await ok(admin.call(RESOURCE_API.roleResources, { query: { roleId } }))).resourceIds;
    const approval = await idOf(APPROVAL_PAGE);
    await ok(admin.call(RESOURCE_API.addRoleResources, { body: { roleId, resourceIds: [...held, approval] } }));
    expect((await zhang.call(APPROVAL_API.list)).body.errcode).toBe(ERR.OK);

    await ok(admin.call(RESOURCE_API.addRoleResources, { body: { roleId, resourceIds: held } }));
    const refused = await zhang.call(APPROVAL_API.list);
    expect(refused.status).toBe(403);
    expect(refused.body.errcode).toBe(ERR.FORBIDDEN);

    const again = await t.signIn('13800000001', 'hq123456');
    const info = await ok(again.call(AUTH_API.loginInfo));
    const entry = info.roles.find((r) => r.roleId === roleId)!;
    expect(entry.allRsrc).not.toContain(APPROVAL_PAGE);
    expect(entry.allRsrc).not.toContain('ZBHT-SPZX');
    const menu = (await again.selectRole(userRoleId)).body.data;
    expect(menu.pages.map((p) => p.code)).not.toContain(APPROVAL_PAGE);
  });

  it("shows a renamed resource in a member's loginInfo and menu", async () => {
    const userRoleId = await userRoleIdOf(t.db, '13800000001', 'HQ_OPS');
    const before = await t.signIn('13800000001', 'hq123456');
    const quick = (await ok(before.call(AUTH_API.loginInfo))).roles.find((r) => r.userRoleId === userRoleId)!
      .quicks[0]!;
    await ok(
      admin.call(RESOURCE_API.updateResources, {
        body: { id: quick.resourcesId, name: '改名后的页面', description: '新的提示' },
      }),
    );
    const zhang = await t.signIn('13800000001', 'hq123456');
    const info = await ok(zhang.call(AUTH_API.loginInfo));
    const quicks = info.roles.find((r) => r.userRoleId === userRoleId)!.quicks;
    expect(quicks.find((q) => q.resourcesId === quick.resourcesId)!.name).toBe('改名后的页面');
    const menu = (await zhang.selectRole(userRoleId)).body.data;
    expect(menu.pages.find((p) => p.code === quick.rsrc)).toEqual({
      code: quick.rsrc,
      name: '改名后的页面',
      description: '新的提示',
    });
  });
});

describe('access', () => {
  const calls: [string, Endpoint<unknown, unknown, unknown>, Parameters<TestClient['call']>[1]][] = [
    ['menu', MENU_API.menu as Endpoint<unknown, unknown, unknown>, {}],
    ['updateMenu', MENU_API.updateMenu as Endpoint<unknown, unknown, unknown>, { body: { id: 1, name: '名' } }],
    ['deleteMenu', MENU_API.deleteMenu as Endpoint<unknown, unknown, unknown>, { params: { id: 1 } }],
    ['resources', RESOURCE_API.resources as Endpoint<unknown, unknown, unknown>, {}],
    ['roleResources', RESOURCE_API.roleResources as Endpoint<unknown, unknown, unknown>, { query: { roleId: 1 } }],
    [
      'searchResources',
      RESOURCE_API.searchResources as Endpoint<unknown, unknown, unknown>,
      { query: { keyword: '门店' } },
    ],
    [
      'addRoleResources',
      RESOURCE_API.addRoleResources as Endpoint<unknown, unknown, unknown>,
      { body: { roleId: 1, resourceIds: [] } },
    ],
    [
      'updateResources',
      RESOURCE_API.updateResources as Endpoint<unknown, unknown, unknown>,
      { body: { id: 1, name: '名' } },
    ],
    ['roles', RESOURCE_API.roles as Endpoint<unknown, unknown, unknown>, {}],
  ];

  it('refuses every call to a role without /resourceList (13800000002, 大区经理)', async () => {
    const li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
    // 大区经理 holds /hierarchicalRoles (员工管理), which shows a role's resources: those two reads pass.
    const viaHierarchy = new Set(['roleResources', 'roles']);
    for (const [name, e, opts] of calls) {
      const res = await li.call(e, opts);
      expect(res.body.errcode, name).toBe(viaHierarchy.has(name) ? ERR.OK : ERR.FORBIDDEN);
      if (!viaHierarchy.has(name)) expect(res.status, name).toBe(403);
    }
    const [row] = await t.db.select().from(resource).where(eq(resource.id, 1));
    expect(row!.name).not.toBe('名');
  });

  it('lets a role with the page read but not write without the edit button; /hierarchicalRoles reads a role', async () => {
    const { contentRoleId } = await createRole(t.db, {
      code: 'T_READ',
      name: '只读资源',
      contentName: '总部',
      codes: ['ZBHT-JCGL', 'ZBHT-JCGL:resourceList'],
    });
    const userId = await createUser(t.db, { loginName: '13900009901', phone: '13900009901', password: 'read1234' });
    const reader = await t.signIn('13900009901', 'read1234', await grantRole(t.db, userId, contentRoleId));
    expect((await reader.call(RESOURCE_API.resources)).body.errcode).toBe(ERR.OK);
    expect((await reader.call(MENU_API.menu)).body.errcode).toBe(ERR.OK);
    const write = await reader.call(RESOURCE_API.updateResources, { body: { id: 1, name: '名' } });
    expect(write.body.errcode).toBe(ERR.FORBIDDEN);

    const hierRoles = routeByPath('/hierarchicalRoles')!.code!;
    const { contentRoleId: other } = await createRole(t.db, {
      code: 'T_HIER',
      name: '层级角色只读',
      contentName: '总部',
      codes: ['ZBHT-YGGL', hierRoles],
    });
    const userId2 = await createUser(t.db, { loginName: '13900009902', phone: '13900009902', password: 'read1234' });
    const hier = await t.signIn('13900009902', 'read1234', await grantRole(t.db, userId2, other));
    expect((await hier.call(RESOURCE_API.roleResources, { query: { roleId: 1 } })).body.errcode).toBe(ERR.OK);
    expect((await hier.call(RESOURCE_API.resources)).body.errcode).toBe(ERR.FORBIDDEN);
  });
});
