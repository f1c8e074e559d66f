/**
 * 头皮检测: /detetionConfig's rules (ordered scale, batch 启用/停用, log), POST /open/v1/examinations
 * (graded on the server, idempotent by the device's number, refusals in Chinese), the setting kept
 * with each value, /examiningDetail and /examiningReport with permissions and data scope.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  EXAM_ITEM,
  EXAMINATION_API,
  type ExaminationDetailDto,
  gradeOf,
  type OpenExaminationAnswer,
  worstGrade,
} from '@zb/contract/entities/examination';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { EXAMINING_REPORT } from '@zb/contract/reports/examinations';
import { resourceApi } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { demoScalpPng } from '../../seed/examinations';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { examItem, examination } from './schema';

let t: TestApp;
let admin: TestClient;
let eastManager: TestClient;
let eastStores: Set<number>;
let bj001: number;
let bjMember: { id: number; phone: string; code: string };

const api = resourceApi(EXAM_ITEM);
const url = OPEN_PATHS.examinations;
let seq = 0;
const doc = (extra: Record<string, unknown> = {}) => ({
  outerNo: `EXT-${Date.now()}-${++seq}`,
  storeCode: 'BJ001',
  member: bjMember.phone,
  at: new Date().toISOString(),
  values: [
    { item: 'OIL', value: 35 },
    { item: 'DANDRUFF', value: 30 },
    { item: 'DENSITY', value: 60 },
  ],
  conclusion: '油脂正常，头屑偏多，密度偏低',
  projects: ['J001'],
  ...extra,
});

const ok = async <R>(res: Promise<{ body: { errcode: string; errmsg: string; data: R } }>): Promise<R> => {
  const { body } = await res;
  expect(body.errcode, body.errmsg).toBe(ERR.OK);
  return body.data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  eastManager = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const east = await t.db
    .select({ id: store.id })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(eq(region.name, '华东大区'));
  eastStores = new Set(east.map((s) => s.id));
  const [bj] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  bj001 = bj!.id;
  const [m] = await t.db
    .select({ id: member.id, phone: member.phone, code: member.code })
    .from(member)
    .where(eq(member.storeId, bj001))
    .orderBy(asc(member.id))
    .limit(1);
  bjMember = m!;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('grading', () => {
  it('grades by the distance outside the normal range and takes the worst', () => {
    const s = { low: 20, high: 50, mildLimit: 15, moderateLimit: 30 };
    expect(gradeOf(20, s)).toBe('normal');
    expect(gradeOf(50, s)).toBe('normal');
    expect(gradeOf(65, s)).toBe('mild');
    expect(gradeOf(5, s)).toBe('mild');
    expect(gradeOf(66, s)).toBe('moderate');
    expect(gradeOf(80, s)).toBe('moderate');
    expect(gradeOf(81, s)).toBe('severe');
    expect(gradeOf(-11, s)).toBe('severe');
    expect(worstGrade(['normal', 'moderate', 'mild'])).toBe('moderate');
    expect(worstGrade([])).toBe('normal');
  });
});

describe('/detetionConfig', () => {
  it('lists the demo items and creates, edits, disables and deletes one, each logged', async () => {
    const page = await ok(admin.call(api.list, { query: { pageNo: 1, pageSize: 50 } }));
    expect(page.list.map((r) => r.code)).toEqual(expect.arrayContaining(['OIL', 'DANDRUFF', 'PH']));
    const saved = await ok(
      admin.call(api.create!, {
        body: { code: 'T-ITCH', name: '瘙痒度', unit: '分', low: 0, high: 10, mildLimit: 5, moderateLimit: 10 },
      }),
    );
    const id = saved.id;
    await ok(admin.call(api.update!, { body: { id, high: 12 } }));
    const row = await ok(admin.call(api.detail, { params: { id } }));
    expect(row).toMatchObject({ high: 12, enabled: true });
    await ok(admin.call(api.batch!, { body: { action: 'disable', ids: [id] } }));
    expect((await ok(admin.call(api.detail, { params: { id } }))).enabled).toBe(false);
    await ok(admin.call(api.delete!, { body: { ids: [id] } }));
    const logs = await t.db
      .select({ action: operationLog.action })
      .from(operationLog)
      .where(eq(operationLog.target, `examItem:${id}`));
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['examItem.create', 'examItem.update', 'examItem.delete']),
    );
  });

  it('refuses an unordered scale with the field named, in Chinese', async () => {
    const base = { code: 'T-BAD', name: '坏项目', unit: '分', low: 10, high: 20, mildLimit: 5, moderateLimit: 10 };
    const r1 = await admin.call(api.create!, { body: { ...base, high: 10 } });
    expect(r1.status).toBe(200);
    expect(r1.body.errcode).toBe(ERR.PARAM_INVALID);
    expect((r1.body.data as unknown as { fields: Record<string, string> }).fields.high).toBe('正常范围上限须大于下限');
    const r2 = await admin.call(api.create!, { body: { ...base, moderateLimit: 5 } });
    expect((r2.body.data as unknown as { fields: Record<string, string> }).fields.moderateLimit).toBe(
      '中度阈值须大于轻度阈值',
    );
    const r3 = await admin.call(api.create!, { body: { ...base, mildLimit: 0 } });
    expect(r3.body.errcode).toBe(ERR.PARAM_INVALID);
    const r4 = await admin.call(api.create!, { body: { ...base, low: 'abc' } });
    expect(r4.body.errcode).toBe(ERR.PARAM_INVALID);
    const [oil] = await t.db
      .select({ id: examItem.id, low: examItem.low })
      .from(examItem)
      .where(eq(examItem.code, 'OIL'));
    // An update checks the scale it leaves: the stored low against the new high.
    const r5 = await admin.call(api.update!, { body: { id: oil!.id, high: oil!.low } });
    expect(r5.body.errcode).toBe(ERR.PARAM_INVALID);
    expect((r5.body.data as unknown as { fields: Record<string, string> }).fields.high).toBe('正常范围上限须大于下限');
    const dup = await admin.call(api.create!, { body: { ...base, code: 'OIL' } });
    expect(dup.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(JSON.stringify(dup.body)).toMatch(/code/);
    expect(await t.db.select().from(examItem).where(eq(examItem.code, 'T-BAD'))).toHaveLength(0);
  });

  it('refuses writes to a user with the page but not its buttons', async () => {
    const r = routeByPath('/detetionConfig')!;
    const userId = await createUser(t.db, { loginName: 'examviewer', password: 'view123456' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'EXAM_VIEW',
      name: '检测配置查看',
      contentName: '华东大区',
      codes: [r.group, ...r.codes],
    });
    const viewer = await t.signIn('examviewer', 'view123456', await grantRole(t.db, userId, contentRoleId));
    await ok(viewer.call(api.list, { query: { pageNo: 1, pageSize: 10 } }));
    const w = await viewer.call(api.create!, {
      body: { code: 'T-NO', name: '无权', unit: '分', low: 0, high: 10, mildLimit: 1, moderateLimit: 2 },
    });
    expect(w.status).toBe(403);
    expect(w.body.errcode).toBe(ERR.FORBIDDEN);
    // Nor the reports: the member pages are not among its codes.
    const d = await viewer.call(EXAMINATION_API.detail, { params: { id: 1 } });
    expect(d.body.errcode).toBe(ERR.FORBIDDEN);
    expect(buttonCodeOf('/detetionConfig', 'add')).toMatch(/detetionConfig/);
  });
});

describe('POST /open/v1/examinations', () => {
  it('grades on the server, stores the setting with each value, and answers a replay with the first', async () => {
    const body = doc();
    const first = await openPost<OpenExaminationAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, body);
    expect(first.errcode, first.errmsg).toBe(ERR.OK);
    // OIL 35 in 20–50; DANDRUFF 30 is 10 over 0–20 (mild ≤ 20); DENSITY 60 is 60 under 120 (> 50: severe).
    expect(first.data).toMatchObject({
      outerNo: body.outerNo,
      grade: 'severe',
      replayed: false,
      values: [
        { item: 'OIL', value: 35, grade: 'normal' },
        { item: 'DANDRUFF', value: 30, grade: 'mild' },
        { item: 'DENSITY', value: 60, grade: 'severe' },
      ],
    });
    expect(first.data.reportNo).toMatch(/^JC\d{10}$/);
    const again = await openPost<OpenExaminationAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, {
      ...body,
      values: [{ item: 'OIL', value: 1 }],
    });
    expect(again.data).toEqual({ ...first.data, replayed: true });
    const rows = await t.db.select().from(examination).where(eq(examination.outerNo, body.outerNo));
    expect(rows).toHaveLength(1);

    // A later change of the item rewrites nothing of the report.
    const [dandruff] = await t.db.select().from(examItem).where(eq(examItem.code, 'DANDRUFF'));
    await ok(admin.call(api.update!, { body: { id: dandruff!.id, high: 40 } }));
    const detail = await ok(admin.call(EXAMINATION_API.detail, { params: { id: rows[0]!.id } }));
    expect(detail.values[1]).toMatchObject({ itemCode: 'DANDRUFF', high: 20, grade: 'mild', value: 30 });
    expect(detail).toMatchObject({ storeId: bj001, memberId: bjMember.id, grade: 'severe' });
    expect(detail.projects.map((p) => p.code)).toEqual(['J001']);
    await ok(admin.call(api.update!, { body: { id: dandruff!.id, high: 20 } }));
    // The same report through the new setting would now be normal for DANDRUFF.
    const later = await openPost<OpenExaminationAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, doc());
    expect(later.data.values[1]!.grade).toBe('mild');
  });

  it('takes one report for two concurrent sends of one number', async () => {
    const body = doc();
    const [a, b] = await Promise.all([
      openPost<OpenExaminationAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, body),
      openPost<OpenExaminationAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, body),
    ]);
    expect([a.errcode, b.errcode]).toEqual([ERR.OK, ERR.OK]);
    expect(a.data.reportNo).toBe(b.data.reportNo);
    expect([a.data.replayed, b.data.replayed].sort()).toEqual([false, true]);
    expect(await t.db.select().from(examination).where(eq(examination.outerNo, body.outerNo))).toHaveLength(1);
  });

  it('stores images in the file store, served like uploads', async () => {
    const png = demoScalpPng(1).toString('base64');
    const res = await openPost<OpenExaminationAnswer>(t.app, DEMO_OPEN_KEYS.pos, url, doc({ images: [png] }));
    expect(res.errcode, res.errmsg).toBe(ERR.OK);
    const [row] = await t.db.select().from(examination).where(eq(examination.reportNo, res.data.reportNo));
    expect(row!.images).toHaveLength(1);
    expect(row!.images[0]).toMatch(/^\/rest\/upload\/file\//);
    const img = await admin.request('GET', row!.images[0]!);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('refuses what it cannot take, in Chinese, writing nothing', async () => {
    const before = await t.db.select({ id: examination.id }).from(examination);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ values: [{ item: 'NOPE', value: 1 }] }, ERR.EXAM_INVALID, /检测项目 NOPE 不存在/],
      [{ values: [{ item: 'PH', value: 50 }] }, ERR.EXAM_INVALID, /已停用/],
      [
        {
          values: [
            { item: 'OIL', value: 1 },
            { item: 'OIL', value: 2 },
          ],
        },
        ERR.EXAM_INVALID,
        /重复/,
      ],
      [{ member: '13999999999' }, ERR.EXAM_INVALID, /会员 13999999999 不存在/],
      [{ staffPhone: '13999999999' }, ERR.EXAM_INVALID, /不是本门店的员工/],
      [{ projects: ['NOPE'] }, ERR.EXAM_INVALID, /推荐项目 NOPE 不存在/],
      [{ images: ['bm90IGFuIGltYWdl'] }, ERR.EXAM_INVALID, /不是 PNG/],
      [{ images: ['***'] }, ERR.EXAM_INVALID, /base64/],
      [{ storeCode: 'NOPE' }, ERR.EXAM_INVALID, /门店编码 NOPE 不存在/],
      [{ values: [{ item: 'OIL', value: 1.5 }] }, ERR.OPEN_DOCUMENT_INVALID, /整数/],
      [{ values: [] }, ERR.OPEN_DOCUMENT_INVALID, /至少上报一个/],
      [{ at: 'yesterday' }, ERR.OPEN_DOCUMENT_INVALID, /时间/],
      [{ values: 'x' }, ERR.OPEN_DOCUMENT_INVALID, /./],
    ];
    for (const [extra, code, msg] of cases) {
      const res = await openPost(t.app, DEMO_OPEN_KEYS.pos, url, doc(extra));
      expect(res.status, JSON.stringify(extra)).toBeLessThan(500);
      expect(res.errcode, `${JSON.stringify(extra)} ${res.errmsg}`).toBe(code);
      expect(`${res.errmsg} ${JSON.stringify(res.data ?? {})}`).toMatch(msg);
    }
    // Another store than the terminal's, and the mini-program (not a store device).
    const [other] = await t.db.select({ code: store.code }).from(store).where(like(store.code, 'SH%')).limit(1);
    expect((await openPost(t.app, DEMO_OPEN_KEYS.pos, url, doc({ storeCode: other!.code }))).errcode).toBe(
      ERR.OPEN_STORE_NOT_BOUND,
    );
    expect((await openPost(t.app, DEMO_OPEN_KEYS.mini, url, doc())).errcode).toBe(ERR.OPEN_KEY_INVALID);
    expect(await t.db.select({ id: examination.id }).from(examination)).toHaveLength(before.length);
  });
});

describe('/examiningReport and /examiningDetail', () => {
  it('lists the reports, a member only theirs, filtered by phone, store and grade', async () => {
    const all = await reportAll(admin, EXAMINING_REPORT);
    expect(all.total).toBeGreaterThan(5);
    const stores = new Set(all.list.map((r) => r.storeName));
    expect(stores.size).toBeGreaterThan(1);
    const mine = await reportAll(admin, EXAMINING_REPORT, { memberId: bjMember.id });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((r) => r.memberPhone === bjMember.phone)).toBe(true);
    const byPhone = await reportAll(admin, EXAMINING_REPORT, { memberPhone: bjMember.phone });
    expect(byPhone.total).toBe(mine.total);
    const atBj = await reportAll(admin, EXAMINING_REPORT, { storeId: bj001, grade: 'severe' });
    expect(atBj.list.every((r) => r.grade === 'severe')).toBe(true);
    const severe = all.list.find((r) => r.grade === 'severe');
    expect(String(severe?.summary)).toMatch(/重度/);
  });

  it('keeps a region user to the reports of its stores', async () => {
    const east = await reportAll(eastManager, EXAMINING_REPORT);
    const ids = await t.db.select({ id: examination.id, storeId: examination.storeId }).from(examination);
    const inEast = ids.filter((r) => eastStores.has(r.storeId));
    expect(east.total).toBe(inEast.length);
    const outside = ids.find((r) => !eastStores.has(r.storeId))!;
    const d = await eastManager.call(EXAMINATION_API.detail, { params: { id: outside.id } });
    expect(d.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    expect(d.body.errmsg).toMatch(/检测报告不存在/);
    if (inEast[0]) {
      const mine = await ok(eastManager.call(EXAMINATION_API.detail, { params: { id: inEast[0].id } }));
      expect(eastStores.has(mine.storeId)).toBe(true);
    }
  });

  it('shows a demo report whole: values, images and recommended projects', async () => {
    const [demo] = await t.db
      .select({ id: examination.id })
      .from(examination)
      .where(and(eq(examination.storeId, bj001), like(examination.outerNo, 'JC-%')))
      .limit(1);
    const d: ExaminationDetailDto = await ok(admin.call(EXAMINATION_API.detail, { params: { id: demo!.id } }));
    expect(d.values.length).toBeGreaterThan(3);
    expect(d.images.length).toBe(2);
    expect(d.projects.length).toBeGreaterThan(0);
    expect(d.conclusion).toBeTruthy();
  });

  it('answers a malformed or unknown id with a Chinese error, never a 500', async () => {
    for (const id of ['abc', '0', '99999999999', '-1']) {
      const r = await admin.request('GET', `/rest/examination/detail/${id}`);
      expect(r.status).toBeLessThan(500);
      expect(r.body.errcode).toBe(ERR.PARAM_INVALID);
    }
    const r = await admin.call(EXAMINATION_API.detail, { params: { id: 2_000_000_000 } });
    expect(r.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});
