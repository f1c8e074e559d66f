import { AUTH_API } from '@zb/contract/api/auth';
import { LOGIN_MAX_FAILURES } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { formatClock } from '@zb/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { userAccount } from '../accounts/schema';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.db, { loginName: 'locktest', password: 'right123' });
  const { contentRoleId } = await createRole(t.db, {
    code: 'LOCK_ROLE',
    name: '锁定测试',
    contentName: '总部',
    codes: [],
  });
  await grantRole(t.db, userId, contentRoleId);
});
afterAll(() => t.close());

const lockedUntil = async () =>
  (await t.db.select({ at: userAccount.lockedUntil }).from(userAccount).where(eq(userAccount.id, userId)))[0]!.at;

describe('five wrong passwords in a row', () => {
  it('count down, then lock the account with the unlock time in Beijing time', async () => {
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      const res = await t.client().login('locktest', 'wrong123');
      expect(res.body.errcode).toBe(ERR.LOGIN_BAD_CREDENTIALS);
      expect(res.body.errmsg).toBe(`账号或密码错误，还可尝试 ${LOGIN_MAX_FAILURES - i} 次`);
    }
    const before = Date.now();
    const fifth = await t.client().login('locktest', 'wrong123');
    expect(fifth.status).toBe(200);
    expect(fifth.body.errcode).toBe(ERR.LOGIN_LOCKED);
    const until = await lockedUntil();
    expect(until).not.toBeNull();
    // Fifteen minutes from now.
    expect(until!.getTime() - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(until!.getTime() - before).toBeLessThanOrEqual(15 * 60_000 + 5000);
    const shown = formatClock(new Date(Math.ceil(until!.getTime() / 60_000) * 60_000));
    expect(fifth.body.errmsg).toBe(`密码错误次数过多，账号已锁定，请于 ${shown} 后再试`);
  });

  it('writes the lock to the operation log in the same transaction', async () => {
    const rows = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'loginLock'), eq(operationLog.userId, userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.target).toBe(`user_account:${userId}`);
  });

  it('refuse the right password while locked', async () => {
    const res = await t.client().login('locktest', 'right123');
    expect(res.body.errcode).toBe(ERR.LOGIN_LOCKED);
    expect(res.body.errmsg).toMatch(/请于 \d{2}:\d{2} 后再试$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('let the right password in once the lock has passed, and the count starts again', async () => {
    await t.db
      .update(userAccount)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(userAccount.id, userId));
    const wrong = await t.client().login('locktest', 'wrong123');
    expect(wrong.body.errmsg).toBe(`账号或密码错误，还可尝试 ${LOGIN_MAX_FAILURES - 1} 次`);
    const c = t.client();
    const ok = await c.login('locktest', 'right123');
    expect(ok.body.errcode).toBe(ERR.OK);
    expect((await c.call(AUTH_API.loginInfo)).body.errcode).toBe(ERR.OK);
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.id, userId));
    expect(row!.failedLogins).toBe(0);
    expect(row!.lockedUntil).toBeNull();
  });
});
