/**
 * The points tabs of the member's file: 积分明细 and 积分兑换 show for a role that may open them (and
 * not for one that may not); 积分兑换 shows the member's points and exchanges, and 兑换 asks for
 * confirmation before it posts the exchange, then reads the points again.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeByPath } from '@zb/contract/routes';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { createQueryClient } from '../../platform/queryClient';
import { setSessionUser } from '../../platform/session';
import { findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderInProviders, SLOW } from '../../test/renderApp';
import { MemberAccount } from './MemberAccount';

const memberList = routeByPath('/memberList')!;

const show = () =>
  renderInProviders(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/personalAccount?id=9']}>
        <MemberAccount memberId={9} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => resetAlerts());

describe('the points tabs', { timeout: 120_000 }, () => {
  it('are not shown to a role that may not open them', () => {
    setSessionUser(sessionUser({ menu: [], btn: [] }));
    stubFetch(() => ({ body: envelope([]) }));
    show();
    expect(screen.getByRole('tab', { name: '会员卡' })).toBeTruthy();
    for (const name of ['消费记录', '积分明细', '积分兑换']) expect(screen.queryByRole('tab', { name })).toBeNull();
  });

  it('积分兑换 shows the points and exchanges; 兑换 confirms, posts and reads again', async () => {
    setSessionUser(sessionUser({ menu: [{ code: memberList.code!, name: '会员列表', description: '' }], btn: [] }));
    let balance = 1_200;
    const fetch = stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (path === '/rest/memberAccount/points') {
        return { body: envelope({ memberId: 9, balance, earned: 1_500, spent: 300, expired: 0 }) };
      }
      if (path === '/rest/memberAccount/exchange' && init.method === 'POST') {
        balance -= 400;
        return { body: envelope({ id: 5, exchangeNo: 'DH0000000005', points: 400, balance, replayed: false }) };
      }
      if (path === '/rest/report/creditsExchange/list') {
        return {
          body: envelope({
            total: 1,
            list: [
              {
                id: 4,
                exchangeNo: 'DH0000000004',
                itemName: '护发精油小样',
                quantity: 1,
                unitPoints: 300,
                points: 300,
              },
            ],
            totals: { quantity: 1, points: 300 },
          }),
        };
      }
      return { body: envelope([]) };
    });
    show();
    expect(screen.getByRole('tab', { name: '积分明细' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '积分兑换' }));
    // The tab's chunk loads on a busy machine first.
    expect(await screen.findByText('DH0000000004', {}, { timeout: 40_000 })).toBeTruthy();
    await waitFor(() => expect(document.body.textContent).toContain('1,200'), SLOW);
    const exchangeCalls = () => fetch.mock.calls.filter((c) => String(c[0]).startsWith('/rest/memberAccount/exchange'));

    fireEvent.click(await findButton(document.body, '兑换'));
    const modal = await waitFor(() => {
      const m = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((x) =>
        x.textContent?.includes('兑换物品'),
      );
      if (!m) throw new Error('no dialog yet');
      return m;
    }, SLOW);
    // Nothing filled: the form says what is missing and nothing is sent.
    fireEvent.click(await findButton(modal, '确定兑换'));
    expect(await within(modal).findByText('请填写兑换物品', {}, SLOW)).toBeTruthy();
    expect(exchangeCalls()).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('兑换物品'), { target: { value: '头皮护理体验券' } });
    fireEvent.change(within(modal).getByLabelText('单件所需积分'), { target: { value: '200' } });
    fireEvent.change(within(modal).getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.click(await findButton(modal, '确定兑换'));
    await waitFor(() => expect(currentAlert()?.text).toContain('扣除 400 积分'), SLOW);
    expect(exchangeCalls()).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(exchangeCalls()).toHaveLength(1), SLOW);
    const body = JSON.parse(String(exchangeCalls()[0]![1]!.body));
    expect(body).toMatchObject({ memberId: 9, itemName: '头皮护理体验券', quantity: 2, unitPoints: 200 });
    expect(typeof body.requestKey).toBe('string');
    await waitFor(() => expect(currentAlert()?.text).toContain('剩余 800 积分'), SLOW);
    await waitFor(() => expect(document.body.textContent).toContain('800'), SLOW);
  });
});
