/**
 * /qrCodeDetail: open to any signed-in user (no code needed); shows the server's image with its
 * download, the code's fields, each day's numbers newest first with their 合计, and asks for
 * another period when the user picks one.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QrCodeView } from '@zb/contract/entities/channel';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

const view = (days: number): QrCodeView => ({
  id: 5,
  code: 'QR00000005',
  name: '入会海报-北京朝阳店',
  channelName: '门店海报',
  ownerKind: 'store',
  storeName: '北京朝阳店',
  staffName: null,
  target: 'register',
  pagePath: null,
  params: null,
  status: 'active',
  scans: 9,
  registrations: 2,
  createdAt: '2026-11-01T02:00:00.000Z',
  url: 'https://mp.zb.cn/q/QR00000005',
  image: IMAGE,
  days: Array.from({ length: days }, (_, i) => ({
    day: `2026-11-${String(27 - days + 1 + i).padStart(2, '0')}`,
    scans: i === days - 1 ? 4 : i === days - 2 ? 5 : 0,
    registrations: i === days - 1 ? 2 : 0,
  })),
});

describe('/qrCodeDetail', { timeout: 60_000 }, () => {
  it('shows the code, its download and its numbers by day, for a user with no code', async () => {
    setSessionUser(sessionUser({ menu: [{ code: 'ZBHT-XTYW', name: '系统运维', description: '' }], btn: [] }));
    const fetch = stubFetch((url) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/rest/qrCode/view/5') return { body: envelope(view(Number(u.searchParams.get('days')))) };
      return { body: envelope([]) };
    });
    renderApp('/qrCodeDetail?id=5');
    const img = (await screen.findByAltText('二维码 QR00000005', {}, SLOW)) as HTMLImageElement;
    expect(img.src).toBe(IMAGE);
    const download = screen.getByText('下载二维码').closest('a')!;
    expect(download.getAttribute('download')).toBe('QR00000005_入会海报-北京朝阳店.png');
    expect(screen.getByText('门店海报')).toBeTruthy();

    const body = await tableBody();
    const first = body.querySelector('tr.ant-table-row')!;
    expect(within(first as HTMLElement).getByText('2026-11-27')).toBeTruthy();
    const total = document.querySelector('.ant-table-summary')!;
    expect(total.textContent).toContain('合计（有数据 2 天）');
    expect(total.textContent).toContain('9');
    expect(screen.getByText('共 30 条')).toBeTruthy();

    fireEvent.click(screen.getByText('近7天'));
    await waitFor(() => expect(fetch.mock.calls.some((c) => String(c[0]).includes('days=7'))).toBe(true), SLOW);
    expect(await screen.findByText('共 7 条', {}, SLOW)).toBeTruthy();
  });
});
