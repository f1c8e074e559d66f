/** /bookProdDetailNew: the order's action buttons follow its state and the user's buttons; the steps call the server. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { OrderStatus, PayStatus, StoreOrderView } from '@zb/contract/entities/storeOrder';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openModal } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const view = (status: OrderStatus, over: { mine?: boolean; payStatus?: PayStatus } = {}): StoreOrderView => ({
  order: {
    id: 5,
    orderNo: 'DH202611220001',
    storeId: 1,
    storeCode: 'SH001',
    storeName: '上海徐汇店',
    ownership: 'franchise',
    regionName: '华东大区',
    kind: 'goods',
    status,
    total: 14_400,
    paidAmount: over.payStatus === 'paid' ? 14_400 : 0,
    payStatus: over.payStatus ?? 'unpaid',
    remark: '周末活动备货',
    rejectReason: null,
    submitterName: '张敏',
    createdAt: '2026-11-22T02:00:00.000Z',
  },
  mine: over.mine ?? false,
  lines: [
    {
      id: 51,
      line: 1,
      itemId: 10,
      code: 'P001',
      name: '草本控油洗发露',
      spec: '500ml/瓶',
      unit: '瓶',
      quantity: 2,
      unitPrice: 4200,
      amount: 8400,
      receivedQty: null,
      projects: null,
    },
    {
      id: 52,
      line: 2,
      itemId: 16,
      code: 'P016',
      name: '草本头疗包',
      spec: '10袋/盒',
      unit: '盒',
      quantity: 3,
      unitPrice: 2000,
      amount: 6000,
      receivedQty: null,
      projects: null,
    },
  ],
  steps: [{ step: 'submit', label: '提交', at: '2026-11-22T02:00:00.000Z', by: '张敏', note: '周末活动备货' }],
  payments: [],
});

const PAGE = '/bookProdLstNew';

/** A user holding the order pages and these buttons of /bookProdLstNew. */
const userWith = (...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
        { code: resourceCode('ZBHT-MDGL', PAGE), name: '订货记录', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const server = (initial: StoreOrderView) => {
  let current = initial;
  const fetch = stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/storeOrder/view/5') return { body: envelope(current) };
    const step = path?.match(/^\/rest\/storeOrder\/(approve|reject|ship|receive|withdraw)$/)?.[1];
    if (step && init.method === 'POST') {
      const to = {
        approve: 'approved',
        reject: 'rejected',
        ship: 'shipped',
        receive: 'received',
        withdraw: 'withdrawn',
      }[step] as OrderStatus;
      current = { ...current, order: { ...current.order, status: to } };
      return { body: envelope({ id: 5, orderNo: current.order.orderNo, status: to }) };
    }
    return { body: envelope(null) };
  });
  return fetch;
};

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

/** The card's action bar, once the order is on screen. */
const actionBar = async () => {
  await screen.findByText('订货单 DH202611220001', {}, SLOW);
  return document.querySelector<HTMLElement>('.ant-card-extra') ?? document.createElement('div');
};

const labels = (root: HTMLElement) =>
  [...root.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

afterEach(() => resetAlerts());

describe('/bookProdDetailNew action buttons', { timeout: 60_000 }, () => {
  it('a submitted order: 审核 and 驳回 for an auditor; 修改 and 撤回 only for its submitter', async () => {
    userWith('audit', 'add', 'ship', 'receive', 'edit');
    server(view('submitted', { mine: true }));
    renderApp('/bookProdDetailNew?id=5');
    const bar = await actionBar();
    await waitFor(() => expect(labels(bar)).toEqual(['审核', '驳回', '修改', '撤回']), SLOW);
    expect(screen.getByText('草本控油洗发露')).toBeTruthy();
    expect(screen.getByText('¥144.00', { selector: 'td' })).toBeTruthy();
  });

  it('a submitted order of someone else, for a user without 审核: no buttons at all', async () => {
    userWith('add', 'ship');
    server(view('submitted'));
    renderApp('/bookProdDetailNew?id=5');
    await screen.findByText('订货单 DH202611220001', {}, SLOW);
    await screen.findByText('周末活动备货', {}, SLOW);
    expect(document.querySelector('.ant-card-extra button')).toBeNull();
  });

  it('an approved, unpaid order: 发货 and 登记付款 — and no 发货 for a user without the 发货 button', async () => {
    userWith('audit', 'ship', 'edit');
    server(view('approved'));
    const first = renderApp('/bookProdDetailNew?id=5');
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['发货', '登记付款']), SLOW);
    first.unmount();

    userWith('audit', 'receive', 'edit');
    server(view('approved'));
    renderApp('/bookProdDetailNew?id=5');
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['登记付款']), SLOW);
  });

  it('a received, paid order has nothing left to do', async () => {
    userWith('audit', 'add', 'ship', 'receive', 'edit');
    server(view('received', { payStatus: 'paid', mine: true }));
    renderApp('/bookProdDetailNew?id=5');
    await screen.findByText('订货单 DH202611220001', {}, SLOW);
    await screen.findByText('已付清', {}, SLOW);
    expect(document.querySelector('.ant-card-extra button')).toBeNull();
  });

  it('审核 asks first, then approves; the page shows the new state and its next step', async () => {
    userWith('audit', 'ship');
    const fetch = server(view('submitted'));
    renderApp('/bookProdDetailNew?id=5');
    fireEvent.click(await findButton(await actionBar(), '审核'));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定审核通过订单 DH202611220001？'), SLOW);
    expect(calls(fetch, '/rest/storeOrder/approve')).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(calls(fetch, '/rest/storeOrder/approve')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/storeOrder/approve')[0]![1]!.body))).toEqual({ id: 5 });
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['发货']), SLOW);
  });

  it('驳回 needs a reason before it calls the server', async () => {
    userWith('audit');
    const fetch = server(view('submitted'));
    renderApp('/bookProdDetailNew?id=5');
    fireEvent.click(await findButton(await actionBar(), '驳回'));
    const modal = await openModal();
    fireEvent.click(await findButton(modal, '确定驳回'));
    expect(await within(modal).findByText('请填写驳回原因', {}, SLOW)).toBeTruthy();
    expect(calls(fetch, '/rest/storeOrder/reject')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('驳回原因'), { target: { value: '超出本月订货额度' } });
    fireEvent.click(await findButton(modal, '确定驳回'));
    await waitFor(() => expect(calls(fetch, '/rest/storeOrder/reject')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/storeOrder/reject')[0]![1]!.body))).toEqual({
      id: 5,
      reason: '超出本月订货额度',
    });
  });

  it('收货 takes the received quantity of each line', async () => {
    userWith('receive');
    const fetch = server(view('shipped'));
    renderApp('/bookProdDetailNew?id=5');
    fireEvent.click(await findButton(await actionBar(), '收货'));
    const modal = await openModal();
    fireEvent.change(within(modal).getByLabelText('草本头疗包实收数量'), { target: { value: '1' } });
    fireEvent.change(within(modal).getByLabelText('收货备注'), { target: { value: '少到 2 盒' } });
    fireEvent.click(await findButton(modal, '确认收货'));
    await waitFor(() => expect(calls(fetch, '/rest/storeOrder/receive')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/storeOrder/receive')[0]![1]!.body))).toEqual({
      id: 5,
      lines: [
        { lineId: 51, receivedQty: 2 },
        { lineId: 52, receivedQty: 1 },
      ],
      remark: '少到 2 盒',
    });
    expect(buttonIn(document.body, '审核')).toBeNull();
  });
});
