/**
 * /onlineOrderDetail: the buttons come from MALL_ORDER_FLOW's console steps for the order's state
 * and the user's 发货 button; 发货 asks for the carrier and tracking number before it calls the
 * server; the lines, the payment and the history show.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { MallOrderStatus, MallOrderView } from '@zb/contract/entities/mall';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { findButton, openModal } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const view = (status: MallOrderStatus, delivery: 'express' | 'pickup' = 'express'): MallOrderView => ({
  order: {
    id: 7,
    orderNo: 'SC20261125000007',
    outerNo: 'WX0007',
    kind: 'normal',
    status,
    storeName: '上海徐汇店',
    storeCode: 'SH001',
    memberName: '王芳',
    memberPhone: '13911112222',
    delivery,
    goodsAmount: 25600,
    freight: 800,
    total: 26400,
    earnestAmount: 0,
    paidAmount: status === 'pendingPay' ? 0 : 26400,
    balancePaid: 0,
    refundedAmount: 0,
    payMethod: status === 'pendingPay' ? null : 'wechat',
    tradeNo: status === 'pendingPay' ? null : 'WXPAY-778899',
    paidAt: status === 'pendingPay' ? null : '2026-11-25T02:10:00.000Z',
    balancePaidAt: null,
    receiverName: '王芳',
    receiverPhone: '13911112222',
    address: '上海市徐汇区漕溪北路 88 号',
    trackingCompany: null,
    trackingNo: null,
    shippedAt: null,
    completedAt: null,
    remark: null,
    createdAt: '2026-11-25T02:00:00.000Z',
  },
  lines: [
    {
      id: 1,
      goodsCode: 'SC-P001',
      goodsName: '草本控油洗发露（商城装）',
      price: 12800,
      quantity: 2,
      amount: 25600,
      earnest: null,
      listPrice: null,
    },
  ],
  returns: [],
  payouts: [],
  history: [
    {
      at: '2026-11-25T02:00:00.000Z',
      label: '创建',
      from: '',
      to: 'pendingPay',
      actor: '小程序',
      reason: '小程序下单',
    },
  ],
  event: null,
});

const PAGE = '/onlineOrderList';

const userWith = (...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-DDGL', name: '订单管理', description: '' },
        { code: resourceCode('ZBHT-DDGL', PAGE), name: '线上订单', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const server = (initial: MallOrderView) => {
  let current = initial;
  return stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/mallOrder/view/7') return { body: envelope(current) };
    if (path === '/rest/mallOrder/ship' && init.method === 'POST') {
      current = { ...current, order: { ...current.order, status: 'shipped' } };
      return { body: envelope({ id: 7, status: 'shipped' }) };
    }
    return { body: envelope(null) };
  });
};

/** The card's action bar, once the order is on screen (the first render loads the page's chunk: slow on a busy machine). */
const actionBar = async () => {
  await screen.findByText('商城订单 SC20261125000007', {}, { timeout: 30_000 });
  return document.querySelector<HTMLElement>('.ant-card-extra') ?? document.createElement('div');
};

const labels = (root: HTMLElement) =>
  [...root.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

afterEach(() => resetAlerts());

describe('/onlineOrderDetail', { timeout: 60_000 }, () => {
  it('shows the order and the buttons its state allows', async () => {
    userWith('ship', 'export');
    server(view('pendingPay'));
    const first = renderApp('/onlineOrderDetail?id=7');
    const bar = await actionBar();
    await waitFor(() => expect(labels(bar)).toEqual(['取消订单']), SLOW);
    expect(screen.getByText('草本控油洗发露（商城装）')).toBeTruthy();
    expect(screen.getAllByText('¥264.00').length).toBeGreaterThan(0);
    expect(screen.getByText('说明：小程序下单')).toBeTruthy();
    first.unmount();
  });

  it('a refunded order shows the money paid back (退款支付记录)', async () => {
    userWith('export');
    server({
      ...view('refunded'),
      payouts: [
        {
          refundNo: 'TK0000000003',
          returnNo: 'SH20261125000002',
          kind: 'mallReturn',
          method: 'wechat',
          amount: 26400,
          tradeNo: 'WXPAY-778899',
          refundTradeNo: null,
          refundedAt: '2026-11-25T06:00:00.000Z',
        },
      ],
    });
    renderApp('/onlineOrderDetail?id=7');
    await screen.findByText('退款支付记录', {}, SLOW);
    expect(screen.getByText('TK0000000003')).toBeTruthy();
    expect(screen.getByText('SH20261125000002')).toBeTruthy();
    expect(screen.getByText('微信')).toBeTruthy();
  });

  it('a pick-up order waiting: 确认自提, or 取消并退款', async () => {
    userWith('ship');
    server(view('toPickup', 'pickup'));
    renderApp('/onlineOrderDetail?id=7');
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['确认自提', '取消并退款']), SLOW);
  });

  it('取消并退款 asks for the reason, then cancels and refunds', async () => {
    userWith('ship');
    const fetch = server(view('toShip'));
    renderApp('/onlineOrderDetail?id=7');
    fireEvent.click(await findButton(await actionBar(), '取消并退款'));
    const modal = await openModal();
    expect(within(modal).getByText(/全额退回会员已付金额/)).toBeTruthy();
    fireEvent.click(await findButton(modal, '确认取消并退款'));
    expect(await within(modal).findByText('请填写取消原因', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('取消原因'), { target: { value: '商品缺货' } });
    fireEvent.click(await findButton(modal, '确认取消并退款'));
    const calls = () => fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/mallOrder/cancelRefund'));
    await waitFor(() => expect(calls()).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls()[0]![1]!.body))).toEqual({ id: 7, reason: '商品缺货' });
  });

  it('no buttons without 发货', async () => {
    userWith('export');
    server(view('toShip'));
    renderApp('/onlineOrderDetail?id=7');
    await screen.findByText('商城订单 SC20261125000007', {}, SLOW);
    await screen.findByText('WXPAY-778899', {}, SLOW);
    expect(document.querySelector('.ant-card-extra button')).toBeNull();
  });

  it('发货 asks for the tracking number, then ships', async () => {
    userWith('ship');
    const fetch = server(view('toShip'));
    renderApp('/onlineOrderDetail?id=7');
    fireEvent.click(await findButton(await actionBar(), '发货'));
    const modal = await openModal();
    fireEvent.click(await findButton(modal, '确认发货'));
    expect(await within(modal).findByText('请填写快递单号', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('快递公司'), { target: { value: '顺丰速运' } });
    fireEvent.change(within(modal).getByLabelText('快递单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(await findButton(modal, '确认发货'));
    const shipCalls = () => fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/mallOrder/ship'));
    await waitFor(() => expect(shipCalls()).toHaveLength(1), SLOW);
    expect(JSON.parse(String(shipCalls()[0]![1]!.body))).toEqual({
      id: 7,
      trackingCompany: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    await waitFor(async () => expect(labels(await actionBar())).toEqual([]), SLOW);
  });
});
