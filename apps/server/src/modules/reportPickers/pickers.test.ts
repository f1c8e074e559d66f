/**
 * The report pages' pickers (GET /rest/report/pick/*): stores, regions and staff cut to the
 * caller's data scope; every product, project and card product; a signed-in user with a role may
 * ask, nobody else.
 */

import { ERR } from '@zb/contract/errcodes';
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { card, product, project } from '../goods/schema';
import { staff } from '../staff/schema';
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

  it('answers the staff of the scope’s stores, each with their store', async () => {
    const regions = await t.db.select().from(region);
    const east = regions.find((r) => r.name === '华东大区');
    const stores = await t.db.select().from(store);
    const people = await t.db.select().from(staff);
    const eastStores = new Set(stores.filter((s) => s.regionId === east?.id).map((s) => s.id));
    const all = (await admin.call(REPORT_PICKER_API.staff)).body.data ?? [];
    expect(all.length).toBe(people.length);
    const own = (await liqiang.call(REPORT_PICKER_API.staff)).body.data ?? [];
    const eastPeople = people.filter((p) => eastStores.has(p.storeId));
    expect(own.map((p) => p.id).sort()).toEqual(eastPeople.map((p) => p.id).sort());
    const first = eastPeople.find((p) => p.id === own[0]?.id);
    const firstStore = stores.find((s) => s.id === first?.storeId);
    expect(own[0]?.name).toBe(`${first?.name}（${firstStore?.name}）`);
  });

  it('answers the goods to anyone signed in, and refuses a caller without a session', async () => {
    const products = await t.db.select({ id: product.id }).from(product);
    expect(((await liqiang.call(REPORT_PICKER_API.product)).body.data ?? []).length).toBe(products.length);
    const projects = await t.db.select({ id: project.id, name: project.name }).from(project);
    const pickedProjects = (await liqiang.call(REPORT_PICKER_API.project)).body.data ?? [];
    expect(pickedProjects.map((p) => p.id).sort()).toEqual(projects.map((p) => p.id).sort());
    expect(Object.keys(pickedProjects[0] ?? {}).sort()).toEqual(['id', 'name']);
    const cards = await t.db.select({ id: card.id }).from(card);
    expect(((await liqiang.call(REPORT_PICKER_API.card)).body.data ?? []).length).toBe(cards.length);
    const anonymous = await t.client().call(REPORT_PICKER_API.store, { noCookie: true });
    expect(anonymous.body.errcode).not.toBe(ERR.OK);
    expect(anonymous.body.data ?? null).toBeNull();
  });
});
