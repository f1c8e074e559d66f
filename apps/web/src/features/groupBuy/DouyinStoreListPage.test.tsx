/** /douyinStoreList: the shops with 已绑定/未绑定, and 同步门店 pulling from the platform then asking the list again. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/douyinStoreList';
const route = routeByPath(PAGE)!;

const rows = [
  {
    id: 3,
    platformShopId: 'DY-BJ001',
    platformShopName: '北京朝阳店（抖音）',
    storeName: '北京朝阳店',
    mapped: true,
    syncedAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
  },
  {
    id: 4,
    platformShopId: 'DY-WH001',
    platformShopName: '武汉江汉店（抖音）',
    storeName: null,
    mapped: false,
    syncedAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
  },
];

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

describe('/douyinStoreList', { timeout: 60_000 }, () => {
  it('shows 已绑定/未绑定 and syncs the platform’s shops', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
          { code: route.code!, name: '抖音门店', description: '' },
        ],
        btn: ['add', 'edit', 'delete', 'export'].map((b) => buttonCodeOf(PAGE, b)),
      }),
    );
    const fetch = stubFetch((url) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/groupBuy/douyinShops/list') return { body: envelope({ list: rows, total: 2 }) };
      if (path === '/rest/groupBuy/douyinShops/detail/4') return { body: envelope({ ...rows[1], storeId: null }) };
      if (path === '/rest/groupBuy/douyinShops/sync') return { body: envelope({ listed: 12, added: 0 }) };
      if (path === '/rest/groupBuy/douyinShops/save') return { body: envelope({ id: 4 }) };
      if (path === '/rest/groupBuy/douyinShops/stores')
        return { body: envelope([{ id: 11, name: '武汉江汉店（WH001）' }]) };
      return { body: envelope([]) };
    });
    renderApp(PAGE);
    const table = await tableBody();
    expect(await within(table).findByText('未绑定', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('已绑定')).toBeTruthy();

    fireEvent.click(await findButton(document.body, '同步门店'));
    await waitFor(() => expect(calls(fetch, '/rest/groupBuy/douyinShops/sync')).toHaveLength(1), SLOW);
    expect(await within(document.body).findByText('同步完成：平台共 12 条，新增 0 条', {}, SLOW)).toBeTruthy();
    // The list is asked again after the sync.
    await waitFor(() => expect(calls(fetch, '/rest/groupBuy/douyinShops/list').length).toBeGreaterThan(1), SLOW);
  });
});
