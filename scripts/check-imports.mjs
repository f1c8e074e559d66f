/**
 * Keeps the arrows pointing one way (STYLE.md): contract → platform → features → app.
 * - packages/contract imports nothing from apps;
 * - apps/web/src/platform imports neither features, shell nor app;
 * - a feature imports no other feature, nor shell or app;
 * - apps/server/src/platform imports no module's logic (its tables, schema.ts, are the data layer;
 *   its tests may build the whole app);
 * - apps/server/src/db imports nothing from the seed (the seed sits above the database, not in it);
 * - server modules (apps/server/src/modules/<area>/) form no cycle through each other's code: when
 *   area A calls into B's code (imports a file of B other than schema.ts), B depends on A in no
 *   way, not even by reading A's tables. Modules that only read each other's tables (schema.ts
 *   imports) do not form a cycle, nor do foreign keys between two schema.ts files;
 * - a server module writes (drizzle `.insert(t)` / `.update(t)` / `.delete(t)`, SQL `insert into` /
 *   `update … set` / `delete from` a table, or a resource binding's `table:` the engine writes)
 *   only the tables its own schema.ts declares; another area's table is written through that
 *   area's service. The seed is no module:
 *   it builds the demo world and may write any table.
 * Tests (*.test.ts) are exempt. Prints each offence with its file and rule and exits 1 when there
 * is one. `node scripts/check-imports.mjs [root]` checks another tree (the checker's own test).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), '..'));
const walk = (dir) =>
  !existsSync(dir)
    ? []
    : readdirSync(dir).flatMap((name) => {
        const p = join(dir, name);
        if (name === 'node_modules' || name === 'dist') return [];
        return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
      });
const isTest = (file) => /\.test\.tsx?$/.test(file);

const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];

/** Each import of a file: the specifier and, for a relative one, the target's path from the root. */
const importsOf = (file, src) =>
  [...src.matchAll(importRe)].map((m) => {
    const spec = m[1] ?? m[2];
    return { spec, target: spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : spec };
  });

const check = (base, rule) => {
  for (const file of walk(join(root, base))) {
    for (const { spec, target } of importsOf(file, readFileSync(file, 'utf8'))) {
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
check(`${server}db`, (_f, t) =>
  t === `${server}seed` || t.startsWith(`${server}seed/`) ? 'the database layer does not import the seed' : null,
);

// ---- server modules -------------------------------------------------------------------------

const modulesDir = `${server}modules/`;
const moduleOf = (p) => (p.startsWith(modulesDir) ? p.slice(modulesDir.length).split('/')[0] : null);
const isSchema = (p) => /(^|\/)schema(\.ts)?$/.test(p);
const moduleFiles = walk(join(root, modulesDir))
  .map((f) => relative(root, f))
  .filter((f) => !isTest(f) && f.split('/').length > 5);
const sources = new Map(moduleFiles.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

/** Area → area → { code: first file importing its code, data: first file reading its tables }. */
const edges = new Map();
for (const [file, src] of sources) {
  const from = moduleOf(file);
  for (const { spec, target } of importsOf(join(root, file), src)) {
    const to = moduleOf(target);
    if (!to || to === from) continue;
    // a foreign key from one schema.ts to another is the data layer's own fact, not a dependency
    if (isSchema(file) && isSchema(target)) continue;
    const kind = isSchema(target) ? 'data' : 'code';
    const out = edges.get(from) ?? new Map();
    edges.set(from, out);
    const e = out.get(to) ?? {};
    out.set(to, e);
    e[kind] ??= `${file} imports ${spec}`;
  }
}
const why = (e) => e.code ?? e.data;

/** The shortest way from `a` back to `b` through any dependency, as the edges taken. */
const pathBetween = (a, b) => {
  const prev = new Map([[a, null]]);
  const queue = [a];
  while (queue.length) {
    const at = queue.shift();
    if (at === b) break;
    for (const next of edges.get(at)?.keys() ?? []) {
      if (prev.has(next)) continue;
      prev.set(next, at);
      queue.push(next);
    }
  }
  if (!prev.has(b)) return null;
  const steps = [];
  for (let at = b; prev.get(at) !== null; at = prev.get(at)) steps.unshift([prev.get(at), at]);
  return steps;
};

const seenCycles = new Set();
for (const [from, out] of edges) {
  for (const [to, e] of out) {
    if (!e.code) continue;
    const back = pathBetween(to, from);
    if (!back) continue;
    const names = [from, to, ...back.map(([, b]) => b)];
    const key = [...new Set(names)].sort().join(' ');
    if (seenCycles.has(key)) continue;
    seenCycles.add(key);
    const lines = [[from, to], ...back].map(([a, b]) => `    ${a} → ${b}: ${why(edges.get(a).get(b))}`);
    problems.push(
      `modules ${names.join(' → ')}: import cycle between server modules (${from} calls into ${to}'s code, ` +
        `so ${to} may not depend on ${from}; move the shared piece to its owner or to platform/, ` +
        `or let ${from} register a hook with ${to})\n${lines.join('\n')}`,
    );
  }
}

/** Table identifiers and SQL names declared by each area's schema.ts. */
const tableOwner = new Map();
const sqlOwner = new Map();
for (const [file, src] of sources) {
  if (basename(file) !== 'schema.ts') continue;
  for (const m of src.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"](\w+)['"]/g)) {
    tableOwner.set(m[1], moduleOf(file));
    sqlOwner.set(m[2], moduleOf(file));
  }
}

/** The names a file imports, local name → imported name (`import { a as b }` gives b → a). */
const namedImports = (src) => {
  const names = new Map();
  for (const m of src.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g)) {
    for (const part of m[1].split(',')) {
      const [imported, local] = part
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      if (imported) names.set(local ?? imported, imported);
    }
  }
  return names;
};
const lineOf = (src, index) => src.slice(0, index).split('\n').length;

const writeRe =
  /\.(insert|update|delete)\(\s*(\w+)\s*\)|\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)(\s+set\b)?/gi;
for (const [file, src] of sources) {
  const own = moduleOf(file);
  const imported = namedImports(src);
  for (const m of src.matchAll(writeRe)) {
    let owner;
    let table;
    if (m[1]) {
      // drizzle: the identifier must be imported (a local variable or parameter is not resolved)
      table = imported.get(m[2]);
      owner = table && tableOwner.get(table);
    } else if (m[4]) {
      table = imported.get(m[4]) ?? m[4];
      owner = tableOwner.get(table) ?? (imported.has(m[4]) ? undefined : tableOwner.get(m[4]));
    } else {
      if (/^update$/i.test(m[3]) && !m[6]) continue; // "update x" without "set" is prose
      table = m[5];
      owner = sqlOwner.get(table);
    }
    if (!owner || owner === own) continue;
    const verb = (m[1] ?? m[3]).toLowerCase().replace(/\s+/g, ' ');
    problems.push(
      `${file}:${lineOf(src, m.index)}: writes ${table} (${verb}), a table of module ${owner} ` +
        `(a module writes only the tables its own schema.ts declares; call ${owner}'s service instead)`,
    );
  }
}

// A resource binding's table is written by the engine (its create, update, delete and batch actions).
for (const [file, src] of sources) {
  if (!src.includes('ResourceBinding')) continue;
  const own = moduleOf(file);
  const imported = namedImports(src);
  for (const m of src.matchAll(/^\s*table:\s*(\w+),\s*$/gm)) {
    const table = imported.get(m[1]);
    const owner = table && tableOwner.get(table);
    if (!owner || owner === own) continue;
    problems.push(
      `${file}:${lineOf(src, m.index)}: declares a resource over ${table}, a table of module ${owner} ` +
        `(the engine writes it; a module writes only the tables its own schema.ts declares: bind it in ${owner})`,
    );
  }
}

if (problems.length) {
  console.error(`Import direction violations:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import directions: ok');
