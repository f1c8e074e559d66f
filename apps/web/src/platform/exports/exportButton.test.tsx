import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExportQueued } from '@zb/contract/api/downloads';
import { endpoint, OPEN } from '@zb/contract/api/endpoint';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderInProviders } from '../../test/renderApp';
import { currentAlert } from '../alerts';
import { createQueryClient } from '../queryClient';
import { setSessionUser } from '../session';
import { ExportButton } from './ExportButton';

const EXPORT = endpoint<{ keyword?: string }, undefined, ExportQueued>({
  method: 'GET',
  path: '/rest/account/export',
  access: OPEN,
  summary: '导出账号',
});

const render = () =>
  renderInProviders(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/accountManagement']}>
        <Routes>
          <Route path="/accountManagement" element={<ExportButton endpoint={EXPORT} params={{ keyword: '张' }} />} />
          <Route path="/downloadhistory" element={<div>下载中心页面</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => setSessionUser(sessionUser()));

describe('ExportButton', { timeout: 30_000 }, () => {
  it('queues the export with the list’s filters and offers the way to the download centre', async () => {
    const fetch = stubFetch(() => ({ body: envelope({ jobId: 12 }) }));
    render();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('已加入下载中心，导出完成后可在下载中心下载')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/rest/account/export?keyword=%E5%BC%A0');
    fireEvent.click(screen.getByRole('button', { name: '前往下载中心' }));
    expect(await screen.findByText('下载中心页面')).toBeTruthy();
  });

  it('says 没有可导出的数据 quietly on "-10", without the generic alert', async () => {
    stubFetch(() => ({ body: envelope(null, '-10', '没有可导出的数据') }));
    render();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('没有可导出的数据')).toBeTruthy();
    expect(currentAlert()).toBeNull();
  });

  it('alerts any other error with the server’s message', async () => {
    stubFetch(() => ({ body: envelope(null, 'AUTH-40301', '无权限访问'), status: 403 }));
    render();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(currentAlert()?.text).toBe('无权限访问'));
  });
});
