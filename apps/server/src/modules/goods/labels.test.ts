/** /projectLabelSetList: labels are master_item rows; counts, order, 启用/停用, 设置标签 on many projects, the delete guard. */
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { PROJECT_API } from '@zb/contract/entities/project';
import { PROJECT_LABEL, PROJECT_LABEL_API } from '@zb/contract/entities/projectLabel';
import { ERR } from '@zb/contract/errcodes';
import { resourceApi } from '@zb/contract/resource/api';
import { resourceCode } from '@zb/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { createIn, fieldErrors, itemId, okData, refused } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let admin: TestClient;
let scalp: number;

const API = PROJECT_LABEL_API;
const BASIC = resourceApi(MASTER_ITEM);

const label = async (id: number) => okData(await zhang.call(API.detail, { params: { id } }));
const labelsOf = async (projectId: number) =>
  okData(await zhang.call(PROJECT_API.detail, { params: { id: projectId } })).labelIds as number[];

const newProject = (code: string, labelIds: number[] = []) =>
  createIn(zhang, PROJECT_API.create, {
    code,
    name: `标签测试${code}`,
    typeId: scalp,
    durationMin: 30,
    price: 5000,
    status: 'on',
    labelIds,
  });

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  admin = await t.signIn('admin', 'admin123');
  scalp = await itemId(t.db, 'projectType', '头皮护理');
});
afterAll(() => t.close());

describe('project labels', () => {
  it('lists only labels, in order, with how many projects carry each', async () => {
    const page = okData(await zhang.call(API.list, { query: { pageSize: 100 } }));
    const names = page.list.map((r) => r.name);
    expect(names).toContain('脱发困扰');
    expect(names).not.toContain('头皮护理'); // a project type, not a label
    const sorts = page.list.map((r) => Number(r.sort));
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    const hairLoss = page.list.find((r) => r.name === '脱发困扰')!;
    // The seed puts 脱发困扰 on J009, J010 and J011.
    expect(hairLoss.projectCount).toBe(3);
    const seasonal = page.list.find((r) => r.name === '季节限定')!;
    expect(seasonal).toMatchObject({ enabled: false, projectCount: 0 });
    const byCount = okData(await zhang.call(API.list, { query: { sortBy: 'projectCount', sortDir: 'desc' } }));
    expect(Number(byCount.list[0]!.projectCount)).toBeGreaterThanOrEqual(3);
  });

  it('adds a label last, renames it, and shows it in /basicProps as the same row', async () => {
    const id = await createIn(zhang, API.create, { code: 'T_LABEL_A', name: '测试标签甲' });
    const all = okData(await zhang.call(API.list, { query: { pageSize: 100 } }));
    expect(all.list.at(-1)!.id).toBe(id);
    expect(await label(id)).toMatchObject({ name: '测试标签甲', enabled: true, projectCount: 0 });
    okData(await zhang.call(API.update!, { body: { id, name: '测试标签乙', code: 'IGNORED' } }));
    expect(await label(id)).toMatchObject({ name: '测试标签乙', code: 'T_LABEL_A' });
    const basic = okData(await admin.call(BASIC.detail, { params: { id } }));
    expect(basic).toMatchObject({ category: 'label', name: '测试标签乙' });
    expect((await lastOperation(t.db, 'projectLabel.update'))?.after).toMatchObject({ name: '测试标签乙' });
    // A duplicate code is refused on its field.
    const dup = await zhang.call(API.create!, { body: { code: 'T_LABEL_A', name: '重复' } });
    refused(dup, ERR.RECORD_DUPLICATE);
    expect((dup.body.data as unknown as { fields: Record<string, string> }).fields.code).toBe('标签编码已存在');
    // Another category's row is not a label here.
    const typeId = await itemId(t.db, 'projectType', '洗护');
    refused(await zhang.call(API.detail, { params: { id: typeId } }), ERR.RECORD_NOT_FOUND);
    refused(await zhang.call(API.update!, { body: { id: typeId, name: '改不了' } }), ERR.RECORD_NOT_FOUND);
  });

  it('上移/下移 swap a label with its neighbour and renumber the order', async () => {
    const before = okData(await zhang.call(API.list, { query: { pageSize: 100 } })).list.map((r) => r.id);
    const second = before[1]!;
    okData(await zhang.call(API.move, { body: { id: second, dir: 'up' } }));
    const after = okData(await zhang.call(API.list, { query: { pageSize: 100 } })).list;
    expect(after.map((r) => r.id)).toEqual([second, before[0], ...before.slice(2)]);
    expect(after.map((r) => r.sort)).toEqual(after.map((_, i) => i + 1));
    expect((await lastOperation(t.db, 'projectLabel.sort'))?.after).toEqual({ order: after.map((r) => r.id) });
    refused(await zhang.call(API.move, { body: { id: second, dir: 'up' } }), ERR.PARAM_INVALID, /最前/);
    const last = after.at(-1)!.id;
    refused(await zhang.call(API.move, { body: { id: last, dir: 'down' } }), ERR.PARAM_INVALID, /最后/);
  });

  it('设置标签 adds and removes labels on many projects at once, one log row per project changed', async () => {
    const a = await itemId(t.db, 'label', '油性头皮');
    const b = await createIn(zhang, API.create, { code: 'T_LABEL_B', name: '测试标签丙' });
    const p1 = await newProject('T-L1', [a]);
    const p2 = await newProject('T-L2');
    const added = okData(
      await zhang.call(API.assign, { body: { projectIds: [p1, p2], labelIds: [a, b], mode: 'add' } }),
    );
    expect(added.count).toBe(2);
    expect(await labelsOf(p1)).toEqual([a, b]);
    expect(await labelsOf(p2)).toEqual([a, b]);
    expect(await label(b)).toMatchObject({ projectCount: 2 });
    const op = await lastOperation(t.db, 'project.addLabels');
    expect([`project:${p1}`, `project:${p2}`]).toContain(op?.target);
    // Adding again changes nothing.
    expect(
      okData(await zhang.call(API.assign, { body: { projectIds: [p1, p2], labelIds: [b], mode: 'add' } })).count,
    ).toBe(0);
    const removed = okData(
      await zhang.call(API.assign, { body: { projectIds: [p1, p2], labelIds: [a], mode: 'remove' } }),
    );
    expect(removed.count).toBe(2);
    expect(await labelsOf(p1)).toEqual([b]);
    expect((await lastOperation(t.db, 'project.removeLabels'))?.before).toMatchObject({ labelIds: [a, b] });
  });

  it('refuses a disabled label, a label that is not one, a missing project and an eleventh label', async () => {
    const p = await newProject('T-L3');
    const many0 = await itemId(t.db, 'label', '新会员');
    const off = await createIn(zhang, API.create, { code: 'T_LABEL_OFF', name: '测试停用标签' });
    expect(okData(await zhang.call(API.batch!, { body: { action: 'disable', ids: [off] } })).count).toBe(1);
    expect(await label(off)).toMatchObject({ enabled: false });
    expect((await lastOperation(t.db, 'projectLabel.disable'))?.after).toMatchObject({ enabled: false });
    const body = (over: Record<string, unknown>) => ({
      body: { projectIds: [p], labelIds: [off], mode: 'add', ...over },
    });
    expect(fieldErrors(await zhang.call(API.assign, body({}) as never)).labelIds).toBe(
      '标签「测试停用标签」已停用，不能添加',
    );
    const typeId = await itemId(t.db, 'projectType', '洗护');
    expect(fieldErrors(await zhang.call(API.assign, body({ labelIds: [typeId] }) as never)).labelIds).toBe(
      '所选标签不存在或已被删除',
    );
    expect(
      fieldErrors(await zhang.call(API.assign, body({ projectIds: [p, 999_999], labelIds: [many0] }) as never))
        .projectIds,
    ).toBe('所选项目不存在或已被删除');
    const many: number[] = [];
    for (let i = 0; i < 11; i++) many.push(await createIn(zhang, API.create, { code: `T_MANY_${i}`, name: `多${i}` }));
    okData(await zhang.call(API.assign, { body: { projectIds: [p], labelIds: many.slice(0, 10), mode: 'add' } }));
    expect(fieldErrors(await zhang.call(API.assign, body({ labelIds: [many[10]] }) as never)).labelIds).toMatch(
      /超过 10 个/,
    );
    expect(await labelsOf(p)).toEqual(many.slice(0, 10));
    // Removing a disabled label is allowed.
    okData(await zhang.call(API.batch!, { body: { action: 'enable', ids: [off] } }));
  });

  it('a label in use cannot be deleted, here or in /basicProps; unused it can', async () => {
    const id = await createIn(zhang, API.create, { code: 'T_LABEL_DEL', name: '测试删除标签' });
    const p = await newProject('T-L4', [id]);
    refused(await zhang.call(API.delete!, { body: { ids: [id] } }), ERR.GOODS_IN_USE, /已用于 1 个项目.*可以停用/);
    refused(await admin.call(BASIC.delete!, { body: { ids: [id] } }), ERR.GOODS_IN_USE, /已用于 1 个项目/);
    expect(await label(id)).toMatchObject({ projectCount: 1 });
    okData(await zhang.call(API.assign, { body: { projectIds: [p], labelIds: [id], mode: 'remove' } }));
    okData(await zhang.call(API.delete!, { body: { ids: [id] } }));
    refused(await zhang.call(API.detail, { params: { id } }), ERR.RECORD_NOT_FOUND);
    expect((await lastOperation(t.db, 'projectLabel.delete'))?.target).toBe(`projectLabel:${id}`);
  });

  it('lets a role with the page read labels and load the project picker, but not change them', async () => {
    const userId = await createUser(t.db, { loginName: 'label_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'LABEL_VIEW',
      name: '标签只读',
      contentName: '总部',
      codes: ['ZBHT-SPGL', resourceCode('ZBHT-SPGL', PROJECT_LABEL.page)],
    });
    const viewer = await t.signIn('label_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const page = okData(await viewer.call(API.list, { query: {} }));
    expect(page.total).toBeGreaterThan(0);
    expect(okData(await viewer.call(PROJECT_API.options)).length).toBeGreaterThan(0);
    const id = page.list[0]!.id;
    for (const res of [
      await viewer.call(API.create!, { body: { code: 'T_NO', name: '不许' } }),
      await viewer.call(API.update!, { body: { id, name: '不许改' } }),
      await viewer.call(API.batch!, { body: { action: 'disable', ids: [id] } }),
      await viewer.call(API.move, { body: { id, dir: 'down' } }),
      await viewer.call(API.assign, { body: { projectIds: [1], labelIds: [id], mode: 'add' } }),
      await viewer.call(API.delete!, { body: { ids: [id] } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
  });
});
