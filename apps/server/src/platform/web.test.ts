import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '@zb/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';

let web: TestApp;
let webDist: string;

const SCRIPT = `console.log(${JSON.stringify('总部后台 '.repeat(400))});`;
const HTML = '<!doctype html><html><head><title>总部后台</title></head><body></body></html>';

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
  mkdirSync(join(webDist, '.vite'));
  const preload = {
    shell: ['/assets/ShellFrame-1.js'],
    pages: { '/storeList': ['/assets/StoreListPage-1.js'] },
    report: ['/assets/ReportPage-1.js'],
  };
  writeFileSync(join(webDist, '.vite', 'preload.json'), JSON.stringify(preload));
  web = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await web.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  web.app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(cookie ? { cookie } : {}) },
  });

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

describe("a signed-in browser opening a shell page gets the page's code named in index.html", () => {
  const LINKS =
    /<link rel="modulepreload" crossorigin href="\/assets\/ShellFrame-1\.js"><link rel="modulepreload" crossorigin href="\/assets\/StoreListPage-1\.js"><\/head>/;

  it('with a session cookie: modulepreload links for the shell and the page; caches told it varies by cookie', async () => {
    const res = await get('/storeList?pageNo=2', 'br, gzip', `${SESSION_COOKIE}=abc`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.body).toMatch(LINKS);
    expect(res.body).toMatch(/<title>总部后台<\/title>/);
  });

  it("a route without a page of its own (a report) preloads the report page's code", async () => {
    for (const path of ['/MemberBalance', '/stockCost']) {
      const res = await get(path, 'gzip', `${SESSION_COOKIE}=abc`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toMatch(
        /<link rel="modulepreload" crossorigin href="\/assets\/ShellFrame-1\.js"><link rel="modulepreload" crossorigin href="\/assets\/ReportPage-1\.js"><\/head>/,
      );
    }
    // A built page keeps its own files.
    expect((await get('/storeList', 'gzip', `${SESSION_COOKIE}=abc`)).body).not.toMatch(/ReportPage-1/);
  });

  it('without a session, or on a path that is not a built page, index.html as built', async () => {
    for (const [path, cookie] of [
      ['/storeList', undefined],
      ['/login', `${SESSION_COOKIE}=abc`],
      ['/no/such/page', `${SESSION_COOKIE}=abc`],
    ] as const) {
      const res = await get(path, 'gzip', cookie);
      expect(res.statusCode, path).toBe(200);
      expect(gunzipSync(res.rawPayload).toString(), path).toBe(HTML);
      expect(String(res.headers.vary), path).toMatch(/cookie/i);
    }
  });
});
