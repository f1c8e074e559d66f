/**
 * /inventoryNotice and /inventoryNoticeDetail: the list shows each notice's progress and state and
 * offers 编辑/删除 only while no store has counted; the detail shows a counted store's lines; the
 * form refuses a notice without its deadline before any call.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { StocktakeDetail, StocktakeRow } from '@zb/contract/api/stocktaking';
import type { StoreTreeRegion } from '@zb/contract/api/taskCenter';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-XXZX', name: '消息中心', description: '' },
        { code: routeByPath('/inventoryNotice')!.code!, name: '盘点通知', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/inventoryNotice', k)),
    }),
  );

const row = (over: Partial<StocktakeRow>): StocktakeRow => ({
  id: 1,
  title: '十一月抽盘',
  type: 2,
  typeName: '抽盘',
  deadline: '2026-12-01',
  status: 'open',
  storeCount: 2,
  countedCount: 0,
  productCount: 2,
  diffAmount: 0,
  createdByName: '系统管理员',
  createdAt: '2026-11-20T02:00:00.000Z',
  ...over,
});

const detail: StocktakeDetail = {
  ...row({
    id: 2,
    title: '月末全盘',
    type: 3,
    typeName: '月末盘点',
    status: 'done',
    countedCount: 1,
    storeCount: 1,
    diffAmount: -1200,
  }),
  content: '',
  products: [],
  regionIds: [],
  storeIds: [1],
  editable: false,
  stores: [
    {
      storeId: 1,
      code: 'BJ001',
      name: '北京朝阳店',
      regionName: '华北大区',
      state: 'counted',
      countedAt: '2026-11-21T02:00:00.000Z',
      countNo: 'PD-1',
      gainAmount: 0,
      lossAmount: -1200,
      lines: [
        {
          productId: 5,
          productCode: 'P005',
          productName: '防脱精华液',
          unit: '瓶',
          bookQty: 10,
          countedQty: 9,
          diffQty: -1,
          diffAmount: -1200,
        },
      ],
    },
  ],
};

const tree: StoreTreeRegion[] = [
  {
    key: 'region-3',
    title: '华北大区',
    regionId: 3,
    children: [{ key: 'store-1', title: '北京朝阳店', storeId: 1, code: 'BJ001' }],
  },
];

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/searchStocktakingMsg'))
      return {
        body: envelope({
          list: [row({}), row({ id: 2, title: '月末全盘', status: 'done', countedCount: 2 })],
          total: 2,
        }),
      };
    if (path.endsWith('/findStocktakingMsgType'))
      return {
        body: envelope([
          { value: 1, label: '全盘' },
          { value: 2, label: '抽盘' },
          { value: 3, label: '月末盘点' },
        ]),
      };
    if (path.endsWith('/getStocktakingMsgDetail')) return { body: envelope(detail) };
    if (path.endsWith('/getStoreTree')) return { body: envelope(tree) };
    if (path.endsWith('/getTreeStoreCount')) return { body: envelope(1) };
    if (path === '/rest/stocktaking/products') return { body: envelope([{ id: 5, code: 'P005', name: '防脱精华液' }]) };
    if (path.endsWith('/saveUpdateStocktakingMsg')) return { body: envelope({ ...detail, id: 3 }) };
    return { body: envelope(null) };
  });

describe('盘点通知', { timeout: 60_000 }, () => {
  it('lists progress and offers 编辑/删除 only before any count', async () => {
    signIn(['add', 'edit', 'delete']);
    server();
    renderApp('/inventoryNotice');
    const table = await tableBody();
    expect(await within(table).findByText('十一月抽盘', {}, SLOW)).toBeTruthy();
    const rows = table.querySelectorAll('tr.ant-table-row');
    expect(within(rows[0] as HTMLElement).getByText('0/2 家')).toBeTruthy();
    expect(buttonIn(rows[0]!, '删除')).not.toBeNull();
    expect(buttonIn(rows[1]!, '删除')).toBeNull();
    expect(buttonIn(rows[1]!, '编辑')).toBeNull();
  });

  it("shows a counted store's lines", async () => {
    signIn([]);
    server();
    renderApp('/inventoryNoticeDetail?id=2');
    expect(await screen.findByText('盘点通知：月末全盘', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('门店在库的全部商品')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('防脱精华液（P005）', {}, SLOW)).toBeTruthy();
  });

  it('refuses a notice without its deadline before any call', async () => {
    signIn(['add']);
    const fetch = server();
    renderApp('/inventoryNoticeDetail?new=1');
    fireEvent.change(await screen.findByPlaceholderText('如：十一月月末盘点', {}, SLOW), {
      target: { value: '抽盘测试' },
    });
    fireEvent.click(await findButton(document.body, '发送盘点通知'));
    expect(await screen.findByText('请选择截止日期', {}, SLOW)).toBeTruthy();
    const saves = () => fetch.mock.calls.filter((c) => String(c[0]).includes('saveUpdateStocktakingMsg'));
    await waitFor(() => expect(saves()).toHaveLength(0));
  });
});
