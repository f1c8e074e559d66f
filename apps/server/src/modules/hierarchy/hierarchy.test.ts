/**
 * /rest/hier/*: boxes, contents, roles and the roles offered in a content — every call with its
 * success, its guards, bad input and who may call it.
 */

import type { Endpoint } from '@zb/contract/api/endpoint';
import type { ContentNode, HierBox, HierRole } from '@zb/contract/api/hierarchy';
import { HIER_API, HIER_ARCH_PAGE } from '@zb/contract/api/hierarchy';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routes';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import {
  createRole,
  createUser,
  grantRole,
  lastOperation as lastOperationOf,
  userRoleIdOf,
} from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { type CallResult, fieldsOf, type TestClient } from '../../testing/testClient';
import { roleResource } from '../resources/schema';
import { region, store } from '../stores/schema';
import { hier, hierContent, role } from './schema';

let t: TestApp;
let admin: TestClient;
let zhang: TestClient;
let li: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t.close());

const okData = <R>(res: CallResult<R>): R => {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const refused = (res: CallResult<unknown>, errcode: string, message?: RegExp) => {
  expect(res.body.errcode, res.raw).toBe(errcode);
  if (message) expect(res.body.errmsg).toMatch(message);
  expect(res.body.data === null || typeof res.body.data === 'object').toBe(true);
};

const boxes = async () => okData(await zhang.call(HIER_API.hierarchyBox));
const boxNamed = async (name: string): Promise<HierBox> => (await boxes()).find((b) => b.name === name)!;
const tree = async (hierId: number): Promise<ContentNode[]> =>
  okData(await zhang.call(HIER_API.hierarchyBoxContent, { query: { hierId } }));
const rolesOf = async (hierId: number): Promise<HierRole[]> =>
  okData(await zhang.call(HIER_API.findRole, { query: { hierId } }));

const lastOperation = (action: string) => lastOperationOf(t.db, action);

let seq = 0;
/** A fresh empty box at the level (its name is unique). */
const newBox = async (level: 'hq' | 'region' | 'store') =>
  okData(await zhang.call(HIER_API.addHier, { query: { name: `测试层级${++seq}`, level } }));

describe('hierarchyBox', () => {
  it('lists the demo boxes in order with their contents, roles and members counted', async () => {
    const list = await boxes();
    expect(list.slice(0, 3).map((b) => [b.name, b.level, b.levelName])).toEqual([
      ['总部', 'hq', '总部'],
      ['大区', 'region', '大区'],
      ['门店', 'store', '门店'],
    ]);
    const [hq, regions, stores] = list;
    expect(hq).toMatchObject({ contentCount: 1, roleCount: 4, memberCount: 1 });
    expect(regions).toMatchObject({ contentCount: 5, roleCount: 2, memberCount: 2 });
    // Every store of the demo sits in the 门店 box.
    const [storeCount] = await t.db.select({ n: count() }).from(store);
    expect(stores).toMatchObject({ contentCount: storeCount!.n, roleCount: 1 });
  });
});

describe('addHier', () => {
  it('adds a box at a level, last in order, with an operation-log row', async () => {
    const box = okData(await zhang.call(HIER_API.addHier, { query: { name: '  加盟门店  ', level: 'store' } }));
    expect(box).toMatchObject({ name: '加盟门店', level: 'store', levelName: '门店', contentCount: 0, roleCount: 0 });
    const list = await boxes();
    expect(list.at(-1)!.id).toBe(box.id);
    const op = await lastOperation('addHier');
    expect(op).toMatchObject({ target: `hier:${box.id}`, before: null });
    expect(op!.after).toMatchObject({ name: '加盟门店', level: 'store' });
  });

  it('refuses a name already used by a box', async () => {
    refused(
      await zhang.call(HIER_API.addHier, { query: { name: '大区', level: 'region' } }),
      ERR.HIER_DUPLICATE,
      /大区.*已存在/,
    );
  });

  it('refuses a missing name or an unknown level with field messages', async () => {
    const res = await zhang.call(HIER_API.addHier, { query: { name: ' ', level: 'city' } });
    refused(res, ERR.PARAM_INVALID);
    expect(fieldsOf(res.body)).toMatchObject({ name: '请输入层级名称', level: expect.stringContaining('数据层级') });
    const long = await zhang.call(HIER_API.addHier, { query: { name: '层'.repeat(31), level: 'hq' } });
    expect(fieldsOf(long.body).name).toBe('层级名称最多 30 个字符');
  });
});

describe('addHierContent', () => {
  it('adds a region to a region box, named after the region unless named', async () => {
    const box = await newBox('region');
    const [east] = await t.db.select().from(region).where(eq(region.name, '华东大区'));
    const node = okData(await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, regionId: east!.id } }));
    expect(node).toMatchObject({ hierId: box.id, name: '华东大区', regionId: east!.id, storeId: null, roles: [] });
    expect((await lastOperation('addHierContent'))!.target).toBe(`hier_content:${node.id}`);
    // The same region twice in one box is refused.
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, regionId: east!.id, name: '华东二' } }),
      ERR.HIER_DUPLICATE,
      /华东大区.*已是层级/,
    );
  });

  it('adds a store to a store box and refuses a store already in it', async () => {
    const box = await newBox('store');
    const [s] = await t.db.select().from(store).where(eq(store.code, 'SH001'));
    const node = okData(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, storeId: s!.id, name: '徐汇旗舰' } }),
    );
    expect(node).toMatchObject({ name: '徐汇旗舰', storeId: s!.id, regionId: null });
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, storeId: s!.id } }),
      ERR.HIER_DUPLICATE,
    );
  });

  it('needs a name for a headquarters content, unique in its box', async () => {
    const box = await newBox('hq');
    const missing = await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id } });
    refused(missing, ERR.PARAM_INVALID);
    expect(fieldsOf(missing.body)).toEqual({ name: '请输入节点名称' });
    okData(await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, name: '集团总部' } }));
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, name: '集团总部' } }),
      ERR.HIER_DUPLICATE,
      /已有名为“集团总部”的节点/,
    );
  });

  it('refuses what does not fit the level, a missing place, an unknown region, store or box', async () => {
    const regionBox = await boxNamed('大区');
    const storeBox = await boxNamed('门店');
    const [s] = await t.db.select().from(store).where(eq(store.code, 'SH001'));
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: regionBox.id, storeId: s!.id } }),
      ERR.HIER_INVALID,
      /只能关联大区/,
    );
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: storeBox.id, regionId: 1 } }),
      ERR.HIER_INVALID,
      /只能关联门店/,
    );
    const noStore = await zhang.call(HIER_API.addHierContent, { query: { hierId: storeBox.id } });
    expect(fieldsOf(noStore.body)).toEqual({ storeId: '请选择门店' });
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: storeBox.id, storeId: 999999 } }),
      ERR.HIER_NOT_FOUND,
      /门店不存在/,
    );
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: regionBox.id, regionId: 999999 } }),
      ERR.HIER_NOT_FOUND,
      /大区不存在/,
    );
    refused(
      await zhang.call(HIER_API.addHierContent, { query: { hierId: 999999, name: 'x' } }),
      ERR.HIER_NOT_FOUND,
      /层级不存在/,
    );
    const bad = await zhang.call(HIER_API.addHierContent, { query: { hierId: 'abc', storeId: -1 } });
    expect(fieldsOf(bad.body)).toMatchObject({ hierId: '层级编号无效', storeId: '门店编号无效' });
  });
});

describe('addHierRole and findRole', () => {
  it('adds a role with a generated code and lists it with its counts', async () => {
    const hq = await boxNamed('总部');
    const created = okData(
      await zhang.call(HIER_API.addHierRole, { query: { hierId: hq.id, name: '总部培训', description: '培训课程' } }),
    );
    expect(created).toMatchObject({ hierId: hq.id, name: '总部培训', description: '培训课程', memberCount: 0 });
    expect(created.code).toBe(`HQ_R${String(created.id).padStart(4, '0')}`);
    const roles = await rolesOf(hq.id);
    expect(roles.map((r) => r.name)).toEqual(['总部运营', '总部财务', '总部营销', '总部系统管理', '总部培训']);
    expect(roles[0]).toMatchObject({ code: 'HQ_OPS', contentCount: 1, memberCount: 1 });
    expect((await lastOperation('addHierRole'))!.after).toMatchObject({ code: created.code });
  });

  it('refuses a name already used in the box, an unknown box and a blank name', async () => {
    const hq = await boxNamed('总部');
    refused(
      await zhang.call(HIER_API.addHierRole, { query: { hierId: hq.id, name: '总部运营' } }),
      ERR.HIER_DUPLICATE,
      /已有角色“总部运营”/,
    );
    refused(await zhang.call(HIER_API.addHierRole, { query: { hierId: 999999, name: '新角色' } }), ERR.HIER_NOT_FOUND);
    refused(await zhang.call(HIER_API.findRole, { query: { hierId: 999999 } }), ERR.HIER_NOT_FOUND);
    const blank = await zhang.call(HIER_API.addHierRole, { query: { hierId: hq.id, name: '' } });
    expect(fieldsOf(blank.body)).toEqual({ name: '请输入角色名称' });
  });

  it('lets the same role name live in two boxes', async () => {
    const box = await newBox('region');
    okData(await zhang.call(HIER_API.addHierRole, { query: { hierId: box.id, name: '总部运营' } }));
  });
});

describe('addHierContentRole and hierarchyBoxContent', () => {
  it('offers a role of the box in a content, once, and shows it in the tree', async () => {
    const box = await newBox('region');
    const [south] = await t.db.select().from(region).where(eq(region.name, '华南大区'));
    const node = okData(await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, regionId: south!.id } }));
    const r = okData(await zhang.call(HIER_API.addHierRole, { query: { hierId: box.id, name: '区域培训' } }));
    const offer = okData(
      await zhang.call(HIER_API.addHierContentRole, { query: { contentId: node.id, roleId: r.id } }),
    );
    expect(offer).toMatchObject({ roleId: r.id, roleName: '区域培训', memberCount: 0 });
    expect(await tree(box.id)).toEqual([
      {
        id: node.id,
        hierId: box.id,
        name: '华南大区',
        regionId: south!.id,
        storeId: null,
        roles: [
          { contentRoleId: offer.contentRoleId, roleId: r.id, roleCode: r.code, roleName: '区域培训', memberCount: 0 },
        ],
      },
    ]);
    refused(
      await zhang.call(HIER_API.addHierContentRole, { query: { contentId: node.id, roleId: r.id } }),
      ERR.HIER_DUPLICATE,
      /已有角色“区域培训”/,
    );
    expect((await lastOperation('addHierContentRole'))!.target).toBe(`hier_content_role:${offer.contentRoleId}`);
  });

  it('refuses a role of another box, an unknown content or role', async () => {
    const regions = await boxNamed('大区');
    const hqRoles = await rolesOf((await boxNamed('总部')).id);
    const [east] = await tree(regions.id);
    refused(
      await zhang.call(HIER_API.addHierContentRole, { query: { contentId: east!.id, roleId: hqRoles[0]!.id } }),
      ERR.HIER_INVALID,
      /只能添加节点所在层级的角色/,
    );
    refused(
      await zhang.call(HIER_API.addHierContentRole, { query: { contentId: 999999, roleId: hqRoles[0]!.id } }),
      ERR.HIER_NOT_FOUND,
    );
    refused(
      await zhang.call(HIER_API.addHierContentRole, { query: { contentId: east!.id, roleId: 999999 } }),
      ERR.HIER_NOT_FOUND,
    );
  });

  it('shows the demo region box as a tree with member counts', async () => {
    const nodes = await tree((await boxNamed('大区')).id);
    expect(nodes.map((n) => n.name)).toEqual(['华东大区', '华南大区', '华北大区', '西南大区', '华中大区']);
    const east = nodes[0]!;
    expect(east.roles.map((r) => [r.roleName, r.memberCount])).toEqual([
      ['大区督导', 0],
      ['大区经理', 1],
    ]);
    refused(await zhang.call(HIER_API.hierarchyBoxContent, { query: { hierId: 999999 } }), ERR.HIER_NOT_FOUND);
    refused(await zhang.call(HIER_API.hierarchyBoxContent, { query: {} }), ERR.PARAM_INVALID);
  });
});

describe('contentPlaces', () => {
  it('offers the regions or stores not yet in the box, nothing for a headquarters box', async () => {
    const box = await newBox('region');
    const all = okData(await zhang.call(HIER_API.contentPlaces, { query: { hierId: box.id } }));
    expect(all.map((p) => p.name)).toEqual(['华东大区', '华南大区', '华北大区', '西南大区', '华中大区']);
    okData(await zhang.call(HIER_API.addHierContent, { query: { hierId: box.id, regionId: all[1]!.id } }));
    const rest = okData(await zhang.call(HIER_API.contentPlaces, { query: { hierId: box.id } }));
    expect(rest.map((p) => p.name)).toEqual(['华东大区', '华北大区', '西南大区', '华中大区']);
    const stores = okData(await zhang.call(HIER_API.contentPlaces, { query: { hierId: (await newBox('store')).id } }));
    expect(stores).toHaveLength((await t.db.select({ id: store.id }).from(store)).length);
    expect(
      okData(await zhang.call(HIER_API.contentPlaces, { query: { hierId: (await boxNamed('总部')).id } })),
    ).toEqual([]);
    refused(await zhang.call(HIER_API.contentPlaces, { query: { hierId: 999999 } }), ERR.HIER_NOT_FOUND);
  });
});

describe('searchHierarchyBoxContent', () => {
  it('finds contents by name across boxes, with their box', async () => {
    const hits = okData(await zhang.call(HIER_API.searchHierarchyBoxContent, { query: { keyword: '上海' } }));
    const shanghai = await t.db.select({ name: store.name }).from(store).where(like(store.name, '%上海%'));
    expect(shanghai.length).toBeGreaterThan(2);
    expect(hits.map((h) => [h.name, h.hierName, h.level]).sort()).toEqual(
      shanghai.map((s) => [s.name, '门店', 'store']).sort(),
    );
    const all = okData(await zhang.call(HIER_API.searchHierarchyBoxContent, { query: { keyword: '华东' } }));
    expect(all.some((h) => h.level === 'region')).toBe(true);
    expect(okData(await zhang.call(HIER_API.searchHierarchyBoxContent, { query: { keyword: '%' } }))).toEqual([]);
    const blank = await zhang.call(HIER_API.searchHierarchyBoxContent, { query: { keyword: ' ' } });
    refused(blank, ERR.PARAM_INVALID, /请输入搜索关键字/);
  });
});

describe('modRoleName', () => {
  it('renames a role, logging before and after', async () => {
    const box = await newBox('store');
    const r = okData(await zhang.call(HIER_API.addHierRole, { query: { hierId: box.id, name: '门店收银' } }));
    const renamed = okData(await zhang.call(HIER_API.modRoleName, { query: { roleId: r.id, name: '门店前台' } }));
    expect(renamed).toMatchObject({ id: r.id, name: '门店前台', code: r.code });
    const op = await lastOperation('modRoleName');
    expect(op!.before).toMatchObject({ name: '门店收银' });
    expect(op!.after).toMatchObject({ name: '门店前台' });
    // The same name again changes nothing.
    okData(await zhang.call(HIER_API.modRoleName, { query: { roleId: r.id, name: '门店前台' } }));
  });

  it('refuses a name taken in the box, an unknown role and a blank name', async () => {
    const hq = await rolesOf((await boxNamed('总部')).id);
    refused(
      await zhang.call(HIER_API.modRoleName, { query: { roleId: hq[1]!.id, name: '总部运营' } }),
      ERR.HIER_DUPLICATE,
    );
    refused(await zhang.call(HIER_API.modRoleName, { query: { roleId: 999999, name: '新' } }), ERR.HIER_NOT_FOUND);
    refused(await zhang.call(HIER_API.modRoleName, { query: { roleId: hq[1]!.id, name: '' } }), ERR.PARAM_INVALID);
    const [r] = await t.db.select().from(role).where(eq(role.id, hq[1]!.id));
    expect(r!.name).toBe('总部财务');
  });
});

describe('delRole', () => {
  it('refuses a role with members, naming how many', async () => {
    const hq = await rolesOf((await boxNamed('总部')).id);
    const ops = hq.find((r) => r.code === 'HQ_OPS')!;
    refused(
      await zhang.call(HIER_API.delRole, { query: { roleId: ops.id } }),
      ERR.HIER_HAS_MEMBERS,
      /^角色“总部运营”下还有 1 名成员，不能删除$/,
    );
    expect(await t.db.select().from(role).where(eq(role.id, ops.id))).toHaveLength(1);
  });

  it('deletes a role without members, with its offers and resources', async () => {
    const { roleId } = await createRole(t.db, {
      code: 'DEL_ME',
      name: '待删除角色',
      contentName: '总部',
      codes: ['ZBHT-SPGL'],
    });
    okData(await zhang.call(HIER_API.delRole, { query: { roleId } }));
    expect(await t.db.select().from(role).where(eq(role.id, roleId))).toEqual([]);
    expect(await t.db.select().from(roleResource).where(eq(roleResource.roleId, roleId))).toEqual([]);
    const hqTree = await tree((await boxNamed('总部')).id);
    expect(hqTree[0]!.roles.some((r) => r.roleId === roleId)).toBe(false);
    expect((await lastOperation('delRole'))!.before).toMatchObject({ code: 'DEL_ME' });
    refused(await zhang.call(HIER_API.delRole, { query: { roleId } }), ERR.HIER_NOT_FOUND);
  });
});

describe('delHier', () => {
  it('refuses a box with contents or roles and deletes an empty one', async () => {
    const regions = await boxNamed('大区');
    refused(
      await zhang.call(HIER_API.delHier, { query: { hierId: regions.id } }),
      ERR.HIER_NOT_EMPTY,
      /^层级“大区”下还有 5 个节点、2 个角色，不能删除$/,
    );
    const box = await newBox('hq');
    okData(await zhang.call(HIER_API.delHier, { query: { hierId: box.id } }));
    expect(await t.db.select().from(hier).where(eq(hier.id, box.id))).toEqual([]);
    expect((await lastOperation('delHier'))!.target).toBe(`hier:${box.id}`);
    refused(await zhang.call(HIER_API.delHier, { query: { hierId: box.id } }), ERR.HIER_NOT_FOUND);
  });
});

describe('delHierContent and delHierRole', () => {
  it('refuse while a member holds a role there', async () => {
    const regions = await tree((await boxNamed('大区')).id);
    const east = regions.find((n) => n.name === '华东大区')!;
    refused(
      await zhang.call(HIER_API.delHierContent, { query: { contentId: east.id } }),
      ERR.HIER_HAS_MEMBERS,
      /节点“华东大区”下还有 1 名成员/,
    );
    const manager = east.roles.find((r) => r.roleName === '大区经理')!;
    refused(
      await zhang.call(HIER_API.delHierRole, { query: { contentRoleId: manager.contentRoleId } }),
      ERR.HIER_HAS_MEMBERS,
      /角色“大区经理”在“华东大区”下还有 1 名成员，不能移除/,
    );
  });

  it('remove a role from a content, then the content with its remaining offers', async () => {
    const regions = await tree((await boxNamed('大区')).id);
    const north = regions.find((n) => n.name === '华北大区')!;
    const [first, second] = north.roles;
    okData(await zhang.call(HIER_API.delHierRole, { query: { contentRoleId: first!.contentRoleId } }));
    expect((await tree(north.hierId)).find((n) => n.id === north.id)!.roles).toEqual([second]);
    // The role itself stays in the box.
    expect((await rolesOf(north.hierId)).some((r) => r.id === first!.roleId)).toBe(true);
    refused(
      await zhang.call(HIER_API.delHierRole, { query: { contentRoleId: first!.contentRoleId } }),
      ERR.HIER_NOT_FOUND,
    );

    okData(await zhang.call(HIER_API.delHierContent, { query: { contentId: north.id } }));
    expect(await t.db.select().from(hierContent).where(eq(hierContent.id, north.id))).toEqual([]);
    expect((await lastOperation('delHierContent'))!.before).toMatchObject({ name: '华北大区' });
    refused(await zhang.call(HIER_API.delHierContent, { query: { contentId: north.id } }), ERR.HIER_NOT_FOUND);
  });
});

describe('who may call', () => {
  it('refuses a region manager (a region role) with AUTH-40301, reads and writes alike', async () => {
    const hq = await boxNamed('总部');
    const calls: [Endpoint<unknown, unknown, unknown>, Record<string, string | number>][] = [
      [HIER_API.hierarchyBox, {}],
      [HIER_API.findRole, { hierId: hq.id }],
      [HIER_API.hierarchyBoxContent, { hierId: hq.id }],
      [HIER_API.addHier, { name: '越权层级', level: 'hq' }],
      [HIER_API.addHierRole, { hierId: hq.id, name: '越权角色' }],
    ];
    for (const [e, query] of calls) {
      const res = await li.call(e, { query });
      expect(res.status, e.path).toBe(403);
      expect(res.body.errcode, e.path).toBe(ERR.FORBIDDEN);
      expect(res.body.errmsg).toBe('层级架构仅限总部角色维护');
    }
    expect((await t.db.select().from(hier).where(eq(hier.name, '越权层级'))).length).toBe(0);
  });

  it('lets a role with the page read but not write without the button', async () => {
    const userId = await createUser(t.db, { loginName: 'viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'HIER_VIEW',
      name: '层级只读',
      contentName: '总部',
      codes: [resourceCode('ZBHT-YGGL', HIER_ARCH_PAGE)],
    });
    const viewer = await t.signIn('viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    okData(await viewer.call(HIER_API.hierarchyBox));
    const res = await viewer.call(HIER_API.addHier, { query: { name: '只读新增', level: 'hq' } });
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    // The add button of the page opens the call.
    const { contentRoleId: adderOffer } = await createRole(t.db, {
      code: 'HIER_ADD',
      name: '层级新增',
      contentName: '总部',
      codes: [buttonCodeOf(HIER_ARCH_PAGE, 'add')],
    });
    const adder = await t.signIn('viewer', 'view1234', await grantRole(t.db, userId, adderOffer));
    okData(await adder.call(HIER_API.addHier, { query: { name: '按钮新增', level: 'hq' } }));
  });

  it('lets the administrator do everything', async () => {
    okData(await admin.call(HIER_API.hierarchyBox));
    const box = okData(await admin.call(HIER_API.addHier, { query: { name: '管理员层级', level: 'hq' } }));
    const ops = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'addHier'), eq(operationLog.target, `hier:${box.id}`)));
    expect(ops).toHaveLength(1);
  });
});
