/**
 * /OperationManagement 经营分析 with the http calls stubbed: it opens on 本月 and reads the four
 * dashboard reports (the caller's totals by region, the chart rows by day and by store, the recall
 * list as of today); the statistic cards read their totals as the reports show them (prepaid
 * balance = 期末本金 + 赠金, its change against 期初); a card links to its report only for a user
 * who may open it; the charts are fed by the chart calls; no rows show 暂无数据.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { routeByPath } from '@zb/contract/routes';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../platform/queryClient';
import type { ReportChartOption } from '../../platform/report/chartOption';
import { todayOnServer } from '../../platform/report/presets';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderInProviders } from '../../test/renderApp';
import OperationManagementPage from './OperationManagementPage';

vi.mock('../../platform/report/ReportChart', () => ({
  default: ({ option, title }: { option: ReportChartOption; title: string }) => (
    <div data-testid="chart">
      {JSON.stringify({ title, x: option.xAxis?.data, series: option.series.map((s) => s.data) })}
    </div>
  ),
}));

const MEMBERS = {
  newMembers: 12,
  visitMembers: 40,
  repeatMembers: 10,
  repeatRate: 2500,
  cardBuyers: 6,
  spend: 1234500,
  balanceMembers: 88,
};
const today = todayOnServer();
const monthStart = `${today.slice(0, 7)}-01`;
const WAIT = { timeout: 15_000 };

const answer = (empty = false) =>
  stubFetch((url) => {
    const rows = (list: unknown[], totals: unknown) => ({
      body: envelope({ list: empty ? [] : list, total: empty ? 0 : list.length, totals: empty ? undefined : totals }),
    });
    if (url.startsWith('/rest/report/opsDashboardMembers/list') && url.includes('chart=1'))
      return rows([{ storeId: 7, storeName: '南京西路店', newMembers: 3, visitMembers: 9, repeatMembers: 2 }], MEMBERS);
    if (url.startsWith('/rest/report/opsDashboardMembers/list')) return rows([{ regionId: 1, ...MEMBERS }], MEMBERS);
    if (url.startsWith('/rest/report/opsDashboardTrend/list'))
      return rows([{ day: monthStart, newMembers: 2, visitMembers: 5, repeatMembers: 1, cardBuyers: 1 }], MEMBERS);
    if (url.startsWith('/rest/report/opsDashboardRecall/list'))
      return rows([{ regionId: 1, recallMembers: 17 }], { recallMembers: 17 });
    if (url.startsWith('/rest/report/opsDashboardAssets/list'))
      return rows([{ regionId: 1 }], {
        openingAmount: 100000,
        openingBonus: 10000,
        closingAmount: 150000,
        closingBonus: 5000,
      });
    return { body: envelope(null) };
  });

const render = () =>
  renderInProviders(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/OperationManagement']}>
        <OperationManagementPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const cardOf = (label: string) => screen.getByText(label).closest('.ant-card') as HTMLElement;

describe('经营分析 /OperationManagement', { timeout: 60_000 }, () => {
  it('shows the period’s figures from the dashboard reports, links where the user may open, and both charts', async () => {
    const memberReport = routeByPath('/memberReport')!;
    setSessionUser(sessionUser({ menu: [{ code: memberReport.code!, name: '会员报表', description: '' }] }));
    const fetch = answer();
    render();
    expect(await screen.findByText('12,345.00', {}, WAIT)).toBeTruthy();
    const calls = fetch.mock.calls.map((c) => decodeURIComponent(String(c[0])));
    expect(calls).toContain(
      `/rest/report/opsDashboardMembers/list?pageNo=1&pageSize=1&periodFrom=${monthStart}&periodTo=${today}&groupBy=region`,
    );
    expect(calls.some((u) => u.startsWith('/rest/report/opsDashboardRecall/list') && !u.includes('periodFrom'))).toBe(
      true,
    );
    expect(within(cardOf('新增会员')).getByText('12')).toBeTruthy();
    expect(within(cardOf('复购率')).getByText('25.00%')).toBeTruthy();
    expect(within(cardOf('消费金额')).getByText('12,345.00')).toBeTruthy();
    expect(within(cardOf('待召回会员')).getByText('17')).toBeTruthy();
    // 预存余额 = 1,500 + 50 元; its change against 1,000 + 100 元.
    expect(within(cardOf('预存余额（期末本金+赠金）')).getByText('1,550.00')).toBeTruthy();
    expect(within(cardOf('预存余额变动')).getByText('450.00')).toBeTruthy();
    // The user may open /memberReport, not /memberOperation.
    expect(screen.getByRole('link', { name: '新增会员' }).getAttribute('href')).toBe(
      `/memberReport?periodFrom=${monthStart}&periodTo=${today}`,
    );
    expect(screen.queryByRole('link', { name: '待召回会员' })).toBeNull();
    const charts = (await screen.findAllByTestId('chart', {}, WAIT)).map((c) => JSON.parse(c.textContent ?? ''));
    expect(charts.map((c) => c.title).sort()).toEqual(['各门店新增、到店与复购', '每日会员趋势']);
    expect(charts.find((c) => c.title === '每日会员趋势').x).toEqual([monthStart]);
  });

  it('shows 暂无数据 for charts without rows', async () => {
    setSessionUser(sessionUser());
    answer(true);
    render();
    expect((await screen.findAllByText('暂无数据', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('—').length).toBeGreaterThan(5);
    expect(screen.queryAllByTestId('chart')).toEqual([]);
  });
});
