/**
 * Vitest global set-up of the api-postgres project: one PostgreSQL server for the whole run, and
 * on it a template database migrated and seeded once (postgresTemplate.ts, started already by the
 * api-pglite set-up when both projects run); each test file's database is a copy of it
 * (CREATE DATABASE … TEMPLATE), which takes a fraction of seeding one.
 */
import type { TestProject } from 'vitest/node';
import { postgresTemplate } from './postgresTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** The seeded database each test file copies. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const { server, template } = await postgresTemplate();
  project.provide('pgUrl', server.url);
  project.provide('pgTemplate', template);
  return () => server.stop();
}
