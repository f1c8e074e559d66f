import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every layer: the contract's rules, the web's headless logic, the API on
 * PGlite and again on a real PostgreSQL server, and the end-to-end tests in Chromium.
 * `npm test` (scripts/test.mjs) runs the projects in that order after the type check and lint.
 */
const apiTests = ['apps/server/src/**/*.test.ts'];
const serverUnit = ['apps/server/src/**/*.unit.test.ts'];

export default defineConfig({
  test: {
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
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
