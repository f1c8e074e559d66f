/** /swiftpassStore: the key shows only as 已设置/未设置; the edit form offers it empty and sends it only when typed. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/swiftpassStore';
const route = routeByPath(PAGE)!;

const row = {
  id: 9,
  storeId: 4,
  storeCode: 'HZ001',
  storeName: '杭州西湖店',
  regionName: '华东大区',
  ownership: 'franchise',
  merchantNo: '101520000465',
  keySet: true,
  subMerchantNo: null,
  enabled: true,
  updatedByName: '张敏',
  updatedAt: '2025-06-01T02:00:00.000Z',
};

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

describe('/swiftpassStore', { timeout: 60_000 }, () => {
  it('edits without the key unless one is typed', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
          { code: route.code!, name: '威富通商户', description: '' },
        ],
        btn: ['add', 'edit', 'export'].map((b) => buttonCodeOf(PAGE, b)),
      }),
    );
    const fetch = stubFetch((url) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/swiftpassStore/list') return { body: envelope({ list: [row], total: 1 }) };
      if (path === '/rest/swiftpassStore/detail/9') return { body: envelope(row) };
      if (path === '/rest/swiftpassStore/save') return { body: envelope({ id: 9 }) };
      if (path === '/rest/swiftpassStore/stores') return { body: envelope([{ id: 4, name: '杭州西湖店（HZ001）' }]) };
      return { body: envelope([]) };
    });
    renderApp(PAGE);
    const table = await tableBody();
    expect(await within(table).findByText('已设置', {}, SLOW)).toBeTruthy();
    expect(buttonIn(table, '删除')).toBeNull();

    fireEvent.click(await findButton(table, '编辑'));
    const drawer = await openDrawer();
    const key = (await within(drawer).findByLabelText('密钥', {}, SLOW)) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    fireEvent.change(within(drawer).getByLabelText('商户号'), { target: { value: '101520000466' } });
    fireEvent.click(await findButton(drawer, '保存'));
    await waitFor(() => expect(calls(fetch, '/rest/swiftpassStore/save')).toHaveLength(1), SLOW);
    const first = JSON.parse(String(calls(fetch, '/rest/swiftpassStore/save')[0]![1]!.body));
    expect(first).toMatchObject({ id: 9, merchantNo: '101520000466' });
    expect(first.signKey ?? '').toBe('');

    fireEvent.click(await findButton(await tableBody(), '编辑'));
    const again = await openDrawer();
    fireEvent.change(await within(again).findByLabelText('密钥', {}, SLOW), {
      target: { value: 'short' },
    });
    fireEvent.click(await findButton(again, '保存'));
    expect(await within(again).findByText('密钥至少 16 个字符', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(again).getByLabelText('密钥'), { target: { value: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } });
    fireEvent.click(await findButton(again, '保存'));
    await waitFor(() => expect(calls(fetch, '/rest/swiftpassStore/save')).toHaveLength(2), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/swiftpassStore/save')[1]![1]!.body)).signKey).toBe(
      'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    );
  });
});
