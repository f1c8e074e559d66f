/** /operationLog and /apiLog: every write and every call can be found again, by who, what and when. */
import type { Page } from '@zb/contract/api/paging';
import { API_LOG, OPERATION_LOG, SYSTEM_LOG } from '@zb/contract/entities/logs';
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { ERR } from '@zb/contract/errcodes';
import { type ResourceApi, type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import { formatDate } from '@zb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';

let t: TestApp;
let admin: TestClient;
const ops = resourceApi(OPERATION_LOG);
const calls = resourceApi(API_LOG);

const list = async (e: ResourceApi['list'], query: Record<string, string | number>) => {
  const res = await admin.call(e, { query });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as Page<ResourceRow>;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

describe('/operationLog', () => {
  it('finds a write by its action and operator, with before and after', async () => {
    const created = await admin.call(resourceApi(MASTER_ITEM).create!, {
      body: { category: 'label', code: 'LOG_1', name: '日志标签' },
    });
    const id = (created.body.data as { id: number }).id;
    const page = await list(ops.list, { action: 'masterItem.create', target: `masterItem:${id}` });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ userName: '系统管理员', loginName: 'admin', before: null });
    expect(page.list[0]!.after).toMatchObject({ code: 'LOG_1' });
    const today = formatDate(new Date());
    expect((await list(ops.list, { atFrom: today, atTo: today, target: `masterItem:${id}` })).total).toBe(1);
    expect((await list(ops.list, { atTo: '2020-01-01', target: `masterItem:${id}` })).total).toBe(0);
  });
});

describe('/apiLog', () => {
  it('finds calls by path and errcode, newest first, with latency', async () => {
    await admin.call(ops.list, { query: { pageSize: 7 } });
    await t.app.apiLog.flush();
    const failed = await list(calls.list, { path: '/rest/operationLog/list', errcode: ERR.PARAM_INVALID });
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.list[0]).toMatchObject({ method: 'GET', status: 200, userName: '系统管理员' });
    expect(typeof failed.list[0]!.ms).toBe('number');
    const all = await list(calls.list, { pageSize: 20 });
    const times = all.list.map((r) => String(r.at));
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is refused to a role without the page', async () => {
    const zhang = await t.signIn('13800000001', 'hq123456');
    const res = await zhang.call(calls.list, { query: {} });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(res.body.errcode);
  });
});

describe('/systemLog', () => {
  it('lists sign-ins by kind and account, and refuses a kind it does not know', async () => {
    const events = resourceApi(SYSTEM_LOG);
    const page = await list(events.list, { kind: 'login,logout', loginName: 'admin' });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.kind === 'login' || r.kind === 'logout')).toBe(true);
    expect(page.list[0]).toMatchObject({ loginName: 'admin', level: 'info' });
    const bad = await admin.call(events.list, { query: { kind: 'reboot' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toBe('类型无效');
  });
});
