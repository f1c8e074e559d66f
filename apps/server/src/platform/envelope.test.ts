import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_API } from '@zb/contract/api/auth';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { ERR } from '@zb/contract/errcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { fieldsOf } from '../testing/testClient';

let t: TestApp;
let web: TestApp;
let webDist: string;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/rest/test/boom', { config: { access: PUBLIC } }, async () => {
        throw new Error('boom: secret internals');
      });
    },
  });
  webDist = mkdtempSync(join(tmpdir(), 'zb-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>总部后台</title>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  web = await createTestApp({ config: { webDist }, handle: t.handle });
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const login = AUTH_API.login;
const post = (rawBody: string | Buffer, contentType = 'application/json') =>
  t.client().request(login.method, login.path, { rawBody, headers: { 'content-type': contentType } });

describe('malformed requests answer an envelope, never a 500', () => {
  it('bad JSON', async () => {
    const res = await post('{"user": "admin",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errcode: ERR.PARAM_INVALID, errmsg: '请求体不是合法的 JSON', data: null });
  });

  it('an empty JSON body', async () => {
    const res = await post('');
    expect(res.status).toBe(400);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('a body that is not an object', async () => {
    for (const raw of ['[1,2]', '"admin"', '42', 'null']) {
      const res = await post(raw);
      expect(res.status, raw).toBe(200);
      expect(res.body.errcode, raw).toBe(ERR.PARAM_INVALID);
      expect(res.body.errmsg, raw).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('fields of the wrong type, with a Chinese message per field', async () => {
    const res = await post(JSON.stringify({ user: 12, password: true }));
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    const fields = fieldsOf(res.body);
    expect(fields.user).toBe('请输入账号');
    expect(fields.password).toBe('请输入密码');
  });

  it('a 10 MB body', async () => {
    const res = await post(JSON.stringify({ user: 'admin', password: 'x'.repeat(10 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errcode: ERR.PARAM_INVALID, errmsg: '请求体过大', data: null });
  });

  it('an unsupported content type', async () => {
    const res = await post('<user>admin</user>', 'application/xml');
    expect(res.status).toBe(415);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('plain text where JSON is expected', async () => {
    const res = await post('user=admin', 'text/plain');
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('a query of the wrong type', async () => {
    const c = await t.signIn('admin', 'admin123');
    const res = await c.call(AUTH_API.shortcutTree, { query: { roleId: 'abc' } });
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(Object.keys(fieldsOf(res.body))).toEqual(['roleId']);
  });

  it('an unknown API path answers 404 with the NOT_FOUND envelope', async () => {
    for (const [method, url] of [
      ['GET', '/rest/nothing/here'],
      ['POST', '/api/v1/nothing'],
      ['DELETE', '/jeecg-boot/x'],
      ['GET', '/lbhd/x?y=1'],
    ] as const) {
      const res = await t.client().request(method, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ errcode: ERR.NOT_FOUND, errmsg: '请求的接口不存在', data: null });
    }
  });

  it('a NUL in the login name, not signed in: a field error, not a 500', async () => {
    const res = await post(JSON.stringify({ user: 'ad\u0000min', password: 'admin123' }));
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(res.body)).toEqual({ user: '不能包含空字符（\\u0000）' });
  });

  it('a path that is not valid percent-encoding answers 400 with the envelope', async () => {
    const res = await t.client().request('GET', '/rest/shop/findByCode/%ED%A0%80');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errcode: ERR.PARAM_INVALID, errmsg: '请求路径不是合法的 URL 编码', data: null });
  });

  it('a method the path does not take answers the NOT_FOUND envelope', async () => {
    const res = await t.client().request('DELETE', login.path);
    expect(res.status).toBe(404);
    expect(res.body.errcode).toBe(ERR.NOT_FOUND);
  });

  it('a query string over 16 KB, over a real socket, answers 431 with the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/rest/shop/list?name=${'x'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await res.json()).toEqual({
      errcode: ERR.PARAM_INVALID,
      errmsg: '请求头或查询字符串过长（合计不能超过 16 KB）',
      data: null,
    });
  });

  it('a request that arrives while the instance shuts down answers 503 with the envelope', async () => {
    let release = () => {};
    const held = new Promise<void>((res) => {
      release = res;
    });
    const closing = await createTestApp({
      handle: t.handle,
      extend: (app) => {
        app.get('/rest/test/held', { config: { access: PUBLIC } }, async () => {
          await held;
          return { errcode: ERR.OK, errmsg: '', data: null };
        });
      },
    });
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const address = closing.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // One kept-alive connection: the first request is in flight when the shutdown starts, so the
    // connection stays open and the second request reaches the closing instance.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const ended = new Promise<void>((res) => socket.on('close', () => res()));
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
    socket.write(get('/rest/test/held'));
    await new Promise((res) => setTimeout(res, 100));
    const closed = closing.close();
    await new Promise((res) => setTimeout(res, 100));
    socket.write(get('/rest/no-such-call'));
    await new Promise((res) => setTimeout(res, 100));
    release();
    await ended;
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]).toMatch(/x-frame-options: DENY/i);
    const body = JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ errcode: ERR.SHUTTING_DOWN, errmsg: '服务正在重启，请稍后再试', data: null });
  });

  it('an unexpected error answers 500 with a generic message; the stack stays in the log', async () => {
    const res = await t.client().request('GET', '/rest/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errcode: ERR.INTERNAL, errmsg: '系统繁忙，请稍后再试', data: null });
    expect(res.raw).not.toMatch(/secret internals|at /);
    expect(t.logs.join('')).toMatch(/boom: secret internals/);
  });
});

describe('Date header', () => {
  it('is on every answer (the browser keeps server time from it)', async () => {
    const res = await t.client().call(AUTH_API.logout);
    expect(new Date(String(res.headers.date)).getTime()).not.toBeNaN();
    const refused = await t.client().call(AUTH_API.loginInfo);
    expect(refused.headers.date).toBeDefined();
  });

  it('is on answers over a real socket', async () => {
    await web.app.listen({ port: 0, host: '127.0.0.1' });
    const address = web.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}${AUTH_API.wxworkInfo.path}`);
    expect(res.headers.get('date')).toMatch(/GMT$/);
    expect(((await res.json()) as { errcode: string }).errcode).toBe(ERR.OK);
  });
});

describe('the web app', () => {
  it('serves files of the build and index.html for every other page path', async () => {
    const c = web.client();
    const asset = await c.request('GET', '/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.raw).toBe('console.log(1)');
    expect(String(asset.headers['cache-control'])).toMatch(/immutable/);
    for (const path of ['/', '/welcome', '/productList?x=1', '/no/such/page']) {
      const page = await c.request('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.raw, path).toMatch(/总部后台/);
      expect(String(page.headers['content-type'])).toMatch(/text\/html/);
    }
  });

  it('never serves files outside the build', async () => {
    const res = await web.client().request('GET', '/..%2f..%2f..%2fetc%2fpasswd');
    expect(res.raw).not.toMatch(/root:/);
  });

  it('still answers unknown API paths with the envelope', async () => {
    const res = await web.client().request('GET', '/rest/nothing');
    expect(res.status).toBe(404);
    expect(res.body.errcode).toBe(ERR.NOT_FOUND);
  });
});
