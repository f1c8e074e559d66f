/**
 * Associated products (关联商品) and associated projects (关联项目): one association per main
 * product, the linked products, stored-value cards only, one row per (card, project), the discount
 * and projectPriceOnCard, and the delete guards they add to products, projects and cards.
 */
import { CARD_API } from '@zb/contract/entities/card';
import { CARD_PROJECT_DISCOUNT, CARD_PROJECT_DISCOUNT_API } from '@zb/contract/entities/cardProjectDiscount';
import { PRODUCT_API } from '@zb/contract/entities/product';
import { PRODUCT_ASSOCIATION, PRODUCT_ASSOCIATION_API } from '@zb/contract/entities/productAssociation';
import { PROJECT_API } from '@zb/contract/entities/project';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { projectPriceOnCard } from './associatedProjects';
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

const newProduct = (code: string, status = 'on') =>
  createIn(zhang, PRODUCT_API.create, {
    code,
    name: `关联商品${code}`,
    unit: '瓶',
    retailPrice: 5000,
    costPrice: 100,
    status,
  });

const newProject = (code: string, price: number) =>
  createIn(zhang, PROJECT_API.create, {
    code,
    name: `关联项目${code}`,
    typeId: scalp,
    durationMin: 30,
    price,
    status: 'on',
  });

const newCard = (code: string, kind: 'stored' | 'combo', projectId?: number) =>
  createIn(zhang, CARD_API.create, {
    code,
    name: `测试卡${code}`,
    kind,
    price: 100000,
    validityDays: 365,
    status: 'on',
    usableScope: 'all',
    ...(kind === 'stored' ? { amount: 100000, bonus: 0 } : { projects: [{ projectId, sessions: 1 }] }),
  });

describe('associated products (关联商品)', () => {
  const API = PRODUCT_ASSOCIATION_API;
  const detail = async (id: number) => okData(await zhang.call(API.detail, { params: { id } }));

  it('links products to a main product with quantities and a note; lists and finds it by name', async () => {
    const main = await newProduct('T-AM1');
    const a = await newProduct('T-AL1');
    const b = await newProduct('T-AL2', 'off');
    const id = await createIn(zhang, API.create, {
      mainProductId: main,
      items: [
        { productId: a, quantity: 1 },
        { productId: b, quantity: 2 },
      ],
      note: '洗后护理',
    });
    expect(await detail(id)).toMatchObject({
      mainProductId: main,
      mainProductCode: 'T-AM1',
      mainProductName: '关联商品T-AM1',
      items: [
        { productId: a, quantity: 1 },
        { productId: b, quantity: 2 },
      ],
      itemsText: '关联商品T-AL1 ×1瓶、关联商品T-AL2 ×2瓶',
      itemCount: 2,
      note: '洗后护理',
    });
    expect((await lastOperation(t.db, 'productAssociation.create'))?.target).toBe(`productAssociation:${id}`);
    const found = okData(await zhang.call(API.list, { query: { mainProductName: 'T-AM1' } }));
    expect(found.list.map((r) => r.id)).toEqual([id]);
    expect(okData(await zhang.call(API.list, { query: { mainProductName: '草本控油洗发露' } })).list[0]).toMatchObject({
      itemsText: '焗油护发素 ×1瓶、头皮爽肤水 ×1瓶',
    });
  });

  it('refuses a second association of the same main product, the main product among its links, no links', async () => {
    const main = await newProduct('T-AM2');
    const a = await newProduct('T-AL3');
    const first = await createIn(zhang, API.create, { mainProductId: main, items: [{ productId: a, quantity: 1 }] });
    const again = await zhang.call(API.create!, {
      body: { mainProductId: main, items: [{ productId: a, quantity: 1 }] },
    });
    expect(fieldErrors(again).mainProductId).toBe('该商品已设置关联商品，请编辑原有设置');
    const self = await zhang.call(API.create!, {
      body: { mainProductId: a, items: [{ productId: a, quantity: 1 }] },
    });
    expect(fieldErrors(self).items).toBe('关联商品不能包含主商品本身');
    expect(fieldErrors(await zhang.call(API.create!, { body: { mainProductId: a, items: [] } })).items).toBe(
      '请至少添加一个关联商品',
    );
    expect(
      fieldErrors(
        await zhang.call(API.create!, { body: { mainProductId: 999_999, items: [{ productId: a, quantity: 1 }] } }),
      ).mainProductId,
    ).toBe('所选商品不存在或已被删除');
    // Moving the main product onto one of its own links is refused too.
    refused(await zhang.call(API.update!, { body: { id: first, mainProductId: a } }), ERR.PARAM_INVALID, /主商品本身/);
    expect(await detail(first)).toMatchObject({ mainProductId: main });
  });

  it('edits the links; a product an association names cannot be deleted; the association can', async () => {
    const main = await newProduct('T-AM3', 'off');
    const a = await newProduct('T-AL4', 'off');
    const b = await newProduct('T-AL5', 'off');
    const id = await createIn(zhang, API.create, { mainProductId: main, items: [{ productId: a, quantity: 1 }] });
    okData(await zhang.call(API.update!, { body: { id, items: [{ productId: b, quantity: 3 }], note: '改' } }));
    expect(await detail(id)).toMatchObject({ items: [{ productId: b, quantity: 3 }], note: '改', itemCount: 1 });
    // a is free again; main and b are named.
    okData(await zhang.call(PRODUCT_API.delete!, { body: { ids: [a] } }));
    refused(await zhang.call(PRODUCT_API.delete!, { body: { ids: [main] } }), ERR.GOODS_IN_USE, /1 组关联商品/);
    refused(await zhang.call(PRODUCT_API.delete!, { body: { ids: [b] } }), ERR.GOODS_IN_USE, /1 组关联商品/);
    okData(await zhang.call(API.delete!, { body: { ids: [id] } }));
    expect((await lastOperation(t.db, 'productAssociation.delete'))?.before).toMatchObject({ mainProductId: main });
    okData(await zhang.call(PRODUCT_API.delete!, { body: { ids: [main, b] } }));
  });
});

describe('associated projects (关联项目)', () => {
  const API = CARD_PROJECT_DISCOUNT_API;
  const detail = async (id: number) => okData(await zhang.call(API.detail, { params: { id } }));

  it('sets the discount a stored-value card pays a project at; projectPriceOnCard reads it', async () => {
    const card = await newCard('T-SC1', 'stored');
    const j = await newProject('T-AP1', 19900);
    const other = await newProject('T-AP2', 10000);
    const id = await createIn(zhang, API.create, { cardId: card, projectId: j, discount: 8500 });
    expect(await detail(id)).toMatchObject({
      cardId: card,
      cardName: '测试卡T-SC1',
      projectId: j,
      projectName: '关联项目T-AP1',
      discount: 8500,
      discountText: '8.5折',
      projectPrice: 19900,
      cardPrice: 16915,
    });
    expect(await projectPriceOnCard(t.db, card, j)).toBe(16915);
    // No rule: the card may not pay for the project.
    expect(await projectPriceOnCard(t.db, card, other)).toBeNull();
    // Half a 分 rounds up: 19900 × 87.5% = 17412.5 → 17413, in the list as in the ledger's call.
    okData(await zhang.call(API.update!, { body: { id, discount: 8750 } }));
    expect(await projectPriceOnCard(t.db, card, j)).toBe(17413);
    expect(await detail(id)).toMatchObject({ cardPrice: 17413, discountText: '8.75折' });
    const full = await createIn(zhang, API.create, { cardId: card, projectId: other, discount: 10000 });
    expect(await detail(full)).toMatchObject({ discount: 10000, discountText: '不打折', cardPrice: 10000 });
    expect(await projectPriceOnCard(t.db, card, other)).toBe(10000);
    expect((await lastOperation(t.db, 'cardProjectDiscount.update'))?.after).toMatchObject({ discount: 8750 });
    // The seeded rules: 储值卡3000元 pays 防脱生发强化护理 (598 元) at 8.5 折.
    const seeded = okData(
      await zhang.call(API.list, { query: { cardName: '储值卡3000元', projectName: '防脱生发强化' } }),
    );
    expect(seeded.list[0]).toMatchObject({ discountText: '8.5折', projectPrice: 59800, cardPrice: 50830 });
  });

  it('refuses a combo card, a repeated pair, a missing project, a discount out of range; the pair is fixed', async () => {
    const stored = await newCard('T-SC2', 'stored');
    const j = await newProject('T-AP3', 10000);
    const combo = await newCard('T-CC1', 'combo', j);
    expect(
      fieldErrors(await zhang.call(API.create!, { body: { cardId: combo, projectId: j, discount: 9000 } })).cardId,
    ).toBe('只有储值卡可以设置关联项目');
    expect(await projectPriceOnCard(t.db, combo, j)).toBeNull();
    const id = await createIn(zhang, API.create, { cardId: stored, projectId: j, discount: 9000 });
    expect(
      fieldErrors(await zhang.call(API.create!, { body: { cardId: stored, projectId: j, discount: 8000 } })).projectId,
    ).toBe('该储值卡已关联此项目，请编辑原有设置');
    expect(
      fieldErrors(await zhang.call(API.create!, { body: { cardId: stored, projectId: 999_999, discount: 8000 } }))
        .projectId,
    ).toBe('所选项目不存在或已被删除');
    expect(
      fieldErrors(await zhang.call(API.create!, { body: { cardId: stored, projectId: j, discount: 0 } })).discount,
    ).toBe('折扣不能小于 0.01%');
    expect(
      fieldErrors(await zhang.call(API.create!, { body: { cardId: stored, projectId: j, discount: 10001 } })).discount,
    ).toBe('折扣不能大于 100.00%');
    // Card and project are written once: an update that names them leaves them as they were.
    const other = await newProject('T-AP4', 10000);
    okData(await zhang.call(API.update!, { body: { id, projectId: other, discount: 9500 } }));
    expect(await detail(id)).toMatchObject({ projectId: j, discount: 9500 });
  });

  it('a project or a card with associated projects cannot be deleted; the row can', async () => {
    const card = await newCard('T-SC3', 'stored');
    const j = await newProject('T-AP5', 10000);
    const id = await createIn(zhang, API.create, { cardId: card, projectId: j, discount: 9000 });
    okData(await zhang.call(PROJECT_API.batch!, { body: { action: 'offSale', ids: [j] } }));
    okData(await zhang.call(CARD_API.batch!, { body: { action: 'offSale', ids: [card] } }));
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [j] } }), ERR.GOODS_IN_USE, /1 张储值卡的关联项目/);
    refused(await zhang.call(CARD_API.delete!, { body: { ids: [card] } }), ERR.GOODS_IN_USE, /设置了 1 个关联项目/);
    okData(await zhang.call(API.delete!, { body: { ids: [id] } }));
    expect(await projectPriceOnCard(t.db, card, j)).toBeNull();
    okData(await zhang.call(PROJECT_API.delete!, { body: { ids: [j] } }));
    okData(await zhang.call(CARD_API.delete!, { body: { ids: [card] } }));
  });

  it('offers only stored-value cards in its picker, to whoever may open the page', async () => {
    const userId = await createUser(t.db, { loginName: 'assoc_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'ASSOC_VIEW',
      name: '关联只读',
      contentName: '总部',
      codes: [
        'ZBHT-SPGL',
        resourceCode('ZBHT-SPGL', CARD_PROJECT_DISCOUNT.page),
        resourceCode('ZBHT-SPGL', PRODUCT_ASSOCIATION.page),
      ],
    });
    const viewer = await t.signIn('assoc_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const cards = okData(await viewer.call(API.cardOptions));
    expect(cards.map((c) => c.code)).toEqual(expect.arrayContaining(['C005', 'C006', 'C007']));
    expect(cards.map((c) => c.code)).not.toContain('C001'); // a combo card
    expect(okData(await viewer.call(PROJECT_API.options)).length).toBeGreaterThan(0);
    expect(okData(await viewer.call(PRODUCT_API.options)).length).toBeGreaterThan(0);
    const rows = okData(await viewer.call(API.list, { query: {} }));
    expect(rows.total).toBeGreaterThan(0);
    for (const res of [
      await viewer.call(API.create!, { body: { cardId: cards[0]!.id, projectId: 1, discount: 9000 } }),
      await viewer.call(API.delete!, { body: { ids: [rows.list[0]!.id] } }),
      await viewer.call(PRODUCT_ASSOCIATION_API.create!, { body: {} }),
      await viewer.call(CARD_API.list, { query: {} }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
  });
});
