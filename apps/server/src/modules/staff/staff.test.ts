/** Staff (SPEC §2.5, §7.3): list, detail, writes and their rules, statusDtos, the two views, scope. */
import { MASTER_API, type MasterItem } from '@zb/contract/api/master';
import type { Page } from '@zb/contract/api/paging';
import { HAIR_GROWTH_API, MEDICAL_SUPERVISOR_API, STAFF, STAFF_API } from '@zb/contract/entities/staff';
import { ERR } from '@zb/contract/errcodes';
import type { ResourceRow } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';
import { staff } from './schema';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient;
const ids: Record<string, number> = {};

const items = async (endpoint: typeof MASTER_API.findGender, params?: Record<string, number>) =>
  (await admin.call(endpoint, { params })).body.data as MasterItem[];

const newStaff = (over: Record<string, unknown> = {}) => ({
  name: '测试员工',
  storeId: ids.sh001,
  genderId: ids.female,
  areaCode: '0086',
  phone: '13912340001',
  positionId: ids.care,
  levelId: ids.careSenior,
  entryDate: '2024-05-01',
  status: 'active',
  certificates: [{ name: '健康管理师', number: 'JK0001', validUntil: '2028-12-31' }],
  ...over,
});

const rows = (res: { body: { data: unknown } }) => (res.body.data as Page<ResourceRow>).list;

const create = async (over: Record<string, unknown> = {}, client = admin) => {
  const res = await client.call(STAFF_API.create!, { body: newStaff(over) });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return (res.body.data as { id: number }).id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const stores = await t.db.select().from(store);
  ids.sh001 = stores.find((s) => s.code === 'SH001')!.id;
  ids.gz001 = stores.find((s) => s.code === 'GZ001')!.id;
  ids.female = (await items(MASTER_API.findGender)).find((i) => i.name === '女')!.id;
  const positions = await items(MASTER_API.findMaster, { code: 'position' } as never);
  ids.care = positions.find((i) => i.code === 'CARE')!.id;
  ids.manage = positions.find((i) => i.code === 'MANAGE')!.id;
  ids.careSenior = (await items(MASTER_API.searchStaffLevel, { id: ids.care })).find(
    (i) => i.code === 'CARE_SENIOR',
  )!.id;
  ids.storeManager = (await items(MASTER_API.searchStaffLevel, { id: ids.manage })).find(
    (i) => i.code === 'STORE_MANAGER',
  )!.id;
  ids.bachelor = (await items(MASTER_API.findStaffEducation)).find((i) => i.code === 'BACHELOR')!.id;
});
afterAll(() => t.close());

describe('list, detail and statusDtos', () => {
  it('lists about four staff per demo store with store, region, position and level names', async () => {
    const page = (await admin.call(STAFF_API.list, { query: { pageSize: 20 } })).body.data;
    expect(page.total).toBeGreaterThan(150);
    const row = page.list[0]!;
    expect(row.storeName).toBeTruthy();
    expect(row.regionName).toMatch(/大区$/);
    expect(row.positionIdName).toBeTruthy();
    const linked = rows(await admin.call(STAFF_API.list, { query: { name: '陈静', storeName: '上海徐汇' } }));
    expect(linked).toHaveLength(1);
    const detail = (await admin.call(STAFF_API.detail, { params: { id: linked[0]!.id } })).body.data;
    expect(detail.accountName).toBe('陈静（SYYG0001）');
    expect(Array.isArray(detail.certificates)).toBe(true);
  });

  it('filters by status, position and entry date', async () => {
    const left = rows(await admin.call(STAFF_API.list, { query: { status: 'left', pageSize: 100 } }));
    expect(left.every((r) => r.status === 'left' && r.leaveDate)).toBe(true);
    const care = rows(await admin.call(STAFF_API.list, { query: { positionId: ids.care, pageSize: 100 } }));
    expect(care.length).toBeGreaterThan(0);
    expect(care.every((r) => r.positionId === ids.care)).toBe(true);
    const recent = rows(await admin.call(STAFF_API.list, { query: { entryDateFrom: '2025-01-01', pageSize: 100 } }));
    expect(recent.every((r) => String(r.entryDate) >= '2025-01-01')).toBe(true);
  });

  it('answers the staff statuses at /rest/staffList/statusDtos', async () => {
    expect(STAFF_API.statusDtos.path).toBe('/rest/staffList/statusDtos');
    const res = await liqiang.call(STAFF_API.statusDtos);
    expect(res.body.data).toEqual([
      { code: 'probation', name: '试用期' },
      { code: 'active', name: '在职' },
      { code: 'left', name: '离职' },
    ]);
  });
});

describe('create and update', () => {
  it('creates a staff member with certificates and an operation-log row', async () => {
    const id = await create({ educationId: ids.bachelor });
    const detail = (await admin.call(STAFF_API.detail, { params: { id } })).body.data;
    expect(detail).toMatchObject({
      name: '测试员工',
      storeName: '上海徐汇店',
      levelIdName: '高级护理师',
      educationIdName: '本科',
      hairGrowth: false,
      certificates: [{ name: '健康管理师', number: 'JK0001', validUntil: '2028-12-31' }],
    });
    expect((await lastOperation(t.db, 'staff.create'))?.target).toBe(`staff:${id}`);
  });

  it('checks the phone against its area code (SPEC §5)', async () => {
    const eight = await admin.call(STAFF_API.create!, { body: newStaff({ phone: '91234567' }) });
    expect(fieldsOf(eight.body).phone).toBe('您输入的号码为8位，请选择中国香港、中国澳门或新加坡区号');
    const mainland = await admin.call(STAFF_API.create!, { body: newStaff({ phone: '23912340001' }) });
    expect(fieldsOf(mainland.body).phone).toBe('请输入以 1 开头的 11 位手机号');
    const letters = await admin.call(STAFF_API.create!, { body: newStaff({ phone: '139abc' }) });
    expect(fieldsOf(letters.body).phone).toBe('手机号只能输入数字');
    const badArea = await admin.call(STAFF_API.create!, { body: newStaff({ areaCode: '0044' }) });
    expect(fieldsOf(badArea.body).areaCode).toBe('请选择区号');
    await create({ name: '香港员工', areaCode: '00852', phone: '91234567' });
  });

  it('keeps one staff member per phone: a second save of it is 手机号已存在 and writes nothing', async () => {
    const first = await create({ name: '手机号甲', phone: '13912340101' });
    const again = await admin.call(STAFF_API.create!, { body: newStaff({ name: '手机号乙', phone: '13912340101' }) });
    expect(again.status).toBe(200);
    expect(again.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(again.body.errmsg).toBe('手机号已存在');
    expect(fieldsOf(again.body).phone).toBe('手机号已存在');
    // The sign-in name is the phone without its area code: another area does not make it another phone.
    const otherArea = await admin.call(STAFF_API.create!, {
      body: newStaff({ name: '手机号丙', areaCode: '00852', phone: '91234567' }),
    });
    expect(otherArea.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    // Moving another member onto the phone is refused the same way.
    const other = await create({ name: '手机号丁', phone: '13912340102' });
    const moved = await admin.call(STAFF_API.update!, { body: { id: other, phone: '13912340101' } });
    expect(moved.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    const holders = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.phone, '13912340101'));
    expect(holders).toEqual([{ id: first }]);
  });

  it('makes exactly one staff member of 20 parallel saves of one phone; the others hear 手机号已存在', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.call(STAFF_API.create!, { body: newStaff({ name: `并发员工${i}`, phone: '13912340200' }) }),
      ),
    );
    const codes = results.map((r) => r.body.errcode);
    expect(codes.filter((c) => c === ERR.OK)).toHaveLength(1);
    expect(codes.filter((c) => c === ERR.RECORD_DUPLICATE)).toHaveLength(19);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const holders = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.phone, '13912340200'));
    expect(holders).toHaveLength(1);
  });

  it('refuses a lookup of the wrong category and a level not under its position', async () => {
    const wrong = await admin.call(STAFF_API.create!, { body: newStaff({ educationId: ids.female }) });
    expect(fieldsOf(wrong.body).educationId).toBe('请选择有效的学历');
    const level = await admin.call(STAFF_API.create!, { body: newStaff({ levelId: ids.storeManager }) });
    expect(fieldsOf(level.body).levelId).toBe('职级不属于所选岗位');
    const id = await create({ name: '调岗员工', phone: '13912340002' });
    const moved = await admin.call(STAFF_API.update!, { body: { id, positionId: ids.manage } });
    expect(fieldsOf(moved.body).levelId).toBe('职级不属于所选岗位');
    const ok = await admin.call(STAFF_API.update!, { body: { id, positionId: ids.manage, levelId: ids.storeManager } });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
  });

  it('needs a leave date on or after the entry date for a member who left, and checks certificates', async () => {
    const id = await create({ name: '离职员工', phone: '13912340003' });
    const noDate = await admin.call(STAFF_API.update!, { body: { id, status: 'left' } });
    expect(fieldsOf(noDate.body).leaveDate).toBe('离职员工请填写离职日期');
    const early = await admin.call(STAFF_API.update!, { body: { id, status: 'left', leaveDate: '2024-01-01' } });
    expect(fieldsOf(early.body).leaveDate).toBe('离职日期不能早于入职日期');
    const ok = await admin.call(STAFF_API.update!, { body: { id, status: 'left', leaveDate: '2025-01-01' } });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    const cert = await admin.call(STAFF_API.update!, { body: { id, certificates: [{ name: '', number: 'X1' }] } });
    expect(fieldsOf(cert.body).certificates).toBe('请输入证书名称');
  });

  it('links an account only to an enabled store-side account', async () => {
    const [hq] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000001'));
    const bad = await admin.call(STAFF_API.create!, { body: newStaff({ phone: '13912340004', accountId: hq!.id }) });
    expect(fieldsOf(bad.body).accountId).toBe('关联账号须为启用中的门店员工或门店老板账号');
    const accounts = (await admin.call(STAFF_API.accounts)).body.data as { name: string }[];
    expect(accounts.some((a) => a.name === '陈静（SYYG0001）')).toBe(true);
  });
});

describe('the 增发师 and 医务监督 views', () => {
  it('show only flagged staff; a create there sets the flag, a delete there clears it and keeps the member', async () => {
    const hair = rows(await admin.call(HAIR_GROWTH_API.list, { query: { pageSize: 100 } }));
    expect(hair.length).toBeGreaterThan(0);
    expect(hair.every((r) => r.hairGrowth === true)).toBe(true);
    const medical = rows(await admin.call(MEDICAL_SUPERVISOR_API.list, { query: { pageSize: 100 } }));
    expect(medical.every((r) => r.medicalSupervisor === true)).toBe(true);

    const res = await admin.call(HAIR_GROWTH_API.create!, {
      body: newStaff({ name: '增发师甲', phone: '13912340005' }),
    });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const id = (res.body.data as { id: number }).id;
    const [row] = await t.db.select().from(staff).where(eq(staff.id, id));
    expect(row!.hairGrowth).toBe(true);
    const del = await admin.call(HAIR_GROWTH_API.delete!, { body: { ids: [id] } });
    expect(del.body.errcode, del.body.errmsg).toBe(ERR.OK);
    const [kept] = await t.db.select().from(staff).where(eq(staff.id, id));
    expect(kept!.hairGrowth).toBe(false);
    expect((await admin.call(HAIR_GROWTH_API.detail, { params: { id } })).body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('data scope and permissions', () => {
  it('shows 李强 (大区经理 华东) only 华东 staff and keeps another region’s staff from him', async () => {
    const mine = rows(await liqiang.call(STAFF_API.list, { query: { pageSize: 100 } }));
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every((r) => r.regionName === '华东大区')).toBe(true);
    const [gzStaff] = await t.db.select().from(staff).where(eq(staff.storeId, ids.gz001!)).limit(1);
    expect((await liqiang.call(STAFF_API.detail, { params: { id: gzStaff!.id } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    const update = await liqiang.call(STAFF_API.update!, { body: { id: gzStaff!.id, name: '改名' } });
    expect(update.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const into = await liqiang.call(STAFF_API.create!, {
      body: newStaff({ storeId: ids.gz001, phone: '13912340006' }),
    });
    expect(fieldsOf(into.body).storeId).toBe('请选择您数据范围内的门店');
    await create({ name: '华东新人', phone: '13912340007' }, liqiang);
    const stores = (await liqiang.call(STAFF_API.stores)).body.data as { name: string }[];
    expect(stores.every((s) => /（(SH|HZ|NJ|SU|NB)\d{3}）$/.test(s.name))).toBe(true);
  });

  it('refuses writes without the page’s buttons, and every call without the page', async () => {
    const page = routeByPath(STAFF.page)!;
    const { contentRoleId } = await createRole(t.db, {
      code: 'STAFF_READER',
      name: '员工只读',
      contentName: '总部',
      codes: ['ZBHT-YGGL', page.code!],
    });
    const userId = await createUser(t.db, { loginName: 'staff_reader', password: 'pass1234' });
    const reader = await t.signIn('staff_reader', 'pass1234', await grantRole(t.db, userId, contentRoleId));
    expect((await reader.call(STAFF_API.list, { query: {} })).body.errcode).toBe(ERR.OK);
    const create = await reader.call(STAFF_API.create!, { body: newStaff({ phone: '13912340008' }) });
    expect(create.body.errcode).toBe(ERR.FORBIDDEN);
    const hair = await reader.call(HAIR_GROWTH_API.list, { query: {} });
    expect(hair.body.errcode).toBe(ERR.FORBIDDEN);
  });
});
