/** Vitest global set-up of the e2e project: the built web app on one real server for the run. */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // WEB_DIST (also read by the server) lets parallel work test its own build of the web app.
  const dist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    execSync('npm run --silent build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
