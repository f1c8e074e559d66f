import type { Endpoint } from '@zb/contract/api/endpoint';
import { REGION_API, type RegionItem } from '@zb/contract/api/regions';
import { ERR } from '@zb/contract/errcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';

let t: TestApp;
let zhang: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
});
afterAll(() => t.close());

const find = (items: RegionItem[], name: string) => {
  const found = items.find((i) => i.name === name);
  expect(found, name).toBeDefined();
  return found!;
};

const expectSortedByCode = (items: RegionItem[]) => {
  const ids = items.map((i) => i.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  for (const i of items) expect(i.id).toBe(Number(i.code));
};

describe('provinces, cities and districts', () => {
  it('cascade from 广东省 to 深圳市 to 南山区 with numeric code ids', async () => {
    const provinces = await zhang.call(REGION_API.searchDownAll);
    expect(provinces.body.errcode).toBe(ERR.OK);
    expect(provinces.body.data.length).toBeGreaterThanOrEqual(31);
    expectSortedByCode(provinces.body.data);
    expect(find(provinces.body.data, '北京市')).toEqual({ id: 11, code: '11', name: '北京市' });
    const guangdong = find(provinces.body.data, '广东省');
    expect(guangdong.id).toBe(44);

    const cities = await zhang.call(REGION_API.searchAllByProvinceId, { query: { provinceId: guangdong.id } });
    expect(cities.body.errcode).toBe(ERR.OK);
    expectSortedByCode(cities.body.data);
    expect(names(cities.body.data)).toEqual(expect.arrayContaining(['广州市', '深圳市', '东莞市']));
    const shenzhen = find(cities.body.data, '深圳市');

    const districts = await zhang.call(REGION_API.searchAllByCityId, { query: { cityId: shenzhen.id } });
    expect(districts.body.errcode).toBe(ERR.OK);
    expectSortedByCode(districts.body.data);
    expect(find(districts.body.data, '南山区').code).toBe('440305');
    expect(names(districts.body.data)).toEqual(expect.arrayContaining(['福田区', '罗湖区']));
  });

  it('serve the administrator too', async () => {
    const admin = await t.signIn('admin', 'admin123');
    const res = await admin.call(REGION_API.searchAllByProvinceId, { query: { provinceId: 11 } });
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it('answer unknown, wrong-level and malformed ids with PARAM errors in Chinese', async () => {
    const cases: [Endpoint<unknown, unknown, RegionItem[]>, object, string][] = [
      [REGION_API.searchAllByProvinceId, { provinceId: 99 }, '省份不存在'],
      [REGION_API.searchAllByProvinceId, { provinceId: 4403 }, '省份不存在'],
      [REGION_API.searchAllByProvinceId, { provinceId: 'abc' }, '省份编号无效'],
      [REGION_API.searchAllByProvinceId, { provinceId: '1.5' }, '省份编号无效'],
      [REGION_API.searchAllByProvinceId, {}, '省份编号无效'],
      [REGION_API.searchAllByCityId, { cityId: 9999 }, '城市不存在'],
      [REGION_API.searchAllByCityId, { cityId: 44 }, '城市不存在'],
      [REGION_API.searchAllByCityId, { cityId: '-1' }, '城市编号无效'],
      [REGION_API.searchAllByCityId, {}, '城市编号无效'],
    ];
    for (const [e, query, message] of cases) {
      const res = await zhang.call(e, { query: query as Record<string, string | number> });
      expect(res.status).toBe(200);
      expect(res.body.errcode, JSON.stringify(query)).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg).toBe(message);
    }
  });

  it('need a session', async () => {
    for (const e of Object.values(REGION_API)) {
      const res = await t.client().request('GET', `${e.path}?provinceId=44&cityId=4403`);
      expect(res.status, e.path).toBe(401);
      expect(res.body.errcode).toBe(ERR.NO_SESSION);
    }
  });
});

const names = (items: RegionItem[]) => items.map((i) => i.name);
