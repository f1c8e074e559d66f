/** scripts/check-imports.mjs on small trees of its own: each rule it keeps for the server's modules. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../../../scripts/check-imports.mjs');
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** Writes the files (path under apps/server/src → text) and runs the checker on them. */
const check = (files: Record<string, string>) => {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    const p = join(root, 'apps/server/src', path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { ok: run.status === 0, out: `${run.stdout}${run.stderr}` };
};

const table = (name: string, sqlName: string) =>
  `import { pgTable } from 'drizzle-orm/pg-core';\nexport const ${name} = pgTable('${sqlName}', {});\n`;

const base = {
  'modules/people/schema.ts': table('person', 'person'),
  'modules/orders/schema.ts': `import { person } from '../people/schema';\n${table('order', 'orders')}`,
};

describe('check-imports on server modules', () => {
  it('passes modules that call one way, and modules that only read each other’s tables', () => {
    const res = check({
      ...base,
      'modules/people/service.ts': `import { person } from './schema';\nexport const f = (tx) => tx.insert(person).values({});\n`,
      'modules/orders/service.ts': `import { person } from '../people/schema';\nimport { f } from '../people/service';\nimport { order } from './schema';\nexport const g = (tx) => tx.insert(order).values({});\n`,
      'modules/stock/schema.ts': table('stock', 'stock'),
      'modules/stock/reads.ts': `import { order } from '../orders/schema';\nexport const r = order;\n`,
      'modules/orders/reads.ts': `import { stock } from '../stock/schema';\nexport const r = stock;\n`,
    });
    expect(res.out).toContain('Import directions: ok');
    expect(res.ok).toBe(true);
  });

  it('refuses a cycle through a module’s code, naming each import on the way', () => {
    const res = check({
      ...base,
      'modules/people/service.ts': `import { order } from '../orders/schema';\nexport const f = 1;\n`,
      'modules/orders/service.ts': `import { f } from '../people/service';\nexport const g = f;\n`,
    });
    expect(res.ok).toBe(false);
    expect(res.out).toContain('modules orders → people → orders: import cycle between server modules');
    expect(res.out).toContain('orders → people: apps/server/src/modules/orders/service.ts imports ../people/service');
    expect(res.out).toContain('people → orders: apps/server/src/modules/people/service.ts imports ../orders/schema');
  });

  it('refuses a write to another module’s table, by drizzle call, by SQL or by a resource binding, with file and line', () => {
    const res = check({
      ...base,
      'modules/orders/service.ts': [
        `import { person as who } from '../people/schema';`,
        `import { sql } from 'drizzle-orm';`,
        `export const a = (tx) => tx.update(who).set({});`,
        'export const b = (tx) => tx.execute(sql`delete from person where id = 1`);',
        `export const c = (tx, table) => tx.delete(table);`,
      ].join('\n'),
      'modules/orders/binding.ts': [
        `import type { ResourceBinding } from '../../platform/resource/binding';`,
        `import { person } from '../people/schema';`,
        `export const b: ResourceBinding = {`,
        `  table: person,`,
        `  joins: [{ table: person, on: null }],`,
        `};`,
      ].join('\n'),
    });
    expect(res.ok).toBe(false);
    expect(res.out).toContain(
      'apps/server/src/modules/orders/service.ts:3: writes person (update), a table of module people',
    );
    expect(res.out).toContain(
      'apps/server/src/modules/orders/service.ts:4: writes person (delete from), a table of module people',
    );
    expect(res.out).toContain(
      'apps/server/src/modules/orders/binding.ts:4: declares a resource over person, a table of module people',
    );
    expect(res.out.match(/: (writes|declares) /g)).toHaveLength(3);
  });

  it('lets the seed write any table and refuses the database layer importing the seed', () => {
    const res = check({
      ...base,
      'seed/demo.ts': `import { person } from '../modules/people/schema';\nexport const s = (tx) => tx.insert(person).values({});\n`,
      'db/prepare.ts': `import { s } from '../seed/demo';\nexport const p = s;\n`,
    });
    expect(res.ok).toBe(false);
    expect(res.out).toContain(
      'apps/server/src/db/prepare.ts: imports ../seed/demo (the database layer does not import the seed)',
    );
    expect(res.out).not.toContain('writes person');
  });
});
