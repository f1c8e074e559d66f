import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';

let web: TestApp;
let webDist: string;

const SCRIPT = `console.log(${JSON.stringify('总部后台 '.repeat(400))});`;
const HTML = '<!doctype html><title>总部后台</title>';

beforeAll(async () => {
  // A build as the web app's precompress step leaves it: .br and .gz beside each large file.
  webDist = mkdtempSync(join(tmpdir(), 'zb-web-'));
  mkdirSync(join(webDist, 'assets'));
  const write = (rel: string, text: string, compressed: boolean) => {
    writeFileSync(join(webDist, rel), text);
    if (!compressed) return;
    writeFileSync(join(webDist, `${rel}.br`), brotliCompressSync(text));
    writeFileSync(join(webDist, `${rel}.gz`), gzipSync(text));
  };
  write('index.html', HTML, true);
  write('assets/index-AbCd1234.js', SCRIPT, true);
  write('assets/tiny-AbCd1234.js', 'export{}', false);
  web = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await web.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  web.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built app goes out precompressed', () => {
  it('brotli when the browser takes it, else gzip, else the file as it is; always Vary: Accept-Encoding', async () => {
    const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-AbCd1234.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const res of [br, gz, plain]) {
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('a file the build left uncompressed is sent as it is', async () => {
    const res = await get('/assets/tiny-AbCd1234.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export{}');
  });

  it('hashed files are cached a year as immutable; index.html is revalidated on every visit', async () => {
    const asset = await get('/assets/index-AbCd1234.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/storeList', '/index.html']) {
      const page = await get(path, 'br, gzip');
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), path).toBe(HTML);
    }
  });
});
