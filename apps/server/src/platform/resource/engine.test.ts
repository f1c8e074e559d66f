/**
 * The resource engine on its sample entity, /basicProps (master items): paging with total,
 * filters, sort, validation with field errors, the operation-log row of every write, button
 * permissions, soft refusal of a referenced delete, and batch actions.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { Page } from '@zb/contract/api/paging';
import { ACCOUNT_API } from '@zb/contract/entities/account';
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { ERR } from '@zb/contract/errcodes';
import { type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterItem } from '../../modules/master/schema';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { operationLog } from '../schema';

const api = resourceApi(MASTER_ITEM);
const pageCode = routeByPath('/basicProps')!.code!;

let t: TestApp;
let admin: TestClient;
let viewer: TestClient;

const list = async (c: TestClient, query: Record<string, string | number>) => {
  const res = await c.call(api.list, { query });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as Page<ResourceRow>;
};

const create = (c: TestClient, body: Record<string, unknown>) => c.call(api.create!, { body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  // A role that may open /basicProps but holds none of its buttons.
  const viewerId = await createUser(t.db, { loginName: 'propsviewer', password: 'view1234' });
  const { contentRoleId } = await createRole(t.db, {
    code: 'PROPS_VIEW',
    name: '属性查看',
    contentName: '总部',
    codes: ['ZBHT-JCGL', pageCode],
  });
  viewer = await t.signIn('propsviewer', 'view1234', await grantRole(t.db, viewerId, contentRoleId));
});
afterAll(() => t.close());

describe('list', () => {
  it('pages with a total and the default sort', async () => {
    const all = await list(admin, { category: 'education', pageSize: 100 });
    expect(all.total).toBeGreaterThan(3);
    const first = await list(admin, { category: 'education', pageNo: 1, pageSize: 10 });
    expect(first.total).toBe(all.total);
    const sorts = all.list.map((r) => r.sort as number);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('filters by contains (with % matching itself) and by equality', async () => {
    const hits = await list(admin, { name: '本科' });
    expect(hits.list.length).toBeGreaterThan(0);
    for (const r of hits.list) expect(String(r.name)).toContain('本科');
    expect((await list(admin, { name: '%' })).total).toBe(0);
    const genders = await list(admin, { category: 'gender', pageSize: 100 });
    expect(new Set(genders.list.map((r) => r.category))).toEqual(new Set(['gender']));
  });

  it('sorts by a sortable column both ways, and refuses an unsortable one', async () => {
    const asc = await list(admin, { category: 'education', sortBy: 'name', sortDir: 'asc', pageSize: 100 });
    const desc = await list(admin, { category: 'education', sortBy: 'name', sortDir: 'desc', pageSize: 100 });
    expect(asc.list.map((r) => r.id)).toEqual([...desc.list.map((r) => r.id)].reverse());
    const bad = await admin.call(api.list, { query: { sortBy: 'code' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toBe('不能按该列排序');
  });

  it('answers a lookup parent by name', async () => {
    const levels = await list(admin, { category: 'staffLevel', pageSize: 100 });
    expect(levels.list.length).toBeGreaterThan(0);
    for (const r of levels.list) expect(typeof r.parentName).toBe('string');
  });

  it('refuses bad paging and filters with a Chinese message', async () => {
    const res = await admin.call(api.list, { query: { pageSize: 7 } });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(res.body.errmsg).toContain('每页条数');
    const cat = await admin.call(api.list, { query: { category: 'nope' } });
    expect(cat.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(cat.body.errmsg).toBe('类别无效');
  });

  it('refuses a date filter naming a day that does not exist, instead of passing it to the database', async () => {
    for (const day of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      const res = await admin.call(ACCOUNT_API.list, { query: { createdAtFrom: day } });
      expect(res.status).toBe(200);
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg).toContain('不是有效的日期');
    }
    const ok = await admin.call(ACCOUNT_API.list, { query: { createdAtFrom: '2024-02-29' } });
    expect(ok.body.errcode).toBe('0');
  });
});

describe('writes', () => {
  it('creates with its operation-log row, and reads it back in the detail', async () => {
    const res = await create(admin, { category: 'label', code: 'ENGINE_A', name: '引擎标签甲', sort: 5 });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const id = (res.body.data as { id: number }).id;
    const detail = await admin.call(api.detail, { params: { id } });
    expect(detail.body.data).toMatchObject({ id, category: 'label', code: 'ENGINE_A', name: '引擎标签甲', sort: 5 });
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `masterItem:${id}`))
      .orderBy(desc(operationLog.id));
    expect(log).toMatchObject({ action: 'masterItem.create', before: null });
    expect(log!.after).toMatchObject({ code: 'ENGINE_A', name: '引擎标签甲' });
  });

  it('answers field errors and writes nothing on bad input', async () => {
    const res = await create(admin, { category: 'label', code: 'bad code!', name: '' });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(res.body).code).toBe('编码只能包含字母、数字、下划线和短横线');
    const rows = await t.db.select().from(masterItem).where(like(masterItem.code, 'bad%'));
    expect(rows).toHaveLength(0);
    const empty = await create(admin, { category: 'label', code: 'OK_CODE', name: '  ' });
    expect(fieldsOf(empty.body).name).toBe('请输入名称');
  });

  it('refuses a duplicate code on its field', async () => {
    await create(admin, { category: 'label', code: 'DUP_1', name: '重复一' });
    const res = await create(admin, { category: 'label', code: 'DUP_1', name: '重复二' });
    expect(res.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(fieldsOf(res.body).code).toBe('编码已存在');
  });

  it('applies the entity service rule: a sub-type needs a parent of its parent category', async () => {
    const noParent = await create(admin, { category: 'staffLevel', code: 'LV_X', name: '无上级' });
    expect(noParent.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(noParent.body).parentId).toContain('请选择上级项目');
    const [gender] = await t.db.select().from(masterItem).where(eq(masterItem.category, 'gender')).limit(1);
    const wrong = await create(admin, { category: 'staffLevel', code: 'LV_X', name: '错上级', parentId: gender!.id });
    expect(fieldsOf(wrong.body).parentId).toContain('上级项目须为一个岗位');
    const [position] = await t.db.select().from(masterItem).where(eq(masterItem.category, 'position')).limit(1);
    const ok = await create(admin, { category: 'staffLevel', code: 'LV_X', name: '对上级', parentId: position!.id });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
  });

  it('updates only what is given, logs before and after, and keeps create-only fields', async () => {
    const { id } = (await create(admin, { category: 'label', code: 'UPD_1', name: '改前' })).body.data as {
      id: number;
    };
    const res = await admin.call(api.update!, { body: { id, name: '改后', code: 'HACKED' } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const [row] = await t.db.select().from(masterItem).where(eq(masterItem.id, id));
    expect(row).toMatchObject({ name: '改后', code: 'UPD_1', sort: 0 });
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.target, `masterItem:${id}`), eq(operationLog.action, 'masterItem.update')));
    expect(log!.before).toMatchObject({ name: '改前' });
    expect(log!.after).toMatchObject({ name: '改后' });
    const emptied = await admin.call(api.update!, { body: { id, name: '' } });
    expect(fieldsOf(emptied.body).name).toBe('请输入名称');
  });

  it('answers RECORD_NOT_FOUND for a missing row', async () => {
    const res = await admin.call(api.update!, { body: { id: 99_999_999, name: '无' } });
    expect(res.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const detail = await admin.call(api.detail, { params: { id: 99_999_999 } });
    expect(detail.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });

  it('deletes, and refuses a row others refer to without deleting anything', async () => {
    const { id } = (await create(admin, { category: 'label', code: 'DEL_1', name: '删我' })).body.data as {
      id: number;
    };
    const res = await admin.call(api.delete!, { body: { ids: [id] } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    expect(await t.db.select().from(masterItem).where(eq(masterItem.id, id))).toHaveLength(0);

    const [position] = await t.db.select().from(masterItem).where(eq(masterItem.category, 'position')).limit(1);
    const { id: other } = (await create(admin, { category: 'label', code: 'DEL_2', name: '陪删' })).body.data as {
      id: number;
    };
    // The position has staff levels under it: the whole batch is refused, the label stays too.
    const refused = await admin.call(api.delete!, { body: { ids: [other, position!.id] } });
    expect(refused.body.errcode).toBe(ERR.RECORD_IN_USE);
    expect(refused.body.errmsg).toMatch(/^该项目下还有 \d+ 个子项目，不能删除$/);
    expect(await t.db.select().from(masterItem).where(eq(masterItem.id, other))).toHaveLength(1);
  });

  it('runs batch actions and logs every row', async () => {
    const ids: number[] = [];
    for (const code of ['BAT_1', 'BAT_2']) {
      ids.push(((await create(admin, { category: 'label', code, name: code })).body.data as { id: number }).id);
    }
    const res = await admin.call(api.batch!, { body: { action: 'disable', ids } });
    expect(res.body.data).toEqual({ count: 2 });
    const rows = await t.db.select().from(masterItem).where(like(masterItem.code, 'BAT_%'));
    expect(rows.every((r) => !r.enabled)).toBe(true);
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.action, 'masterItem.disable'));
    expect(logs.map((l) => l.target).sort()).toEqual(ids.map((id) => `masterItem:${id}`).sort());
    const unknown = await admin.call(api.batch!, { body: { action: 'explode', ids } });
    expect(unknown.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('permissions', () => {
  it('lets a page holder read but not write without the buttons', async () => {
    expect((await list(viewer, { pageSize: 10 })).total).toBeGreaterThan(0);
    const res = await create(viewer, { category: 'label', code: 'VIEW_1', name: '越权' });
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    const batch = await viewer.call(api.batch!, { body: { action: 'enable', ids: [1] } });
    expect(batch.body.errcode).toBe(ERR.FORBIDDEN);
    expect(buttonCodeOf('/basicProps', 'add')).toBe(`${pageCode}:add`);
  });

  it('refuses a user without the page', async () => {
    const region = await t.signIn('13800000002', 'region123');
    const res = await region.call(api.list, { query: {} });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(res.body.errcode);
  });
});
