import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_API } from '@zb/contract/api/auth';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { ERR } from '@zb/contract/errcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';

let web: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'zb-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>总部后台</title>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  web = await createTestApp({
    config: { webDist },
    extend: (app) => {
      app.get('/rest/test/boom', { config: { access: PUBLIC } }, async () => {
        throw new Error('boom');
      });
    },
  });
});
afterAll(async () => {
  await web.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on a page, an asset, an API answer, a refused call and every kind of error answer', async () => {
    const c = web.client();
    const answers = {
      page: await c.request('GET', '/storeList'),
      asset: await c.request('GET', '/assets/app-1234.js'),
      api: await c.call(AUTH_API.wxworkInfo),
      refused: await c.call(AUTH_API.loginInfo),
      badJson: await c.request('POST', AUTH_API.login.path, {
        rawBody: '{"user":',
        headers: { 'content-type': 'application/json' },
      }),
      unknownApi: await c.request('GET', '/rest/nothing/here'),
      crash: await c.request('GET', '/rest/test/boom'),
    };
    expect(answers.crash.status).toBe(500);
    expect(answers.api.body.errcode).toBe(ERR.OK);
    expect(answers.badJson.status).toBe(400);
    expect(answers.unknownApi.status).toBe(404);
    for (const [name, res] of Object.entries(answers)) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp, name).toMatch(/frame-ancestors 'none'/);
      expect(csp, name).toMatch(/script-src 'self'(;|$)/);
      expect(csp, name).toMatch(/default-src 'self'/);
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('same-origin');
    }
  });
});
