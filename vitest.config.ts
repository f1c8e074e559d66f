import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/workers';

/**
 * One vitest run covers every layer: the contract's rules, the web's headless logic, the API on
 * PGlite and again on a real PostgreSQL server, and the end-to-end tests in Chromium.
 * `npm test` (scripts/test.mjs) runs the projects in that order after the type check and lint.
 */
const apiTests = ['apps/server/src/**/*.test.ts'];
const serverUnit = ['apps/server/src/**/*.unit.test.ts'];
/**
 * API test files share their worker: its imported modules (2.4–2.6 s of transform and evaluation
 * per file when each file had its own) and its database, which testing/testApp.ts puts back to the
 * seeded state before each file's app gets it.
 */
const apiShared = { isolate: false } as const;

/**
 * Web test files share their worker too (jsdom, antd and the app's modules imported once per
 * worker instead of once per file; src/test/setup.ts resets the DOM, session, alerts and globals
 * after every test), except those that replace a module with vi.mock: a shared worker has already
 * imported the real one, so they run in a project of their own, each file isolated.
 */
const webTests = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f.replaceAll('\\', '/')}`);
const webMocking = webTests.filter((f) => readFileSync(`apps/web/${f}`, 'utf8').includes('vi.mock('));
const webProject = { extends: './apps/web/vite.config.ts', root: './apps/web', environment: 'jsdom' } as const;

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on this 2-core
    // machine, which ran every unit, web and API file one after the other.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', ...serverUnit],
          environment: 'node',
        },
      },
      {
        extends: webProject.extends,
        test: {
          name: 'web',
          root: webProject.root,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webMocking,
          environment: webProject.environment,
          isolate: false,
        },
      },
      {
        extends: webProject.extends,
        test: { name: 'web-mocked', root: webProject.root, include: webMocking, environment: webProject.environment },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: serverUnit,
          env: { TEST_DB: 'pglite' },
          ...apiShared,
          globalSetup: ['apps/server/src/testing/pgliteGlobalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: serverUnit,
          env: { TEST_DB: 'postgres' },
          ...apiShared,
          globalSetup: ['apps/server/src/testing/postgresGlobalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          // One worker per server of the global set-up (e2e/workers.ts), after the other projects:
          // a group of its own, when run together.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
