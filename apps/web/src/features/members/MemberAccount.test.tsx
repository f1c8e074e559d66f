/**
 * /personalAccount shows the member's cards with balances and sessions left, each card's ledger,
 * and the 消费记录 tab (/purchaseHistory: bills and mall orders on the report engine, paged on the
 * server, each number opening /orderDetail).
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const list = routeByPath('/memberList')!;

const memberRow = {
  id: 9,
  code: 'HY00000009',
  name: '林晓',
  areaCode: '0086',
  phone: '13900001234',
  storeName: '上海徐汇店',
  status: 'normal',
};

const cards = [
  {
    id: 31,
    cardNo: 'KH00000031',
    cardId: 2,
    cardName: '尊享储值卡',
    kind: 'stored',
    storeId: 1,
    storeName: '上海徐汇店',
    openedAt: '2026-06-01T02:00:00.000Z',
    expiresAt: '2027-06-01T02:00:00.000Z',
    expired: false,
    status: 'active',
    paid: 300_000,
    balance: 183_170,
    bonusBalance: 30_000,
    sessions: [],
  },
  {
    id: 32,
    cardNo: 'KH00000032',
    cardId: 3,
    cardName: '头皮护理10次卡',
    kind: 'combo',
    storeId: 1,
    storeName: '上海徐汇店',
    openedAt: '2026-05-01T02:00:00.000Z',
    expiresAt: '2026-11-01T02:00:00.000Z',
    expired: true,
    status: 'active',
    paid: 150_000,
    balance: null,
    bonusBalance: null,
    sessions: [{ projectId: 5, projectName: '头皮深层护理', total: 10, remaining: 7 }],
  },
];

const purchase = (id: number, no: string, kind: 'bill' | 'mall') => ({
  id,
  no,
  kind,
  at: '2026-11-02T06:30:00.000Z',
  storeName: '上海静安店',
  items: kind === 'bill' ? '头皮深层护理×1' : '洗护旅行套装×1',
  status: 'completed',
  total: 36_630,
  paidByCard: kind === 'bill' ? 33_660 : 0,
  paidOther: kind === 'bill' ? 2_970 : 36_630,
  refunded: 0,
});

describe('/personalAccount', { timeout: 120_000 }, () => {
  it('shows the cards with balances and sessions, a card’s ledger, and the 消费记录 (bills and mall orders) paged on the server', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-HYGL', name: '会员管理', description: '' },
          { code: list.code!, name: '会员列表', description: '' },
        ],
        btn: [],
      }),
    );
    const fetch = stubFetch((url) => {
      const [path = '', search = ''] = url.split('?');
      if (path === '/rest/member/detail/9') return { body: envelope(memberRow) };
      if (path === '/rest/member/cards') return { body: envelope(cards) };
      if (path === '/rest/member/cardLedger') {
        return {
          body: envelope({
            total: 1,
            list: [
              {
                id: 1,
                kind: 'open',
                kindName: '开卡',
                amount: 200_000,
                bonusAmount: 30_000,
                balanceAfter: 200_000,
                bonusAfter: 30_000,
                projectName: null,
                sessions: null,
                sessionsAfter: null,
                refNo: 'KH00000031',
                storeName: '上海徐汇店',
                createdByName: null,
                at: '2026-06-01T02:00:00.000Z',
              },
            ],
          }),
        };
      }
      if (path === '/rest/report/purchaseHistory/list') {
        const q = new URLSearchParams(search);
        if (q.get('kind')) return { body: envelope({ total: 0, list: [], totals: {} }) };
        return {
          body: envelope({
            total: 25,
            list: [purchase(2, 'XF0000000101', 'bill'), purchase(3, 'WSC20261101000007', 'mall')],
            totals: { total: 73_260, paidByCard: 33_660, paidOther: 39_600, refunded: 0 },
          }),
        };
      }
      return { body: envelope([]) };
    });
    renderApp('/personalAccount?id=9');
    // The page's chunks load first (a while on a busy machine).
    const table = await within(document.body).findByRole('table', { name: '会员卡' }, { timeout: 40_000 });
    expect(await within(table).findByText('¥1,831.70', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('头皮深层护理：剩余 7/10 次')).toBeTruthy();
    expect(within(table).getByText('已过期')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/member/cards?memberId=9'))).toBe(true);

    fireEvent.click(table.querySelectorAll<HTMLButtonElement>('.ant-table-row-expand-icon')[0]!);
    const ledger = await within(document.body).findByRole('table', { name: '会员卡流水' }, SLOW);
    expect(await within(ledger).findByText('本金 +¥2,000.00，赠送 +¥300.00', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(document.body).getByRole('tab', { name: '消费记录' }));
    const bill = await within(document.body).findByRole('link', { name: 'XF0000000101' }, SLOW);
    // Each number opens /orderDetail with it.
    expect(bill.getAttribute('href')).toBe('/orderDetail?id=XF0000000101');
    expect(within(document.body).getByRole('link', { name: 'WSC20261101000007' })).toBeTruthy();
    expect(within(document.body).getByText('商城订单')).toBeTruthy();
    expect(document.body.textContent).toContain('共 25 条');
    const historyCalls = () =>
      fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/rest/report/purchaseHistory/list'));
    expect(historyCalls()[0]).toContain('memberId=9');
    expect(historyCalls()[0]).toContain('pageNo=1');

    // Page 2 asks the server for it.
    fireEvent.click(document.querySelector<HTMLElement>('.ant-pagination-item-2')!);
    await waitFor(() => expect(historyCalls().some((u) => u.includes('pageNo=2'))).toBe(true), SLOW);
  });
});
