import { NOTICE_API } from '@zb/contract/api/notices';
import { ERR } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { notice } from './schema';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t.close());

const unread = async (c: TestClient) =>
  (await c.call(NOTICE_API.countTaskBoss, { query: { isRead: 'false', pageNo: 1, pageSize: 1 } })).body.data;

describe('the bell count', () => {
  it('counts the caller’s unread notices only', async () => {
    expect(await unread(zhang)).toBe(16);
    expect(await unread(li)).toBe(4);
    const all = await zhang.call(NOTICE_API.countTaskBoss);
    expect(all.body.data).toBe(24);
  });

  it('needs a session', async () => {
    const res = await t.client().call(NOTICE_API.countTaskBoss, { query: { isRead: 'false' } });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.NO_SESSION);
  });
});

describe('the notice list', () => {
  it('pages the caller’s notices newest first, with store names and amounts in 分', async () => {
    const first = await zhang.call(NOTICE_API.searchTaskBoss, { query: { pageNo: 1, pageSize: 10 } });
    expect(first.body.errcode).toBe(ERR.OK);
    expect(first.body.data.total).toBe(24);
    expect(first.body.data.list).toHaveLength(10);
    const [newest] = first.body.data.list;
    expect(newest).toMatchObject({ type: 1, storeName: '上海徐汇店', amount: 1_286_050, isRead: false });
    expect(newest!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const times = first.body.data.list.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const third = await zhang.call(NOTICE_API.searchTaskBoss, { query: { pageNo: 3, pageSize: 10 } });
    expect(third.body.data.list).toHaveLength(4);
    const ids = new Set([...first.body.data.list, ...third.body.data.list].map((r) => r.id));
    expect(ids.size).toBe(14);
  });

  it('filters by read state', async () => {
    const read = await zhang.call(NOTICE_API.searchTaskBoss, { query: { isRead: 'true', pageSize: 50 } });
    expect(read.body.data.total).toBe(8);
    expect(read.body.data.list.every((r) => r.isRead)).toBe(true);
    const fresh = await zhang.call(NOTICE_API.searchTaskBoss, { query: { isRead: 'false', pageSize: 50 } });
    expect(fresh.body.data.list.every((r) => !r.isRead)).toBe(true);
  });

  it('answers bad paging and filters with PARAM errors in Chinese', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ isRead: 'yes' }, 'isRead 只能是 true 或 false'],
      [{ pageNo: 0 }, '页码从 1 开始'],
      [{ pageSize: 7 }, '每页条数只能是 1 或 10/20/50/100'],
    ];
    for (const [query, message] of cases) {
      const res = await zhang.call(NOTICE_API.searchTaskBoss, { query });
      expect(res.status).toBe(200);
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg).toBe(message);
    }
    const count = await zhang.call(NOTICE_API.countTaskBoss, { query: { isRead: 'maybe' } });
    expect(count.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('opening a notice', () => {
  it('reads it: the count falls once, the detail carries content and read time, the log has it', async () => {
    const before = await unread(zhang);
    const list = await zhang.call(NOTICE_API.searchTaskBoss, { query: { isRead: 'false', pageSize: 10 } });
    const target = list.body.data.list[0]!;
    const res = await zhang.call(NOTICE_API.getTaskDetailStore, { query: { id: target.id } });
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toMatchObject({ id: target.id, msgName: target.msgName, isRead: true });
    expect(res.body.data.content.length).toBeGreaterThan(0);
    expect(res.body.data.readAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await unread(zhang)).toBe(before - 1);

    // A second opening changes nothing.
    const again = await zhang.call(NOTICE_API.getTaskDetailStore, { query: { id: target.id } });
    expect(again.body.data.readAt).toBe(res.body.data.readAt);
    expect(await unread(zhang)).toBe(before - 1);
    const logs = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'readNotice'), eq(operationLog.target, `notice:${target.id}`)));
    expect(logs).toHaveLength(1);
  });

  it('refuses another user’s notice and leaves it unread', async () => {
    const lisList = await li.call(NOTICE_API.searchTaskBoss, { query: { isRead: 'false' } });
    const theirs = lisList.body.data.list[0]!;
    const res = await zhang.call(NOTICE_API.getTaskDetailStore, { query: { id: theirs.id } });
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    expect(res.body.errmsg).toBe('无权查看该通知');
    const [row] = await t.db.select({ isRead: notice.isRead }).from(notice).where(eq(notice.id, theirs.id));
    expect(row!.isRead).toBe(false);
  });

  it('answers a missing or malformed id with PARAM errors', async () => {
    const missing = await zhang.call(NOTICE_API.getTaskDetailStore, { query: { id: 999_999 } });
    expect(missing.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(missing.body.errmsg).toBe('通知不存在');
    for (const id of ['abc', '0', '-3']) {
      const bad = await zhang.call(NOTICE_API.getTaskDetailStore, { query: { id } });
      expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(bad.body.errmsg).toBe('通知编号无效');
    }
    const none = await zhang.call(NOTICE_API.getTaskDetailStore);
    expect(none.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});
