/** Vitest global set-up of the api-postgres project: one PostgreSQL server for the whole run. */
import type { TestProject } from 'vitest/node';
import { startPgServer } from './pgServer';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startPgServer();
  project.provide('pgUrl', pg.url);
  return () => pg.stop();
}
