import { AUTH_API, type SwitchTicket } from '@zb/contract/api/auth';
import { codes, endpoint } from '@zb/contract/api/endpoint';
import { SESSION_COOKIE } from '@zb/contract/constants';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../platform/route';
import { operationLog, session } from '../../platform/schema';
import { hashToken } from '../../platform/session';
import { issueTicket } from '../../platform/tickets';
import { createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { userRole } from '../hierarchy/schema';

// A route that needs a role holding ZBHT-MDGL (大区督导 holds it), answering the session's role.
const probe = endpoint<undefined, undefined, string | null>({
  method: 'GET',
  path: '/rest/test/switchProbe',
  access: codes('ZBHT-MDGL'),
  summary: '切换角色探针',
});

let t: TestApp;
let hq: number;
let region: number;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => route(app, probe, (_in, ctx) => ctx.auth?.role?.roleName ?? null),
  });
  hq = await userRoleIdOf(t.db, '13800000001', 'HQ_OPS');
  region = await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR');
});
afterAll(() => t.close());

const ticketFor = async (c: TestClient, userRoleId: number): Promise<SwitchTicket> => {
  const res = await c.call(AUTH_API.switchRoleTicket, { body: { userRoleId } });
  expect(res.body.errcode).toBe(ERR.OK);
  return res.body.data;
};

/** A browser tab that opened /xxbLogin with the ticket: no cookie, no account-version yet. */
const ticketLogin = (body: unknown, from: TestClient = t.client()) =>
  from.call(AUTH_API.ticketLogin, { body }).then((res) => {
    if (res.body.errcode === ERR.OK) {
      from.accountVersion = `${res.body.data.loginName}|${res.body.data.createdDate}`;
    }
    return res;
  });

describe('switchRoleTicket', () => {
  it('gives a ticket for one of the caller’s own roles, never a password, and logs it', async () => {
    const c = await t.signIn('13800000001', 'hq123456', hq);
    const ticket = await ticketFor(c, region);
    const [user] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000001'));
    expect(ticket).toMatchObject({ u: '13800000001', uid: region, userId: user!.id });
    expect(ticket.p).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(ticket.p).not.toContain('hq123456');
    const logged = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'switchRoleTicket'), eq(operationLog.target, `user_role:${region}`)));
    expect(logged.at(-1)).toMatchObject({
      userId: user!.id,
      before: { userRoleId: hq },
      after: { userRoleId: region },
    });
  });

  it('refuses someone else’s role with ROLE_NOT_OWNED', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const other = await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER');
    const res = await c.call(AUTH_API.switchRoleTicket, { body: { userRoleId: other } });
    expect(res.body.errcode).toBe(ERR.ROLE_NOT_OWNED);
    expect(res.body.errmsg).toBe(ERRMSG[ERR.ROLE_NOT_OWNED]);
  });

  it('needs a session and a clear answer for a bad id', async () => {
    const anon = await t.client().call(AUTH_API.switchRoleTicket, { body: { userRoleId: region } });
    expect(anon.body.errcode).toBe(ERR.NO_SESSION);
    const c = await t.signIn('13800000001', 'hq123456');
    const bad = await c.call(AUTH_API.switchRoleTicket, { body: { userRoleId: 'x' } });
    expect(bad.status).toBe(200);
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('ticketLogin', () => {
  it('signs in straight into the chosen role: loginInfo has it checked and a codes call works', async () => {
    const c = await t.signIn('13800000001', 'hq123456', hq);
    const ticket = await ticketFor(c, region);
    const tab = t.client();
    const res = await ticketLogin(ticket, tab);
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toMatchObject({ loginName: '13800000001', nickname: '张敏' });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=.+HttpOnly`));

    const info = await tab.call(AUTH_API.loginInfo);
    expect(info.body.data.roles.filter((r) => r.checked).map((r) => r.userRoleId)).toEqual([region]);
    const probed = await tab.call(probe);
    expect(probed.body).toMatchObject({ errcode: ERR.OK, data: '大区督导' });
    const [row] = await t.db
      .select()
      .from(session)
      .where(eq(session.id, hashToken(tab.cookie!)));
    expect(row?.userRoleId).toBe(region);
  });

  it('ends the session the browser came with', async () => {
    const c = await t.signIn('13800000001', 'hq123456', hq);
    const before = c.cookie!;
    const res = await ticketLogin(await ticketFor(c, region), c);
    expect(res.body.errcode).toBe(ERR.OK);
    expect(c.cookie).not.toBe(before);
    expect(
      await t.db
        .select()
        .from(session)
        .where(eq(session.id, hashToken(before))),
    ).toEqual([]);
  });

  it('signs in once: the same ticket again is refused', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const ticket = await ticketFor(c, region);
    expect((await ticketLogin(ticket)).body.errcode).toBe(ERR.OK);
    const again = await ticketLogin(ticket);
    expect(again.body).toMatchObject({ errcode: ERR.TICKET_INVALID, errmsg: '切换凭证已失效，请重新切换角色' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a ticket whose u, uid or userId do not match', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const ticket = await ticketFor(c, region);
    for (const wrong of [
      { ...ticket, u: '13800000002' },
      { ...ticket, uid: hq },
      { ...ticket, userId: ticket.userId + 1 },
    ]) {
      expect((await ticketLogin(wrong)).body.errcode).toBe(ERR.TICKET_INVALID);
    }
    // None of those used it up.
    expect((await ticketLogin(ticket)).body.errcode).toBe(ERR.OK);
  });

  it('refuses an expired, a forged and a differently-kinded ticket', async () => {
    const c = await t.signIn('13800000001', 'hq123456');
    const good = await ticketFor(c, region);
    const claim = { userId: good.userId, uid: region };
    const expired = issueTicket(t.app.cipher, 'switchRole', claim, 60, new Date(Date.now() - 61_000));
    const noTime = issueTicket(t.app.cipher, 'switchRole', claim, 0);
    const quick = issueTicket(t.app.cipher, 'quickLogin', claim, 60);
    const forged = `${good.p.slice(0, -4)}${good.p.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const p of [expired, noTime, quick, forged, 'not-a-ticket']) {
      const res = await ticketLogin({ ...good, p });
      expect(res.body.errcode, p).toBe(ERR.TICKET_INVALID);
    }
  });

  it('refuses a role given up since the ticket, and a disabled account', async () => {
    const [held] = await t.db.select().from(userRole).where(eq(userRole.id, region));
    const ticketOfNewUser = async (loginName: string) => {
      const userId = await createUser(t.db, { loginName, password: 'switch123' });
      const userRoleId = await grantRole(t.db, userId, held!.contentRoleId);
      return { userId, userRoleId, ticket: await ticketFor(await t.signIn(loginName, 'switch123'), userRoleId) };
    };
    const dropped = await ticketOfNewUser('switcher1');
    await t.db.delete(userRole).where(eq(userRole.id, dropped.userRoleId));
    expect((await ticketLogin(dropped.ticket)).body.errcode).toBe(ERR.TICKET_INVALID);

    const disabled = await ticketOfNewUser('switcher2');
    await t.db.update(userAccount).set({ enabled: false }).where(eq(userAccount.id, disabled.userId));
    expect((await ticketLogin(disabled.ticket)).body.errcode).toBe(ERR.LOGIN_DISABLED);
  });

  it('answers missing fields with a clear PARAM_INVALID, never a 500', async () => {
    const res = await ticketLogin({ u: '13800000001', uid: region });
    expect(res.status).toBe(200);
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});
