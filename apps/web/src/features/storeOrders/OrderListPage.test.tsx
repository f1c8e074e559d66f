/** /bookProdLstNew: each row offers the steps its state allows and the user holds; 新增订货 needs 新增. */
import { screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { resourceCode } from '@zb/contract/routeTable/define';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/bookProdLstNew';

const row = (id: number, status: string, payStatus = 'unpaid') => ({
  id,
  orderNo: `DH20261122000${id}`,
  storeName: '上海徐汇店',
  storeCode: 'SH001',
  regionName: '华东大区',
  kind: 'goods',
  status,
  total: 10_000,
  paidAmount: payStatus === 'paid' ? 10_000 : 0,
  payStatus,
  lineCount: 2,
  submitterName: '张敏',
  createdAt: '2026-11-22T02:00:00.000Z',
});

const userWith = (...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
        { code: resourceCode('ZBHT-MDGL', PAGE), name: '订货记录', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const serve = () =>
  stubFetch((url) => {
    if (url.startsWith('/rest/storeOrder/list')) {
      const list = [row(1, 'submitted'), row(2, 'approved'), row(3, 'shipped'), row(4, 'received', 'paid')];
      return { body: envelope({ list, total: list.length }) };
    }
    return { body: envelope(null) };
  });

const rowActions = (body: HTMLElement, orderNo: string) => {
  const tr = [...body.querySelectorAll('tr')].find((r) => r.textContent?.includes(orderNo))!;
  return [...tr.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));
};

describe('/bookProdLstNew rows', { timeout: 60_000 }, () => {
  it('offers 审核/驳回, 发货, 收货 and 登记付款 by state for a user holding every button', async () => {
    userWith('add', 'edit', 'audit', 'ship', 'receive', 'export');
    serve();
    renderApp(PAGE);
    await screen.findByText('DH202611220001', {}, SLOW);
    const body = await tableBody();
    expect(rowActions(body, 'DH202611220001')).toEqual(['查看', '审核', '驳回']);
    expect(rowActions(body, 'DH202611220002')).toEqual(['查看', '发货', '登记付款']);
    expect(rowActions(body, 'DH202611220003')).toEqual(['查看', '收货', '登记付款']);
    expect(rowActions(body, 'DH202611220004')).toEqual(['查看']);
    expect(screen.getByText('共 4 条')).toBeTruthy();
    expect(buttonIn(document.body, '新增订货')).toBeTruthy();
  });

  it('shows a user with only the page nothing to do but 查看, and no 新增订货', async () => {
    userWith();
    serve();
    renderApp(PAGE);
    await screen.findByText('DH202611220001', {}, SLOW);
    const body = await tableBody();
    await waitFor(() => expect(rowActions(body, 'DH202611220002')).toEqual(['查看']), SLOW);
    expect(rowActions(body, 'DH202611220001')).toEqual(['查看']);
    expect(buttonIn(document.body, '新增订货')).toBeNull();
  });
});
