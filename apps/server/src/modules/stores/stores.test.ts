/** Stores (SPEC §2.4, §7.3): list, detail, writes, the deletion guard, findByCode, storeStatus, scope. */
import { MASTER_API, type MasterItem } from '@zb/contract/api/master';
import type { Page } from '@zb/contract/api/paging';
import { STORE_API } from '@zb/contract/entities/store';
import { ERR } from '@zb/contract/errcodes';
import type { ResourceRow } from '@zb/contract/resource/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { staff } from '../staff/schema';
import { region, store } from './schema';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient;
const ids: Record<string, number> = {};

const items = async (endpoint: typeof MASTER_API.findStoreType, params?: Record<string, number>) =>
  (await admin.call(endpoint, { params })).body.data as MasterItem[];

const newStore = (over: Record<string, unknown> = {}) => ({
  code: 'SH901',
  name: '上海长宁测试店',
  ownership: 'franchise',
  regionId: ids.east,
  typeId: ids.franchise,
  subTypeId: ids.franchiseSingle,
  levelId: ids.levelA,
  divisionCode: '310105',
  address: '长宁区延安西路 1 号',
  phone: '021-62345678',
  openDate: '2024-03-01',
  status: 'open',
  ...over,
});

const rows = (res: { body: { data: unknown } }) => (res.body.data as Page<ResourceRow>).list;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const regions = await t.db.select().from(region);
  ids.east = regions.find((r) => r.name === '华东大区')!.id;
  ids.south = regions.find((r) => r.name === '华南大区')!.id;
  const types = await items(MASTER_API.findStoreType);
  ids.direct = types.find((i) => i.code === 'DIRECT')!.id;
  ids.franchise = types.find((i) => i.code === 'FRANCHISE')!.id;
  const subs = await items(MASTER_API.searchSubType, { id: ids.franchise });
  ids.franchiseSingle = subs.find((i) => i.code === 'FRANCHISE_SINGLE')!.id;
  const directSubs = await items(MASTER_API.searchSubType, { id: ids.direct });
  ids.directFlagship = directSubs.find((i) => i.code === 'DIRECT_FLAGSHIP')!.id;
  ids.levelA = (await items(MASTER_API.findLevel)).find((i) => i.code === 'A')!.id;
  ids.gender = (await items(MASTER_API.findGender))[0]!.id;
});
afterAll(() => t.close());

describe('list and detail', () => {
  it('lists about 60 demo stores across the five regions with their lookup names and area', async () => {
    const res = await admin.call(STORE_API.list, { query: { pageSize: 100 } });
    const page = res.body.data;
    expect(page.total).toBeGreaterThanOrEqual(55);
    expect(new Set(page.list.map((r) => r.regionName)).size).toBe(5);
    const sh = page.list.find((r) => r.code === 'SH001')!;
    expect(sh).toMatchObject({ name: '上海徐汇店', regionName: '华东大区', status: 'open', areaName: '上海市 徐汇区' });
    expect(sh.typeIdName).toBeTruthy();
    expect(Number(sh.staffCount)).toBeGreaterThan(0);
    const detail = await admin.call(STORE_API.detail, { params: { id: sh.id } });
    expect(detail.body.data).toMatchObject({ code: 'SH001', divisionCode: '310104' });
  });
});

describe('findByCode and storeStatus', () => {
  it('answers a store by code at /rest/shop/findByCode/{code}, RECORD_NOT_FOUND for an unknown one', async () => {
    expect(STORE_API.findByCode.path).toBe('/rest/shop/findByCode/:code');
    const res = await admin.call(STORE_API.findByCode, { params: { code: 'GZ001' } });
    expect(res.body.data).toMatchObject({ code: 'GZ001', name: '广州天河店', regionName: '华南大区' });
    const none = await admin.call(STORE_API.findByCode, { params: { code: 'NOPE9' } });
    expect(none.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });

  it('answers the statuses with their Chinese names at /rest/shop/storeStatus', async () => {
    const res = await liqiang.call(STORE_API.storeStatus);
    expect(STORE_API.storeStatus.path).toBe('/rest/shop/storeStatus');
    expect(res.body.data).toEqual([
      { code: 'preparing', name: '筹建中' },
      { code: 'open', name: '营业' },
      { code: 'suspended', name: '停业' },
      { code: 'closed', name: '闭店' },
    ]);
  });
});

describe('create, update and delete', () => {
  it('creates a store with its file, logs it, and reads it back', async () => {
    const res = await admin.call(STORE_API.create!, { body: newStore() });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const id = (res.body.data as { id: number }).id;
    const detail = (await admin.call(STORE_API.detail, { params: { id } })).body.data;
    expect(detail).toMatchObject({
      code: 'SH901',
      ownership: 'franchise',
      subTypeIdName: '单店加盟',
      areaName: '上海市 长宁区',
      regionName: '华东大区',
      staffCount: 0,
    });
    const log = await lastOperation(t.db, 'store.create');
    expect(log?.target).toBe(`store:${id}`);
    const dup = await admin.call(STORE_API.create!, { body: newStore({ name: '另一家' }) });
    expect(dup.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(fieldsOf(dup.body).code).toBe('门店编码已存在');
  });

  it('refuses bad input with field errors: wrong lookups, a sub-type of another type, a province only, a bad phone', async () => {
    const wrongCategory = await admin.call(STORE_API.create!, {
      body: newStore({ code: 'SH902', levelId: ids.gender }),
    });
    expect(fieldsOf(wrongCategory.body).levelId).toBe('请选择有效的门店等级');
    const wrongParent = await admin.call(STORE_API.create!, {
      body: newStore({ code: 'SH902', subTypeId: ids.directFlagship }),
    });
    expect(fieldsOf(wrongParent.body).subTypeId).toBe('门店子类型不属于所选门店类型');
    const province = await admin.call(STORE_API.create!, { body: newStore({ code: 'SH902', divisionCode: '3101' }) });
    expect(fieldsOf(province.body).divisionCode).toBe('请选择到区县');
    const phone = await admin.call(STORE_API.create!, { body: newStore({ code: 'SH902', phone: '电话' }) });
    expect(fieldsOf(phone.body).phone).toContain('门店电话');
    const missing = await admin.call(STORE_API.create!, { body: newStore({ code: 'SH902', name: '' }) });
    expect(fieldsOf(missing.body).name).toBe('请输入门店名称');
    const region0 = await admin.call(STORE_API.create!, { body: newStore({ code: 'SH902', regionId: 99999 }) });
    expect(fieldsOf(region0.body).regionId).toBe('请选择有效的大区');
  });

  it('updates a store (changing the type clears nothing by itself: the sub-type must follow)', async () => {
    const [row] = await t.db.select().from(store).where(eq(store.code, 'SH901'));
    const mismatch = await admin.call(STORE_API.update!, { body: { id: row!.id, typeId: ids.direct } });
    expect(fieldsOf(mismatch.body).subTypeId).toBe('门店子类型不属于所选门店类型');
    const ok = await admin.call(STORE_API.update!, {
      body: { id: row!.id, typeId: ids.direct, subTypeId: ids.directFlagship, status: 'suspended', code: 'HACK' },
    });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    const [after] = await t.db.select().from(store).where(eq(store.id, row!.id));
    expect(after).toMatchObject({ code: 'SH901', status: 'suspended', subTypeId: ids.directFlagship });
  });

  it('refuses to delete a store with staff (RECORD_IN_USE) and deletes an empty one', async () => {
    const [sh] = await t.db.select().from(store).where(eq(store.code, 'SH001'));
    const inUse = await admin.call(STORE_API.delete!, { body: { ids: [sh!.id] } });
    expect(inUse.body.errcode).toBe(ERR.RECORD_IN_USE);
    expect(inUse.body.errmsg).toMatch(/^该门店还有 \d+ 名员工，不能删除/);
    const [fresh] = await t.db.select().from(store).where(eq(store.code, 'SH901'));
    const ok = await admin.call(STORE_API.delete!, { body: { ids: [fresh!.id] } });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    expect(await t.db.select().from(store).where(eq(store.id, fresh!.id))).toHaveLength(0);
    expect((await t.db.select().from(staff).where(eq(staff.storeId, sh!.id))).length).toBeGreaterThan(0);
  });
});

describe('data scope and permissions', () => {
  it('shows 李强 (大区经理 华东) only 华东 stores; another region’s store is not found for him', async () => {
    const mine = await liqiang.call(STORE_API.list, { query: { pageSize: 100 } });
    const list = rows(mine);
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((r) => r.regionName === '华东大区')).toBe(true);
    const [gz] = await t.db.select().from(store).where(eq(store.code, 'GZ001'));
    const detail = await liqiang.call(STORE_API.detail, { params: { id: gz!.id } });
    expect(detail.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const update = await liqiang.call(STORE_API.update!, { body: { id: gz!.id, name: '改名' } });
    expect(update.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const byCode = await liqiang.call(STORE_API.findByCode, { params: { code: 'GZ001' } });
    expect(byCode.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const regions = (await liqiang.call(STORE_API.regions)).body.data as { name: string }[];
    expect(regions.map((r) => r.name)).toEqual(['华东大区']);
  });

  it('lets 李强 create in 华东 but not in another region', async () => {
    const other = await liqiang.call(STORE_API.create!, {
      body: newStore({ code: 'GZ901', regionId: ids.south, divisionCode: '440106' }),
    });
    expect(fieldsOf(other.body).regionId).toBe('只能选择您数据范围内的大区');
    const ok = await liqiang.call(STORE_API.create!, { body: newStore({ code: 'SH903' }) });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
  });
});
