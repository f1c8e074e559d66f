/**
 * /personalAccount shows the member's cards with balances and sessions left, each card's ledger,
 * and the 消费记录 tab that pages GET /rest/member/findMemberConsume with a date filter.
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

const bill = (id: number, billNo: string) => ({
  id,
  billNo,
  consumedAt: '2026-11-02T06:30:00.000Z',
  storeId: 1,
  storeName: '上海静安店',
  staffName: '王芳',
  total: 36_630,
  paidByCard: 16_830,
  paidOther: 19_800,
  remark: null,
  lines: [
    {
      line: 1,
      itemKind: 'project',
      itemId: 5,
      itemName: '头皮深层护理',
      quantity: 1,
      unitPrice: 16_830,
      amount: 16_830,
      memberCardId: 31,
      cardNo: 'KH00000031',
      cardName: '尊享储值卡',
      sessions: null,
      cardAmount: 16_830,
    },
  ],
});

describe('/personalAccount', { timeout: 60_000 }, () => {
  it('shows the cards with balances and sessions, a card’s ledger, and the 消费记录 paged on the server', async () => {
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
      if (path === '/rest/member/findMemberConsume') {
        const q = new URLSearchParams(search);
        if (q.get('dateFrom')) return { body: envelope({ total: 0, list: [] }) };
        return { body: envelope({ total: 25, list: [bill(1, 'XF0000000101'), bill(2, 'XF0000000100')] }) };
      }
      return { body: envelope([]) };
    });
    renderApp('/personalAccount?id=9');
    const table = await within(document.body).findByRole('table', { name: '会员卡' }, SLOW);
    expect(await within(table).findByText('¥1,831.70', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('头皮深层护理：剩余 7/10 次')).toBeTruthy();
    expect(within(table).getByText('已过期')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/member/cards?memberId=9'))).toBe(true);

    fireEvent.click(table.querySelectorAll<HTMLButtonElement>('.ant-table-row-expand-icon')[0]!);
    const ledger = await within(document.body).findByRole('table', { name: '会员卡流水' }, SLOW);
    expect(await within(ledger).findByText('本金 +¥2,000.00，赠送 +¥300.00', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(document.body).getByRole('tab', { name: '消费记录' }));
    const bills = await within(document.body).findByRole('table', { name: '消费记录' }, SLOW);
    expect(await within(bills).findByText('XF0000000101', {}, SLOW)).toBeTruthy();
    expect(within(bills).getAllByText('上海静安店')).toHaveLength(2);
    expect(document.body.textContent).toContain('共 25 条');
    const consumeCalls = () => fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('findMemberConsume'));
    expect(consumeCalls()[0]).toContain('memberId=9');
    expect(consumeCalls()[0]).toContain('pageNo=1');

    // Page 2 asks the server for it.
    fireEvent.click(document.querySelector<HTMLElement>('.ant-pagination-item-2')!);
    await waitFor(() => expect(consumeCalls().some((u) => u.includes('pageNo=2'))).toBe(true), SLOW);
  });
});
