/**
 * Trial-project limits: open reading, writing under /projectConstraintsDetail's 编辑, one limit
 * per project, and the enforcement the selling service calls (limit, period, store scope, lock).
 */
import { PROJECT_API } from '@zb/contract/entities/project';
import { TRIAL_LIMIT_API } from '@zb/contract/entities/trialLimit';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { CallResult, TestClient } from '../../testing/testClient';
import { store } from '../stores/schema';
import { createIn, fieldErrors, itemId, okData, refused } from './testHelpers';

/** The field errors of a RECORD_DUPLICATE answer. */
const duplicateFields = (res: CallResult<unknown>): Record<string, string> => {
  expect(res.body.errcode, res.raw).toBe(ERR.RECORD_DUPLICATE);
  return (res.body.data as { fields: Record<string, string> }).fields;
};

import { assertTrialAllowed, beijingYear, recordTrialUse, type TrialTake } from './trialLimits';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
let storeA: number;
let storeB: number;
let seq = 0;

/** A new project on sale; answers its id. */
const newProject = async (name: string): Promise<number> => {
  seq += 1;
  return createIn(zhang, PROJECT_API.create, {
    code: `T-TRIAL-${seq}`,
    name,
    typeId: await itemId(t.db, 'projectType', '头皮护理'),
    durationMin: 30,
    price: 0,
    status: 'on',
  });
};

/** A whole limit as the form sends it. */
const FULL = { maxTimes: 1, period: 'lifetime', storeScope: 'all', enabled: true };

const limitOf = (projectId: number, over: Record<string, unknown> = {}) =>
  createIn(zhang, TRIAL_LIMIT_API.create, { ...FULL, projectId, ...over });

const storeId = async (code: string) => {
  const [row] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, code));
  return row!.id;
};

/** Checks and records one trial in one transaction, as the selling service will. */
const take = (over: Partial<TrialTake> & { projectId: number }, ref = 'T-REF') =>
  t.db.transaction(async (tx) => {
    const one: TrialTake = { memberPhone: '13900000001', storeId: storeA, at: new Date(), ...over };
    await assertTrialAllowed(tx, one);
    return recordTrialUse(tx, { ...one, ref });
  });

/** The errcode and message a refused take throws. */
const refusal = async (p: Promise<unknown>) => {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { errcode?: string; message?: string } | null;
  expect(err, 'the take was allowed').not.toBeNull();
  return { errcode: err!.errcode, message: err!.message };
};

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  storeA = await storeId('SH001');
  storeB = await storeId('SH002');
});
afterAll(() => t.close());

describe('trial limits: who reads and who changes them', () => {
  it('lets any signed-in user read them, and refuses changes without 编辑 of /projectConstraintsDetail', async () => {
    const project = await newProject('读取测试体验');
    const id = await limitOf(project, { maxTimes: 2, period: 'year', storeScope: 'store', remark: '新客专享' });

    // 李强 (大区经理) holds no goods page at all, yet /projectConstraints is open to him.
    const page = okData(await li.call(TRIAL_LIMIT_API.list, { query: { projectName: '读取测试' } }));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id,
      projectId: project,
      projectName: '读取测试体验',
      maxTimes: 2,
      period: 'year',
      storeScope: 'store',
      enabled: true,
      usedCount: 0,
      remark: '新客专享',
    });
    okData(await li.call(TRIAL_LIMIT_API.detail, { params: { id } }));

    refused(await li.call(TRIAL_LIMIT_API.create!, { body: { ...FULL, projectId: project } }), ERR.FORBIDDEN);
    refused(await li.call(TRIAL_LIMIT_API.update!, { body: { id, maxTimes: 5 } }), ERR.FORBIDDEN);
    refused(await li.call(TRIAL_LIMIT_API.delete!, { body: { ids: [id] } }), ERR.FORBIDDEN);
    refused(await li.call(TRIAL_LIMIT_API.batch!, { body: { action: 'disable', ids: [id] } }), ERR.FORBIDDEN);
  });

  it('lets a role holding only that 编辑 button add, change, switch off and delete a limit, each logged', async () => {
    const { contentRoleId } = await createRole(t.db, {
      code: 'TRIAL_EDITOR',
      name: '体验限制编辑',
      contentName: '总部',
      codes: ['ZBHT-SPGL', 'ZBHT-SPGL:projectConstraintsDetail', 'ZBHT-SPGL:projectConstraintsDetail:edit'],
    });
    const userId = await createUser(t.db, { loginName: '13800000077', phone: '13800000077', password: 'trial123' });
    const editor = await t.signIn('13800000077', 'trial123', await grantRole(t.db, userId, contentRoleId));
    const project = await newProject('编辑测试体验');

    const id = okData(await editor.call(TRIAL_LIMIT_API.create!, { body: { ...FULL, projectId: project } })).id;
    expect((await lastOperation(t.db, 'trialLimit.create'))?.target).toBe(`trialLimit:${id}`);
    const created = okData(await editor.call(TRIAL_LIMIT_API.detail, { params: { id } }));
    expect(created).toMatchObject({ period: 'lifetime', storeScope: 'all', enabled: true });

    okData(await editor.call(TRIAL_LIMIT_API.update!, { body: { id, maxTimes: 3, period: 'year' } }));
    const log = await lastOperation(t.db, 'trialLimit.update');
    expect(log?.before).toMatchObject({ maxTimes: 1, period: 'lifetime' });
    expect(log?.after).toMatchObject({ maxTimes: 3, period: 'year' });

    expect(okData(await editor.call(TRIAL_LIMIT_API.batch!, { body: { action: 'disable', ids: [id] } })).count).toBe(1);
    expect(okData(await editor.call(TRIAL_LIMIT_API.detail, { params: { id } })).enabled).toBe(false);

    okData(await editor.call(TRIAL_LIMIT_API.delete!, { body: { ids: [id] } }));
    refused(await editor.call(TRIAL_LIMIT_API.detail, { params: { id } }), ERR.RECORD_NOT_FOUND);
  });

  it('keeps one limit per project, and refuses a project that does not exist or bad numbers', async () => {
    const project = await newProject('重复测试体验');
    await limitOf(project);
    const dup = await zhang.call(TRIAL_LIMIT_API.create!, { body: { ...FULL, projectId: project, maxTimes: 2 } });
    expect(duplicateFields(dup).projectId).toMatch(/已设置体验限制/);

    expect(fieldErrors(await zhang.call(TRIAL_LIMIT_API.create!, { body: { ...FULL, projectId: 999_999 } }))).toEqual({
      projectId: '所选项目不存在或已被删除',
    });
    const other = await newProject('次数测试体验');
    expect(
      fieldErrors(await zhang.call(TRIAL_LIMIT_API.create!, { body: { ...FULL, projectId: other, maxTimes: 0 } })),
    ).toEqual({
      maxTimes: '每人限做次数不能小于 1',
    });
    expect(
      fieldErrors(await zhang.call(TRIAL_LIMIT_API.create!, { body: { ...FULL, projectId: other, period: 'week' } })),
    ).toHaveProperty('period');
  });
});

describe('trial limits: enforcement', () => {
  it('refuses a member past the limit with GOODS-40904 naming the limit; other members are not affected', async () => {
    const project = await newProject('终身一次体验');
    await limitOf(project);
    await take({ projectId: project });

    const again = await refusal(take({ projectId: project }));
    expect(again.errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
    expect(again.message).toBe('体验次数已用完：「终身一次体验」每位会员终身限做 1 次，该会员已体验 1 次');
    // Counted over all stores: another store refuses too.
    expect((await refusal(take({ projectId: project, storeId: storeB }))).errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
    // Another member takes it.
    await take({ projectId: project, memberPhone: '13900000002' });

    const [row] = okData(await zhang.call(TRIAL_LIMIT_API.list, { query: { projectName: '终身一次体验' } })).list;
    expect(row?.usedCount).toBe(2);
  });

  it('counts each store on its own when the limit is per store', async () => {
    const project = await newProject('每店一次体验');
    await limitOf(project, { storeScope: 'store' });
    await take({ projectId: project, storeId: storeA });
    await take({ projectId: project, storeId: storeB });
    const refusedA = await refusal(take({ projectId: project, storeId: storeA }));
    expect(refusedA.errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
    expect(refusedA.message).toContain('每位会员终身在每家门店限做 1 次，该会员在本店已体验 1 次');
  });

  it('starts counting again each natural year, Beijing time', async () => {
    const project = await newProject('每年两次体验');
    await limitOf(project, { maxTimes: 2, period: 'year' });
    const at = (iso: string) => new Date(iso);
    await take({ projectId: project, at: at('2024-03-01T10:00:00+08:00') });
    // 23:30 on 31 December in Beijing is still 2024 (15:30 UTC).
    await take({ projectId: project, at: at('2024-12-31T23:30:00+08:00') });
    const third = await refusal(take({ projectId: project, at: at('2024-06-01T10:00:00+08:00') }));
    expect(third.errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
    expect(third.message).toContain('每位会员每自然年限做 2 次，该会员今年已体验 2 次');
    // 00:30 on 1 January in Beijing is 2025, though it is still 31 December in UTC.
    await take({ projectId: project, at: at('2024-12-31T16:30:00Z') });
    await take({ projectId: project, at: at('2025-07-01T10:00:00+08:00') });
    expect((await refusal(take({ projectId: project, at: at('2025-12-01T10:00:00+08:00') }))).errcode).toBe(
      ERR.GOODS_TRIAL_USED_UP,
    );
  });

  it('does not limit a project without a limit, or with its limit switched off', async () => {
    const free = await newProject('普通项目');
    await take({ projectId: free });
    await take({ projectId: free });

    const project = await newProject('停用限制体验');
    const id = await limitOf(project);
    await take({ projectId: project });
    okData(await zhang.call(TRIAL_LIMIT_API.batch!, { body: { action: 'disable', ids: [id] } }));
    await take({ projectId: project });
    okData(await zhang.call(TRIAL_LIMIT_API.batch!, { body: { action: 'enable', ids: [id] } }));
    expect((await refusal(take({ projectId: project }))).errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
  });

  it('lets only one of two simultaneous sales of the last trial through', async () => {
    const project = await newProject('并发体验');
    await limitOf(project);
    const slowTake = () =>
      t.db.transaction(async (tx: Tx) => {
        const one: TrialTake = { memberPhone: '13900000009', projectId: project, storeId: storeA, at: new Date() };
        await assertTrialAllowed(tx, one);
        await new Promise((r) => setTimeout(r, 100));
        return recordTrialUse(tx, { ...one, ref: 'T-RACE' });
      });
    const results = await Promise.allSettled([slowTake(), slowTake()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as { errcode: string }).errcode).toBe(ERR.GOODS_TRIAL_USED_UP);
  });

  it('a project a member has taken as a trial cannot be deleted', async () => {
    const project = await newProject('已体验项目');
    await limitOf(project);
    await take({ projectId: project });
    okData(await zhang.call(PROJECT_API.update!, { body: { id: project, status: 'off' } }));
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [project] } }), ERR.RECORD_IN_USE);
  });
});

describe('beijingYear', () => {
  it('is the natural year in UTC+8', () => {
    const y = beijingYear(new Date('2024-12-31T16:30:00Z'));
    expect(y.start.toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect(y.end.toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });
});
