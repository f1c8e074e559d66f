/**
 * The report pages' pickers (GET /rest/report/pick/*): stores and regions cut to the caller's data
 * scope, every product; a signed-in user with a role may ask, nobody else.
 */

import { ERR } from '@zb/contract/errcodes';
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { region, store } from '../stores/schema';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t.close());

describe('report pickers', () => {
  it('answers every store and region to headquarters, and only its region and stores to a region manager', async () => {
    const regions = await t.db.select().from(region).orderBy(asc(region.id));
    const stores = await t.db.select().from(store);
    const east = regions.find((r) => r.name === '华东大区');
    expect(east).toBeDefined();

    const allStores = (await admin.call(REPORT_PICKER_API.store)).body.data ?? [];
    expect(allStores.map((s) => s.id).sort()).toEqual(stores.map((s) => s.id).sort());
    expect(allStores[0]?.name).toMatch(/（.+）$/);
    expect(((await admin.call(REPORT_PICKER_API.region)).body.data ?? []).length).toBe(regions.length);

    const own = (await liqiang.call(REPORT_PICKER_API.store)).body.data ?? [];
    const eastStores = stores.filter((s) => s.regionId === east?.id).map((s) => s.id);
    expect(eastStores.length).toBeGreaterThan(0);
    expect(eastStores.length).toBeLessThan(stores.length);
    expect(own.map((s) => s.id).sort()).toEqual(eastStores.sort());
    expect((await liqiang.call(REPORT_PICKER_API.region)).body.data).toEqual([{ id: east?.id, name: '华东大区' }]);
  });

  it('answers the products to anyone signed in, and refuses a caller without a session', async () => {
    const products = await t.db.select({ id: product.id }).from(product);
    expect(((await liqiang.call(REPORT_PICKER_API.product)).body.data ?? []).length).toBe(products.length);
    const anonymous = await t.client().call(REPORT_PICKER_API.store, { noCookie: true });
    expect(anonymous.body.errcode).not.toBe(ERR.OK);
    expect(anonymous.body.data ?? null).toBeNull();
  });
});
