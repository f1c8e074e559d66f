/**
 * Goods settings: advance verification, the cross-level draw matrix, open-platform relations,
 * mini-program goods, and the goods picker they share — their rules, their access, and the
 * functions later services consult.
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { ADVANCE_VERIFICATION_API } from '@zb/contract/entities/advanceVerification';
import { CROSS_LEVEL_API } from '@zb/contract/entities/crossLevel';
import { GOODS_REF_API } from '@zb/contract/entities/goodsRef';
import { MINI_PROGRAM_API } from '@zb/contract/entities/miniProgram';
import { OPEN_COMMODITY_API } from '@zb/contract/entities/openCommodity';
import { PRODUCT_API } from '@zb/contract/entities/product';
import { PROJECT_API } from '@zb/contract/entities/project';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextExport } from '../../platform/exports/worker';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { CallResult, TestClient } from '../../testing/testClient';
import { store } from '../stores/schema';
import { advanceDaysAllowed } from './advanceVerification';
import { mayDrawAcrossLevels, mayDrawAtStores } from './crossLevel';
import { findOpenCommodity } from './openCommodity';
import { card, crossLevelDraw, type product, type project } from './schema';
import { createIn, fieldErrors, itemId, okData, refused } from './testHelpers';

/** The field errors of a RECORD_DUPLICATE answer. */
const duplicateFields = (res: CallResult<unknown>): Record<string, string> => {
  expect(res.body.errcode, res.raw).toBe(ERR.RECORD_DUPLICATE);
  return (res.body.data as { fields: Record<string, string> }).fields;
};

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
const level: Record<'A' | 'B' | 'C' | 'D', number> = { A: 0, B: 0, C: 0, D: 0 };
/** Stores of level A (SH001), B (SH002) and C (HZ001). */
const shop = { a: 0, b: 0, c: 0 };
let seq = 0;

const idByCode = async (table: typeof product | typeof project | typeof card, code: string) => {
  const [row] = await t.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  if (!row) throw new Error(`no goods ${code}`);
  return row.id;
};

const newProject = async (name: string, status = 'on') => {
  seq += 1;
  return createIn(zhang, PROJECT_API.create, {
    code: `T-SET-J${seq}`,
    name,
    typeId: await itemId(t.db, 'projectType', '头皮护理'),
    durationMin: 30,
    price: 9900,
    status,
  });
};

const newProduct = async (name: string, status: 'on' | 'off') => {
  seq += 1;
  return createIn(zhang, PRODUCT_API.create, {
    code: `T-SET-P${seq}`,
    name,
    unit: '瓶',
    retailPrice: 5000,
    costPrice: 2000,
    status,
  });
};

/** A user holding exactly these codes, signed in. */
const userWith = async (login: string, codes: string[]) => {
  const { contentRoleId } = await createRole(t.db, {
    code: `R_${login}`,
    name: `角色${login}`,
    contentName: '总部',
    codes,
  });
  const userId = await createUser(t.db, { loginName: login, phone: login, password: 'pass1234' });
  return t.signIn(login, 'pass1234', await grantRole(t.db, userId, contentRoleId));
};

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  for (const k of ['A', 'B', 'C', 'D'] as const) level[k] = await itemId(t.db, 'storeLevel', `${k}级`);
  const setLevel = async (code: string, l: number) => {
    const [row] = await t.db.update(store).set({ levelId: l }).where(eq(store.code, code)).returning({ id: store.id });
    return row!.id;
  };
  shop.a = await setLevel('SH001', level.A);
  shop.b = await setLevel('SH002', level.B);
  shop.c = await setLevel('HZ001', level.C);
});
afterAll(() => t.close());

describe('the goods picker of settings', () => {
  it('lists the goods of a kind with their sale status, to the settings pages only', async () => {
    const products = okData(await zhang.call(GOODS_REF_API.options, { query: { kind: 'product' } }));
    expect(products.find((p) => p.code === 'P022')).toMatchObject({ name: '护发素旅行装', status: 'off' });
    const cards = okData(await zhang.call(GOODS_REF_API.options, { query: { kind: 'card' } }));
    expect(cards.map((c) => c.code)).toContain('C001');
    expect(fieldErrors(await zhang.call(GOODS_REF_API.options, { query: { kind: 'coupon' as never } }))).toHaveProperty(
      'kind',
    );
    refused(await li.call(GOODS_REF_API.options, { query: { kind: 'project' } }), ERR.FORBIDDEN);
  });
});

describe('advance verification', () => {
  const rule = (over: Record<string, unknown>) =>
    createIn(zhang, ADVANCE_VERIFICATION_API.create, {
      goodsKind: 'project',
      maxDaysEarly: 3,
      storeScope: 'all',
      enabled: true,
      ...over,
    });

  it('allows a project its days in stores of the chosen levels only, and nothing once switched off', async () => {
    const p = await newProject('提前核销测试项目');
    const id = await rule({ goodsId: p, maxDaysEarly: 5, storeScope: 'levels', storeLevelIds: [level.A] });
    const row = okData(await zhang.call(ADVANCE_VERIFICATION_API.detail, { params: { id } }));
    expect(row).toMatchObject({
      goodsKind: 'project',
      goodsId: p,
      goodsName: '提前核销测试项目',
      goodsStatus: 'on',
      maxDaysEarly: 5,
      storeLevelIds: [level.A],
      storeLevelIdsName: 'A级',
      enabled: true,
    });
    const days = (storeId: number) =>
      t.db.transaction((tx) => advanceDaysAllowed(tx, { kind: 'project', goodsId: p, storeId }));
    expect(await days(shop.a)).toBe(5);
    expect(await days(shop.b)).toBe(0);

    okData(await zhang.call(ADVANCE_VERIFICATION_API.update!, { body: { id, storeScope: 'all' } }));
    expect(okData(await zhang.call(ADVANCE_VERIFICATION_API.detail, { params: { id } })).storeLevelIds).toEqual([]);
    expect(await days(shop.b)).toBe(5);

    okData(await zhang.call(ADVANCE_VERIFICATION_API.batch!, { body: { action: 'disable', ids: [id] } }));
    expect(await days(shop.a)).toBe(0);
    expect((await lastOperation(t.db, 'advanceVerification.disable'))?.after).toMatchObject({ enabled: false });
  });

  it('holds a card rule, one rule per project or card, and refuses goods that do not exist', async () => {
    const c001 = await idByCode(card, 'C001');
    const id = await rule({ goodsKind: 'card', goodsId: c001, maxDaysEarly: 7 });
    expect(
      await t.db.transaction((tx) => advanceDaysAllowed(tx, { kind: 'card', goodsId: c001, storeId: shop.c })),
    ).toBe(7);
    const list = okData(await zhang.call(ADVANCE_VERIFICATION_API.list, { query: { goodsName: '头皮清洁10次卡' } }));
    expect(list.list.map((r) => r.id)).toEqual([id]);

    const dup = await zhang.call(ADVANCE_VERIFICATION_API.create!, {
      body: { goodsKind: 'card', goodsId: c001, maxDaysEarly: 1, storeScope: 'all', enabled: true },
    });
    expect(duplicateFields(dup).goodsId).toBe('「头皮清洁10次卡」已有提前核销规则，请直接编辑');
    // Moving another rule onto that card is refused the same way.
    const other = await rule({ goodsKind: 'card', goodsId: await idByCode(card, 'C004') });
    refused(
      await zhang.call(ADVANCE_VERIFICATION_API.update!, { body: { id: other, goodsId: c001 } }),
      ERR.RECORD_DUPLICATE,
    );

    expect(
      fieldErrors(
        await zhang.call(ADVANCE_VERIFICATION_API.create!, {
          body: { goodsKind: 'project', goodsId: 999_999, maxDaysEarly: 1, storeScope: 'all', enabled: true },
        }),
      ),
    ).toEqual({ goodsId: '所选项目不存在或已被删除' });
    // Another kind needs a goods of that kind: the card's id is not taken for a project.
    expect(
      fieldErrors(await zhang.call(ADVANCE_VERIFICATION_API.update!, { body: { id: other, goodsKind: 'project' } })),
    ).toEqual({ goodsId: '请选择项目' });
    // Saving nothing changes nothing.
    okData(await zhang.call(ADVANCE_VERIFICATION_API.update!, { body: { id: other } }));
  });

  it('needs store levels for 指定门店等级, at most 365 days, and its page codes', async () => {
    const p = await newProject('提前核销校验项目');
    const body = { goodsKind: 'project', goodsId: p, maxDaysEarly: 3, storeScope: 'levels', enabled: true };
    expect(fieldErrors(await zhang.call(ADVANCE_VERIFICATION_API.create!, { body }))).toEqual({
      storeLevelIds: '请选择适用门店等级',
    });
    expect(
      fieldErrors(await zhang.call(ADVANCE_VERIFICATION_API.create!, { body: { ...body, maxDaysEarly: 400 } })),
    ).toHaveProperty('maxDaysEarly', '最多提前天数不能大于 365');
    expect(
      fieldErrors(
        await zhang.call(ADVANCE_VERIFICATION_API.create!, {
          body: { ...body, storeLevelIds: [await itemId(t.db, 'projectType', '头皮护理')] },
        }),
      ),
    ).toHaveProperty('storeLevelIds');
    refused(await li.call(ADVANCE_VERIFICATION_API.list, { query: {} }), ERR.FORBIDDEN);
  });
});

describe('cross-level draw', () => {
  it('saves the whole matrix in one call with one log row, and answers the ledger by level and by store', async () => {
    const before = okData(await zhang.call(CROSS_LEVEL_API.matrix, {}));
    expect(before.levels.map((l) => l.name)).toEqual(['A级', 'B级', 'C级', 'D级']);
    // The demo: a higher level's cards are drawn at every level below it.
    expect(before.allowed).toContainEqual({ soldLevelId: level.A, drawLevelId: level.D });
    expect(before.allowed).not.toContainEqual({ soldLevelId: level.D, drawLevelId: level.A });

    const saved = okData(
      await zhang.call(CROSS_LEVEL_API.save, {
        body: {
          allowed: [
            { soldLevelId: level.A, drawLevelId: level.B },
            { soldLevelId: level.B, drawLevelId: level.A },
            { soldLevelId: level.A, drawLevelId: level.B },
          ],
        },
      }),
    );
    expect(saved.allowed).toHaveLength(2);
    expect(okData(await zhang.call(CROSS_LEVEL_API.matrix, {})).allowed).toEqual(saved.allowed);
    const log = await lastOperation(t.db, 'crossLevelDraw.save');
    expect(log?.after).toEqual({ allowed: ['A级→B级', 'B级→A级'] });

    const may = (sold: number | null, draw: number | null) =>
      t.db.transaction((tx) => mayDrawAcrossLevels(tx, sold, draw));
    expect(await may(level.A, level.B)).toBe(true);
    expect(await may(level.B, level.A)).toBe(true);
    expect(await may(level.A, level.C)).toBe(false);
    expect(await may(level.C, level.C)).toBe(true);
    expect(await may(null, level.A)).toBe(false);

    const atStores = (sold: number, draw: number) => t.db.transaction((tx) => mayDrawAtStores(tx, sold, draw));
    expect(await atStores(shop.a, shop.b)).toBe(true);
    expect(await atStores(shop.b, shop.c)).toBe(false);
    expect(await atStores(shop.c, shop.c)).toBe(true);

    // An empty matrix leaves only same-level draws.
    okData(await zhang.call(CROSS_LEVEL_API.save, { body: { allowed: [] } }));
    expect(await may(level.A, level.B)).toBe(false);
    expect((await lastOperation(t.db, 'crossLevelDraw.save'))?.before).toEqual({ allowed: ['A级→B级', 'B级→A级'] });
  });

  it('refuses a level paired with itself or an id that is not a store level, changing nothing', async () => {
    okData(
      await zhang.call(CROSS_LEVEL_API.save, { body: { allowed: [{ soldLevelId: level.C, drawLevelId: level.D }] } }),
    );
    refused(
      await zhang.call(CROSS_LEVEL_API.save, { body: { allowed: [{ soldLevelId: level.A, drawLevelId: level.A }] } }),
      ERR.PARAM_INVALID,
      /同等级门店之间始终可以划卡/,
    );
    const notLevel = await itemId(t.db, 'projectType', '头皮护理');
    refused(
      await zhang.call(CROSS_LEVEL_API.save, {
        body: {
          allowed: [
            { soldLevelId: level.A, drawLevelId: level.B },
            { soldLevelId: level.A, drawLevelId: notLevel },
          ],
        },
      }),
      ERR.PARAM_INVALID,
      /门店等级不存在/,
    );
    expect(await t.db.select().from(crossLevelDraw)).toEqual([{ soldLevelId: level.C, drawLevelId: level.D }]);
  });

  it('shows the matrix to whoever opens the page; only its 编辑 saves it', async () => {
    const viewer = await userWith('13800000061', ['ZBHT-SPGL', 'ZBHT-SPGL:crossLevelDrawConfig']);
    okData(await viewer.call(CROSS_LEVEL_API.matrix, {}));
    refused(await viewer.call(CROSS_LEVEL_API.save, { body: { allowed: [] } }), ERR.FORBIDDEN);
    refused(await li.call(CROSS_LEVEL_API.matrix, {}), ERR.FORBIDDEN);
  });
});

describe('open-platform commodity relation', () => {
  const relation = (over: Record<string, unknown>) => ({
    platform: 'meituan',
    platformGoodsName: '美团 头皮护理体验券',
    goodsKind: 'project',
    sessionsPerVoucher: 1,
    enabled: true,
    ...over,
  });

  it('relates a platform goods to a project with its sessions, which the voucher verification finds', async () => {
    const p = await newProject('团购关联项目');
    const id = await createIn(
      zhang,
      OPEN_COMMODITY_API.create,
      relation({ platformGoodsId: 'MT-10001', goodsId: p, sessionsPerVoucher: 3, voucherPrice: 9900 }),
    );
    const row = okData(await zhang.call(OPEN_COMMODITY_API.detail, { params: { id } }));
    expect(row).toMatchObject({
      platform: 'meituan',
      goodsName: '团购关联项目',
      sessionsPerVoucher: 3,
      voucherPrice: 9900,
    });
    expect(await t.db.transaction((tx) => findOpenCommodity(tx, 'meituan', 'MT-10001'))).toEqual({
      id,
      kind: 'project',
      goodsId: p,
      sessionsPerVoucher: 3,
    });
    expect(await t.db.transaction((tx) => findOpenCommodity(tx, 'douyin', 'MT-10001'))).toBeNull();

    okData(await zhang.call(OPEN_COMMODITY_API.batch!, { body: { action: 'disable', ids: [id] } }));
    expect(await t.db.transaction((tx) => findOpenCommodity(tx, 'meituan', 'MT-10001'))).toBeNull();
  });

  it('exports the relations as the list shows them, with our goods beside the platform’s', async () => {
    const res = await zhang.call(OPEN_COMMODITY_API.export!, { query: { platformGoodsId: 'DY73014500' } });
    const { jobId } = okData(res);
    expect(await runNextExport(t.db, 'test-worker')).toBe(jobId);
    const file = await getBytes(t.app, zhang, DOWNLOAD_API.file.path, { id: jobId });
    const sheet = await readSheet(file.bytes as Buffer);
    const header = sheet[0] as string[];
    const rows = sheet.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    expect(rows.map((r) => r.平台商品ID).sort()).toEqual(['DY7301450001', 'DY7301450002']);
    expect(rows.find((r) => r.平台商品ID === 'DY7301450001')).toMatchObject({
      平台: '抖音',
      商品类别: '项目',
      名称: '体验头疗（新客）',
      售卖状态: '在售',
      状态: '启用',
    });
  });

  it('relates a platform goods id once per platform', async () => {
    const p = await newProject('团购唯一项目');
    await createIn(zhang, OPEN_COMMODITY_API.create, relation({ platformGoodsId: 'SAME-1', goodsId: p }));
    const dup = await zhang.call(OPEN_COMMODITY_API.create!, {
      body: relation({ platformGoodsId: 'SAME-1', goodsId: p }),
    });
    expect(duplicateFields(dup)).toEqual({
      platformGoodsId: '平台商品ID已存在',
    });
    await createIn(
      zhang,
      OPEN_COMMODITY_API.create,
      relation({ platform: 'douyin', platformGoodsId: 'SAME-1', goodsId: p }),
    );
  });

  it('opens one card per card voucher, checks the platform and the goods, and keeps related goods from deletion', async () => {
    const c003 = await idByCode(card, 'C003');
    const id = await createIn(
      zhang,
      OPEN_COMMODITY_API.create,
      relation({
        platform: 'douyin',
        platformGoodsId: 'DY-CARD-1',
        goodsKind: 'card',
        goodsId: c003,
        sessionsPerVoucher: 5,
      }),
    );
    expect(okData(await zhang.call(OPEN_COMMODITY_API.detail, { params: { id } }))).toMatchObject({
      goodsKind: 'card',
      goodsName: '乌发养护季卡',
      sessionsPerVoucher: 1,
    });

    expect(
      fieldErrors(
        await zhang.call(OPEN_COMMODITY_API.create!, {
          body: relation({ platform: 'taobao', platformGoodsId: 'X-1', goodsId: c003 }),
        }),
      ),
    ).toHaveProperty('platform', '请选择平台');
    expect(
      fieldErrors(
        await zhang.call(OPEN_COMMODITY_API.create!, {
          body: relation({ platformGoodsId: 'X-2', goodsKind: 'project', goodsId: 999_999 }),
        }),
      ),
    ).toEqual({ goodsId: '所选项目不存在或已被删除' });
    expect(
      fieldErrors(
        await zhang.call(OPEN_COMMODITY_API.create!, {
          body: relation({ platformGoodsId: '美团券', goodsId: c003, goodsKind: 'card' }),
        }),
      ),
    ).toHaveProperty('platformGoodsId', '平台商品ID只能包含字母、数字、下划线和短横线');

    const p = await newProject('团购删除项目', 'off');
    await createIn(zhang, OPEN_COMMODITY_API.create, relation({ platformGoodsId: 'MT-DEL', goodsId: p }));
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [p] } }), ERR.RECORD_IN_USE);
    refused(await li.call(OPEN_COMMODITY_API.list, { query: {} }), ERR.FORBIDDEN);
  });
});

describe('mini-program goods', () => {
  const item = (over: Record<string, unknown>) => ({
    goodsKind: 'product',
    tab: 'mall',
    sort: 10,
    recommended: false,
    visible: true,
    ...over,
  });

  it('shows goods on sale by tab and order; goods off sale only hidden', async () => {
    const onSale = await newProduct('小程序在售商品', 'on');
    const offSale = await newProduct('小程序停售商品', 'off');
    const first = await createIn(
      zhang,
      MINI_PROGRAM_API.create,
      item({ goodsId: onSale, sort: 2, category: '洗护', recommended: true }),
    );
    const row = okData(await zhang.call(MINI_PROGRAM_API.detail, { params: { id: first } }));
    expect(row).toMatchObject({
      goodsKind: 'product',
      goodsName: '小程序在售商品',
      tab: 'mall',
      recommended: true,
      category: '洗护',
    });

    expect(fieldErrors(await zhang.call(MINI_PROGRAM_API.create!, { body: item({ goodsId: offSale }) }))).toEqual({
      goodsId: '商品「小程序停售商品」已停售，不能在小程序展示',
    });
    const hidden = await createIn(zhang, MINI_PROGRAM_API.create, item({ goodsId: offSale, visible: false, sort: 1 }));
    expect(
      fieldErrors(await zhang.call(MINI_PROGRAM_API.update!, { body: { id: hidden, visible: true } })),
    ).toHaveProperty('goodsId');

    const page = okData(await zhang.call(MINI_PROGRAM_API.list, { query: { tab: 'mall', goodsName: '小程序' } }));
    expect(page.list.map((r) => [r.goodsName, r.goodsStatus, r.visible])).toEqual([
      ['小程序停售商品', 'off', false],
      ['小程序在售商品', 'on', true],
    ]);
  });

  it('shows a goods once per tab, and a project or a card as well as a product', async () => {
    const p = await newProject('小程序项目');
    await createIn(zhang, MINI_PROGRAM_API.create, item({ goodsKind: 'project', goodsId: p, tab: 'booking' }));
    const dup = await zhang.call(MINI_PROGRAM_API.create!, {
      body: item({ goodsKind: 'project', goodsId: p, tab: 'booking' }),
    });
    expect(duplicateFields(dup).goodsId).toBe('「小程序项目」已在预约展示');
    await createIn(zhang, MINI_PROGRAM_API.create, item({ goodsKind: 'project', goodsId: p, tab: 'home' }));
    await createIn(
      zhang,
      MINI_PROGRAM_API.create,
      item({ goodsKind: 'card', goodsId: await idByCode(card, 'C006'), tab: 'cards' }),
    );
  });

  it('adds, changes and removes items with the page’s only button, 编辑', async () => {
    const productId = await newProduct('小程序权限商品', 'on');
    const viewer = await userWith('13800000062', ['ZBHT-SPGL', 'ZBHT-SPGL:XCXConfig']);
    const editor = await userWith('13800000063', ['ZBHT-SPGL', 'ZBHT-SPGL:XCXConfig', 'ZBHT-SPGL:XCXConfig:edit']);
    okData(await viewer.call(MINI_PROGRAM_API.list, { query: {} }));
    refused(await viewer.call(MINI_PROGRAM_API.create!, { body: item({ goodsId: productId }) }), ERR.FORBIDDEN);

    const id = okData(await editor.call(MINI_PROGRAM_API.create!, { body: item({ goodsId: productId }) })).id;
    okData(await editor.call(MINI_PROGRAM_API.update!, { body: { id, sort: 99, recommended: true } }));
    expect((await lastOperation(t.db, 'miniProgramItem.update'))?.after).toMatchObject({ sort: 99, recommended: true });
    refused(await viewer.call(MINI_PROGRAM_API.delete!, { body: { ids: [id] } }), ERR.FORBIDDEN);
    okData(await editor.call(MINI_PROGRAM_API.delete!, { body: { ids: [id] } }));
    refused(await li.call(MINI_PROGRAM_API.list, { query: {} }), ERR.FORBIDDEN);
  });
});
