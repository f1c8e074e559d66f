import { APPROVAL_API } from '@zb/contract/api/approvals';
import { ERR } from '@zb/contract/errcodes';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { createUser, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { store } from '../stores/schema';
import { approval, approvalEvent } from './schema';

let t: TestApp;
let admin: TestClient;
const ids: Record<string, number> = {};

/**
 * Twelve applications: three in 华东 (HZ001, one per status), nine pending in 华南 (GZ001), in
 * place of the demo data's (bossAuthority.test.ts checks those), so the counts here are exact.
 */
const seedApplications = async () => {
  await t.db.delete(approval);
  const stores = await t.db
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(inArray(store.code, ['HZ001', 'GZ001']));
  const storeId = (code: string) => stores.find((s) => s.code === code)!.id;
  const base = Date.UTC(2026, 10, 22, 2, 0, 0);
  for (let i = 0; i < 12; i++) {
    const phone = `1390000${String(1000 + i)}`;
    const userId = await createUser(t.db, { loginName: phone, phone, password: 'boss1234', kind: 'boss' });
    const east = i < 3;
    const status = east ? (['pending', 'approved', 'rejected'] as const)[i]! : 'pending';
    const [row] = await t.db
      .insert(approval)
      .values({
        spNo: `SP20261122${String(i + 1).padStart(4, '0')}`,
        type: 'bossAuthority',
        applicantId: userId,
        storeId: storeId(east ? 'HZ001' : 'GZ001'),
        reason: '申请老板权限',
        status,
        createdAt: new Date(base + i * 60_000),
        decidedAt: status === 'pending' ? null : new Date(base + i * 60_000 + 1000),
      })
      .returning({ id: approval.id, spNo: approval.spNo });
    await t.db.insert(approvalEvent).values({ approvalId: row!.id, action: 'submit', actorId: userId });
    ids[row!.spNo] = row!.id;
  }
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  await seedApplications();
});
afterAll(() => t.close());

const list = (c: TestClient, query: Record<string, string | number>) => c.call(APPROVAL_API.list, { query });

describe('approval list', () => {
  it('pages newest first with the total', async () => {
    const first = await list(admin, { pageNo: 1, pageSize: 10 });
    expect(first.body.errcode).toBe(ERR.OK);
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]).toMatchObject({
      spNo: 'SP202611220012',
      type: 'bossAuthority',
      applicantPhone: '13900001011',
      storeName: '广州天河店',
      status: 'pending',
      createdAt: '2026-11-22 10:11:00',
      decidedAt: null,
    });
    const second = await list(admin, { pageNo: 2, pageSize: 10 });
    expect(second.body.data.list.map((r) => r.spNo)).toEqual(['SP202611220002', 'SP202611220001']);
  });

  it('filters by status, type and keyword (spNo, applicant or phone)', async () => {
    const approved = await list(admin, { status: 'approved' });
    expect(approved.body.data.list.map((r) => r.spNo)).toEqual(['SP202611220002']);
    expect(approved.body.data.total).toBe(1);
    expect((await list(admin, { type: 'bossAuthority' })).body.data.total).toBe(12);
    expect((await list(admin, { keyword: '0012' })).body.data.list.map((r) => r.spNo)).toEqual(['SP202611220012']);
    expect((await list(admin, { keyword: '13900001003' })).body.data.list.map((r) => r.spNo)).toEqual([
      'SP202611220004',
    ]);
    expect((await list(admin, { keyword: '测试1390000100' })).body.data.total).toBe(10);
    // A LIKE wildcard typed by the user matches itself only.
    expect((await list(admin, { keyword: '%' })).body.data.total).toBe(0);
  });

  it('answers bad filters with a Chinese PARAM error', async () => {
    const res = await list(admin, { status: 'done' });
    expect(res.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '审批状态无效' });
    expect((await list(admin, { pageSize: 7 })).body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('counts the pending applications', async () => {
    const res = await admin.call(APPROVAL_API.pendingCount);
    expect(res.body.data).toBe(10);
  });
});

describe('who may approve', () => {
  it('refuses a role without the approval center (总部运营) with 403', async () => {
    const ops = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
    const res = await list(ops, {});
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    const decided = await ops.call(APPROVAL_API.decide, { body: { id: ids.SP202611220001, decision: 'approve' } });
    expect(decided.body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('shows a region manager (大区经理, 华东) only the applications of 华东 stores', async () => {
    const manager = await t.signIn(
      '13800000002',
      'region123',
      await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'),
    );
    const res = await list(manager, {});
    expect(res.body.data.total).toBe(3);
    expect(new Set(res.body.data.list.map((r) => r.storeName))).toEqual(new Set(['杭州西湖店']));
    expect((await manager.call(APPROVAL_API.pendingCount)).body.data).toBe(1);
    const outside = await manager.call(APPROVAL_API.detail, { params: { id: ids.SP202611220012! } });
    expect(outside.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('deciding', () => {
  it('rejects with a comment, logs it, and refuses a second decision with 该申请已处理', async () => {
    const id = ids.SP202611220005!;
    const res = await admin.call(APPROVAL_API.decide, { body: { id, decision: 'reject', comment: ' 资料不全 ' } });
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toMatchObject({ status: 'rejected', comment: '资料不全', deciderName: '系统管理员' });
    expect(res.body.data.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body.data.history.map((h) => h.action)).toEqual(['submit', 'reject']);

    const again = await admin.call(APPROVAL_API.decide, { body: { id, decision: 'approve', comment: '' } });
    expect(again.body).toMatchObject({ errcode: ERR.APPROVAL_DECIDED, errmsg: '该申请已处理' });

    const logged = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `approval:${id}`));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ action: 'approvalReject', before: { status: 'pending' } });
  });

  it('refuses an unknown id, a bad decision and an over-long comment', async () => {
    const unknown = await admin.call(APPROVAL_API.decide, { body: { id: 999_999, decision: 'approve' } });
    expect(unknown.body.errcode).toBe(ERR.PARAM_INVALID);
    const bad = await admin.call(APPROVAL_API.decide, { body: { id: ids.SP202611220006, decision: 'maybe' } });
    expect(bad.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '请选择通过或驳回' });
    const long = await admin.call(APPROVAL_API.decide, {
      body: { id: ids.SP202611220006, decision: 'approve', comment: '长'.repeat(201) },
    });
    expect(long.body.errcode).toBe(ERR.PARAM_INVALID);
    const detail = await admin.call(APPROVAL_API.detail, { params: { id: 'abc' } });
    expect(detail.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});
