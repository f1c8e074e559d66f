/** Packages (套餐) and product packages (产品套餐): contents, 原价合计, the off-sale rule, 上架/下架, the delete guards. */
import { PRODUCT_API } from '@zb/contract/entities/product';
import { PRODUCT_PACKAGE, PRODUCT_PACKAGE_API } from '@zb/contract/entities/productPackage';
import { PROJECT_API } from '@zb/contract/entities/project';
import { PROJECT_PACKAGE, PROJECT_PACKAGE_API } from '@zb/contract/entities/projectPackage';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { createIn, fieldErrors, itemId, okData, refused } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let scalp: number;

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  scalp = await itemId(t.db, 'projectType', '头皮护理');
});
afterAll(() => t.close());

const newProject = (code: string, price: number, status = 'on') =>
  createIn(zhang, PROJECT_API.create, { code, name: `套餐测试${code}`, typeId: scalp, durationMin: 30, price, status });

const newProduct = (code: string, retailPrice: number, status = 'on') =>
  createIn(zhang, PRODUCT_API.create, {
    code,
    name: `套餐商品${code}`,
    unit: '瓶',
    retailPrice,
    costPrice: 100,
    status,
  });

const offSale = async (api: typeof PROJECT_API | typeof PRODUCT_API, id: number) =>
  okData(await zhang.call(api.batch!, { body: { action: 'offSale', ids: [id] } }));

describe('packages (套餐)', () => {
  const API = PROJECT_PACKAGE_API;
  const detail = async (id: number) => okData(await zhang.call(API.detail, { params: { id } }));
  const body = (projects: { projectId: number; sessions: number }[], over: Record<string, unknown> = {}) => ({
    code: 'T-TC1',
    name: '测试套餐',
    price: 50000,
    validityDays: 180,
    status: 'on',
    projects,
    ...over,
  });

  it('creates a package of project sessions and shows 原价合计 and the saving next to its price', async () => {
    const a = await newProject('T-PJ1', 19800);
    const b = await newProject('T-PJ2', 29900);
    const id = await createIn(
      zhang,
      API.create,
      body([
        { projectId: a, sessions: 2 },
        { projectId: b, sessions: 1 },
      ]),
    );
    expect(await detail(id)).toMatchObject({
      code: 'T-TC1',
      price: 50000,
      listTotal: 19800 * 2 + 29900,
      saving: 19800 * 2 + 29900 - 50000,
      validityDays: 180,
      status: 'on',
      projects: [
        { projectId: a, sessions: 2 },
        { projectId: b, sessions: 1 },
      ],
      projectsText: '套餐测试T-PJ1 ×2次、套餐测试T-PJ2 ×1次',
    });
    expect((await lastOperation(t.db, 'package.create'))?.target).toBe(`package:${id}`);
    const found = okData(await zhang.call(API.list, { query: { name: '测试套餐', priceFrom: 40000, priceTo: 60000 } }));
    expect(found.list.map((r) => r.id)).toEqual([id]);
    // The seeded packages are listed with their totals too.
    const seeded = okData(await zhang.call(API.list, { query: { code: 'TC001' } })).list[0]!;
    expect(seeded).toMatchObject({ name: '防脱焕新套餐', price: 238000 });
    expect(Number(seeded.listTotal)).toBe(398 * 100 * 4 + 458 * 100 * 2 + 0);
  });

  it('refuses no projects, a repeated project, an off-sale project, a missing project, a fractional price', async () => {
    const a = await newProject('T-PJ3', 10000);
    const off = await newProject('T-PJ4', 10000, 'off');
    const code = { code: 'T-TC2' };
    expect(fieldErrors(await zhang.call(API.create!, { body: body([], code) })).projects).toBe('请至少添加一个项目');
    const twice = body(
      [
        { projectId: a, sessions: 1 },
        { projectId: a, sessions: 2 },
      ],
      code,
    );
    expect(fieldErrors(await zhang.call(API.create!, { body: twice })).projects).toBe('同一项目只能出现一次');
    expect(
      fieldErrors(await zhang.call(API.create!, { body: body([{ projectId: off, sessions: 1 }], code) })).projects,
    ).toBe('项目「套餐测试T-PJ4」已停售，不能加入');
    expect(
      fieldErrors(await zhang.call(API.create!, { body: body([{ projectId: 999_999, sessions: 1 }], code) })).projects,
    ).toBe('所选项目不存在或已被删除');
    expect(
      fieldErrors(
        await zhang.call(API.create!, { body: body([{ projectId: a, sessions: 1 }], { ...code, price: 1.5 }) }),
      ).price,
    ).toMatch(/整数/);
    expect(okData(await zhang.call(API.list, { query: { code: 'T-TC2' } })).total).toBe(0);
  });

  it('keeps a project that went off sale on edit, but refuses to add another off-sale one', async () => {
    const a = await newProject('T-PJ5', 10000);
    const b = await newProject('T-PJ6', 20000);
    const id = await createIn(zhang, API.create, body([{ projectId: a, sessions: 3 }], { code: 'T-TC3' }));
    await offSale(PROJECT_API, a);
    await offSale(PROJECT_API, b);
    okData(await zhang.call(API.update!, { body: { id, projects: [{ projectId: a, sessions: 5 }], price: 40000 } }));
    expect(await detail(id)).toMatchObject({
      listTotal: 50000,
      saving: 10000,
      projects: [{ projectId: a, sessions: 5 }],
    });
    const add = await zhang.call(API.update!, {
      body: {
        id,
        projects: [
          { projectId: a, sessions: 5 },
          { projectId: b, sessions: 1 },
        ],
      },
    });
    expect(fieldErrors(add).projects).toBe('项目「套餐测试T-PJ6」已停售，不能加入');
    const op = await lastOperation(t.db, 'package.update');
    expect(op?.before).toMatchObject({ projectsText: '套餐测试T-PJ5 ×3次' });
    expect(op?.after).toMatchObject({ projectsText: '套餐测试T-PJ5 ×5次' });
  });

  it('on sale it cannot be deleted; 下架 then delete; a project in a package cannot be deleted', async () => {
    const a = await newProject('T-PJ7', 10000);
    const id = await createIn(zhang, API.create, body([{ projectId: a, sessions: 1 }], { code: 'T-TC4' }));
    refused(await zhang.call(API.delete!, { body: { ids: [id] } }), ERR.GOODS_ON_SALE, /套餐「测试套餐」在售/);
    await offSale(PROJECT_API, a);
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [a] } }), ERR.GOODS_IN_USE, /包含在 1 个套餐中/);
    expect(okData(await zhang.call(API.batch!, { body: { action: 'offSale', ids: [id] } })).count).toBe(1);
    expect(await lastOperation(t.db, 'package.offSale')).toMatchObject({
      before: { status: 'on' },
      after: { status: 'off' },
    });
    okData(await zhang.call(API.delete!, { body: { ids: [id] } }));
    refused(await zhang.call(API.detail, { params: { id } }), ERR.RECORD_NOT_FOUND);
    // With the package gone, the project may go.
    okData(await zhang.call(PROJECT_API.delete!, { body: { ids: [a] } }));
  });
});

describe('product packages (产品套餐)', () => {
  const API = PRODUCT_PACKAGE_API;
  const detail = async (id: number) => okData(await zhang.call(API.detail, { params: { id } }));
  const body = (items: { productId: number; quantity: number }[], over: Record<string, unknown> = {}) => ({
    code: 'T-CP1',
    name: '测试产品套餐',
    price: 30000,
    status: 'on',
    items,
    ...over,
  });

  it('creates a product package with quantities and sums the retail prices', async () => {
    const a = await newProduct('T-PP1', 12800);
    const b = await newProduct('T-PP2', 9900);
    const id = await createIn(
      zhang,
      API.create,
      body([
        { productId: a, quantity: 2 },
        { productId: b, quantity: 1 },
      ]),
    );
    expect(await detail(id)).toMatchObject({
      price: 30000,
      listTotal: 12800 * 2 + 9900,
      saving: 12800 * 2 + 9900 - 30000,
      items: [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 1 },
      ],
      itemsText: '套餐商品T-PP1 ×2瓶、套餐商品T-PP2 ×1瓶',
    });
    const seeded = okData(await zhang.call(API.list, { query: { code: 'CP001' } })).list[0]!;
    expect(seeded).toMatchObject({ name: '控油洗护组合', listTotal: 12800 + 10800 + 11800 });
  });

  it('refuses an off-sale product, a repeated one and a zero quantity; keeps one that went off sale', async () => {
    const a = await newProduct('T-PP3', 1000);
    const off = await newProduct('T-PP4', 1000, 'off');
    const code = { code: 'T-CP2' };
    expect(
      fieldErrors(await zhang.call(API.create!, { body: body([{ productId: off, quantity: 1 }], code) })).items,
    ).toBe('商品「套餐商品T-PP4」已停售，不能加入');
    const twice = body(
      [
        { productId: a, quantity: 1 },
        { productId: a, quantity: 1 },
      ],
      code,
    );
    expect(fieldErrors(await zhang.call(API.create!, { body: twice })).items).toBe('同一商品只能出现一次');
    const zero = await zhang.call(API.create!, { body: body([{ productId: a, quantity: 0 }], code) });
    expect(Object.values(fieldErrors(zero)).join()).toMatch(/数量至少为 1/);
    const id = await createIn(zhang, API.create, body([{ productId: a, quantity: 1 }], code));
    await offSale(PRODUCT_API, a);
    okData(await zhang.call(API.update!, { body: { id, items: [{ productId: a, quantity: 3 }] } }));
    expect(await detail(id)).toMatchObject({ items: [{ productId: a, quantity: 3 }], listTotal: 3000 });
  });

  it('on sale it cannot be deleted; a product in a product package cannot be deleted', async () => {
    const a = await newProduct('T-PP5', 1000);
    const id = await createIn(zhang, API.create, body([{ productId: a, quantity: 1 }], { code: 'T-CP3' }));
    refused(await zhang.call(API.delete!, { body: { ids: [id] } }), ERR.GOODS_ON_SALE, /产品套餐.*在售/);
    await offSale(PRODUCT_API, a);
    refused(await zhang.call(PRODUCT_API.delete!, { body: { ids: [a] } }), ERR.GOODS_IN_USE, /1 个产品套餐/);
    okData(await zhang.call(API.batch!, { body: { action: 'offSale', ids: [id] } }));
    okData(await zhang.call(API.delete!, { body: { ids: [id] } }));
    okData(await zhang.call(PRODUCT_API.delete!, { body: { ids: [a] } }));
  });
});

describe('permissions', () => {
  it('lets a role with the package pages read them and their pickers, but not write', async () => {
    const userId = await createUser(t.db, { loginName: 'pkg_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'PKG_VIEW',
      name: '套餐只读',
      contentName: '总部',
      codes: [
        'ZBHT-SPGL',
        resourceCode('ZBHT-SPGL', PROJECT_PACKAGE.page),
        resourceCode('ZBHT-SPGL', PRODUCT_PACKAGE.page),
      ],
    });
    const viewer = await t.signIn('pkg_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const packages = okData(await viewer.call(PROJECT_PACKAGE_API.list, { query: {} }));
    const productPackages = okData(await viewer.call(PRODUCT_PACKAGE_API.list, { query: {} }));
    expect(packages.total).toBeGreaterThan(0);
    expect(productPackages.total).toBeGreaterThan(0);
    const projects = okData(await viewer.call(PROJECT_API.options));
    expect(projects.find((p) => p.code === 'J001')).toMatchObject({ status: 'on', price: 19800 });
    expect(okData(await viewer.call(PRODUCT_API.options)).find((p) => p.code === 'P022')).toMatchObject({
      status: 'off',
    });
    for (const res of [
      await viewer.call(PROJECT_PACKAGE_API.create!, { body: { code: 'T-NO' } }),
      await viewer.call(PROJECT_PACKAGE_API.batch!, { body: { action: 'offSale', ids: [packages.list[0]!.id] } }),
      await viewer.call(PRODUCT_PACKAGE_API.update!, { body: { id: productPackages.list[0]!.id, name: '不许改' } }),
      await viewer.call(PRODUCT_PACKAGE_API.delete!, { body: { ids: [productPackages.list[0]!.id] } }),
      await viewer.call(PROJECT_API.list, { query: {} }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
  });
});
