/** SPEC §7.3's product online rate calls: getConfigList, addProductOnlineType, editProductOnlineType. */
import { PRODUCT_ONLINE_RATE } from '@zb/contract/entities/productOnlineRate';
import { ERR } from '@zb/contract/errcodes';
import { resourceApi } from '@zb/contract/resource/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOperation } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { masterItem } from '../master/schema';

const api = resourceApi(PRODUCT_ONLINE_RATE);
let t: TestApp;
let admin: TestClient;
let types: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const rows = await t.db.select().from(masterItem).where(eq(masterItem.category, 'productOnlineType'));
  types = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

describe('product online rates', () => {
  it('answers at the SPEC names', () => {
    expect(api.list.path).toBe('/rest/productOnlineRate/getConfigList');
    expect(api.create!).toMatchObject({ method: 'POST', path: '/rest/productOnlineRate/addProductOnlineType' });
    expect(api.update!).toMatchObject({ method: 'POST', path: '/rest/productOnlineRate/editProductOnlineType' });
  });

  it('shows the demo data’s splits at the path the page calls (its declaration’s list path)', async () => {
    const res = await admin.call(api.list, { query: {} });
    expect(res.status).toBe(200);
    const list = res.body.data.list;
    expect(list.map((r) => [r.onlineTypeName, r.hqRate, r.storeRate])).toEqual([
      ['卡项', 5000, 5000],
      ['服务项目', 2000, 8000],
      ['实物商品', 3000, 7000],
    ]);
    // the engine's default path is not where this page's rows are
    expect((await admin.request('GET', '/rest/productOnlineRate/list')).status).toBe(404);
  });

  it('adds a type’s split, lists it with the type’s name, and edits it with its log row', async () => {
    const add = await admin.call(api.create!, {
      body: { onlineType: types.COUPON, hqRate: 3000, storeRate: 7000, remark: '优惠券门店七成' },
    });
    expect(add.body.errcode, add.body.errmsg).toBe(ERR.OK);
    const id = (add.body.data as { id: number }).id;
    const list = (await admin.call(api.list, { query: { onlineType: types.COUPON! } })).body.data;
    expect(list.list).toEqual([
      expect.objectContaining({ id, hqRate: 3000, storeRate: 7000, onlineTypeName: '优惠券' }),
    ]);
    const edit = await admin.call(api.update!, { body: { id, hqRate: 2500, storeRate: 7500 } });
    expect(edit.body.errcode, edit.body.errmsg).toBe(ERR.OK);
    const log = await lastOperation(t.db, 'productOnlineRate.update');
    expect(log?.before).toMatchObject({ hqRate: 3000 });
    expect(log?.after).toMatchObject({ hqRate: 2500, storeRate: 7500 });
  });

  it('refuses shares that do not add up to 100%, a second row of a type, and another category’s item', async () => {
    const sum = await admin.call(api.create!, { body: { onlineType: types.SERVICE, hqRate: 5000, storeRate: 4000 } });
    expect(fieldsOf(sum.body).storeRate).toBe('总部与门店的结算比例合计须为 100%');
    const over = await admin.call(api.create!, { body: { onlineType: types.SERVICE, hqRate: 12000, storeRate: 0 } });
    expect(fieldsOf(over.body).hqRate).toBe('总部结算比例不能大于 100.00%');
    const twice = await admin.call(api.create!, { body: { onlineType: types.GOODS, hqRate: 5000, storeRate: 5000 } });
    expect(twice.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(fieldsOf(twice.body).onlineType).toBe('线上商品类型已存在');
    const [gender] = await t.db.select().from(masterItem).where(eq(masterItem.category, 'gender')).limit(1);
    const wrong = await admin.call(api.create!, { body: { onlineType: gender!.id, hqRate: 5000, storeRate: 5000 } });
    expect(fieldsOf(wrong.body).onlineType).toBe('请选择有效的线上商品类型');
    const [row] = await t.db
      .select()
      .from(masterItem)
      .where(and(eq(masterItem.category, 'productOnlineType'), eq(masterItem.code, 'SERVICE')));
    expect(row).toBeTruthy();
  });
});
