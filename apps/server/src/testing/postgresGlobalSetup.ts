/**
 * Vitest global set-up of the api-postgres project: one PostgreSQL server for the whole run, and
 * on it a template database migrated and seeded once; each test file's database is a copy of it
 * (CREATE DATABASE … TEMPLATE), which takes a fraction of seeding one.
 */
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { prepareDatabase } from '../seed/prepare';
import { startPgServer } from './pgServer';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** The seeded database each test file copies. */
    pgTemplate: string;
  }
}

export const PG_TEMPLATE = 'zb_template';

export default async function setup(project: TestProject) {
  const pg = await startPgServer();
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${PG_TEMPLATE}`);
  await admin.end({ timeout: 5 });
  const url = new URL(pg.url);
  url.pathname = `/${PG_TEMPLATE}`;
  const handle = await openPostgres(url.toString(), 2);
  await prepareDatabase(handle);
  await handle.close();
  project.provide('pgUrl', pg.url);
  project.provide('pgTemplate', PG_TEMPLATE);
  return () => pg.stop();
}
