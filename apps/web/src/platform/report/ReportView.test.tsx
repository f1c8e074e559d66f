/**
 * The report page with the http calls stubbed: the preset period in the first call, rows with
 * 共 N 条, grouped headers, the totals row and the summary figures; 统计维度, sort and 查询 as
 * navigations; the chart fed by the chart=1 call; 导出 to the download centre for a user holding
 * its code; drill-down links; the empty state; a view embedded with a fixed member id.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderInProviders } from '../../test/renderApp';
import { createQueryClient } from '../queryClient';
import { setSessionUser } from '../session';
import type { ReportChartOption } from './chartOption';
import { todayOnServer } from './presets';
import { ReportView, type ReportViewProps } from './ReportView';
import { MEMBER_CARDS, SALES } from './testReports';

// ECharts draws on a canvas jsdom does not have: the chart shows the option it was given.
vi.mock('./ReportChart', () => ({
  default: ({ option }: { option: ReportChartOption }) => (
    <div data-testid="chart">{JSON.stringify({ x: option.xAxis?.data, series: option.series.map((s) => s.data) })}</div>
  ),
}));

const ROWS = [
  {
    storeId: 7,
    storeName: '南京西路店',
    openQty: 5,
    openAmount: 100000,
    inAmount: 300000,
    outAmount: 150000,
    rate: 5000,
    bills: 4,
  },
  { storeId: 8, storeName: '徐家汇店', openQty: 1, openAmount: 2000, inAmount: 0, outAmount: 0, rate: null, bills: 0 },
];
const TOTALS = { openQty: 6, openAmount: 102000, inAmount: 300000, outAmount: 150000, rate: 5000, bills: 4 };
const CHART = [
  { month: '2026-01-01', inAmount: 100000, outAmount: 50000 },
  { month: '2026-02-01', inAmount: 200000, outAmount: 100000 },
];

const EXPORT_CODE = buttonCodeOf('/stockDetail', 'export');

const urls = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.map((c) => decodeURIComponent(String(c[0])));

const answer = (rows: unknown[] = ROWS) =>
  stubFetch((url) => {
    if (url.startsWith('/rest/report/pick/store')) return { body: envelope([{ id: 7, name: '南京西路店（SH001）' }]) };
    if (url.startsWith('/rest/report/testSales/export')) return { body: envelope({ jobId: 5 }) };
    if (url.includes('chart=1')) return { body: envelope({ list: CHART, total: CHART.length, groupBy: 'month' }) };
    if (url.startsWith('/rest/report/testMemberCards/list'))
      return {
        body: envelope({
          list: [{ cardNo: 'K001', cardName: '年卡', balance: 8800 }],
          total: 1,
          totals: { balance: 8800 },
        }),
      };
    return { body: envelope({ list: rows, total: rows.length ? 23 : 0, totals: rows.length ? TOTALS : undefined }) };
  });

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const render = (props: ReportViewProps, path = '/stockDetail') =>
  renderInProviders(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path="/stockDetail" element={<ReportView {...props} />} />
          <Route path="/personalAccount" element={<ReportView {...props} />} />
          <Route path="/downloadhistory" element={<div>下载中心页面</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
const today = todayOnServer();
/** A loaded machine renders antd's table slowly. */
const WAIT = { timeout: 15_000 };
const monthStart = `${today.slice(0, 7)}-01`;

beforeEach(() => setSessionUser(sessionUser({ btn: [EXPORT_CODE] })));

describe('ReportView', { timeout: 30_000 }, () => {
  it('opens on the preset period and shows rows, 共 N 条, grouped headers, the totals row and the summary figures', async () => {
    const fetch = answer();
    render({ decl: SALES });
    expect(await screen.findByText('南京西路店', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    const list = urls(fetch).find((u) => u.startsWith('/rest/report/testSales/list') && !u.includes('chart=1'));
    expect(list).toBe(`/rest/report/testSales/list?dayFrom=${monthStart}&dayTo=${today}&pageNo=1&pageSize=10`);
    // Grouped headers over their columns.
    for (const h of ['期初', '本期变动', '入库金额', '出库金额', '出库率'])
      expect(screen.getAllByText(h).length).toBeGreaterThan(0);
    const totals = document.querySelector('.zb-report-totals') as HTMLElement;
    expect(within(totals).getByText('合计')).toBeTruthy();
    expect(within(totals).getByText('1,020.00')).toBeTruthy();
    expect(within(totals).getByText('50.00%')).toBeTruthy();
    // The summary figures are the totals of the measures marked summary.
    expect(screen.getAllByText('3,000.00').length).toBeGreaterThan(1);
    // A ratio without a value reads —.
    expect(screen.getAllByText('—').length).toBeGreaterThan(0);
    // The first grouping (按门店) has no month: no chart call, no chart.
    expect(urls(fetch).some((u) => u.includes('chart=1'))).toBe(false);
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('switches 统计维度 and feeds the chart from the chart=1 call', async () => {
    const fetch = answer();
    render({ decl: SALES });
    await screen.findByText('南京西路店', {}, WAIT);
    fireEvent.click(screen.getByText('按月份'));
    await waitFor(
      () => expect(where()).toBe(`/stockDetail?dayFrom=${monthStart}&dayTo=${today}&groupBy=month&pageNo=1`),
      WAIT,
    );
    const chart = await screen.findByTestId('chart', {}, WAIT);
    expect(JSON.parse(chart.textContent ?? '')).toEqual({
      x: ['2026-01-01', '2026-02-01'],
      series: [
        [1000, 2000],
        [500, 1000],
      ],
    });
    expect(urls(fetch)).toContain(
      `/rest/report/testSales/list?dayFrom=${monthStart}&dayTo=${today}&groupBy=month&chart=1`,
    );
  });

  it('sorts on the server and searches with the form, back on page 1', async () => {
    const fetch = answer();
    render({ decl: SALES }, '/stockDetail?dayFrom=2026-01-01&dayTo=2026-01-31&pageNo=2');
    await screen.findByText('南京西路店', {}, WAIT);
    const header = screen.getAllByText('出库金额').find((el) => el.closest('th'));
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(where()).toContain('sortBy=outAmount&sortDir=asc&pageNo=1'), WAIT);
    await waitFor(() => expect(urls(fetch).some((u) => u.includes('sortBy=outAmount&sortDir=asc'))).toBe(true), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /展\s*开/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: '商品' }, WAIT), { target: { value: '精华' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(where()).toContain('goods=精华'), WAIT);
    expect(where()).toContain('dayFrom=2026-01-01');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    // 重置 clears the URL's filters: the period opens on its preset again.
    await waitFor(() => expect(where()).toBe('/stockDetail?pageNo=1'), WAIT);
    await waitFor(
      () =>
        expect(urls(fetch).at(-1)).toBe(
          `/rest/report/testSales/list?dayFrom=${monthStart}&dayTo=${today}&pageNo=1&pageSize=10`,
        ),
      WAIT,
    );
  });

  it('exports the current filters to the download centre', async () => {
    const fetch = answer();
    render({ decl: SALES }, '/stockDetail?dayFrom=2026-01-01&dayTo=2026-01-31&groupBy=storeMonth');
    await screen.findByText('南京西路店', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('已加入下载中心，导出完成后可在下载中心下载', {}, WAIT)).toBeTruthy();
    expect(urls(fetch)).toContain(
      '/rest/report/testSales/export?dayFrom=2026-01-01&dayTo=2026-01-31&groupBy=storeMonth',
    );
  });

  it('shows no 导出 to a user without its code', async () => {
    setSessionUser(sessionUser({ btn: [] }));
    answer();
    render({ decl: SALES });
    await screen.findByText('南京西路店', {}, WAIT);
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('links a drill-down cell to the rows behind it, with the row and the current period', async () => {
    answer();
    render({ decl: SALES }, '/stockDetail?dayFrom=2026-01-01&dayTo=2026-01-31');
    const cell = await screen.findByRole('link', { name: '3,000.00' }, WAIT);
    expect(cell.getAttribute('href')).toBe('/stockDetail?storeId=7&dayFrom=2026-01-01&dayTo=2026-01-31&kind=in');
  });

  it('says 暂无数据 and shows no totals row when nothing matches', async () => {
    answer([]);
    render({ decl: SALES });
    await waitFor(
      () => expect(document.querySelector('.ant-table-placeholder')?.textContent).toContain('暂无数据'),
      WAIT,
    );
    expect(document.querySelector('.zb-report-totals')).toBeNull();
  });

  it('asks for a required filter the URL does not give instead of calling', async () => {
    const fetch = answer();
    render({ decl: SALES }, '/stockDetail?dayTo=2026-01-31');
    await waitFor(
      () => expect(document.querySelector('.ant-table-placeholder')?.textContent).toContain('请选择日期后查询'),
      WAIT,
    );
    expect(urls(fetch).some((u) => u.startsWith('/rest/report/testSales/list'))).toBe(false);
  });

  it('embeds a view with a fixed member id: sent with every call, never shown, the URL left alone', async () => {
    const fetch = answer();
    render({ decl: MEMBER_CARDS, fixed: { memberId: 12 } }, '/personalAccount?id=12');
    expect(await screen.findByText('K001', {}, WAIT)).toBeTruthy();
    expect(urls(fetch)).toContain('/rest/report/testMemberCards/list?memberId=12&pageNo=1&pageSize=10');
    expect(screen.queryByLabelText('会员')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '卡号' }), { target: { value: 'K0' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(
      () =>
        expect(urls(fetch)).toContain('/rest/report/testMemberCards/list?cardNo=K0&memberId=12&pageNo=1&pageSize=10'),
      WAIT,
    );
    expect(where()).toBe('/personalAccount?id=12');
  });
});
