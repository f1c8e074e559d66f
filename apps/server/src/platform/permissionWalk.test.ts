/**
 * The permission walk over the app's whole route list: every route declares its access, and each
 * one that needs a session, a chosen role, codes or the admin flag refuses a caller without them.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import { type Access, codes, endpoint, OPEN } from '@zb/contract/api/endpoint';
import { ERR } from '@zb/contract/errcodes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/testApp';
import { type CallResult, isEnvelope, type TestClient } from '../testing/testClient';
import type { RecordedRoute } from './context';
import { route, routeRegistryPlugin } from './route';

/** A simulator of an outside system is served under /<name>sim/ (wxwork, groupBuy, shr). */
const SIMULATOR_PATH = /^\/[a-z]+sim\//;

let t: TestApp;
let routes: RecordedRoute[];
let anonymous: TestClient;
let noRole: TestClient;
let emptyRole: TestClient;
let allCodes: TestClient;

const probe = (path: string, access: Access) =>
  endpoint<undefined, undefined, unknown>({ method: 'GET', path, access, summary: '权限探针' });

const codesOf = (a: Access): readonly string[] => (a.kind === 'codes' ? a.codes : []);

beforeAll(async () => {
  // No contract endpoint checks codes yet; two probes make sure the walk covers every kind.
  t = await createTestApp({
    extend: (app) => {
      route(app, probe('/rest/test/codes', codes('ZBHT-SPGL', 'ZBHT-MDGL')), (_in, ctx) => [
        ...(ctx.auth?.codes ?? []),
      ]);
      route(app, probe('/rest/test/open/:id', OPEN), () => 'open');
    },
  });
  // An event stream stays open while its caller listens: its own tests (platform/live) cover it.
  routes = t.app.routeList.filter((r) => !r.endpoint?.stream);
  const walker = await createUser(t.db, { loginName: 'walker', password: 'walk1234' });
  const empty = await createRole(t.db, { code: 'WALK_EMPTY', name: '无权限角色', contentName: '总部', codes: [] });
  const emptyUserRole = await grantRole(t.db, walker, empty.contentRoleId);
  const everyCode = [...new Set(routes.flatMap((r) => codesOf(r.access)))];
  const full = await createRole(t.db, {
    code: 'WALK_ALL',
    name: '全部代码角色',
    contentName: '总部',
    codes: everyCode,
  });
  const fullUserRole = await grantRole(t.db, walker, full.contentRoleId);
  anonymous = t.client();
  noRole = await t.signIn('walker', 'walk1234');
  emptyRole = await t.signIn('walker', 'walk1234', emptyUserRole);
  allCodes = await t.signIn('walker', 'walk1234', fullUserRole);
});
afterAll(() => t.close());

const urlOf = (r: RecordedRoute) => r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'walk');

const call = (c: TestClient, r: RecordedRoute) =>
  c.request(r.method, urlOf(r), r.method === 'POST' || r.method === 'PUT' ? { body: {} } : {});

const expectEnvelope = (r: RecordedRoute, res: CallResult<unknown>) => {
  if (r.method !== 'HEAD') expect(isEnvelope(res.body), `${r.method} ${r.url}: ${res.raw}`).toBe(true);
};

const refusals = (kinds: readonly Access['kind'][]) => () => routes.filter((r) => kinds.includes(r.access.kind));

describe('the route list', () => {
  it('records every route with an access declaration', () => {
    expect(routes.length).toBeGreaterThan(Object.keys(AUTH_API).length);
    for (const r of routes) expect(['public', 'session', 'open', 'codes', 'admin']).toContain(r.access.kind);
  });

  it('holds every contract endpoint at its method and path with its declared access', () => {
    for (const e of Object.values(AUTH_API)) {
      const found = routes.find((r) => r.method === e.method && r.url === e.path);
      expect(found, `${e.method} ${e.path}`).toBeDefined();
      expect(found!.access).toEqual(e.access);
      expect(found!.accountVersion).toBe(e.accountVersion);
    }
  });

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    await app.register(routeRegistryPlugin);
    expect(() => app.get('/rest/undeclared', async () => 'x')).toThrow(/declares no access/);
    // Also when the route comes from a plugin (as every module's routes do).
    app.register(async (child) => {
      child.post('/rest/undeclared', async () => 'x');
    });
    await expect(app.ready()).rejects.toThrow(/declares no access/);
  });
});

describe('a caller without a session', () => {
  it('is refused by every non-public route with 401 and a FILTER_LOGIN_ errcode', async () => {
    for (const r of refusals(['session', 'open', 'codes', 'admin'])()) {
      const res = await call(anonymous, r);
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      if (r.method !== 'HEAD') expect(res.body.errcode, `${r.method} ${r.url}`).toMatch(/^FILTER_LOGIN_/);
      expectEnvelope(r, res);
    }
  });

  it('gets an envelope, never a 401 or 500, from every public API route', async () => {
    for (const r of routes.filter((x) => x.access.kind === 'public' && x.method !== 'HEAD')) {
      const res = await call(anonymous, r);
      expect(res.status, `${r.method} ${r.url}`).not.toBe(401);
      expect(res.status, `${r.method} ${r.url}`).toBeLessThan(500);
      // The simulators (/wxsim, /gbsim, /shrsim …) answer in their systems' own protocols (and HTML pages), not the envelope.
      if (SIMULATOR_PATH.test(r.url)) continue;
      expect(isEnvelope(res.body), `${r.method} ${r.url}`).toBe(true);
    }
  });
});

describe('a signed-in caller', () => {
  it('without a chosen role is refused by open, codes and admin routes with 403', async () => {
    for (const r of refusals(['open', 'codes', 'admin'])()) {
      const res = await call(noRole, r);
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      if (r.method === 'HEAD') continue;
      expect(res.body.errcode).toBe(r.access.kind === 'admin' ? ERR.FORBIDDEN : ERR.ROLE_REQUIRED);
      expectEnvelope(r, res);
    }
  });

  it('in a role holding none of the codes is refused by codes and admin routes with 403 AUTH-40301', async () => {
    for (const r of refusals(['codes', 'admin'])()) {
      const res = await call(emptyRole, r);
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      if (r.method !== 'HEAD') expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
  });

  it('in a role holding a code gets the role’s codes in the request context', async () => {
    const res = await allCodes.request('GET', '/rest/test/codes');
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toEqual(expect.arrayContaining(['ZBHT-SPGL', 'ZBHT-MDGL']));
    const admin = await t.signIn('admin', 'admin123');
    expect((await admin.request('GET', '/rest/test/codes')).body.errcode).toBe(ERR.OK);
  });

  it('passes the guard on session and open routes, and on codes routes when holding a code', async () => {
    for (const r of refusals(['session', 'open', 'codes'])()) {
      const caller = r.access.kind === 'codes' ? allCodes : emptyRole;
      const res = await call(caller, r);
      expect([401, 403], `${r.method} ${r.url}`).not.toContain(res.status);
      expect(res.status, `${r.method} ${r.url}`).toBeLessThan(500);
      // A file download (an import template) answers the file itself, not an envelope.
      const file = String(res.headers['content-disposition'] ?? '').startsWith('attachment');
      if (r.method !== 'HEAD' && !file) expect(isEnvelope(res.body), `${r.method} ${r.url}`).toBe(true);
    }
  });
});
