import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderInProviders } from '../../test/renderApp';
import { createQueryClient } from '../queryClient';
import { setSessionUser } from '../session';
import { ImageUpload, precheck } from './ImageUpload';

/** A stand-in XMLHttpRequest: records what was sent, reports progress, answers what the test says. */
class FakeXhr {
  static answer: unknown = envelope({ url: '/rest/upload/file/abc', name: 'a.png', size: 3 });
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 200;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      setTimeout(() => {
        this.responseText = JSON.stringify(FakeXhr.answer);
        this.onload?.();
      }, 50);
    }, 10);
  }
  abort() {
    this.onabort?.();
  }
}

const render = (ui: ReactNode) =>
  renderInProviders(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '门店.png', { type: 'image/png' });
const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.answer = envelope({ url: '/rest/upload/file/abc', name: '门店.png', size: 4 });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setSessionUser(sessionUser());
  stubFetch((url) =>
    url === '/rest/upload/limits'
      ? { body: envelope({ maxKb: 1, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] }) }
      : { body: envelope(null) },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('precheck', () => {
  const limits = { maxKb: 100, types: ['image/png' as const] };
  it('refuses other types and oversize files with the limits in Chinese', () => {
    expect(precheck({ type: 'image/png', size: 100 * 1024 }, limits)).toBeNull();
    expect(precheck({ type: 'text/plain', size: 10 }, limits)).toBe('不支持的图片类型，仅支持 PNG、JPEG、GIF、WEBP');
    expect(precheck({ type: 'image/png', size: 100 * 1024 + 1 }, limits)).toBe('图片不能超过 100KB');
    expect(precheck({ type: 'image/png', size: 6 * 1024 * 1024 }, { ...limits, maxKb: 5120 })).toBe('图片不能超过 5MB');
  });
});

describe('ImageUpload', { timeout: 30_000 }, () => {
  it('uploads a chosen image with the session headers, shows it, and reports its url', async () => {
    const onChange = vi.fn();
    render(<ImageUpload onChange={onChange} />);
    expect(await screen.findByText('上传图片')).toBeTruthy();
    choose(png());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/rest/upload/file/abc'));
    const [xhr] = FakeXhr.sent;
    expect(xhr?.url).toBe('/rest/upload/uploadImg');
    expect(xhr?.method).toBe('POST');
    expect(xhr?.headers['account-version']).toBe('13800000001|2024-01-02 03:04:05');
    expect((xhr?.body?.get('file') as File | undefined)?.name).toBe('门店.png');
    // One image at most: the 上传图片 card goes once it is there.
    await waitFor(() => expect(screen.queryByText('上传图片')).toBeNull());
    expect(document.querySelector('img[src="/rest/upload/file/abc"]')).toBeTruthy();
  });

  it('refuses a file of another type or over the server’s limit before sending it', async () => {
    const onChange = vi.fn();
    render(<ImageUpload onChange={onChange} />);
    await screen.findByText('上传图片');
    await new Promise((r) => setTimeout(r, 100)); // the limits have arrived
    choose(new File(['不是图片'], 'fake.png', { type: 'text/plain' }));
    expect(await screen.findByText('不支持的图片类型，仅支持 PNG、JPEG、GIF、WEBP')).toBeTruthy();
    choose(new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('图片不能超过 1KB')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the server’s reason when it refuses the file', async () => {
    FakeXhr.answer = envelope(null, 'UPLOAD-41501', '不支持的图片类型，仅支持 PNG、JPEG、GIF、WEBP');
    const onChange = vi.fn();
    render(<ImageUpload onChange={onChange} />);
    await screen.findByText('上传图片');
    choose(png());
    expect(await screen.findByText('不支持的图片类型，仅支持 PNG、JPEG、GIF、WEBP')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('上传图片')).toBeTruthy());
  });

  it('shows a given value, and removing it reports null', async () => {
    const onChange = vi.fn();
    render(<ImageUpload value="/rest/upload/file/xyz" onChange={onChange} />);
    await waitFor(() => expect(document.querySelector('img[src="/rest/upload/file/xyz"]')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /delete|删除/i }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
  });

  it('keeps a list of urls when max > 1', async () => {
    const onChange = vi.fn();
    render(<ImageUpload max={3} value={['/rest/upload/file/one']} onChange={onChange} />);
    await screen.findByText('上传图片');
    choose(png());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['/rest/upload/file/one', '/rest/upload/file/abc']));
  });
});
