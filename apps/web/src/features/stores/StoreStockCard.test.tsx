/** /storeDetail shows the store's stock under its file: the balances as a person reads them, and the latest movements. */
import { fireEvent, within } from '@testing-library/react';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const list = routeByPath('/storeList')!;

const store = { id: 4, code: 'HZ001', name: '杭州西湖店', regionName: '华东大区', status: 'open', ownership: 'direct' };

describe('/storeDetail stock', { timeout: 60_000 }, () => {
  it('lists the balances and, on its tab, the latest movements with the balance after each', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
          { code: list.code!, name: '门店列表', description: '' },
        ],
        btn: [],
      }),
    );
    const fetch = stubFetch((url) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/shop/detail/4') return { body: envelope(store) };
      if (path === '/rest/shop/stock') {
        return {
          body: envelope([
            {
              productId: 1,
              productCode: 'P001',
              productName: '草本控油洗发露',
              spec: '500ml/瓶',
              quantity: 1300,
              display: '2瓶 300ml',
              updatedAt: '2026-11-20T02:00:00.000Z',
            },
          ]),
        };
      }
      if (path === '/rest/shop/stockMovements') {
        return {
          body: envelope([
            {
              id: 7,
              productName: '草本控油洗发露',
              kind: 'orderReceive',
              kindName: '订货收货',
              quantity: 1000,
              display: '+2瓶',
              balanceAfter: 1300,
              balanceDisplay: '2瓶 300ml',
              refType: 'store_order',
              refId: 12,
              note: null,
              createdAt: '2026-11-20T02:00:00.000Z',
            },
          ]),
        };
      }
      return { body: envelope([]) };
    });
    renderApp('/storeDetail?id=4');
    const stock = await within(document.body).findByRole('table', { name: '当前库存' }, SLOW);
    expect(await within(stock).findByText('2瓶 300ml', {}, SLOW)).toBeTruthy();
    expect(within(stock).getByText('草本控油洗发露')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/shop/stock?storeId=4'))).toBe(true);

    fireEvent.click(within(document.body).getByRole('tab', { name: '最近出入库' }));
    const moves = await within(document.body).findByRole('table', { name: '最近出入库' }, SLOW);
    expect(await within(moves).findByText('+2瓶', {}, SLOW)).toBeTruthy();
    expect(within(moves).getByText('订货收货')).toBeTruthy();
  });
});
