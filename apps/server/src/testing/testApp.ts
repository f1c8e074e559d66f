/**
 * Test harness: an app on a migrated, demo-seeded database — PGlite in memory (TEST_DB=pglite)
 * or a database on the run's PostgreSQL server (TEST_DB=postgres) — and a client that signs in,
 * keeps the cookie and the account-version header, and calls endpoints through app.inject.
 *
 * Each worker opens its database once and lends it to one app at a time, put back to the seeded
 * state first (workerDb.ts): a test file sees the demo data and its own writes, never another
 * file's. An app opened while the worker's database is lent out gets a database of its own.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, NOTIFY_DEMO, SHR_DEMO, WXWORK_DEMO } from '../config';
import { type DbHandle, openPglite, openPostgres } from '../db/client';
import { openSeededPglite } from './pgliteTemplate';
import { TestClient } from './testClient';
import { makeResettable, type Resettable } from './workerDb';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  db: DbHandle['db'];
  /** Every log line the app wrote. */
  logs: string[];
  client(): TestClient;
  /** A client signed in with the account (and, when given, in that role). */
  signIn(user: string, password: string, userRoleId?: number): Promise<TestClient>;
  close(): Promise<void>;
}

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: null,
  webDist: '/nonexistent',
  logLevel: 'info',
  secureCookie: false,
  secret: null,
  wxwork: WXWORK_DEMO,
  shr: SHR_DEMO,
  notify: NOTIFY_DEMO,
  // Tests run export jobs by hand (runNextExport) unless they ask for the worker.
  exportWorker: false,
  ...overrides,
});

/** A new database on the test PostgreSQL server (empty, or a copy of the seeded template); dropped on close. */
const openFreshPostgres = async (template?: string): Promise<DbHandle> => {
  const adminUrl = inject('pgUrl');
  const name = `zb_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
};

/** An empty database (no tables) on the run's database kind: for the data generator's tests. */
export const openBlankTestDb = (): Promise<DbHandle> =>
  process.env.TEST_DB === 'postgres' ? openFreshPostgres() : openPglite(null);

/** A database of its own, migrated and seeded: what a worker's database is made from. */
const openOwnTestDb = async (): Promise<DbHandle> => {
  if (process.env.TEST_DB !== 'postgres') return openSeededPglite();
  // The template was migrated and seeded once for the run (postgresGlobalSetup).
  return openFreshPostgres(inject('pgTemplate'));
};

/**
 * The worker's database, opened by the first app that needs it; by kind, in case a worker runs
 * files of both API projects.
 */
const workerDbs = new Map<string, Promise<Resettable>>();
const lent = new Set<string>();

/**
 * The worker's database, reset, for one app at a time; null while another app holds it. On
 * PostgreSQL a fresh copy of the template per file was measured too: about as dear as a reset
 * (0.36–0.41 s to create and connect plus 0.04–0.09 s to drop, against 0.19–0.45 s for a reset
 * of the tables a file wrote), so both kinds take the same path.
 */
const borrowWorkerDb = async (): Promise<DbHandle | null> => {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (lent.has(kind)) return null;
  lent.add(kind);
  try {
    let shared = workerDbs.get(kind);
    if (!shared) {
      shared = openOwnTestDb().then(makeResettable);
      workerDbs.set(kind, shared);
    }
    const { handle, reset } = await shared;
    await reset();
    let returned = false;
    return {
      ...handle,
      close: async () => {
        if (returned) return;
        returned = true;
        lent.delete(kind);
      },
    };
  } catch (e) {
    workerDbs.delete(kind);
    lent.delete(kind);
    throw e;
  }
};

/**
 * A migrated, demo-seeded database, for a test's use until it closes it: the worker's, reset,
 * when no other test holds it; else one of its own.
 */
export const openTestDb = async (): Promise<DbHandle> => (await borrowWorkerDb()) ?? openOwnTestDb();

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Share an open database (a second server instance); it stays open on close. */
  handle?: DbHandle;
  /** Adds routes before the app is ready (e.g. one that fails on purpose). */
  extend?: (app: FastifyInstance) => void;
}

export const createTestApp = async (opts: TestAppOptions = {}): Promise<TestApp> => {
  const existing = opts.handle;
  const handle = existing ?? (await openTestDb());
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config: testConfig(opts.config), db: handle.db, logStream });
    opts.extend?.(app);
    await app.ready();
  } catch (e) {
    if (!existing) await handle.close();
    throw e;
  }
  const client = () => new TestClient(app);
  return {
    app,
    handle,
    db: handle.db,
    logs,
    client,
    async signIn(user, password, userRoleId) {
      const c = client();
      const res = await c.login(user, password);
      if (res.body.errcode !== '0') throw new Error(`sign-in of ${user} failed: ${res.body.errmsg}`);
      if (userRoleId !== undefined) await c.selectRole(userRoleId);
      return c;
    },
    async close() {
      await app.close();
      if (!existing) await handle.close();
    },
  };
};
