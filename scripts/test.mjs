/**
 * `npm test`: everything, in the order a failure is cheapest to find.
 *   1. the tools the tests need (Chromium + Chinese font, PostgreSQL), installed when possible;
 *   2. the type check and the linter (Biome, plus the import-direction check);
 *   3. unit, web and API tests (API twice: PGlite and a real PostgreSQL server);
 *   4. the web build, then the end-to-end tests in Chromium against the real server.
 * Ends with one line `N passed, N failed` and exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ensureTools } from './ensure-tools.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: process.env.CI ? '0' : '1' };
const started = Date.now();
const totals = { passed: 0, failed: 0 };

const step = (title, cmd, args) => {
  const t = Date.now();
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = res.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return ok;
};

const vitest = (title, projects) => {
  const out = join(tmp, `vitest-${projects.join('-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const ok = step(title, 'npx', args);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    if (!ok && (r.numFailedTests ?? 0) === 0) totals.failed += 1;
  } else if (!ok) totals.failed += 1;
  return ok;
};

const finish = (ok) => {
  console.log(`\nnpm test ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok ? 0 : 1);
};

ensureTools();
const checks = [
  step('Type check (tsc)', 'npm', ['run', '--silent', 'typecheck']),
  step('Lint (Biome)', 'npx', ['biome', 'check', '.']),
  step('Import directions', 'node', ['scripts/check-imports.mjs']),
];
if (checks.includes(false)) totals.failed += checks.filter((c) => !c).length;

let ok = !checks.includes(false);
ok =
  vitest('Unit, web and API tests (PGlite and PostgreSQL)', [
    'unit',
    'web',
    'web-mocked',
    'api-pglite',
    'api-postgres',
  ]) && ok;
if (step('Web build', 'npm', ['run', '--silent', 'build'])) {
  ok = vitest('End-to-end tests in Chromium', ['e2e']) && ok;
} else {
  totals.failed += 1;
  ok = false;
}
finish(ok);
