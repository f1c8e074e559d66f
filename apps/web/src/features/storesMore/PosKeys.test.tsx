/** /posList 接口密钥: a terminal's keys, 生成密钥 showing the secret once, 吊销 after a confirm. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton, openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/posList';
const route = routeByPath(PAGE)!;

const terminal = {
  id: 5,
  sn: 'SUNMI-T2-0005',
  brand: '商米',
  model: 'T2',
  merchantNo: '898110000000001',
  status: 'active',
  note: null,
  storeId: 1,
  storeName: '北京朝阳店',
  regionName: '华北大区',
  boundAt: '2026-01-05T01:00:00.000Z',
  createdAt: '2026-01-01T01:00:00.000Z',
};

const key = (id: number, status: 'active' | 'revoked') => ({
  id,
  kind: 'pos',
  name: 'POS SUNMI-T2-0005',
  appKey: `pos_${String(id).padStart(20, '0')}`,
  posTerminalId: 5,
  status,
  issuedBy: '管理员',
  issuedAt: '2026-11-20T02:00:00.000Z',
  revokedAt: status === 'revoked' ? '2026-11-21T02:00:00.000Z' : null,
  lastUsedAt: null,
});

describe('/posList 接口密钥', { timeout: 60_000 }, () => {
  it('issues a key showing its secret once, and revokes one after confirming', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
          { code: route.code!, name: 'POS机管理', description: '' },
        ],
        btn: ['add', 'edit', 'delete', 'export'].map((b) => buttonCodeOf(PAGE, b)),
      }),
    );
    let keys = [key(1, 'revoked')];
    const fetch = stubFetch((url, init) => {
      const path = url.split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      if (path === '/rest/pos/list') return { body: envelope({ list: [terminal], total: 1 }) };
      if (path === '/rest/pos/keys/5' && method === 'GET') return { body: envelope(keys) };
      if (path === '/rest/pos/keys/5' && method === 'POST') {
        keys = [key(2, 'active'), ...keys];
        return {
          body: envelope({ id: 2, appKey: keys[0]!.appKey, secret: 'S3cr3t-shown-once-AAAAAAAAAAAAAAAAAAAAAAA' }),
        };
      }
      if (path === '/rest/pos/keys/5/revoke/2') {
        keys = keys.map((k) => (k.id === 2 ? key(2, 'revoked') : k));
        return { body: envelope(null) };
      }
      return { body: envelope([]) };
    });
    renderApp(PAGE);
    const table = await tableBody();
    fireEvent.click(await findButton(table, '接口密钥'));
    const modal = await openModal();
    expect(await within(modal).findByText('已吊销', {}, SLOW)).toBeTruthy();

    fireEvent.click(await findButton(modal, '生成密钥'));
    expect(await within(modal).findByText('S3cr3t-shown-once-AAAAAAAAAAAAAAAAAAAAAAA', {}, SLOW)).toBeTruthy();
    expect(within(modal).getByText(/只显示这一次/)).toBeTruthy();
    await waitFor(() => expect(within(modal).getAllByText('启用').length).toBe(1));

    fireEvent.click(await findButton(modal, '吊销'));
    const confirm = await waitFor(() => {
      const pop = document.querySelector('.ant-popconfirm') as HTMLElement | null;
      if (!pop) throw new Error('no popconfirm');
      return pop;
    });
    expect(within(confirm).getByText(/吊销后该密钥立即失效/)).toBeTruthy();
    fireEvent.click(await findButton(confirm, '确定'));
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/pos/keys/5/revoke/2'))).toBe(true),
    );
    await waitFor(() => expect(within(modal).queryByText('启用')).toBeNull());
  });
});
