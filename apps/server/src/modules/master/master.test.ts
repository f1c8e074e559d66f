import { type Endpoint, fillPath } from '@zb/contract/api/endpoint';
import { MASTER_API, MASTER_CATEGORIES, type MasterItem } from '@zb/contract/api/master';
import { ERR } from '@zb/contract/errcodes';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { masterItem } from './schema';

let t: TestApp;
let zhang: TestClient;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

type ListEndpoint = Endpoint<undefined, undefined, MasterItem[]>;

const list = async (c: TestClient, e: ListEndpoint, params?: Record<string, string | number>) => {
  const res = await c.call(e, params ? { params } : {});
  expect(res.status, e.path).toBe(200);
  expect(res.body.errcode, `${e.path}: ${res.body.errmsg}`).toBe(ERR.OK);
  return res.body.data;
};

const names = (items: MasterItem[]) => items.map((i) => i.name);

/** The items come in (sort, id) order of the table. */
const expectSorted = async (items: MasterItem[]) => {
  const rows = await t.db
    .select({ id: masterItem.id, sort: masterItem.sort })
    .from(masterItem)
    .where(
      inArray(
        masterItem.id,
        items.map((i) => i.id),
      ),
    );
  const key = new Map(rows.map((r) => [r.id, r.sort * 1_000_000 + r.id]));
  const keys = items.map((i) => key.get(i.id)!);
  expect(keys).toEqual([...keys].sort((a, b) => a - b));
};

const parentOf = async (category: string, name: string) => {
  const items = await list(zhang, MASTER_API.findMaster, { code: category });
  const found = items.find((i) => i.name === name);
  expect(found, `${category} ${name}`).toBeDefined();
  return found!.id;
};

describe('every lookup', () => {
  it('answers a non-empty sorted { id, code, name } list to a user in a role and to the administrator', async () => {
    const position = await parentOf('position', '养发护理师');
    const storeType = await parentOf('storeType', '直营店');
    const projectType = await parentOf('projectType', '头皮护理');
    const params: Partial<Record<keyof typeof MASTER_API, Record<string, string | number>>> = {
      searchStaffLevel: { id: position },
      searchSubType: { id: storeType },
      findPrjSubType: { id: projectType },
      findMaster: { code: 'education' },
    };
    for (const [name, e] of Object.entries(MASTER_API) as [keyof typeof MASTER_API, ListEndpoint][]) {
      for (const c of [zhang, admin]) {
        const items = await list(c, e, params[name]);
        expect(items.length, name).toBeGreaterThan(0);
        for (const i of items) {
          expect(Object.keys(i).sort()).toEqual(['code', 'id', 'name']);
          expect(i.name.length).toBeGreaterThan(0);
        }
        await expectSorted(items);
      }
    }
  });

  it('carries the seeded Chinese values in display order', async () => {
    expect(names(await list(zhang, MASTER_API.findStaffEducation))).toEqual([
      '初中及以下',
      '高中',
      '中专',
      '大专',
      '本科',
      '硕士及以上',
    ]);
    expect(names(await list(zhang, MASTER_API.findMaritalStatus))).toEqual(['未婚', '已婚', '离异', '丧偶']);
    expect(names(await list(zhang, MASTER_API.findStoreType))).toEqual(['直营店', '加盟店', '合作店']);
    expect(names(await list(zhang, MASTER_API.findGender))).toEqual(['男', '女']);
    expect(names(await list(zhang, MASTER_API.findDateUnit))).toEqual(['天', '周', '月', '年']);
    expect(names(await list(zhang, MASTER_API.findMktSeg))).toEqual(['高端', '中端', '大众']);
    expect(names(await list(zhang, MASTER_API.findLevel))).toEqual(['A级', 'B级', 'C级', 'D级']);
    expect(names(await list(zhang, MASTER_API.searchTaxpayertype))).toEqual(['一般纳税人', '小规模纳税人']);
    expect(names(await list(zhang, MASTER_API.findPrjType))).toEqual(['头皮护理', '养发', '防脱', '洗护']);
    expect(names(await list(zhang, MASTER_API.findProductOnlineType))).toEqual([
      '实物商品',
      '服务项目',
      '卡项',
      '优惠券',
    ]);
    expect(names(await list(zhang, MASTER_API.findScopeofbusiness))).toEqual(
      expect.arrayContaining(['养发', '头皮护理', '防脱', '美发']),
    );
    expect(names(await list(zhang, MASTER_API.findBizdist))).toEqual(
      expect.arrayContaining(['社区型', '商场型', '写字楼型', '街铺型']),
    );
    expect(names(await list(zhang, MASTER_API.findMemSource))).toEqual(
      expect.arrayContaining(['门店自然进店', '老带新', '美团', '抖音', '小程序', '公众号', '地推']),
    );
  });
});

describe('sub-type lookups', () => {
  it('filter by their parent', async () => {
    const care = await parentOf('position', '养发护理师');
    const manage = await parentOf('position', '管理岗');
    expect(names(await list(zhang, MASTER_API.searchStaffLevel, { id: care }))).toEqual([
      '初级护理师',
      '中级护理师',
      '高级护理师',
      '资深护理专家',
    ]);
    expect(names(await list(zhang, MASTER_API.searchStaffLevel, { id: manage }))).toEqual(['店长', '区域经理']);

    const direct = await parentOf('storeType', '直营店');
    const franchise = await parentOf('storeType', '加盟店');
    const directSubs = await list(zhang, MASTER_API.searchSubType, { id: direct });
    const franchiseSubs = await list(zhang, MASTER_API.searchSubType, { id: franchise });
    expect(names(directSubs)).toEqual(['旗舰店', '标准店', '社区店']);
    expect(names(franchiseSubs)).toEqual(['单店加盟', '区域代理']);
    // findSubType answers every store sub-type.
    const all = await list(zhang, MASTER_API.findSubType);
    expect(all.map((i) => i.id)).toEqual(expect.arrayContaining([...directSubs, ...franchiseSubs].map((i) => i.id)));
    expect(all.length).toBeGreaterThan(directSubs.length + franchiseSubs.length);

    const scalp = await parentOf('projectType', '头皮护理');
    const antiLoss = await parentOf('projectType', '防脱');
    expect(names(await list(zhang, MASTER_API.findPrjSubType, { id: scalp }))).toEqual([
      '头皮深层清洁',
      '控油舒缓护理',
      '去屑止痒护理',
    ]);
    expect(names(await list(zhang, MASTER_API.findPrjSubType, { id: antiLoss }))).toEqual([
      '防脱固发基础疗程',
      '防脱生发强化疗程',
    ]);
  });

  it('answer a parent of another list, a missing one or a malformed id with PARAM errors', async () => {
    const projectType = await parentOf('projectType', '头皮护理');
    const cases: [ListEndpoint, string | number, string][] = [
      [MASTER_API.searchSubType, projectType, '门店类型不存在'],
      [MASTER_API.searchSubType, 999_999, '门店类型不存在'],
      [MASTER_API.findPrjSubType, 999_999, '项目类型不存在'],
      [MASTER_API.searchStaffLevel, projectType, '岗位不存在'],
      [MASTER_API.searchStaffLevel, 'abc', '岗位编号无效'],
      [MASTER_API.searchSubType, '0', '门店类型编号无效'],
      [MASTER_API.findPrjSubType, '-2', '项目类型编号无效'],
    ];
    for (const [e, id, message] of cases) {
      const res = await zhang.call(e, { params: { id } });
      expect(res.status).toBe(200);
      expect(res.body.errcode, `${e.path} ${id}`).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg).toBe(message);
    }
  });
});

describe('findMaster', () => {
  it('answers every category by its code', async () => {
    for (const code of Object.keys(MASTER_CATEGORIES)) {
      expect((await list(zhang, MASTER_API.findMaster, { code })).length, code).toBeGreaterThan(0);
    }
    expect(await list(zhang, MASTER_API.findMaster, { code: 'gender' })).toEqual(
      await list(zhang, MASTER_API.findGender),
    );
  });

  it('answers an unknown code with a PARAM error', async () => {
    for (const code of ['nothing', 'toString', '__proto__']) {
      const res = await zhang.call(MASTER_API.findMaster, { params: { code } });
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg).toBe('字典类型不存在');
    }
  });
});

describe('without a session', () => {
  it('every lookup answers 401', async () => {
    for (const e of Object.values(MASTER_API) as ListEndpoint[]) {
      const res = await t.client().request('GET', fillPath(e.path, { id: 1, code: 'gender' }));
      expect(res.status, e.path).toBe(401);
      expect(res.body.errcode).toBe(ERR.NO_SESSION);
    }
  });
});
