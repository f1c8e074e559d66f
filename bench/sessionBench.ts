/**
 * What a signed-in call pays for its session: the same answer served by a route that needs no
 * session, by one that needs a signed-in user (the administrator), and by one that needs a role
 * holding a page's codes (13800000001 in 总部运营, its tab naming the role) — one at a time over
 * one kept-alive connection to a listening server on PGlite or on PostgreSQL. The overhead is
 * the signed-in p50 minus the p50 without a session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResult } from '@zb/contract/api/auth';
import { type Access, codes, PUBLIC, SESSION } from '@zb/contract/api/endpoint';
import { TAB_ROLE_HEADER } from '@zb/contract/constants';
import { ok } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import postgres from 'postgres';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type DbHandle, openPglite, openPostgres } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { getP50, keptAliveGet } from './scaleBench';
import { signIn } from './session';

export interface SignedInOverhead {
  /** p50 of the route that needs no session. */
  publicP50: number;
  /** p50 of the same answer for a signed-in administrator. */
  sessionP50: number;
  /** p50 of the same answer for a role checked against a page's codes. */
  codesP50: number;
}

const STORE_LIST_CODES = routeByPath('/storeList')?.codes ?? [];
const ROUTES: [string, Access][] = [
  ['/rest/bench/public', PUBLIC],
  ['/rest/bench/session', SESSION],
  ['/rest/bench/codes', codes(...STORE_LIST_CODES)],
];

const okBody = (text: string) => {
  const body = JSON.parse(text) as { errcode: string; errmsg: string };
  if (body.errcode !== '0') throw new Error(body.errmsg);
};

/** A database with the demo data: a new PGlite folder, or a new database on the PostgreSQL server. */
const openDemo = async (adminUrl: string | null): Promise<{ handle: DbHandle; drop(): Promise<void> }> => {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'zb-bench-session-'));
    const handle = await openPglite(dir);
    return { handle, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `zb_bench_session_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: await openPostgres(url.toString(), 4),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
};

/** The signed-in overhead on PGlite (null) or on the PostgreSQL server at adminUrl. */
export const measureSignedInOverhead = async (adminUrl: string | null): Promise<SignedInOverhead> => {
  const { handle, drop } = await openDemo(adminUrl);
  try {
    await prepareDatabase(handle);
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', EXPORT_WORKER: '0', SCHEDULE_TICK_MS: '0', PORT: '0' }),
      db: handle.db,
    });
    const answer = ok({ rows: [], total: 0 });
    for (const [path, access] of ROUTES) app.get(path, { config: { access } }, async () => answer);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const admin = await signIn(base, 'admin', 'admin123');
      const user = await signIn(base, '13800000001', 'hq123456');
      const login = (await (await fetch(`${base}/rest/acct/loginInfo`, { headers: user })).json()) as {
        data: Pick<LoginResult, 'roles'>;
      };
      const hq = login.data.roles[0]!.userRoleId;
      await fetch(`${base}/rest/acct/selectHierRole/${hq}`, { method: 'POST', headers: user });
      const anonymous = keptAliveGet(base, {});
      const asAdmin = keptAliveGet(base, admin);
      const asRole = keptAliveGet(base, { ...user, [TAB_ROLE_HEADER]: String(hq) });
      // In turns, so a drift of the machine's load falls on all three alike.
      const turns = { publicP50: [] as number[], sessionP50: [] as number[], codesP50: [] as number[] };
      for (let i = 0; i < 5; i++) {
        turns.publicP50.push(await getP50(anonymous, '/rest/bench/public', okBody));
        turns.sessionP50.push(await getP50(asAdmin, '/rest/bench/session', okBody));
        turns.codesP50.push(await getP50(asRole, '/rest/bench/codes', okBody));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      return {
        publicP50: median(turns.publicP50),
        sessionP50: median(turns.sessionP50),
        codesP50: median(turns.codesP50),
      };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await drop();
  }
};

/** The bench rows of one database. */
export const overheadRow = (db: string, o: SignedInOverhead) =>
  [
    `Signed-in overhead on ${db}: p50 of the same answer with a session (administrator; a role checked against a page's codes) minus without one`,
    `+${(o.sessionP50 - o.publicP50).toFixed(2)} ms; +${(o.codesP50 - o.publicP50).toFixed(2)} ms (${o.sessionP50.toFixed(2)}; ${o.codesP50.toFixed(2)} vs ${o.publicP50.toFixed(2)} ms)`,
    'recorded',
    true,
  ] as const;
