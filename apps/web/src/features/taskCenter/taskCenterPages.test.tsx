import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { StoreTreeRegion, TaskDetail, TaskRow, TaskTemplete } from '@zb/contract/api/taskCenter';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const row = (over: Partial<TaskRow> = {}): TaskRow => ({
  id: 7,
  kind: 2,
  msgType: 4,
  msgTypeName: '门店任务',
  title: '十一月门店卫生自查',
  deadline: '2026-12-01 18:00:00',
  status: 'overdue',
  statusName: '已逾期',
  storeCount: 3,
  readCount: 2,
  answerCount: 1,
  creatorName: '系统管理员',
  createdAt: '2026-11-20 10:00:00',
  ...over,
});

const detail: TaskDetail = {
  ...row(),
  content: '请按标准自查',
  templeteId: null,
  editable: false,
  stores: [
    {
      storeId: 1,
      code: 'BJ001',
      name: '北京朝阳店',
      regionName: '华北大区',
      state: 'done',
      stateName: '已完成',
      readAt: '2026-11-20 11:00:00',
      answeredAt: '2026-11-20 12:00:00',
      result: '已完成自查',
    },
    {
      storeId: 2,
      code: 'BJ002',
      name: '北京海淀店',
      regionName: '华北大区',
      state: 'overdue',
      stateName: '已逾期',
      readAt: null,
      answeredAt: null,
      result: null,
    },
  ],
};

const tree: StoreTreeRegion[] = [
  {
    key: 'region-3',
    title: '华北大区',
    regionId: 3,
    children: [
      { key: 'store-1', title: '北京朝阳店', storeId: 1, code: 'BJ001' },
      { key: 'store-2', title: '北京海淀店', storeId: 2, code: 'BJ002' },
    ],
  },
];

const templetes: TaskTemplete[] = [
  { id: 1, name: '月度门店卫生自查', msgType: 4, content: '自查', enabled: true, updatedAt: '2026-11-01 10:00:00' },
  {
    id: 2,
    name: '消防安全检查（已停用）',
    msgType: 4,
    content: '检查',
    enabled: false,
    updatedAt: '2026-11-01 10:00:00',
  },
];

const user = () =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-XXZX', name: '消息中心', description: '' },
        { code: 'ZBHT-XXZX:messageList', name: '消息列表', description: '' },
        { code: 'ZBHT-XXZX:taskList', name: '任务列表', description: '' },
      ],
      btn: [
        'ZBHT-XXZX:messageList:add',
        'ZBHT-XXZX:messageList:delete',
        'ZBHT-XXZX:taskList:add',
        'ZBHT-XXZX:taskList:edit',
        'ZBHT-XXZX:taskList:delete',
      ],
    }),
  );

const api = (extra: (path: string, init: RequestInit) => unknown = () => undefined) =>
  stubFetch((url, init) => {
    const [path, qs] = url.split('?');
    const answer = extra(path!, init);
    if (answer !== undefined) return { body: envelope(answer) };
    const p = path!.replace('/rest/taskCenterRest/', '');
    if (p === 'searchTask') {
      const kind = new URLSearchParams(qs).get('kind');
      return {
        body: envelope({
          list: [
            kind === '1'
              ? row({
                  id: 8,
                  kind: 1,
                  title: '积分规则调整通知',
                  deadline: null,
                  status: 'unread',
                  statusName: '未全部阅读',
                })
              : row(),
          ],
          total: 1,
        }),
      };
    }
    if (p === 'findMsgType') return { body: envelope([{ value: 4, label: '门店任务' }]) };
    if (p === 'findMsgStatus') return { body: envelope([{ value: 'open', label: '进行中' }]) };
    if (p === 'getTaskDetail') return { body: envelope(detail) };
    if (p === 'getStoreTree') return { body: envelope(tree) };
    if (p === 'getTreeStoreCount') return { body: envelope(2) };
    if (p === 'getTaskTemplete') return { body: envelope(templetes) };
    return { body: envelope(null) };
  });

describe('消息中心 pages', { timeout: 30_000 }, () => {
  it('/messageList lists messages with their read counts', async () => {
    user();
    api();
    renderApp('/messageList');
    await screen.findByText('积分规则调整通知', {}, SLOW);
    expect(screen.getByText('未全部阅读')).toBeTruthy();
    expect(screen.getByText('新增消息')).toBeTruthy();
  });

  it('/taskList lists tasks with deadline and done count, and opens a task', async () => {
    user();
    api();
    const view = renderApp('/taskList');
    await screen.findByText('十一月门店卫生自查', {}, SLOW);
    expect(screen.getByText('已逾期')).toBeTruthy();
    expect(screen.getByText('2026-12-01 18:00:00')).toBeTruthy();
    fireEvent.click(screen.getByText('十一月门店卫生自查'));
    await view.waitForPath('/taskDetail?id=7');
  });

  it('/taskDetail shows each store’s state and result', async () => {
    user();
    api();
    renderApp('/taskDetail?id=7');
    await screen.findByText('已完成自查', {}, SLOW);
    expect(screen.getByTestId('task-done').textContent).toBe('1/3');
    expect(screen.getAllByText('已逾期').length).toBeGreaterThan(0);
  });

  it('/messageDetail?new=1 sends a message to the stores checked in the tree', async () => {
    user();
    let sent: unknown = null;
    const fetch = api((path, init) => {
      if (path.endsWith('/saveUpdateTask')) {
        sent = JSON.parse(String(init.body));
        return { ...detail, id: 9, kind: 1 };
      }
      return undefined;
    });
    renderApp('/messageDetail?new=1');
    await screen.findByText('华北大区（2）', {}, SLOW);
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '测试消息' } });
    fireEvent.change(screen.getByPlaceholderText('请输入内容'), { target: { value: '测试内容' } });
    fireEvent.click(document.querySelector('.ant-tree-checkbox')!);
    await screen.findByText('接收门店（已选 2 家）');
    fireEvent.click(screen.getByText('发送消息'));
    await waitFor(() => expect(sent).not.toBeNull(), SLOW);
    expect(sent).toMatchObject({ kind: 1, title: '测试消息', content: '测试内容', regionIds: [3], storeIds: [] });
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('getTreeStoreCount'))).toBe(true);
  });

  it('/taskTemplete lists templates, the disabled one switched off', async () => {
    user();
    api();
    renderApp('/taskTemplete');
    await screen.findByText('消防安全检查（已停用）', {}, SLOW);
    const off = document.querySelector('[aria-label="启用 消防安全检查（已停用）"]');
    expect(off?.getAttribute('aria-checked')).toBe('false');
  });
});
