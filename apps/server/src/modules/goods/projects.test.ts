/** Projects and cards: type/sub-type, consumption rows, card kinds and scopes, deletion guards. */
import { CARD_API } from '@zb/contract/entities/card';
import { PRODUCT_API } from '@zb/contract/entities/product';
import { PROJECT, PROJECT_API } from '@zb/contract/entities/project';
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
let scalpClean: number;
let washBasic: number;
let bottle: number;
let towel: number;

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  scalp = await itemId(t.db, 'projectType', '头皮护理');
  scalpClean = await itemId(t.db, 'projectSubType', '头皮深层清洁');
  washBasic = await itemId(t.db, 'projectSubType', '基础洗护');
  const product = (over: Record<string, unknown>) =>
    createIn(zhang, PRODUCT_API.create, {
      barcode: '',
      brand: '测试',
      unit: '瓶',
      retailPrice: 1000,
      costPrice: 400,
      status: 'off',
      ...over,
    });
  bottle = await product({ code: 'T-ML', name: '测试精华液', mlPerUnit: 50 });
  towel = await product({ code: 'T-PC', name: '测试毛巾', unit: '个' });
});
afterAll(() => t.close());

const newProject = (over: Record<string, unknown> = {}) => ({
  code: 'T-J1',
  name: '测试头皮清洁',
  typeId: scalp,
  subTypeId: scalpClean,
  durationMin: 60,
  price: 19800,
  status: 'on',
  products: [
    { productId: bottle, quantity: 20, unit: 'ml' },
    { productId: towel, quantity: 1, unit: 'piece' },
  ],
  ...over,
});

const project = async (id: number) => okData(await zhang.call(PROJECT_API.detail, { params: { id } }));

describe('projects', () => {
  it('creates a project with labels, a fee type and what a session consumes; lists and filters it', async () => {
    const labels = [await itemId(t.db, 'label', '脱发困扰'), await itemId(t.db, 'label', '新会员')];
    const fee = await itemId(t.db, 'toEasFee', '货款');
    const id = await createIn(zhang, PROJECT_API.create, newProject({ labelIds: labels, feeTypeId: fee }));
    const row = await project(id);
    expect(row).toMatchObject({
      code: 'T-J1',
      typeIdName: '头皮护理',
      subTypeIdName: '头皮深层清洁',
      price: 19800,
      labelIds: labels,
      feeTypeIdName: '货款',
      products: [
        { productId: bottle, quantity: 20, unit: 'ml' },
        { productId: towel, quantity: 1, unit: 'piece' },
      ],
      productsText: '测试精华液 20毫升、测试毛巾 1个',
      cardCount: 0,
    });
    expect(String(row.labelIdsName).split('、').sort()).toEqual(['新会员', '脱发困扰'].sort());
    const byLabel = okData(await zhang.call(PROJECT_API.list, { query: { labelIds: labels[0]!, name: '测试' } }));
    expect(byLabel.list.map((r) => r.code)).toEqual(['T-J1']);
    const byType = okData(await zhang.call(PROJECT_API.list, { query: { typeId: scalp, pageSize: 100 } }));
    expect(byType.list.every((r) => r.typeId === scalp)).toBe(true);
    expect(byType.list.some((r) => r.code === 'T-J1')).toBe(true);
    // The product now shows it is used.
    expect(okData(await zhang.call(PRODUCT_API.detail, { params: { id: bottle } })).projectCount).toBe(1);
  });

  it('refuses a sub-type that is not under the type, on its field, and writes nothing', async () => {
    const res = await zhang.call(PROJECT_API.create!, { body: newProject({ code: 'T-J2', subTypeId: washBasic }) });
    expect(fieldErrors(res).subTypeId).toBe('项目子类型须为所选项目类型下的子类型');
    expect(okData(await zhang.call(PROJECT_API.list, { query: { code: 'T-J2' } })).total).toBe(0);
  });

  it('refuses millilitres of a product without a volume, a repeated product and a bad quantity', async () => {
    const ml = await zhang.call(PROJECT_API.create!, {
      body: newProject({ code: 'T-J3', products: [{ productId: towel, quantity: 5, unit: 'ml' }] }),
    });
    expect(fieldErrors(ml).products).toMatch(/测试毛巾.*只能按件消耗/);
    const twice = await zhang.call(PROJECT_API.create!, {
      body: newProject({
        code: 'T-J3',
        products: [
          { productId: towel, quantity: 1, unit: 'piece' },
          { productId: towel, quantity: 2, unit: 'piece' },
        ],
      }),
    });
    expect(fieldErrors(twice).products).toBe('同一商品只能出现一次');
    const zero = await zhang.call(PROJECT_API.create!, {
      body: newProject({ code: 'T-J3', products: [{ productId: towel, quantity: 0, unit: 'piece' }] }),
    });
    expect(Object.values(fieldErrors(zero)).join()).toMatch(/消耗数量至少为 1/);
  });

  it('updates the type, sub-type and consumption, checking the pair against the table', async () => {
    const id = await createIn(zhang, PROJECT_API.create, newProject({ code: 'T-J4' }));
    const wash = await itemId(t.db, 'projectType', '洗护');
    refused(await zhang.call(PROJECT_API.update!, { body: { id, typeId: wash } }), ERR.PARAM_INVALID, /子类型/);
    okData(
      await zhang.call(PROJECT_API.update!, {
        body: { id, typeId: wash, subTypeId: washBasic, products: [{ productId: towel, quantity: 2, unit: 'piece' }] },
      }),
    );
    expect(await project(id)).toMatchObject({
      typeIdName: '洗护',
      subTypeIdName: '基础洗护',
      products: [{ productId: towel, quantity: 2, unit: 'piece' }],
    });
    const op = await lastOperation(t.db, 'project.update');
    expect(op?.before).toMatchObject({ productsText: '测试精华液 20毫升、测试毛巾 1个' });
    expect(op?.after).toMatchObject({ productsText: '测试毛巾 2个' });
  });

  it('guards deletes: a project on sale, a product a project consumes', async () => {
    const id = await createIn(zhang, PROJECT_API.create, newProject({ code: 'T-J5' }));
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [id] } }), ERR.GOODS_ON_SALE, /在售/);
    refused(await zhang.call(PRODUCT_API.delete!, { body: { ids: [towel] } }), ERR.GOODS_IN_USE, /被 \d+ 个项目消耗/);
    okData(await zhang.call(PROJECT_API.batch!, { body: { action: 'offSale', ids: [id] } }));
    expect((await lastOperation(t.db, 'project.offSale'))?.after).toMatchObject({ status: 'off' });
    okData(await zhang.call(PROJECT_API.delete!, { body: { ids: [id] } }));
  });
});

const comboCard = (projectId: number, over: Record<string, unknown> = {}) => ({
  code: 'T-C1',
  name: '测试十次卡',
  kind: 'combo',
  price: 158000,
  validityDays: 365,
  status: 'on',
  usableScope: 'all',
  projects: [{ projectId, sessions: 10 }],
  ...over,
});

describe('cards', () => {
  it('creates a combo card with sessions of projects, and a stored-value card for store levels', async () => {
    const j = await createIn(zhang, PROJECT_API.create, newProject({ code: 'T-J6', name: '测试卡内项目' }));
    const id = await createIn(zhang, CARD_API.create, comboCard(j, { amount: 500 }));
    const row = okData(await zhang.call(CARD_API.detail, { params: { id } }));
    expect(row).toMatchObject({
      kind: 'combo',
      price: 158000,
      amount: null,
      projects: [{ projectId: j, sessions: 10 }],
      projectsText: '测试卡内项目 ×10次',
      storeLevelIds: [],
    });
    const a = await itemId(t.db, 'storeLevel', 'A级');
    const stored = await createIn(zhang, CARD_API.create, {
      code: 'T-C2',
      name: '测试储值卡',
      kind: 'stored',
      price: 300000,
      amount: 300000,
      bonus: 45000,
      validityDays: 730,
      status: 'on',
      usableScope: 'levels',
      storeLevelIds: [a],
    });
    expect(okData(await zhang.call(CARD_API.detail, { params: { id: stored } }))).toMatchObject({
      kind: 'stored',
      amount: 300000,
      bonus: 45000,
      storeLevelIdsName: 'A级',
      projects: [],
    });
    // A project a card holds cannot be deleted, even off sale.
    okData(await zhang.call(PROJECT_API.batch!, { body: { action: 'offSale', ids: [j] } }));
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [j] } }), ERR.GOODS_IN_USE, /卡项/);
  });

  it('refuses a combo card without projects, a stored card without an amount, levels without a level', async () => {
    const j = await createIn(zhang, PROJECT_API.create, newProject({ code: 'T-J7' }));
    expect(
      fieldErrors(await zhang.call(CARD_API.create!, { body: comboCard(j, { code: 'T-C3', projects: [] }) })).projects,
    ).toBe('套餐卡请至少添加一个项目');
    const stored = { ...comboCard(j, { code: 'T-C3', kind: 'stored', projects: [] }) };
    expect(fieldErrors(await zhang.call(CARD_API.create!, { body: stored })).amount).toBe('储值卡请输入储值金额');
    expect(
      fieldErrors(await zhang.call(CARD_API.create!, { body: comboCard(j, { code: 'T-C3', usableScope: 'levels' }) }))
        .storeLevelIds,
    ).toBe('请选择适用门店等级');
    expect(
      fieldErrors(await zhang.call(CARD_API.create!, { body: comboCard(j, { code: 'T-C3', price: 99.5 }) })).price,
    ).toMatch(/整数/);
  });

  it('上架/下架 in batch with log rows; a card on sale cannot be deleted, off sale it can', async () => {
    const j = await createIn(zhang, PROJECT_API.create, newProject({ code: 'T-J8' }));
    const id = await createIn(zhang, CARD_API.create, comboCard(j, { code: 'T-C4' }));
    refused(await zhang.call(CARD_API.delete!, { body: { ids: [id] } }), ERR.GOODS_ON_SALE, /卡项.*在售/);
    expect(okData(await zhang.call(CARD_API.batch!, { body: { action: 'offSale', ids: [id] } })).count).toBe(1);
    const op = await lastOperation(t.db, 'card.offSale');
    expect(op).toMatchObject({ target: `card:${id}`, before: { status: 'on' }, after: { status: 'off' } });
    okData(await zhang.call(CARD_API.delete!, { body: { ids: [id] } }));
    expect((await lastOperation(t.db, 'card.delete'))?.target).toBe(`card:${id}`);
  });
});

describe('permissions', () => {
  it('refuses project and card writes to a role with the pages but no buttons', async () => {
    const userId = await createUser(t.db, { loginName: 'proj_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'PROJ_VIEW',
      name: '项目只读',
      contentName: '总部',
      codes: ['ZBHT-SPGL', resourceCode('ZBHT-SPGL', PROJECT.page), resourceCode('ZBHT-SPGL', '/couponList')],
    });
    const viewer = await t.signIn('proj_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const projects = okData(await viewer.call(PROJECT_API.list, { query: {} }));
    const cards = okData(await viewer.call(CARD_API.list, { query: {} }));
    expect(projects.total).toBeGreaterThan(0);
    expect(cards.total).toBeGreaterThan(0);
    for (const res of [
      await viewer.call(PROJECT_API.create!, { body: newProject({ code: 'T-NO' }) }),
      await viewer.call(PROJECT_API.batch!, { body: { action: 'offSale', ids: [projects.list[0]!.id] } }),
      await viewer.call(CARD_API.update!, { body: { id: cards.list[0]!.id, name: '不许改' } }),
      await viewer.call(CARD_API.batch!, { body: { action: 'offSale', ids: [cards.list[0]!.id] } }),
      await viewer.call(PRODUCT_API.list, { query: {} }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
    // The product picker of projects opens with the project page.
    expect(okData(await viewer.call(PRODUCT_API.options)).length).toBeGreaterThan(0);
  });
});
