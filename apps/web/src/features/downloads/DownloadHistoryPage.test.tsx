import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExportJobView } from '@zb/contract/api/downloads';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const job = (over: Partial<ExportJobView> = {}): ExportJobView => ({
  id: 1,
  title: '账号列表',
  fileName: '账号列表_20261122093015.xlsx',
  status: 'done',
  progress: 100,
  rowCount: 1234,
  totalRows: 1234,
  size: 2_400_000,
  error: null,
  userName: '张总部',
  createdAt: '2026-11-22 09:30:10',
  finishedAt: '2026-11-22 09:30:15',
  expiresAt: '2026-11-29 09:30:15',
  ...over,
});

/** A user with one page of their own (a user with none goes to /404); the download centre is open to all. */
const signedIn = () =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-SPZX', name: '审批中心', description: '' },
        { code: resourceCode('ZBHT-SPZX', '/approvalCenter'), name: '审批中心', description: '' },
      ],
    }),
  );

const HISTORY = '/rest/exceldownload/historys';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

afterEach(() => vi.restoreAllMocks());

describe('/downloadhistory', { timeout: 60_000 }, () => {
  it('lists my exports with status, progress, rows, size and times; 下载 only when done; failures say why', async () => {
    signedIn();
    const fetch = stubFetch((url) => {
      if (url.startsWith('/rest/exceldownload/historys')) {
        return {
          body: envelope({
            list: [
              job(),
              job({
                id: 2,
                status: 'failed',
                progress: 40,
                rowCount: 0,
                size: null,
                error: '导出失败：数据源异常',
                fileName: null,
                title: '门店列表',
                finishedAt: '2026-11-22 09:31:00',
                expiresAt: null,
              }),
              job({
                id: 3,
                status: 'expired',
                size: null,
                rowCount: 77,
                title: '会员列表',
                fileName: '会员列表_20261101000000.xlsx',
                expiresAt: null,
              }),
            ],
            total: 3,
          }),
        };
      }
      return { body: envelope(null) };
    });
    renderApp('/downloadhistory');
    expect(await screen.findByText('账号列表_20261122093015.xlsx', {}, SLOW)).toBeTruthy();
    const table = await tableBody();
    expect(within(table).getByText('已完成')).toBeTruthy();
    expect(within(table).getByText('失败')).toBeTruthy();
    expect(within(table).getByText('已过期')).toBeTruthy();
    expect(within(table).getByText('导出失败：数据源异常')).toBeTruthy();
    expect(within(table).getByText('门店列表')).toBeTruthy();
    expect(within(table).getByText('1234')).toBeTruthy();
    expect(within(table).getByText('2.3 MB')).toBeTruthy();
    expect(within(table).getAllByText(/^下\s*载$/)).toHaveLength(1);
    expect(screen.getByText('共 3 条')).toBeTruthy();
    // Only my own exports are asked for.
    const listUrl = String(fetch.mock.calls.find((c) => String(c[0]).startsWith(HISTORY))?.[0]);
    expect(listUrl).not.toContain('all=');
  });

  it('shows an empty state when there is nothing yet', async () => {
    signedIn();
    stubFetch((url) => ({ body: envelope(url.startsWith(HISTORY) ? { list: [], total: 0 } : null) }));
    renderApp('/downloadhistory');
    expect(await screen.findByText('暂无导出记录，在列表页点击“导出”后会出现在这里', {}, SLOW)).toBeTruthy();
  });

  it('refreshes every 2 s while a job is running, until it is done', async () => {
    signedIn();
    let calls = 0;
    stubFetch((url) => {
      if (!url.startsWith(HISTORY)) return { body: envelope(null) };
      calls += 1;
      const running = calls < 2;
      return {
        body: envelope({
          list: [job(running ? { status: 'running', progress: 45, rowCount: 555, size: null, finishedAt: null } : {})],
          total: 1,
        }),
      };
    });
    renderApp('/downloadhistory');
    expect(await screen.findByText('导出中', {}, SLOW)).toBeTruthy();
    expect(buttonIn(document, '下载')).toBeNull();
    expect(await findButton(document, '下载')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    const after = calls;
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls).toBe(after); // nothing running: no more polling
  });

  it('下载 saves the file under its Chinese name', async () => {
    signedIn();
    const createObjectURL = vi.fn(() => 'blob:zb-test');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('账号列表_20261122093015.xlsx');
      expect(this.href).toBe('blob:zb-test');
    });
    const fetch = stubFetch((url) => {
      if (url === '/rest/exceldownload/file/1') return { text: 'PK-bytes', headers: { 'Content-Type': XLSX } };
      if (url.startsWith(HISTORY)) return { body: envelope({ list: [job()], total: 1 }) };
      return { body: envelope(null) };
    });
    renderApp('/downloadhistory');
    fireEvent.click(await findButton(document, '下载'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls.some((c) => String(c[0]) === '/rest/exceldownload/file/1')).toBe(true);
  });

  it('an expired file alerts the server’s reason', async () => {
    signedIn();
    stubFetch((url) => {
      if (url === '/rest/exceldownload/file/1')
        return { body: envelope(null, 'EXPORT-41001', '文件已过期，请重新导出') };
      if (url.startsWith(HISTORY)) return { body: envelope({ list: [job()], total: 1 }) };
      return { body: envelope(null) };
    });
    renderApp('/downloadhistory');
    fireEvent.click(await findButton(document, '下载'));
    await waitFor(() => expect(currentAlert()?.text).toBe('文件已过期，请重新导出'));
  });
});
