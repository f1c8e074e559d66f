/**
 * Keeps the arrows pointing one way (STYLE.md): contract → platform → features → app.
 * - packages/contract imports nothing from apps;
 * - apps/web/src/platform imports neither features, shell nor app;
 * - a feature imports no other feature, nor shell or app;
 * - apps/server/src/platform imports no module's logic (its tables, schema.ts, are the data layer;
 *   its tests may build the whole app).
 * Prints each offending import and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });

const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];

const check = (base, rule) => {
  for (const file of walk(join(root, base))) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(importRe)) {
      const spec = m[1] ?? m[2];
      const target = spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : spec;
      const why = rule(relative(root, file), target);
      if (why) problems.push(`${relative(root, file)}: imports ${spec} (${why})`);
    }
  }
};

check('packages/contract/src', (_f, t) =>
  t.startsWith('apps/') || t.startsWith('@zb/server') || t.startsWith('@zb/web')
    ? 'the contract depends on no app'
    : null,
);

const web = 'apps/web/src/';
const area = (p) => (p.startsWith(web) ? p.slice(web.length).split('/')[0] : null);
check(web, (f, t) => {
  const from = area(f);
  const to = area(t);
  if (!to || from === to)
    return from === 'features' && to === 'features' && f.split('/')[4] !== t.split('/')[4]
      ? 'features do not import each other'
      : null;
  if (from === 'platform' && ['features', 'shell', 'app'].includes(to))
    return 'platform sits below features, shell and app';
  if (from === 'features' && ['shell', 'app'].includes(to)) return 'features sit below the shell and the app';
  if (from === 'shell' && to === 'features') return 'the shell does not reach into features';
  return null;
});

const server = 'apps/server/src/';
check(server, (f, t) =>
  f.startsWith(`${server}platform/`) &&
  !f.endsWith('.test.ts') &&
  t.startsWith(`${server}modules/`) &&
  !t.endsWith('/schema')
    ? 'platform plugins know no module logic'
    : null,
);

if (problems.length) {
  console.error(`Import direction violations:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import directions: ok');
