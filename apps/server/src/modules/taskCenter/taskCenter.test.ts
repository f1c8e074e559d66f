import { NOTICE_API } from '@zb/contract/api/notices';
import {
  TASK_CENTER_API as A,
  TASK_KIND_ACCESS,
  TASK_KIND_MESSAGE,
  TASK_KIND_TASK,
  type TaskDetail,
} from '@zb/contract/api/taskCenter';
import { NOTICE_TYPE_TASK } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { formatDateTime } from '@zb/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole, lastOperation } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, isEnvelope, type TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { notice } from '../notices/schema';
import { region, store } from '../stores/schema';
import { taskMsgStore, taskTemplete } from './schema';
import { noticeOverdueTasks } from './service';

let t: TestApp;
let admin: TestClient;
/** A 华东大区 role holding both pages and every button of 消息中心. */
let east: TestClient;
/** A headquarters role holding only /messageList (and its add button). */
let msgOnly: TestClient;
/** A headquarters role holding nothing of 消息中心. */
let none: TestClient;

const ok = async <R>(res: Promise<{ body: { errcode: string; errmsg: string; data: R } }>): Promise<R> => {
  const { body } = await res;
  expect(body.errcode, body.errmsg).toBe(ERR.OK);
  return body.data;
};

const regionId = async (name: string) => {
  const [r] = await t.db.select({ id: region.id }).from(region).where(eq(region.name, name));
  return r!.id;
};
const storeId = async (code: string) => {
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, code));
  return s!.id;
};

const inDays = (d: number) => formatDateTime(new Date(Date.now() + d * 86_400_000)).slice(0, 16);

const signInWith = async (login: string, contentName: string, codes: readonly string[]) => {
  const userId = await createUser(t.db, { loginName: login, password: 'pass1234' });
  const { contentRoleId } = await createRole(t.db, { code: `R_${login}`, name: `角色${login}`, contentName, codes });
  const userRoleId = await grantRole(t.db, userId, contentRoleId);
  return t.signIn(login, 'pass1234', userRoleId);
};

const allCodes = (k: 1 | 2) => {
  const a = TASK_KIND_ACCESS[k];
  return [...a.page, a.add, a.edit, a.delete];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  east = await signInWith('tceast01', '华东大区', ['ZBHT-XXZX', ...allCodes(1), ...allCodes(2)]);
  msgOnly = await signInWith('tcmsg01', '总部', ['ZBHT-XXZX', ...TASK_KIND_ACCESS[1].page, TASK_KIND_ACCESS[1].add]);
  none = await signInWith('tcnone01', '总部', ['ZBHT-SPGL']);
});
afterAll(() => t.close());

const sendTask = (c: TestClient, body: Record<string, unknown>) => c.call(A.saveUpdateTask, { body });

describe('the store tree', () => {
  it('offers every region and its stores to head office, only its own region to a region role', async () => {
    const tree = await ok(admin.call(A.getStoreTree));
    expect(tree.map((r) => r.title)).toEqual(expect.arrayContaining(['华东大区', '华北大区', '华南大区']));
    const north = tree.find((r) => r.title === '华北大区')!;
    expect(north.children.map((s) => s.code)).toContain('BJ001');
    const mine = await ok(east.call(A.getStoreTree));
    expect(mine.map((r) => r.title)).toEqual(['华东大区']);
  });

  it('counts and lists the stores of a choice, without duplicates', async () => {
    const north = await regionId('华北大区');
    const bj = await storeId('BJ001');
    const n = await ok(admin.call(A.getTreeStoreCount, { query: { regionIds: String(north), storeIds: String(bj) } }));
    const list = await ok(admin.call(A.handleTreeStore, { body: { regionIds: [north], storeIds: [bj] } }));
    expect(list.length).toBe(n);
    expect(n).toBeGreaterThanOrEqual(3);
    expect(list.every((s) => s.regionName === '华北大区')).toBe(true);
    expect(await ok(admin.call(A.getTreeStoreCount, { query: {} }))).toBe(0);
  });

  it('refuses a region or store outside the scope, and malformed ids, in Chinese', async () => {
    const north = await regionId('华北大区');
    const res = await east.call(A.handleTreeStore, { body: { regionIds: [north] } });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(res.body).regionIds).toBe('请选择您数据范围内的大区');
    const bj = await storeId('BJ001');
    const res2 = await east.call(A.getTreeStoreCount, { query: { storeIds: String(bj) } });
    expect(fieldsOf(res2.body).storeIds).toBe('请选择您数据范围内的门店');
    const bad = await admin.call(A.getTreeStoreCount, { query: { storeIds: '1,abc' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toMatch(/门店编号无效/);
    const bad2 = await admin.call(A.handleTreeStore, { body: { storeIds: ['1'] } });
    expect(bad2.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('lookups', () => {
  it('answers the types and each kind’s statuses', async () => {
    const types = await ok(admin.call(A.findMsgType));
    expect(types.map((x) => x.label)).toContain('通知公告');
    expect((await ok(admin.call(A.findMsgStatus, { query: { kind: 2 } }))).map((s) => s.label)).toEqual([
      '进行中',
      '已完成',
      '已逾期',
    ]);
    expect((await ok(admin.call(A.findMsgStatus, { query: { kind: 1 } }))).map((s) => s.value)).toEqual([
      'unread',
      'read',
    ]);
    const bad = await admin.call(A.findMsgStatus, { query: { kind: 3 } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toMatch(/类别只能是/);
  });
});

describe('demo data', () => {
  it('holds messages and tasks across store trees, some answered, some overdue, and the pre-disabled template', async () => {
    const msgs = await ok(admin.call(A.searchTask, { query: { kind: 1 } }));
    expect(msgs.total).toBeGreaterThanOrEqual(3);
    const tasks = await ok(admin.call(A.searchTask, { query: { kind: 2 } }));
    expect(tasks.list.map((x) => x.status)).toEqual(expect.arrayContaining(['done', 'overdue', 'open']));
    const overdue = await ok(admin.call(A.searchTask, { query: { kind: 2, status: 'overdue' } }));
    expect(overdue.list.every((x) => x.status === 'overdue' && x.answerCount < x.storeCount)).toBe(true);
    expect(await ok(admin.call(A.searchCountMsg, { query: { kind: 2, status: 'overdue' } }))).toBe(overdue.total);
    const templetes = await ok(admin.call(A.getTaskTemplete));
    expect(templetes.some((x) => !x.enabled)).toBe(true);
    expect((await ok(admin.call(A.getTaskTemplete, { query: { enabled: '1' } }))).every((x) => x.enabled)).toBe(true);
  });
});

describe('sending, answering and notices', () => {
  let task: TaskDetail;

  it('sends a task to the stores of one region', async () => {
    const north = await regionId('华北大区');
    const [tpl] = await t.db.select().from(taskTemplete).where(eq(taskTemplete.enabled, true)).limit(1);
    task = await ok(
      sendTask(admin, {
        kind: TASK_KIND_TASK,
        msgType: 4,
        title: '测试任务：盘点洗护用品',
        content: '请清点洗护用品并回复数量',
        deadline: inDays(3),
        templeteId: tpl!.id,
        regionIds: [north],
      }),
    );
    expect(task.stores.length).toBeGreaterThanOrEqual(3);
    expect(task.stores.every((s) => s.state === 'unread')).toBe(true);
    expect(task.status).toBe('open');
    expect(task.editable).toBe(true);
    const op = await lastOperation(t.db, 'saveTaskMsg');
    expect(op?.target).toBe(`task_msg:${task.id}`);
    const found = await ok(admin.call(A.searchTask, { query: { kind: 2, title: '盘点洗护' } }));
    expect(found.list.map((x) => x.id)).toEqual([task.id]);
    const byStore = await ok(
      admin.call(A.searchTask, { query: { kind: 2, storeId: await storeId('BJ001'), pageSize: 50 } }),
    );
    expect(byStore.list.map((x) => x.id)).toContain(task.id);
  });

  it('a store reads it through the open API, once', async () => {
    const r1 = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgRead, { id: task.id });
    expect(r1.errcode, r1.errmsg).toBe(ERR.OK);
    const r2 = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgRead, { id: task.id });
    expect(r2.errcode).toBe(ERR.OK);
    const d = await ok(admin.call(A.getTaskDetail, { query: { id: task.id } }));
    expect(d.readCount).toBe(1);
    expect(d.stores.find((s) => s.code === 'BJ001')?.state).toBe('read');
    const list = await openPost<{ list: { id: number; state: string }[] }>(
      t.app,
      DEMO_OPEN_KEYS.pos,
      OPEN_PATHS.taskMsgs,
      {
        kind: 2,
      },
    );
    expect(list.errcode).toBe(ERR.OK);
    expect(list.data.list.find((x) => x.id === task.id)?.state).toBe('read');
  });

  it('a store answers: the task shows it done and its creator gets a 任务通知 (once)', async () => {
    const before = await ok(admin.call(NOTICE_API.countTaskBoss, { query: { isRead: 'false' } }));
    const res = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgAnswer, {
      id: task.id,
      result: '已清点：洗发水 24 瓶',
    });
    expect(res.errcode, res.errmsg).toBe(ERR.OK);
    const after = await ok(admin.call(NOTICE_API.countTaskBoss, { query: { isRead: 'false' } }));
    expect(after).toBe(before + 1);
    const [n] = await t.db
      .select()
      .from(notice)
      .where(and(eq(notice.type, NOTICE_TYPE_TASK), eq(notice.storeId, await storeId('BJ001'))));
    expect(n?.msgName).toContain('北京朝阳店 已完成任务');
    const d = await ok(admin.call(A.getTaskDetail, { query: { id: task.id } }));
    const bj = d.stores.find((s) => s.code === 'BJ001')!;
    expect(bj).toMatchObject({ state: 'done', stateName: '已完成', result: '已清点：洗发水 24 瓶' });
    expect(d.answerCount).toBe(1);
    expect(d.editable).toBe(false);
    const again = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgAnswer, { id: task.id, result: '再来' });
    expect(again.errcode).toBe(ERR.TASK_STATE);
    expect(again.errmsg).toBe('本店已回复该任务，不能重复回复');
    expect(await ok(admin.call(NOTICE_API.countTaskBoss, { query: { isRead: 'false' } }))).toBe(after);
  });

  it('a task some store answered cannot be changed', async () => {
    const res = await sendTask(admin, {
      id: task.id,
      kind: 2,
      msgType: 4,
      title: '改标题',
      content: 'x',
      deadline: inDays(3),
      storeIds: [await storeId('BJ001')],
    });
    expect(res.body.errcode).toBe(ERR.TASK_STATE);
  });

  it('refuses what the open API may not do', async () => {
    const empty = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgAnswer, { id: task.id, result: '  ' });
    expect(empty.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    const mini = await openPost(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.taskMsgRead, { id: task.id });
    expect(mini.errcode).toBe(ERR.OPEN_KEY_INVALID);
    const east1 = await ok(
      sendTask(admin, {
        kind: 1,
        msgType: 1,
        title: '只发华东',
        content: '华东的消息',
        regionIds: [await regionId('华东大区')],
      }),
    );
    const foreign = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgRead, { id: east1.id });
    expect(foreign.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const msg = await ok(
      sendTask(admin, {
        kind: 1,
        msgType: 1,
        title: '北京的消息',
        content: '内容',
        storeIds: [await storeId('BJ001')],
      }),
    );
    const answerMsg = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgAnswer, { id: msg.id, result: '好' });
    expect(answerMsg.errcode).toBe(ERR.TASK_INVALID);
    expect(answerMsg.errmsg).toBe('消息无需回复，只有任务需要回复');
  });
});

describe('rules of saveUpdateTask', () => {
  it('refuses bad input with Chinese field errors', async () => {
    const bj = await storeId('BJ001');
    const noDeadline = await sendTask(admin, { kind: 2, msgType: 4, title: 'a', content: 'b', storeIds: [bj] });
    expect(fieldsOf(noDeadline.body).deadline).toBe('请选择截止时间');
    const noStores = await sendTask(admin, { kind: 1, msgType: 1, title: 'a', content: 'b' });
    expect(fieldsOf(noStores.body).storeIds).toBe('请选择接收门店');
    const longTitle = await sendTask(admin, {
      kind: 1,
      msgType: 1,
      title: '长'.repeat(51),
      content: 'b',
      storeIds: [bj],
    });
    expect(fieldsOf(longTitle.body).title).toBe('标题最多 50 个字');
    const badType = await sendTask(admin, { kind: 1, msgType: 9, title: 'a', content: 'b', storeIds: [bj] });
    expect(fieldsOf(badType.body).msgType).toBe('消息类型无效');
    const badDate = await sendTask(admin, {
      kind: 2,
      msgType: 4,
      title: 'a',
      content: 'b',
      deadline: '2026-02-30 10:00',
      storeIds: [bj],
    });
    expect(fieldsOf(badDate.body).deadline).toBe('截止时间不是有效的日期时间');
    const past = await sendTask(admin, {
      kind: 2,
      msgType: 4,
      title: 'a',
      content: 'b',
      deadline: '2020-01-01 10:00',
      storeIds: [bj],
    });
    expect(past.body.errcode).toBe(ERR.TASK_INVALID);
    expect(past.body.errmsg).toBe('截止时间须晚于当前时间');
    const junk = await admin.request('POST', A.saveUpdateTask.path, {
      rawBody: '{"kind":',
      headers: { 'content-type': 'application/json' },
    });
    expect(junk.status).toBeLessThan(500);
    expect(isEnvelope(junk.body)).toBe(true);
  });

  it('refuses the pre-disabled template', async () => {
    const [off] = await t.db.select().from(taskTemplete).where(eq(taskTemplete.enabled, false)).limit(1);
    const res = await sendTask(admin, {
      kind: 2,
      msgType: 4,
      title: '用停用模板',
      content: 'b',
      deadline: inDays(2),
      templeteId: off!.id,
      storeIds: [await storeId('BJ001')],
    });
    expect(res.body.errcode).toBe(ERR.TASK_INVALID);
    expect(res.body.errmsg).toBe('任务模板已停用，不能使用');
  });

  it('changes the stores of a message no store answered, keeping read state of those kept', async () => {
    const bj = await storeId('BJ001');
    const bj2 = await storeId('BJ002');
    const m = await ok(sendTask(admin, { kind: 1, msgType: 2, title: '改门店', content: 'c', storeIds: [bj, bj2] }));
    await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.taskMsgRead, { id: m.id });
    const tj = await storeId('TJ001');
    const m2 = await ok(
      sendTask(admin, { id: m.id, kind: 1, msgType: 2, title: '改门店2', content: 'c', storeIds: [bj, tj] }),
    );
    expect(m2.stores.map((s) => s.code).sort()).toEqual(['BJ001', 'TJ001']);
    expect(m2.readCount).toBe(1);
    expect(m2.storeCount).toBe(2);
    const kind = await sendTask(admin, {
      id: m.id,
      kind: 2,
      msgType: 2,
      title: 'x',
      content: 'c',
      deadline: inDays(1),
      storeIds: [bj],
    });
    expect(fieldsOf(kind.body).kind).toBe('不能把消息改为任务');
  });
});

describe('permissions and data scope', () => {
  it('refuses a caller without 消息中心 codes', async () => {
    const res = await none.call(A.searchTask, { query: { kind: 1 } });
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    expect((await none.call(A.getStoreTree)).body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('holds a caller to the kind whose codes they have', async () => {
    expect((await msgOnly.call(A.searchTask, { query: { kind: 1 } })).body.errcode).toBe(ERR.OK);
    const tasks = await msgOnly.call(A.searchTask, { query: { kind: 2 } });
    expect(tasks.body.errcode).toBe(ERR.FORBIDDEN);
    expect(tasks.body.errmsg).toBe('无权查看任务');
    const send = await sendTask(msgOnly, {
      kind: 2,
      msgType: 4,
      title: 'a',
      content: 'b',
      deadline: inDays(1),
      storeIds: [await storeId('BJ001')],
    });
    expect(send.body.errmsg).toBe('无权新增任务');
    expect((await msgOnly.call(A.getTaskTemplete)).body.errcode).toBe(ERR.FORBIDDEN);
    expect((await msgOnly.call(A.batchDeleteTask, { body: { ids: [1] } })).body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('shows a region role only the messages and stores of its region', async () => {
    const list = await ok(east.call(A.searchTask, { query: { kind: 1, pageSize: 50 } }));
    const all = await ok(admin.call(A.searchTask, { query: { kind: 1, pageSize: 50 } }));
    expect(list.total).toBeLessThan(all.total);
    const everyStore = all.list.find((x) => x.title === '关于调整会员卡积分规则的通知')!;
    const d = await ok(east.call(A.getTaskDetail, { query: { id: everyStore.id } }));
    expect(d.stores.length).toBeGreaterThan(0);
    expect(d.stores.every((s) => s.regionName === '华东大区')).toBe(true);
    // The region's counts are those of its own stores, in the list and the detail alike.
    expect(d.storeCount).toBe(d.stores.length);
    expect(d.readCount).toBe(d.stores.filter((s) => s.readAt !== null).length);
    expect(list.list.find((x) => x.id === everyStore.id)?.storeCount).toBe(d.stores.length);
    expect(everyStore.storeCount).toBeGreaterThan(d.stores.length);
    const northOnly = all.list.find((x) => x.title === '北京的消息')!;
    const hidden = await east.call(A.getTaskDetail, { query: { id: northOnly.id } });
    expect(hidden.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    // It reaches stores outside 华东大区: the region may neither change nor delete it.
    const del = await east.call(A.batchDeleteTask, { body: { ids: [everyStore.id] } });
    expect(del.body.errcode).toBe(ERR.FORBIDDEN);
    // Its own message to its own stores it may send and delete.
    const own = await ok(
      sendTask(east, {
        kind: 1,
        msgType: 1,
        title: '华东自己的',
        content: 'c',
        regionIds: [await regionId('华东大区')],
      }),
    );
    expect(await ok(east.call(A.batchDeleteTask, { body: { ids: [own.id] } }))).toBe(1);
  });
});

describe('batchDeleteTask', () => {
  it('deletes messages with their store rows, and refuses unknown ids and empty lists', async () => {
    const m = await ok(
      sendTask(admin, { kind: 1, msgType: 1, title: '待删除', content: 'c', storeIds: [await storeId('BJ001')] }),
    );
    expect(await ok(admin.call(A.batchDeleteTask, { body: { ids: [m.id] } }))).toBe(1);
    expect(await t.db.select().from(taskMsgStore).where(eq(taskMsgStore.taskId, m.id))).toEqual([]);
    expect((await lastOperation(t.db, 'deleteTaskMsg'))?.target).toBe(`task_msg:${m.id}`);
    const gone = await admin.call(A.batchDeleteTask, { body: { ids: [m.id] } });
    expect(gone.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const empty = await admin.call(A.batchDeleteTask, { body: { ids: [] } });
    expect(fieldsOf(empty.body).ids).toBe('请选择要删除的消息或任务');
  });
});

describe('task templates', () => {
  it('creates, renames, disables, and refuses a duplicate name', async () => {
    const tpl = await ok(
      admin.call(A.updateTaskTemplete, { body: { name: '测试模板', msgType: 2, content: '内容', enabled: true } }),
    );
    const off = await ok(
      admin.call(A.updateTaskTemplete, {
        body: { id: tpl.id, name: '测试模板2', msgType: 2, content: '内容', enabled: false },
      }),
    );
    expect(off).toMatchObject({ name: '测试模板2', enabled: false });
    const dup = await admin.call(A.updateTaskTemplete, {
      body: { name: '测试模板2', msgType: 2, content: 'x', enabled: true },
    });
    expect(fieldsOf(dup.body).name).toBe('模板名称已存在');
    const noFlag = await admin.call(A.updateTaskTemplete, { body: { name: 'x', msgType: 2, content: 'x' } });
    expect(fieldsOf(noFlag.body).enabled).toBe('是否启用只能是 true 或 false');
    const missing = await admin.call(A.updateTaskTemplete, {
      body: { id: 999999, name: 'y', msgType: 2, content: 'x', enabled: true },
    });
    expect(missing.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('the overdue job', () => {
  it('tells the creator once per task and store past the deadline', async () => {
    const [admin0] = await t.db
      .select({ id: userAccount.id })
      .from(userAccount)
      .where(eq(userAccount.loginName, 'admin'));
    const d = await ok(
      sendTask(admin, {
        kind: TASK_KIND_TASK,
        msgType: 4,
        title: '逾期测试任务',
        content: 'c',
        deadline: inDays(1),
        storeIds: [await storeId('BJ002'), await storeId('TJ001')],
      }),
    );
    const later = new Date(Date.now() + 2 * 86_400_000);
    const first = await noticeOverdueTasks(t.db, later);
    expect(first).toBeGreaterThanOrEqual(2);
    const rows = await t.db
      .select()
      .from(notice)
      .where(and(eq(notice.userId, admin0!.id), eq(notice.type, NOTICE_TYPE_TASK)));
    expect(rows.filter((r) => r.msgName.includes('逾期测试任务')).length).toBe(2);
    expect(await noticeOverdueTasks(t.db, later)).toBe(0);
    const detail = await ok(admin.call(A.getTaskDetail, { query: { id: d.id } }));
    expect(detail.kind).toBe(TASK_KIND_TASK);
  });

  it('is a declared scheduled job', async () => {
    const { JOBS } = await import('../schedule/jobs');
    expect(JOBS.some((j) => j.name === 'taskOverdueNotices')).toBe(true);
  });
});

describe('notice types', () => {
  it('allows 任务通知 (3) and the reserved 差评通知 (4), nothing beyond', async () => {
    const [u] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
    for (const type of [3, 4]) {
      await t.db.insert(notice).values({ userId: u!.id, type, msgName: `类型${type}` });
    }
    await expect(t.db.insert(notice).values({ userId: u!.id, type: 5, msgName: '类型5' })).rejects.toThrow();
  });
});

describe('kinds', () => {
  it('lists messages and tasks apart', async () => {
    const msgs = await ok(admin.call(A.searchTask, { query: { kind: TASK_KIND_MESSAGE, pageSize: 50 } }));
    expect(msgs.list.every((x) => x.kind === TASK_KIND_MESSAGE && x.deadline === null)).toBe(true);
  });
});
