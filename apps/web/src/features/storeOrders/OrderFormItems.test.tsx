/**
 * The new-order form asks for the goods of the store chosen: a franchise store's /cooperativeConfig
 * terms decide what its picker offers and at which price (the server answers items?storeId=).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { resourceCode } from '@zb/contract/routeTable/define';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/bookProdLstNew';

const ITEM = { code: 'P001', name: '草本控油洗发露', spec: null, unit: '瓶' };

describe('/bookProdDetailNew?create=1 picker', { timeout: 60_000 }, () => {
  it('reads the items of the chosen store and shows its price', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
          { code: resourceCode('ZBHT-MDGL', PAGE), name: '订货记录', description: '' },
        ],
        btn: [buttonCodeOf(PAGE, 'add')],
      }),
    );
    const fetch = stubFetch((url) => {
      const [path, query] = url.split('?');
      if (path === '/rest/storeOrder/stores') {
        return {
          body: envelope([
            { id: 1, code: 'SH001', name: '上海徐汇店', ownership: 'direct' },
            { id: 2, code: 'HZ001', name: '杭州西湖店', ownership: 'franchise' },
          ]),
        };
      }
      if (path === '/rest/storeOrder/items') {
        const tier = new URLSearchParams(query ?? '').get('storeId') === '2';
        return { body: envelope([{ id: 10, ...ITEM, price: tier ? 4620 : 4200 }]) };
      }
      return { body: envelope(null) };
    });
    renderApp('/bookProdDetailNew?create=1');
    const store = await screen.findByLabelText('订货门店', {}, SLOW);
    fireEvent.mouseDown(store.closest('.ant-select')!);
    fireEvent.click(await screen.findByText('杭州西湖店（HZ001）', {}, SLOW));
    await waitFor(
      () => expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/storeOrder/items?storeId=2'))).toBe(true),
      SLOW,
    );
    const item = screen.getByLabelText('选择商品');
    fireEvent.mouseDown(item.closest('.ant-select')!);
    fireEvent.click(await screen.findByText('P001 草本控油洗发露', {}, SLOW));
    // 单价 and 金额 (one bottle).
    expect(await screen.findAllByText('¥46.20', {}, SLOW)).toHaveLength(2);
  });
});
