/** Minor healing courses (小疗程): sessions of one project at a course price, several per project, the off-sale and delete rules. */
import { MINOR_COURSE, MINOR_COURSE_API } from '@zb/contract/entities/minorCourse';
import { PROJECT_API } from '@zb/contract/entities/project';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { createIn, fieldErrors, itemId, okData, refused } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let scalp: number;

const API = MINOR_COURSE_API;

beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  scalp = await itemId(t.db, 'projectType', '头皮护理');
});
afterAll(() => t.close());

const newProject = (code: string, price: number, status = 'on') =>
  createIn(zhang, PROJECT_API.create, { code, name: `疗程项目${code}`, typeId: scalp, durationMin: 30, price, status });

const course = (projectId: number, over: Record<string, unknown> = {}) => ({
  code: 'T-XL1',
  name: '测试5次疗程',
  projectId,
  sessions: 5,
  price: 45000,
  validityDays: 120,
  status: 'on',
  ...over,
});

const detail = async (id: number) => okData(await zhang.call(API.detail, { params: { id } }));

describe('minor healing courses', () => {
  it('sells a project as N sessions at a course price, several courses per project', async () => {
    const j = await newProject('T-XJ1', 10000);
    const five = await createIn(zhang, API.create, course(j));
    expect(await detail(five)).toMatchObject({
      projectId: j,
      projectName: '疗程项目T-XJ1',
      sessions: 5,
      price: 45000,
      listTotal: 50000,
      sessionPrice: 9000,
      validityDays: 120,
      status: 'on',
    });
    const ten = await createIn(
      zhang,
      API.create,
      course(j, { code: 'T-XL2', name: '测试10次疗程', sessions: 10, price: 80000 }),
    );
    const mine = okData(await zhang.call(API.list, { query: { projectName: 'T-XJ1', sortBy: 'sessions' } }));
    expect(mine.list.map((r) => r.id)).toEqual([five, ten]);
    expect((await lastOperation(t.db, 'minorCourse.create'))?.after).toMatchObject({ sessions: 10 });
    const seeded = okData(await zhang.call(API.list, { query: { code: 'XL002' } })).list[0];
    expect(seeded).toMatchObject({ name: '防脱基础10次疗程', sessions: 10, price: 338000, sessionPrice: 33800 });
  });

  it('refuses a second course of the same sessions, an off-sale project and a missing one', async () => {
    const j = await newProject('T-XJ2', 10000);
    const off = await newProject('T-XJ3', 10000, 'off');
    const id = await createIn(zhang, API.create, course(j, { code: 'T-XL3' }));
    expect(fieldErrors(await zhang.call(API.create!, { body: course(j, { code: 'T-XL4' }) })).sessions).toBe(
      '该项目已有 5 次的小疗程',
    );
    expect(fieldErrors(await zhang.call(API.create!, { body: course(off, { code: 'T-XL4' }) })).projectId).toBe(
      '项目「疗程项目T-XJ3」已停售，不能加入',
    );
    expect(fieldErrors(await zhang.call(API.create!, { body: course(999_999, { code: 'T-XL4' }) })).projectId).toBe(
      '所选项目不存在或已被删除',
    );
    expect(
      fieldErrors(await zhang.call(API.create!, { body: course(j, { code: 'T-XL4', sessions: 0 }) })).sessions,
    ).toMatch(/不能小于 1/);
    // Changing a course onto taken sessions or an off-sale project is refused the same way.
    const six = await createIn(zhang, API.create, course(j, { code: 'T-XL5', sessions: 6 }));
    expect(fieldErrors(await zhang.call(API.update!, { body: { id: six, sessions: 5 } })).sessions).toBe(
      '该项目已有 5 次的小疗程',
    );
    expect(fieldErrors(await zhang.call(API.update!, { body: { id: six, projectId: off } })).projectId).toMatch(
      /已停售/,
    );
    // Its own project going off sale does not stop an edit of its price.
    okData(await zhang.call(PROJECT_API.batch!, { body: { action: 'offSale', ids: [j] } }));
    okData(await zhang.call(API.update!, { body: { id, price: 42000 } }));
    expect(await detail(id)).toMatchObject({ price: 42000, sessionPrice: 8400 });
  });

  it('on sale it cannot be deleted; the project it sells cannot be deleted while it exists', async () => {
    const j = await newProject('T-XJ4', 10000);
    const id = await createIn(zhang, API.create, course(j, { code: 'T-XL6' }));
    refused(await zhang.call(API.delete!, { body: { ids: [id] } }), ERR.GOODS_ON_SALE, /小疗程「测试5次疗程」在售/);
    okData(await zhang.call(PROJECT_API.batch!, { body: { action: 'offSale', ids: [j] } }));
    refused(await zhang.call(PROJECT_API.delete!, { body: { ids: [j] } }), ERR.GOODS_IN_USE, /1 个小疗程/);
    expect(okData(await zhang.call(API.batch!, { body: { action: 'offSale', ids: [id] } })).count).toBe(1);
    expect(await lastOperation(t.db, 'minorCourse.offSale')).toMatchObject({ after: { status: 'off' } });
    okData(await zhang.call(API.delete!, { body: { ids: [id] } }));
    okData(await zhang.call(PROJECT_API.delete!, { body: { ids: [j] } }));
  });

  it('lets a role with the page read courses and pick projects, not write', async () => {
    const userId = await createUser(t.db, { loginName: 'course_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'COURSE_VIEW',
      name: '疗程只读',
      contentName: '总部',
      codes: ['ZBHT-SPGL', resourceCode('ZBHT-SPGL', MINOR_COURSE.page)],
    });
    const viewer = await t.signIn('course_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const page = okData(await viewer.call(API.list, { query: {} }));
    expect(page.total).toBeGreaterThan(0);
    expect(okData(await viewer.call(PROJECT_API.options)).length).toBeGreaterThan(0);
    for (const res of [
      await viewer.call(API.create!, { body: course(1, { code: 'T-NO' }) }),
      await viewer.call(API.batch!, { body: { action: 'offSale', ids: [page.list[0]!.id] } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
  });
});
