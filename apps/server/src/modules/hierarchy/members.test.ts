/**
 * Role members: listing, the accounts to pick from, the check before adding, adding (which
 * repeats the check), removing — and what the member notices: a new member signs in and chooses
 * the role; a removed member can no longer act in it.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { HIER_API } from '@zb/contract/api/hierarchy';
import { TAB_ROLE_HEADER } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { createRole, createUser, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { type CallResult, fieldsOf, type TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { hierContent, hierContentRole, role, userRole } from './schema';

let t: TestApp;
let admin: TestClient;
let zhang: TestClient;
let zhangId: number;
let li: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const [z] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000001'));
  zhangId = z!.id;
});
afterAll(() => t.close());

const okData = <R>(res: CallResult<R>): R => {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

/** The offer of a demo role in a demo content. */
const offerOf = async (roleCode: string, contentName: string): Promise<number> => {
  const [row] = await t.db
    .select({ id: hierContentRole.id })
    .from(hierContentRole)
    .innerJoin(role, eq(role.id, hierContentRole.roleId))
    .innerJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
    .where(and(eq(role.code, roleCode), eq(hierContent.name, contentName)));
  return row!.id;
};

let seq = 0;
const newAccount = async (opts: { enabled?: boolean; kind?: 'hq' | 'boss' | 'store' } = {}) => {
  const loginName = `1390000${String(++seq).padStart(4, '0')}`;
  const id = await createUser(t.db, { loginName, phone: loginName, password: 'pass1234', ...opts });
  return { id, loginName };
};

describe('findByRoleMember', () => {
  it('lists the members of a role in a content with account, name, phone and enabled', async () => {
    const members = okData(
      await zhang.call(HIER_API.findByRoleMember, {
        query: { contentRoleId: await offerOf('REGION_MANAGER', '华东大区') },
      }),
    );
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({
      loginName: '13800000002',
      nickname: '李强',
      phone: '13800000002',
      enabled: true,
      contentName: '华东大区',
    });
    expect(members[0]!.addedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('lists a role’s members across its contents by role id', async () => {
    const [supervisor] = await t.db.select().from(role).where(eq(role.code, 'REGION_SUPERVISOR'));
    const members = okData(await zhang.call(HIER_API.findByRoleMember, { query: { roleId: supervisor!.id } }));
    expect(members.map((m) => [m.nickname, m.contentName])).toEqual([['张敏', '华南大区']]);
  });

  it('needs a content-role or a role, and refuses unknown ones', async () => {
    const none = await zhang.call(HIER_API.findByRoleMember, { query: {} });
    expect(none.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(none.body)).toEqual({ contentRoleId: '请选择节点角色或角色' });
    const unknown = await zhang.call(HIER_API.findByRoleMember, { query: { contentRoleId: 999999 } });
    expect(unknown.body.errcode).toBe(ERR.HIER_NOT_FOUND);
    expect((await zhang.call(HIER_API.findByRoleMember, { query: { roleId: 999999 } })).body.errcode).toBe(
      ERR.HIER_NOT_FOUND,
    );
  });
});

describe('allMember', () => {
  it('pages the accounts, administrators left out, searchable by name, phone or login', async () => {
    const page = okData(await zhang.call(HIER_API.allMember, { query: { pageNo: 1, pageSize: 10 } }));
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.list.some((a) => a.loginName === 'admin')).toBe(false);
    const byName = okData(await zhang.call(HIER_API.allMember, { query: { keyword: '张敏' } }));
    expect(byName).toEqual({
      total: 1,
      list: [
        { id: zhangId, loginName: '13800000001', nickname: '张敏', phone: '13800000001', enabled: true, kind: 'hq' },
      ],
    });
    const byLogin = okData(await zhang.call(HIER_API.allMember, { query: { keyword: 'syyg' } }));
    expect(byLogin.list.map((a) => a.nickname)).toEqual(['陈静']);
    const byPhone = okData(await zhang.call(HIER_API.allMember, { query: { keyword: '13800000004' } }));
    expect(byPhone.list.map((a) => a.loginName)).toEqual(['SYYG0001']);
    const second = okData(await zhang.call(HIER_API.allMember, { query: { pageNo: 2, pageSize: 10 } }));
    expect(second.total).toBe(page.total);
    expect(second.list.length).toBe(Math.max(0, Math.min(10, page.total - 10)));
  });

  it('refuses a page size off the list', async () => {
    const res = await zhang.call(HIER_API.allMember, { query: { pageSize: 7 } });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(res.body).pageSize).toMatch(/每页条数/);
  });
});

describe('addHierContentRoleMemberCheck', () => {
  const check = async (c: TestClient, contentRoleId: number, userId: number) =>
    okData(await c.call(HIER_API.addHierContentRoleMemberCheck, { query: { contentRoleId, userId } }));

  it('allows an enabled headquarters account that does not hold the role there', async () => {
    const { id } = await newAccount();
    const offer = await offerOf('HQ_FINANCE', '总部');
    const result = await check(zhang, offer, id);
    expect(result).toMatchObject({ allowed: true, reason: null, contentName: '总部', roleName: '总部财务' });
    expect(result.account).toMatchObject({ id, enabled: true, kind: 'hq' });
  });

  it('tells why not: already a member, disabled, a boss, an administrator, oneself', async () => {
    const [liRow] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000002'));
    const [boss] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000003'));
    const [adminRow] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
    const disabled = await newAccount({ enabled: false });
    const east = await offerOf('REGION_MANAGER', '华东大区');
    const cases: [number, RegExp][] = [
      [liRow!.id, /已是此角色的成员/],
      [disabled.id, /已停用/],
      [boss!.id, /门店老板账号不能直接添加角色/],
      [adminRow!.id, /系统管理员/],
      [zhangId, /不能给自己添加角色/],
    ];
    for (const [userId, reason] of cases) {
      const result = await check(zhang, east, userId);
      expect(result.allowed, String(reason)).toBe(false);
      expect(result.reason).toMatch(reason);
    }
    // The administrator may add 张敏 to a role; 张敏 may not add herself.
    expect((await check(admin, east, zhangId)).allowed).toBe(true);
  });

  it('refuses an unknown account or content-role, and bad input', async () => {
    const offer = await offerOf('HQ_FINANCE', '总部');
    const noUser = await zhang.call(HIER_API.addHierContentRoleMemberCheck, {
      query: { contentRoleId: offer, userId: 999999 },
    });
    expect(noUser.body).toMatchObject({ errcode: ERR.HIER_NOT_FOUND, errmsg: '账号不存在' });
    const noOffer = await zhang.call(HIER_API.addHierContentRoleMemberCheck, {
      query: { contentRoleId: 999999, userId: zhangId },
    });
    expect(noOffer.body.errcode).toBe(ERR.HIER_NOT_FOUND);
    const bad = await zhang.call(HIER_API.addHierContentRoleMemberCheck, { query: { contentRoleId: 'x' } });
    expect(fieldsOf(bad.body)).toMatchObject({ contentRoleId: '节点角色编号无效', userId: '账号编号无效' });
  });
});

describe('addHierContentRoleMember and delHierRoleMember', () => {
  it('adds a member who then signs in, chooses the role and works in its scope; removed, can no longer', async () => {
    const { id, loginName } = await newAccount();
    const offer = await offerOf('REGION_SUPERVISOR', '华东大区');
    // Without a role the account cannot sign in.
    const before = await t.client().login(loginName, 'pass1234');
    expect(before.body.errcode).toBe(ERR.LOGIN_NO_ROLE);

    const member = okData(
      await zhang.call(HIER_API.addHierContentRoleMember, { query: { contentRoleId: offer, userId: id } }),
    );
    expect(member).toMatchObject({ userId: id, loginName, contentName: '华东大区', enabled: true });
    const op = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `user_role:${member.userRoleId}`))
      .orderBy(desc(operationLog.id));
    expect(op[0]).toMatchObject({ action: 'addHierContentRoleMember', userId: zhangId });

    // The login flow lists the role; choosing it gives the role's menu and its region's scope.
    const c = t.client();
    const login = await c.login(loginName, 'pass1234');
    expect(login.body.errcode).toBe(ERR.OK);
    const entry = login.body.data.roles.find((r) => r.userRoleId === member.userRoleId);
    expect(entry).toMatchObject({ roleName: '大区督导', hier: '大区' });
    const chosen = await c.selectRole(member.userRoleId);
    expect(chosen.body.data.roleName).toBe('大区督导');
    const tab = { [TAB_ROLE_HEADER]: String(member.userRoleId) };
    // 华东 has two SCRM stores.
    expect((await c.call(AUTH_API.synDWRole, { headers: tab })).body).toMatchObject({ errcode: ERR.OK, data: 2 });

    // Removed: the tab acting in the role is ended, the session has no role, the role is gone at sign-in.
    okData(await zhang.call(HIER_API.delHierRoleMember, { query: { userRoleId: member.userRoleId } }));
    const ended = await c.call(AUTH_API.synDWRole, { headers: tab });
    expect(ended.status).toBe(401);
    expect(ended.body.errcode).toBe(ERR.USER_INFO_FAILED);
    const noRole = await c.call(AUTH_API.synDWRole);
    expect(noRole.body.errcode).toBe(ERR.ROLE_REQUIRED);
    const reselect = await c.call(AUTH_API.selectHierRole, { params: { userRoleId: member.userRoleId } });
    expect(reselect.body.errcode).toBe(ERR.ROLE_NOT_OWNED);
    expect((await t.client().login(loginName, 'pass1234')).body.errcode).toBe(ERR.LOGIN_NO_ROLE);
    const removed = await t.db
      .select()
      .from(operationLog)
      .where(
        and(eq(operationLog.action, 'delHierRoleMember'), eq(operationLog.target, `user_role:${member.userRoleId}`)),
      );
    expect(removed[0]!.before).toMatchObject({ loginName, contentName: '华东大区' });
  });

  it('repeats the check: a refused account is not added and the reason is the message', async () => {
    const disabled = await newAccount({ enabled: false });
    const offer = await offerOf('HQ_FINANCE', '总部');
    const res = await zhang.call(HIER_API.addHierContentRoleMember, {
      query: { contentRoleId: offer, userId: disabled.id },
    });
    expect(res.body).toMatchObject({ errcode: ERR.HIER_MEMBER_REFUSED, errmsg: '该账号已停用，不能添加为成员' });
    const twice = await zhang.call(HIER_API.addHierContentRoleMember, {
      query: { contentRoleId: await offerOf('REGION_MANAGER', '华东大区'), userId: (await newAccount()).id },
    });
    expect(twice.body.errcode).toBe(ERR.OK);
    const again = await zhang.call(HIER_API.addHierContentRoleMember, {
      query: { contentRoleId: await offerOf('REGION_MANAGER', '华东大区'), userId: twice.body.data.userId },
    });
    expect(again.body).toMatchObject({ errcode: ERR.HIER_MEMBER_REFUSED, errmsg: '该账号已是此角色的成员' });
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, disabled.id))).toEqual([]);
  });

  it('adds a member only once when two adds race', async () => {
    const { id } = await newAccount();
    const offer = await offerOf('HQ_MARKETING', '总部');
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        zhang.call(HIER_API.addHierContentRoleMember, { query: { contentRoleId: offer, userId: id } }),
      ),
    );
    expect(results.filter((r) => r.body.errcode === ERR.OK)).toHaveLength(1);
    for (const r of results) expect([ERR.OK, ERR.HIER_MEMBER_REFUSED]).toContain(r.body.errcode);
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, id))).toHaveLength(1);
  });

  it('makes a role with a member undeletable until the member is removed', async () => {
    const { roleId, contentRoleId } = await createRole(t.db, {
      code: 'TMP_M',
      name: '临时角色',
      contentName: '总部',
      codes: [],
    });
    const { id } = await newAccount();
    const m = okData(await zhang.call(HIER_API.addHierContentRoleMember, { query: { contentRoleId, userId: id } }));
    expect((await zhang.call(HIER_API.delRole, { query: { roleId } })).body.errmsg).toBe(
      '角色“临时角色”下还有 1 名成员，不能删除',
    );
    okData(await zhang.call(HIER_API.delHierRoleMember, { query: { userRoleId: m.userRoleId } }));
    okData(await zhang.call(HIER_API.delRole, { query: { roleId } }));
  });

  it('refuses removing an unknown member, or the role the caller acts in', async () => {
    const unknown = await zhang.call(HIER_API.delHierRoleMember, { query: { userRoleId: 999999 } });
    expect(unknown.body.errcode).toBe(ERR.HIER_NOT_FOUND);
    const own = await userRoleIdOf(t.db, '13800000001', 'HQ_OPS');
    const self = await zhang.call(HIER_API.delHierRoleMember, { query: { userRoleId: own } });
    expect(self.body).toMatchObject({ errcode: ERR.HIER_MEMBER_REFUSED, errmsg: '不能移除自己当前使用的角色' });
    expect(await t.db.select().from(userRole).where(eq(userRole.id, own))).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('refuses a region manager with AUTH-40301 for every member call', async () => {
    const offer = await offerOf('HQ_FINANCE', '总部');
    const { id } = await newAccount();
    const calls: [Endpoint<unknown, unknown, unknown>, Record<string, string | number>][] = [
      [HIER_API.findByRoleMember, { contentRoleId: offer }],
      [HIER_API.allMember, {}],
      [HIER_API.addHierContentRoleMemberCheck, { contentRoleId: offer, userId: id }],
      [HIER_API.addHierContentRoleMember, { contentRoleId: offer, userId: id }],
      [HIER_API.delHierRoleMember, { userRoleId: await userRoleIdOf(t.db, '13800000001', 'HQ_OPS') }],
    ];
    for (const [e, query] of calls) {
      const res = await li.call(e, { query });
      expect(res.status, e.path).toBe(403);
      expect(res.body.errcode, e.path).toBe(ERR.FORBIDDEN);
    }
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, id))).toEqual([]);
  });
});
