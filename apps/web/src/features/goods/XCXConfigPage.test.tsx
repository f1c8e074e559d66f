/**
 * /XCXConfig: the page's only button, 编辑, adds items; the goods picker follows 商品类别 and
 * refuses goods off sale while the item is shown; the server's refusal lands on the goods field.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERR } from '@zb/contract/errcodes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton, openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const item = {
  id: 5,
  goodsKind: 'product',
  goodsId: 2,
  goodsCode: 'P002',
  goodsName: '生姜防脱洗发水',
  goodsStatus: 'on',
  tab: 'mall',
  category: '洗护',
  sort: 10,
  recommended: true,
  visible: true,
  createdAt: '2025-03-01T02:00:00.000Z',
};

const OPTIONS: Record<string, unknown[]> = {
  product: [
    { id: 2, code: 'P002', name: '生姜防脱洗发水', status: 'on' },
    { id: 22, code: 'P022', name: '护发素旅行装', status: 'off' },
  ],
  card: [{ id: 1, code: 'C001', name: '头皮清洁10次卡', status: 'on' }],
};

const server = () => {
  const saves: Record<string, unknown>[] = [];
  const fetch = stubFetch((url, init) => {
    const [path, qs] = url.split('?');
    if (path === '/rest/xcxConfig/list') return { body: envelope({ list: [item], total: 1 }) };
    if (path === '/rest/goods/refOptions') return { body: envelope(OPTIONS[new URLSearchParams(qs).get('kind')!]) };
    if (path === '/rest/xcxConfig/save') {
      saves.push(JSON.parse(String(init.body)));
      const msg = '商品「生姜防脱洗发水」已停售，不能在小程序展示';
      return { body: envelope({ fields: { goodsId: msg } }, ERR.PARAM_INVALID, msg) };
    }
    return { body: envelope(null) };
  });
  return { fetch, saves };
};

const optionNamed = async (title: string) => {
  const el = await screen.findByTitle(title, {}, SLOW);
  return el.closest('.ant-select-item-option') as HTMLElement;
};

describe('/XCXConfig', { timeout: 60_000 }, () => {
  it('adds with 编辑: the picker follows the kind, refuses goods off sale while shown, and shows the server’s refusal', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
          { code: 'ZBHT-SPGL:XCXConfig', name: '小程序商品配置', description: '' },
        ],
        btn: ['ZBHT-SPGL:XCXConfig:edit'],
      }),
    );
    const { fetch, saves } = server();
    renderApp('/XCXConfig');
    const table = await tableBody();
    expect(await within(table).findByText('生姜防脱洗发水', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('商城')).toBeTruthy();

    fireEvent.click(await findButton(document, '新增小程序商品'));
    const drawer = await openDrawer();
    fireEvent.mouseDown(await within(drawer).findByLabelText('选择商品', {}, SLOW));
    const off = await optionNamed('护发素旅行装（P022） 停售');
    expect(off.className).toContain('ant-select-item-option-disabled');
    expect((await optionNamed('生姜防脱洗发水（P002）')).className).not.toContain('disabled');

    // Hidden, an item may hold goods off sale.
    fireEvent.click(within(drawer).getByRole('switch', { name: '展示' }));
    await waitFor(async () =>
      expect((await optionNamed('护发素旅行装（P022） 停售')).className).not.toContain('disabled'),
    );
    fireEvent.click(within(drawer).getByRole('switch', { name: '展示' }));

    fireEvent.click(await optionNamed('生姜防脱洗发水（P002）'));
    fireEvent.click(within(drawer).getByText(/^保\s*存$/));
    expect(await within(drawer).findByText('商品「生姜防脱洗发水」已停售，不能在小程序展示', {}, SLOW)).toBeTruthy();
    expect(saves[0]).toMatchObject({ goodsKind: 'product', goodsId: 2, tab: 'home', sort: 0, visible: true });

    // Another kind empties the choice and lists that kind.
    fireEvent.mouseDown(within(drawer).getByLabelText('商品类别'));
    fireEvent.click(await screen.findByTitle('卡项', {}, SLOW));
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => String(c[0]).startsWith('/rest/goods/refOptions?kind=card'))).toBe(true),
    );
    fireEvent.mouseDown(await within(drawer).findByLabelText('选择卡项', {}, SLOW));
    expect(await optionNamed('头皮清洁10次卡（C001）')).toBeTruthy();
    expect(within(drawer).queryByTitle('生姜防脱洗发水（P002）')).toBeNull();
  });

  it('shows no 新增 and no 编辑 without the button', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
          { code: 'ZBHT-SPGL:XCXConfig', name: '小程序商品配置', description: '' },
        ],
      }),
    );
    server();
    renderApp('/XCXConfig');
    const table = await tableBody();
    expect(await within(table).findByText('生姜防脱洗发水', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('新增小程序商品')).toBeNull();
    expect(within(table).queryByText(/^编\s*辑$/)).toBeNull();
    expect(within(table).queryByText(/^删\s*除$/)).toBeNull();
  });
});
