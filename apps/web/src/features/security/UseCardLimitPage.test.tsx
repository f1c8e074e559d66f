/**
 * /useCardLimit: the rules listed with their limits in 元; 新增 sends the form (a card product by
 * its code, the amount in 分) and puts the server's field error on its field.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const RULES = [
  {
    id: 1,
    scope: 'chain',
    targetCode: null,
    targetName: '全部门店',
    maxDraws: 10,
    maxAmount: 500_000,
    maxStores: 3,
    enabled: false,
    remark: null,
    createdAt: '2026-11-20T10:00:00+08:00',
  },
  {
    id: 2,
    scope: 'card',
    targetCode: 'C006',
    targetName: '储值卡3000元',
    maxDraws: 3,
    maxAmount: 200_000,
    maxStores: 2,
    enabled: true,
    remark: null,
    createdAt: '2026-11-20T10:00:00+08:00',
  },
];

const signIn = () =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'YWAQ', name: '业务安全', description: '' },
        { code: routeByPath('/useCardLimit')!.code!, name: '用卡限制', description: '' },
      ],
      btn: ['add', 'edit', 'delete'].map((k) => buttonCodeOf('/useCardLimit', k)),
    }),
  );

describe('/useCardLimit', { timeout: 60_000 }, () => {
  it('lists the rules; 新增 sends a card product’s limits and shows the server’s field error', async () => {
    signIn();
    const fetch = stubFetch((url) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/useCardLimit/list') return { body: envelope({ list: RULES, total: RULES.length }) };
      if (path === '/rest/useCardLimit/save') {
        return {
          body: envelope(
            { fields: { targetCode: '卡项编码「C099」不存在' } },
            ERR.PARAM_INVALID,
            '卡项编码「C099」不存在',
          ),
        };
      }
      return { body: envelope(null) };
    });
    renderApp('/useCardLimit');
    // The page's chunk loads first (slow on a loaded machine).
    await screen.findByText('新增用卡限制', {}, { timeout: 30_000 });
    const table = await tableBody();
    expect(await within(table).findByText('储值卡3000元', {}, { timeout: 30_000 })).toBeTruthy();
    expect(within(table).getByText('全部门店')).toBeTruthy();
    expect(within(table).getByText('¥2,000.00')).toBeTruthy();

    fireEvent.click(screen.getByText('新增用卡限制'));
    const drawer = await openDrawer();
    fireEvent.mouseDown(within(drawer).getByLabelText('适用范围'));
    fireEvent.click(await screen.findByTitle('指定卡项', {}, SLOW));
    fireEvent.change(within(drawer).getByLabelText('门店/卡项编码'), { target: { value: 'C099' } });
    fireEvent.change(within(drawer).getByLabelText('每卡每日最多划卡（次）'), { target: { value: '2' } });
    fireEvent.change(within(drawer).getByLabelText('每卡每日最多金额'), { target: { value: '1500' } });
    fireEvent.click(within(drawer).getByText(/^保\s*存$/));
    const saves = () => fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/useCardLimit/save'));
    await waitFor(() => expect(saves()).toHaveLength(1), SLOW);
    expect(JSON.parse(String(saves()[0]![1]!.body))).toMatchObject({
      scope: 'card',
      targetCode: 'C099',
      maxDraws: 2,
      maxAmount: 150_000,
    });
    expect(await within(drawer).findByText('卡项编码「C099」不存在', {}, SLOW)).toBeTruthy();
    expect(currentAlert()).toBeNull();
  });
});
