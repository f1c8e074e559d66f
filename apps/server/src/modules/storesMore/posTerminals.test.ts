/**
 * /posList and SPEC §7.3 paymentTerminalList: binding a terminal to one store at a time with its
 * history, the 在用-needs-a-store rule, delete only when unbound, and a region user's scope.
 */
import { POS_API } from '@zb/contract/entities/posTerminal';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOperation } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { store } from '../stores/schema';
import { posTerminalBinding } from './schema';
import { fieldErrors, okData, refused, signInHq, signInRegion } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
let sh: number;
let sh2: number;
let gz: number;

const storeIdOf = async (code: string) =>
  (await t.db.select({ id: store.id }).from(store).where(eq(store.code, code)))[0]!.id;

const terminal = (over: Record<string, unknown> = {}) => ({
  sn: 'TEST-SN-0001',
  brand: '拉卡拉',
  model: 'A8',
  merchantNo: '898310058120001',
  status: 'active',
  storeId: sh,
  ...over,
});

const history = (terminalId: number) =>
  t.db.select().from(posTerminalBinding).where(eq(posTerminalBinding.terminalId, terminalId));

beforeAll(async () => {
  t = await createTestApp();
  zhang = await signInHq(t);
  li = await signInRegion(t);
  sh = await storeIdOf('SH001');
  sh2 = await storeIdOf('SH002');
  gz = await storeIdOf('GZ001');
});
afterAll(() => t.close());

describe('the list', () => {
  it('shows the demo terminals with their store; headquarters also sees the unbound spares', async () => {
    const all = okData(await zhang.call(POS_API.list, { query: { pageSize: 100 } }));
    expect(all.total).toBeGreaterThan(30);
    const spares = all.list.filter((r) => r.storeName === null);
    expect(spares.length).toBeGreaterThan(0);
    expect(spares.every((r) => r.status === 'disabled' && r.boundAt === null)).toBe(true);
    const bound = all.list.find((r) => r.storeName !== null)!;
    expect(bound.boundAt).toBeTruthy();
    expect(bound.regionName).toBeTruthy();
  });
});

describe('binding', () => {
  it('a new terminal bound to a store opens its history; 在用 needs a store; SNs are unique', async () => {
    const id = okData(await zhang.call(POS_API.create!, { body: terminal() })).id;
    const row = okData(await zhang.call(POS_API.detail, { params: { id } }));
    expect(row).toMatchObject({ sn: 'TEST-SN-0001', storeName: '上海徐汇店', status: 'active' });
    expect(row.boundAt).toBeTruthy();
    const rows = await history(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ storeId: sh, unboundAt: null });

    const dup = await zhang.call(POS_API.create!, { body: terminal({ storeId: sh2 }) });
    refused(dup, ERR.RECORD_DUPLICATE);
    expect(fieldsOf(dup.body).sn).toBe('终端号（SN）已存在');
    const noStore = await zhang.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0002', storeId: null }) });
    expect(fieldErrors(noStore).storeId).toMatch(/在用的终端须绑定门店/);
    const badSn = await zhang.call(POS_API.create!, { body: terminal({ sn: '终端1' }) });
    expect(fieldErrors(badSn).sn).toBe('终端号为 6 到 32 位字母、数字或短横线');
  });

  it('rebinding closes the old period and opens a new one; unbinding closes it; each is logged', async () => {
    const id = okData(await zhang.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0100' }) })).id;
    okData(await zhang.call(POS_API.update!, { body: { id, storeId: sh2 } }));
    let rows = await history(id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.storeId === sh)!.unboundAt).not.toBeNull();
    expect(rows.find((r) => r.storeId === sh2)!.unboundAt).toBeNull();
    const moved = await lastOperation(t.db, 'posTerminal.update');
    expect(moved).toMatchObject({ before: { storeName: '上海徐汇店' }, after: { storeName: '上海静安店' } });

    // Editing anything else keeps the binding as it is.
    okData(await zhang.call(POS_API.update!, { body: { id, note: '前台收银' } }));
    expect(await history(id)).toHaveLength(2);

    const stillActive = await zhang.call(POS_API.update!, { body: { id, storeId: null } });
    expect(fieldErrors(stillActive).storeId).toMatch(/在用的终端须绑定门店/);
    okData(await zhang.call(POS_API.update!, { body: { id, storeId: null, status: 'repair' } }));
    const row = okData(await zhang.call(POS_API.detail, { params: { id } }));
    expect(row).toMatchObject({ storeName: null, boundAt: null, status: 'repair' });
    rows = await history(id);
    expect(rows.every((r) => r.unboundAt !== null)).toBe(true);

    const listed = okData(await zhang.call(POS_API.bindings, { params: { id } }));
    expect(listed.map((b) => b.storeName)).toEqual(['上海静安店', '上海徐汇店']);
    expect(listed[0]).toMatchObject({ boundByName: '张敏', unboundByName: '张敏' });
  });

  it('a bound terminal is not deleted; an unbound one leaves the list, keeps its history, frees its SN', async () => {
    const id = okData(await zhang.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0200' }) })).id;
    refused(await zhang.call(POS_API.delete!, { body: { ids: [id] } }), ERR.RECORD_IN_USE, /请先解绑再删除/);
    okData(await zhang.call(POS_API.update!, { body: { id, storeId: null, status: 'disabled' } }));
    okData(await zhang.call(POS_API.delete!, { body: { ids: [id] } }));
    refused(await zhang.call(POS_API.detail, { params: { id } }), ERR.RECORD_NOT_FOUND);
    expect(await history(id)).toHaveLength(1);
    okData(await zhang.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0200' }) }));
  });
});

describe('a region user', () => {
  it('binds within their region only, cannot unbind out of it, and cannot see other regions’ terminals', async () => {
    const id = okData(await li.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0300', storeId: sh2 }) })).id;
    const outside = await li.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0301', storeId: gz }) });
    expect(fieldErrors(outside).storeId).toBe('请选择您数据范围内的门店');
    const away = await li.call(POS_API.update!, { body: { id, storeId: gz } });
    expect(fieldErrors(away).storeId).toBe('请选择您数据范围内的门店');
    const unbind = await li.call(POS_API.update!, { body: { id, storeId: null, status: 'disabled' } });
    expect(fieldErrors(unbind).storeId).toMatch(/请由总部解绑/);

    const theirs = okData(
      await zhang.call(POS_API.create!, { body: terminal({ sn: 'TEST-SN-0302', storeId: gz }) }),
    ).id;
    refused(await li.call(POS_API.detail, { params: { id: theirs } }), ERR.RECORD_NOT_FOUND);
    refused(await li.call(POS_API.bindings, { params: { id: theirs } }), ERR.RECORD_NOT_FOUND);
    refused(await li.call(POS_API.update!, { body: { id: theirs, note: 'x' } }), ERR.RECORD_NOT_FOUND);
  });
});

describe('GET /rest/pos/paymentTerminalList', () => {
  it('answers a store’s terminals, narrowed by status and SN', async () => {
    okData(await zhang.call(POS_API.create!, { body: terminal({ sn: 'PTL-A-0001', storeId: gz }) }));
    okData(await zhang.call(POS_API.create!, { body: terminal({ sn: 'PTL-A-0002', storeId: gz, status: 'repair' }) }));
    const list = okData(await zhang.call(POS_API.paymentTerminalList, { query: { storeId: gz } }));
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((x) => x.storeId === gz && x.storeCode === 'GZ001')).toBe(true);
    const active = okData(await zhang.call(POS_API.paymentTerminalList, { query: { storeId: gz, status: 'active' } }));
    expect(active.every((x) => x.status === 'active' && x.statusName === '在用')).toBe(true);
    expect(active.map((x) => x.sn)).toContain('PTL-A-0001');
    expect(active.map((x) => x.sn)).not.toContain('PTL-A-0002');
    const bySn = okData(await zhang.call(POS_API.paymentTerminalList, { query: { sn: 'ptl-a' } }));
    expect(bySn.map((x) => x.sn).sort()).toEqual(['PTL-A-0001', 'PTL-A-0002']);
  });

  it('without a store answers the caller’s scope; another region’s store is not found', async () => {
    const hq = okData(await zhang.call(POS_API.paymentTerminalList, { query: {} }));
    expect(hq.some((x) => x.storeId === null)).toBe(true);
    const mine = okData(await li.call(POS_API.paymentTerminalList, { query: {} }));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(hq.length);
    const east = await t.db
      .select({ id: store.id })
      .from(store)
      .where(eq(store.regionId, (await t.db.select().from(store).where(eq(store.id, sh)))[0]!.regionId));
    const eastIds = new Set(east.map((s) => s.id));
    expect(mine.every((x) => x.storeId !== null && eastIds.has(x.storeId))).toBe(true);
    refused(await li.call(POS_API.paymentTerminalList, { query: { storeId: gz } }), ERR.RECORD_NOT_FOUND);
    refused(await li.call(POS_API.paymentTerminalList, { query: { status: 'lost' } }), ERR.PARAM_INVALID);
  });
});
