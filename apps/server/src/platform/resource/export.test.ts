/**
 * A resource's 导出: the list's filters and sort go to a download-centre job, and the file holds
 * exactly the rows the list shows, as the list shows them; nothing matching answers "-10".
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import type { Page } from '@zb/contract/api/paging';
import { ACCOUNT_API } from '@zb/contract/entities/account';
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { ERR } from '@zb/contract/errcodes';
import { type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, readSheet } from '../../testing/exports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { runNextExport } from '../exports/worker';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

const exportAndRead = async (
  c: TestClient,
  e: NonNullable<ReturnType<typeof resourceApi>['export']>,
  query: Record<string, string>,
) => {
  const res = await c.call(e, { query });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  const { jobId } = res.body.data as { jobId: number };
  expect(await runNextExport(t.db, 'test-worker')).toBe(jobId);
  const status = await c.call(DOWNLOAD_API.findStatus, { query: { id: jobId } });
  expect(status.body.data, JSON.stringify(status.body.data)).toMatchObject({ status: 'done', progress: 100 });
  const file = await getBytes(t.app, c, DOWNLOAD_API.file.path, { id: jobId });
  expect(file.status).toBe(200);
  return readSheet(file.bytes as Buffer);
};

describe('export from a resource list', () => {
  it('writes the listed rows with the list’s filters and order, labels for enums', async () => {
    const api = resourceApi(MASTER_ITEM);
    const query = { category: 'education', sortBy: 'name', sortDir: 'desc' };
    const listed = (await admin.call(api.list, { query: { ...query, pageSize: 100 } })).body.data as Page<ResourceRow>;
    const sheet = await exportAndRead(admin, api.export!, query);
    expect(sheet[0]).toEqual(['类别', '上级项目', '编码', '名称', '排序', '状态']);
    expect(sheet.slice(1).map((r) => r[3])).toEqual(listed.list.map((r) => r.name));
    expect(sheet[1]?.[0]).toBe('学历');
    expect(sheet[1]?.[5]).toBe('启用');
  });

  it('answers "-10" when nothing matches, and queues nothing', async () => {
    const res = await admin.call(resourceApi(MASTER_ITEM).export!, { query: { name: '不存在的名称xyz' } });
    expect(res.body.errcode).toBe(ERR.EXCEL_EMPTY);
    expect(await runNextExport(t.db, 'test-worker')).toBeNull();
  });

  it('refuses bad filters before queueing, and a user without the 导出 button', async () => {
    const bad = await admin.call(ACCOUNT_API.export!, { query: { createdAtFrom: 'yesterday' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    const zhang = await t.signIn('13800000001', 'hq123456');
    const refused = await zhang.call(ACCOUNT_API.export!, { query: {} });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(refused.body.errcode);
  });

  it('keeps a bool filter as the browser sent it until the job runs', async () => {
    const sheet = await exportAndRead(admin, ACCOUNT_API.export!, { enabled: 'true', kind: 'hq' });
    const listed = (await admin.call(ACCOUNT_API.list, { query: { enabled: 'true', kind: 'hq', pageSize: 100 } })).body
      .data as Page<ResourceRow>;
    expect(sheet.length - 1).toBe(listed.total);
    expect(sheet[0]).not.toContain('初始密码');
  });
});
