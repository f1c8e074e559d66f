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
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
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
