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
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    execSync('npm run --silent build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
