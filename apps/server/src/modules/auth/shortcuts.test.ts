import { AUTH_API, type ShortcutNode } from '@zb/contract/api/auth';
import { SHORTCUT_MAX } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { roleIdOf, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { resource } from '../resources/schema';

let t: TestApp;
let zhang: TestClient;
let hqRole: number;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456');
  hqRole = await roleIdOf(t.db, 'HQ_OPS');
  userId = (await zhang.call(AUTH_API.loginInfo)).body.data.userId;
});
afterAll(() => t.close());

const pageIds = (tree: ShortcutNode[]) => tree.flatMap((g) => g.children.map((p) => p.id));

describe('shortcut tree', () => {
  it('lists the role’s pages under their groups, with resource ids', async () => {
    const res = await zhang.call(AUTH_API.shortcutTree, { query: { roleId: hqRole } });
    expect(res.body.errcode).toBe(ERR.OK);
    const tree = res.body.data;
    expect(tree.map((g) => g.rsrc)).toEqual(
      ['ZBHT-SPGL', 'ZBHT-MDGL', 'ZBHT-YGGL', 'ZBHT-HYGL', 'ZBHT-DDGL', 'ZBHT-BBHZ', 'ZBHT-XXZX'].filter((code) =>
        tree.some((g) => g.rsrc === code),
      ),
    );
    for (const g of tree) {
      expect(g.children.length).toBeGreaterThan(0);
      for (const p of g.children) {
        expect(p.rsrc.startsWith(`${g.rsrc}:`)).toBe(true);
        expect(p.children).toEqual([]);
      }
    }
  });

  it('refuses a role the caller does not hold', async () => {
    const res = await zhang.call(AUTH_API.shortcutTree, { query: { roleId: await roleIdOf(t.db, 'HQ_SYSTEM') } });
    expect(res.body.errcode).toBe(ERR.ROLE_NOT_OWNED);
    const bad = await zhang.call(AUTH_API.shortcutTree, { query: { roleId: 'x' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('saving shortcuts', () => {
  it('replaces the list, keeps the order and at most SHORTCUT_MAX', async () => {
    const tree = (await zhang.call(AUTH_API.shortcutTree, { query: { roleId: hqRole } })).body.data;
    const ids = pageIds(tree);
    expect(ids.length).toBeGreaterThan(SHORTCUT_MAX);
    const wanted = ids.slice(0, SHORTCUT_MAX + 2).reverse();
    const res = await zhang.call(AUTH_API.saveShortcuts, { body: { roleId: hqRole, userId, resourcesId: wanted } });
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.map((q) => q.resourcesId)).toEqual(wanted.slice(0, SHORTCUT_MAX));
    const list = await zhang.call(AUTH_API.shortcutList, { query: { roleId: hqRole } });
    expect(list.body.data).toEqual(res.body.data);
    const info = await zhang.call(AUTH_API.loginInfo);
    expect(info.body.data.roles.find((r) => r.roleId === hqRole)!.quicks).toEqual(res.body.data);
  });

  it('ignores the tree’s group nodes and saves an empty list', async () => {
    const tree = (await zhang.call(AUTH_API.shortcutTree, { query: { roleId: hqRole } })).body.data;
    const [group] = tree;
    const body = { roleId: hqRole, userId, resourcesId: [group!.id, group!.children[0]!.id] };
    const res = await zhang.call(AUTH_API.saveShortcuts, { body });
    expect(res.body.data.map((q) => q.resourcesId)).toEqual([group!.children[0]!.id]);
    const empty = await zhang.call(AUTH_API.saveShortcuts, { body: { roleId: hqRole, userId, resourcesId: [] } });
    expect(empty.body.data).toEqual([]);
  });

  it('writes each save to the operation log', async () => {
    const rows = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'saveShortcuts'), eq(operationLog.userId, userId)));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.target === `user_quick:${userId}:${hqRole}`)).toBe(true);
  });

  it('refuses pages the role does not have', async () => {
    const [foreign] = await t.db
      .select({ id: resource.id })
      .from(resource)
      .where(and(eq(resource.kind, 'page'), eq(resource.parentCode, 'ZBHT-JCGL')))
      .limit(1);
    const res = await zhang.call(AUTH_API.saveShortcuts, {
      body: { roleId: hqRole, userId, resourcesId: [foreign!.id] },
    });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(res.body.errmsg).toBe('快捷入口只能选择当前角色可访问的页面');
  });

  it('refuses another user’s id (403) and a role the caller does not hold', async () => {
    const lis = await t.signIn('13800000002', 'region123');
    const lisId = (await lis.call(AUTH_API.loginInfo)).body.data.userId;
    const forged = await zhang.call(AUTH_API.saveShortcuts, {
      body: { roleId: hqRole, userId: lisId, resourcesId: [] },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.errcode).toBe(ERR.FORBIDDEN);
    const notMine = await zhang.call(AUTH_API.saveShortcuts, {
      body: { roleId: await roleIdOf(t.db, 'REGION_MANAGER'), userId, resourcesId: [] },
    });
    expect(notMine.body.errcode).toBe(ERR.ROLE_NOT_OWNED);
  });

  it('the list refuses a role the caller does not hold', async () => {
    const region = await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER');
    expect(region).toBeGreaterThan(0);
    const res = await zhang.call(AUTH_API.shortcutList, { query: { roleId: await roleIdOf(t.db, 'REGION_MANAGER') } });
    expect(res.body.errcode).toBe(ERR.ROLE_NOT_OWNED);
  });
});
