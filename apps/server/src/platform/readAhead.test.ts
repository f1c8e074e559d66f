/**
 * A read call (a list or a detail) of a session an instance keeps runs its own statements side
 * by side with the versions read that checks the session (platform/guard.ts). These tests run a
 * second instance with its own connections and its own kept sessions and codes — on PostgreSQL a
 * second handle on the same database, as a second server process would have — and check that a
 * revocation committed through the first is obeyed by a list on the second on its very next call,
 * and that a list whose caller changed meanwhile answers for the caller as looked up now.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import { TAB_ROLE_HEADER } from '@zb/contract/constants';
import { STORE } from '@zb/contract/entities/store';
import { ERR } from '@zb/contract/errcodes';
import { resourceApi } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { eq, isNotNull, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DbHandle, openPostgres } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { hierContent, hierContentRole, userRole } from '../modules/hierarchy/schema';
import { roleResource } from '../modules/resources/schema';
import { createRole, createUser, grantRole } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/testApp';
import { TestClient } from '../testing/testClient';

const onPostgres = process.env.TEST_DB === 'postgres';
/** The second instance's connections, named so the test can watch them in pg_stat_activity. */
const APP_NAME = 'zb_read_ahead';

let a: TestApp;
let b: TestApp;
let secondHandle: DbHandle | null = null;
let dbUrl = '';
beforeAll(async () => {
  a = await createTestApp();
  if (onPostgres) {
    const [row] = (await a.db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const url = new URL(inject('pgUrl'));
    url.pathname = `/${row!.name}`;
    dbUrl = url.toString();
    url.searchParams.set('application_name', APP_NAME);
    secondHandle = await openPostgres(url.toString(), 5);
  }
  b = await createTestApp({ handle: secondHandle ?? a.handle });
});
afterAll(async () => {
  await b.close();
  await secondHandle?.close();
  await a.close();
});

const STORE_LIST = resourceApi(STORE).list;
const STORE_DETAIL = resourceApi(STORE).detail;
const LIST_QUERY = { query: { pageNo: 1, pageSize: 20 } };
const STORE_CODES = routeByPath(STORE.page)?.codes ?? [];

/** Two contents at the 门店 level (each is one store). */
const storeContents = async () =>
  a.db
    .select({ id: hierContent.id, name: hierContent.name, storeId: hierContent.storeId })
    .from(hierContent)
    .where(isNotNull(hierContent.storeId))
    .orderBy(hierContent.id)
    .limit(2);

let serial = 0;
/** A new account holding the store list's codes in a content; signed in on instance a, its tab in the role. */
const newAccount = async (contentName = '总部') => {
  serial++;
  const loginName = `ahead${serial}`;
  const userId = await createUser(a.db, { loginName, password: 'ahead12345' });
  const { roleId, contentRoleId } = await createRole(a.db, {
    code: `AHEAD_${serial}`,
    name: `先行测试${serial}`,
    contentName,
    codes: STORE_CODES,
  });
  const userRoleId = await grantRole(a.db, userId, contentRoleId);
  const onA = await a.signIn(loginName, 'ahead12345', userRoleId);
  const onB = new TestClient(b.app);
  onB.cookie = onA.cookie;
  onB.accountVersion = onA.accountVersion;
  const tab = { [TAB_ROLE_HEADER]: String(userRoleId) };
  return { loginName, userId, roleId, userRoleId, onA, onB, tab };
};

type Client = Awaited<ReturnType<typeof newAccount>>;

/** Lists on instance b twice, so b keeps the session and the role's codes. */
const keptOnB = async ({ onB, tab }: Client) => {
  for (let i = 0; i < 2; i++) {
    expect((await onB.call(STORE_LIST, { ...LIST_QUERY, headers: tab })).body.errcode).toBe(ERR.OK);
  }
};

const listOnB = ({ onB, tab }: Client) => onB.call(STORE_LIST, { ...LIST_QUERY, headers: tab });

describe('a list served from what another instance keeps', () => {
  it('answers 401 on the very next call after a logout through the first instance', async () => {
    const c = await newAccount();
    await keptOnB(c);
    expect((await c.onA.call(AUTH_API.logout)).body.errcode).toBe(ERR.OK);
    const res = await listOnB(c);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.NO_SESSION);
    expect(res.body.data).toBeNull();
  });

  it('answers 401 on the very next call after a password change through the first instance ends the session', async () => {
    const c = await newAccount();
    const elsewhere = await a.signIn(c.loginName, 'ahead12345', c.userRoleId);
    await keptOnB(c);
    const changed = await elsewhere.call(AUTH_API.modifyPassword, {
      body: { oldPassword: 'ahead12345', newPassword: 'Ahead54321', confirmPassword: 'Ahead54321' },
    });
    expect(changed.body.errcode).toBe(ERR.OK);
    const res = await listOnB(c);
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_REVOKED);
  });

  it('answers 401 on the very next detail once the account is disabled', async () => {
    const c = await newAccount();
    await keptOnB(c);
    const [store] = await a.db
      .select({ id: hierContent.storeId })
      .from(hierContent)
      .where(isNotNull(hierContent.storeId));
    expect((await c.onB.call(STORE_DETAIL, { params: { id: store!.id! }, headers: c.tab })).body.errcode).toBe(ERR.OK);
    await a.db.update(userAccount).set({ enabled: false }).where(eq(userAccount.id, c.userId));
    const res = await c.onB.call(STORE_DETAIL, { params: { id: store!.id! }, headers: c.tab });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.SESSION_REVOKED);
  });

  it('answers 403 on the very next call once the role no longer holds the page', async () => {
    const c = await newAccount();
    await keptOnB(c);
    await a.db.delete(roleResource).where(eq(roleResource.roleId, c.roleId));
    const res = await listOnB(c);
    expect(res.status).toBe(403);
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('lists for the caller as looked up now when the role moved to another store meanwhile', async () => {
    const [first, second] = await storeContents();
    const c = await newAccount(first!.name);
    await keptOnB(c);
    const before = await listOnB(c);
    expect(before.body.data.list.map((r: { id: number }) => r.id)).toEqual([first!.storeId]);
    // The same role offered at the other store; the holding moves there (a write the session depends on).
    const [offer] = await a.db
      .insert(hierContentRole)
      .values({ contentId: second!.id, roleId: c.roleId })
      .returning({ id: hierContentRole.id });
    await a.db.update(userRole).set({ contentRoleId: offer!.id }).where(eq(userRole.id, c.userRoleId));
    const after = await listOnB(c);
    expect(after.body.errcode).toBe(ERR.OK);
    expect(after.body.data.list.map((r: { id: number }) => r.id)).toEqual([second!.storeId]);
  });

  it('still answers once versions moved for another account (the answer is made again)', async () => {
    const c = await newAccount();
    await keptOnB(c);
    const other = await newAccount();
    expect((await other.onA.call(AUTH_API.logout)).body.errcode).toBe(ERR.OK);
    const res = await listOnB(c);
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.total).toBeGreaterThan(0);
  });
});

describe.runIf(onPostgres)('a list side by side with its session check (PostgreSQL)', () => {
  it("runs the list's statements while the versions read waits, and answers only once it is done", async () => {
    const c = await newAccount();
    await keptOnB(c);
    const locker = postgres(dbUrl, { max: 1, onnotice: () => {} });
    const watcher = postgres(dbUrl, { max: 1, onnotice: () => {} });
    try {
      const held = await locker.reserve();
      await held`begin`;
      // The versions live in app_setting: locked, the versions read of the next call waits.
      await held`lock table app_setting in access exclusive mode`;
      const [{ since }] = (await held`select clock_timestamp() as since`) as unknown as [{ since: Date }];
      let settled = false;
      const pending = listOnB(c).finally(() => {
        settled = true;
      });
      // Instance b's connections: one waits for the lock (the versions read), another has run
      // the store list's statements since the lock was taken.
      const seen = async () => {
        const rows = await watcher<{ state: string; wait: string | null; query: string; changed: Date }[]>`
          select state, wait_event_type as wait, query, state_change as changed
          from pg_stat_activity where application_name = ${APP_NAME}`;
        const waiting = rows.some((r) => r.wait === 'Lock' && r.query.includes('app_setting'));
        const listed = rows.some(
          (r) =>
            r.state === 'idle' && r.changed > since && r.query.includes('"store"') && !r.query.includes('app_setting'),
        );
        return waiting && listed;
      };
      let both = false;
      for (let i = 0; i < 200 && !both; i++) {
        both = await seen();
        if (!both) await new Promise((r) => setTimeout(r, 25));
      }
      expect(both).toBe(true);
      expect(settled).toBe(false);
      await held`commit`;
      held.release();
      const res = await pending;
      expect(res.body.errcode).toBe(ERR.OK);
      expect(res.body.data.total).toBeGreaterThan(0);
    } finally {
      await locker.end({ timeout: 5 });
      await watcher.end({ timeout: 5 });
    }
  });
});
