/** Traces: API-log rows for every call, operation-log rows for mutations, one log line per request — never a password. */
import { AUTH_API } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { apiLog, operationLog } from './schema';

let t: TestApp;
let cookie: string | null = null;
let accountVersion: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
  const c = t.client();
  await c.login('admin', 'WrongPass1');
  await c.login('admin', 'admin123');
  cookie = c.cookie;
  accountVersion = c.accountVersion;
  await c.call(AUTH_API.loginInfo);
  await c.call(AUTH_API.modifyPassword, {
    body: { oldPassword: 'admin123', newPassword: 'Secret987', confirmPassword: 'Secret987' },
  });
  await t.client().call(AUTH_API.wxworkLogin, { query: { user: 'admin', password: 'Secret987' } });
  await t.client().login('13800000002', 'WrongPass2');
  await t.app.apiLog.flush();
});
afterAll(() => t.close());

const PASSWORDS = /admin123|WrongPass1|WrongPass2|Secret987/;

describe('API log', () => {
  it('has one row per call with path, user, errcode, status and latency', async () => {
    const rows = await t.db.select().from(apiLog).orderBy(apiLog.id);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r.method, r.path, r.errcode, r.status])).toEqual([
      ['POST', '/rest/auth/login', ERR.LOGIN_BAD_CREDENTIALS, 200],
      ['POST', '/rest/auth/login', ERR.OK, 200],
      ['GET', '/rest/acct/loginInfo', ERR.OK, 200],
      ['PUT', '/rest/acct/modifyPassword', ERR.OK, 200],
      ['GET', '/api/v1/centerWxwork/login', ERR.OK, 200],
      ['POST', '/rest/auth/login', ERR.LOGIN_BAD_CREDENTIALS, 200],
    ]);
    expect(rows[1]!.userId).toBeGreaterThan(0);
    expect(rows[2]!.userId).toBe(rows[1]!.userId);
    expect(rows.every((r) => r.ms >= 0)).toBe(true);
  });

  it('never holds a password', async () => {
    expect(JSON.stringify(await t.db.select().from(apiLog))).not.toMatch(PASSWORDS);
  });
});

describe('operation log', () => {
  it('records the password change without the password', async () => {
    const rows = await t.db.select().from(operationLog);
    expect(rows.map((r) => r.action)).toContain('modifyPassword');
    expect(JSON.stringify(rows)).not.toMatch(PASSWORDS);
  });
});

describe('server log', () => {
  const requestLines = () =>
    t.logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');

  it('writes exactly one line per request with method, url, status, errcode, ms and user', () => {
    const lines = requestLines();
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatchObject({ method: 'POST', url: '/rest/auth/login', status: 200, errcode: '0' });
    expect(typeof lines[1]!.ms).toBe('number');
    expect(lines[2]!.userId).toBe(lines[1]!.userId);
  });

  it('masks password values in query strings', () => {
    const wx = requestLines().find((l) => String(l.url).startsWith('/api/v1/centerWxwork/login'));
    expect(wx!.url).toBe('/api/v1/centerWxwork/login?user=admin&password=***');
  });

  it('never contains a password, the session cookie or the account-version header', () => {
    const all = t.logs.join('');
    expect(all).not.toMatch(PASSWORDS);
    expect(all).not.toContain(cookie!);
    expect(all).not.toContain(accountVersion!);
  });
});
