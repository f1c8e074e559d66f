/**
 * The api-postgres project's PostgreSQL server with its seeded template database, built once per
 * run. Both API projects' global set-ups ask for it: vitest runs the projects' global set-ups one
 * after another, and on two cores the PGlite template (one thread) and this one (the client and
 * the server) built side by side take about the time of the longer, not of both. The promise
 * lives on globalThis because each global set-up file is its own module instance in vitest's
 * main process.
 */
import postgres from 'postgres';
import { openPostgres } from '../db/client';
import { prepareDatabase } from '../seed/prepare';
import { type PgServer, startPgServer } from './pgServer';

export const PG_TEMPLATE = 'zb_template';

export interface PgTemplate {
  server: PgServer;
  /** The seeded database each test file copies. */
  template: string;
}

const build = async (): Promise<PgTemplate> => {
  const server = await startPgServer();
  try {
    const admin = postgres(server.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${PG_TEMPLATE}`);
    await admin.end({ timeout: 5 });
    const url = new URL(server.url);
    url.pathname = `/${PG_TEMPLATE}`;
    const handle = await openPostgres(url.toString(), 2);
    await prepareDatabase(handle);
    await handle.close();
    return { server, template: PG_TEMPLATE };
  } catch (err) {
    await server.stop();
    throw err;
  }
};

const shared = globalThis as typeof globalThis & { zbPgTemplate?: Promise<PgTemplate> };

/** The run's server and template, started on the first call. */
export const postgresTemplate = (): Promise<PgTemplate> => {
  shared.zbPgTemplate ??= build();
  return shared.zbPgTemplate;
};
