/** /orderDetail ?id=<单号>: a bill with its lines, payments and refunds, read from GET /rest/memberAccount/orderDetail. */
import { screen } from '@testing-library/react';
import type { OrderDetail } from '@zb/contract/entities/points';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const detail: OrderDetail = {
  type: 'bill',
  bill: {
    bill: {
      id: 9,
      billNo: 'XF0000000009',
      consumedAt: '2026-11-20T07:30:00.000Z',
      storeId: 1,
      storeCode: 'SH001',
      storeName: '上海徐汇店',
      memberId: 3,
      memberCode: 'HY00000003',
      memberName: '王丽',
      memberPhone: '13900000003',
      staffName: '李娜',
      kind: 'retail',
      source: 'pos',
      status: 'completed',
      outerNo: 'POS-77',
      total: 30_000,
      paidByCard: 0,
      paidOther: 30_000,
      refunded: 10_000,
      remark: null,
      closedAt: null,
      closeReason: null,
    },
    lines: [
      {
        line: 1,
        kind: 'product',
        code: 'P001',
        name: '草本控油洗发露',
        quantity: 3,
        unitPrice: 10_000,
        amount: 30_000,
        cardNo: null,
        sessions: null,
        cardAmount: 0,
        refunded: 10_000,
      },
    ],
    payments: [
      { seq: 1, method: 'cash', amount: 30_000, cardNo: null, tradeNo: null, signerName: null, refunded: 10_000 },
    ],
    cards: [],
    shares: [],
    history: [],
    abnormal: [],
  },
  refunds: [
    {
      id: 4,
      refundNo: 'TK0000000004',
      status: 'executed',
      amount: 10_000,
      toCards: 0,
      outside: 10_000,
      reason: '顾客退货',
      createdAt: '2026-11-21T02:00:00.000Z',
      executedAt: '2026-11-21T03:00:00.000Z',
    },
  ],
};

describe('/orderDetail', { timeout: 120_000 }, () => {
  it('shows the bill found by its number, its lines, payments and refunds', async () => {
    setSessionUser(
      sessionUser({ menu: [{ code: routeByPath('/memberList')!.code!, name: '会员列表', description: '' }], btn: [] }),
    );
    const fetch = stubFetch((url) =>
      url.startsWith('/rest/memberAccount/orderDetail') ? { body: envelope(detail) } : { body: envelope([]) },
    );
    renderApp('/orderDetail?id=XF0000000009');
    expect(await screen.findByText('收银单 XF0000000009', {}, { timeout: 40_000 })).toBeTruthy();
    expect(screen.getByText('草本控油洗发露')).toBeTruthy();
    expect(screen.getByText('TK0000000004')).toBeTruthy();
    expect(screen.getByText('顾客退货')).toBeTruthy();
    expect(screen.getAllByText('¥100.00').length).toBeGreaterThan(0);
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/rest/memberAccount/orderDetail?id=XF0000000009');
  });
});
