/**
 * Channels and QR codes: /qrEstablish per store of the caller's scope (all or nothing), what a
 * region user sees, the mini-program's scans (counted once per sender's number, the figures equal
 * to the events), a member attributed once, 停用 codes refused with nothing written, a channel with
 * codes not deleted, /qrCodeDetail's numbers by day, and the bulk zip through the download centre.
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import {
  CHANNEL_API,
  type OpenQrRegistrationAnswer,
  type OpenQrScanAnswer,
  QR_API,
  type QrCodeView,
} from '@zb/contract/entities/channel';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { buttonCode, routeByPath } from '@zb/contract/routes';
import { asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextExport } from '../../platform/exports/worker';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { getBytes } from '../../testing/exports';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { type OpenKey, openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { channel, qrCode, qrRegistration, qrScan } from './schema';

let t: TestApp;
let admin: TestClient;
/** 大区经理 of 华东大区. */
let east: TestClient;
let eastStores: number[];
let otherStore: number;
let channelId: number;

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const codeCount = async () => Number((await t.db.select({ n: count() }).from(qrCode))[0]!.n);
const codeRow = async (code: string) => (await t.db.select().from(qrCode).where(eq(qrCode.code, code)))[0]!;

let seq = 0;
const scan = (code: string, scanNo = `T-SCAN-${++seq}`, key: OpenKey = DEMO_OPEN_KEYS.mini) =>
  openPost<OpenQrScanAnswer>(t.app, key, OPEN_PATHS.qrScans, { scanNo, code, at: new Date().toISOString() });
const register = (code: string, memberKey: string) =>
  openPost<OpenQrRegistrationAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.qrRegistrations, {
    code,
    member: memberKey,
    at: new Date().toISOString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  // /qrCodeManage with its buttons, in 华东大区's box: that region's data scope.
  const page = routeByPath('/qrCodeManage')!;
  const codes = ['ZBHT-YHFA-PAG', page.code!, ...page.buttons.map((b) => buttonCode(page.code!, b.key))];
  const { contentRoleId } = await createRole(t.db, {
    code: 'QR_EAST',
    name: '华东推广',
    contentName: '华东大区',
    codes,
  });
  const userId = await createUser(t.db, { loginName: 'qr-east', password: 'qr12345678' });
  east = await t.signIn('qr-east', 'qr12345678', await grantRole(t.db, userId, contentRoleId));
  const rows = await t.db
    .select({ id: store.id, regionName: region.name })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .orderBy(asc(store.code));
  eastStores = rows.filter((r) => r.regionName === '华东大区').map((r) => r.id);
  otherStore = rows.find((r) => r.regionName !== '华东大区')!.id;
  channelId = ok(await admin.call(CHANNEL_API.create!, { body: { name: '测试渠道', kind: 'offline' } })).id;
});

afterAll(() => t?.close());

describe('establishing codes', () => {
  it('makes one code per chosen store of the scope, and refuses a store outside it with nothing written', async () => {
    const before = await codeCount();
    const refused = await east.call(QR_API.establish, {
      body: { channelId, name: '海报', ownerKind: 'store', storeIds: [eastStores[0]!, otherStore], target: 'register' },
    });
    expect(refused.body.errcode).toBe(ERR.PARAM_INVALID);
    expect((refused.body.data as unknown as { fields: Record<string, string> }).fields.storeIds).toBe(
      '请选择您数据范围内的门店',
    );
    const general = await east.call(QR_API.establish, {
      body: { channelId, name: '通用', ownerKind: 'channel', target: 'register' },
    });
    expect(general.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(await codeCount()).toBe(before);

    const made = ok(
      await east.call(QR_API.establish, {
        body: { channelId, name: '海报', ownerKind: 'store', storeIds: eastStores.slice(0, 2), target: 'register' },
      }),
    );
    expect(made.codes).toHaveLength(2);
    expect(await codeCount()).toBe(before + 2);
    const rows = await t.db.select().from(qrCode).where(inArray(qrCode.id, made.ids));
    expect(rows.map((r) => r.storeId).sort()).toEqual(eastStores.slice(0, 2).sort());

    // The region user lists only codes of their stores; headquarters sees the channel's own too.
    const hq = ok(
      await admin.call(QR_API.establish, {
        body: { channelId, name: '总部码', ownerKind: 'channel', target: 'page', pagePath: 'pages/index/index' },
      }),
    );
    const seen = ok(await east.call(QR_API.list, { query: { pageNo: 1, pageSize: 100, channelName: '测试渠道' } }));
    expect(seen.list.map((r) => r.code).sort()).toEqual([...made.codes].sort());
    const all = ok(await admin.call(QR_API.list, { query: { pageNo: 1, pageSize: 100, channelName: '测试渠道' } }));
    expect(all.total).toBe(3);
    const refusedView = await east.call(QR_API.view, { params: { id: hq.ids[0]! } });
    expect(refusedView.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });

  it('keeps a channel that has codes (停用 instead)', async () => {
    const res = await admin.call(CHANNEL_API.delete!, { body: { ids: [channelId] } });
    expect(res.body.errcode).toBe(ERR.RECORD_IN_USE);
    expect(await t.db.select().from(channel).where(eq(channel.id, channelId))).toHaveLength(1);
  });
});

describe('scans and registrations from the mini-program', () => {
  it('counts each scan once, its figure equal to the events and to the detail’s days', async () => {
    const { codes } = ok(
      await admin.call(QR_API.establish, {
        body: { channelId, name: '扫码', ownerKind: 'store', storeIds: [otherStore], target: 'register' },
      }),
    );
    const code = codes[0]!;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await scan(code));
    const again = await scan(code, `T-SCAN-${seq}`); // the last one, retried
    expect(answers.map((a) => a.errcode)).toEqual(Array(5).fill(ERR.OK));
    expect(again.data).toMatchObject({ replayed: true, scans: 5 });
    const row = await codeRow(code);
    const [events] = await t.db.select({ n: count() }).from(qrScan).where(eq(qrScan.qrCodeId, row.id));
    expect(row.scans).toBe(5);
    expect(Number(events!.n)).toBe(5);
    const view = ok(await admin.call(QR_API.view, { params: { id: row.id }, query: { days: 7 } })) as QrCodeView;
    expect(view.days).toHaveLength(7);
    expect(view.days.reduce((s, d) => s + d.scans, 0)).toBe(5);
    expect(view.image.startsWith('data:image/png;base64,')).toBe(true);
    expect(view.url.endsWith(code)).toBe(true);

    // A POS key may not report scans; a 停用 code is refused; neither writes an event.
    expect((await scan(code, undefined, DEMO_OPEN_KEYS.pos)).errcode).toBe(ERR.OPEN_KEY_INVALID);
    ok(await admin.call(QR_API.update!, { body: { id: row.id, status: 'disabled' } }));
    expect((await scan(code)).errcode).toBe(ERR.QR_DISABLED);
    expect((await scan('QR99999999')).errcode).toBe(ERR.QR_INVALID);
    expect((await codeRow(code)).scans).toBe(5);
    const [after] = await t.db.select({ n: count() }).from(qrScan).where(eq(qrScan.qrCodeId, row.id));
    expect(Number(after!.n)).toBe(5);
  });

  it('attributes a member to the first code they registered through, once', async () => {
    const { codes } = ok(
      await admin.call(QR_API.establish, {
        body: { channelId, name: '注册', ownerKind: 'store', storeIds: eastStores.slice(0, 2), target: 'register' },
      }),
    );
    const [a, b] = codes as [string, string];
    // A member no code has attributed yet.
    const [who] = await t.db
      .select({ id: member.id, code: member.code, phone: member.phone })
      .from(member)
      .where(notInArray(member.id, t.db.select({ id: qrRegistration.memberId }).from(qrRegistration)))
      .orderBy(asc(member.id))
      .limit(1);
    if (!who) throw new Error('no member left to attribute');

    expect((await register(a, who.phone)).data).toMatchObject({ attributed: true, code: a, channelName: '测试渠道' });
    expect((await register(b, who.code)).data).toMatchObject({ attributed: false, code: a });
    expect((await register(a, who.code)).data).toMatchObject({ attributed: false, code: a });
    expect((await codeRow(a)).registrations).toBe(1);
    expect((await codeRow(b)).registrations).toBe(0);
    const rows = await t.db.select().from(qrRegistration).where(eq(qrRegistration.memberId, who.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storeId).toBe(eastStores[0]);

    const unknown = await register(a, '19999999999');
    expect(unknown.errcode).toBe(ERR.QR_INVALID);
    expect((await codeRow(a)).registrations).toBe(1);

    // The channel's figures add up its codes'.
    const list = ok(await admin.call(CHANNEL_API.list, { query: { pageNo: 1, pageSize: 10, name: '测试渠道' } }));
    const codesOf = await t.db.select().from(qrCode).where(eq(qrCode.channelId, channelId));
    expect(list.list[0]).toMatchObject({
      qrCount: codesOf.length,
      scans: codesOf.reduce((s, c) => s + c.scans, 0),
      registrations: codesOf.reduce((s, c) => s + c.registrations, 0),
    });
  });
});

describe('bulk download', () => {
  it('zips one PNG per code of the caller’s scope through the download centre', async () => {
    const codes = await t.db.select().from(qrCode).where(eq(qrCode.channelId, channelId));
    const inEast = codes.filter((c) => c.storeId !== null && eastStores.includes(c.storeId));
    const { jobId } = ok(await east.call(QR_API.pack, { body: { channelId } }));
    expect(await runNextExport(t.db, 'test-worker')).toBe(jobId);
    const file = await getBytes(t.app, east, DOWNLOAD_API.file.path, { id: jobId });
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(file.bytes as Buffer);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(inEast.map((c) => `${c.code}_${c.name}.png`).sort());
    const png = await zip.file(names[0]!)!.async('nodebuffer');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');

    // Chosen codes: exactly those.
    const pick = codes.slice(0, 2).map((c) => c.id);
    const chosen = ok(await admin.call(QR_API.pack, { body: { ids: pick } }));
    expect(await runNextExport(t.db, 'test-worker')).toBe(chosen.jobId);
    const two = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: chosen.jobId });
    expect(Object.keys((await JSZip.loadAsync(two.bytes as Buffer)).files)).toHaveLength(2);
  });
});
