import type { Endpoint } from '@zb/contract/api/endpoint';
import { STORE_QUICK_API } from '@zb/contract/api/storeQuick';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
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
import { store } from '../stores/schema';

let t: TestApp;
let admin: TestClient;
let manager: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  manager = await roleIdOf(t.db, 'STORE_MANAGER');
});
afterAll(() => t.close());

const ok = async <R>(res: Promise<{ body: { errcode: string; errmsg: string; data: R } }>): Promise<R> => {
  const { body } = await res;
  expect(body.errcode, body.errmsg).toBe(ERR.OK);
  return body.data;
};

const storeId = async (code: string) => {
  const [row] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, code));
  return row!.id;
};

const lastOperation = (action: string) => lastOperationOf(t.db, action);

const names = (entries: { name: string }[]) => entries.map((e) => e.name);

describe('store quick channels', () => {
  it('lists the store-side entries in order', async () => {
    const base = await ok(admin.call(STORE_QUICK_API.findStoreQuickBase));
    expect(base.length).toBeGreaterThanOrEqual(12);
    expect(names(base).slice(0, 4)).toEqual(['开单', '办卡', '充值', '划卡']);
    expect(base.map((b) => b.code)).toContain('GROUPBUY_VERIFY');
    expect(base.every((b) => b.icon.length > 0)).toBe(true);
  });

  it('offers the store-level roles and every store', async () => {
    const options = await ok(admin.call(STORE_QUICK_API.findStoreQuickOptions));
    expect(options.roles.map((r) => r.code)).toEqual(['STORE_MANAGER']);
    expect(options.stores.find((s) => s.code === 'HZ001')).toMatchObject({
      name: '杭州西湖店',
      regionName: '华东大区',
    });
  });

  it("answers a role's seeded default", async () => {
    const config = await ok(admin.call(STORE_QUICK_API.findStoreQuickConfig, { query: { roleId: manager } }));
    expect(config).toMatchObject({ roleId: manager, storeId: null, source: 'role', overrideStoreIds: [] });
    expect(names(config.entries)).toEqual(['开单', '办卡', '充值', '预约', '会员查询', '团购核销', '交班']);
  });

  it("sets a role's ordered entries and records before and after", async () => {
    const config = await ok(
      admin.call(STORE_QUICK_API.addRoleQuicks, { query: { roleId: manager, codes: 'RECHARGE, BILLING,SCALP_EXAM' } }),
    );
    expect(names(config.entries)).toEqual(['充值', '开单', '头皮检测']);
    const again = await ok(admin.call(STORE_QUICK_API.findStoreQuickConfig, { query: { roleId: manager } }));
    expect(names(again.entries)).toEqual(['充值', '开单', '头皮检测']);
    expect(await lastOperation('addRoleQuicks')).toMatchObject({
      target: `role_quick:${manager}`,
      before: ['BILLING', 'CARD_OPEN', 'RECHARGE', 'APPOINTMENT', 'MEMBER_QUERY', 'GROUPBUY_VERIFY', 'SHIFT_HANDOVER'],
      after: ['RECHARGE', 'BILLING', 'SCALP_EXAM'],
    });
    // The list may also come as a repeated key (codes=A&codes=B), as the browser's client sends it.
    const repeated = await admin.request<{ entries: { name: string }[] }>(
      'POST',
      `${STORE_QUICK_API.addRoleQuicks.path}?roleId=${manager}&codes=RECHARGE&codes=BILLING&codes=SCALP_EXAM`,
    );
    expect(names(repeated.body.data.entries)).toEqual(['充值', '开单', '头皮检测']);
  });

  it('lets a store override the role, and an empty list go back to the default', async () => {
    const hz = await storeId('HZ001');
    const sh = await storeId('SH001');
    const own = await ok(
      admin.call(STORE_QUICK_API.addStoreQuicks, {
        query: { storeId: hz, roleId: manager, codes: 'SHIFT_HANDOVER,BILLING' },
      }),
    );
    expect(own).toMatchObject({ storeId: hz, source: 'store', overrideStoreIds: [hz] });
    expect(names(own.entries)).toEqual(['交班', '开单']);
    expect(names(own.roleEntries)).toEqual(['充值', '开单', '头皮检测']);

    const other = await ok(
      admin.call(STORE_QUICK_API.findStoreQuickConfig, { query: { roleId: manager, storeId: sh } }),
    );
    expect(other.source).toBe('role');
    expect(names(other.entries)).toEqual(['充值', '开单', '头皮检测']);

    expect(await lastOperation('addStoreQuicks')).toMatchObject({
      target: `store_quick:${hz}:${manager}`,
      before: [],
      after: ['SHIFT_HANDOVER', 'BILLING'],
    });
    const back = await ok(
      admin.call(STORE_QUICK_API.addStoreQuicks, { query: { storeId: hz, roleId: manager, codes: '' } }),
    );
    expect(back).toMatchObject({ source: 'role', overrideStoreIds: [] });
    expect(names(back.entries)).toEqual(['充值', '开单', '头皮检测']);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const hq = await roleIdOf(t.db, 'HQ_OPS');
    const cases: [Endpoint<unknown, unknown, unknown>, Record<string, string | number>, string, string][] = [
      [
        STORE_QUICK_API.addRoleQuicks as never,
        { roleId: hq, codes: 'BILLING' },
        'roleId',
        '只能为门店层级的角色设置快捷入口',
      ],
      [STORE_QUICK_API.addRoleQuicks as never, { roleId: 999999, codes: 'BILLING' }, 'roleId', '角色不存在'],
      [
        STORE_QUICK_API.addRoleQuicks as never,
        { roleId: manager, codes: 'BILLING,NOPE' },
        'codes',
        '快捷入口不存在：NOPE',
      ],
      [
        STORE_QUICK_API.addRoleQuicks as never,
        { roleId: manager, codes: 'BILLING,BILLING' },
        'codes',
        '快捷入口不能重复',
      ],
      [
        STORE_QUICK_API.addRoleQuicks as never,
        { roleId: manager, codes: Array.from({ length: 11 }, (_, i) => `C${i}`).join(',') },
        'codes',
        '快捷入口最多 10 个',
      ],
      [STORE_QUICK_API.addRoleQuicks as never, { codes: 'BILLING' }, 'roleId', '请选择角色'],
      [
        STORE_QUICK_API.addStoreQuicks as never,
        { storeId: 999999, roleId: manager, codes: 'BILLING' },
        'storeId',
        '门店不存在',
      ],
      [STORE_QUICK_API.findStoreQuickConfig as never, { roleId: 'x' }, 'roleId', '请选择角色'],
    ];
    for (const [e, query, field, msg] of cases) {
      const res = await admin.call(e, { query });
      expect(res.body.errcode, msg).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg).toBe(msg);
      expect(fieldsOf(res.body)[field]).toBe(msg);
    }
    const config = await ok(admin.call(STORE_QUICK_API.findStoreQuickConfig, { query: { roleId: manager } }));
    expect(names(config.entries)).toEqual(['充值', '开单', '头皮检测']);
  });

  it('refuses a role without the page, and writes to a role without its edit button', async () => {
    const li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
    const all: [Endpoint<unknown, unknown, unknown>, Record<string, string | number>][] = [
      [STORE_QUICK_API.findStoreQuickBase as never, {}],
      [STORE_QUICK_API.findStoreQuickOptions as never, {}],
      [STORE_QUICK_API.findStoreQuickConfig as never, { roleId: manager }],
      [STORE_QUICK_API.addRoleQuicks as never, { roleId: manager, codes: 'BILLING' }],
      [STORE_QUICK_API.addStoreQuicks as never, { storeId: 1, roleId: manager, codes: 'BILLING' }],
    ];
    for (const [e, query] of all) {
      const res = await li.call(e, { query });
      expect(res.status, e.path).toBe(403);
      expect(res.body.errcode, e.path).toBe(ERR.FORBIDDEN);
    }

    const page = routeByPath('/storeQuickConfig')!.code!;
    const { contentRoleId } = await createRole(t.db, {
      code: 'T_QUICK_READ',
      name: '快捷入口只读',
      contentName: '总部',
      codes: ['ZBHT-JCGL', page],
    });
    const userId = await createUser(t.db, { loginName: '13900009911', phone: '13900009911', password: 'read1234' });
    const reader = await t.signIn('13900009911', 'read1234', await grantRole(t.db, userId, contentRoleId));
    expect((await reader.call(STORE_QUICK_API.findStoreQuickConfig, { query: { roleId: manager } })).body.errcode).toBe(
      ERR.OK,
    );
    const write = await reader.call(STORE_QUICK_API.addRoleQuicks, { query: { roleId: manager, codes: 'BILLING' } });
    expect(write.body.errcode).toBe(ERR.FORBIDDEN);
  });
});
