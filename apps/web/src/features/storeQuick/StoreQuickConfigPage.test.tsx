import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { StoreQuickConfig, StoreQuickEntry, StoreQuickOptions } from '@zb/contract/api/storeQuick';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const base: StoreQuickEntry[] = [
  { id: 1, code: 'BILLING', name: '开单', icon: 'FileAddOutlined', sort: 0 },
  { id: 2, code: 'CARD_OPEN', name: '办卡', icon: 'CreditCardOutlined', sort: 1 },
  { id: 3, code: 'RECHARGE', name: '充值', icon: 'WalletOutlined', sort: 2 },
];

const options: StoreQuickOptions = {
  roles: [{ id: 5, code: 'STORE_MANAGER', name: '门店店长', description: '' }],
  stores: [{ id: 3, code: 'HZ001', name: '杭州西湖店', regionName: '华东大区' }],
};

const config = (codes: string[], storeId: number | null = null): StoreQuickConfig => ({
  roleId: 5,
  storeId,
  source: 'role',
  entries: codes.map((c) => base.find((b) => b.code === c)!),
  roleEntries: codes.map((c) => base.find((b) => b.code === c)!),
  overrideStoreIds: [],
});

const editor = () =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: 'ZBHT-JCGL:storeQuickConfig', name: '门店快捷入口', description: '' },
      ],
      btn: ['ZBHT-JCGL:storeQuickConfig:edit'],
    }),
  );

const buttonNamed = (text: string): HTMLButtonElement => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

describe('/storeQuickConfig', { timeout: 30_000 }, () => {
  it("shows the first store role's entries in order, re-orders and adds, and saves them", async () => {
    editor();
    let saved = ['BILLING', 'CARD_OPEN'];
    const fetch = stubFetch((url, init) => {
      const [path, qs] = url.split('?');
      if (path === '/rest/hier/findStoreQuickOptions') return { body: envelope(options) };
      if (path === '/rest/hier/findStoreQuickBase') return { body: envelope(base) };
      if (path === '/rest/hier/findStoreQuickConfig') return { body: envelope(config(saved)) };
      if (path === '/rest/hier/addRoleQuicks' && init.method === 'POST') {
        saved = new URLSearchParams(qs).getAll('codes');
        return { body: envelope(config(saved)) };
      }
      return { body: envelope(null) };
    });
    renderApp('/storeQuickConfig');
    await screen.findByText('已选入口（2/10，按顺序显示）', {}, SLOW);
    expect(buttonNamed('保存').disabled).toBe(true);

    fireEvent.click(document.querySelector('[aria-label="下移 开单"]')!);
    const tag = screen.getAllByText('充值').find((e) => e.closest('[class*="checkable"]'));
    fireEvent.click(tag!.closest('[class*="checkable"]')!);
    await screen.findByText('已选入口（3/10，按顺序显示）');
    fireEvent.click(buttonNamed('保存'));

    await waitFor(() => expect(fetch.mock.calls.some((c) => String(c[0]).includes('addRoleQuicks'))).toBe(true));
    const url = String(fetch.mock.calls.find((c) => String(c[0]).includes('addRoleQuicks'))![0]);
    const query = new URLSearchParams(url.split('?')[1]);
    expect(query.get('roleId')).toBe('5');
    expect(query.getAll('codes')).toEqual(['CARD_OPEN', 'BILLING', 'RECHARGE']);
  });
});
