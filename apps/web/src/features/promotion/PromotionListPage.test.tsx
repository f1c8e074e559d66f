/**
 * /promotionList: a 草稿 plan offers 提交审核 (with 编辑), a 进行中 one 停用 (with 审核); each asks first
 * and then calls the server; without the buttons neither shows.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
        { code: routeByPath('/promotionList')!.code!, name: '推广方案', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/promotionList', k)),
    }),
  );

const row = (id: number, name: string, status: string) => ({
  id,
  code: `TG00000${id}`,
  name,
  status,
  referrerKind: 'member',
  startDay: '2026-11-01',
  endDay: '2026-12-31',
  rewardKind: 'points',
  referrals: 3,
  rewarded: 1,
  firstRevenue: 19800,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/promotion/list')
      return {
        body: envelope({ list: [row(1, '老带新送积分', 'draft'), row(2, '员工推荐有礼', 'active')], total: 2 }),
      };
    if (path === '/rest/promotion/submit') return { body: envelope({ id: 1, status: 'pending', spNo: 'SP1' }) };
    if (path === '/rest/promotion/disable') return { body: envelope({ id: 2, status: 'disabled' }) };
    return { body: envelope(null) };
  });

const calls = (fetch: ReturnType<typeof server>, p: string) => fetch.mock.calls.filter((c) => String(c[0]).includes(p));

describe('/promotionList', { timeout: 60_000 }, () => {
  it('sends a draft for review and stops a running plan, each after its confirm', async () => {
    signIn(['add', 'edit', 'audit']);
    const fetch = server();
    renderApp('/promotionList');
    const table = await tableBody();
    expect(await within(table).findByText('老带新送积分', {}, SLOW)).toBeTruthy();
    const rows = table.querySelectorAll('tr.ant-table-row');
    expect(buttonIn(rows[0]!, '停用')).toBeNull();
    fireEvent.click(buttonIn(rows[0]!, '提交审核')!);
    await waitFor(() => expect(currentAlert()?.text).toMatch(/提交到审批中心/), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(calls(fetch, '/rest/promotion/submit')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/promotion/submit')[0]![1]!.body))).toEqual({ id: 1 });

    expect(buttonIn(rows[1]!, '提交审核')).toBeNull();
    fireEvent.click(buttonIn(rows[1]!, '停用')!);
    await waitFor(() => expect(currentAlert()?.text).toMatch(/停用推广方案/), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(calls(fetch, '/rest/promotion/disable')).toHaveLength(1), SLOW);
  });

  it('offers neither without 编辑 and 审核', async () => {
    signIn([]);
    server();
    renderApp('/promotionList');
    const table = await tableBody();
    expect(await within(table).findByText('员工推荐有礼', {}, SLOW)).toBeTruthy();
    expect(buttonIn(table, '提交审核')).toBeNull();
    expect(buttonIn(table, '停用')).toBeNull();
  });
});
