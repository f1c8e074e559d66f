/**
 * A member tab declared as a view (a REPORTS declaration whose page is /comboCard and whose one
 * fixed filter is memberId) shows under the member's file on ReportView, with the member's id.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routeByPath } from '@zb/contract/routes';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../platform/queryClient';
import { MEMBER_CARDS, SALES } from '../../platform/report/testReports';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderInProviders } from '../../test/renderApp';
import { MemberAccount, memberViewOf } from './MemberAccount';

vi.mock('@zb/contract/reports/index', async () => {
  const { MEMBER_CARDS: cards } = await import('../../platform/report/testReports');
  return { REPORTS: [cards] };
});

/** A loaded machine renders antd's table slowly. */
const WAIT = { timeout: 15_000 };

describe('member tabs declared as views', { timeout: 30_000 }, () => {
  it('finds a tab’s view by its route, and only one with memberId as its fixed filter', () => {
    expect(memberViewOf('/comboCard', [SALES, MEMBER_CARDS])).toBe(MEMBER_CARDS);
    expect(memberViewOf('/storedValueCard', [SALES, MEMBER_CARDS])).toBeUndefined();
    expect(memberViewOf('/stockDetail', [SALES])).toBeUndefined();
  });

  it('shows the 套餐卡 tab on the report engine with the member’s id', async () => {
    // The tabs open with the member file's codes (those of /memberList).
    setSessionUser(
      sessionUser({ menu: [{ code: routeByPath('/memberList')!.code!, name: '会员列表', description: '' }] }),
    );
    const fetch = stubFetch((url) =>
      url.startsWith('/rest/report/testMemberCards/list')
        ? {
            body: envelope({
              list: [{ cardNo: 'K001', cardName: '年卡', balance: 8800 }],
              total: 1,
              totals: { balance: 8800 },
            }),
          }
        : { body: envelope([]) },
    );
    renderInProviders(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/personalAccount?id=9']}>
          <MemberAccount memberId={9} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('tab', { name: '储值卡' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '套餐卡' }));
    expect(await screen.findByText('K001', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
    await waitFor(
      () =>
        expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
          '/rest/report/testMemberCards/list?memberId=9&pageNo=1&pageSize=10',
        ),
      WAIT,
    );
  });
});
