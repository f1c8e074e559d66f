/** Products: the engine's calls with the product rules, /productSort, and who may do what. */
import { PRODUCT, PRODUCT_API } from '@zb/contract/entities/product';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from './schema';
import { createIn, fieldErrors, itemId, okData, refused } from './testHelpers';

let t: TestApp;
let zhang: TestClient;

const newProduct = (over: Record<string, unknown> = {}) => ({
  code: 'T-SHAMPOO',
  barcode: '6901234567890',
  name: '测试草本洗发露',
  brand: '测试品牌',
  spec: '500ml/瓶',
  unit: '瓶',
  mlPerUnit: 500,
  retailPrice: 12800,
  costPrice: 4550,
  status: 'on',
  images: ['/rest/upload/file/a.png', '/rest/upload/file/b.png'],
  ...over,
});

const detail = async (id: number) => okData(await zhang.call(PRODUCT_API.detail, { params: { id } }));
const list = async (query: Record<string, string | number>) => okData(await zhang.call(PRODUCT_API.list, { query }));

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
});
afterAll(() => t.close());

describe('products', () => {
  it('creates a product with integer 分 prices, images and its online type, last in the display order', async () => {
    const online = await itemId(t.db, 'productOnlineType', '实物商品');
    const id = await createIn(zhang, PRODUCT_API.create, newProduct({ onlineTypeId: online }));
    const row = await detail(id);
    expect(row).toMatchObject({
      code: 'T-SHAMPOO',
      name: '测试草本洗发露',
      unit: '瓶',
      mlPerUnit: 500,
      retailPrice: 12800,
      costPrice: 4550,
      status: 'on',
      onlineTypeId: online,
      onlineTypeIdName: '实物商品',
      images: ['/rest/upload/file/a.png', '/rest/upload/file/b.png'],
      projectCount: 0,
    });
    const all = await t.db.select({ sort: product.sort }).from(product);
    expect(row.sort).toBe(Math.max(...all.map((r) => r.sort)));
    expect(all.length).toBeGreaterThan(30);
    const op = await lastOperation(t.db, 'product.create');
    expect(op?.target).toBe(`product:${id}`);
  });

  it('refuses a fractional 分, a negative price, a bad barcode and a duplicate code on their fields', async () => {
    const bad = await zhang.call(PRODUCT_API.create!, {
      body: newProduct({ code: 'T-BAD', retailPrice: 12.5, costPrice: -1, barcode: '12ab' }),
    });
    const fields = fieldErrors(bad);
    expect(fields.retailPrice).toMatch(/整数/);
    expect(fields.costPrice).toMatch(/不能小于/);
    expect(fields.barcode).toMatch(/条形码/);
    const dup = await zhang.call(PRODUCT_API.create!, { body: newProduct() });
    refused(dup, ERR.RECORD_DUPLICATE);
    expect((dup.body.data as unknown as { fields: Record<string, string> }).fields.code).toBe('商品编码已存在');
  });

  it('updates a product, keeps the code, and clears the images and volume when sent empty', async () => {
    const id = await createIn(zhang, PRODUCT_API.create, newProduct({ code: 'T-UPD' }));
    okData(
      await zhang.call(PRODUCT_API.update!, {
        body: { id, name: '改名后的洗发露', retailPrice: 9900, images: [], mlPerUnit: null, code: 'X' },
      }),
    );
    expect(await detail(id)).toMatchObject({
      code: 'T-UPD',
      name: '改名后的洗发露',
      retailPrice: 9900,
      images: [],
      mlPerUnit: null,
    });
    const op = await lastOperation(t.db, 'product.update');
    expect(op?.before).toMatchObject({ retailPrice: 12800 });
    expect(op?.after).toMatchObject({ retailPrice: 9900 });
  });

  it('refuses to delete a product on sale; 下架 in batch logs each row; then it may be deleted', async () => {
    const a = await createIn(zhang, PRODUCT_API.create, newProduct({ code: 'T-DEL1' }));
    const b = await createIn(zhang, PRODUCT_API.create, newProduct({ code: 'T-DEL2' }));
    refused(await zhang.call(PRODUCT_API.delete!, { body: { ids: [a] } }), ERR.GOODS_ON_SALE, /在售.*请先下架/);
    expect(await detail(a)).toMatchObject({ status: 'on' });

    const off = okData(await zhang.call(PRODUCT_API.batch!, { body: { action: 'offSale', ids: [a, b] } }));
    expect(off.count).toBe(2);
    const op = await lastOperation(t.db, 'product.offSale');
    expect(op?.before).toMatchObject({ status: 'on' });
    expect(op?.after).toMatchObject({ status: 'off' });
    expect([`product:${a}`, `product:${b}`]).toContain(op?.target);

    okData(await zhang.call(PRODUCT_API.delete!, { body: { ids: [a] } }));
    refused(await zhang.call(PRODUCT_API.detail, { params: { id: a } }), ERR.RECORD_NOT_FOUND);
    const on = okData(await zhang.call(PRODUCT_API.batch!, { body: { action: 'onSale', ids: [b] } }));
    expect(on.count).toBe(1);
    expect(await detail(b)).toMatchObject({ status: 'on' });
  });
});

describe('/productSort', () => {
  it('rewrites the order of every product and logs it; a stale list is refused', async () => {
    const items = okData(await zhang.call(PRODUCT_API.sortList));
    expect(items.length).toBeGreaterThan(2);
    const reversed = items.map((i) => i.id).reverse();
    okData(await zhang.call(PRODUCT_API.saveSort, { body: { ids: reversed } }));
    const after = okData(await zhang.call(PRODUCT_API.sortList));
    expect(after.map((i) => i.id)).toEqual(reversed);
    expect(after.map((i) => i.sort)).toEqual(reversed.map((_, i) => i + 1));
    const first = await list({ pageSize: 10 });
    expect(first.list[0]!.id).toBe(reversed[0]);
    const op = await lastOperation(t.db, 'product.sort');
    expect(op?.after).toEqual({ order: reversed });

    refused(await zhang.call(PRODUCT_API.saveSort, { body: { ids: reversed.slice(1) } }), ERR.GOODS_SORT_STALE);
    refused(
      await zhang.call(PRODUCT_API.saveSort, { body: { ids: [reversed[0]!, ...reversed.slice(0, -1)] } }),
      ERR.GOODS_SORT_STALE,
    );
  });
});

describe('permissions', () => {
  it('lets a role with the pages read but not add, edit, delete, 上架 or sort', async () => {
    const userId = await createUser(t.db, { loginName: 'goods_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'GOODS_VIEW',
      name: '商品只读',
      contentName: '总部',
      codes: ['ZBHT-SPGL', resourceCode('ZBHT-SPGL', PRODUCT.page), resourceCode('ZBHT-SPGL', '/productSort')],
    });
    const viewer = await t.signIn('goods_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const page = okData(await viewer.call(PRODUCT_API.list, { query: {} }));
    expect(page.total).toBeGreaterThan(0);
    const id = page.list[0]!.id;
    const before = await t.db.select().from(product).where(eq(product.id, id));
    for (const res of [
      await viewer.call(PRODUCT_API.create!, { body: newProduct({ code: 'T-VIEW' }) }),
      await viewer.call(PRODUCT_API.update!, { body: { id, name: '不许改' } }),
      await viewer.call(PRODUCT_API.delete!, { body: { ids: [id] } }),
      await viewer.call(PRODUCT_API.batch!, { body: { action: 'offSale', ids: [id] } }),
      await viewer.call(PRODUCT_API.saveSort, { body: { ids: [id] } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
    expect(await t.db.select().from(product).where(eq(product.id, id))).toEqual(before);
  });
});
