import { AUTH_API } from '@zb/contract/api/auth';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { ERR } from '@zb/contract/errcodes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { systemEvent } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/rest/test/explode', { config: { access: PUBLIC } }, async () => {
        throw new Error('数据库连接被重置 at secret-host:5432');
      });
    },
  });
});
afterAll(() => t.close());

const latest = async (kind: string, instance = t.app.instanceId) =>
  (
    await t.db
      .select()
      .from(systemEvent)
      .where(and(eq(systemEvent.kind, kind), eq(systemEvent.instance, instance)))
      .orderBy(desc(systemEvent.id))
      .limit(1)
  )[0];

describe('the system event log', () => {
  it('records the server start when the app is ready, and a clean stop when it closes', async () => {
    expect(await latest('server_start')).toMatchObject({ level: 'info', message: '服务启动' });
    const other = await createTestApp({ handle: t.handle });
    const id = other.app.instanceId;
    expect(id).not.toBe(t.app.instanceId);
    await other.close();
    expect(await latest('server_stop', id)).toMatchObject({ level: 'info', message: '服务正常停止' });
  });

  it('records a sign-in with the account and address, and a refused one with what was typed', async () => {
    const c = t.client();
    expect((await c.login('admin', 'admin123')).body.errcode).toBe(ERR.OK);
    const ok = await latest('login');
    expect(ok).toMatchObject({ level: 'info', message: '账号密码登录成功', loginName: 'admin', ip: '127.0.0.1' });
    expect(ok?.userId).toEqual(expect.any(Number));

    const bad = await t.client().login('admin', 'wrong-password');
    expect(bad.body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    expect(await latest('login_failed')).toMatchObject({
      level: 'warn',
      loginName: 'admin',
      message: `账号密码登录失败：${bad.body.errmsg}`,
      detail: { errcode: ERR.LOGIN_BAD_CREDENTIALS },
    });

    const nobody = await t.client().login('nobody-here', 'whatever1');
    expect(nobody.body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
    expect(await latest('login_failed')).toMatchObject({ loginName: 'nobody-here', userId: null });
  });

  it('records a logout with the account; a logout without a session records nothing', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const before = await latest('logout');
    expect((await c.call(AUTH_API.logout)).body.errcode).toBe(ERR.OK);
    const event = await latest('logout');
    expect(event?.id).not.toBe(before?.id);
    expect(event).toMatchObject({ level: 'info', message: '退出登录', loginName: '13800000001' });
    expect((await t.client().call(AUTH_API.logout)).body.errcode).toBe(ERR.OK);
    expect((await latest('logout'))?.id).toBe(event?.id);
  });

  it('records an unexpected error with its message and stack, which the caller never sees', async () => {
    const res = await t.client().request('GET', '/rest/test/explode');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errcode: ERR.INTERNAL, errmsg: '系统繁忙，请稍后再试', data: null });
    expect(res.raw).not.toContain('secret-host');
    const event = await latest('unhandled_error');
    expect(event).toMatchObject({ level: 'error', message: '未处理的异常：数据库连接被重置 at secret-host:5432' });
    expect(event?.detail).toMatchObject({ method: 'GET', path: '/rest/test/explode' });
    expect((event?.detail as { stack?: string } | undefined)?.stack).toContain('events.test.ts');
  });
});
