/**
 * Vitest global set-up of the e2e project: the built web app on real servers for the run, one per
 * e2e worker (E2E_WORKERS, vitest.config.ts), each with its own data folder holding the demo data;
 * a worker's files run one after another against its server (browser.ts picks it), so two files
 * never share a database at once, and the servers start side by side.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, seededDump, startServer } from './server';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker. */
    baseUrls: string[];
  }
}

export default async function setup(project: TestProject) {
  // WEB_DIST (also read by the server) lets parallel work test its own build of the web app.
  const dist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    execSync('npm run --silent build', { cwd: repoRoot, stdio: 'inherit' });
  }
  // The servers start from the API tests' seeded template (the same start-up wrote it, today),
  // built here when this run has none: one seeding instead of one per server.
  const dump = seededDump() ?? undefined;
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer({}, [], dump)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
