/**
 * /swiftpassStore: one merchant per store, the key written but never read back (stored encrypted,
 * kept when an edit leaves it blank), who changed it, no delete, and a region user's scope.
 */

import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { SWIFTPASS_API } from '@zb/contract/entities/swiftpass';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextExport } from '../../platform/exports/worker';
import { getBytes, readSheet } from '../../testing/exports';
import { lastOperation } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { store } from '../stores/schema';
import { swiftpassMerchant } from './schema';
import { fieldErrors, okData, refused, signInHq, signInRegion } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const KEY2 = 'ZZZZ0000yyyy1111XXXX2222wwww3333';

/** A store of the code's prefix without a swiftpass row yet. */
const freeStore = async (region: 'east' | 'other') => {
  const taken = new Set((await t.db.select({ s: swiftpassMerchant.storeId }).from(swiftpassMerchant)).map((r) => r.s));
  const stores = await t.db.select({ id: store.id, code: store.code, regionId: store.regionId }).from(store);
  const east = stores.find((s) => s.code === 'SH001')!.regionId;
  return stores.find((s) => !taken.has(s.id) && (region === 'east') === (s.regionId === east))!.id;
};

const rawKey = async (id: number) =>
  (await t.db.select({ k: swiftpassMerchant.signKey }).from(swiftpassMerchant).where(eq(swiftpassMerchant.id, id)))[0]!
    .k;

beforeAll(async () => {
  t = await createTestApp();
  zhang = await signInHq(t);
  li = await signInRegion(t);
});
afterAll(() => t.close());

describe('the list', () => {
  it('shows the franchise stores’ merchants with 已设置/未设置, never a key', async () => {
    const res = await zhang.call(SWIFTPASS_API.list, { query: { pageSize: 100 } });
    const page = okData(res);
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.ownership === 'franchise')).toBe(true);
    expect(page.list.some((r) => r.keySet === true)).toBe(true);
    expect(page.list.some((r) => r.keySet === false)).toBe(true);
    expect(page.list.every((r) => !('signKey' in r))).toBe(true);
    const set = okData(await zhang.call(SWIFTPASS_API.list, { query: { keySet: 'false' } }));
    expect(set.list.every((r) => r.keySet === false)).toBe(true);
  });
});

describe('writing', () => {
  it('keeps the key encrypted, answers only that it is set, and keeps it through an edit that leaves it blank', async () => {
    const storeId = await freeStore('east');
    const create = await zhang.call(SWIFTPASS_API.create!, {
      body: { storeId, merchantNo: '101520000465', signKey: KEY, subMerchantNo: '1900000109', enabled: true },
    });
    const id = okData(create).id;
    const detail = await zhang.call(SWIFTPASS_API.detail, { params: { id } });
    expect(okData(detail)).toMatchObject({ merchantNo: '101520000465', keySet: true, updatedByName: '张敏' });
    expect(detail.raw).not.toContain(KEY);
    const stored = await rawKey(id);
    expect(stored).not.toBe(KEY);
    expect(t.app.cipher.decrypt(stored!)).toBe(KEY);
    const log = await lastOperation(t.db, 'swiftpassMerchant.create');
    expect(JSON.stringify(log)).not.toContain(KEY);

    okData(await zhang.call(SWIFTPASS_API.update!, { body: { id, merchantNo: '101520000466', signKey: '' } }));
    expect(await rawKey(id)).toBe(stored);
    okData(await zhang.call(SWIFTPASS_API.update!, { body: { id, enabled: false } }));
    expect(await rawKey(id)).toBe(stored);
    expect(okData(await zhang.call(SWIFTPASS_API.detail, { params: { id } }))).toMatchObject({
      merchantNo: '101520000466',
      enabled: false,
      keySet: true,
    });

    okData(await zhang.call(SWIFTPASS_API.update!, { body: { id, signKey: KEY2 } }));
    expect(t.app.cipher.decrypt((await rawKey(id))!)).toBe(KEY2);
  });

  it('one per store; a bad key or merchant number is refused on its field; there is no delete', async () => {
    const storeId = await freeStore('east');
    okData(await zhang.call(SWIFTPASS_API.create!, { body: { storeId, merchantNo: '101520000500' } }));
    const again = await zhang.call(SWIFTPASS_API.create!, { body: { storeId, merchantNo: '101520000501' } });
    expect(fieldErrors(again).storeId).toBe('该门店已配置威富通商户，请编辑原记录');
    const other = await freeStore('east');
    const short = await zhang.call(SWIFTPASS_API.create!, {
      body: { storeId: other, merchantNo: '1015', signKey: 'abc' },
    });
    const fields = fieldErrors(short);
    expect(fields.merchantNo).toBe('商户号为 6 到 20 位数字');
    expect(SWIFTPASS_API.delete).toBeUndefined();
    const del = await zhang.request('POST', '/rest/swiftpassStore/delete', { body: { ids: [1] } });
    expect(del.status).toBe(404);
  });

  it('a region user sees and configures only their region’s stores', async () => {
    const mine = okData(await li.call(SWIFTPASS_API.list, { query: { pageSize: 100 } }));
    expect(mine.list.every((r) => r.regionName === '华东大区')).toBe(true);
    const outside = await freeStore('other');
    const res = await li.call(SWIFTPASS_API.create!, { body: { storeId: outside, merchantNo: '101520000600' } });
    expect(fieldErrors(res).storeId).toBe('请选择您数据范围内的门店');
    const all = okData(await zhang.call(SWIFTPASS_API.list, { query: { pageSize: 100 } }));
    const theirs = all.list.find((r) => r.regionName !== '华东大区')!;
    refused(await li.call(SWIFTPASS_API.update!, { body: { id: theirs.id, enabled: false } }), ERR.RECORD_NOT_FOUND);
  });
});

describe('export', () => {
  it('a region user’s file has their region’s rows and 密钥状态, never a key', async () => {
    const queued = okData(await li.call(SWIFTPASS_API.export!, { query: {} }));
    while ((await runNextExport(t.db, 'test-worker')) !== null) {}
    const file = await getBytes(t.app, li, DOWNLOAD_API.file.path, { id: queued.jobId });
    expect(file.status).toBe(200);
    const rows = await readSheet(file.bytes);
    const header = rows[0] as string[];
    expect(header).toContain('密钥状态');
    expect(header).not.toContain('密钥');
    const mine = okData(await li.call(SWIFTPASS_API.list, { query: { pageSize: 100 } }));
    expect(rows).toHaveLength(mine.total + 1);
    const region = header.indexOf('大区');
    expect(rows.slice(1).every((r) => r[region] === '华东大区')).toBe(true);
    const keys = await t.db.select({ k: swiftpassMerchant.signKey }).from(swiftpassMerchant);
    const text = rows.flat().map(String).join('|');
    for (const { k } of keys) if (k) expect(text).not.toContain(k);
    expect(text).not.toContain(KEY2);
  });
});
