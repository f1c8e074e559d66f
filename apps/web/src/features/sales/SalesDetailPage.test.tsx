/**
 * /salesList and /salesDetail: a running plan's 活动效果 and the bill lines it priced; editing a
 * draft shows each goods row's list price and the price the plan gives it, and 保存 sends special
 * prices in 分 and rates as typed; a 草稿 offers 提交审核 after its confirm.
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
        { code: routeByPath('/salesList')!.code!, name: '折扣方案', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/salesList', k)),
    }),
  );

const plan = (id: number, status: string) => ({
  id,
  code: `ZK00000${id}`,
  name: id === 1 ? '养护好物限时特价' : '春节护理特惠',
  status,
  startDay: '2026-11-01',
  endDay: '2026-12-31',
  remark: null,
  items: [
    { kind: 'product', goodsId: 26, mode: 'price', value: 6800 },
    { kind: 'project', goodsId: 15, mode: 'rate', value: 85 },
  ],
  itemsText: '养发茶饮 特价 68 元、修护焗油 8.5 折',
  storeScope: 'all',
  storeCodes: null,
  bills: 3,
  quantity: 5,
  revenue: 34_940,
  discount: 8_360,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const server = () =>
  stubFetch((url) => {
    const [path, query = ''] = url.split('?');
    if (path === '/rest/sale/list')
      return { body: envelope({ list: [plan(1, 'active'), plan(2, 'draft')], total: 2 }) };
    if (path === '/rest/sale/detail/1') return { body: envelope(plan(1, 'active')) };
    if (path === '/rest/sale/detail/2') return { body: envelope(plan(2, 'draft')) };
    if (path === '/rest/sale/save') return { body: envelope({ id: 2 }) };
    if (path === '/rest/sale/submit') return { body: envelope({ id: 2, status: 'pending', spNo: 'SP9' }) };
    if (path === '/rest/sale/use/list')
      return {
        body: envelope({
          list: [
            {
              id: 7,
              saleId: 1,
              at: '2026-11-20T02:00:00.000Z',
              billNo: 'XF2026112000001',
              storeName: '北京朝阳店',
              memberName: '王芳',
              goodsKind: 'product',
              goodsName: '养发茶饮',
              quantity: 2,
              listPrice: 9800,
              unitPrice: 6800,
              discount: 6000,
            },
          ],
          total: 1,
        }),
      };
    if (path === '/rest/goods/refOptions') {
      const kind = new URLSearchParams(query).get('kind');
      const rows =
        kind === 'product'
          ? [{ id: 26, code: 'P026', name: '养发茶饮', status: 'on', price: 9800 }]
          : kind === 'project'
            ? [{ id: 15, code: 'J015', name: '修护焗油', status: 'on', price: 16800 }]
            : [];
      return { body: envelope(rows) };
    }
    return { body: envelope(null) };
  });

const calls = (fetch: ReturnType<typeof server>, p: string) => fetch.mock.calls.filter((c) => String(c[0]).includes(p));

describe('/salesDetail', { timeout: 60_000 }, () => {
  it("shows a running plan's results and the bill lines it priced", async () => {
    signIn(['add', 'edit', 'audit']);
    server();
    renderApp('/salesDetail?id=1');
    expect(await screen.findByText('活动效果', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('¥349.40', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('¥83.60')).toBeTruthy();
    expect(await screen.findByText('XF2026112000001', {}, SLOW)).toBeTruthy();
    expect(await findButton(document.body, '停用')).toBeTruthy();
  });

  it('edits a draft: each row shows its list and plan price; 保存 sends 分 and rates', async () => {
    signIn(['add', 'edit', 'audit']);
    const fetch = server();
    renderApp('/salesDetail?id=2&edit=1');
    expect(await screen.findByText('原价 ¥98.00，活动价 ¥68.00', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('原价 ¥168.00，活动价 ¥142.80', {}, SLOW)).toBeTruthy();
    const price = (await screen.findAllByLabelText('特价'))[0] as HTMLInputElement;
    fireEvent.change(price, { target: { value: '59.9' } });
    fireEvent.blur(price);
    expect(await screen.findByText('原价 ¥98.00，活动价 ¥59.90', {}, SLOW)).toBeTruthy();
    fireEvent.click(await findButton(document.body, '保存'));
    await waitFor(() => expect(calls(fetch, '/rest/sale/save')).toHaveLength(1), SLOW);
    const body = JSON.parse(String(calls(fetch, '/rest/sale/save')[0]![1]!.body));
    expect(body.items).toEqual([
      { kind: 'product', goodsId: 26, mode: 'price', value: 5990 },
      { kind: 'project', goodsId: 15, mode: 'rate', value: 85 },
    ]);
  });

  it('sends a draft for review from the list after its confirm', async () => {
    signIn(['add', 'edit', 'audit']);
    const fetch = server();
    renderApp('/salesList');
    const table = await tableBody();
    expect(await within(table).findByText('春节护理特惠', {}, SLOW)).toBeTruthy();
    const rows = table.querySelectorAll('tr.ant-table-row');
    expect(buttonIn(rows[0]!, '提交审核')).toBeNull();
    fireEvent.click(buttonIn(rows[1]!, '提交审核')!);
    await waitFor(() => expect(currentAlert()?.text).toMatch(/提交到审批中心/), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(calls(fetch, '/rest/sale/submit')).toHaveLength(1), SLOW);
  });
});
