/**
 * Every REPORTS declaration whose page is a route gets the generic report page, with no page file
 * of its own; a view with a fixed filter (a member tab) does not (its page embeds it), and a route
 * without a declaration shows 本页尚未建成.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { NOT_BUILT_TEXT } from '@zb/contract/constants';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../platform/queryClient';
import { reportPagePaths } from '../platform/report/ReportPage';
import { setSessionUser } from '../platform/session';
import { envelope, sessionUser, stubFetch } from '../test/fixtures';
import { renderInProviders, SLOW } from '../test/renderApp';
import { PAGE_LOADERS, pageLoaderFor, REPORT_PAGE_LOADER } from './pageLoaders';
import { pageFor } from './pages';

vi.mock('@zb/contract/reports/index', async () => {
  const { MEMBER_CARDS, SALES } = await import('../platform/report/testReports');
  return { REPORTS: [SALES, MEMBER_CARDS] };
});

describe('report pages from REPORTS', { timeout: 60_000 }, () => {
  it('maps a report’s route to the report page, and not a view embedded with a fixed filter', () => {
    expect(PAGE_LOADERS['/stockDetail']).toBeUndefined();
    expect(reportPagePaths()).toEqual(['/stockDetail']);
    expect(pageFor('/stockDetail')).not.toBe(pageFor('/no-such-page'));
    expect(pageFor('/stockDetail')).toBe(pageFor('/stockDetail'));
    expect(pageLoaderFor('/stockDetail')).toBe(REPORT_PAGE_LOADER);
  });

  const show = (path: string) => {
    const Page = pageFor(path);
    renderInProviders(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  };

  it('shows 本页尚未建成 at a route without a declaration or with only an embedded view', async () => {
    show('/comboCard');
    expect(await screen.findByText(NOT_BUILT_TEXT, {}, SLOW)).toBeTruthy();
  });

  it('renders the route’s declaration', async () => {
    setSessionUser(sessionUser());
    stubFetch((url) =>
      url.startsWith('/rest/report/testSales/list')
        ? { body: envelope({ list: [{ storeId: 7, storeName: '南京西路店', inAmount: 100 }], total: 1 }) }
        : { body: envelope([]) },
    );
    show('/stockDetail');
    expect(await screen.findByText('南京西路店', {}, { timeout: 25_000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: '测试销售报表' })).toBeTruthy();
  });
});
