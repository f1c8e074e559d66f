/**
 * 商城活动: /mallEventsList is open to anyone signed in — without /mallEventsDetail's buttons it
 * only reads; with 编辑 it offers 新增 and 提交审核 on a 草稿. /mallEventsDetail shows the result panel
 * and the event's orders. /activityModelList's 用模板新建 makes a draft and opens it to edit.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
        { code: routeByPath('/mallEventsDetail')!.code!, name: '商城活动详情', description: '' },
        { code: routeByPath('/activityModelList')!.code!, name: '活动模板', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/mallEventsDetail', k)),
    }),
  );

const event = (id: number, status: string) => ({
  id,
  code: `HD00000${id}`,
  name: id === 1 ? '双十二洗护秒杀' : '周末秒杀（2026-12-05）',
  status,
  kind: 'seckill',
  startDay: '2026-12-01',
  endDay: '2026-12-12',
  remark: null,
  groupSize: null,
  groupHours: null,
  modelName: null,
  items: [{ goodsId: 3, price: 7800, stock: 20, limitPerMember: 2 }],
  itemsText: '洗发露（商城装） 活动价 78 元，剩余 17/已售 3，每人限 2 件',
  orders: 3,
  pieces: 6,
  revenue: 35_100,
  discount: 21_000,
  groupsFormed: 0,
  createdAt: '2026-11-20T00:00:00.000Z',
});

const server = () =>
  stubFetch((url) => {
    const [path] = url.split('?');
    if (path === '/rest/mallEvent/list')
      return { body: envelope({ list: [event(1, 'active'), event(2, 'draft')], total: 2 }) };
    if (path === '/rest/mallEvent/detail/1') return { body: envelope(event(1, 'active')) };
    if (path === '/rest/mallEvent/detail/2') return { body: envelope(event(2, 'draft')) };
    if (path === '/rest/mallEvent/submit') return { body: envelope({ id: 2, status: 'pending', spNo: 'SP9' }) };
    if (path === '/rest/mallEvent/goods')
      return {
        body: envelope([{ id: 3, code: 'SC-P001', name: '洗发露（商城装）', price: 12800, stock: 180, enabled: true }]),
      };
    if (path === '/rest/mallEvent/group/list') return { body: envelope({ list: [], total: 0 }) };
    if (path === '/rest/mallEventOrder/list')
      return {
        body: envelope({
          list: [
            {
              id: 9,
              eventId: 1,
              orderNo: 'SC20261201000009',
              storeName: '上海徐汇店',
              status: 'toShip',
              total: 15_600,
            },
          ],
          total: 1,
        }),
      };
    if (path === '/rest/activityModel/list')
      return {
        body: envelope({
          list: [{ id: 4, name: '周末秒杀', kind: 'seckill', days: 2, rate: 60, limitPerMember: 1, uses: 1 }],
          total: 1,
        }),
      };
    if (path === '/rest/activityModel/start') return { body: envelope({ id: 2, code: 'HD000002' }) };
    return { body: envelope(null) };
  });

const calls = (fetch: ReturnType<typeof server>, p: string) => fetch.mock.calls.filter((c) => String(c[0]).includes(p));

describe('商城活动', { timeout: 60_000 }, () => {
  it('lets anyone read the events; without 编辑 there is neither 新增 nor 提交审核', async () => {
    signIn([]);
    server();
    renderApp('/mallEventsList');
    const table = await tableBody();
    expect(await within(table).findByText('双十二洗护秒杀', {}, SLOW)).toBeTruthy();
    const rows = table.querySelectorAll('tr.ant-table-row');
    expect(buttonIn(rows[1]!, '提交审核')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });

  it('with 编辑: 新增, and a 草稿 sent for review after its confirm', async () => {
    signIn(['edit', 'audit']);
    const fetch = server();
    renderApp('/mallEventsList');
    const table = await tableBody();
    expect(await within(table).findByText('周末秒杀（2026-12-05）', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /新增/ }, SLOW)).toBeTruthy();
    const rows = table.querySelectorAll('tr.ant-table-row');
    expect(buttonIn(rows[0]!, '停用')).toBeTruthy();
    fireEvent.click(buttonIn(rows[1]!, '提交审核')!);
    await waitFor(() => expect(currentAlert()?.text).toMatch(/提交到审批中心/), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(calls(fetch, '/rest/mallEvent/submit')).toHaveLength(1), SLOW);
  });

  it("shows a running event's results and its orders", async () => {
    signIn(['edit', 'audit']);
    server();
    renderApp('/mallEventsDetail?id=1');
    expect(await screen.findByText('活动效果', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('¥351.00', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('¥210.00')).toBeTruthy();
    expect(await screen.findByText('SC20261201000009', {}, SLOW)).toBeTruthy();
  });

  it('edits a draft: each goods row shows the mall price and stock beside its event price', async () => {
    signIn(['edit', 'audit']);
    server();
    renderApp('/mallEventsDetail?id=2&edit=1');
    expect(await screen.findByText('商城价 ¥128.00，库存 180', {}, SLOW)).toBeTruthy();
    expect(((await screen.findAllByLabelText('活动价'))[0] as HTMLInputElement).value).toBe('78.00');
  });

  it('starts an event from a template and opens it to edit', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp('/activityModelList');
    const table = await tableBody();
    expect(await within(table).findByText('周末秒杀', {}, SLOW)).toBeTruthy();
    fireEvent.click(await findButton(table, '用模板新建'));
    await waitFor(() => expect(currentAlert()?.text).toMatch(/新建一个商城活动草稿/), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(calls(fetch, '/rest/activityModel/start')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/activityModel/start')[0]![1]!.body))).toEqual({ id: 4 });
    expect(await screen.findByText('商城价 ¥128.00，库存 180', {}, SLOW)).toBeTruthy();
  });
});
